"""`coverage --parity`: check converted kernels against their numpy references and keep the results.

The modules the scan converted are written to a temporary tree and checked by
`cuda2tile.parity.verify_references.check_tree` (what `cuda2tile verify` runs): each kernel with a
launch spec is built with TileLang's C back end (cuda2tile/runtime), run on the spec's inputs and
compared with its reference. Slow (TileLang builds), hence only on request.
"""

from __future__ import annotations

import os
import tempfile
from collections import defaultdict
from pathlib import Path

from cuda2tile.reports.collect import TreeScan
from cuda2tile.files import write_module


def run_parity(tree: TreeScan, sources: list[str], seed: int = 0, progress=None) -> None:
    """Set `kernel.parity` on every kernel of the scan: passed | failed | skipped (no launch spec).
    Raises `MissingExtra` (cuda2tile/extras.py) on an install without TileLang."""
    from cuda2tile.extras import require_run_extra
    from cuda2tile.parity.verify_references import check_tree  # imports TileLang: only when asked

    require_run_extra("coverage --parity")
    checks = defaultdict(list)
    with tempfile.TemporaryDirectory(prefix="cuda2tile-coverage-") as tmp:
        for i, src in enumerate(sources):
            out = Path(tmp) / str(i)
            mine = [s for s in tree.files if s.root == src]
            written: dict = {}
            for scanned in mine:  # converted by the scan's session: written as `convert -o` writes them
                if scanned.module is not None:
                    write_module(str(out), scanned.coverage.display, scanned.module, written)
            if not mine or not os.path.exists(src):
                continue
            for check in check_tree(Path(src), out, seed=seed, progress=progress):
                checks[(src, check.source, check.kernel)].append(check)
    for scanned in tree.files:
        for kernel in scanned.coverage.kernels:
            found = checks.get((scanned.root, scanned.coverage.display, kernel.name), [])
            found = found or checks.get((scanned.root, scanned.coverage.display, "*"), [])  # spec or module error
            if not found:
                kernel.parity = {"status": "skipped", "checks": 0, "seconds": 0.0, "error": "no launch spec"}
                continue
            failed = [c for c in found if not c.ok]
            error = next((c.error or "outputs differ from the reference" for c in failed), None)
            kernel.parity = {"status": "failed" if failed else "passed", "checks": len(found),
                             "seconds": round(sum(c.seconds for c in found), 3), "error": error}
