"""The guide cards' QR codes open the address phones can reach: `make run PORT=…` sets it to the
port served, and the print page warns when it differs from the address the director is using."""

from __future__ import annotations

import io

import pytest
from django.conf import settings as live
from django.core.management import call_command

from director.demo.management.commands import serve
from tests.director.conftest import PASSWORD

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db


@pytest.fixture
def launched(monkeypatch, settings):
    """Run `manage.py serve` without starting the server: what waitress would have served, with the
    settings as they were while it served."""
    calls = []

    def fake_serve(app, host, port, **options):
        calls.append((f"{host}:{port}", {"PUBLIC_BASE_URL": live.PUBLIC_BASE_URL, "ALLOWED_HOSTS": live.ALLOWED_HOSTS}))

    monkeypatch.delenv("PUBLIC_BASE_URL", raising=False)
    monkeypatch.setattr(serve.waitress, "serve", fake_serve)
    monkeypatch.setattr(serve, "lan_address", lambda: "192.168.1.20")
    settings.DEBUG = False

    def run(**options):
        call_command("serve", no_demo=True, stdout=io.StringIO(), **options)
        return calls[-1]

    return run


def test_serve_on_another_port_prints_qr_codes_for_that_port(launched):
    bind, env = launched(port=8020)
    assert bind == "127.0.0.1:8020"
    assert env["PUBLIC_BASE_URL"] == "http://127.0.0.1:8020"


def test_serve_on_the_lan_prints_qr_codes_for_the_lan_address(launched):
    bind, env = launched(port=8001, lan=True)
    assert bind == "0.0.0.0:8001"
    assert env["PUBLIC_BASE_URL"] == "http://192.168.1.20:8001"
    assert "192.168.1.20" in env["ALLOWED_HOSTS"]


def test_an_address_set_by_the_director_is_kept(launched, monkeypatch, settings):
    monkeypatch.setenv("PUBLIC_BASE_URL", "https://club.example.org")
    settings.PUBLIC_BASE_URL = "https://club.example.org"  # what the settings read from it at start-up
    _, env = launched(port=8020)
    assert env["PUBLIC_BASE_URL"] == "https://club.example.org"


def test_print_page_warns_when_qr_codes_open_another_address(client, settings, progressive_a, director_a):
    assert client.login(username=director_a.username, password=PASSWORD)
    url = f"/events/{progressive_a.pk}/print/"

    settings.PUBLIC_BASE_URL = "http://testserver"
    html = client.get(url).content.decode()
    assert "QR codes open <code>http://testserver/t/…</code>" in html
    assert "qr-mismatch" not in html

    settings.PUBLIC_BASE_URL = "http://192.168.1.20:8000"
    html = client.get(url).content.decode()
    assert 'class="warn qr-mismatch"' in html
    assert "using this page at <code>http://testserver</code>" in html
    assert "will open <code>http://192.168.1.20:8000</code>" in html
    assert "qr-loopback" not in html


@pytest.mark.parametrize(
    "base",
    ["http://127.0.0.1:8000", "http://localhost:8000", "http://LOCALHOST", "http://127.0.1.1:8020", "http://[::1]:8000",
     "http://0.0.0.0:8000", "http://club.localhost"],
)  # fmt: skip
def test_print_page_warns_in_red_that_phones_cannot_open_this_computers_address(
    client, settings, progressive_a, director_a, base
):
    assert client.login(username=director_a.username, password=PASSWORD)
    settings.PUBLIC_BASE_URL = base
    html = client.get(f"/events/{progressive_a.pk}/print/", HTTP_HOST="127.0.0.1:8000").content.decode()
    assert '<p class="bad qr-loopback" role="alert">Phones cannot open these QR codes' in html
    assert "<code>make run LAN=1</code>" in html
    assert "qr-mismatch" not in html  # one warning, the one that says what to do


@pytest.mark.parametrize("base", ["http://192.168.1.20:8000", "https://club.example.org", "http://127.example.org"])
def test_addresses_phones_can_reach_get_no_red_warning(client, settings, progressive_a, director_a, base):
    assert client.login(username=director_a.username, password=PASSWORD)
    settings.PUBLIC_BASE_URL = base
    assert "qr-loopback" not in client.get(f"/events/{progressive_a.pk}/print/").content.decode()
