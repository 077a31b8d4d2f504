"""numpy references for corpus/cooperative/cg_reduce.cu (float32).

tile.shfl_down(v, off) behaves like __shfl_down_sync(0xffffffff, v, off):
lane l receives lane l + off, or keeps its own value when l + off > 31. The
reductions are replayed in that order in float32; lanes past n hold 0.0f.
"""
import numpy as np

f32 = np.float32


def _shfl_down_sum(v):
    v = v.copy()
    for off in (16, 8, 4, 2, 1):
        other = v.copy()
        other[:, :32 - off] = v[:, off:]
        v = v + other
    return v


def _lanes(x, n, nthreads):
    v = np.zeros(nthreads, dtype=f32)
    v[:n] = x[:n].astype(f32)
    return v.reshape(-1, 32)


def cg_warp_reduce(n, x, warp_sums):
    nw = warp_sums.shape[0]
    return {"warp_sums": _shfl_down_sum(_lanes(x, n, nw * 32))[:, 0].copy()}


def cg_block_sum(n, x, partial):
    nb = partial.shape[0]
    tiles = _shfl_down_sum(_lanes(x, n, nb * 192))[:, 0].reshape(nb, 6)
    second = np.zeros((nb, 32), dtype=f32)
    second[:, :6] = tiles
    return {"partial": _shfl_down_sum(second)[:, 0].copy()}
