"""Buffer comparison for the parity harness: tolerances per dtype, ULP distances, unordered outputs.

Built on `compare.compare` (the tolerance rule `|got - want| <= atol + rtol * |want|`, NaN only
where NaN is expected, infinities must match, integers exact). On top of it:

* the ULP distance of every float element is measured and its maximum reported; with `ulp=N`
  the verdict is `ulp <= N` per element instead of the tolerance rule (NaN matches NaN, an
  infinity matches the same infinity, anything else against NaN is an infinite distance);
* `unordered=True` sorts both buffers first, for kernels whose output order is not deterministic
  (atomic slot allocation, ...): the worst index is then a position in sorted order;
* bfloat16 buffers travel as their uint16 bits and are compared as floats.

Example: `check_buffer("y", got, want, dtype="float32")` -> `BufferCheck(ok=True, max_ulp=1, ...)`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from cuda2tile.parity.compare import compare
from cuda2tile.spec import bfloat16
from cuda2tile.spec.launch_spec import DEFAULT_TOLERANCE

# (rtol, atol) per dtype; integer dtypes compare exactly. bfloat16 keeps 8 significant bits.
DTYPE_TOLERANCE = dict(DEFAULT_TOLERANCE)
_ORDERED_INT = {2: np.int16, 4: np.int32, 8: np.int64}


@dataclass(frozen=True)
class BufferCheck:
    name: str
    ok: bool
    mismatches: int
    total: int
    max_abs_error: float
    max_rel_error: float
    max_ulp: float | None  # None for integer buffers
    worst_index: int | None
    got: object = None
    want: object = None
    rule: str = ""  # "exact", "rtol=1e-05 atol=1e-06" or "ulp<=4"
    unordered: bool = False

    def describe(self) -> str:
        ulp = f", max {self.max_ulp:.0f} ulp" if self.max_ulp is not None and np.isfinite(self.max_ulp) else (
            ", max ulp inf" if self.max_ulp is not None else "")
        where = "sorted position" if self.unordered else "flat index"
        rule = self.rule + (", unordered" if self.unordered else "")
        if self.ok:
            return (f"{self.name}: ok ({self.total} elements, max abs err {self.max_abs_error:.3g}, max rel err "
                    f"{self.max_rel_error:.3g}{ulp}; {rule})")
        return (f"{self.name}: {self.mismatches}/{self.total} elements differ ({rule}); worst at {where} "
                f"{self.worst_index}: converted {self.got!r}, original {self.want!r} (max abs err "
                f"{self.max_abs_error:.3g}, max rel err {self.max_rel_error:.3g}{ulp})")

    def to_json(self) -> dict:
        def num(x):
            if x is None:
                return None
            x = float(x)
            return x if np.isfinite(x) else str(x)

        def val(x):
            return num(x) if isinstance(x, float) else x

        return {"name": self.name, "ok": self.ok, "mismatches": self.mismatches, "total": self.total,
                "max_abs_error": num(self.max_abs_error), "max_rel_error": num(self.max_rel_error),
                "max_ulp": num(self.max_ulp), "worst_index": self.worst_index, "converted": val(self.got),
                "original": val(self.want), "rule": self.rule, "unordered": self.unordered}


bf16_to_float32 = bfloat16.to_float32


def _ordered(x: np.ndarray) -> np.ndarray:
    """Float bits mapped to integers that are monotonic in the float's value (-0 and +0 both 0)."""
    ints = x.view(_ORDERED_INT[x.dtype.itemsize]).astype(np.int64)
    magnitude = np.int64((1 << (8 * x.dtype.itemsize - 1)) - 1)
    return np.where(ints < 0, -(ints & magnitude), ints)


