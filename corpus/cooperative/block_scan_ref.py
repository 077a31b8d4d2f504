"""numpy references for corpus/cooperative/block_scan.cu.

The float scans are replayed step by step in float32 on (blocks, B) arrays,
so every partial sum is formed from the same two operands as in the kernel:
* Hillis-Steele: for off = 1, 2, 4, ...: s[t] = s[t] + s[t - off] (t >= off);
* shuffle scan: the same recurrence within each warp (lanes 0..31), then a
  scan of the warp totals, then warp w adds the inclusive total of warps < w.
The int (Blelloch) scan is exact, so an exclusive cumulative sum is enough.
Elements past n are 0 in the kernel's shared array and are not written.
"""
import numpy as np

f32 = np.float32


def _segments(x, n, seg, fill=0):
    nb = (n + seg - 1) // seg
    v = np.full(nb * seg, fill, dtype=x.dtype)
    v[:n] = x[:n]
    return v.reshape(nb, seg)


def _step_scan(s):
    """Inclusive Hillis-Steele scan along the last axis (float32, same operand pairs)."""
    s = s.copy()
    off = 1
    while off < s.shape[-1]:
        nxt = s.copy()
        nxt[..., off:] = s[..., off:] + s[..., :-off]
        s = nxt
        off *= 2
    return s


def scan_hillis_steele(n, x, y):
    s = _step_scan(_segments(x.astype(f32), n, 256))
    out = y.copy()
    out[:n] = s.reshape(-1)[:n]
    return {"y": out}


def scan_blelloch(n, x, y, block_sums):
    s = _segments(x.astype(np.int64), n, 256)
    inc = np.cumsum(s, axis=1)
    exc = inc - s
    out = y.copy()
    out[:n] = exc.reshape(-1)[:n].astype(np.int32)
    return {"y": out, "block_sums": inc[:, -1].astype(np.int32)}


def scan_warp_shfl_up(n, x, y):
    s = _segments(x.astype(f32), n, 256)            # (blocks, 256)
    nb = s.shape[0]
    lanes = _step_scan(s.reshape(nb, 8, 32))         # per-warp inclusive scans
    totals = np.zeros((nb, 32), dtype=f32)
    totals[:, :8] = lanes[:, :, 31]
    tscan = _step_scan(totals)[:, :8]                # inclusive scan of the warp totals
    res = lanes.copy()
    res[:, 1:, :] = lanes[:, 1:, :] + tscan[:, :7, None]
    out = y.copy()
    out[:n] = res.reshape(-1)[:n]
    return {"y": out}
