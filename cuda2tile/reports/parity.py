"""`coverage --parity`: run each kernel's original CUDA and its conversion on the same inputs and keep
the verdict per kernel, with its worst error.

It is the harness `cuda2tile parity` runs (`cuda2tile.parity.harness.run_parity`, docs/parity.md):
launch specs from `<stem>.toml` or inferred from the host code's constant-size launches, the
original on the CPU SIMT runtime (or on a GPU through cupy), the conversion on TileLang's C back end
(or CUDA), `auto` choosing the GPU when one is visible, as `cuda2tile parity` does. The converted
modules are the ones the coverage scan produced (its session, options and cache), written to a
temporary tree that the harness reads as `--converted-tree`.

Per kernel (`KernelCoverage.parity`):

    {"status": "passed" | "failed" | "not checked", "checks", "seconds", "error", "reason",
     "max_abs_error", "max_rel_error", "max_ulp", "original", "converted"}

* `passed`: every launch checked matched; `failed`: a launch failed as `cuda2tile parity` reports it
  (a mismatch, the original's compile error, a crash, a timeout, a broken spec entry...), `error`
  says what (its first line);
* `not checked`, `reason` says why: no launch spec and no host launch to infer one from, no spec
  entry for the kernel, the kernel was not converted, a header's kernel (the harness runs `.cu`
  files). Never a failure: a kernel nobody wrote a spec for says nothing about the conversion;
* `max_abs_error`, `max_rel_error`, `max_ulp`: the worst over every compared buffer of every launch
  (`"inf"` when one is infinite or NaN; `max_ulp` null for integer buffers only); `original`:
  cpu | cupy and `converted`: c | cuda, where the sides ran.
"""

from __future__ import annotations

import math
import os
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import TYPE_CHECKING

from cuda2tile.files import write_module
from cuda2tile.reports.model import KernelCoverage

if TYPE_CHECKING:  # the formats import `describe` from here without the scan
    from cuda2tile.reports.collect import TreeScan

PASSED, FAILED, NOT_CHECKED = "passed", "failed", "not checked"
STATUSES = (PASSED, FAILED, NOT_CHECKED)
_ERROR_CHARS = 500


def run_parity(tree: TreeScan, sources: list[str], seed: int = 0, progress=None, *, original: str | None = None,
               converted: str | None = None, jobs: int = 1, frontend=None) -> dict:
    """Set `kernel.parity` on every kernel of the scan; returns where the sides ran
    (`{"original": "cpu", "converted": "c"}`). `progress(KernelParity)` sees each launch checked.
    Raises `MissingExtra` (cuda2tile/extras.py) on an install without TileLang."""
    from cuda2tile.extras import require_run_extra

    require_run_extra("coverage --parity")
    from cuda2tile.parity.harness import ParityOptions
    from cuda2tile.parity.harness import run_parity as run_harness  # imports TileLang: only when asked

    results: dict[tuple[str, str, str], list] = defaultdict(list)
    settings: dict = {}
    with tempfile.TemporaryDirectory(prefix="cuda2tile-coverage-") as tmp:
        for i, src in enumerate(sources):
            out = Path(tmp) / str(i)
            out.mkdir()
            mine = [s for s in tree.files if s.root == src]
            written: dict = {}
            for scanned in mine:  # converted by the scan's session: written as `convert -o` writes them
                if scanned.module is not None:
                    write_module(str(out), scanned.coverage.display, scanned.module, written)
            if not mine or not os.path.exists(src):
                continue
            options = ParityOptions(
                sources=(src,), original=original or "auto", converted=converted or "auto", seed=seed,
                converted_tree=str(out), jobs=max(1, jobs),
                include_dirs=tuple(getattr(frontend, "include_dirs", ())),
                defines=tuple(getattr(frontend, "defines", ())), std=getattr(frontend, "std", "c++17"))
            run = run_harness(options, progress)
            settings = {"original": run.settings.get("original"), "converted": run.settings.get("converted")}
            for r in run.results:
                results[(src, os.path.normpath(r.source), r.kernel)].append(r)
    for scanned in tree.files:
        display = os.path.normpath(scanned.coverage.display)
        for kernel in scanned.coverage.kernels:
            found = results.get((scanned.root, display, kernel.name), [])
            if not found and "<" in kernel.name:  # a template the harness named by its base name (skipped)
                found = results.get((scanned.root, display, kernel.name.split("<")[0]), [])
            found = found or results.get((scanned.root, display, "*"), [])  # the file's spec or parse failed
            kernel.parity = verdict(kernel, found, _unchecked_reason(scanned.coverage.path))
    return settings


