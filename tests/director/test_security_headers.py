"""Security headers on every response, whoever asks: the director's pages, the table's phone page and
its JSON, the public pages, the API (JSON, its docs; the browsable API a developer gets with DEBUG=1)
and the 404 page all carry a Content-Security-Policy without 'unsafe-inline', nosniff, a same-origin
Referrer-Policy and a frame refusal. A league server (``CALYPSO_ENV=production``) adds HSTS and secure
cookies; a venue laptop on plain http gets neither (a browser would then refuse the laptop's http)."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import sys
from pathlib import Path

import pytest
from django.test import Client

from director.events import services as events
from tests.director.conftest import add_players, make_progressive

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

ROOT = Path(__file__).resolve().parents[2]

# The directives every page's policy holds, word for word.
POLICY = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'self'",
    "form-action": "'self'",
    "frame-ancestors": "'none'",
}


def policy(header: str) -> dict[str, str]:
    """``"default-src 'self'; img-src 'self' data:"`` → ``{"default-src": "'self'", ...}``."""
    parts = (part.strip().split(None, 1) for part in header.split(";") if part.strip())
    return {part[0]: part[1] if len(part) > 1 else "" for part in parts}


def assert_headers(response, url: str, *, browsable_api: bool = False) -> None:
    where = f"{url} ({response.status_code})"
    assert "Content-Security-Policy" in response, f"no Content-Security-Policy on {where}"
    csp = policy(response["Content-Security-Policy"])
    if browsable_api:
        # DRF's templates put style="float: right" on a few elements, and inline Pygments' stylesheet:
        # style attributes, and that one <style> by its hash. Scripts are static there too.
        assert csp.pop("style-src-attr") == "'unsafe-inline'", where
        inline = re.findall(rb"<style>(.*?)</style>", response.content, re.S)
        hashes = [f"'sha256-{base64.b64encode(hashlib.sha256(css).digest()).decode()}'" for css in inline]
        assert csp["style-src"] == " ".join(["'self'", *hashes]), where
        csp["style-src"] = "'self'"
    assert POLICY.items() <= csp.items(), f"{where}: {csp}"
    assert not [d for d, sources in csp.items() if "unsafe" in sources], f"{where}: {csp}"
    assert response.get("X-Content-Type-Options") == "nosniff", where
    assert response.get("Referrer-Policy") in {"same-origin", "no-referrer", "strict-origin"}, where
    assert response.get("X-Frame-Options") == "DENY", where


@pytest.fixture
def night(club_a, director_a):
    event = make_progressive(club_a, add_players(club_a, 8), tables=2, games=2, by=director_a)
    events.start_event(event=event)
    events.set_public_switches(event=event, standings_released=True)
    return event


def director_urls(night):
    e = night.pk
    return [
        "/login/",
        "/clubs/",
        "/clubs/pos/",
        f"/events/{e}/",
        f"/events/{e}/games/1/scores/",
        f"/events/{e}/movement/",
        f"/events/{e}/print/",
        f"/events/{e}/results/",
        f"/events/{e}/projector/",
        f"/events/{e}/projector.json",
        f"/events/{e}/audit/",
        "/admin/login/",
    ]


@pytest.mark.django_db
def test_every_director_page_carries_the_headers(client, director_a, night):
    client.force_login(director_a)
    for url in director_urls(night):
        response = client.get(url)
        assert response.status_code in (200, 302), url  # /clubs/ sends a one-club director on
        assert_headers(response, url)


@pytest.mark.django_db
def test_the_table_page_its_json_and_a_bad_link_carry_the_headers(night, sheet):
    table = night.tables.get(number=1)
    phone = Client()
    for url in (f"/t/{table.token}/", f"/t/{table.token}/state/", "/t/not-a-table/"):
        assert_headers(phone.get(url), url)
    sent = phone.post(
        f"/t/{table.token}/submit/",
        json.dumps({"round": 1, "side": "majors", "sheet": sheet, "idempotency_key": "k" * 20}),
        content_type="application/json",
        HTTP_ACCEPT="application/json",
    )
    assert sent.status_code < 500
    assert_headers(sent, "submit")


@pytest.mark.django_db
def test_the_public_pages_carry_the_headers(night):
    public = Client()
    for url in ("/p/pos/", f"/p/pos/{night.pk}/", f"/p/pos/{night.pk}/standings.json"):
        response = public.get(url)
        assert response.status_code == 200, url
        assert_headers(response, url)


@pytest.mark.django_db
def test_the_api_and_its_docs_carry_the_headers(client, director_a, night):
    client.force_login(director_a)
    for url, accept in [
        ("/api/events/", "application/json"),
        ("/api/docs/", "text/html"),
        ("/api/schema/", "application/vnd.oai.openapi"),
    ]:
        response = client.get(url, HTTP_ACCEPT=accept)
        assert response.status_code == 200, url
        assert_headers(response, f"{url} as {accept}")
    # A browser asks for HTML first and anything after: a club's server answers JSON (no browsable API,
    # which fails WCAG; settings.REST_FRAMEWORK), and HTML alone is not acceptable.
    browser = client.get("/api/events/", HTTP_ACCEPT=BROWSER_ACCEPT)
    assert browser.status_code == 200 and browser["Content-Type"] == "application/json"
    assert_headers(browser, "/api/events/ in a browser")
    assert client.get("/api/events/", HTTP_ACCEPT="text/html").status_code == 406
    assert_headers(Client().get("/api/events/", HTTP_ACCEPT="application/json"), "/api/events/ signed out")


BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
# DEBUG=1, in a fresh interpreter (the renderers are read as DRF's views are made): the browsable API
# is a developer's again, its page under the policy fitted to DRF's templates.
BROWSABLE = f"""
import django
django.setup()
from django.test import Client
from tests.director.test_security_headers import assert_headers
response = Client().get("/api/events/", HTTP_ACCEPT={BROWSER_ACCEPT!r})
assert response.status_code == 401 and b"<html" in response.content, (response.status_code, response.content[:200])
assert_headers(response, "/api/events/ in a browser under DEBUG=1", browsable_api=True)
print("the browsable API, under its policy")
"""


def test_a_developer_gets_the_browsable_api_under_its_own_policy(tmp_path, fresh_python):
    base = {k: v for k, v in os.environ.items() if not k.startswith(("CALYPSO_", "DEBUG", "SECRET_KEY", "SECURE_"))}
    base.update(DEBUG="1", DJANGO_SETTINGS_MODULE="director.settings", CALYPSO_DATA_DIR=str(tmp_path))
    run = fresh_python.run([sys.executable, "-c", BROWSABLE], cwd=ROOT, env=base, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert "the browsable API, under its policy" in run.stdout


@pytest.mark.django_db
def test_a_404_and_the_health_check_carry_the_headers(client):
    missing = client.get("/no-such-page/")
    assert missing.status_code == 404
    assert_headers(missing, "/no-such-page/")
    assert_headers(client.get("/healthz"), "/healthz")


def test_a_laptop_policy_does_not_upgrade_http(client, db):
    # At a venue the laptop serves plain http: asking browsers to upgrade would break every phone.
    response = client.get("/login/")
    assert "upgrade-insecure-requests" not in response["Content-Security-Policy"]
    assert "Strict-Transport-Security" not in client.get("/login/", secure=True)


# --- The league server: the settings module as ``CALYPSO_ENV=production`` starts it -----------------

# Run in a fresh interpreter: a request through the TLS proxy (X-Forwarded-Proto: https) and one on
# plain http, reporting the headers and the cookies' flags.
REQUEST = """
import django, json
django.setup()
from django.test import Client
def seen(response):
    cookies = {name: {"secure": bool(c["secure"])} for name, c in response.cookies.items()}
    return {"headers": dict(response.headers), "cookies": cookies}
