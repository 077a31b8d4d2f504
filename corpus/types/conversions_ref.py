"""numpy references for corpus/types/conversions.cu (C cast semantics)."""
import numpy as np

f32 = np.float32


def float_to_int(n, x, yi, yu, yl):
    yi, yu, yl = yi.copy(), yu.copy(), yl.copy()
    v = x[:n].astype(f32)
    yi[:n] = v.astype(np.int32)                                  # truncates toward zero
    yu[:n] = np.maximum(v, f32(0.0)).astype(np.uint32)
    yl[:n] = (v * f32(1.0e7)).astype(np.int64)
    return {"yi": yi, "yu": yu, "yl": yl}


def int_to_float(n, scale, x, y):
    res = y.copy()
    res[:n] = x[:n].astype(f32) * f32(scale)
    return {"y": res}


def float_double_roundtrip(n, x, wide, narrow):
    wide, narrow = wide.copy(), narrow.copy()
    d = x[:n].astype(f32).astype(np.float64) / 3.0
    wide[:n] = d
    narrow[:n] = d.astype(f32)
    return {"wide": wide, "narrow": narrow}


def trunc_mod(n, x, bucket, frac):
    bucket, frac = bucket.copy(), frac.copy()
    v = x[:n].astype(f32)
    t = (v * f32(10.0)).astype(np.int32)
    bucket[:n] = np.fmod(t, 7)                                   # C %: sign of the dividend
    frac[:n] = v - v.astype(np.int32).astype(f32)
    return {"bucket": bucket, "frac": frac}
