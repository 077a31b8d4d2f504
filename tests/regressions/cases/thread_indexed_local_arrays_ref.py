"""numpy reference for rotate_by_lane of thread_indexed_local_arrays.cu (block 32, as its launch spec), so
that tests/test_select_local_elements.py can check a mutated conversion against numbers of its own."""
import numpy as np


def rotate_by_lane(n, xi, xu, out):
    result = out.copy()
    for i in range(int(n)):
        t = i % 32
        la = [int(xi[i]), 2, 3, 4]
        la[int(xu[i]) % 4] += 7
        la[t % 4] = la[t % 4] * 3 + 1
        la[(t + 1) & 3] -= la[t % 4]
        result[i] = la[(t + 2) % 4] * 1000 + la[t % 4] * 10 + la[0]
    return {"out": result}
