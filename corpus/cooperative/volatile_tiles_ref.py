"""numpy references for corpus/cooperative/volatile_tiles.cu."""
import numpy as np


def _fir(x, f):
    """y[j] = sum over t of x[j + t - (taps - 1)] * f[taps - 1 - t], t ascending (the kernel's order)."""
    taps = f.size
    padded = np.concatenate([np.zeros(taps - 1, np.float32), x])
    acc = np.zeros(x.size, np.float32)
    for t in range(taps):
        acc = (acc + padded[t:t + x.size] * f[taps - 1 - t]).astype(np.float32)
    return acc


def fir_tile(x, f, y, n):
    return {"y": _fir(x, f)}


def fir_tile_energy(x, f, y, energy, n):
    out = _fir(x, f)
    blocks = (n + 63) // 64
    sq = np.zeros(blocks * 64, np.float32)
    sq[:n] = out * out
    # the tree of the volatile tail: v[t] += v[t + 32], then 16, 8, 4, 2, 1, on 32 lanes of 64 values
    v = sq.reshape(blocks, 64).copy()
    for step in (32, 16, 8, 4, 2, 1):
        v[:, :32] = (v[:, :32] + v[:, step:step + 32]).astype(np.float32)
    return {"y": out, "energy": v[:, 0]}
