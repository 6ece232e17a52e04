"""The one settings module. Everything a deployment changes comes from environment variables,
read through the strict parsers in ``director.conf`` (see ``deploy/env.example``)."""

from datetime import timedelta
from pathlib import Path

import dj_database_url
import dj_email_url

from .conf import data_dir, env_bool, env_choice, env_int, env_list, env_networks, env_str, secret_key

BASE_DIR = Path(__file__).resolve().parent.parent
# The database, media, secret key, static root and backups: CALYPSO_DATA or CALYPSO_DATA_DIR, else
# the user's data folder (director.conf.data_dir); never the checkout or the current directory.
DATA_DIR = data_dir()
DATA_DIR.mkdir(parents=True, exist_ok=True)

# "laptop" is the venue default (SQLite, tasks in-process); "production" is the league server and
# turns on the hardening that ``director.core.checks`` insists on.
CALYPSO_ENV = env_choice("CALYPSO_ENV", "laptop", ("laptop", "production"))
PRODUCTION = CALYPSO_ENV == "production"
# Django's debug pages (tracebacks, settings, the URL list) only when a developer asks: DEBUG=1 or
# `make dev`. Players and the public get templates/404.html and 500.html.
DEBUG = env_bool("DEBUG", False)
SECRET_KEY = secret_key(DATA_DIR)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", [] if PRODUCTION else ["127.0.0.1", "localhost", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])
# The address printed into QR codes and table links (e.g. http://192.168.1.20:8000 at a venue).
PUBLIC_BASE_URL = env_str("PUBLIC_BASE_URL", "http://127.0.0.1:8000").rstrip("/")

from director.sheets.registry import KINDS as SHEET_KINDS  # noqa: E402

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "director.core",
    "director.clubs",
    "director.events",
    "director.movements",
    "director.deals",
    "director.results",
    "director.printing",
    "director.api",
    "director.standings",
    "director.audit",
    "director.mail",
    *SHEET_KINDS,  # one app per kind of table sheet (director.sheets.registry): its templates and static files
    "director.demo",  # the top floor: `manage.py demo` and `manage.py serve`
    "axes",  # sign-in guess limits (director.audit.login); `manage.py axes_reset` lifts a lock-out
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "director.core.middleware.JSONBodyMiddleware",  # a bad JSON body is a JSON 400/413, never a 500
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "director.audit.context.AuditContextMiddleware",  # who acted, for the audit log
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Gives a browser that has just signed in its device cookie (director.audit.login).
    "director.audit.login.DeviceCookieMiddleware",
    # Last: turns a sign-in refused for too many failures into the page or JSON saying when to retry.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "director.urls"
WSGI_APPLICATION = "director.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "director" / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "director.core.context_processors.background_jobs",
            ],
        },
    },
]

_database_url = env_str("DATABASE_URL")
if _database_url:
    DATABASES = {
        "default": dj_database_url.parse(
            _database_url, conn_max_age=env_int("DB_CONN_MAX_AGE", 60, minimum=0), conn_health_checks=True
        )
    }
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": DATA_DIR / "calypso.sqlite3",
            # A venue laptop serves several phones at once: wait for the write lock rather than fail.
            "OPTIONS": {"timeout": 20, "transaction_mode": "IMMEDIATE", "init_command": "PRAGMA journal_mode=WAL;"},
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
# The score entry page posts every box of every table: an Auction night's pad is 14 boxes a hand, so
# 12 hands a round post 171 a table and six tables 1,026 — past Django's default of 1,000, which
# refused the page (an Embers pad of 12 hands likewise). 20,000 holds 100 tables of 12-hand pads or
# 44 of 32-hand ones; the body's size limit (DATA_UPLOAD_MAX_MEMORY_SIZE) stays as it is.
DATA_UPLOAD_MAX_NUMBER_FIELDS = 20_000

