"""``python -m scoring``: the engine's command line (see ``scoring.cli``)."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
