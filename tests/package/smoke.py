"""The built package, installed as a director installs it, runs a club night: `.ci/run` calls this
(`make package` too). Nothing of the checkout is used but its two files of pins and what it builds.

1. build the wheel and the sdist (`python -m build`), and list what the wheel holds;
2. make a fresh virtual environment in an empty temporary folder outside the checkout; install
   the locked runtime dependencies (requirements.lock, from the package index as a director's pip
   would), then the wheel with --no-deps, then `pip check`;
3. from another empty folder, with a clean environment (no CALYPSO_*, DJANGO_*, DATABASE_URL...),
   `calypso-director run --port <free> --data <new folder>`: it migrates, loads the demo, serves;
4. over HTTP: sign in as the demo director (the published password works on 127.0.0.1), load a
   director's page, a table's phone page and a public standings page, and render a PDF through the
   print page; render another with the `print` command;
5. `calypso-director backup` while the server runs, `restore` it into another new data folder, and
   see the same event there (`export-event` of both folders gives the same bytes) and the same key;
6. stop the server (terminate(): SIGTERM on POSIX, TerminateProcess on Windows) and check it went.

Every step prints what it did and how long it took; any failure ends the run with exit status 1
and the server's output. Bounded: each wait has a deadline, the server is always stopped.

    python tests/package/smoke.py [--wheel FILE] [--python EXE] [--keep]
"""

from __future__ import annotations

import argparse
import contextlib
import http.cookiejar
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
COMMAND = "calypso-director"
DEMO_USER, DEMO_PASSWORD = "director", "calypso-demo"  # README; director/demo/management/commands/demo.py
START_TIMEOUT = 300  # migrate + the demo's four events on a busy 2-core machine
# What the app's process may inherit: nothing that configures it.
PASSED_ON = {"PATH", "HOME", "USERPROFILE", "SYSTEMROOT", "SYSTEMDRIVE", "TEMP", "TMP", "TMPDIR", "LANG", "LC_ALL"}


class Failed(Exception):
    pass


def say(text: str) -> None:
    print(text, flush=True)


class Steps:
    def __init__(self) -> None:
        self.started = time.monotonic()
        self.timings: list[tuple[str, float]] = []

    @contextlib.contextmanager
    def step(self, name: str):
        say(f"--- {name}")
        began = time.monotonic()
        yield
        self.timings.append((name, time.monotonic() - began))
        say(f"    ok ({time.monotonic() - began:.1f} s)")

    def summary(self) -> None:
        say("=== package smoke test: timings")
        for name, seconds in self.timings:
            say(f"  {name:<58} {seconds:6.1f} s")
        say(f"  {'total':<58} {time.monotonic() - self.started:6.1f} s")


def clean_env(**extra: str) -> dict[str, str]:
    env = {name: value for name, value in os.environ.items() if name in PASSED_ON}
    return {**env, "PYTHONDONTWRITEBYTECODE": "1", "PYTHONIOENCODING": "utf-8", **extra}


def run(command: list, *, cwd: Path, timeout: float = 600, env: dict | None = None) -> str:
    """Run ``command``, by default in the app's clean environment; its output, or ``Failed``."""
    shown = " ".join(str(part) for part in command)
    done = subprocess.run(
        [str(part) for part in command],
        cwd=cwd,
        env=env if env is not None else clean_env(),
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=timeout,
    )
    if done.returncode != 0:
        raise Failed(f"{shown} exited {done.returncode}\n{done.stdout}\n{done.stderr}")
    return done.stdout + done.stderr


def scripts(venv: Path) -> Path:
    return venv / ("Scripts" if os.name == "nt" else "bin")


