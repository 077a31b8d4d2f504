"""numpy references for corpus/cooperative/cg_reduce.cu (float32, int32).

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


def _xor_sum(v):
    """cg::reduce's butterfly: every lane adds the lane `off` away (xor), largest distance first."""
    lanes = np.arange(v.shape[1])
    for off in (16, 8, 4, 2, 1):
        v = v + v[:, lanes ^ off]
    return v


def cg_reduce_sum_max(n, x, tile_sums, tile_max):
    nt = tile_sums.shape[0]
    sums = _xor_sum(_lanes(x, n, nt * 32))[:, 31].copy()
    padded = np.full(nt * 32, f32(-1.0e30), dtype=f32)
    padded[:n] = x[:n]
    return {"tile_sums": sums, "tile_max": padded.reshape(-1, 32).max(axis=1)}


def cg_reduce_bits16(n, bits, flags, low):
    nq = flags.shape[0]
    b = np.zeros(nq * 16, dtype=np.int32)
    b[:n] = bits[:n]
    least = np.full(nq * 16, 2147483647, dtype=np.int32)
    least[:n] = bits[:n]
    return {"flags": np.bitwise_or.reduce(b.reshape(-1, 16), axis=1), "low": least.reshape(-1, 16).min(axis=1)}
