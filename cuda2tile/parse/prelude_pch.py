"""The prelude, precompiled: clang parses `cuda2tile_prelude.h` once, not once per file.

Every file is parsed with `-include cuda2tile_prelude.h` (see frontend.py); parsing those
declarations took most of a conversion (about 60 ms of 90 ms per corpus file on the 2-core VM).
Here the prelude is parsed once with the file's own flags, saved as a precompiled header (PCH),
and each file is parsed with `-include-pch` instead. With `Index.create(excludeDecls=True)`
libclang then also leaves the prelude's thousands of declarations out of the translation unit's
children, which build_ast would otherwise walk past one by one.

The result is the same translation unit: the PCH is built from the same flags (a `-D` can change
what the prelude declares, so every distinct flag list gets its own PCH) and the prelude's own
diagnostics were never shown. PCHs live in `<cache dir>/pch/`, named by a hash of the prelude
headers' bytes, the flags and the libclang version; each is written to a temporary file and
renamed into place, so concurrent runs can share the directory. Any failure (the directory is not
writable, clang cannot build the PCH, or rejects it later: corrupt, or built before a prelude
header was touched) falls back to the plain `-include`, which is always correct.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.metadata
import json
import os
import tempfile
from pathlib import Path

import clang.cindex as ci

from cuda2tile.files import default_cache_dir

INCLUDE_DIR = Path(__file__).parent / "include"
PRELUDE = "cuda2tile_prelude.h"
PARSE_INCOMPLETE = 0x02  # CXTranslationUnit_Incomplete: a header, not a whole program
FOR_SERIALIZATION = 0x10  # CXTranslationUnit_ForSerialization: keep what tu.save() needs

_DEFAULT = object()
_directory: object = _DEFAULT  # configure(); the default is <cache dir>/pch
_pchs: dict[tuple[str, ...], str | None] = {}  # this process: flags -> PCH path, None: plain include
_rebuilt: set[tuple[str, ...]] = set()  # flags whose PCH was rejected once and rebuilt
_prelude_digest: str | None = None


def configure(directory: str | os.PathLike | None) -> None:
    """Keep PCHs in `directory` (created on demand); None parses with the plain `-include`."""
    global _directory
    _directory = None if directory is None else str(directory)
    _pchs.clear()
    _rebuilt.clear()


def current_directory() -> str | None:
    """The directory PCHs are kept in (None: PCHs are off), as workers must be configured."""
    if _directory is _DEFAULT:
        return str(default_cache_dir() / "pch")
    return _directory  # type: ignore[return-value]


def prelude_digest() -> str:
    """sha256 of every file under parse/include/ (names and bytes), once per process."""
    global _prelude_digest
    if _prelude_digest is None:
        h = hashlib.sha256()
        for path in sorted(p for p in INCLUDE_DIR.rglob("*") if p.is_file()):
            h.update(path.relative_to(INCLUDE_DIR).as_posix().encode() + b"\0")
            h.update(hashlib.sha256(path.read_bytes()).digest())
        _prelude_digest = h.hexdigest()
    return _prelude_digest


def libclang_version() -> str:
    try:
        return importlib.metadata.version("libclang")
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


def parse(index_path: str, args: list[str], unsaved_files, options: int) -> ci.TranslationUnit:
    """`Index.parse` with the prelude precompiled when `args` force-include it; same result."""
    base = _without_prelude(args)
    pch = _pch_for(base) if base is not None else None
    if pch is not None:
        tu = _parse_with(pch, index_path, base, unsaved_files, options)
        if tu is None and (pch := _rebuild(base)) is not None:
            tu = _parse_with(pch, index_path, base, unsaved_files, options)
        if tu is not None:
            return tu
        _pchs[tuple(base)] = None  # refused twice: the plain include for the rest of this process
    return ci.Index.create().parse(index_path, args=args, unsaved_files=unsaved_files, options=options)


def _parse_with(pch: str, path: str, base: list[str], unsaved_files, options: int) -> ci.TranslationUnit | None:
    """The unit parsed against `pch`; None when clang refused it (corrupt, truncated, stale)."""
    index = ci.Index.create(excludeDecls=True)
    try:
        tu = index.parse(path, args=base + ["-include-pch", pch], unsaved_files=unsaved_files, options=options)
    except ci.TranslationUnitLoadError:  # a corrupt or truncated PCH fails the whole parse
        return None
    return None if _rejected(tu) else tu


def _without_prelude(args: list[str]) -> list[str] | None:
    for i in range(len(args) - 1):
        if args[i] == "-include" and args[i + 1] == PRELUDE:
            return args[:i] + args[i + 2:]
    return None


def _rejected(tu: ci.TranslationUnit) -> bool:
    """clang refused the PCH: a fatal error that has no place in the user's file."""
    return any(d.severity >= ci.Diagnostic.Fatal and d.location.file is None for d in tu.diagnostics)


def _pch_for(base: list[str]) -> str | None:
    key = tuple(base)
    if key not in _pchs:
        target = _target(base)
        _pchs[key] = target if target is not None and (os.path.exists(target) or _build(base, target)) else None
    return _pchs[key]


def _rebuild(base: list[str]) -> str | None:
    key = tuple(base)
    if key in _rebuilt:
        return None
    _rebuilt.add(key)
    target = _target(base)
    _pchs[key] = target if target is not None and _build(base, target) else None
    return _pchs[key]


def _target(base: list[str]) -> str | None:
    directory = current_directory()
    if directory is None:
        return None
    digest = hashlib.sha256(json.dumps(["pch/1", libclang_version(), prelude_digest(), base]).encode()).hexdigest()
    return os.path.join(directory, f"prelude-{digest[:32]}.pch")


def _build(base: list[str], target: str) -> bool:
    """Parse the prelude alone and save it at `target` atomically; False when anything fails."""
    tmp = None
    try:
        os.makedirs(os.path.dirname(target), exist_ok=True)
        tu = ci.Index.create().parse(str(INCLUDE_DIR / PRELUDE), args=base,
                                     options=PARSE_INCOMPLETE | FOR_SERIALIZATION)
        if any(d.severity >= ci.Diagnostic.Error for d in tu.diagnostics):
            return False  # a -D that breaks the prelude: the plain include reports it where it belongs
        fd, tmp = tempfile.mkstemp(prefix=".prelude-", suffix=".pch.tmp", dir=os.path.dirname(target))
        os.close(fd)
        tu.save(tmp)
        os.replace(tmp, target)
        return True
    except (OSError, ci.TranslationUnitLoadError, ci.TranslationUnitSaveError):
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        return False
