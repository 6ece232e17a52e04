"""``calypso-director``: the club night on this laptop, installed with pipx or pip, no checkout.

    calypso-director run                      migrate, the demo on an empty database, serve 127.0.0.1:8000
    calypso-director run --lan                the venue's network, for the players' phones
    calypso-director createdirector NAME --club "Our Club"
    calypso-director backup [FILE]            a consistent copy, safe while the server runs
    calypso-director restore FILE             (server stopped)
    calypso-director export-event ID --out F  /  import-event F
    calypso-director print KIND --event ID --out F.pdf
    calypso-director manage COMMAND ...       anything Django's manage.py does

Every command works on one data folder (database, media, secret key, backups): ``--data DIR``,
else ``CALYPSO_DATA`` (or the older ``CALYPSO_DATA_DIR``), else the user's data folder
(``director.conf.data_dir``); each says which on its error stream. ``make run`` in a checkout runs
this same ``run`` (``python -m director run``) with the checkout's ``var/``.

``createdirector``, ``export-event``, ``import-event`` and ``print`` are the project's Django
management commands under friendlier names: their options are those commands' own (``--help``
shows them), so the two never drift apart. They migrate the database first, as ``run`` does (a
database in use is backed up before a new version's migrations), so a new data folder works at once.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

PROG = "calypso-director"

# Sub-command -> (Django management command, one line of help). Their arguments are the command's own.
DJANGO_COMMANDS = {
    "createdirector": ("createdirector", "create a user who directs a club (the club too, when it is new)"),
    "export-event": ("export_event", "write one event to a JSON file (a full backup with --full)"),
    "import-event": ("import_event", "read an event file into this database (a fresh one: ids are kept)"),
    "print": ("print_pdf", "print one kind of document of an event (or of a game-set file) as a PDF"),
    "send-results": ("send_results", "send an event's results by e-mail (only what has not been sent yet)"),
}
MANAGE = "manage"


def version() -> str:
    from importlib import metadata

    try:
        return metadata.version(PROG)
    except metadata.PackageNotFoundError:  # a checkout that was never installed
        return "checkout"


def build_parser() -> argparse.ArgumentParser:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--data",
        metavar="DIR",
        help="the data folder (database, media, secret key, backups); default: $CALYPSO_DATA, "
        "else the user's data folder for the app",
    )
    parser = argparse.ArgumentParser(
        prog=PROG,
        parents=[common],
        description="Calypso Director: run a Calypso club night from this computer. "
        f"Start with `{PROG} run`, then open http://127.0.0.1:8000/.",
        epilog=f"Each command has its own help: {PROG} COMMAND --help. "
        "The rules of the game: the Rules link at the foot of every page.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {version()}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    def native(name: str, text: str, description: str) -> argparse.ArgumentParser:
        return commands.add_parser(name, parents=[common], help=text, description=description)

    run = native(
        "run",
        "migrate, load the demo on an empty database, and serve the app",
        "Migrate the database (an existing one is backed up first when a new version has migrations to "
        "apply), load the demo club night on an empty database and print how to sign in, then serve with "
        "waitress until Ctrl-C.",
    )
    run.add_argument("--port", type=int, default=8000, help="the port to serve on (default 8000)")
    run.add_argument(
        "--host",
        help="the address to listen on (default 127.0.0.1, this computer only; any other address is "
        "the network, as --lan)",
    )
    run.add_argument(
        "--lan",
        action="store_true",
        help="serve on the venue's network so players' phones reach the table pages; prints the address "
        "for the QR codes and a fresh password for the demo director",
    )
    run.add_argument("--no-demo", action="store_true", help="do not load the demo club night into an empty database")
    native(
        "backup",
        "back up the database, secret key and media into one file (safe while the server runs)",
        "Write one .zip file: the SQLite database copied with SQLite's online backup (one consistent state "
        "even while phones are submitting), the secret key and the media files. On PostgreSQL use pg_dump "
        "instead (docs/backup.md).",
    ).add_argument("file", nargs="?", help="where to write it (default: backups/ in the data folder)")
    native(
        "restore",
        "restore a backup into the data folder (stop the server first)",
        "Restore a backup made by `backup` (or a bare SQLite database file) into the data folder. A "
        "database already in use there is backed up first. Stop the server before restoring; `run` then "
        "migrates the restored database if it comes from an older version.",
    ).add_argument("file", help="the backup file")

    for name, (command, text) in DJANGO_COMMANDS.items():
        commands.add_parser(
            name,
            add_help=False,
            help=text,
            description=f"The options are those of the management command {command}: {PROG} {name} --help.",
        )
    commands.add_parser(
        MANAGE,
        add_help=False,
        help="anything Django's manage.py does: migrate, changepassword NAME, axes_reset, shell, ...",
    )
    return parser


def take_data_option(argv: list[str]) -> tuple[str | None, list[str]]:
    """``--data DIR`` (or ``--data=DIR``) wherever it stands, and the arguments without it."""
    pre = argparse.ArgumentParser(add_help=False, allow_abbrev=False)
    pre.add_argument("--data")
    known, rest = pre.parse_known_args(argv)
    return known.data, rest


def use_data_folder(data: str | None) -> Path:
    """Point the settings at the data folder, and say which one it is."""
    if data:
        os.environ["CALYPSO_DATA"] = str(Path(data).expanduser().resolve())
        os.environ.pop("CALYPSO_DATA_DIR", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "director.settings")
    import django
    from django.conf import settings

    django.setup()
    where = Path(settings.DATA_DIR)
    database = settings.DATABASES["default"]
    what = f"database {database['NAME']}" if database["ENGINE"].endswith("sqlite3") else "database: PostgreSQL"
    print(f"Calypso Director {version()} · data folder {where} · {what}", file=sys.stderr, flush=True)
    return where


def run_django_command(name: str, command: str, args: list[str]) -> int:
    from django.core.management import get_commands, load_command_class

    if not {"-h", "--help"} & set(args):
        # A fresh data folder works straight away (createdirector before the first run, an event
        # imported into a new folder); a new version's migrations run after a backup, as for run.
        from django.core.management.base import OutputWrapper

        from director.demo.management.commands.serve import migrate

        migrate(OutputWrapper(sys.stderr))

    handler = load_command_class(get_commands()[command], command)
    # Django's own parser, named after this sub-command: its --help is the sub-command's help.
    handler.run_from_argv([PROG, name, *args])
    return 0


def run_manage(args: list[str]) -> int:
    from django.core.management import execute_from_command_line

    execute_from_command_line([f"{PROG} {MANAGE}", *args])
    return 0


def run_server(options: argparse.Namespace) -> int:
    from django.core.management import call_command

    # Each line as it happens, also into a pipe or a log file (the sign-in line, "Stopped.").
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(line_buffering=True)
    call_command("serve", port=options.port, host=options.host, lan=options.lan, no_demo=options.no_demo)
    return 0


def run_backup(options: argparse.Namespace) -> int:
    from django.conf import settings

    from director import backup

    try:
        layout = backup.layout_of(settings)
        if options.command == "backup":
            path = backup.take(layout, Path(options.file).resolve() if options.file else None)
            print(f"Backup written: {path} ({path.stat().st_size:,} bytes)")
            return 0
        saved = backup.restore(layout, Path(options.file).resolve())
    except backup.BackupError as error:
        print(f"{PROG} {options.command}: {error}", file=sys.stderr)
        return 2
    if saved:
        print(f"The database that was there is saved in {saved}")
    print(f"Restored {options.file} into {layout.database.parent}. `{PROG} run` migrates it if it is older.")
    return 0


def main(argv: list[str] | None = None) -> int:
    data, argv = take_data_option(list(sys.argv[1:] if argv is None else argv))
    name = argv[0] if argv else ""
    if name in DJANGO_COMMANDS or name == MANAGE:
        use_data_folder(data)
        if name == MANAGE:
            return run_manage(argv[1:])
        return run_django_command(name, DJANGO_COMMANDS[name][0], argv[1:])
    options = build_parser().parse_args(argv)
    use_data_folder(data)
    if options.command == "run":
        return run_server(options)
    return run_backup(options)


if __name__ == "__main__":
    sys.exit(main())
