"""`make run` (``manage.py serve``): waitress serves the app, never Django's development server;
on the venue's network the demo director's published password never signs in."""

from __future__ import annotations

import io
import re

import pytest
from django.conf import settings as live_settings
from django.core.management import call_command
from django.core.management.base import CommandError

from director.demo.management.commands import demo, serve

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db


class FakeWaitress:
    """Records what waitress was asked to serve, and what the settings were while it served."""

    def __init__(self, stop=None):
        self.calls = []
        self.stop = stop

    def __call__(self, app, **options):
        self.calls.append({"app": app, **options, "hosts": list(live_settings.ALLOWED_HOSTS),
                           "base_url": live_settings.PUBLIC_BASE_URL})  # fmt: skip
        if self.stop:
            raise self.stop


@pytest.fixture
def waitress(monkeypatch):
    fake = FakeWaitress()
    monkeypatch.setattr(serve.waitress, "serve", fake)
    monkeypatch.setattr(serve, "lan_address", lambda: "192.168.1.20")
    monkeypatch.delenv("PUBLIC_BASE_URL", raising=False)

    def refuse(*args, **kwargs):
        raise AssertionError("make run must not start Django's development server")

    monkeypatch.setattr("django.core.management.commands.runserver.Command.handle", refuse)
    return fake


def run_serve(**options) -> str:
    out = io.StringIO()
    call_command("serve", stdout=out, **options)
    return out.getvalue()


def sign_in(client, password):
    return client.post("/login/", {"username": demo.USERNAME, "password": password}, REMOTE_ADDR="10.0.0.9")


def test_make_run_serves_the_app_with_waitress_on_loopback(waitress, settings):
    settings.DEBUG = False
    output = run_serve(port=8765, no_demo=True)
    (call,) = waitress.calls
    assert (call["host"], call["port"]) == ("127.0.0.1", 8765)
    assert callable(call["app"]) and type(call["app"]).__name__ == "WSGIHandler"
    assert call["threads"] >= 4
    assert call["base_url"] == "http://127.0.0.1:8765"  # the QR codes open the port actually served
    assert "Serving at http://127.0.0.1:8765/" in output and "Stopped." in output


def test_lan_serves_every_interface_and_allows_the_lan_address(waitress, settings):
    settings.DEBUG = False
    output = run_serve(port=8000, lan=True, no_demo=True)
    (call,) = waitress.calls
    assert (call["host"], call["port"]) == ("0.0.0.0", 8000)
    assert "192.168.1.20" in call["hosts"] and "127.0.0.1" in call["hosts"]
    assert call["base_url"] == "http://192.168.1.20:8000"
    assert "phones open http://192.168.1.20:8000" in output
    # Serving is over: the settings are as they were.
    assert "192.168.1.20" not in live_settings.ALLOWED_HOSTS


def test_ctrl_c_stops_the_server_cleanly(monkeypatch, waitress, settings):
    settings.DEBUG = False
    monkeypatch.setattr(serve.waitress, "serve", FakeWaitress(stop=KeyboardInterrupt()))
    assert run_serve(port=8765, no_demo=True).rstrip().endswith("Stopped.")


def test_lan_refuses_debug_pages(waitress, settings):
    settings.DEBUG = True
    with pytest.raises(CommandError, match="unset DEBUG"):
        run_serve(lan=True, no_demo=True)
    assert waitress.calls == []


def test_on_the_network_the_published_demo_password_never_signs_in(client, waitress, settings):
    settings.DEBUG = False
    output = run_serve(lan=True)
    assert demo.PASSWORD not in output
    printed = re.findall(r"password: (\S+)", output)
    assert len(printed) == 1 and printed[0] != demo.PASSWORD
    assert sign_in(client, demo.PASSWORD).status_code == 200  # the form again: refused
    assert sign_in(client, printed[0]).status_code == 302
    # Served again on the network: the fresh password stays and is not printed again.
    client.logout()
    again = run_serve(lan=True)
    assert "password:" not in again.replace("with the password that user already has", "")
    assert sign_in(client, printed[0]).status_code == 302


def test_a_demo_loaded_on_the_laptop_gets_a_fresh_password_when_served_on_the_network(client, waitress, settings):
    settings.DEBUG = False
    assert f"password: {demo.PASSWORD}" in run_serve()  # loopback: the README's password
    assert sign_in(client, demo.PASSWORD).status_code == 302
    client.logout()
    output = run_serve(lan=True)
    (fresh,) = re.findall(r"password: (\S+)", output)
    assert fresh != demo.PASSWORD
    assert sign_in(client, demo.PASSWORD).status_code == 200
    assert sign_in(client, fresh).status_code == 302


def test_make_dev_is_djangos_development_server_on_this_machine(monkeypatch, waitress, settings):
    started = []
    monkeypatch.setattr(
        "django.core.management.commands.runserver.Command.handle", lambda self, *a, **o: started.append(o)
    )
    settings.DEBUG = True
    run_serve(port=8001, dev=True, no_demo=True)
    assert started and started[0]["addrport"] == "127.0.0.1:8001"
    assert waitress.calls == []


def test_host_every_interface_is_the_network_as_lan_is(client, waitress, settings):
    settings.DEBUG = False
    output = run_serve(port=8100, host="0.0.0.0")
    (call,) = waitress.calls
    assert (call["host"], call["port"]) == ("0.0.0.0", 8100)
    assert "192.168.1.20" in call["hosts"] and call["base_url"] == "http://192.168.1.20:8100"
    (fresh,) = re.findall(r"password: (\S+)", output)
    assert fresh != demo.PASSWORD and sign_in(client, demo.PASSWORD).status_code == 200


def test_host_a_given_address_is_served_and_printed_as_it_is(waitress, settings):
    settings.DEBUG = False
    run_serve(port=8101, host="10.1.2.3", no_demo=True)
    (call,) = waitress.calls
    assert call["host"] == "10.1.2.3" and "10.1.2.3" in call["hosts"]
    assert call["base_url"] == "http://10.1.2.3:8101"


def test_host_loopback_stays_this_machine_with_the_published_password(waitress, settings):
    settings.DEBUG = False
    output = run_serve(port=8102, host="::1")
    (call,) = waitress.calls
    assert call["host"] == "::1" and call["base_url"] == "http://[::1]:8102"
    assert f"password: {demo.PASSWORD}" in output and "Serving at http://[::1]:8102/" in output


def test_a_network_host_refuses_debug_pages(waitress, settings):
    settings.DEBUG = True
    with pytest.raises(CommandError, match="unset DEBUG"):
        run_serve(host="0.0.0.0", no_demo=True)


def test_sigterm_stops_the_server_as_ctrl_c_does(monkeypatch, waitress, settings):
    import signal

    settings.DEBUG = False

    def terminated(app, **options):
        signal.getsignal(signal.SIGTERM)(signal.SIGTERM, None)

    monkeypatch.setattr(serve.waitress, "serve", terminated)
    before = signal.getsignal(signal.SIGTERM)
    assert run_serve(port=8103, no_demo=True).rstrip().endswith("Stopped.")
    assert signal.getsignal(signal.SIGTERM) is before
