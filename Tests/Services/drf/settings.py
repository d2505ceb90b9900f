"""Settings of the Django REST framework test server (the whole project's settings, in one file).

The database lives in TRELLIS_SERVICES_DIR (scripts/services.sh sets it to .build-services/).
"""

import os
from pathlib import Path

HERE = Path(__file__).resolve().parent
STATE = Path(os.environ.get("TRELLIS_SERVICES_DIR", HERE.parents[2] / ".build-services"))

SECRET_KEY = "trellis-test-server-not-secret"
DEBUG = False
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]

INSTALLED_APPS = [
    "django.contrib.contenttypes",
    "django.contrib.auth",
    "rest_framework",
    "contacts",
]
# No middleware: in particular no CommonMiddleware, so a URL without its trailing slash is a
# plain 404 rather than a redirect that would turn a POST into a GET.
MIDDLEWARE = []
ROOT_URLCONF = "contacts.urls"

DATABASES = {
    "default": {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": STATE / "drf.sqlite3",
        # Concurrent test requests: wait for the write lock instead of failing at once.
        "OPTIONS": {"timeout": 20},
    }
}
DEFAULT_AUTO_FIELD = "django.db.models.AutoField"
USE_TZ = True

REST_FRAMEWORK = {
    # No authentication, so no session CSRF check: anyone on loopback may read and write.
    "DEFAULT_AUTHENTICATION_CLASSES": [],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "UNAUTHENTICATED_USER": None,
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["rest_framework.parsers.JSONParser"],
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
}
