"""numpy references for corpus/cooperative/block_reduce.cu (float32).

Each block's sum is folded in the kernel's tree order, in float32, so the
result is bit-for-bit what the kernel computes (plain adds, nothing to fuse).
The volatile variant is evaluated with lockstep semantics: every lane of the
warp reads before any lane writes, which is what numpy's `s[:32] = s[:32] +
s[off:off + 32]` does.
"""
import numpy as np

f32 = np.float32


def _blocks(x, n, per_block, nblocks, fill):
    """(nblocks, per_block) float32 array of x[:n], padded with `fill`."""
    v = np.full(nblocks * per_block, fill, dtype=f32)
    v[:n] = x[:n].astype(f32)
    return v.reshape(nblocks, per_block)


def _tree(s, stop, op=np.add):
    """Fold s (..., B) in place: for h = B/2, B/4, ... > stop: s[:h] = op(s[:h], s[h:2h])."""
    h = s.shape[-1] // 2
    while h > stop:
        s[:, :h] = op(s[:, :h], s[:, h:2 * h])
        h //= 2
    return s


def reduce_tree(n, x, partial):
    nb = partial.shape[0]
    s = _tree(_blocks(x, n, 256, nb, 0.0), 0)
    return {"partial": s[:, 0].copy()}


def reduce_unrolled_syncwarp(n, x, partial):
    nb = partial.shape[0]
    s = _tree(_blocks(x, n, 128, nb, 0.0), 32)
    v = s[:, :32].copy()
    for off in (32, 16, 8, 4, 2, 1):
        v = v + s[:, off:off + 32]   # read (old values of the other lanes) ...
        s[:, :32] = v                # ... then every lane writes its own slot
    return {"partial": v[:, 0].copy()}


def reduce_unrolled_volatile(n, x, partial):
    nb = partial.shape[0]
    pairs = _blocks(x, n, 256, nb, 0.0)
    # thread t of block b loads x[b*256 + t] and, when in range, adds x[b*256 + 128 + t]
    s = pairs[:, :128] + pairs[:, 128:]
    s = _tree(s, 32)
    for off in (32, 16, 8, 4, 2, 1):
        s[:, :32] = s[:, :32] + s[:, off:off + 32]
    return {"partial": s[:, 0].copy()}


def reduce_max_block(n, chunk, x, block_max):
    out = block_max.copy()
    for b in range(out.shape[0]):
        out[b] = x[b * chunk:min((b + 1) * chunk, n)].astype(f32).max()
    return {"block_max": out}
