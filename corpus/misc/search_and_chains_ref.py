"""numpy references for corpus/misc/search_and_chains.cu."""
import numpy as np


def _first_index(values, key):
    hits = np.flatnonzero(values == key)
    return int(hits[0]) if hits.size else -1


def lookup_keys(keys, queries, pos, cell, n, q):
    found = np.array([_first_index(keys[:n], k) for k in queries[:q]], dtype=np.int32)
    table = keys[:4 * (n // 4)]  # find_cell searches a 4 x (n / 4) table: its first 4 * (n / 4) keys
    in_table = np.array([_first_index(table, k) for k in queries[:q]], dtype=np.int32)
    return {"pos": found, "cell": in_table}


def first_above(x, first, rows, cols, threshold):
    above = x.reshape(rows, cols) > np.float32(threshold)
    res = np.where(above.any(axis=1), above.argmax(axis=1), -1).astype(np.int32)
    return {"first": res}


def walk_lists(n, count, hops, big, **args):
    nxt = args["next"]
    hops_out, big_out = np.zeros(n, np.int32), np.zeros(n, np.int32)
    for i in range(n):
        m = int(count[i])
        if m > 2:
            big_out[i] = m
        v, steps = i, 0
        while True:
            v = int(nxt[v])
            if v == 0:
                break
            steps += 1
            if steps >= 16:
                break
        m += 1
        hops_out[i] = steps * 100 + m * 2 + m
    return {"hops": hops_out, "big": big_out}


def taps_and_tables(x, labels, y, n):
    taps = np.array([0.0625, 0.25, 0.375, 0.25, 0.0625], dtype=np.float32)
    table = np.array([[1, 2, 0], [4, 0, 0]], dtype=np.float32)
    flat = np.array([[7, 8], [9, 0]], dtype=np.int64)
    out = np.zeros(n, np.float32)
    for i in range(n):
        s = np.float32(0.0)
        for k in range(5):
            j = min(max(i + k - 2, 0), n - 1)
            s = np.float32(s + taps[k] * x[j])
        hist = np.zeros(8, np.int64)
        for k in range(4):
            hist[labels[(i + k) % n]] += 1
        label = int(labels[i])
        extra = np.float32(hist[label] * np.float32(10.0))
        out[i] = np.float32(np.float32(np.float32(s + extra) + table[label % 2][label % 3])
                            + np.float32(flat[label % 2][(label // 2) % 2]))
    return {"y": out}


def border_switch(x, labels, y, n):
    out = y.copy()
    for i in range(n):
        v = np.float32(x[i])
        lab = int(labels[i]) & 7  # C's & on a negative int: two's complement, as Python's
        if lab in (0, 2):
            v = np.float32(v * np.float32(2.0))
        elif lab == 1:
            acc = np.float32(0.0)
            for k in range(8):
                if k > labels[i]:
                    break
                acc = np.float32(acc + np.float32(k))
            v = np.float32(v + acc)
        elif lab == 5:
            continue
        elif lab == 3:
            v = np.float32(v - np.float32(1.0))
        else:
            v = np.float32(-v)
        out[i] = v
    return {"y": out}
