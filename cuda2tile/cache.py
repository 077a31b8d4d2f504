"""The incremental cache: an unchanged file is read back, not converted again.

An entry holds what one file's conversion produced: its `FileResult` (diagnostics, kernels and the
source lines diagnostics quote) and the module text, and the outputs of the analyses run on the
same parse (`Session.analyse`: `cuda2tile coverage` keeps each file's construct scan here, so one
cache with one key serves `convert`, `coverage` and the dashboard). It is found by a key, the sha256 of
  - the file's bytes, its real path and its display name (both appear in what is printed),
  - every option (`ConvertOptions`, including `FrontendOptions`) and the clang flags they give
    for this file (a compile_commands.json is read for them),
  - the tool's identity: its version, the Python and libclang versions, and a hash of cuda2tile's
    own sources, the op_coverage tables and the prelude headers, so an edited compiler never
    serves output of the old one;
and it records the user headers clang read (`ParsedFile.includes`) with the sha256 of each. A
lookup re-hashes those headers: any that changed or vanished makes the entry a miss.

Results with a missing `#include` (C2T1102: creating the header would change them), an unreadable
or oversized file, or an internal error are never stored. Not detected: a new header that would
now shadow a recorded one earlier in the include path (run with `--no-cache` after adding one).

Entries live in `<dir>/results/ab/abcdef....json`, `dir` from `--cache-dir`, else
`$CUDA2TILE_CACHE_DIR`, else `$XDG_CACHE_HOME/cuda2tile` or `~/.cache/cuda2tile`. Each is written
to a temporary file and renamed into place, so concurrent runs need no lock: a reader sees a whole
entry or none, and two writers of one key write the same bytes. An entry that cannot be read or
parsed (truncated, corrupt, another schema) is a miss, never an error, and is overwritten.
An entry without the analysis a run asks for (`convert` stored it, `coverage` wants its scan) is a
miss for that run, which converts the file again and stores the entry with the analysis added.
Nothing is ever evicted: remove the directory to reclaim the space.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
import os
import sys
from pathlib import Path

import op_coverage
from cuda2tile import __version__
from cuda2tile.diagnostics import CODES, Diagnostic, Location, Severity
from cuda2tile.files import write_atomically
from cuda2tile.parse.frontend import clang_args
from cuda2tile.parse.prelude_pch import libclang_version
from cuda2tile.results import FileResult, KernelResult

SCHEMA = "cuda2tile.cache/1"
NOT_STORED = frozenset({"C2T1001", "C2T1004", "C2T1102"})  # results that depend on more than the key
_identity: str | None = None


def tool_identity() -> str:
    """sha256 of the version, the Python and libclang versions and every source and data file of
    cuda2tile (prelude headers included) and op_coverage; computed once per process."""
    global _identity
    if _identity is None:
        h = hashlib.sha256(json.dumps([SCHEMA, __version__, sys.version, libclang_version()]).encode())
        for root in (Path(__file__).parent, Path(op_coverage.__file__).parent):
            for path in sorted(p for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
                h.update(f"{root.name}/{path.relative_to(root).as_posix()}\0".encode())
                h.update(hashlib.sha256(path.read_bytes()).digest())
        _identity = h.hexdigest()
    return _identity


def _options_json(options) -> str:
    def default(value):
        if isinstance(value, (set, frozenset)):
            return sorted(value)  # frozenset order changes with PYTHONHASHSEED
        raise TypeError(f"cannot key the cache on {type(value).__name__}")

    return json.dumps(dataclasses.asdict(options), sort_keys=True, default=default)


@dataclasses.dataclass(frozen=True, slots=True)
class Probe:
    """The outcome of one lookup: the key to store under, and whether a valid entry exists."""

    key: str | None  # None: this file is not cached (unreadable, too large)
    source_digest: str | None
    hit: bool  # a valid entry, with the analysis the lookup asked for when it asked for one


@dataclasses.dataclass(frozen=True, slots=True)
class Entry:
    """What a hit reads back: the conversion and the outputs of the analyses stored with it."""

    result: FileResult  # `cached` is True
    text: str | None
    analyses: dict[str, dict]  # analysis name -> its JSON output, e.g. {"coverage": {"occurrences": ...}}


class ResultCache:
    """Entries under `directory` for conversions with `options` (one `ConvertOptions` per run)."""

    def __init__(self, directory: str | os.PathLike, options):
        self.directory = Path(directory)
        self.options = options
        self._options = _options_json(options)
        self._digests: dict[str, tuple[tuple[int, int, int], str]] = {}  # header -> (stat, sha256)

    # ------------------------------------------------------------ lookup
    def probe(self, path: str, display: str, analysis: str | None = None, *, options=None,
              context: str = "") -> Probe:
        """Hash the file and its recorded headers; cheap enough to run for every file up front.
        With `analysis`, an entry is a hit only when that analysis was stored with it. `options`: this
        file's, when the session adds to the run's (include folders found in the project); `context`:
        what else the conversion depends on (the `.cu` a header is parsed with)."""
        digest = _source_digest(path, self.options.frontend.max_file_size)
        if digest is None:
            return Probe(None, None, False)
        frontend = (options or self.options).frontend
        key_text = json.dumps([SCHEMA, tool_identity(), self._options, clang_args(frontend, path),
                               os.path.realpath(path), display, digest, context])
        key = hashlib.sha256(key_text.encode()).hexdigest()
        header = self._read_header(key)
        hit = (header is not None and (analysis is None or analysis in header.get("analyses", []))
               and all(self._digest(p) == d for p, d in header["includes"]))
        return Probe(key, digest, hit)

    def load(self, probe: Probe) -> Entry | None:
        """The entry of a hit, or None when it went away or is unreadable."""
        try:
            with open(self._entry(probe.key), encoding="utf-8") as handle:
                header = json.loads(handle.readline())
                if not _valid_header(header, probe.key):
                    return None
                payload = json.loads(handle.readline())
                result, text = _result_from_json(payload)
                analyses = payload.get("analyses", {})
                if not isinstance(analyses, dict) or not all(isinstance(a, dict) for a in analyses.values()):
                    return None
                return Entry(result, text, analyses)
        except (OSError, ValueError, KeyError, TypeError, IndexError, AttributeError):
            return None

    # ------------------------------------------------------------ store
    def store(self, path: str, probe: Probe, result: FileResult, text: str | None,
              analyses: dict[str, dict] | None = None) -> None:
        """Keep a fresh conversion (and the analyses run on its parse), unless it depends on more than
        the key (see NOT_STORED) or the file changed while it was converted. Failures to write are
        ignored: the cache is optional."""
        if probe.key is None or result.internal_errors:
            return
        if any(d.code in NOT_STORED for d in result.all_diagnostics()):
            return
        if _source_digest(path, self.options.frontend.max_file_size) != probe.source_digest:
            return
        includes = [[p, self._digest(p)] for p in result.includes]
        if any(d is None for _, d in includes):
            return
        header = {"schema": SCHEMA, "key": probe.key, "includes": includes}
        payload = {"result": _result_to_json(result), "text": text}
        if analyses:
            header["analyses"] = sorted(analyses)
            payload["analyses"] = analyses
        with contextlib.suppress(OSError):
            write_atomically(self._entry(probe.key), json.dumps(header) + "\n" + json.dumps(payload) + "\n")

    # ------------------------------------------------------------ helpers
    def _entry(self, key: str) -> Path:
        return self.directory / "results" / key[:2] / f"{key}.json"

    def _read_header(self, key: str) -> dict | None:
        try:
            with open(self._entry(key), encoding="utf-8") as handle:
                header = json.loads(handle.readline())
        except (OSError, ValueError):
            return None
        return header if _valid_header(header, key) else None

    def _digest(self, path: str) -> str | None:
        """sha256 of a header, re-read only when its stat changes (a run reads a header once)."""
        try:
            st = os.stat(path)
            stamp = (st.st_ino, st.st_size, st.st_mtime_ns)
            known = self._digests.get(path)
            if known is not None and known[0] == stamp:
                return known[1]
            with open(path, "rb") as handle:
                digest = hashlib.sha256(handle.read()).hexdigest()
        except OSError:
            return None
        self._digests[path] = (stamp, digest)
        return digest


def _valid_header(header, key: str) -> bool:
    return (isinstance(header, dict) and header.get("schema") == SCHEMA and header.get("key") == key
            and isinstance(header.get("includes"), list) and isinstance(header.get("analyses", []), list)
            and all(isinstance(i, list) and len(i) == 2 and all(isinstance(s, str) for s in i)
                    for i in header["includes"]))


def _source_digest(path: str, max_size: int) -> str | None:
    try:
        if os.path.getsize(path) > max_size:
            return None
        with open(path, "rb") as handle:
            return hashlib.sha256(handle.read()).hexdigest()
    except OSError:
        return None


# ---------------------------------------------------------------- (de)serialisation
# Diagnostics keep their raw `severity` override (None: the code's own), not the effective one the
# report shows, so a read-back result is equal to the converted one field by field.

def _diag_to_json(d) -> list:
    return [d.code, d.message, d.loc.file, d.loc.line, d.loc.col, d.kernel,
            None if d.severity is None else d.severity.value, d.quote]


def _diag_from_json(item):
    code, message, file, line, col, kernel, severity, quote = item
    if code not in CODES:
        raise ValueError(f"unknown code {code}")
    if quote is not None and not isinstance(quote, str):
        raise ValueError("quote must be a string")
    return Diagnostic(code, message, Location(file, int(line), int(col)), kernel,
                      None if severity is None else Severity(severity), quote)


def _result_to_json(result) -> dict:
    # only the source lines diagnostics quote: `render` needs them and the line count, no more
    quoted = {d.loc.line for d in result.all_diagnostics() if 1 <= d.loc.line <= len(result.source_lines)}
    return {"source": result.source, "diagnostics": [_diag_to_json(d) for d in result.diagnostics],
            "kernels": [{"name": k.cuda_name, "factory": k.factory, "status": k.status, "line": k.line,
                         "end_line": k.end_line, "diagnostics": [_diag_to_json(d) for d in k.diagnostics],
                         "raised": list(k.raised)} for k in result.kernels],
            "inventory": result.inventory,
            "n_lines": len(result.source_lines),
            "lines": {str(n): result.source_lines[n - 1] for n in sorted(quoted)}}


def _result_from_json(payload: dict):
    data = payload["result"]
    lines = [""] * int(data["n_lines"])
    for n, line in data["lines"].items():
        if not 1 <= int(n) <= len(lines):
            raise ValueError(f"line {n} outside the file")
        lines[int(n) - 1] = str(line)
    text = payload["text"]
    if text is not None and not isinstance(text, str):
        raise TypeError("module text is not a string")
    kernels = [KernelResult(k["name"], k["factory"], k["status"], int(k["line"]), int(k["end_line"]),
                            [_diag_from_json(d) for d in k["diagnostics"]], [str(r) for r in k["raised"]])
               for k in data["kernels"]]
    result = FileResult(data["source"], None, kernels, [_diag_from_json(d) for d in data["diagnostics"]], lines)
    inventory = data.get("inventory")
    if inventory is not None:
        if not isinstance(inventory, dict) or not all(isinstance(v, int) for v in inventory.values()):
            raise ValueError("inventory must map names to counts")
        result.inventory = {str(k): int(v) for k, v in inventory.items()}
    result.cached = True
    return result, text
