"""Backups of a laptop's data folder: ``calypso-director backup`` / ``restore``.

A backup is one zip file: the SQLite database copied with SQLite's online backup API
(``sqlite3.Connection.backup``: the copy is one consistent state of the database even while the
server is writing, e.g. phones submitting mid-night, and it holds what is still in the ``-wal``
file), the secret key (sessions are signed with it) and the media files (generated PDFs). A
manifest (``backup.json``) names the format. A restore writes the database back through the same
API, so a stale ``-wal``/``-shm`` pair left beside the file cannot mix old pages into the new
copy, and it saves what it replaces first.

Standard library only, no Django: ``director.cli`` passes the paths from the settings. PostgreSQL
has its own tool for this (``pg_dump``), see docs/backup.md.
"""

from __future__ import annotations

import contextlib
import datetime
import json
import shutil
import sqlite3
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

FORMAT = "calypso-backup/1"
MANIFEST = "backup.json"
DATABASE = "calypso.sqlite3"
SECRET_KEY = "secret_key"
MEDIA = "media"
SQLITE_HEADER = b"SQLite format 3\x00"


class BackupError(Exception):
    """A backup cannot be taken or restored; the message says why."""


@dataclass(frozen=True)
class Layout:
    """Where one installation keeps what a backup holds."""

    database: Path
    secret_key: Path
    media: Path
    backups: Path


def layout_of(settings) -> Layout:
    """The layout of the installation Django's ``settings`` describe (an SQLite database only)."""
    database = settings.DATABASES["default"]
    if not database["ENGINE"].endswith("sqlite3"):
        raise BackupError(
            "the database is PostgreSQL (DATABASE_URL): back it up with pg_dump and restore it with "
            "pg_restore (docs/backup.md, deploy/README.md)"
        )
    return Layout(
        database=Path(database["NAME"]),
        secret_key=Path(settings.DATA_DIR) / "secret_key",
        media=Path(settings.MEDIA_ROOT),
        backups=Path(settings.DATA_DIR) / "backups",
    )


def stamp(now: datetime.datetime | None = None) -> str:
    """A file-name-safe local time, sortable: ``2026-11-22-213005``."""
    return (now or datetime.datetime.now()).strftime("%Y-%m-%d-%H%M%S")


def copy_database(source: Path, target: Path) -> None:
    """Copy the SQLite database ``source`` into ``target`` (created or overwritten in place) with
    SQLite's online backup API. Both connections are closed before returning (Windows keeps a file
    open by a connection locked)."""
    with contextlib.closing(sqlite3.connect(source)) as src, contextlib.closing(sqlite3.connect(target)) as dst:
        src.backup(dst)


def is_sqlite(path: Path) -> bool:
    with open(path, "rb") as handle:
        return handle.read(len(SQLITE_HEADER)) == SQLITE_HEADER


def has_tables(path: Path) -> bool:
    """Whether the SQLite file at ``path`` exists and holds any table (a used database)."""
    if not path.exists() or path.stat().st_size == 0:
        return False
    with contextlib.closing(sqlite3.connect(path)) as db:
        return db.execute("SELECT count(*) FROM sqlite_master WHERE type = 'table'").fetchone()[0] > 0


def check_integrity(path: Path) -> None:
    with contextlib.closing(sqlite3.connect(path)) as db:
        result = db.execute("PRAGMA integrity_check").fetchone()[0]
    if result != "ok":
        raise BackupError(f"the database in the backup is damaged (integrity check: {result})")


def take(layout: Layout, out: Path | None = None, *, reason: str = "") -> Path:
    """Write a backup of ``layout`` to ``out`` (default: a new file in the backups folder) and
    return its path. ``reason`` goes into the file name (``before-migrate``, ``before-restore``)."""
    if not layout.database.exists():
        raise BackupError(f"there is no database to back up at {layout.database}")
    if out is None:
        name = "-".join(part for part in ("calypso", reason, stamp()) if part)
        out = layout.backups / f"{name}.zip"
    out.parent.mkdir(parents=True, exist_ok=True)
    manifest = {"format": FORMAT, "created": datetime.datetime.now(datetime.UTC).isoformat(), "database": DATABASE}
    partial = out.with_name(out.name + ".partial")
    with tempfile.TemporaryDirectory(prefix="calypso-backup-") as scratch:
        copy = Path(scratch) / DATABASE
        copy_database(layout.database, copy)
        with zipfile.ZipFile(partial, "w", compression=zipfile.ZIP_DEFLATED) as archive:
            archive.writestr(MANIFEST, json.dumps(manifest, indent=2) + "\n")
            archive.write(copy, DATABASE)
            if layout.secret_key.exists():
                archive.write(layout.secret_key, SECRET_KEY)
            if layout.media.is_dir():
                for path in sorted(layout.media.rglob("*")):
                    if path.is_file():
                        member = PurePosixPath(MEDIA, *path.relative_to(layout.media).parts)
                        archive.write(path, str(member))
    partial.replace(out)  # a backup interrupted half-way never has the final name
    return out


def _media_target(layout: Layout, member: str) -> Path | None:
    """Where a ``media/...`` member of the archive goes, or None when it would leave the media folder."""
    parts = PurePosixPath(member).parts
    if len(parts) < 2 or parts[0] != MEDIA or ".." in parts or ":" in member or "\\" in member:
        return None
    return layout.media.joinpath(*parts[1:])


def restore(layout: Layout, backup: Path) -> Path | None:
    """Restore ``backup`` (a zip from ``take``, or a bare SQLite file) into ``layout``. A database
    already in use there is backed up first; that backup's path is returned (None if there was
    nothing to save). The server must be stopped while this runs."""
    if not backup.is_file():
        raise BackupError(f"no backup file at {backup}")
    with tempfile.TemporaryDirectory(prefix="calypso-restore-") as scratch:
        database = Path(scratch) / DATABASE
        archive = None
        if is_sqlite(backup):
            shutil.copyfile(backup, database)
        elif zipfile.is_zipfile(backup):
            archive = zipfile.ZipFile(backup)
        else:
            raise BackupError(f"{backup} is neither a Calypso Director backup (.zip) nor an SQLite database")
        with archive or contextlib.nullcontext():
            if archive is not None:
                names = set(archive.namelist())
                try:
                    manifest = json.loads(archive.read(MANIFEST)) if MANIFEST in names else {}
                except ValueError:
                    manifest = {}
                if manifest.get("format") != FORMAT or DATABASE not in names:
                    raise BackupError(f"{backup} is a zip file but not a Calypso Director backup ({FORMAT})")
                database.write_bytes(archive.read(DATABASE))
            check_integrity(database)
            saved = take(layout, reason="before-restore") if has_tables(layout.database) else None
            layout.database.parent.mkdir(parents=True, exist_ok=True)
            copy_database(database, layout.database)
            if archive is not None:
                _restore_files(layout, archive)
    return saved


def _restore_files(layout: Layout, archive: zipfile.ZipFile) -> None:
    names = archive.namelist()
    if SECRET_KEY in names:
        layout.secret_key.write_bytes(archive.read(SECRET_KEY))
    for member in names:  # a zip names its files with "/" whatever the platform
        if member.endswith("/") or PurePosixPath(member).parts[:1] != (MEDIA,) or member == MEDIA:
            continue
        target = _media_target(layout, member)
        if target is None:
            raise BackupError(f"the backup names a file outside the media folder: {member!r}")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(archive.read(member))