def _unchecked_reason(path: str) -> str:
    """Why the harness reported nothing for a kernel of `path` (it reports a reason for most)."""
    p = Path(path)
    if p.suffix != ".cu":
        return "declared in a header: parity runs the launches of .cu files, and none ran it"
    spec = p.with_suffix(".toml")
    if spec.exists():
        return f"no entry for this kernel in its launch spec ({spec.name})"
    return f"no launch spec ({spec.name}), and no host launch with constant sizes to infer one from"


def _worst(values) -> float | str | None:
    """The largest error; "inf" when one is infinite or NaN (JSON has no such numbers)."""
    found = [float(v) for v in values if v is not None]
    if not found:
        return None
    if any(not math.isfinite(v) for v in found):
        return "inf"
    return max(found)


def _error(r) -> str:
    """The first line of what went wrong with one launch, and its first differing buffer."""
    parts = [(r.message or "").strip().splitlines()[0]] if (r.message or "").strip() else []
    parts += [c.describe() for c in r.outputs if not c.ok][:1]
    text = "; ".join(parts) or f"{r.failure or 'failed'}"
    return text if len(text) <= _ERROR_CHARS else text[:_ERROR_CHARS - 3] + "..."


def _not_converted(kernel: KernelCoverage) -> str:
    first = next((d for d in kernel.diagnostics if d.severity == "error"), None) or \
        (kernel.diagnostics[0] if kernel.diagnostics else None)
    return "not converted" + (f" ({first.code}: {first.message})" if first else "")


def verdict(kernel: KernelCoverage, results: list, unchecked: str = "no launch spec") -> dict:
    """One kernel's parity from the harness's results for it (`KernelParity`, one per launch)."""
    from cuda2tile.parity.report import FAIL, SKIP

    checked = [r for r in results if r.status != SKIP]
    out = {"status": NOT_CHECKED, "checks": 0, "seconds": 0.0, "error": None, "reason": None,
           "max_abs_error": None, "max_rel_error": None, "max_ulp": None, "original": None, "converted": None}
    if kernel.status == "unsupported":  # nothing converted to compare: the conversion report says why
        return {**out, "reason": _not_converted(kernel)}
    if not checked:
        skipped = next((r.message for r in results if r.message), None)
        return {**out, "reason": (skipped or unchecked).strip().splitlines()[0]}
    outputs = [c for r in checked for c in r.outputs]
    failed = [r for r in checked if r.status == FAIL]
    return {**out, "status": FAILED if failed else PASSED, "checks": len(checked),
            "seconds": round(sum(r.timings.get("total", 0.0) for r in checked), 3),
            "error": _error(failed[0]) if failed else None,
            "max_abs_error": _worst(c.max_abs_error for c in outputs),
            "max_rel_error": _worst(c.max_rel_error for c in outputs),
            "max_ulp": _worst(c.max_ulp for c in outputs),
            "original": next((r.original for r in checked if r.original), None),
            "converted": next((r.converted for r in checked if r.converted), None)}


def error_figures(parity: dict | None) -> str:
    """`max abs err 1.19e-07, max rel err 2.4e-08, 1 ulp` from a kernel's parity ("" when none)."""
    if not parity:
        return ""

    def num(x) -> str:
        return x if isinstance(x, str) else f"{x:.3g}"

    parts = []
    if parity.get("max_abs_error") is not None:
        parts.append(f"max abs err {num(parity['max_abs_error'])}")
    if parity.get("max_rel_error") is not None:
        parts.append(f"max rel err {num(parity['max_rel_error'])}")
    if parity.get("max_ulp") is not None:
        parts.append(f"{num(parity['max_ulp'])} ulp")
    return ", ".join(parts)


def describe(parity: dict | None) -> str:
    """One kernel's parity in words, for the text, Markdown and JUnit reports:
    `passed (max abs err 0, max rel err 0, 0 ulp; original cpu, converted c)`, `failed: y: 3/32 elements
    differ ...`, `not checked: no launch spec (a.toml), ...`, or `-` when parity did not run."""
    if not parity:
        return "-"
    if parity["status"] == NOT_CHECKED:
        return f"not checked: {parity.get('reason') or 'no launch spec'}"
    where = f"original {parity['original']}, converted {parity['converted']}" \
        if parity.get("original") and parity.get("converted") else ""
    if parity["status"] == FAILED:  # the error names the worst buffer and its errors
        return f"failed: {parity.get('error') or 'outputs differ'}" + (f" ({where})" if where else "")
    figures = "; ".join(filter(None, [error_figures(parity), where]))
    return parity["status"] + (f" ({figures})" if figures else "")
