"""CUDA math library functions and intrinsics."""

import numpy as np


def test_float_math(math_mod):
    rng = np.random.default_rng(14)
    n = 500
    x = (rng.standard_normal(n) * 3).astype(np.float32)
    y = (rng.standard_normal(n) * 2).astype(np.float32)
    y[y == 0] = 1
    out = np.zeros(12 * n, np.float32)
    math_mod.launch("float_math", 4, 128, [x, y, out, n])
    o = out.reshape(n, 12)
    np.testing.assert_allclose(o[:, 0], np.exp(x.astype(np.float64)), rtol=2e-6)
    np.testing.assert_allclose(o[:, 1], np.exp(x.astype(np.float64)), rtol=1e-6)
    np.testing.assert_allclose(o[:, 2], 1 / np.sqrt(np.abs(y.astype(np.float64)) + 1), rtol=1e-6)
    np.testing.assert_allclose(o[:, 3], x / y, rtol=1e-6)
    np.testing.assert_array_equal(o[:, 4], (x.astype(np.float64) * y + 1).astype(np.float32))  # single rounding
    np.testing.assert_array_equal(o[:, 5], np.clip(x, 0, 1))
    np.testing.assert_array_equal(o[:, 6], np.minimum(x, y))
    np.testing.assert_array_equal(o[:, 7], np.maximum(x, y))
    np.testing.assert_array_equal(o[:, 8], -x)
    np.testing.assert_array_equal(o[:, 9], np.sqrt(np.abs(x)))
    np.testing.assert_allclose(o[:, 10], np.log(np.abs(y.astype(np.float64)) + 1), rtol=2e-6, atol=1e-7)
    np.testing.assert_array_equal(o[:, 11], np.float32(np.pi) * x)


def test_integer_intrinsics(math_mod):
    rng = np.random.default_rng(15)
    n = 300
    a = rng.integers(0, 2**32, n, dtype=np.uint64).astype(np.uint32)
    b = rng.integers(0, 2**32, n, dtype=np.uint64).astype(np.uint32)
    a[:3] = [0, 1, 0x80000000]
    out = np.zeros(10 * n, np.uint32)
    math_mod.launch("int_intrinsics", 3, 128, [a, b, out, n])
    o = out.reshape(n, 10)
    for i in range(n):
        x, y = int(a[i]), int(b[i])
        s = y & 63
        sx = x - 2**32 if x >= 2**31 else x
        sy = y - 2**32 if y >= 2**31 else y
        v = (y << 32) | x
        sel = [(0x5140 >> (4 * k)) & 7 for k in range(4)]
        exp = [bin(x).count("1"), 32 - x.bit_length(), (x & -x).bit_length(), int(f"{x:032b}"[::-1], 2),
               sum(((v >> (8 * sel[k])) & 0xFF) << (8 * k) for k in range(4)),
               ((v << (s & 31)) >> 32) & 0xFFFFFFFF, (v >> (s & 31)) & 0xFFFFFFFF, (x * y) >> 32,
               min(sx, sy) & 0xFFFFFFFF, max(x, y)]
        assert list(o[i]) == exp, i


def test_float_to_int_conversions(math_mod):
    x = np.array([0.5, 1.5, 2.5, -0.5, -1.5, 2.7, -2.7, 1e10, -1e10, np.nan, 3e9, -1.0], np.float32)
    n = x.size
    out = np.zeros(5 * n, np.int32)
    math_mod.launch("conversions", 1, n, [x, out, n])
    o = out.reshape(n, 5)
    imax, imin = 2**31 - 1, -2**31
    with np.errstate(invalid="ignore"):
        for i, v in enumerate(x.astype(np.float64)):
            def sat(r, lo=imin, hi=imax):
                return 0 if np.isnan(r) else int(min(max(r, lo), hi))
            u = sat(np.rint(v), 0, 2**32 - 1)
            assert list(o[i]) == [sat(np.rint(v)), sat(np.trunc(v)), sat(np.ceil(v)), sat(np.floor(v)),
                                  u - 2**32 if u >= 2**31 else u], (i, v)
