"""__half / __nv_bfloat16: conversions (round to nearest even, directed), arithmetic vs numpy float16."""

import numpy as np
import pytest

from cuda2tile.parity.cpu_runtime import bf16_bits_to_float, float_to_bf16_bits


def special_floats():
    rng = np.random.default_rng(12)
    one = np.float32(1.0)
    vals = [0.0, -0.0, 1.0, -1.0, 65504.0, 65519.0, 65520.0, 70000.0, -70000.0, np.inf, -np.inf,
            2.0 ** -14, 2.0 ** -24, 2.0 ** -25, 2.0 ** -25 * 1.0001, 3 * 2.0 ** -26, 2.0 ** -26, 1e-10,
            one + 2.0 ** -11, one + 3 * 2.0 ** -11, one + 2.0 ** -11 + 2.0 ** -20, -(one + 2.0 ** -11),
            0.1, 1 / 3, 1234.5678, 6.1e-5, 5.96e-8]
    rand = np.concatenate([rng.standard_normal(300) * 10, rng.standard_normal(200) * 1e-5,
                           rng.uniform(-7e4, 7e4, 200), rng.standard_normal(100) * 1e-7])
    return np.concatenate([np.array(vals, np.float32), rand.astype(np.float32)])


def directed(x, mode):
    """float32 -> float16 bits rounded toward zero / up / down, from numpy's nearest-even result."""
    h = x.astype(np.float16)
    hd = h.astype(np.float64)
    xd = x.astype(np.float64)
    res = h.copy()
    with np.errstate(invalid="ignore"):
        if mode == "rz":
            fix = np.abs(hd) > np.abs(xd)
            res[fix] = np.nextafter(h[fix], np.float16(0))
        elif mode == "ru":
            fix = hd < xd
            res[fix] = np.nextafter(h[fix], np.float16(np.inf))
        else:
            fix = hd > xd
            res[fix] = np.nextafter(h[fix], np.float16(-np.inf))
    big = np.isinf(h) & np.isfinite(x)  # overflowed: directed modes may stop at 65504
    if mode == "rz":
        res[big] = np.copysign(np.float16(65504), x[big])
    elif mode == "ru":
        res[big & (x < 0)] = np.float16(-65504)
    else:
        res[big & (x > 0)] = np.float16(65504)
    return res.view(np.uint16)


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
def test_float_to_half_rounding_matches_numpy(half_mod):
    x = special_floats()
    n = x.size
    rn, rz, ru, rd = (np.zeros(n, np.uint16) for _ in range(4))
    back = np.zeros(n, np.float32)
    half_mod.launch("half_convert", (n + 127) // 128, 128, [x, rn, rz, ru, rd, back, n])
    np.testing.assert_array_equal(rn, x.astype(np.float16).view(np.uint16))
    np.testing.assert_array_equal(back, x.astype(np.float16).astype(np.float32))
    np.testing.assert_array_equal(rz, directed(x, "rz"))
    np.testing.assert_array_equal(ru, directed(x, "ru"))
    np.testing.assert_array_equal(rd, directed(x, "rd"))


def test_nan_converts_to_canonical_nan(half_mod):
    x = np.array([np.nan, -np.nan, 1.0], np.float32)
    rn, rz, ru, rd = (np.zeros(3, np.uint16) for _ in range(4))
    back = np.zeros(3, np.float32)
    half_mod.launch("half_convert", 1, 3, [x, rn, rz, ru, rd, back, 3])
    assert rn[0] == 0x7FFF and rn[1] == 0x7FFF and np.isnan(back[0])


def test_half_arithmetic_matches_numpy(half_mod):
    rng = np.random.default_rng(13)
    n = 2000
    a = (rng.standard_normal(n) * 30).astype(np.float16)
    b = (rng.standard_normal(n) * 3).astype(np.float16)
    c = (rng.standard_normal(n) * 100).astype(np.float16)
    a[:4] = [65504, 1e-7, 3.0, -2.5]
    b[:4] = [2.0, 1e-3, 0.0, 1e-7]
    outs = [np.zeros(n, np.float16) for _ in range(6)]
    with np.errstate(all="ignore"):
        half_mod.launch("half_arith", (n + 255) // 256, 256, [a, b, c, *outs, n])
        add, sub, mul, div, fma, ops = outs
        af, bf, cf = (v.astype(np.float32) for v in (a, b, c))
        np.testing.assert_array_equal(add, (af + bf).astype(np.float16))
        np.testing.assert_array_equal(sub, (af - bf).astype(np.float16))
        np.testing.assert_array_equal(mul, (af * bf).astype(np.float16))
        np.testing.assert_array_equal(div, (af / bf).astype(np.float16))
        exact = a.astype(np.float64) * b.astype(np.float64) + c.astype(np.float64)  # exact for these ranges
        np.testing.assert_array_equal(fma, exact.astype(np.float16))
        np.testing.assert_array_equal(ops, ((af * bf).astype(np.float16).astype(np.float32) + cf).astype(np.float16))


def test_half2_and_half_scalar_argument(half_mod):
    n = 16
    a = (np.arange(2 * n, dtype=np.float32) * 0.37 - 3).astype(np.float16)
    out = np.zeros(2 * n, np.float16)
    f = np.zeros(2 * n, np.float32)
    for s in (1.5, int(np.float16(1.5).view(np.uint16))):  # float value or raw bits
        half_mod.launch("half2_and_scalar", 1, n, [a, out, s, f, n])
        np.testing.assert_array_equal(out, (a.astype(np.float32) * np.float32(1.5)).astype(np.float16))
        np.testing.assert_array_equal(f, a.astype(np.float32))


def test_bfloat16(half_mod):
    x = special_floats()
    n = x.size
    out, back, s = np.zeros(n, np.uint16), np.zeros(n, np.float32), np.zeros(n, np.uint16)
    half_mod.launch("bf16_convert", (n + 127) // 128, 128, [x, out, back, s, n])
    ref = float_to_bf16_bits(x)
    np.testing.assert_array_equal(out, ref)
    np.testing.assert_array_equal(back, bf16_bits_to_float(ref))
    np.testing.assert_array_equal(s, float_to_bf16_bits(bf16_bits_to_float(ref) + np.float32(1)))


def test_double_to_half_rounds_once(half_mod):
    # 1 + 2^-11 + 2^-40 rounds up in one step; via float (1 + 2^-11, a tie) it would round to even (down)
    x = np.array([1 + 2.0 ** -11 + 2.0 ** -40, 1 + 2.0 ** -11, 65519.99, 2.0 ** -25 + 2.0 ** -60, 0.1], np.float64)
    out = np.zeros(x.size, np.uint16)
    half_mod.launch("double_to_half", 1, x.size, [x, out, x.size])
    np.testing.assert_array_equal(out, x.astype(np.float16).view(np.uint16))
