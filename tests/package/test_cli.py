"""`calypso-director` (director/cli.py): every sub-command has its help, the data folder is the one
asked for and is said, and backup / restore / run work on it from any current directory. The
installed wheel is exercised end to end by tests/package/smoke.py (`.ci/run`)."""

from __future__ import annotations

import contextlib
import os
import sqlite3
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from director import cli, conf

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    "argv,data,rest",
    [
        (["run", "--data", "D", "--port", "9"], "D", ["run", "--port", "9"]),
        (["--data=D", "print", "results", "--event", "1"], "D", ["print", "results", "--event", "1"]),
        (["manage", "migrate"], None, ["manage", "migrate"]),
    ],
)
def test_the_data_option_is_taken_wherever_it_stands(argv, data, rest):
    assert cli.take_data_option(argv) == (data, rest)


@pytest.mark.parametrize("command", ["run", "backup", "restore"])
def test_each_own_sub_command_has_its_help(command, capsys):
    with pytest.raises(SystemExit) as stop:
        cli.main([command, "--help"])
    assert stop.value.code == 0
    text = capsys.readouterr().out
    assert f"usage: calypso-director {command}" in text and "--data DIR" in text
    if command == "run":
        assert all(option in text for option in ("--port", "--host", "--lan", "--no-demo"))


@pytest.mark.parametrize(
    "command,option",
    [("print", "--event"), ("export-event", "--full"), ("import-event", "file"), ("send-results", "--corrections")],
)
def test_the_django_commands_help_is_theirs_under_the_sub_commands_name(command, option, capsys):
    with pytest.raises(SystemExit) as stop:
        cli.main([command, "--help"])
    assert stop.value.code == 0
    text = capsys.readouterr().out
    assert f"usage: calypso-director {command}" in text and option in text


def test_the_top_level_help_lists_every_sub_command(capsys):
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    text = capsys.readouterr().out
    for command in ("run", "createdirector", "backup", "restore", "export-event", "import-event", "print", "manage"):
        assert f"\n    {command}" in text


# --- the data folder ----------------------------------------------------------------------------------


def test_the_data_folder_is_the_one_named_else_the_users_own(monkeypatch, tmp_path):
    monkeypatch.delenv("CALYPSO_DATA", raising=False)
    monkeypatch.delenv("CALYPSO_DATA_DIR", raising=False)
    default = conf.data_dir()
    assert default.name == "calypso-director" and not default.is_relative_to(ROOT)
    assert default != Path.cwd() / "var"
    monkeypatch.setenv("CALYPSO_DATA_DIR", str(tmp_path / "old"))
    assert conf.data_dir() == tmp_path / "old"
    monkeypatch.setenv("CALYPSO_DATA", str(tmp_path / "old"))
    assert conf.data_dir() == tmp_path / "old"  # both naming one folder is fine
    monkeypatch.setenv("CALYPSO_DATA", str(tmp_path / "new"))
    with pytest.raises(conf.ConfigError, match=r"CALYPSO_DATA=.*CALYPSO_DATA_DIR=.*different folders"):
        conf.data_dir()
    monkeypatch.delenv("CALYPSO_DATA_DIR")
    assert conf.data_dir() == tmp_path / "new"


def director(python, *args, data: Path, cwd: Path, **extra: str) -> subprocess.CompletedProcess:
    """``python -m director ARGS --data DATA`` from another folder, the checkout only on the path, in
    a fresh Python (``fresh_python``: forked from a zygote that imported Django and the other
    libraries, not the project, ≈ 1 s of CPU less a run)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CALYPSO_", "DJANGO_", "DATABASE_URL"))}
    env |= {"PYTHONPATH": str(ROOT), **extra}
    return python.run(
        [sys.executable, "-m", "director", *map(str, args), "--data", str(data)],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


UPGRADE = """
import django, io
django.setup()
from django.core.management import call_command
from director.demo.management.commands.serve import backup_before_migrating
call_command("migrate", verbosity=0)
call_command("migrate", "axes", "zero", verbosity=0)  # as if a new version brought axes' migrations
out = io.StringIO()
backup_before_migrating(out)
print(out.getvalue())
"""


def test_a_data_folder_from_its_first_director_through_backup_restore_and_an_upgrade(tmp_path, fresh_python):
    """One data folder's life through the command, run from another folder each time: nothing to
    back up at first; ``createdirector`` works on the new folder before any run (it migrates it);
    the folder is backed up and restored into another, its director and secret key with it, and
    ``manage`` reaches Django's commands there; a run that finds migrations to apply backs the
    database up first. The folder is migrated once (three separate tests migrated three, ≈ 2 s of
    CPU each)."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    data, other = tmp_path / "data", tmp_path / "other"
    refused = director(fresh_python, "backup", data=data, cwd=elsewhere)
    assert refused.returncode == 2 and "no database to back up" in refused.stderr
    assert f"data folder {data}" in refused.stderr  # the command says where

    password = {"CALYPSO_DIRECTOR_PASSWORD": "a long enough password"}
    made = director(
        fresh_python, "createdirector", "ann", "--club", "Our Club", "--no-input", data=data, cwd=elsewhere, **password
    )
    assert made.returncode == 0, made.stderr
    assert "ann directs Our Club (owner)" in made.stdout

    made = director(fresh_python, "backup", tmp_path / "b.zip", data=data, cwd=elsewhere)
    assert made.returncode == 0, made.stderr
    assert "Backup written" in made.stdout and zipfile.is_zipfile(tmp_path / "b.zip")
    restored = director(fresh_python, "restore", tmp_path / "b.zip", data=other, cwd=elsewhere)
    assert restored.returncode == 0, restored.stderr
    assert (other / "calypso.sqlite3").exists() and (other / "secret_key").read_text() == (
        data / "secret_key"
    ).read_text()
    with contextlib.closing(sqlite3.connect(other / "calypso.sqlite3")) as database:
        assert database.execute("SELECT username FROM auth_user").fetchall() == [("ann",)]
    checked = director(fresh_python, "manage", "migrate", "--check", data=other, cwd=elsewhere)
    assert checked.returncode == 0, checked.stdout + checked.stderr  # every migration is applied there
    assert list(elsewhere.iterdir()) == []  # nothing written where the command was run

    env = {k: v for k, v in os.environ.items() if not k.startswith(("CALYPSO_", "DJANGO_", "DATABASE_URL"))}
    env |= {"CALYPSO_DATA": str(other), "DJANGO_SETTINGS_MODULE": "director.settings", "PYTHONPATH": str(ROOT)}
    done = fresh_python.run([sys.executable, "-c", UPGRADE], cwd=elsewhere, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "migrations to apply: the database was backed up first to" in done.stdout
    (made,) = (other / "backups").iterdir()
    assert made.name.startswith("calypso-before-migrate-") and zipfile.is_zipfile(made)
