"""Build and run converted kernels with TileLang: the C back end on the CPU, lowering for CUDA.

Emitted modules describe their kernels in `KERNELS` (argument order, dtypes, carrier dtypes);
this module turns numpy inputs into what the compiled kernel takes (torch CPU tensors over the
same memory, carriers for dtypes the C back end cannot pass) and reads outputs back.
"""

from __future__ import annotations

import importlib.util
import logging
import os
import sys
from pathlib import Path

import numpy as np

CXX_WRAPPER = Path(__file__).with_name("cxx_optimising.sh")
C_PASS_CONFIGS = {"tirx.disable_vectorize": True}  # TILELANG_FACTS §9.1: vectorised C breaks math and casts
_ready = False


def prepare_tilelang():
    """Import tilelang quietly, with an optimising C++ compiler for the C back end."""
    global _ready
    if not _ready:
        os.environ.setdefault("TILELANG_PRINT_ON_COMPILATION", "0")
        os.environ.setdefault("CXX", str(CXX_WRAPPER))
    import tilelang

    if not _ready:
        for handler in logging.getLogger("tilelang").handlers:
            handler.setLevel(logging.ERROR)
        _ready = True
    return tilelang


def load_module(path: str | Path):
    path = Path(path)
    name = f"cuda2tile_converted_{abs(hash(str(path.resolve())))}"
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def build_c(info: dict, block: tuple[int, ...]):
    tilelang = prepare_tilelang()
    return tilelang.compile(info["factory"](block=tuple(block), target="c"), target="c",
                            pass_configs=C_PASS_CONFIGS)


def lower_cuda(info: dict, block: tuple[int, ...], arch: str = "sm_90", nvcc: bool = False) -> str:
    tilelang = prepare_tilelang()
    from tilelang import tvm

    target = {"kind": "cuda", "arch": arch}
    with tvm.target.Target(target):
        artifact = tilelang.lower(info["factory"](block=tuple(block), target="cuda"), target=target,
                                  enable_device_compile=nvcc)
    return artifact.kernel_source


def _scalar(value, dtype: str, carrier: str):
    if dtype in ("uint32", "uint64", "uint16", "uint8") and carrier.startswith("int"):
        bits = int(carrier[3:])
        value = int(value) % (1 << bits)
        return value - (1 << bits) if value >= 1 << (bits - 1) else value
    if dtype == "bool":
        return bool(value)
    if dtype.startswith("float"):
        return float(value)
    return int(value)


def run_c(kernel, info: dict, inputs: dict, grid: tuple[int, ...]) -> dict[str, np.ndarray]:
    """Call a compiled C kernel on copies of `inputs` (keyed by CUDA parameter name); return the buffers."""
    import torch

    call_args = []
    buffers: dict[str, np.ndarray] = {}
    for param in info["params"]:
        value = inputs[param["cuda_name"]]
        if param["kind"] == "buffer":
            array = np.ascontiguousarray(np.array(value, copy=True).reshape(-1))
            buffers[param["cuda_name"]] = array
            carried = array.view(np.dtype(param["carrier"])) if array.dtype != np.dtype(param["carrier"]) else array
            call_args.append(torch.from_numpy(carried))
        else:
            call_args.append(_scalar(value, param["dtype"], param["carrier"]))
    rank = info["grid_rank"]
    grid = tuple(grid) + (1,) * (rank - len(grid))
    if any(g != 1 for g in grid[rank:]):
        raise ValueError(f"the kernel reads {rank} grid axes; grid {grid} has more")
    kernel(*call_args, *grid[:rank])
    return buffers
