import sys

from cuda2tile.cli import main

sys.exit(main())
