from django.db import connection, transaction
from django.http import JsonResponse
from django.views.decorators.csrf import csrf_exempt
from rest_framework import filters, serializers, viewsets
from rest_framework.decorators import api_view
from rest_framework.pagination import PageNumberPagination
from rest_framework.response import Response

import seed

from .models import Contact


class ContactSerializer(serializers.ModelSerializer):
    class Meta:
        model = Contact
        fields = ["id", "name", "email", "city", "position"]


class ContactPagination(PageNumberPagination):
    page_size = 7
    page_size_query_param = "page_size"
    max_page_size = 1000


class ContactViewSet(viewsets.ModelViewSet):
    queryset = Contact.objects.all()
    serializer_class = ContactSerializer
    pagination_class = ContactPagination
    filter_backends = [filters.SearchFilter]
    search_fields = ["name", "city"]


def reseed():
    """Replaces every contact with the seed rows; ids restart at 1 and new ones at 41."""
    with transaction.atomic():
        Contact.objects.all().delete()
        with connection.cursor() as cursor:
            cursor.execute("DELETE FROM sqlite_sequence WHERE name = %s", [Contact._meta.db_table])
        Contact.objects.bulk_create(Contact(**row) for row in seed.contacts())


@csrf_exempt
@api_view(["POST"])
def reset(request):
    reseed()
    return Response({"ok": True, "count": Contact.objects.count()})


def not_found(request, exception=None):
    """Django's 404 for a URL that no route matches (say, one without its trailing slash), as JSON."""
    return JsonResponse({"detail": "Not found."}, status=404)
