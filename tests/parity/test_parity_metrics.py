"""Buffer comparison of the parity harness: tolerances per dtype, ULPs, NaN/Inf, unordered outputs."""

from __future__ import annotations

import numpy as np
import pytest

from cuda2tile.parity.metrics import DTYPE_TOLERANCE, check_buffer, ulp_distance


def _next(x, dtype):
    x = np.asarray(x, dtype=dtype)
    return np.nextafter(x, np.asarray(np.inf, dtype=dtype))


@pytest.mark.parametrize("dtype", ["float16", "float32", "float64"])
def test_ulp_distance_counts_representable_values(dtype):
    one = np.array([1.0, -2.0, 0.0], dtype=dtype)
    assert ulp_distance(_next(one, dtype), one).tolist() == [1.0, 1.0, 1.0]
    two_up = _next(_next(one, dtype), dtype)
    assert ulp_distance(two_up, one).tolist() == [2.0, 2.0, 2.0]


def test_ulp_distance_across_zero_and_special_values():
    tiny = np.float32(1e-45)  # the smallest subnormal: 1 ulp from zero
    got = np.array([tiny, -0.0, np.nan, np.inf, 1.0, np.nan], dtype=np.float32)
    want = np.array([-tiny, 0.0, np.nan, np.inf, np.nan, 1.0], dtype=np.float32)
    assert ulp_distance(got, want).tolist() == [2.0, 0.0, 0.0, 0.0, np.inf, np.inf]


def test_default_tolerances_per_dtype():
    assert DTYPE_TOLERANCE["float32"] == (1e-5, 1e-6)
    assert set(DTYPE_TOLERANCE) >= {"float16", "bfloat16", "float32", "float64"}
    x = np.linspace(1, 2, 100, dtype=np.float32)
    assert check_buffer("y", x * np.float32(1 + 5e-6), x).ok  # within rtol 1e-5
    assert not check_buffer("y", x * np.float32(1 + 5e-5), x).ok
    d = np.linspace(1, 2, 100)
    assert not check_buffer("y", d * (1 + 1e-10), d).ok  # float64: 1e-12


def test_integers_compare_exactly():
    a = np.arange(10, dtype=np.int32)
    b = a.copy()
    b[7] += 1
    c = check_buffer("k", b, a)
    assert not c.ok and c.mismatches == 1 and c.worst_index == 7 and c.rule == "exact" and c.max_ulp is None
    assert "worst at flat index 7" in c.describe()


def test_nan_and_inf_awareness():
    want = np.array([np.nan, np.inf, -np.inf, 1.0], dtype=np.float32)
    assert check_buffer("y", want.copy(), want).ok
    got = want.copy()
    got[1] = -np.inf
    c = check_buffer("y", got, want)
    assert not c.ok and c.worst_index == 1
    got = want.copy()
    got[3] = np.nan
    c = check_buffer("y", got, want)
    assert not c.ok and c.worst_index == 3 and c.max_ulp == np.inf


def test_ulp_mode_replaces_the_tolerance():
    want = np.array([1.0, 2.0, 3.0], dtype=np.float32)
    got = _next(_next(want, np.float32), np.float32)  # 2 ulp everywhere
    assert check_buffer("y", got, want).ok  # well within rtol 1e-5
    strict = check_buffer("y", got, want, ulp=1)
    assert not strict.ok and strict.mismatches == 3 and strict.max_ulp == 2 and strict.rule == "ulp<=1"
    assert check_buffer("y", got, want, ulp=2).ok


def test_unordered_sorts_both_sides():
    want = np.array([3.0, 1.0, 2.0], dtype=np.float32)
    got = np.array([1.0, 2.0, 3.0], dtype=np.float32)
    assert not check_buffer("slots", got, want).ok
    c = check_buffer("slots", got, want, unordered=True)
    assert c.ok and c.unordered
    c = check_buffer("slots", np.array([1.0, 2.0, 4.0], dtype=np.float32), want, unordered=True)
    assert not c.ok and "sorted position 2" in c.describe()


def test_bfloat16_bits_compare_as_floats():
    def bits(x):
        return (np.asarray(x, dtype=np.float32).view(np.uint32) >> 16).astype(np.uint16)

    want = bits([1.0, 2.0, -3.0])
    got = want.copy()
    got[0] += 1  # one bf16 ulp at 1.0: 2^-7 = 0.0078, within rtol = atol = 1e-2
    c = check_buffer("h", got, want, dtype="bfloat16")
    assert c.ok and c.max_ulp == 1
    got[2] += 8
    c = check_buffer("h", got, want, dtype="bfloat16")
    assert not c.ok and c.worst_index == 2


def test_json_of_a_failure_is_plain_data():
    c = check_buffer("y", np.array([1.0, np.nan]), np.array([1.0, 2.0]))
    data = c.to_json()
    assert data["ok"] is False and data["worst_index"] == 1 and data["max_ulp"] == "inf"
