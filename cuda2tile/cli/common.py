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
import os
import sys
from pathlib import Path

from cuda2tile.diagnostics import render
from cuda2tile.files import write_atomically
from cuda2tile.raise_options import ALL, idiom_names, idioms_to_raise
from op_coverage.idioms import RAISABLE

# Command modules import their library inside `run`, never at the top: building the parser (every
# command's `add_parser`, for any command) must import no tool (tests/test_cli_imports.py).

OK, FAILED, USAGE, INTERRUPTED = 0, 1, 2, 130


def template_instance(text: str) -> tuple[str, tuple[str, ...]]:
    """`--instantiate 'k<float, 4>'` -> ("k", ("float", "4")); commas inside nested <...> or (...) stay
    in their argument (`k<pair<int, int>, 2>` has two)."""
    text = text.strip()
    open_at = text.find("<")
    name = text[:open_at].strip() if open_at > 0 else ""
    if not name or not text.endswith(">") or not all(part.isidentifier() for part in name.split("::")):
        raise argparse.ArgumentTypeError(f"'{text}' is not a kernel with template arguments, such as 'scale<float, 4>'")
    args, depth, current = [], 0, ""
    for ch in text[open_at + 1:-1]:
        if ch in "<([":
            depth += 1
        elif ch in ">)]":
            depth -= 1
        if ch == "," and depth == 0:
            args.append(current.strip())
            current = ""
        else:
            current += ch
    args.append(current.strip())
    if depth != 0 or not all(args):
        raise argparse.ArgumentTypeError(f"'{text}': unbalanced or empty template arguments")
    return name, tuple(args)


def add_frontend_arguments(parser: argparse.ArgumentParser, std_help: str = "C++ standard (default c++17)",
                           compile_commands: bool = True, instantiate: bool = False) -> None:
    """`-I DIR`, `-D NAME[=VALUE]`, `--std`, `-p DIR` unless `compile_commands` is False, and
    `--instantiate 'k<float>'` when `instantiate` (commands that take their templates from the user, not
    from launch specs)."""
    parser.add_argument("-I", dest="include_dirs", action="append", default=[], metavar="DIR",
                        help="add DIR to the include search path, as with clang (repeatable)")
    parser.add_argument("-D", dest="defines", action="append", default=[], metavar="NAME[=VALUE]",
                        help="define a preprocessor macro, as with clang (repeatable)")
    parser.add_argument("--std", default="c++17", help=std_help)
    if compile_commands:
        parser.add_argument("-p", dest="compile_commands", metavar="DIR",
                            help="directory holding compile_commands.json")
    if instantiate:
        parser.add_argument("--instantiate", action="append", default=[], type=template_instance,
                            metavar="'KERNEL<ARGS>'",
                            help="also convert this instantiation of a template kernel, e.g. 'scale<float, 4>' "
                                 "(repeatable); a template nothing instantiates is converted for float and double")


def frontend_options(args: argparse.Namespace, **more):
    """The FrontendOptions of `add_frontend_arguments`'s options, with `more` fields set."""
    from cuda2tile.session import FrontendOptions

    return FrontendOptions(include_dirs=tuple(args.include_dirs), defines=tuple(args.defines), std=args.std,
                           compile_commands_dir=args.compile_commands,
                           instantiate=tuple(getattr(args, "instantiate", ())), **more)


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


def add_parity_side_arguments(parser: argparse.ArgumentParser, default: str | None = "auto") -> None:
    """`--original cpu|cupy|auto` and `--converted c|cuda|auto`: where `cuda2tile parity` (and `coverage
    --parity`, which runs the same harness) runs each side (cuda2tile/parity/harness.py); None is auto."""
    from cuda2tile.defaults import CONVERTED_MODES, ORIGINAL_MODES

    parser.add_argument("--original", choices=ORIGINAL_MODES, default=default,
                        help="run the original on the CPU SIMT runtime or on the GPU through cupy (auto: cupy when a "
                             "GPU is visible)")
    parser.add_argument("--converted", choices=CONVERTED_MODES, default=default,
                        help="run the conversion on TileLang's C or CUDA back end (auto: cuda when a GPU is visible)")


