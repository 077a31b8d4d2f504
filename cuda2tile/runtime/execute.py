"""Run converted kernels for a check: on TileLang's C back end in a forked child, or on its CUDA back end.

On C, a launch runs in a forked child with a timeout (`isolation.run_forked`): a converted kernel
that hangs or crashes fails its own check and the run goes on (`isolate=False` runs in-process).
On CUDA, buffers travel as torch CUDA tensors and launches are timed with CUDA events. Both build
through a `KernelCache` and take the launch's dynamic shared memory and tile shapes.

    c = ConvertedC(timeout=10.0)
    buffers, build_seconds, run_seconds = c.run(info, inputs, grid=(40,), block=(256,), shared_bytes=0)
"""

from __future__ import annotations

import time

import numpy as np

from cuda2tile.runtime.build import ConvertedError, KernelCache, last_line
from cuda2tile.runtime.isolation import IsolatedError, run_forked
from cuda2tile.runtime.marshal import call_args, grid_args, null_inputs, split_inputs


class ConvertedC:
    """Converted kernels on TileLang's C back end (the CPU)."""

    name = "c"

    def __init__(self, timeout: float | None = 10.0, isolate: bool = True, tiles: dict | None = None):
        self.timeout = timeout
        self.isolate = isolate
        self.kernels = KernelCache("c", tiles=tiles)

    def build(self, info: dict, block, shared_bytes: int | None = None, null: tuple[str, ...] = ()):
        """The compiled kernel and the seconds it took (0 when built before; TileLang caches on disk too)."""
        return self.kernels.get(info, block, shared_bytes, null)

    def run(self, info: dict, inputs: dict, grid, block, shared_bytes: int | None = None,
            timeout: float | None = None) -> tuple[dict[str, np.ndarray], float, float]:
        """(buffers after the run, build seconds, run seconds)."""
        import torch

        kernel, build_seconds = self.build(info, block, shared_bytes, null_inputs(info, inputs))
        buffers, scalars = split_inputs(info, inputs)
        grid = grid_args(info, grid)
        timeout = self.timeout if timeout is None else timeout
        if not self.isolate:
            start = time.perf_counter()
            try:
                kernel(*call_args(info, buffers, scalars, torch.from_numpy), *grid)
            except Exception as err:
                raise ConvertedError("run", f"the converted kernel failed: {last_line(err)}") from None
            return buffers, build_seconds, time.perf_counter() - start

        def prepare(views):
            return call_args(info, views, scalars, torch.from_numpy)

        def call(args):
            kernel(*args, *grid)

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
        self.kernels = KernelCache("cuda", arch=arch, tiles=tiles)

    def build(self, info: dict, block, shared_bytes: int | None = None, null: tuple[str, ...] = ()):
        return self.kernels.get(info, block, shared_bytes, null)

    def run(self, info: dict, inputs: dict, grid, block, shared_bytes: int | None = None,
            timeout: float | None = None, repeat: int = 0, warmup: int = 1,
            samples: list[float] | None = None) -> tuple[dict[str, np.ndarray], float, float]:
        """(buffers, build seconds, seconds of one launch: the median of `repeat` extra timed launches,
        after `warmup` untimed ones, when repeat > 0, else the checked launch itself). `samples`
        receives every timed launch's seconds."""
        import torch

        kernel, build_seconds = self.build(info, block, shared_bytes, null_inputs(info, inputs))
        buffers, scalars = split_inputs(info, inputs)
        grid = grid_args(info, grid)
        made: list = []  # CUDA tensors over the carrier dtype (same bits), in parameter order

        def to_device(array):
            made.append(torch.from_numpy(array).cuda())
            return made[-1]

        args = call_args(info, buffers, scalars, to_device)
        device = dict(zip(buffers, made))  # by CUDA parameter name (`buffers` is in parameter order too)
        try:
            start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            start.record()
            kernel(*args, *grid)
            end.record()
            torch.cuda.synchronize()
            seconds = start.elapsed_time(end) / 1e3
        except Exception as err:
            raise ConvertedError("run", f"the converted kernel failed on the GPU: {last_line(err)}") from None
        out = {name: device[name].cpu().numpy().view(buffers[name].dtype).copy() for name in buffers}
        if repeat > 0:
            from cuda2tile.runtime.timing import time_launches, torch_events

            times = time_launches(lambda: kernel(*args, *grid), torch_events(), warmup=max(1, warmup),
                                  repeat=repeat)
            seconds = float(np.median(times))
            if samples is not None:
                samples.extend(times)
        return out, build_seconds, seconds
