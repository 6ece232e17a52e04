#!/usr/bin/env python
"""Django's command-line utility for Calypso Director."""

import os
import sys
from pathlib import Path


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "director.settings")
    # The checkout's data stay in its var/ (as `make` has it); an installed copy uses the user's
    # data folder (director.conf.data_dir). CALYPSO_DATA or CALYPSO_DATA_DIR names another.
    if not (os.environ.get("CALYPSO_DATA") or os.environ.get("CALYPSO_DATA_DIR")):
        os.environ["CALYPSO_DATA_DIR"] = str(Path(__file__).resolve().parent / "var")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
