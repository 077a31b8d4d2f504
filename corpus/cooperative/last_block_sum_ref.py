"""numpy references for corpus/cooperative/last_block_sum.cu (float32).

Each block's partial is folded in the kernel's tree order (s[:h] += s[h:2h] for h = 64, 32, ..., 1), and
the last block adds the partials in block order, all in float32: the result is bit for bit what the
kernel computes whichever block draws the last ticket. The counters end at 0.
"""
import numpy as np

f32 = np.float32
BLOCK = 128


def _partials(row, n, nblocks):
    s = np.zeros(nblocks * BLOCK, dtype=f32)
    s[:n] = row[:n].astype(f32)
    s = s.reshape(nblocks, BLOCK)
    h = BLOCK // 2
    while h > 0:
        s[:, :h] = s[:, :h] + s[:, h:2 * h]
        h //= 2
    return s[:, 0].copy()


def _in_order(partials):
    total = f32(0.0)
    for p in partials:
        total = f32(total + p)
    return total


def last_block_sum(n, x, partial, ticket, total):
    p = _partials(x, n, partial.shape[0])
    return {"partial": p, "ticket": np.zeros_like(ticket), "total": np.array([_in_order(p)], dtype=f32)}


def last_block_sum_scoped(n, x, partial, tickets, totals):
    rows, nblocks = partial.shape
    p = np.stack([_partials(x[r], n, nblocks) for r in range(rows)])
    return {"partial": p, "tickets": np.zeros_like(tickets),
            "totals": np.array([_in_order(p[r]) for r in range(rows)], dtype=f32)}
