"""A content-addressed cache of per-file scan results, so an unchanged tree rescans in moments.

Key: sha256 of the file's bytes, the bytes of the local headers it includes (`#include "x.h"`,
searched beside it and in `-I` dirs), its display name, the scan options, and the tool's
fingerprint: its version plus the contents of every source file of `cuda2tile/` and `op_coverage/`
(so editing the lift or the construct table invalidates everything, as a new release would).
Entries are JSON files written atomically (temporary file + rename); an unreadable entry is a miss.

Location: `--cache-dir`, else `$CUDA2TILE_CACHE_DIR`, else `$XDG_CACHE_HOME/cuda2tile/coverage`,
else `~/.cache/cuda2tile/coverage`.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import re
import tempfile
from pathlib import Path

import op_coverage
from cuda2tile import __version__

ENTRY_FORMAT = 1
_PACKAGES = (Path(__file__).resolve().parent.parent, Path(op_coverage.__file__).resolve().parent)
_INCLUDE = re.compile(rb'^\s*#\s*include\s*[<"]([^>"]+)[>"]', re.M)


def default_cache_dir() -> Path:
    if os.environ.get("CUDA2TILE_CACHE_DIR"):
        return Path(os.environ["CUDA2TILE_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "cuda2tile" / "coverage"


@functools.lru_cache(maxsize=1)
def tool_fingerprint() -> str:
    digest = hashlib.sha256(f"cuda2tile {__version__} entry {ENTRY_FORMAT}".encode())
    for root in _PACKAGES:
        for path in sorted(root.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix not in (".pyc", ".md"):
                digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def _local_headers(path: Path, data: bytes, include_dirs: tuple[str, ...], seen: set[Path]) -> list[Path]:
    """Headers of the user's project that `path` includes, transitively (never the tool's prelude)."""
    found = []
    for name in _INCLUDE.findall(data):
        for base in (path.parent, *map(Path, include_dirs)):
            candidate = (base / name.decode(errors="replace")).resolve()
            if candidate.is_file() and candidate not in seen:
                seen.add(candidate)
                found.append(candidate)
                found += _local_headers(candidate, candidate.read_bytes(), include_dirs, seen)
                break
    return found


class ScanCache:
    """get/put of JSON entries by key; `root=None` disables caching (every lookup misses)."""

    def __init__(self, root: Path | None):
        self.root = root
        self.hits = 0
        self.misses = 0

    def key(self, path: str, display: str, options: dict, include_dirs: tuple[str, ...] = ()) -> str | None:
        try:
            data = Path(path).read_bytes()
            headers = _local_headers(Path(path).resolve(), data, include_dirs, set())
            digest = hashlib.sha256(tool_fingerprint().encode())
            digest.update(json.dumps([display, options], sort_keys=True).encode())
            for blob in [data] + [h.read_bytes() for h in headers]:
                digest.update(hashlib.sha256(blob).digest())
        except OSError:
            return None  # unreadable: the scan itself reports it
        return digest.hexdigest()

    def _path(self, key: str) -> Path:
        return self.root / key[:2] / f"{key}.json"

    def get(self, key: str | None) -> dict | None:
        entry = None
        if self.root is not None and key is not None:
            try:
                entry = json.loads(self._path(key).read_text(encoding="utf-8"))
                if entry.get("format") != ENTRY_FORMAT:
                    entry = None
            except (OSError, ValueError, AttributeError):
                entry = None
        if entry is None:
            self.misses += 1
        else:
            self.hits += 1
        return entry

    def put(self, key: str | None, entry: dict) -> None:
        if self.root is None or key is None:
            return
        target = self._path(key)
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=".entry.", suffix=".tmp", dir=target.parent)
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                json.dump({**entry, "format": ENTRY_FORMAT}, handle)
            os.replace(tmp, target)
        except OSError:
            pass  # a cache that cannot be written only costs time
        finally:
            if "tmp" in locals() and os.path.exists(tmp):
                os.unlink(tmp)
