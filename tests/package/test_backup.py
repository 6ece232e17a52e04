"""director/backup.py: `calypso-director backup` / `restore` (standard library only, no Django).

A backup taken while another connection writes holds one consistent state — everything committed,
including what still sits in the -wal file, and nothing of an open transaction; a restore brings
back the database, the secret key and the media files, saves what it replaces, and refuses a file
that is not a backup or that would write outside the media folder."""

from __future__ import annotations

import contextlib
import json
import sqlite3
import zipfile
from pathlib import Path
from types import SimpleNamespace

import pytest

from director import backup


def layout(folder: Path) -> backup.Layout:
    return backup.Layout(folder / "calypso.sqlite3", folder / "secret_key", folder / "media", folder / "backups")


def connect(path: Path) -> sqlite3.Connection:
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA wal_autocheckpoint=0")  # what is committed stays in the -wal file
    return db


def rows(path: Path) -> list[str]:
    with contextlib.closing(sqlite3.connect(path)) as db:
        return [name for (name,) in db.execute("SELECT name FROM sheet ORDER BY id")]


@pytest.fixture
def night(tmp_path) -> backup.Layout:
    """A data folder in use: a WAL database with two committed rows, a key and a generated PDF."""
    where = layout(tmp_path / "data")
    where.database.parent.mkdir()
    with contextlib.closing(connect(where.database)) as db:
        db.execute("CREATE TABLE sheet (id INTEGER PRIMARY KEY, name TEXT)")
        db.execute("INSERT INTO sheet (name) VALUES ('table 1'), ('table 2')")
    where.secret_key.write_text("the-key")
    (where.media / "print").mkdir(parents=True)
    (where.media / "print" / "results.pdf").write_bytes(b"%PDF-1.4 results")
    return where


def test_a_backup_taken_mid_write_holds_what_was_committed_and_nothing_half_done(night, tmp_path):
    writer = connect(night.database)  # open throughout: nothing checkpoints the -wal file on close
    try:
        with contextlib.closing(connect(night.database)) as other:
            other.execute("INSERT INTO sheet (name) VALUES ('table 3')")  # committed, in the -wal file only
        writer.execute("BEGIN IMMEDIATE")  # a phone's sheet being written, not yet committed
        writer.execute("INSERT INTO sheet (name) VALUES ('table 4, half written')")
        assert Path(f"{night.database}-wal").stat().st_size > 0
        made = backup.take(night, tmp_path / "mid-night.zip")
    finally:
        writer.execute("ROLLBACK")
        writer.close()
    with zipfile.ZipFile(made) as archive:
        assert json.loads(archive.read("backup.json"))["format"] == backup.FORMAT
        assert sorted(archive.namelist()) == ["backup.json", "calypso.sqlite3", "media/print/results.pdf", "secret_key"]
        (tmp_path / "copy.sqlite3").write_bytes(archive.read("calypso.sqlite3"))
    assert rows(tmp_path / "copy.sqlite3") == ["table 1", "table 2", "table 3"]
    backup.check_integrity(tmp_path / "copy.sqlite3")


def test_a_backup_goes_into_the_backups_folder_by_default_and_never_half_named(night):
    made = backup.take(night, reason="before-migrate")
    assert made.parent == night.backups and made.name.startswith("calypso-before-migrate-")
    assert [p.name for p in night.backups.iterdir()] == [made.name]


def test_restore_into_a_new_folder_brings_back_database_key_and_media(night, tmp_path):
    made = backup.take(night, tmp_path / "night.zip")
    fresh = layout(tmp_path / "fresh")
    assert backup.restore(fresh, made) is None  # nothing was there to save
    assert rows(fresh.database) == ["table 1", "table 2"]
    assert fresh.secret_key.read_text() == "the-key"
    assert (fresh.media / "print" / "results.pdf").read_bytes() == b"%PDF-1.4 results"


def test_restore_over_a_used_database_saves_it_first(night, tmp_path):
    made = backup.take(night, tmp_path / "night.zip")
    with contextlib.closing(connect(night.database)) as db:
        db.execute("INSERT INTO sheet (name) VALUES ('entered after the backup')")
    saved = backup.restore(night, made)
    assert rows(night.database) == ["table 1", "table 2"]
    assert saved.parent == night.backups and "before-restore" in saved.name
    backup.restore(layout(tmp_path / "undo"), saved)
    assert rows(tmp_path / "undo" / "calypso.sqlite3")[-1] == "entered after the backup"


def test_a_bare_sqlite_file_restores_too(night, tmp_path):
    copy = tmp_path / "plain.sqlite3"
    backup.copy_database(night.database, copy)
    fresh = layout(tmp_path / "fresh")
    backup.restore(fresh, copy)
    assert rows(fresh.database) == ["table 1", "table 2"]


def forged(tmp_path: Path, night: backup.Layout, members: dict[str, bytes], manifest=None) -> Path:
    path = tmp_path / "forged.zip"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("backup.json", json.dumps(manifest or {"format": backup.FORMAT}))
        archive.write(night.database, "calypso.sqlite3")
        for name, data in members.items():
            archive.writestr(name, data)
    return path


@pytest.mark.parametrize(
    "member", ["media/../../evil.txt", "media/a/../../../evil.txt", "media/..\\..\\evil.txt", "media/C:/evil.txt"]
)
def test_restore_refuses_a_file_that_would_land_outside_the_media_folder(night, tmp_path, member):
    fresh = layout(tmp_path / "fresh")
    with pytest.raises(backup.BackupError, match="outside the media folder"):
        backup.restore(fresh, forged(tmp_path, night, {member: b"x"}))
    assert not (tmp_path / "evil.txt").exists()


def test_restore_refuses_what_is_not_a_backup(night, tmp_path):
    with pytest.raises(backup.BackupError, match="not a Calypso Director backup"):
        backup.restore(layout(tmp_path / "a"), forged(tmp_path, night, {}, manifest={"format": "other/1"}))
    text = tmp_path / "notes.txt"
    text.write_text("hello")
    with pytest.raises(backup.BackupError, match="neither"):
        backup.restore(layout(tmp_path / "b"), text)
    with pytest.raises(backup.BackupError, match="no backup file"):
        backup.restore(layout(tmp_path / "c"), tmp_path / "missing.zip")
    with pytest.raises(backup.BackupError, match="no database to back up"):
        backup.take(layout(tmp_path / "empty"))


def test_postgresql_is_backed_up_with_its_own_tools():
    settings = SimpleNamespace(DATABASES={"default": {"ENGINE": "django.db.backends.postgresql", "NAME": "calypso"}})
    with pytest.raises(backup.BackupError, match="pg_dump"):
        backup.layout_of(settings)
