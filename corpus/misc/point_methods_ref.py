"""numpy references for corpus/misc/point_methods.cu."""
import numpy as np

f32 = np.float32


def box_areas(n, boxes, area):
    b = boxes.astype(np.float64).reshape(n, 5)
    # the shoelace area of a rotated w x h rectangle is w * h; float32 rounding of the corners stays
    # far below the comparison's tolerance for these sizes
    return {"area": (b[:, 2] * b[:, 3]).astype(f32)}


def shift_points(n, m, pts, offsets):
    p = pts.reshape(n, 2).copy()
    o = offsets.reshape(m, 2)
    p += o[np.arange(n) % m]
    return {"pts": p.reshape(-1)}
