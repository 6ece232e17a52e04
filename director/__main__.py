"""``python -m director``: the ``calypso-director`` command without the installed script (``make run``)."""

import sys

from director.cli import main

sys.exit(main())
