"""Static validation of the league-server deployment (no Docker engine on these machines).

deploy/docker-compose.yml, deploy/Dockerfile and deploy/env.example are checked against what the
settings actually read, against each other, and against the process layout CI runs natively
(tests/integration/stack.py); the two dependency locks against pyproject.toml and what the image
installs.
"""

from __future__ import annotations

import ast
import re
import shlex
import tomllib
from importlib import metadata
from pathlib import Path

import pytest
import yaml
from django.conf import settings
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from tests.integration import stack

ROOT = stack.ROOT
DEPLOY = ROOT / "deploy"
COMPOSE = yaml.safe_load((DEPLOY / "docker-compose.yml").read_text())
SERVICES = COMPOSE["services"]
APP_SERVICES = ("migrate", "web", "worker")
ENV_READERS = {"env_str", "env_bool", "env_int", "env_list", "env_choice", "env_networks"}
# Read by a process rather than by the settings: gunicorn reads WEB_CONCURRENCY itself.
PROCESS_ENV = {"WEB_CONCURRENCY"}
INTERPOLATION = re.compile(r"\$\{([A-Z0-9_]+)(?:(:?[-?])([^}]*))?\}")
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
# Named here as well as read from the dev extra, so the check cannot empty itself.
TEST_TOOLS = {"pytest", "pytest-django", "pytest-xdist", "hypothesis", "ruff", "playwright", "schemathesis"}


def settings_env_names() -> set[str]:
    """Every environment variable the project reads through director.conf's strict parsers."""
    names = set()
    for path in (ROOT / "director").rglob("*.py"):
        if "migrations" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", getattr(node.func, "attr", None)) in ENV_READERS
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                names.add(node.args[0].value)
    return names


def env_example() -> dict[str, dict]:
    """name -> {section, required, explained} for each ``NAME=`` or ``#NAME=`` line."""
    documented = {}
    section = None
    lines = (DEPLOY / "env.example").read_text().splitlines()
    for number, line in enumerate(lines):
        if line.startswith("# ====="):
            section = "app" if "the app" in line else "compose"
            continue
        match = re.match(r"^#?([A-Z][A-Z0-9_]*)=", line)
        if not match:
            continue
        above = number - 1
        while above >= 0 and re.match(r"^#?[A-Z][A-Z0-9_]*=", lines[above]):
            above -= 1  # a group of related names shares one explanation
        block = []
        while above >= 0 and lines[above].startswith("# ") and not lines[above].startswith("# ====="):
            block.insert(0, lines[above])
            above -= 1
        documented[match.group(1)] = {
            "section": section,
            "required": any("REQUIRED" in text for text in block),
            "explained": " ".join(block),
        }
    return documented


def interpolations() -> dict[str, str]:
    """``${NAME...}`` used anywhere in the compose file -> its operator (``-``, ``?`` or none)."""
    found = {}
    for name, operator, _ in INTERPOLATION.findall((DEPLOY / "docker-compose.yml").read_text()):
        found[name] = operator.lstrip(":") or found.get(name, "")
    return found


def dockerfile() -> str:
    return (DEPLOY / "Dockerfile").read_text()


# --- the environment -------------------------------------------------------------------------------


def test_the_scan_finds_the_settings_we_know_are_read():
    assert {"SECRET_KEY", "DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL", "ALLOWED_HOSTS"} <= settings_env_names()


def test_env_example_explains_every_setting_the_app_reads():
    documented = env_example()
    app_section = {name for name, doc in documented.items() if doc["section"] == "app"}
    assert sorted(settings_env_names() - app_section) == [], "read by the settings but not in env.example"
    assert sorted(app_section - settings_env_names()) == [], "in env.example's app section but never read"
    for name, doc in documented.items():
        assert len(doc["explained"]) > 30, f"{name} has no explanation above it in env.example"


def test_env_example_compose_section_lists_only_what_compose_or_gunicorn_reads():
    compose_section = {name for name, doc in env_example().items() if doc["section"] == "compose"}
    assert compose_section <= set(interpolations()) | PROCESS_ENV


