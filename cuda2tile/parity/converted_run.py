"""Build and run converted kernels for the parity harness: TileLang's C back end or its CUDA back end.

Extends `converted.py` (whose `run_c` copies its inputs) with what parity needs: the launch's
dynamic shared memory passed to factories that take `shared_bytes`, builds memoised per
(kernel, block, shared memory), runs on the C back end inside a forked child (a converted kernel
that hangs or crashes fails its own check, the run goes on), and the CUDA path with torch CUDA
tensors and CUDA-event timing.

    c = ConvertedC(timeout=10.0)
    buffers, seconds = c.run(info, inputs, grid=(40,), block=(256,), shared_bytes=0)
"""

from __future__ import annotations

import inspect
import time

import numpy as np

from cuda2tile.parity.converted import C_PASS_CONFIGS, _scalar, prepare_tilelang
from cuda2tile.parity.isolation import IsolatedError, run_forked


class ConvertedError(RuntimeError):
    """Building or running the converted kernel failed. `kind`: build, run, timeout, crash."""

    def __init__(self, kind: str, message: str):
        super().__init__(message)
        self.kind = kind


def _factory_kwargs(info: dict, block, shared_bytes: int | None, target: str, tiles: dict | None = None) -> dict:
    """The factory's arguments; `tiles` maps kernel names to tile shapes for raised matrix products."""
    kwargs = {"block": tuple(block), "target": target}
    parameters = inspect.signature(info["factory"]).parameters
    if shared_bytes and "shared_bytes" in parameters:
        kwargs["shared_bytes"] = int(shared_bytes)
    tile = (tiles or {}).get(info["factory"].__name__)
    if tile is not None and "tile" in parameters:
        kwargs["tile"] = tuple(tile)
    return kwargs


def _grid_args(info: dict, grid) -> tuple[int, ...]:
    rank = info["grid_rank"]
    grid = tuple(int(g) for g in grid) + (1,) * max(0, rank - len(grid))
    if any(g != 1 for g in grid[rank:]):
        raise ConvertedError("run", f"the converted kernel reads {rank} grid axes; grid {grid} has more")
    return grid[:rank]


def _last_line(err: Exception) -> str:
    lines = [ln.strip() for ln in str(err).strip().splitlines() if ln.strip()]
    return (lines[-1][:600] if lines else "") or type(err).__name__


def split_inputs(info: dict, inputs: dict) -> tuple[dict[str, np.ndarray], dict[str, object]]:
    """Buffers (flat copies, keyed by CUDA parameter name) and scalars of a converted kernel's call."""
    buffers, scalars = {}, {}
    for param in info["params"]:
        value = inputs[param["cuda_name"]]
        if param["kind"] == "buffer":
            buffers[param["cuda_name"]] = np.ascontiguousarray(np.array(value, copy=True).reshape(-1))
        else:
            scalars[param["cuda_name"]] = value
    return buffers, scalars


def _call_args(info: dict, buffers: dict, scalars: dict, to_tensor) -> list:
    args = []
    for param in info["params"]:
        name = param["cuda_name"]
        if param["kind"] == "buffer":
            array = buffers[name]
            carrier = np.dtype(param["carrier"])
            args.append(to_tensor(array.view(carrier) if array.dtype != carrier else array))
        else:
            args.append(_scalar(scalars[name], param["dtype"], param["carrier"]))
    return args


