"""What this install of cuda2tile can do: the light core, or the core with the `run` extra.

`pip install cuda2tile` converts and counts (`convert`, `coverage`, `history`, `dashboard`) with the light
dependencies only (libclang, jinja2, numpy, pycparser, rich). The commands that build and run converted
kernels (`verify`, `parity`, `check`, `tune`, and `coverage --parity`) need TileLang, and torch with it:
`pip install 'cuda2tile[run]'`. Each of them calls `require_run_extra` before doing any work, so a light
install answers with one coded line (C2T1501, printed by the command line's error boundary) instead of a
traceback or a failure per kernel.

A leaf module: it imports only the standard library, and looks modules up without importing them.
"""

from __future__ import annotations

import importlib.util

MISSING_EXTRA = "C2T1501"
RUN_MODULES = ("tilelang", "torch")  # what the `run` extra installs and the runtime imports
INSTALL_RUN = "pip install 'cuda2tile[run]'"


class MissingExtra(RuntimeError):
    """`command` needs the `run` extra and this install lacks it; the message is one line saying how to
    install it. `code` is its diagnostic code."""

    code = MISSING_EXTRA

    def __init__(self, command: str, missing: list[str]):
        self.command = command
        self.missing = tuple(missing)
        super().__init__(f"{command} needs TileLang to build and run kernels, and this install lacks it (no module "
                         f"named {', '.join(missing)}): install the run extra with {INSTALL_RUN} "
                         f"(in a checkout: pip install '.[run]')")


def missing_run_modules() -> list[str]:
    """The modules of the `run` extra that cannot be found (none imported)."""
    return [name for name in RUN_MODULES if importlib.util.find_spec(name) is None]


def require_run_extra(command: str) -> None:
    """Raise `MissingExtra` when `command` (a command line's words: "parity", "coverage --parity") cannot run
    on this install."""
    missing = missing_run_modules()
    if missing:
        raise MissingExtra(command, missing)
