"""The league server's process layout, run natively: what CI proves is what compose describes.

The commands are read from ``deploy/docker-compose.yml`` (services ``migrate``, ``web``,
``worker``) and changed only where a native run must differ from a container (see ``native``):
the executables come from this virtualenv, gunicorn binds a free port on 127.0.0.1, the worker
gets a hostname unique to this run and also imports the test-only probe tasks. The environment
is the compose file's app environment with native values for the same names.
``tests/deploy/test_compose.py`` checks that these are the only differences.
"""

from __future__ import annotations

import os
import secrets
import shlex
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import yaml

ROOT = Path(__file__).resolve().parents[2]
COMPOSE = ROOT / "deploy" / "docker-compose.yml"
BIN = Path(sys.executable).parent
PROBE_MODULE = "tests.integration.probe"


def compose() -> dict:
    return yaml.safe_load(COMPOSE.read_text())


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def with_database(url: str, name: str) -> str:
    """``url`` pointing at database ``name`` (pytest-django's ``test_<name>``)."""
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path="/" + name))


def executable(name: str) -> str:
    return sys.executable if name == "python" else str(BIN / name)


def native(service: str, command: list[str], *, port: int, hostname: str) -> list[str]:
    """A compose ``command`` as CI runs it on this machine (the only allowed differences)."""
    command = [executable(command[0]), *command[1:]]
    if service == "web":
        command[command.index("--bind") + 1] = f"127.0.0.1:{port}"
    if service == "worker":
        command[command.index("--hostname") + 1] = hostname
        command += ["--include", PROBE_MODULE]
    return command


def native_environment(compose_env: dict, *, tmp: Path, database_url: str, redis_url: str, port: int) -> dict:
    """Native values for every name the compose file's app environment sets (no more, no fewer)."""
    values = {
        "CALYPSO_ENV": "production",
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "CSRF_TRUSTED_ORIGINS": "",
        "PUBLIC_BASE_URL": f"http://127.0.0.1:{port}",
        "TIME_ZONE": "UTC",
        "LOG_LEVEL": "WARNING",
        "DATABASE_URL": database_url,
        "DB_CONN_MAX_AGE": "60",
        "REDIS_URL": redis_url,
        "CELERY_BROKER_URL": redis_url,
        "CELERY_RESULT_BACKEND": redis_url,
        "CELERY_TASK_SOFT_TIME_LIMIT": "60",
        "CELERY_TASK_TIME_LIMIT": "90",
        "CELERY_WORKER_CONCURRENCY": "2",
        "CALYPSO_WORKER_HEARTBEAT_FILE": str(tmp / "worker.alive"),
        "WEB_CONCURRENCY": "2",
        "BEHIND_TLS_PROXY": "1",
        "TRUSTED_PROXIES": "",  # the tests reach gunicorn directly, through no proxy
        "SESSION_COOKIE_SECURE": "1",
        "CSRF_COOKIE_SECURE": "1",
        "SECURE_HSTS_SECONDS": "60",
    }
    missing = sorted(set(compose_env) - set(values))
    extra = sorted(set(values) - set(compose_env))
    if missing or extra:
        raise RuntimeError(f"native environment out of step with docker-compose.yml: {missing=} {extra=}")
    return values


def dockerfile_env(dockerfile: Path = ROOT / "deploy" / "Dockerfile") -> dict[str, str]:
    """The ``ENV NAME=value ...`` pairs of the Dockerfile's last stage (continuation lines joined)."""
    text = dockerfile.read_text().replace("\\\n", " ")
    stage = text.split("\nFROM ")[-1]
    env = {}
    for line in stage.splitlines():
        if line.startswith("ENV "):
            for pair in shlex.split(line[4:]):
                name, _, value = pair.partition("=")
                env[name] = value
    return env


def image_environment(tmp: Path) -> dict[str, str]:
    """The image's settings (``dockerfile_env``), its absolute paths moved under ``tmp``."""
    return {
        name: str(tmp / value.lstrip("/")) if value.startswith("/") else value
        for name, value in dockerfile_env().items()
        if not name.startswith(("PATH", "PYTHON"))
    }


