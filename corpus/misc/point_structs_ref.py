"""numpy references for corpus/misc/point_structs.cu."""
import numpy as np


def centre_points(n, origin, pts, out, dist):
    o = np.array([origin.x, origin.y, origin.z], np.float32)
    p = pts[: 3 * n].reshape(n, 3)
    d = (p - o).astype(np.float32)
    squares = d * d
    # the kernel sums x*x + y*y + z*z left to right in float32
    dist_out = ((squares[:, 0] + squares[:, 1]).astype(np.float32) + squares[:, 2]).astype(np.float32)
    back = (d + o).astype(np.float32)  # (p - o) + o, rounded as the kernel rounds it
    mirrored = back * np.array([1, -1, 2], np.float32)
    o_out = out.copy()
    o_out[: 3 * n] = mirrored.reshape(-1)
    return {"out": o_out, "dist": dist_out}


def xorshift_slots(n, t, rounds):
    s = t.copy()
    mask = (1 << 64) - 1
    for i in range(n):
        v = int(s[i])
        for _ in range(rounds):
            v ^= (v << 13) & mask
            v ^= v >> 7
            v ^= (v << 17) & mask
        s[i] = (v + i) & mask
    return {"t": s}


def swap_pairs(pairs, pts):
    p = pts.reshape(pairs, 2, 3).copy()
    p = p[:, ::-1, :].copy()
    k = np.arange(pairs, dtype=np.float32)
    p[:, 0, :] = p[:, 0, :] + np.stack([k, -k, 2 * k], axis=1).astype(np.float32)
    return {"pts": p.reshape(-1).astype(np.float32)}


def reflect_rays(n, dirs, normals, out):
    d = dirs[: 3 * n].reshape(n, 3).astype(np.float64)
    m = normals[: 3 * n].reshape(n, 3).astype(np.float64)
    unit = m / np.sqrt((m * m).sum(axis=1, keepdims=True))
    r = d - unit * (2.0 * (d * unit).sum(axis=1, keepdims=True))
    o = out.copy()
    o[: 3 * n] = r.reshape(-1).astype(np.float32)
    return {"out": o}
