"""numpy references for corpus/misc/out_parameters.cu."""
import numpy as np


def segment_sum(src, counts, out, arg_out, rows, cap):
    rows_of = src.reshape(rows, cap)
    res = np.array([rows_of[r, :counts[r]].sum(dtype=src.dtype) for r in range(rows)], dtype=src.dtype)
    return {"out": res, "arg_out": arg_out.copy()}  # SUM leaves arg_out as it was


def segment_max(src, counts, out, arg_out, rows, cap):
    rows_of = src.reshape(rows, cap)
    res, arg = np.zeros(rows, src.dtype), np.full(rows, -1, np.int32)
    for r in range(rows):
        if counts[r] > 0:
            seg = rows_of[r, :counts[r]]
            arg[r] = int(np.argmax(seg))  # the first maximum: update() replaces only on a strictly greater value
            res[r] = seg[arg[r]]
    return {"out": res, "arg_out": arg}


def positive_sums(x, sums, counts, rows, per):
    rows_of = x.reshape(rows, per)
    total = np.where(rows_of > 0, rows_of, np.float32(0)).sum(axis=1, dtype=np.float32)
    hits = (rows_of > 0).sum(axis=1).astype(np.int32)
    value = (total * np.float32(0.5) + np.float32(1.0)) * hits.astype(np.float32)
    add = value > 0  # accumulate() adds only a positive value: rows with at least one hit
    return {"sums": np.where(add, sums + value, sums).astype(np.float32),
            "counts": np.where(add, counts + 1, counts).astype(np.int32)}


def count_positive(x, per_block, n):
    blocks = (n + 127) // 128
    padded = np.zeros(blocks * 128, np.float32)
    padded[:n] = x
    return {"per_block": (padded.reshape(blocks, 128) > 0).sum(axis=1).astype(np.int32)}
