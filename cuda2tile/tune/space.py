"""The tile shapes `cuda2tile tune` tries for a raised matrix product: (tile_m, tile_n, tile_k,
threads, pipeline stages), per target kind and product ("mma": T.gemm on tensor cores for float16;
"exact": one multiply-add per k, e.g. for float32).

The lists are small on purpose (each shape is a compile): on GPUs they vary the output tile, the k
step, the threads and the pipeline depth around the defaults of `_GEMM_TILES`; within what a block
can hold (shared memory for `stages` copies of both operand tiles, accumulator elements per thread).
The C back end has no pipelining and one CPU thread per block, so only the tile varies there.
"""

from __future__ import annotations

from itertools import product as combinations

_SHARED_BYTES = 200 * 1024  # H100/H200 give 227 KiB per block; leave room for the epilogue
_ACC_PER_THREAD = 128  # float32 accumulators per thread before registers spill

_GPU = {
    "mma": dict(mn=((128, 128), (128, 256), (256, 128), (64, 128), (128, 64)), k=(32, 64), threads=(128, 256),
                stages=(2, 3, 4), itemsize=2),
    "exact": dict(mn=((128, 128), (64, 64), (64, 128), (128, 64)), k=(8, 16, 32), threads=(128, 256),
                  stages=(2, 3), itemsize=4),
}
_C = ((16, 16, 16), (32, 32, 16), (32, 32, 32), (64, 64, 16), (64, 32, 16), (32, 64, 16))


def gemm_tiles(target: str, product: str) -> tuple[tuple[int, int, int, int, int], ...]:
    """The shapes to try for `target` ("c", "cuda", "hip") and `product` ("mma" or "exact"), in a fixed order."""
    if product not in _GPU:
        raise ValueError(f"unknown product {product!r} (mma or exact)")
    if target == "c":
        return tuple((m, n, k, 128, 0) for m, n, k in _C)
    space = _GPU[product]
    out = []
    for (m, n), k, threads, stages in combinations(space["mn"], space["k"], space["threads"], space["stages"]):
        if (m + n) * k * space["itemsize"] * stages > _SHARED_BYTES or m * n // threads > _ACC_PER_THREAD:
            continue
        out.append((m, n, k, threads, stages))
    return tuple(out)