def test_every_variable_compose_interpolates_is_documented_and_required_ones_are_marked():
    documented = env_example()
    for name, operator in interpolations().items():
        assert name in documented, f"docker-compose.yml uses ${{{name}}} but env.example does not explain it"
        assert documented[name]["required"] == (operator == "?"), f"{name}: REQUIRED in env.example iff :? in compose"


@pytest.mark.parametrize("service", APP_SERVICES)
def test_app_services_set_only_names_the_settings_read(service):
    names = set(SERVICES[service]["environment"])
    assert sorted(names - settings_env_names() - PROCESS_ENV) == []
    needed = {
        "CALYPSO_ENV",
        "SECRET_KEY",
        "ALLOWED_HOSTS",
        "PUBLIC_BASE_URL",
        "DATABASE_URL",
        "REDIS_URL",
        "CELERY_BROKER_URL",
        "CELERY_TASK_SOFT_TIME_LIMIT",
        "CELERY_TASK_TIME_LIMIT",
    }
    assert needed <= names
    assert SERVICES[service]["environment"]["CALYPSO_ENV"] == "production"


def test_database_and_redis_urls_point_at_the_compose_services():
    env = SERVICES["web"]["environment"]
    postgres = SERVICES["postgres"]["environment"]
    database = re.match(r"postgres://(\w+):\$\{POSTGRES_PASSWORD[^}]*\}@(\w+):(\d+)/(\w+)$", env["DATABASE_URL"])
    assert database, env["DATABASE_URL"]
    user, host, port, name = database.groups()
    assert (user, host, port, name) == (postgres["POSTGRES_USER"], "postgres", "5432", postgres["POSTGRES_DB"])
    assert postgres["POSTGRES_PASSWORD"].startswith("${POSTGRES_PASSWORD")
    for name in ("REDIS_URL", "CELERY_BROKER_URL", "CELERY_RESULT_BACKEND"):
        assert env[name].startswith("redis://redis:6379/"), name
    # The cache (heartbeats, public pages) lives apart from the broker's queues.
    assert env["REDIS_URL"] != env["CELERY_BROKER_URL"]


# --- services, volumes, ports, dependencies ------------------------------------------------------------


def test_the_services_are_the_league_server():
    assert set(SERVICES) == {"postgres", "redis", "migrate", "web", "worker", "proxy"}
    assert SERVICES["proxy"]["profiles"] == ["tls"]  # optional, HTTPS only
    for service in APP_SERVICES:
        spec = SERVICES[service]
        assert spec["image"] == "calypso-director:latest"
        assert spec["build"] == {"context": "..", "dockerfile": "deploy/Dockerfile"}
        assert (DEPLOY / spec["build"]["context"] / spec["build"]["dockerfile"]).is_file()
    assert SERVICES["migrate"]["restart"] == "no"


def test_volumes_are_declared_used_and_shared_by_web_and_worker():
    declared = set(COMPOSE["volumes"])
    used = set()
    for name, spec in SERVICES.items():
        for volume in spec.get("volumes", []):
            source, target = volume.split(":")[:2]
            if source.startswith("."):
                assert (DEPLOY / source).exists(), f"{name} mounts missing {source}"
            else:
                assert source in declared, f"{name} uses undeclared volume {source}"
                used.add(source)
            assert target.startswith("/")
    assert used == declared
    data_dir = stack.dockerfile_env()["CALYPSO_DATA_DIR"]
    # PDFs written by the worker are served by the web app: both mount the data volume there.
    assert "data:" + data_dir in SERVICES["web"]["volumes"]
    assert "data:" + data_dir in SERVICES["worker"]["volumes"]


