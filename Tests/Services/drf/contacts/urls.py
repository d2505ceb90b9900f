from django.urls import include, path
from rest_framework.routers import DefaultRouter

from .views import ContactViewSet, reset

router = DefaultRouter()
router.register("contacts", ContactViewSet)

urlpatterns = [
    path("api/reset/", reset, name="reset"),
    path("api/", include(router.urls)),
]

handler404 = "contacts.views.not_found"
handler500 = "rest_framework.exceptions.server_error"
