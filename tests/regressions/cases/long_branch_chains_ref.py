"""numpy reference for bucket_ladder of long_branch_chains.cu, so that tests/test_flatten_else_if_chains.py
can check a mutated conversion against numbers of its own."""
import numpy as np


def bucket_ladder(n, x, bucket, scaled):
    b, s = bucket.copy(), scaled.copy()
    edges = (-2.0, -1.5, -1.0, -0.5, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5)
    for i in range(int(n)):
        v = np.float32(x[i])
        k = next((j for j, e in enumerate(edges) if v < np.float32(e)), 10)
        r = v
        if k == 0:
            r = v * np.float32(0.5)
        elif k == 2:
            r = v + np.float32(1.0)
        elif k == 4:
            r = -v
        elif k == 6:
            r = v * v
        elif k == 9:
            r = v - np.float32(2.5)
        b[i], s[i] = k, r
    return {"bucket": b, "scaled": s}
