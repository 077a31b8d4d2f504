"""numpy references for the warp-synchronous kernels of audit_effects.cu.

The CPU runtime runs the original's lanes one after another, not in the lockstep that volatile
warp code relies on, so the harness compares these kernels with these references instead. numpy's
`v[:, :32] = v[:, :32] + v[:, off:off + 32]` is lockstep: every lane reads before any lane writes.
"""
import numpy as np

f32 = np.float32


def _warp_tail(v, lanes, offsets):
    for off in offsets:
        v[:, :lanes] = v[:, :lanes] + v[:, off:off + lanes]


def helper_tail_sum(src, out):
    s = src.astype(f32).reshape(out.shape[0], 128).copy()
    s[:, :64] = s[:, :64] + s[:, 64:]
    _warp_tail(s, 32, (32, 16, 8, 4, 2, 1))
    return {"out": s[:, 0].copy()}


def helper_tail_value(src, out):
    s = src.astype(np.int32).reshape(out.shape[0], 64).copy()
    h = s[:, 32:]  # the helper gets `s + 32`
    _warp_tail(h, 16, (16, 8, 4, 2, 1))
    return {"out": h[:, 0].copy()}


def retargeted_volatile(src, out):
    s = src.astype(f32).reshape(out.shape[0], 128).copy()
    result = out.copy()
    for b in range(s.shape[0]):
        base = 64 * (b & 1)
        v = s[b:b + 1, base:base + 64]
        _warp_tail(v, 32, (32, 16, 8, 4, 2, 1))
        v[:, :32] = v[:, :32] + f32(1.0)
        result[b] = v[0, 0]
    return {"out": result}
