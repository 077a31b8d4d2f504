"""Compare a kernel's output with the expected one, reporting what a user needs to find the bug.

Floats: |got - want| <= atol + rtol * |want| elementwise (numpy.isclose's rule), NaN only where
NaN is expected, infinities must match. Integers and bools compare exactly. The report gives the
worst element (flat index), the max absolute and relative errors, and the mismatch count.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Comparison:
    name: str
    ok: bool
    mismatches: int
    total: int
    max_abs_error: float
    max_rel_error: float
    worst_index: int | None
    got: object = None
    want: object = None

    def describe(self) -> str:
        if self.ok:
            return f"{self.name}: ok ({self.total} elements, max abs err {self.max_abs_error:.3g})"
        return (f"{self.name}: {self.mismatches}/{self.total} elements differ; worst at flat index "
                f"{self.worst_index}: got {self.got!r}, expected {self.want!r} "
                f"(max abs err {self.max_abs_error:.3g}, max rel err {self.max_rel_error:.3g})")


def compare(name: str, got: np.ndarray, want: np.ndarray, rtol: float, atol: float) -> Comparison:
    got = np.asarray(got).reshape(-1)
    want = np.asarray(want).reshape(-1)
    if got.shape != want.shape:
        return Comparison(name, False, max(got.size, want.size), want.size, float("inf"), float("inf"), None,
                          f"shape {got.shape}", f"shape {want.shape}")
    if not np.issubdtype(want.dtype, np.floating):
        bad = got.astype(np.int64) != want.astype(np.int64) if want.dtype != np.uint64 else got != want
        diff = np.abs(got.astype(np.float64) - want.astype(np.float64))
        worst = int(np.argmax(bad)) if bad.any() else None
        return Comparison(name, not bad.any(), int(bad.sum()), want.size, float(diff.max(initial=0.0)),
                          0.0, worst, got[worst].item() if worst is not None else None,
                          want[worst].item() if worst is not None else None)
    g = got.astype(np.float64)
    w = want.astype(np.float64)
    nan_bad = np.isnan(g) != np.isnan(w)
    inf_bad = (np.isinf(w) | np.isinf(g)) & ~(g == w) & ~np.isnan(w)
    finite = np.isfinite(w) & np.isfinite(g)
    diff = np.where(finite, np.abs(g - w), 0.0)
    rel = np.where(finite & (w != 0), diff / np.abs(np.where(w == 0, 1, w)), 0.0)
    bad = nan_bad | inf_bad | (finite & (diff > atol + rtol * np.abs(w)))
    score = np.where(bad, np.inf, 0.0) if bad.any() else diff
    if bad.any():
        excess = np.where(finite, diff - (atol + rtol * np.abs(w)), np.inf)
        score = np.where(bad, excess, -np.inf)
    worst = int(np.argmax(score)) if want.size else None
    return Comparison(name, not bad.any(), int(bad.sum()), want.size, float(diff.max(initial=0.0)),
                      float(rel.max(initial=0.0)), worst,
                      got[worst].item() if worst is not None else None,
                      want[worst].item() if worst is not None else None)
