"""`python -m cuda2tile.portability check ...`: the `cuda2tile check` subcommand on its own."""

import argparse
import sys

from cuda2tile.portability.check import add_parser


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="cuda2tile")
    sub = parser.add_subparsers(dest="command", required=True)
    add_parser(sub)
    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
