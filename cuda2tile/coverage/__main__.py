import sys

from cuda2tile.coverage.cli import main

sys.exit(main())
