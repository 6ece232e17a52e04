import pytest
from django.core.checks import run_checks

from director import conf

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)


@pytest.mark.django_db
def test_healthz_reports_database_and_eager_tasks(client, settings):
    settings.CELERY_BROKER_URL = ""
    response = client.get("/healthz")
    assert response.status_code == 200
    body = response.json()
    assert body["ok"] is True
    assert body["checks"]["database"]["ok"] is True
    assert body["checks"]["database"]["vendor"] in {"sqlite", "postgresql"}
    assert body["checks"]["broker"]["mode"] == "eager"


@pytest.mark.django_db
def test_healthz_is_503_when_the_broker_is_unreachable(client, settings):
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:1/0"  # nothing listens on port 1
    from director.celery import app

    app.conf.broker_url = settings.CELERY_BROKER_URL
    try:
        response = client.get("/healthz")
    finally:
        app.conf.broker_url = None
    assert response.status_code == 503
    assert response.json()["checks"]["broker"]["ok"] is False


@pytest.mark.parametrize("raw,expected", [("1", True), ("yes", True), ("Off", False), ("0", False), ("", True)])
def test_env_bool_accepts_the_usual_spellings(monkeypatch, raw, expected):
    monkeypatch.setenv("X_FLAG", raw)
    assert conf.env_bool("X_FLAG", True) is expected


@pytest.mark.parametrize("raw", ["ture", "2", "enabled"])
def test_env_bool_refuses_a_typo_naming_the_variable(monkeypatch, raw):
    monkeypatch.setenv("X_FLAG", raw)
    with pytest.raises(conf.ConfigError, match="X_FLAG"):
        conf.env_bool("X_FLAG", False)


def test_env_int_refuses_text_and_values_below_the_minimum(monkeypatch):
    monkeypatch.setenv("X_NUM", "ten")
    with pytest.raises(conf.ConfigError, match="X_NUM='ten' is not a whole number"):
        conf.env_int("X_NUM", 1)
    monkeypatch.setenv("X_NUM", "0")
    with pytest.raises(conf.ConfigError, match="at least 1"):
        conf.env_int("X_NUM", 1, minimum=1)


def test_secret_key_is_generated_once_into_the_data_dir(tmp_path, monkeypatch):
    monkeypatch.delenv("SECRET_KEY", raising=False)
    first = conf.secret_key(tmp_path)
    assert len(first) >= 50
    assert (tmp_path / "secret_key").read_text().strip() == first
    assert conf.secret_key(tmp_path) == first


def test_production_refuses_debug_default_secret_and_open_hosts(settings):
    settings.PRODUCTION = True
    settings.DEBUG = True
    settings.SECRET_KEY = "changeme"
    settings.ALLOWED_HOSTS = ["*"]
    ids = {error.id for error in run_checks()}
    assert {"calypso.E001", "calypso.E002", "calypso.E003"} <= ids


def test_production_with_proper_settings_passes(settings):
    settings.PRODUCTION = True
    settings.DEBUG = False
    settings.SECRET_KEY = "x" * 60
    settings.ALLOWED_HOSTS = ["calypso.example.org"]
    assert not [e for e in run_checks() if e.id.startswith("calypso.")]
