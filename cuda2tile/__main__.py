"""`python -m cuda2tile ...`: the `cuda2tile` command (cuda2tile/cli)."""

import sys

from cuda2tile.cli import main

sys.exit(main())