def test_only_the_web_app_and_the_proxy_publish_ports_and_gunicorn_only_on_loopback():
    published = {name: spec["ports"] for name, spec in SERVICES.items() if "ports" in spec}
    assert set(published) == {"web", "proxy"}
    (web_port,) = published["web"]
    host_ip, _host_port, container_port = re.fullmatch(r"([\d.]+):(\$\{HTTP_PORT:-\d+\}):(\d+)", web_port).groups()
    assert host_ip == "127.0.0.1"
    bind = SERVICES["web"]["command"][SERVICES["web"]["command"].index("--bind") + 1]
    assert bind == f"0.0.0.0:{container_port}"
    assert re.search(rf"^EXPOSE {container_port}$", dockerfile(), re.M)
    assert sorted(published["proxy"]) == ["443:443", "80:80"]


def test_dependencies_exist_and_wait_for_health_or_completion():
    for name, spec in SERVICES.items():
        for dependency, condition in spec.get("depends_on", {}).items():
            assert dependency in SERVICES, f"{name} depends on unknown {dependency}"
            if condition["condition"] == "service_healthy":
                assert "healthcheck" in SERVICES[dependency], f"{name} waits for {dependency}'s missing healthcheck"
    assert SERVICES["migrate"]["depends_on"] == {"postgres": {"condition": "service_healthy"}}
    for service in ("web", "worker"):
        assert SERVICES[service]["depends_on"] == {
            "migrate": {"condition": "service_completed_successfully"},
            "redis": {"condition": "service_healthy"},
        }


@pytest.mark.parametrize("service", ["postgres", "redis", "web", "worker"])
def test_long_running_services_have_healthchecks(service):
    check = SERVICES[service]["healthcheck"]
    assert check["test"][0] == "CMD"
    if service in ("web", "worker"):
        assert check["test"][1:] == ["python", "deploy/healthcheck.py", service]
        assert (ROOT / "deploy" / "healthcheck.py").is_file()


def test_the_worker_consumes_the_default_and_pdf_queues_with_the_settings_time_limits():
    from director.core.health import expected_queues

    command = SERVICES["worker"]["command"]
    assert command[:4] == ["celery", "-A", "director", "worker"]
    queues = command[command.index("--queues") + 1].split(",")
    assert sorted(queues) == expected_queues() == ["default", "pdf"]
    # Time limits come from the settings (one place), not from the command line.
    assert not {"--time-limit", "--soft-time-limit", "-Q", "--concurrency", "-c"} & set(command)
    assert settings.CELERY_TASK_SOFT_TIME_LIMIT < settings.CELERY_TASK_TIME_LIMIT
    grace = re.fullmatch(r"(\d+)m", SERVICES["worker"]["stop_grace_period"])
    assert int(grace.group(1)) * 60 > settings.CELERY_TASK_TIME_LIMIT


def test_the_web_command_serves_the_wsgi_app_with_whitenoise():
    command = SERVICES["web"]["command"]
    assert command[:2] == ["gunicorn", settings.WSGI_APPLICATION.rsplit(".", 1)[0]]
    assert "whitenoise.middleware.WhiteNoiseMiddleware" in settings.MIDDLEWARE
    assert SERVICES["migrate"]["command"] == ["python", "manage.py", "migrate", "--noinput"]


# --- the Dockerfile ------------------------------------------------------------------------------------------


def test_dockerfile_stages_install_the_lock_collect_static_and_drop_root():
    text = dockerfile()
    stages = re.findall(r"^FROM (\S+) AS (\w+)$", text, re.M)
    assert stages == [("python:3.11-slim", "build"), ("python:3.11-slim", "runtime")]
    requires = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["requires-python"]
    assert ">=3.11" in requires
    build, runtime = text.split("\nFROM python:3.11-slim AS runtime")
    assert "COPY requirements.lock /tmp/requirements.lock" in build
    assert "pip install -r /tmp/requirements.lock" in build
    assert "COPY --from=build /venv /venv" in runtime
    assert "manage.py collectstatic --noinput" in runtime
    users = re.findall(r"^USER (\S+)$", runtime, re.M)
    assert users and users[-1] not in {"root", "0"}
    last_run = max(m.start() for m in re.finditer(r"^RUN ", runtime, re.M))
    assert runtime.index("USER ") > last_run, "every RUN after USER would run as the app user; none may follow"
    cmd = shlex.split(re.search(r"^CMD (.+)$", runtime, re.M).group(1).replace(",", " ").strip("[]"))
    assert cmd[:4] == SERVICES["web"]["command"][:4]