def ulp_distance(got: np.ndarray, want: np.ndarray, bfloat16: bool = False) -> np.ndarray:
    """Element-wise distance in units in the last place of the (common) float dtype, as float64.

    Same-signed values: the count of representable values between them; opposite signs add the
    two distances to zero. NaN against NaN is 0, NaN against a number is infinite.
    `bfloat16=True`: the arrays hold bfloat16 bit patterns (uint16).
    """
    got = np.ascontiguousarray(got).reshape(-1)
    want = np.ascontiguousarray(want).reshape(-1)
    a, b = _ordered(got), _ordered(want)
    if bfloat16:
        got, want = bf16_to_float32(got), bf16_to_float32(want)
    same = (a >= 0) == (b >= 0)
    dist = np.where(same, np.abs(a - np.where(same, b, 0)).astype(np.float64),
                    np.abs(a).astype(np.float64) + np.abs(b).astype(np.float64))
    gn, wn = np.isnan(got), np.isnan(want)
    dist = np.where(gn & wn, 0.0, dist)
    return np.where(gn ^ wn, np.inf, dist)


def default_tolerance(dtype: str) -> tuple[float, float]:
    return DTYPE_TOLERANCE.get(dtype, (0.0, 0.0))


def check_buffer(name: str, got: np.ndarray, want: np.ndarray, *, dtype: str | None = None,
                 tolerance: tuple[float, float] | None = None, ulp: int | None = None,
                 unordered: bool = False) -> BufferCheck:
    """Compare the converted kernel's buffer `got` with the original's `want`.

    dtype:     the element type as the kernel sees it (default: `want.dtype`); "bfloat16" for
               uint16 bit patterns.
    tolerance: (rtol, atol) for float buffers; default per dtype (`DTYPE_TOLERANCE`).
    ulp:       compare floats by ULP distance (<= ulp) instead of the tolerance.
    unordered: sort both buffers before comparing.
    """
    got = np.ascontiguousarray(got).reshape(-1)
    want = np.ascontiguousarray(want).reshape(-1)
    dtype = dtype or want.dtype.name
    bits = None  # bfloat16: the bit patterns, for ULPs
    if dtype == "bfloat16":
        got, want = bf16_to_float32(got), bf16_to_float32(want)
    if unordered:
        got, want = np.sort(got), np.sort(want)
    if dtype == "bfloat16":  # float32 values of bf16 numbers: their top 16 bits are exact
        bits = ((got.view(np.uint32) >> 16).astype(np.uint16), (want.view(np.uint32) >> 16).astype(np.uint16))
    is_float = np.issubdtype(want.dtype, np.floating)
    if not is_float:
        c = compare(name, got, want, 0.0, 0.0)
        return BufferCheck(name, c.ok, c.mismatches, c.total, c.max_abs_error, c.max_rel_error, None,
                           c.worst_index, c.got, c.want, "exact", unordered)
    if got.shape != want.shape or got.dtype != want.dtype:
        return BufferCheck(name, False, max(got.size, want.size), want.size, float("inf"), float("inf"), None, None,
                           f"{got.dtype}{list(got.shape)}", f"{want.dtype}{list(want.shape)}",
                           "same dtype and shape", unordered)
    dist = ulp_distance(*bits, bfloat16=True) if bits is not None else ulp_distance(got, want)
    max_ulp = float(dist.max(initial=0.0))
    rtol, atol = tolerance if tolerance is not None else default_tolerance(dtype)
    with np.errstate(invalid="ignore", over="ignore"):  # inf - inf on matching infinities
        c = compare(name, got, want, rtol, atol)
    if ulp is None:
        return BufferCheck(name, c.ok, c.mismatches, c.total, c.max_abs_error, c.max_rel_error, max_ulp,
                           c.worst_index, c.got, c.want, f"rtol={rtol:g} atol={atol:g}", unordered)
    bad = dist > ulp
    worst = int(np.argmax(dist)) if bad.any() else (c.worst_index if want.size else None)
    return BufferCheck(name, not bad.any(), int(bad.sum()), want.size, c.max_abs_error, c.max_rel_error, max_ulp,
                       worst, got[worst].item() if worst is not None else None,
                       want[worst].item() if worst is not None else None, f"ulp<={ulp}", unordered)