def package_files() -> list[str]:
    """The files of the two packages as the repository has them (git's list; else the tree)."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "director", "scoring"], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout.split()
    except (OSError, subprocess.CalledProcessError):
        listed = [
            path.relative_to(ROOT).as_posix()
            for top in ("director", "scoring")
            for path in (ROOT / top).rglob("*")
            if path.is_file() and "__pycache__" not in path.parts
        ]
    return sorted(listed)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def outside_checkout(path: Path) -> Path:
    if path.resolve().is_relative_to(ROOT):
        raise Failed(f"{path} is inside the checkout {ROOT}")
    return path


# --- HTTP, as a browser does it: cookies, the CSRF token, redirects ---------------------------------


class Browser:
    def __init__(self, base: str) -> None:
        self.base = base
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies))

    def get(self, path: str, *, expect: int = 200) -> tuple[str, bytes, str]:
        return self.request(path, None, expect=expect)

    def post(self, path: str, fields: dict, *, expect: int = 200) -> tuple[str, bytes, str]:
        token = next((c.value for c in self.cookies if c.name == "csrftoken"), "")
        pairs = [*fields.items(), ("csrfmiddlewaretoken", token)]
        return self.request(path, urllib.parse.urlencode(pairs, doseq=True).encode(), expect=expect)

    def request(self, path: str, body: bytes | None, *, expect: int) -> tuple[str, bytes, str]:
        url = urllib.parse.urljoin(self.base, path)
        try:
            with self.opener.open(urllib.request.Request(url, data=body), timeout=120) as response:
                status, data, final, kind = response.status, response.read(), response.url, response.headers
        except urllib.error.HTTPError as error:
            status, data, final, kind = error.code, error.read(), url, error.headers
        if status != expect:
            raise Failed(f"{'POST' if body else 'GET'} {path}: {status}, expected {expect}\n{data[:2000]!r}")
        return final, data, kind.get("Content-Type", "")


def wait_until_serving(base: str, server: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise Failed(f"the server exited ({server.returncode}) before serving")
        with contextlib.suppress(OSError), urllib.request.urlopen(base + "healthz", timeout=5) as response:
            if response.status == 200:
                return
        time.sleep(1)
    raise Failed(f"nothing answered at {base}healthz within {START_TIMEOUT} s")


def first(pattern: str, text: str, what: str) -> str:
    found = re.search(pattern, text)
    if not found:
        raise Failed(f"no {what} found ({pattern})")
    return found.group(1)


def audiences(browser: Browser, steps: Steps, work: Path) -> tuple[int, str]:
    """Sign in, then a page of each audience and a PDF by the print page. Returns the progressive
    night's event id and its name."""
    with steps.step("sign in over HTTP as the demo director"):
        browser.get("/login/")
        final, _, _ = browser.post("/login/", {"username": DEMO_USER, "password": DEMO_PASSWORD, "next": "/"})
        if final.rstrip("/").endswith("/login"):
            raise Failed("the demo director's sign-in was refused")
    with steps.step("the director's pages: the club's events, an event"):
        _, page, _ = browser.get("/clubs/demo/")
        text = page.decode()
        event_id = int(first(r'href="/events/(\d+)/"[^>]*>\s*Friday club night', text, "Friday club night's link"))
        _, page, _ = browser.get(f"/events/{event_id}/")
        event_page = page.decode()
        say(f"    /clubs/demo/ and /events/{event_id}/ (Friday club night): {len(page):,} bytes")
    with steps.step("this session's pages: players, club settings, player codes, a player's code page"):
        # Served from the wheel's own templates and static files (e-mail fields, send on release,
        # the codes page, /me/); each must answer 200 and carry its heading.
        for path, words in (
            ("/clubs/demo/players/", "E-mail"),
            ("/clubs/demo/settings/", "Send"),
            (f"/events/{event_id}/codes/", "code"),
        ):
            _, page, _ = browser.get(path)
            if words not in page.decode():
                raise Failed(f"{path} does not say {words!r}")
        _, page, _ = Browser(browser.base).get("/me/")
        if "player code" not in page.decode():
            raise Failed("/me/ does not ask for a player code")
        say("    /clubs/demo/players/, /clubs/demo/settings/, the codes page and /me/: 200")
    with steps.step("a table's phone page (its entry link from the event page)"):
        # The link while the event runs; the bare token once it is finished (as the demo's are).
        link = re.search(r'href="(?:https?://[^/"]+)?(/t/[^/"]+/)"', event_page)
        table = link.group(1) if link else f"/t/{first(r'<code class=.token.>([^<]+)</code>', event_page, 'table')}/"
        _, page, _ = browser.get(table)
        say(f"    {table[:8]}…: {len(page):,} bytes")
    with steps.step("the public standings page, signed out"):
        public = Browser(browser.base)
        _, page, _ = public.get(f"/p/demo/{event_id}/")
        if "Friday club night" not in page.decode():
            raise Failed("the public standings page does not name the event")
        public.get("/rules/")
        say(f"    /p/demo/{event_id}/: {len(page):,} bytes; /rules/ too")
    with steps.step("a PDF through the print page (results: standings and charts)"):
        browser.get(f"/events/{event_id}/print/")
        final, _, _ = browser.post(f"/events/{event_id}/print/", {"kind": "results", "paper": "a4", "lang": "en"})
        job = first(r"[?&]job=(\d+)", final, "print job")
        _, pdf, kind = browser.get(f"/events/{event_id}/print/jobs/{job}/download/")
        if not pdf.startswith(b"%PDF-") or "application/pdf" not in kind:
            raise Failed(f"the print job's download is not a PDF ({kind}, {pdf[:20]!r})")
        (work / "results.pdf").write_bytes(pdf)
        say(f"    print job {job}: {len(pdf):,} bytes of PDF")
    return event_id, "Friday club night"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--wheel", help="install this wheel instead of building one")
    parser.add_argument("--python", default=sys.executable, help="the interpreter of the fresh environment")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder (its path is printed)")
    options = parser.parse_args(argv)
    steps = Steps()
    work = outside_checkout(Path(tempfile.mkdtemp(prefix="calypso-package-")))
    say(f"=== package smoke test in {work}")
    server = None
    log = work / "server.log"
    try:
        dist = work / "dist"
        if options.wheel:
            wheel = Path(options.wheel).resolve()
        else:
            with steps.step("build the wheel and the sdist (python -m build)"):
                build = [sys.executable, "-m", "build", "--outdir", dist, ROOT]
                run(build, cwd=ROOT, env=dict(os.environ), timeout=900)
                wheel = next(dist.glob("*.whl"))
                sdist = next(dist.glob("*.tar.gz"))
                names = zipfile.ZipFile(wheel).namelist()
                say(f"    {wheel.name}: {len(names)} files, {wheel.stat().st_size:,} bytes; {sdist.name}")
                missing = sorted(set(package_files()) - set(names))
                if missing:
                    raise Failed(f"the wheel lacks {len(missing)} files of the packages: {missing[:20]}")
                say(f"    every file of director/ and scoring/ is in it ({len(package_files())})")
        venv = outside_checkout(work / "env")
        with steps.step("a fresh virtual environment: the locked dependencies, the wheel, pip check"):
            run([options.python, "-m", "venv", venv], cwd=work)
            python = scripts(venv) / ("python.exe" if os.name == "nt" else "python")
            pip = [python, "-m", "pip", "--disable-pip-version-check", "-q"]
            # pip as this machine has it configured (its index, certificates, cache); not the app.
            run([*pip, "install", "-r", ROOT / "requirements.lock"], cwd=work, env=dict(os.environ), timeout=1800)
            run([*pip, "install", "--no-deps", wheel], cwd=work, env=dict(os.environ))
            say("    " + run([python, "-m", "pip", "check"], cwd=work).strip())
        exe = scripts(venv) / (COMMAND + (".exe" if os.name == "nt" else ""))
        here = work / "elsewhere"  # the current directory of every command: empty, not the checkout
        here.mkdir()
        data, restored = work / "data", work / "restored"
        with steps.step(f"{COMMAND} --help, and the code it runs is the installed copy"):
            for sub in ("", "run", "backup", "restore", "print", "export-event", "manage"):
                run([exe, *([sub] if sub else []), "--help", "--data", data], cwd=here)
            where = "import director; print(director.__file__)"
            shown = run([exe, "manage", "shell", "-c", where, "--data", data], cwd=here)
            if str(venv.resolve()) not in shown or str(ROOT) in shown:
                raise Failed(f"director was not imported from the fresh environment: {shown}")
        port = free_port()
        base = f"http://127.0.0.1:{port}/"
        with steps.step(f"{COMMAND} run --port {port} --data {data.name}: migrate, demo, serve"):
            server = subprocess.Popen(
                [str(exe), "run", "--port", str(port), "--data", str(data)],
                cwd=here,
                env=clean_env(),
                stdout=log.open("w", encoding="utf-8"),
                stderr=subprocess.STDOUT,
            )
            wait_until_serving(base, server, log)
            output = log.read_text(encoding="utf-8")
            for expected in (f"data folder {data.resolve()}", "Demo loaded.", f"password: {DEMO_PASSWORD}"):
                if expected not in output:
                    raise Failed(f"`run` did not print {expected!r}")
            say("    " + "\n    ".join(line for line in output.splitlines() if "Sign in" in line or "Serving" in line))
        event_id, name = audiences(Browser(base), steps, work)
        with steps.step(f"{COMMAND} print guide-cards --event {event_id}"):
            pdf = work / "guide-cards.pdf"
            run([exe, "print", "guide-cards", "--event", str(event_id), "--out", pdf, "--data", data], cwd=here)
            if not pdf.read_bytes().startswith(b"%PDF-"):
                raise Failed("`print` wrote no PDF")
            say(f"    {pdf.stat().st_size:,} bytes")
        backup = work / "night.zip"
        with steps.step(f"{COMMAND} backup while the server runs; restore into a new data folder"):
            say("    " + run([exe, "backup", backup, "--data", data], cwd=here).strip().splitlines()[0])
            say("    " + "\n    ".join(run([exe, "restore", backup, "--data", restored], cwd=here).splitlines()[:-1]))
        with steps.step("the restored folder holds the same event (export-event of both, byte for byte)"):
            exports = []
            for folder in (data, restored):
                out = work / f"event-{folder.name}.json"
                run([exe, "export-event", str(event_id), "--full", "--out", out, "--data", folder], cwd=here)
                exports.append(out.read_bytes())
            if exports[0] != exports[1] or json.loads(exports[0])["events"][0]["name"] != name:
                raise Failed("the restored data folder does not hold the same event")
            if (data / "secret_key").read_bytes() != (restored / "secret_key").read_bytes():
                raise Failed("the restored data folder has another secret key")
            say(f"    event {event_id} ({name}): {len(exports[0]):,} bytes, identical")
        with steps.step("stop the server (terminate) and see it gone"):
            server.terminate()
            code = server.wait(timeout=60)
            server = None
            tail = log.read_text(encoding="utf-8").rstrip().splitlines()[-1]
            if os.name != "nt" and (code != 0 or tail != "Stopped."):
                raise Failed(f"the server ended with {code}, last line {tail!r}")
            with contextlib.suppress(OSError), urllib.request.urlopen(base + "healthz", timeout=5):
                raise Failed("something still answers after the server stopped")
            say(f"    exit status {code}, last line {tail!r}")
    except (Failed, subprocess.TimeoutExpired, StopIteration) as error:
        say(f"FAILED: {error}")
        if log.exists():
            say("--- the server's output:\n" + log.read_text(encoding="utf-8")[-6000:])
        return 1
    finally:
        if server is not None:
            server.terminate()
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait(timeout=30)
        steps.summary()
        if options.keep:
            say(f"kept: {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    say("package smoke test: passed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
