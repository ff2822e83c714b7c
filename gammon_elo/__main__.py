"""``python -m gammon_elo``: see :mod:`gammon_elo.cli`."""

import sys

from .cli import main

sys.exit(main())
