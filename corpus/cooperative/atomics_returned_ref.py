"""numpy references for corpus/cooperative/atomics_returned.cu.

Whatever order the atomics run in, bucket k receives slots 0 .. count_k - 1
(counted from the counter's initial contents, 0 in the spec), and all of them
hold the same value, so the expected lists are "value in the first
min(count, cap) slots, initial contents after". The float counters count
exactly (integers far below 2^24). The bucket index and centre are computed
in float32 as in the kernel.
"""
import numpy as np

f32 = np.float32


def _fill(lists, counts_before, added, cap, value_of):
    out = lists.copy()
    for k in range(out.shape[0]):
        start = int(counts_before[k])
        end = min(start + int(added[k]), cap)
        if end > start:
            out[k, start:end] = value_of(k)
    return out


def bucket_fill_int(n, cap, keys, counts, lists):
    nb = counts.shape[0]
    added = np.bincount(keys[:n], minlength=nb)
    new_lists = _fill(lists, counts, added, cap, lambda k: k)
    return {"counts": (counts + added).astype(np.int32), "lists": new_lists}


def bucket_fill_float(n, nbuckets, cap, x, counts, lists):
    b = np.trunc(x[:n].astype(f32) * f32(nbuckets)).astype(np.int64)
    b = np.minimum(b, nbuckets - 1)
    added = np.bincount(b, minlength=nbuckets)
    centre = lambda k: (f32(k) + f32(0.5)) / f32(nbuckets)
    new_lists = _fill(lists, counts.astype(np.int64), added, cap, centre)
    return {"counts": (counts + added.astype(f32)).astype(f32), "lists": new_lists}


def scatter_add_prev(n, perm, x, acc, prev):
    out_acc, out_prev = acc.copy(), prev.copy()
    p = perm[:n]
    out_prev[:n] = acc[p]
    out_acc[p] = acc[p] + x[:n].astype(f32)
    return {"acc": out_acc, "prev": out_prev}