class ConvertedC:
    """Converted kernels on TileLang's C back end (the CPU)."""

    name = "c"

    def __init__(self, timeout: float | None = 10.0, isolate: bool = True, tiles: dict | None = None):
        self.timeout = timeout
        self.isolate = isolate
        self.tiles = tiles or {}
        self._built: dict = {}

    def build(self, info: dict, block, shared_bytes: int | None = None):
        """The compiled kernel and the seconds it took (0 when memoised; TileLang caches on disk too)."""
        key = (id(info["factory"]), tuple(block), shared_bytes)
        if key in self._built:
            return self._built[key], 0.0
        tilelang = prepare_tilelang()
        start = time.perf_counter()
        try:
            func = info["factory"](**_factory_kwargs(info, block, shared_bytes, "c", self.tiles))
            kernel = tilelang.compile(func, target="c", pass_configs=C_PASS_CONFIGS)
        except Exception as err:  # TileLang's own errors: their last line says what failed
            raise ConvertedError("build", f"TileLang cannot build the converted kernel for C: {_last_line(err)}") \
                from None
        self._built[key] = kernel
        return kernel, time.perf_counter() - start

    def run(self, info: dict, inputs: dict, grid, block, shared_bytes: int | None = None,
            timeout: float | None = None) -> tuple[dict[str, np.ndarray], float, float]:
        """(buffers after the run, build seconds, run seconds)."""
        import torch

        kernel, build_seconds = self.build(info, block, shared_bytes)
        buffers, scalars = split_inputs(info, inputs)
        grid_args = _grid_args(info, grid)
        timeout = self.timeout if timeout is None else timeout
        if not self.isolate:
            start = time.perf_counter()
            try:
                kernel(*_call_args(info, buffers, scalars, torch.from_numpy), *grid_args)
            except Exception as err:
                raise ConvertedError("run", f"the converted kernel failed: {_last_line(err)}") from None
            return buffers, build_seconds, time.perf_counter() - start

        def prepare(views):
            return _call_args(info, views, scalars, torch.from_numpy)

        def call(args):
            kernel(*args, *grid_args)

        try:
            out, seconds = run_forked(call, buffers, timeout, prepare=prepare)
        except IsolatedError as err:
            if err.kind in ("timeout", "crash"):
                raise ConvertedError(err.kind, f"the converted kernel {err}") from None
            first = str(err).strip().splitlines()[0] if str(err).strip() else err.kind
            raise ConvertedError("run", f"the converted kernel failed: {first[:600]}") from None
        return out, build_seconds, seconds


class ConvertedCuda:
    """Converted kernels on TileLang's CUDA back end (needs a GPU, torch with CUDA)."""

    name = "cuda"

    def __init__(self, arch: str | None = None, tiles: dict | None = None):
        self.arch = arch
        self.tiles = tiles or {}
        self._built: dict = {}

    def target(self):
        return {"kind": "cuda", "arch": self.arch} if self.arch else "cuda"

    def build(self, info: dict, block, shared_bytes: int | None = None):
        key = (id(info["factory"]), tuple(block), shared_bytes)
        if key in self._built:
            return self._built[key], 0.0
        tilelang = prepare_tilelang()
        start = time.perf_counter()
        try:
            func = info["factory"](**_factory_kwargs(info, block, shared_bytes, "cuda", self.tiles))
            kernel = tilelang.compile(func, target=self.target())
        except Exception as err:
            raise ConvertedError("build", f"TileLang cannot build the converted kernel for CUDA: "
                                          f"{_last_line(err)}") from None
        self._built[key] = kernel
        return kernel, time.perf_counter() - start

    def run(self, info: dict, inputs: dict, grid, block, shared_bytes: int | None = None,
            timeout: float | None = None, repeat: int = 0, warmup: int = 1,
            samples: list[float] | None = None) -> tuple[dict[str, np.ndarray], float, float]:
        """(buffers, build seconds, seconds of one launch: the median of `repeat` extra timed launches,
        after `warmup` untimed ones, when repeat > 0, else the checked launch itself). `samples`
        receives every timed launch's seconds."""
        import torch

        kernel, build_seconds = self.build(info, block, shared_bytes)
        buffers, scalars = split_inputs(info, inputs)
        grid_args = _grid_args(info, grid)
        device = {}  # CUDA tensors over the carrier dtype (same bits), keyed by CUDA parameter name
        for name, array in buffers.items():
            carrier = _carrier(info, name)
            device[name] = torch.from_numpy(array.view(carrier) if array.dtype != carrier else array).cuda()
        args = [device[p["cuda_name"]] if p["kind"] == "buffer" else
                _scalar(scalars[p["cuda_name"]], p["dtype"], p["carrier"]) for p in info["params"]]
        try:
            start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            start.record()
            kernel(*args, *grid_args)
            end.record()
            torch.cuda.synchronize()
            seconds = start.elapsed_time(end) / 1e3
        except Exception as err:
            raise ConvertedError("run", f"the converted kernel failed on the GPU: {_last_line(err)}") from None
        out = {name: device[name].cpu().numpy().view(buffers[name].dtype).copy() for name in buffers}
        if repeat > 0:
            from cuda2tile.parity.timing import time_launches, torch_events

            times = time_launches(lambda: kernel(*args, *grid_args), torch_events(), warmup=max(1, warmup),
                                  repeat=repeat)
            seconds = float(np.median(times))
            if samples is not None:
                samples.extend(times)
        return out, build_seconds, seconds


def _carrier(info: dict, name: str) -> np.dtype:
    for param in info["params"]:
        if param["cuda_name"] == name:
            return np.dtype(param["carrier"])
    raise KeyError(name)

