"""Converted modules on disk and in this process: convert through a session, write, import.

Every tool that runs converted kernels (verify, parity, tune, check) gets its modules here:

    session = Session(ConvertOptions(raise_idioms=None), cache=False)
    with tempfile.TemporaryDirectory() as out:             # a fresh directory: discovery skips OUT
        files, notes = session.discover(sources, out)
        for converted in converted_modules(session, files, out):
            converted.module.KERNELS if converted.module else converted.error

Modules are written as `cuda2tile convert -o OUT` writes them (OUT/<display>.py; a path another file
of the same call took is refused with C2T1005) and must stay on disk while their kernels are built:
TileLang reads a factory's source text when it traces it.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from cuda2tile.results import FileResult


def load_module(path: str | Path):
    """Import an emitted module from its file (a fresh module object each call)."""
    path = Path(path)
    name = f"cuda2tile_converted_{abs(hash(str(path.resolve())))}"
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def load_converted(path: str | Path) -> tuple[object | None, str | None]:
    """(the module, None), or (None, why it cannot be loaded)."""
    try:
        return load_module(path), None
    except Exception as err:
        return None, f"cannot load the converted module {path}: {type(err).__name__}: {err}"


@dataclass
class ConvertedModule:
    """One source file converted, its module written and (when asked) loaded."""

    source: str  # the .cu file
    result: FileResult  # its conversion: kernels, diagnostics; `result.source` is its display name
    path: Path | None  # the module written; None when none was (`error` says why)
    module: object | None = None  # the loaded module; None when not loaded (`error` says why, if asked)
    error: str | None = None


def _not_converted(result: FileResult) -> str:
    why = "; ".join(f"{d.code}: {d.message}" for d in result.diagnostics) or "the file could not be parsed"
    return f"not converted: {why}"


def converted_modules(session, files: Iterable[tuple[str, str]], out_dir: str | os.PathLike, *,
                      load: bool = True) -> Iterator[ConvertedModule]:
    """Convert `files` ((path, display) pairs, as `session.discover` gives them) through `session`,
    write each module under `out_dir`, and import it when `load`; in input order, streamed.
    `session`: a `cuda2tile.session.Session` (its options, cache and workers are used)."""
    files = list(files)
    for (source, _), (result, text, target) in zip(files, session.write_modules(files, out_dir)):
        if text is None:
            yield ConvertedModule(source, result, None, error=_not_converted(result))
            continue
        if target is None:  # not written: the C2T1005 the session added says why
            yield ConvertedModule(source, result, None, error=result.diagnostics[-1].message)
            continue
        module, error = load_converted(target) if load else (None, None)
        yield ConvertedModule(source, result, target, module, error)
