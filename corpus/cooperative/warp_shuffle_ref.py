"""numpy references for corpus/cooperative/warp_shuffle.cu.

Shuffle reductions are replayed step by step in float32 on (warps, 32)
arrays, so the sums come out in the kernel's order:
* __shfl_down_sync(v, off) gives lane l the value of lane l + off, or its own
  value when l + off > 31;
* __shfl_xor_sync(v, m) gives lane l the value of lane l ^ m (a butterfly: all
  lanes end with bit-identical sums since float addition is commutative).
Lanes past n hold 0.0f.
"""
import numpy as np

f32 = np.float32


def _lanes(x, n, nthreads, fill=0.0):
    v = np.full(nthreads, fill, dtype=f32)
    v[:n] = x[:n].astype(f32)
    return v.reshape(-1, 32)


def _shfl_down_sum(v):
    v = v.copy()
    for off in (16, 8, 4, 2, 1):
        other = v.copy()
        other[:, :32 - off] = v[:, off:]
        v = v + other
    return v


def reduce_shfl_down(n, x, partial):
    nb = partial.shape[0]
    w = _shfl_down_sum(_lanes(x, n, nb * 256))[:, 0].reshape(nb, 8)  # 8 warp sums per block
    second = np.zeros((nb, 32), dtype=f32)
    second[:, :8] = w
    return {"partial": _shfl_down_sum(second)[:, 0].copy()}


def allreduce_shfl_xor(n, x, y):
    nthreads = (n + 127) // 128 * 128
    v = _lanes(x, n, nthreads)
    s = v.copy()
    lane = np.arange(32)
    for m in (16, 8, 4, 2, 1):
        s = s + s[:, lane ^ m]
    res = (v - s * f32(1.0 / 32.0)).reshape(-1)
    out = y.copy()
    out[:n] = res[:n]
    return {"y": out}


def warp_broadcast_lane(n, x, y, rev, leaders):
    v = _lanes(x, n, leaders.shape[0] * 32)
    first = v[:, :1]
    d = (v - first).reshape(-1)
    r = v[:, ::-1].reshape(-1)
    y_out, rev_out = y.copy(), rev.copy()
    y_out[:n] = d[:n]
    rev_out[:n] = r[:n]
    return {"y": y_out, "rev": rev_out, "leaders": first[:, 0].copy()}


def ballot_vote(n, lo, hi, x, masks, counts, any_hi, all_lo):
    nw = masks.shape[0]
    v = np.zeros(nw * 32, dtype=f32)
    v[:n] = x[:n].astype(f32)
    valid = np.arange(nw * 32) < n
    p_hi = (valid & (v > f32(hi))).reshape(nw, 32)
    p_lo = (valid & (v > f32(lo))).reshape(nw, 32)
    weights = (np.uint64(1) << np.arange(32, dtype=np.uint64))
    m = (p_hi.astype(np.uint64) * weights).sum(axis=1).astype(np.uint32)
    return {"masks": m,
            "counts": p_hi.sum(axis=1).astype(np.int32),
            "any_hi": p_hi.any(axis=1).astype(np.int32),
            "all_lo": p_lo.all(axis=1).astype(np.int32)}


def legacy_warp_sum(n, x, sums, y):
    nw = sums.shape[0]
    lanes = np.zeros(nw * 32, dtype=np.int64)
    lanes[:n] = x[:n]
    total = lanes.reshape(nw, 32).copy()
    for off in (16, 8, 4, 2, 1):  # lane 0 of each warp ends with the warp's sum
        other = total.copy()
        other[:, :32 - off] = total[:, off:]
        total = total + other
    out = y.copy()
    idx = np.arange(n)
    first_half = idx % 128 < 64
    warp_total = total[idx // 32, 0]
    # lane l of a 16-wide segment reads lane l + 1 of the same segment; lane 15 adds nothing
    nxt = np.where(idx + 1 < n, lanes[np.minimum(idx + 1, nw * 32 - 1)], 0)
    nxt = np.where(idx % 16 == 15, 0, nxt)
    out[first_half] = (x[:n] + warp_total + nxt)[first_half]
    return {"sums": total[:, 0].astype(np.int32), "y": out.astype(np.int32)}
