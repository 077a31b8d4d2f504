"""numpy references for corpus/types/half_io.cu.

Arithmetic in float32, conversions to half round to nearest even like
__float2half. a*v + b is rounded once to float32 (fused multiply-add).
"""
import numpy as np

f16 = np.float16
f32 = np.float32
f64 = np.float64


def half_scale_bias(n, a, b, x, y):
    res = y.copy()
    v = x[:n].astype(f32)
    t = (f64(f32(a)) * v.astype(f64) + f64(f32(b))).astype(f32)
    res[:n] = t.astype(f16)
    return {"y": res}


def half_to_float(n, x, y):
    res = y.copy()
    res[:n] = x[:n].astype(f32)
    return {"y": res}


def float_to_half(n, x, y):
    res = y.copy()
    res[:n] = x[:n].astype(f32).astype(f16)
    return {"y": res}


def half_mul_add_mixed(n, a, b, c, y):
    res = y.copy()
    prod = a[:n].astype(f32) * b[:n].astype(f32)   # exact: 11-bit x 11-bit mantissas
    res[:n] = (prod + c[:n].astype(f32)).astype(f16)
    return {"y": res}


def half_masked_copy(rows, cols, valid, x, mask, y, mask_out=None):
    """Rows below `valid`: x with the masked elements negated (exact in half), the mask copied;
    rows from `valid` on: zeros, the mask output untouched."""
    out = y.copy()
    out[:valid] = np.where(mask[:valid] != 0, -x[:valid], x[:valid])
    out[valid:] = f16(0)
    result = {"y": out}
    if mask_out is not None:
        mo = mask_out.copy()
        mo[:valid] = mask[:valid]
        result["mask_out"] = mo
    return result


def half_masked_copy_nomask(rows, cols, valid, x, mask, y):
    return half_masked_copy(rows, cols, valid, x, mask, y)
