"""numpy references for corpus/cooperative/half_word_atomics.cu (order-independent results). bfloat16
buffers arrive as their float32 values and are returned as float32 values."""
import numpy as np


def half_segment_max(n, seg, x, top):
    t = top.copy()
    for i in range(n):
        t[seg[i]] = max(t[seg[i]], x[i])
    return {"top": t}


def bf16_segment_add(n, seg, x, sum):
    s = sum.astype(np.float64)
    np.add.at(s, seg[:n], x[:n].astype(np.float64))
    return {"sum": s.astype(np.float32)}
