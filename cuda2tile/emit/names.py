"""Python names for emitted code: CUDA identifiers never shadow Python or TileLang names.

A CUDA kernel may call a parameter `T`, `print`, `lambda` or `block_x`; each such name gets a
trailing underscore (then `_1`, `_2`, ... until unique): `lambda` -> `lambda_`.
"""

from __future__ import annotations

import builtins
import keyword

# names the emitted module itself uses, at module level and inside each factory
MODULE_NAMES = {"T", "tilelang", "tvm", "KERNELS", "_block_dims", "_float_const", "_C2T_HELPERS", "struct",
                "annotations", "_gemm_tile", "_GEMM_TILES"}
FACTORY_NAMES = {"tx", "ty", "tz", "bx", "by", "bz", "block_x", "block_y", "block_z", "grid_x", "grid_y",
                 "grid_z", "block", "target", "kernel", "smem_scope", "shared_bytes"}
# also taken in the factory of a kernel raised to a tiled matrix product (emit/gemm.py)
GEMM_FACTORY_NAMES = {"tile", "tile_m", "tile_n", "tile_k", "tile_threads", "tile_stages", "k_tile", "k_in_tile"}
RESERVED = (set(keyword.kwlist) | set(keyword.softkwlist) | set(dir(builtins)) | MODULE_NAMES | FACTORY_NAMES)

BUILTIN_NAMES = {
    ("threadIdx", "x"): "tx", ("threadIdx", "y"): "ty", ("threadIdx", "z"): "tz",
    ("blockIdx", "x"): "bx", ("blockIdx", "y"): "by", ("blockIdx", "z"): "bz",
    ("blockDim", "x"): "block_x", ("blockDim", "y"): "block_y", ("blockDim", "z"): "block_z",
    ("gridDim", "x"): "grid_x", ("gridDim", "y"): "grid_y", ("gridDim", "z"): "grid_z",
}


class PythonNames:
    """Maps IR names to Python names within one scope, deterministically (first come, first served)."""

    def __init__(self, reserved: set[str] = RESERVED):
        self.reserved = set(reserved)
        self.mapping: dict[str, str] = {}

    def __call__(self, name: str) -> str:
        if name in self.mapping:
            return self.mapping[name]
        candidate, n = name, 0
        while candidate in self.reserved or keyword.iskeyword(candidate) or not candidate.isidentifier():
            n += 1
            candidate = f"{name}_" if n == 1 else f"{name}_{n}"
        self.reserved.add(candidate)
        self.mapping[name] = candidate
        return candidate
