"""Files in and out: which `.cu` files a run converts, where their modules go, how they are written.

A leaf module (it imports only `diagnostics`), so that the front end, the cache and the tools can
share these without importing the driver: `parse/prelude_pch.py` needs `default_cache_dir`, the
cache needs `write_atomically`, and neither may sit above the code that runs them.

Inputs are only ever read; outputs are written atomically (temporary file + rename) inside the
output directory, and never outside it.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path

from cuda2tile.diagnostics import Diagnostic, Location


def default_cache_dir(explicit: str | os.PathLike | None = None) -> Path:
    """`--cache-dir`, else $CUDA2TILE_CACHE_DIR, else $XDG_CACHE_HOME/cuda2tile or ~/.cache/cuda2tile.

    One directory for everything a run keeps (docs/cache.md): converted results and the coverage
    scans stored with them under `results/`, the precompiled prelude under `pch/`."""
    if explicit:
        return Path(explicit)
    if os.environ.get("CUDA2TILE_CACHE_DIR"):
        return Path(os.environ["CUDA2TILE_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "cuda2tile"


def write_atomically(path: Path, text: str) -> None:
    """Write `text` to `path` through a temporary file in the same directory and a rename.

    Readers see the old file or the new one, never half of one; on any failure (or ^C) the temporary
    file is removed and an existing `path` is left as it was. The file gets the mode a plain `open`
    would give it (0666 less the umask), not mkstemp's 0600.

    A `path` that exists and is not a regular file (`/dev/null`, a FIFO, `/dev/stdout`) is written in
    place: renaming over it would replace the device with a file."""
    if path.exists() and not path.is_file():
        with open(path, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        umask = os.umask(0)
        os.umask(umask)
        os.fchmod(fd, 0o666 & ~umask)
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _inside(path: str, root: str) -> bool:
    return path == root or path.startswith(root.rstrip(os.sep) + os.sep)


def discover(sources: list[str], out_dir: str, suffixes: tuple[str, ...] = (".cu",)
             ) -> tuple[list[tuple[str, str]], list[Diagnostic]]:
    """(path, relative display name) of every file with one of `suffixes` (`.cu`) under the sources;
    a file named on the command line is taken whatever its suffix; the output dir is never scanned.

    Directory symlinks are followed, each real directory once: a loop (`loop -> ..`) or a second link
    to a scanned directory is skipped with a C2T1006 note, as is OUT when it lies inside a source
    tree (so `convert src -o src/out` never converts its own outputs). Unreadable directories and
    `.cu` entries that are not regular files (dangling links, FIFOs, which would block a read)
    are reported as C2T1001 and skipped."""
    found: list[tuple[str, str]] = []
    diags: list[Diagnostic] = []
    out_real = os.path.realpath(out_dir)
    for src in sources:
        if os.path.isfile(src):
            found.append((src, os.path.basename(src)))
            continue
        if not os.path.isdir(src):
            what = "not a regular file or directory" if os.path.lexists(src) else "no such file or directory"
            diags.append(Diagnostic("C2T1001", what, Location(src)))
            continue
        visited: dict[str, str] = {}

        def on_error(err: OSError) -> None:
            diags.append(Diagnostic("C2T1001", f"cannot read directory: {err.strerror}", Location(err.filename or src)))

        for root, dirs, files in os.walk(src, followlinks=True, onerror=on_error):
            real = os.path.realpath(root)
            if _inside(real, out_real):
                diags.append(Diagnostic("C2T1006", "not scanned: it is the output directory", Location(root)))
                dirs[:] = []
                continue
            if real in visited:
                diags.append(Diagnostic("C2T1006", f"not scanned: a symlink to {visited[real]}, already scanned",
                                        Location(root)))
                dirs[:] = []
                continue
            visited[real] = root
            dirs.sort()
            for name in sorted(files):
                if not name.endswith(suffixes):
                    continue
                path = os.path.join(root, name)
                try:
                    regular = stat.S_ISREG(os.stat(path).st_mode)
                except OSError as err:
                    diags.append(Diagnostic("C2T1001", f"cannot read file: {err.strerror}", Location(path)))
                    continue
                if not regular:
                    diags.append(Diagnostic("C2T1001", "not a regular file", Location(path)))
                    continue
                found.append((path, os.path.relpath(path, src)))
    return found, diags


def output_path(out_dir: str, display: str) -> Path:
    """`blas1/saxpy.cu` -> OUT/blas1/saxpy.py, refusing anything that would land outside OUT.

    `..`, `.` and absolute parts of the display name are dropped; a symlink inside OUT (to a file
    or a directory) that leads outside OUT makes the path refused with ValueError, never followed."""
    rel = Path(display).with_suffix(".py")
    parts = [p for p in rel.parts if p not in ("", ".", "..") and not os.path.isabs(p)]
    target = Path(out_dir).joinpath(*parts)
    root = os.path.realpath(out_dir)
    if not parts or not os.path.realpath(target).startswith(root.rstrip(os.sep) + os.sep):
        raise ValueError(f"the output path for {display} would leave the output directory")
    return target


def write_module(out_dir: str, display: str, text: str, written: dict[Path, str]) -> tuple[Path | None, str]:
    """Write one converted module inside OUT: (its path, "") or (None, why not: the message of a C2T1005).

    `written` maps the real path of every module written so far in this run to the source it came
    from: `convert a/ b/` with a/k.cu and b/k.cu sends both to OUT/k.py, and the second is refused
    rather than silently replacing the first."""
    try:
        target = output_path(out_dir, display)
    except ValueError as err:
        return None, f"not written: {err}"
    key = Path(os.path.realpath(target))
    if key in written:
        return None, f"not written: {target} is already the output of {written[key]} in this run"
    try:
        write_atomically(target, text)
    except OSError as err:
        return None, f"cannot write {target}: {err.strerror or err}"
    written[key] = display
    return target, ""
