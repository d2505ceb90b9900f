from django.core.management.base import BaseCommand

from contacts.views import reseed


class Command(BaseCommand):
    help = "Replaces every contact with the 40 seed contacts."

    def handle(self, *args, **options):
        reseed()
        self.stdout.write("seeded")
