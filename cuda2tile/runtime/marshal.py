"""Arguments of a converted kernel: numpy inputs in, what the compiled kernel takes, outputs back.

An emitted module's `KERNELS[name]["params"]` lists the kernel's parameters in CUDA order, each with
its `dtype` and the `carrier` dtype it travels as where TileLang's C back end cannot pass the dtype
itself (docs/architecture.md): `unsigned int` buffers and scalars as int32, `bool` buffers as uint8.
A buffer is passed as a tensor over the same bytes viewed as its carrier; an unsigned scalar as the
signed integer of the same bits (`scalar_value(4294967295, "uint32", "int32") == -1`). The grid
follows the parameters, one int32 per axis the kernel reads (`grid_rank`).

    buffers, scalars = split_inputs(info, inputs)       # flat copies, keyed by CUDA parameter name
    kernel(*call_args(info, buffers, scalars, torch.from_numpy), *grid_args(info, grid))
"""

from __future__ import annotations

import numpy as np

from cuda2tile.runtime.build import ConvertedError
from cuda2tile.spec.launch_spec import numpy_dtype


def scalar_value(value, dtype: str, carrier: str):
    """A scalar argument as the kernel takes it: unsigned values in a signed carrier wrap to the same bits."""
    if dtype in ("uint32", "uint64", "uint16", "uint8") and carrier.startswith("int"):
        bits = int(carrier[3:])
        value = int(value) % (1 << bits)
        return value - (1 << bits) if value >= 1 << (bits - 1) else value
    if dtype == "bool":
        return bool(value)
    if dtype.startswith("float"):
        return float(value)
    return int(value)


def null_inputs(info: dict, inputs: dict) -> tuple[str, ...]:
    """The buffer parameters given None (a NULL pointer), each one the kernel tests against NULL
    (`nullable` in KERNELS); the factory is built with `null=` these. A None for a pointer the kernel
    dereferences without a test is refused: the original would fault."""
    null = []
    for param in info["params"]:
        if param["kind"] == "buffer" and inputs.get(param["cuda_name"], 0) is None:
            if not param.get("nullable"):
                raise ConvertedError("run", f"'{param['cuda_name']}' is NULL, but the kernel never tests it "
                                            "against NULL: it would dereference it")
            null.append(param["cuda_name"])
    return tuple(null)


def split_inputs(info: dict, inputs: dict) -> tuple[dict[str, np.ndarray], dict[str, object]]:
    """Buffers (flat copies, keyed by CUDA parameter name) and scalars of a converted kernel's call. A
    NULL pointer (None) travels as one element of its dtype, which the kernel built for it never reads."""
    buffers, scalars = {}, {}
    for param in info["params"]:
        value = inputs[param["cuda_name"]]
        if param["kind"] == "buffer" and value is None:
            buffers[param["cuda_name"]] = np.zeros(1, numpy_dtype(param["dtype"]))
        elif param["kind"] == "buffer":
            buffers[param["cuda_name"]] = np.ascontiguousarray(np.array(value, copy=True).reshape(-1))
        else:
            scalars[param["cuda_name"]] = value
    return buffers, scalars


def call_args(info: dict, buffers: dict, scalars: dict, to_tensor) -> list:
    """The kernel's arguments in parameter order: `to_tensor(array viewed as its carrier)` for each
    buffer (so the tensor shares the array's memory when `to_tensor` does), carried scalars."""
    args = []
    for param in info["params"]:
        name = param["cuda_name"]
        if param["kind"] == "buffer":
            array = buffers[name]
            carrier = np.dtype(param["carrier"])
            args.append(to_tensor(array.view(carrier) if array.dtype != carrier else array))
        else:
            args.append(scalar_value(scalars[name], param["dtype"], param["carrier"]))
    return args


def grid_args(info: dict, grid) -> tuple[int, ...]:
    """The grid arguments after the parameters: one per axis the kernel reads, missing axes are 1."""
    rank = info["grid_rank"]
    grid = tuple(int(g) for g in grid) + (1,) * max(0, rank - len(grid))
    if any(g != 1 for g in grid[rank:]):
        raise ConvertedError("run", f"the converted kernel reads {rank} grid axes; grid {grid} has more")
    return grid[:rank]


def tensor_call(info: dict, inputs: dict, grid, to_tensor) -> tuple[list, dict]:
    """(the whole call's arguments over fresh tensors, those tensors by CUDA parameter name)."""
    buffers, scalars = split_inputs(info, inputs)
    tensors: list = []  # made in parameter order by call_args

    def make(array):
        tensors.append(to_tensor(array))
        return tensors[-1]

    args = call_args(info, buffers, scalars, make) + list(grid_args(info, grid))
    names = [p["cuda_name"] for p in info["params"] if p["kind"] == "buffer"]
    return args, dict(zip(names, tensors))


def read_outputs(info: dict, tensors: dict) -> dict[str, np.ndarray]:
    """The writable buffers after a call, as numpy arrays of their own dtype (carriers viewed back)."""
    out = {}
    for p in info["params"]:
        if p["kind"] == "buffer" and p.get("writable"):
            array = tensors[p["cuda_name"]].cpu().numpy()
            out[p["cuda_name"]] = array.view(numpy_dtype(p["dtype"])) if p["dtype"] != p["carrier"] else array
    return out


def run_c(kernel, info: dict, inputs: dict, grid) -> dict[str, np.ndarray]:
    """Call a compiled C kernel on copies of `inputs` (keyed by CUDA parameter name); return every
    buffer after the call, in its input dtype."""
    import torch

    buffers, scalars = split_inputs(info, inputs)
    kernel(*call_args(info, buffers, scalars, torch.from_numpy), *grid_args(info, grid))
    return buffers
