import sys

from cuda2tile.dashboard.cli import main

sys.exit(main())
