"""The `cuda2tile` command line: one module per command, the only place that parses arguments.

Each command module has `add_parser(subparsers)`, which registers the command and its options
(`set_defaults(func=run)`), and `run(args) -> int`, which calls the library with typed options,
prints, and returns the exit status (`common.py`: OK, FAILED, USAGE, INTERRUPTED). `main` is the one
entry point: the `cuda2tile` script (pyproject.toml) and `python -m cuda2tile`. Library modules never
import this package.
"""

from __future__ import annotations

import argparse

from cuda2tile import __version__
from cuda2tile.cli import check, convert, coverage, dashboard, history, parity, spec, tune, verify
from cuda2tile.cli.common import USAGE, run_command

COMMANDS = (convert, verify, coverage, history, dashboard, parity, check, tune, spec)  # in `cuda2tile --help` order


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="cuda2tile", description="Convert CUDA C++ kernels to TileLang.")
    parser.add_argument("--version", action="version", version=f"cuda2tile {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    for command in COMMANDS:
        command.add_parser(sub)
    for name, command_parser in sub.choices.items():  # the error boundary's --debug, on every command
        if not any("--debug" in a.option_strings for a in command_parser._actions):
            command_parser.add_argument("--debug", action="store_true",
                                        help="print the traceback of an internal error (C2T9001)")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if not hasattr(args, "func"):
        return USAGE
    return run_command(args)
