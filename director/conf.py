"""Strict readers for environment variables.

A typo in a deployment's environment must stop the start-up with a message naming the
variable, never silently fall back to a default (``DEBUG=ture`` is an error, not False).
"""

from __future__ import annotations

import ipaddress
import os
import secrets
from pathlib import Path


class ConfigError(Exception):
    """A setting in the environment is malformed."""


_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


def env_str(name: str, default: str = "") -> str:
    return os.environ.get(name, default).strip()


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ConfigError(f"{name}={raw!r} is not a boolean; use one of 1/0, true/false, yes/no, on/off")


def env_int(name: str, default: int, *, minimum: int | None = None) -> int:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        value = int(raw.strip())
    except ValueError:
        raise ConfigError(f"{name}={raw!r} is not a whole number") from None
    if minimum is not None and value < minimum:
        raise ConfigError(f"{name}={value} must be at least {minimum}")
    return value


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return list(default)
    return [item.strip() for item in raw.split(",") if item.strip()]


def env_networks(name: str) -> list[str]:
    """A comma-separated list of IP addresses or networks (``172.18.0.0/16``, ``10.0.0.5``),
    each written back in its canonical form; anything that is neither is an error."""
    networks = []
    for item in env_list(name, []):
        try:
            networks.append(str(ipaddress.ip_network(item, strict=False)))
        except ValueError:
            raise ConfigError(f"{name}: {item!r} is not an IP address or network (e.g. 172.18.0.0/16)") from None
    return networks


def env_choice(name: str, default: str, choices: tuple[str, ...]) -> str:
    value = env_str(name, default)
    if value not in choices:
        raise ConfigError(f"{name}={value!r} must be one of: {', '.join(choices)}")
    return value


# The app's name for its folder in the user's data directory (platformdirs).
APP_NAME = "calypso-director"


def data_dir() -> Path:
    """Where this installation keeps its database, media, secret key, static root and backups.

    ``CALYPSO_DATA`` (what ``calypso-director --data DIR`` sets), else ``CALYPSO_DATA_DIR`` (the
    older name, which the Docker image and the checkout's ``make``/``manage.py`` set), else the
    user's own data folder for the app, as the platform has it (platformdirs: ``~/.local/share``
    on Linux, ``~/Library/Application Support`` on macOS, ``%LOCALAPPDATA%`` on Windows). Never
    the current directory, never the folder the code was installed in. Both names set to
    different folders is an error: one of them would be silently ignored.
    """
    new, old = env_str("CALYPSO_DATA"), env_str("CALYPSO_DATA_DIR")
    if new and old and Path(new).expanduser().resolve() != Path(old).expanduser().resolve():
        raise ConfigError(f"CALYPSO_DATA={new!r} and CALYPSO_DATA_DIR={old!r} name different folders; set one")
    if new or old:
        return Path(new or old).expanduser().resolve()
    import platformdirs  # only when no folder is named: the Docker image and tests always name one

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def secret_key(data_dir: Path) -> str:
    """The ``SECRET_KEY`` env var, else a key generated once into ``data_dir/secret_key``."""
    from_env = env_str("SECRET_KEY")
    if from_env:
        return from_env
    path = data_dir / "secret_key"
    if not path.exists():
        data_dir.mkdir(parents=True, exist_ok=True)
        # O_EXCL: two processes starting at once cannot both write a different key.
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            pass
        else:
            with os.fdopen(fd, "w") as handle:
                handle.write(secrets.token_urlsafe(50))
    return path.read_text().strip()