# The first backend refuses, before any password is checked, a sign-in whose username or address
# has too many recent failures (django-axes); the second checks the password.
AUTHENTICATION_BACKENDS = [
    "director.audit.login.GuessLimitBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

# --- Password guesses: both doors (/login/ and POST /api/auth/token/) go through django-axes ----------
# Failures are counted in the database (shared by every web process). LOGIN_FAILURE_LIMIT of them
# for one username from one address lock that pair; LOGIN_ADDRESS_FAILURE_LIMIT from one address lock
# it; a username's failures from anywhere only slow it down (a wait from LOGIN_SLOWDOWN_SECONDS,
# doubling, at most LOGIN_SLOWDOWN_MAX_SECONDS), and not at all in a browser its user signed in from
# in the last LOGIN_DEVICE_DAYS (a known device: judged by its own failures only). The handler's
# `refusal` decides (director.audit.login; docs/security.md). A lock-out lifts by itself after
# LOGIN_LOCKOUT_MINUTES, or at once with `manage.py axes_reset_username NAME` / `axes_reset`.
LOGIN_FAILURE_LIMIT = env_int("LOGIN_FAILURE_LIMIT", 5, minimum=1)
LOGIN_ADDRESS_FAILURE_LIMIT = env_int("LOGIN_ADDRESS_FAILURE_LIMIT", 30, minimum=1)
LOGIN_SLOWDOWN_SECONDS = env_int("LOGIN_SLOWDOWN_SECONDS", 2, minimum=1)
LOGIN_SLOWDOWN_MAX_SECONDS = env_int("LOGIN_SLOWDOWN_MAX_SECONDS", 120, minimum=1)
LOGIN_DEVICE_DAYS = env_int("LOGIN_DEVICE_DAYS", 365, minimum=1)
# Player codes (director.events.codes): wrong codes from one address in PLAYER_CODE_GUESS_MINUTES
# before that address is refused (429) until the window ends.
PLAYER_CODE_GUESS_LIMIT = env_int("PLAYER_CODE_GUESS_LIMIT", 20, minimum=1)
PLAYER_CODE_GUESS_MINUTES = env_int("PLAYER_CODE_GUESS_MINUTES", 15, minimum=1)
AXES_FAILURE_LIMIT = "director.audit.login.failure_limit"
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "ip_address"]
AXES_LOCK_OUT_AT_FAILURE = False  # axes' one count against one limit: GuessLimitHandler.refusal decides instead
AXES_HANDLER = "director.audit.login.GuessLimitHandler"
AXES_COOLOFF_TIME = timedelta(minutes=env_int("LOGIN_LOCKOUT_MINUTES", 15, minimum=1))
# Guesses made while locked out do not push the end of the lock-out further: the time the page
# gives is the time it lifts.
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "director.audit.login.locked_out"
# The client's address: X-Forwarded-For is believed only from these proxies (the deploy's Caddy);
# from anyone else the connection's own address counts (director.audit.context.request_ip).
TRUSTED_PROXIES = env_networks("TRUSTED_PROXIES")
AXES_CLIENT_IP_CALLABLE = "director.audit.context.request_ip"

LANGUAGE_CODE = "en-gb"
TIME_ZONE = env_str("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
# The Docker image collects static files at build time outside the data volume (deploy/Dockerfile).
STATIC_ROOT = Path(env_str("STATIC_ROOT") or DATA_DIR / "static")
STATIC_ROOT.mkdir(parents=True, exist_ok=True)
# A laptop serves static files straight from the apps' folders (no collectstatic step for
# `make run`); the Docker image collects them into STATIC_ROOT at build time.
WHITENOISE_USE_FINDERS = not PRODUCTION
MEDIA_ROOT = Path(env_str("MEDIA_ROOT") or DATA_DIR / "media")
MEDIA_URL = "media/"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"
        if PRODUCTION
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}

# --- Cache: local memory on a laptop, Redis on a league server -------------------------------------
REDIS_URL = env_str("REDIS_URL")
if REDIS_URL:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL}}
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# --- Celery: eager in-process unless a broker is configured (the pretix pattern) -------------------
CELERY_BROKER_URL = env_str("CELERY_BROKER_URL")
CELERY_RESULT_BACKEND = env_str("CELERY_RESULT_BACKEND", CELERY_BROKER_URL)
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_TRACK_STARTED = True
CELERY_TASK_SOFT_TIME_LIMIT = env_int("CELERY_TASK_SOFT_TIME_LIMIT", 300, minimum=1)
CELERY_TASK_TIME_LIMIT = env_int("CELERY_TASK_TIME_LIMIT", 360, minimum=1)
CELERY_TASK_DEFAULT_QUEUE = "default"
CELERY_TASK_ROUTES = {"director.printing.tasks.*": {"queue": "pdf"}}
# Long PDF jobs: a worker process takes one task at a time instead of hoarding the queue.
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_WORKER_CONCURRENCY = env_int("CELERY_WORKER_CONCURRENCY", 0, minimum=0) or None  # 0: one per CPU
# Written by each worker every few seconds for the container healthcheck (deploy/healthcheck.py).
CALYPSO_WORKER_HEARTBEAT_FILE = env_str("CALYPSO_WORKER_HEARTBEAT_FILE")
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True