def test_dockerfile_env_matches_the_settings_and_the_data_volume():
    env = stack.dockerfile_env()
    for name in set(env) - {"PATH", "PYTHONDONTWRITEBYTECODE", "PYTHONUNBUFFERED"}:
        assert name in settings_env_names(), f"Dockerfile sets {name}, which the settings never read"
    assert env["CALYPSO_ENV"] == "production"
    data_dir = env["CALYPSO_DATA_DIR"]
    assert re.search(rf'^VOLUME \["{data_dir}"\]$', dockerfile(), re.M)
    assert env["MEDIA_ROOT"].startswith(data_dir + "/")
    assert not env["STATIC_ROOT"].startswith(data_dir + "/"), "static files must not hide under the volume"


def test_dockerignore_keeps_local_state_and_secrets_out_of_the_image():
    ignored = (DEPLOY / "Dockerfile.dockerignore").read_text().split()
    assert {".git", ".venv", "var", "deploy/.env", "tests"} <= set(ignored)
    assert "deploy" not in ignored  # the healthcheck script ships in the image


# --- the dependency locks ------------------------------------------------------------------------------


def names(requirements: list[str]) -> set[str]:
    return {canonicalize_name(Requirement(line).name) for line in requirements}


def requirement_lines(path: Path) -> list[str]:
    lines = (line.split(" #", 1)[0].strip() for line in path.read_text().splitlines())
    return [line for line in lines if line and not line.startswith("#")]


def pins(path: Path, *, follow: bool = True) -> dict[str, str]:
    """Name -> version of every pin in a requirements file (and the files it includes with ``-r``,
    unless ``follow`` is off). Anything but an exact ``name==version`` fails."""
    found = {}
    for line in requirement_lines(path):
        option, _, included = line.partition(" ")
        if option in ("-r", "--requirement"):
            found |= pins(path.parent / included.strip()) if follow else {}
            continue
        requirement = Requirement(line)
        assert [spec.operator for spec in requirement.specifier] == ["=="], f"{path.name}: {line!r} is not pinned"
        found[canonicalize_name(requirement.name)] = next(iter(requirement.specifier)).version
    return found


def image_installs() -> dict[str, str]:
    """Name -> version of what the Dockerfile's ``pip install`` commands install: the pins of each
    requirements file (traced back through its COPY to the repository's file) and any package named
    on the command line (as ``"unpinned"``)."""
    text = dockerfile().replace("\\\n", " ")
    copied = {target: source for source, target in re.findall(r"^COPY (\S+) (\S+)$", text, re.M)}
    installed = {}
    for run in re.findall(r"^RUN (.+)$", text, re.M):
        for command in re.split(r"&&|;", run):
            words = shlex.split(command)
            pip = [i for i, word in enumerate(words[:-1]) if Path(word).name == "pip" and words[i + 1] == "install"]
            args = iter(words[pip[0] + 2 :] if pip else [])
            for arg in args:
                if arg in ("-r", "--requirement"):
                    target = next(args)
                    assert target in copied, f"the image installs {target}, which no COPY line brings in"
                    installed |= pins(ROOT / copied[target])
                elif not arg.startswith("-"):
                    installed[canonicalize_name(Requirement(arg).name)] = "unpinned"
    return installed


def dependency_closure(requirements: list[str]) -> set[str]:
    """The names of these requirements and of everything they need on this platform, with their
    extras, read from the installed packages' metadata (make test installs both locks first)."""
    extras_of: dict[str, set[str]] = {}
    todo = [Requirement(line) for line in requirements]
    while todo:
        requirement = todo.pop()
        name = canonicalize_name(requirement.name)
        if name in extras_of and requirement.extras <= extras_of[name]:
            continue
        extras = extras_of[name] = extras_of.get(name, set()) | requirement.extras
        for line in metadata.requires(name) or []:
            dependency = Requirement(line)
            marker = dependency.marker
            if marker is None or any(marker.evaluate({"extra": extra}) for extra in extras or {""}):
                todo.append(dependency)
    return set(extras_of)


