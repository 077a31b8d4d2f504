"""numpy references for corpus/cooperative/stride_barriers.cu."""
import numpy as np


def _segment_sums(n, x, w, sums, dtype, block):
    res = sums.copy()
    for seg in range(n // block):
        v = x[seg * block:(seg + 1) * block].astype(dtype) * dtype(w[seg])
        total = v[0]
        for t in range(1, block):
            total = dtype(total + v[t])
        res[seg] = total
    return {"sums": res}


def segment_sums_float(n, x, w, sums):
    return _segment_sums(n, x, w, sums, np.float32, 64)


def segment_sums_double(n, x, w, sums):
    return _segment_sums(n, x, w, sums, np.float64, 128)


def segment_max_argmax(n, x, peak, where):
    v = x.astype(np.float32).reshape(n // 128, 128)
    at = v.argmax(axis=1)
    return {"peak": v.max(axis=1), "where": (at + 128 * np.arange(n // 128)).astype(np.int32)}


def chunk_reverse(x, y):
    v = x.astype(np.float32).reshape(-1, 128)
    return {"y": (v[:, ::-1] + np.float32(0.5) * v).reshape(-1)}


def rotate_rounds(n, x, y):
    ring = x.astype(np.int32).reshape(-1, 128) * 3 + 1
    return {"y": (np.roll(ring, -1, axis=1) - ring).reshape(-1)}


def _pair_swap(n, v, y):
    res = y.copy()
    for i in range(n):
        res[i] = v[i ^ 1] if (i ^ 1) < n else -v[i]
    return {"y": res}


def pair_swap(n, x, y):
    return _pair_swap(n, x.astype(np.float32), y)


def pair_swap_block(n, x, y):
    return _pair_swap(n, np.float32(2) * x.astype(np.float32), y)
