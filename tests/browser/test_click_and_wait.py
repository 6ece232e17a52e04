"""``click_and_wait`` returns on the page the click loads, however late the browser sends the form
and however slowly the server answers.

This failed in CI: the movement page's "Seat game 2" was pressed, ``all_inner_texts`` read the
refusal's list at once, and found the page still shown. Playwright's click waits for a navigation
that starts at once; a loaded machine's browser may start it later. Here the form goes a moment
after the click (as a loaded machine may send it) to a bare server on 127.0.0.1 whose answer comes
after a pause."""

from __future__ import annotations

import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from tests.browser.conftest import click_and_wait

pytestmark = pytest.mark.browser

FORM = (
    b'<!doctype html><html lang="en"><title>form</title><form method="post">'
    b'<button type="button" onclick="setTimeout(() => this.form.submit(), 300)">Send</button></form>'
)
ANSWER = b'<!doctype html><html lang="en"><title>answer</title><ul class="errorlist"><li>one</li><li>two</li></ul>'
PAUSE_S = 0.4


class Slow(BaseHTTPRequestHandler):
    def answer(self, body: bytes) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        self.answer(FORM)

    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        time.sleep(PAUSE_S)
        self.answer(ANSWER)

    def log_message(self, *args):
        pass


@pytest.fixture
def slow_server():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Slow)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def test_the_read_after_the_click_sees_the_page_the_click_loaded(browser, slow_server):
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(slow_server)
        click_and_wait(page.get_by_role("button", name="Send"))
        assert page.locator(".errorlist li").all_inner_texts() == ["one", "two"]
        assert page.title() == "answer"
    finally:
        context.close()
