"""numpy references for corpus/cooperative/bitonic_sort.cu.

Each segment of 256 keys ends up sorted; the padding keys sort past the real
ones, so the written part of the last segment is its real keys in order. In
the key/value sort the keys are distinct (a permutation), so the values follow
their keys unambiguously.
"""
import numpy as np

SEG = 256


def bitonic_sort256(n, keys):
    out = keys.copy()
    for start in range(0, n, SEG):
        end = min(start + SEG, n)
        out[start:end] = np.sort(keys[start:end])
    return {"keys": out}


def bitonic_sort_kv(n, descending, keys, vals, keys_out, vals_out):
    ko, vo = keys_out.copy(), vals_out.copy()
    for start in range(0, n, SEG):
        end = min(start + SEG, n)
        order = np.argsort(keys[start:end], kind="stable")
        if descending:
            order = order[::-1]
        ko[start:end] = keys[start:end][order]
        vo[start:end] = vals[start:end][order]
    return {"keys_out": ko, "vals_out": vo}