def test_the_image_installs_the_runtime_lock_and_no_test_tool():
    installed = image_installs()
    runtime = pins(ROOT / "requirements.lock")
    assert installed == runtime, "the image installs requirements.lock and nothing else"
    dev_tools = TEST_TOOLS | names(PROJECT["optional-dependencies"]["dev"])
    assert sorted(dev_tools & set(installed)) == [], "a test tool would be installed in the image"
    assert sorted(names(PROJECT["dependencies"]) - set(runtime)) == [], "[project] dependencies not pinned"


def test_requirements_lock_pins_exactly_what_the_project_dependencies_need():
    # Nothing only the dev extra pulls in (pluggy, requests, ...), and nothing the app needs left
    # unpinned for pip to fetch at whatever version is newest when the image is built.
    needed = dependency_closure(PROJECT["dependencies"])
    pinned = set(pins(ROOT / "requirements.lock"))
    assert (sorted(needed - pinned), sorted(pinned - needed)) == ([], []), "(unpinned, not needed)"


def test_requirements_dev_lock_is_the_runtime_lock_plus_the_dev_extra():
    dev_lock = ROOT / "requirements-dev.lock"
    assert requirement_lines(dev_lock)[0] == "-r requirements.lock"
    runtime, own, everything = pins(ROOT / "requirements.lock"), pins(dev_lock, follow=False), pins(dev_lock)
    assert sorted(set(own) & set(runtime)) == [], "pinned in both locks: they could disagree"
    assert sorted(TEST_TOOLS - set(own)) == []
    assert sorted(names(PROJECT["optional-dependencies"]["dev"]) - set(everything)) == [], "dev extra not pinned"
    needed = dependency_closure(PROJECT["dependencies"] + PROJECT["optional-dependencies"]["dev"])
    assert (sorted(needed - set(everything)), sorted(set(everything) - needed)) == ([], []), "(unpinned, not needed)"


# --- the process layout CI runs natively ------------------------------------------------------------------


@pytest.mark.parametrize("service", APP_SERVICES)
def test_ci_runs_the_compose_commands_with_only_the_documented_differences(service):
    command = SERVICES[service]["command"]
    native = stack.native(service, command, port=45678, hostname="ci-1@host")
    assert Path(native[0]).name == Path(command[0]).name or command[0] == "python"
    expected = list(command[1:])
    if service == "web":
        expected[expected.index("--bind") + 1] = "127.0.0.1:45678"
    if service == "worker":
        expected[expected.index("--hostname") + 1] = "ci-1@host"
        expected += ["--include", stack.PROBE_MODULE]
    assert native[1:] == expected


def test_ci_sets_exactly_the_compose_environment_and_the_image_environment(tmp_path):
    compose_env = SERVICES["web"]["environment"]
    for service in APP_SERVICES:
        assert SERVICES[service]["environment"] == compose_env  # one shared block (x-app)
    native = stack.native_environment(
        compose_env, tmp=tmp_path, database_url="postgres://x/y", redis_url="redis://z/0", port=1
    )
    assert set(native) == set(compose_env)
    assert native["CALYPSO_ENV"] == compose_env["CALYPSO_ENV"]
    image = stack.image_environment(tmp_path)
    assert set(image) == set(stack.dockerfile_env()) - {"PATH", "PYTHONDONTWRITEBYTECODE", "PYTHONUNBUFFERED"}
    assert all(value.startswith(str(tmp_path)) for name, value in image.items() if name != "CALYPSO_ENV")


def test_ci_script_provisions_the_services_and_runs_make_test():
    script = (ROOT / ".ci" / "run").read_text()
    assert "make test" in script
    assert "CALYPSO_TEST_DATABASE_URL=postgres://" in script
    assert "CALYPSO_TEST_REDIS_URL=redis://127.0.0.1" in script