client = Client(HTTP_HOST="calypso.example.org")
https = seen(client.get("/login/", HTTP_X_FORWARDED_PROTO="https"))
print(json.dumps({"https": https, "http": seen(client.get("/login/"))}))
"""


def run_settings(python, env: dict, tmp_path) -> dict:
    base = {k: v for k, v in os.environ.items() if not k.startswith(("CALYPSO_", "DEBUG", "SECRET_KEY", "SECURE_"))}
    base.update(env, DJANGO_SETTINGS_MODULE="director.settings", CALYPSO_DATA_DIR=str(tmp_path))
    run = python.run([sys.executable, "-c", REQUEST], cwd=ROOT, env=base, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout.strip().splitlines()[-1])


def test_the_league_server_sends_hsts_secure_cookies_and_upgrades_requests(tmp_path, fresh_python):
    seen = run_settings(
        fresh_python,
        {"CALYPSO_ENV": "production", "SECRET_KEY": "k" * 50, "ALLOWED_HOSTS": "calypso.example.org",
         "BEHIND_TLS_PROXY": "1"},
        tmp_path,
    )  # fmt: skip
    https = seen["https"]
    assert https["headers"]["Strict-Transport-Security"] == "max-age=31536000; includeSubDomains"
    assert https["cookies"]["csrftoken"]["secure"] is True
    csp = policy(https["headers"]["Content-Security-Policy"])
    assert POLICY.items() <= csp.items() and "upgrade-insecure-requests" in csp
    assert https["headers"]["X-Content-Type-Options"] == "nosniff"
    assert https["headers"]["X-Frame-Options"] == "DENY"
    assert https["headers"]["Referrer-Policy"] == "same-origin"
    # HSTS is a promise about https: a browser ignores it on http, so it is sent over https only.
    assert "Strict-Transport-Security" not in seen["http"]["headers"]


def test_the_laptop_sends_no_hsts_and_plain_cookies(tmp_path, fresh_python):
    seen = run_settings(fresh_python, {"ALLOWED_HOSTS": "calypso.example.org"}, tmp_path)
    http = seen["http"]
    assert "Strict-Transport-Security" not in seen["https"]["headers"]
    assert http["cookies"]["csrftoken"]["secure"] is False
    assert "upgrade-insecure-requests" not in policy(http["headers"]["Content-Security-Policy"])
    assert http["headers"]["X-Frame-Options"] == "DENY"


@pytest.mark.django_db
def test_an_svg_chart_may_style_itself_and_a_pdf_is_left_to_the_browsers_viewer(client, director_a, night):
    client.force_login(director_a)
    svg = client.get(f"/events/{night.pk}/results/charts/running.svg")
    assert svg.status_code == 200 and svg["Content-Type"].startswith("image/svg+xml")
    # matplotlib's drawing carries its own <style> and style attributes, and no script.
    csp = policy(svg["Content-Security-Policy"])
    assert csp.pop("style-src") == "'unsafe-inline'"
    assert {k: v for k, v in POLICY.items() if k != "style-src"}.items() <= csp.items()
    # Chrome's PDF viewer breaks under a page's policy (object-src 'none', its inline styles).
    pdf = client.get(f"/events/{night.pk}/results/charts/running.pdf")
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    assert "Content-Security-Policy" not in pdf
    assert (pdf["X-Content-Type-Options"], pdf["X-Frame-Options"]) == ("nosniff", "DENY")