def add_verbose_argument(parser: argparse.ArgumentParser, more: str = "") -> None:
    """`-v/--verbose`: also print TileLang's own warnings under each kernel (docs/tilelang-warnings.md)."""
    parser.add_argument("-v", "--verbose", action="store_true",
                        help=f"also print {more}TileLang's own warnings under each kernel they came from "
                             "(counted in the summary either way; docs/tilelang-warnings.md)")


def warnings_note(count: int, verbose: bool = False) -> str:
    """The summary line's tail for `count` captured TileLang warnings ("" when there are none)."""
    if not count:
        return ""
    shown = "shown above" if verbose else "-v shows them"
    return f"; {count} TileLang warning{'s' if count != 1 else ''} ({shown}, docs/tilelang-warnings.md explains them)"


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
    """The error boundary: `args.func(args)`, with no internal traceback reaching a user without --debug; a
    command of the `run` extra on a light install says how to install it (C2T1501, cuda2tile/extras.py)."""
    from cuda2tile.extras import MissingExtra

    try:
        return args.func(args)
    except KeyboardInterrupt:
        print("cuda2tile: interrupted", file=sys.stderr)
        return INTERRUPTED
    except MissingExtra as err:
        error(args.command, err.code, str(err))
        return USAGE
    except Exception as err:
        if getattr(args, "debug", False):
            raise
        print(f"cuda2tile: internal error (C2T9001): {type(err).__name__}: {err}. Please report it; "
              "`--debug` shows the traceback.", file=sys.stderr)
        return FAILED


def error(command: str, code: str, message: str) -> None:
    """One coded line on stderr: `cuda2tile COMMAND: error: C2Txxxx: message`."""
    print(f"cuda2tile {command}: error: {code}: {message}", file=sys.stderr)


def nothing_to_convert(command: str, sources: list[str]) -> None:
    """C2T1007: the inputs hold no `.cu` file."""
    error(command, "C2T1007", f"nothing to convert: no .cu file in {', '.join(sources)}")




def kernel_names_in(sources: list[str]) -> set[str]:
    """The names of the `__global__` functions the files of a run (`.cu`, and headers that define kernels)
    define, read lexically (for naming the kernels that exist when a `--kernel` matches none; macros that
    define kernels are missed)."""
    from cuda2tile.files import discover
    from cuda2tile.parse.tree_scan import HEADER_SUFFIXES, SOURCE_SUFFIXES, read_text, scan_text

    names: set[str] = set()
    files, _ = discover(list(sources), os.devnull, SOURCE_SUFFIXES + HEADER_SUFFIXES)
    for path, _display in files:
        names.update(k.name for k in scan_text(read_text(path) or "").kernels)
    return names


def input_errors(command: str, sources: list[str]) -> bool:
    """Print, coded, why a SRC cannot be read (C2T1001), or C2T1007 when the sources hold no `.cu` file;
    True when there is no `.cu` file to work on."""
    from cuda2tile.diagnostics import Severity
    from cuda2tile.files import discover

    from cuda2tile.parse.tree_scan import HEADER_SUFFIXES, SOURCE_SUFFIXES, files_to_convert

    found, diags = discover(list(sources), os.devnull, SOURCE_SUFFIXES + HEADER_SUFFIXES)
    files = files_to_convert(found, list(sources))  # the files `convert` would take
    errors = [d for d in diags if d.effective_severity is Severity.ERROR]
    for diag in errors:
        print(render(diag), file=sys.stderr)
    if not files and not errors:
        nothing_to_convert(command, sources)
    return not files


def _matches(wanted: str, name: str) -> bool:
    return wanted == name or wanted == name.split("<")[0]


def unknown_kernels(command: str, wanted: list[str], seen: set[str] | list[str], sources: list[str]) -> bool:
    """C2T1008 for each `--kernel` name that matches neither a kernel the command `seen` nor one the sources
    define, with the closest names that exist; True when there was any."""
    import difflib

    missing = [w for w in dict.fromkeys(wanted) if not any(_matches(w, n) for n in seen)]
    if not missing:
        return False
    defined = kernel_names_in(sources) | {n.split("<")[0] for n in seen}
    missing = [w for w in missing if w not in defined]
    for name in missing:
        close = difflib.get_close_matches(name, sorted(defined), n=5, cutoff=0.0)
        known = f"; closest: {', '.join(close)}" if close else "; the inputs define no kernel"
        error(command, "C2T1008", f"--kernel {name} matches no kernel{known}")
    return bool(missing)