@dataclass
class Process:
    name: str
    command: list[str]
    log: Path
    popen: subprocess.Popen | None = None

    def start(self, env: dict) -> None:
        self.log.parent.mkdir(parents=True, exist_ok=True)
        with self.log.open("wb") as out:
            self.popen = subprocess.Popen(
                self.command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
            )

    def alive(self) -> bool:
        return self.popen is not None and self.popen.poll() is None

    def tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""

    def stop(self, grace: float = 20.0) -> None:
        """SIGTERM (gunicorn and Celery shut down warmly), then SIGKILL the group after ``grace``."""
        if not self.alive():
            return
        self.popen.send_signal(signal.SIGTERM)
        try:
            self.popen.wait(grace)
        except subprocess.TimeoutExpired:
            os.killpg(self.popen.pid, signal.SIGKILL)
            self.popen.wait(5)


@dataclass
class Stack:
    """The running processes and where to reach them."""

    tmp: Path
    env: dict
    port: int
    worker_hostname: str
    processes: dict[str, Process] = field(default_factory=dict)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def media_root(self) -> Path:
        return Path(self.env["MEDIA_ROOT"])

    def run(self, name: str, command: list[str], timeout: float = 120) -> None:
        """A one-shot command (collectstatic, migrate) that must succeed."""
        log = self.tmp / f"{name}.log"
        with log.open("wb") as out:
            code = subprocess.call(
                command, cwd=ROOT, env=self.env, stdout=out, stderr=subprocess.STDOUT, timeout=timeout
            )
        if code:
            raise RuntimeError(f"{name} failed ({code}):\n{log.read_text(errors='replace')[-3000:]}")

    def start(self, name: str, command: list[str]) -> Process:
        process = Process(name, command, self.tmp / f"{name}.log")
        self.processes[name] = process
        process.start(self.env)
        return process

    def get(self, path: str, timeout: float = 10) -> tuple[int, bytes]:
        request = urllib.request.Request(self.base_url + path)
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return response.status, response.read()
        except urllib.error.HTTPError as exc:
            return exc.code, exc.read()

    def wait_for_web(self, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self._check_alive("web")
            try:
                status, _ = self.get("/healthz", timeout=5)
            except OSError:
                time.sleep(0.2)
                continue
            if status in (200, 503):
                return
            raise RuntimeError(f"/healthz answered {status}:\n{self.processes['web'].tail()}")
        raise RuntimeError(f"gunicorn did not answer within {timeout} s:\n{self.processes['web'].tail()}")

    def wait_for_worker(self, timeout: float = 60) -> None:
        """Until this run's worker has beaten for every expected queue (read from the shared cache)."""
        from django.core.cache import cache

        from director.core.health import expected_queues, heartbeat_key

        deadline = time.monotonic() + timeout
        keys = [heartbeat_key(queue) for queue in expected_queues()]
        while time.monotonic() < deadline:
            self._check_alive("worker")
            beats = cache.get_many(keys)
            if all(beats.get(key, {}).get("worker") == self.worker_hostname for key in keys):
                return
            time.sleep(0.2)
        raise RuntimeError(f"worker sent no heartbeat within {timeout} s:\n{self.processes['worker'].tail()}")

    def _check_alive(self, name: str) -> None:
        process = self.processes[name]
        if not process.alive():
            raise RuntimeError(f"{name} exited with {process.popen.returncode}:\n{process.tail()}")

    def stop(self) -> None:
        for process in reversed(list(self.processes.values())):
            process.stop()


def start_stack(tmp: Path, *, database_url: str, redis_url: str) -> Stack:
    """collectstatic (as the Dockerfile does), then compose's migrate, web and worker, natively."""
    services = compose()["services"]
    port = free_port()
    env_names = services["web"]["environment"]
    env = {
        **os.environ,
        **image_environment(tmp),
        **native_environment(env_names, tmp=tmp, database_url=database_url, redis_url=redis_url, port=port),
        "HEALTHCHECK_PORT": str(port),
        "PYTHONPATH": str(ROOT),
    }
    for name in ("CALYPSO_TEST_DATABASE_URL", "CALYPSO_TEST_REDIS_URL"):
        env.pop(name, None)
    hostname = f"ci-{os.environ.get('CALYPSO_TEST_RUN_TAG', 'local')}-{os.getpid()}@%h"
    stack = Stack(tmp=tmp, env=env, port=port, worker_hostname=hostname.replace("%h", socket.gethostname()))
    try:
        stack.run("collectstatic", [sys.executable, "manage.py", "collectstatic", "--noinput"])
        stack.run("migrate", native("migrate", services["migrate"]["command"], port=port, hostname=hostname))
        stack.start("web", native("web", services["web"]["command"], port=port, hostname=hostname))
        stack.start("worker", native("worker", services["worker"]["command"], port=port, hostname=hostname))
        stack.wait_for_web()
        stack.wait_for_worker()
    except BaseException:
        stack.stop()
        raise
    return stack
