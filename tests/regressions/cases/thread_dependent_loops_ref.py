"""numpy references for rows_below_lane and skip_negative_rows of thread_dependent_loops.cu (blocks of 64
and 32, as its launch spec), so that tests/test_thread_dependent_loops.py can check a mutated conversion
against numbers of its own. Sums in float32, in C's order."""
import numpy as np


def rows_below_lane(n, x, out):
    result = out.copy()
    for i in range(int(n)):
        t, block = i % 64, i // 64
        acc = np.float32(0.0)
        for j in range(t):
            for k in range(3):
                acc = np.float32(acc + x[(j * 3 + k + block) % int(n)])
        result[i] = acc
    return {"out": result}


def skip_negative_rows(cols, x, out):
    result = out.copy()
    cols = int(cols)
    for block in range(2):
        for lane in range(32):
            s = np.float32(0.0)
            for r in range(lane, 150, 32):
                if x[r * cols] < 0:
                    continue
                for c in range(cols):
                    s = np.float32(s + x[r * cols + c])
            result[block * 32 + lane] = s
    return {"out": result}
