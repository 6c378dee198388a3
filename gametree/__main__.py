"""``python -m gametree``: the command-line interface."""

import sys

from gametree.cli import main

sys.exit(main())