# --- E-mail: results sent to the players (director.mail, #33) ----------------------------------------------
# EMAIL_URL (dj-email-url): smtp://user:password@host:25, submission://…:587 (STARTTLS), smtp://…:465?ssl=True
# (TLS), console:, file:/path. Without it, messages are written as files into the data folder's
# mail/ (a laptop: the director reads them there; nothing leaves the machine). EMAIL_BACKEND names a
# provider's Django backend package instead (its own settings come from its own variables).
EMAIL_URL = env_str("EMAIL_URL")
_email = (
    dj_email_url.parse(EMAIL_URL)
    if EMAIL_URL
    else {"EMAIL_BACKEND": "django.core.mail.backends.filebased.EmailBackend", "EMAIL_FILE_PATH": ""}
)
EMAIL_BACKEND = env_str("EMAIL_BACKEND") or _email["EMAIL_BACKEND"]
EMAIL_FILE_PATH = _email.get("EMAIL_FILE_PATH") or str(DATA_DIR / "mail")
EMAIL_HOST = _email.get("EMAIL_HOST") or "localhost"
EMAIL_PORT = _email.get("EMAIL_PORT") or 25
EMAIL_HOST_USER = _email.get("EMAIL_HOST_USER") or ""
EMAIL_HOST_PASSWORD = _email.get("EMAIL_HOST_PASSWORD") or ""
EMAIL_USE_TLS = bool(_email.get("EMAIL_USE_TLS"))
EMAIL_USE_SSL = bool(_email.get("EMAIL_USE_SSL"))
EMAIL_TIMEOUT = env_int("EMAIL_TIMEOUT", 30, minimum=1)
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "Calypso Director <results@localhost>")
# Messages a worker sends per minute (Celery's rate limit of the send task): providers throttle bursts.
MAIL_RATE_LIMIT = f"{env_int('MAIL_PER_MINUTE', 60, minimum=1)}/m"

# --- REST API ------------------------------------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        # The token first: a request without valid credentials is answered 401 with the challenge
        # `WWW-Authenticate: Token` (DRF answers with the first class's challenge, and a session has
        # none, so with the session first it was 403), which generated clients read as "sign in".
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_PARSER_CLASSES": [
        "director.api.parsers.StrictJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    # JSON only for a club: DRF's browsable API (its own templates) fails WCAG 2.2 AA (an unnamed
    # button, 4.1:1 text, no page language, two main landmarks; axe-core), and the API's own reference
    # (/api/docs/) passes it. A developer who asks for DEBUG=1 gets the browsable pages too.
    "DEFAULT_RENDERER_CLASSES": [
        "rest_framework.renderers.JSONRenderer",
        *(["rest_framework.renderers.BrowsableAPIRenderer"] if DEBUG else []),
    ],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "director.api.errors.exception_handler",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Calypso Director API",
    "DESCRIPTION": "Clubs, events, game sets and results for Calypso club nights and duplicate play.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    # An event's form and the kinds of sheet the sheet check reads named alone.
    "ENUM_NAME_OVERRIDES": {
        "EventFormEnum": "director.events.models.Event.Form",
        "SheetFormEnum": "director.api.results_serializers.SHEET_FORMS",
        "PrintKindEnum": "director.api.serializers.PRINT_KINDS",
        "PaperEnum": "director.printing.options.PAPER_CHOICES",
        "EnvelopeEnum": "director.printing.options.ENVELOPE_CHOICES",
        "LangEnum": "director.printing.options.LANGUAGE_CHOICES",
    },
    # What every operation shares, for generated clients (#35): integer path ids, named sheet and
    # deal components, every status an operation answers with the Error body (director/api/schema.py).
    "POSTPROCESSING_HOOKS": ["drf_spectacular.hooks.postprocess_schema_enums", "director.api.schema.postprocess"],
}

# --- Production hardening (checked at start-up by director.core.checks) ----------------------------
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", PRODUCTION)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", PRODUCTION)
CSRF_FAILURE_VIEW = "director.core.views.csrf_failure"  # the app's own page for a refused form post
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31536000 if PRODUCTION else 0, minimum=0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = PRODUCTION
if env_bool("BEHIND_TLS_PROXY", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

# --- Security headers (docs/security.md, "Headers") -------------------------------------------------
# django-csp writes the Content-Security-Policy (director.core.headers fits it to the browsable API,
# SVG charts and PDFs); Django's SecurityMiddleware and XFrameOptionsMiddleware write the others.
# Every script and style is a static file: no inline code, no 'unsafe-inline', no CDN.
MIDDLEWARE.insert(
    MIDDLEWARE.index("django.middleware.security.SecurityMiddleware") + 1, "director.core.headers.CSPMiddleware"
)
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],  # data: for the empty favicon (base.html) that spares a 404
        "connect-src": ["'self'"],
        "font-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        # A league server is https only; a venue laptop serves plain http, where this would break.
        "upgrade-insecure-requests": PRODUCTION,
    }
}
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"  # the table pages say the same in their <meta>
X_FRAME_OPTIONS = "DENY"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
    # django-axes logs every sign-in at INFO; failures and lock-outs are WARNINGs and still show.
    "loggers": {"axes": {"level": "WARNING"}},
}
