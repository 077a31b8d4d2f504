"""What the commands share: the options of the front end and of the idiom passes, the exit statuses,
writing a report to a file or stdout, and the error boundary around every command.

Exit statuses (each command's docstring says when it returns which):
    OK = 0            the command did what was asked
    FAILED = 1        it ran, and something it checked or wrote failed
    USAGE = 2         bad usage or an input it cannot use at all
    INTERRUPTED = 130 Ctrl-C
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from cuda2tile.diagnostics import render
from cuda2tile.files import write_atomically
from cuda2tile.session import FrontendOptions
from cuda2tile.raise_options import ALL, idiom_names, idioms_to_raise
from op_coverage.idioms import RAISABLE

OK, FAILED, USAGE, INTERRUPTED = 0, 1, 2, 130


def add_frontend_arguments(parser: argparse.ArgumentParser, std_help: str = "C++ standard (default c++17)",
                           compile_commands: bool = True) -> None:
    """`-I DIR`, `-D NAME[=VALUE]`, `--std`, and `-p DIR` unless `compile_commands` is False."""
    parser.add_argument("-I", dest="include_dirs", action="append", default=[], metavar="DIR")
    parser.add_argument("-D", dest="defines", action="append", default=[], metavar="NAME[=VALUE]")
    parser.add_argument("--std", default="c++17", help=std_help)
    if compile_commands:
        parser.add_argument("-p", dest="compile_commands", metavar="DIR",
                            help="directory holding compile_commands.json")


def frontend_options(args: argparse.Namespace, **more) -> FrontendOptions:
    """The FrontendOptions of `add_frontend_arguments`'s options, with `more` fields set."""
    return FrontendOptions(include_dirs=tuple(args.include_dirs), defines=tuple(args.defines), std=args.std,
                           compile_commands_dir=args.compile_commands, **more)


def _idiom_list(text: str) -> tuple[str, ...]:
    try:
        return idiom_names(text)
    except ValueError as err:  # argparse prints an ArgumentTypeError's own words
        raise argparse.ArgumentTypeError(str(err)) from None


def add_raise_argument(parser: argparse.ArgumentParser) -> None:
    """`--no-raise[=IDIOM[,IDIOM...]]`, taken by every command that converts (cuda2tile/raise_options.py):

        --no-raise                        convert every idiom faithfully
        --no-raise=block_reduce           keep only that idiom faithful (repeatable, or a comma list)
    """
    parser.add_argument("--no-raise", dest="no_raise", action="append", nargs="?", const=(ALL,), type=_idiom_list,
                        default=[], metavar="IDIOM",
                        help=f"do not raise these idioms to tile operations (comma list or repeated; "
                             f"alone: none of them). Raised by default: {', '.join(RAISABLE)}")


def no_raise(args: argparse.Namespace) -> list[str]:
    """The idiom names given to `--no-raise`, flattened (`all` for the bare switch)."""
    return [name for group in getattr(args, "no_raise", []) or [] for name in group]


def raise_idioms(args: argparse.Namespace) -> frozenset[str] | None:
    """The idioms to raise for the parsed `args` (None: every one, the default)."""
    return idioms_to_raise(no_raise(args))


def print_diagnostics(result, stream) -> None:
    """Every diagnostic of one converted file (a driver `FileResult`), clang-style with its source line."""
    for diag in result.all_diagnostics():
        print(render(diag, result.source_lines), file=stream)


def emit(text: str, output: str | None) -> bool:
    """Write `text` to the file `output` (atomically), or to stdout when it is None or `-`; False when the
    file cannot be written (the error is printed)."""
    if output is None or output == "-":
        sys.stdout.write(text)
        return True
    try:
        write_atomically(Path(output), text)
    except OSError as err:
        print(f"cuda2tile: error: cannot write {output}: {err}", file=sys.stderr)
        return False
    return True


def run_command(args: argparse.Namespace) -> int:
    """The error boundary: `args.func(args)`, with no internal traceback reaching a user without --debug."""
    try:
        return args.func(args)
    except KeyboardInterrupt:
        print("cuda2tile: interrupted", file=sys.stderr)
        return INTERRUPTED
    except Exception as err:
        if getattr(args, "debug", False):
            raise
        print(f"cuda2tile: internal error (C2T9001): {type(err).__name__}: {err}. Please report it; "
              "`--debug` shows the traceback.", file=sys.stderr)
        return FAILED
