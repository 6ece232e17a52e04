"""Start-up checks: refuse to run production with debug on, a weak secret or open hosts."""

from django.conf import settings
from django.core.checks import Error, register


@register(deploy=False)
def production_settings(app_configs, **kwargs):
    if not settings.PRODUCTION:
        return []
    errors = []
    if settings.DEBUG:
        errors.append(Error("DEBUG is on in production.", hint="Unset DEBUG or set DEBUG=0.", id="calypso.E001"))
    key = settings.SECRET_KEY
    if not key or len(key) < 40 or key.startswith("django-insecure") or key in {"changeme", "secret"}:
        errors.append(
            Error("SECRET_KEY is missing or a default.", hint="Set a long random SECRET_KEY.", id="calypso.E002")
        )
    if not settings.ALLOWED_HOSTS or "*" in settings.ALLOWED_HOSTS:
        errors.append(
            Error(
                "ALLOWED_HOSTS must list the server's host names in production.",
                hint="Set ALLOWED_HOSTS=calypso.example.org",
                id="calypso.E003",
            )
        )
    return errors
