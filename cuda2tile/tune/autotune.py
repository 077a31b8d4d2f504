"""Tune one raised matrix product: check every candidate tile shape, time the good ones with TileLang.

    result = tune_kernel(info, spec, target="c")     # info: an emitted module's KERNELS entry
    result.best, result.speedup                       # e.g. (64, 64, 16, 128, 0), 1.4

1. The launch spec's inputs (its test sizes, or `[kernel.gpu]` sizes) run through the factory's
   default shape: that output is the reference.
2. Every candidate shape (`space.gemm_tiles`) is built and run on the same inputs; its writable
   buffers must match the reference within the spec's tolerance (the parity rule). A shape that
   fails to build or disagrees is rejected with the reason, never timed.
3. `tilelang.autotuner.AutoTuner` times the accepted shapes (CUDA events on GPUs, wall clock on
   the C back end, which runs on the CPU) and keeps the fastest.
4. The default and the winner are timed again back to back with TileLang's profiler: `speedup` is
   default time / best time from that one run (a ratio, as machines are shared and noisy).
"""

from __future__ import annotations

import inspect
import logging
from dataclasses import dataclass, field

import numpy as np

from cuda2tile.parity.metrics import check_buffer
from cuda2tile.runtime import C_PASS_CONFIGS, cuda_target, last_line, prepare_tilelang, read_outputs, tensor_call
from cuda2tile.spec.launch_spec import KernelSpec
from cuda2tile.tune.space import gemm_tiles

Tile = tuple[int, int, int, int, int]


class TuneError(RuntimeError):
    """The kernel cannot be tuned (not a raised matrix product, its default shape does not build, ...)."""


@dataclass
class TuneResult:
    kernel: str  # CUDA name
    factory: str  # the emitted factory's name (the key `--tiles` files use)
    target: str
    product: str
    default: Tile
    best: Tile
    default_ms: float
    best_ms: float
    accepted: list[Tile] = field(default_factory=list)
    rejected: list[tuple[Tile, str]] = field(default_factory=list)

    @property
    def speedup(self) -> float:
        """Default time / best time, measured back to back: above 1 the tuned shape is faster."""
        return self.default_ms / self.best_ms if self.best_ms > 0 else float("nan")

    def to_json(self) -> dict:
        return {"kernel": self.kernel, "factory": self.factory, "target": self.target, "product": self.product, "default": list(self.default),
                "tile": list(self.best), "default_ms": self.default_ms, "best_ms": self.best_ms,
                "speedup": self.speedup, "accepted": [list(t) for t in self.accepted],
                "rejected": [{"tile": list(t), "why": why} for t, why in self.rejected]}


@dataclass(frozen=True)
class Device:
    """Where tuning runs: TileLang's target, how tensors are made and how time is measured."""
    target: object  # "c" or {"kind": "cuda", "arch": ...}
    kind: str  # c | cuda
    backend: str  # TileLang profiler backend: wall (CPU) | event (CUDA)

    @staticmethod
    def for_target(kind: str, arch: str | None = None) -> "Device":
        if kind == "c":
            return Device("c", "c", "wall")
        if kind == "cuda":
            return Device(cuda_target(arch), "cuda", "event")
        raise TuneError(f"cannot tune for target {kind!r} (c or cuda)")

    def compile(self, func):
        tilelang = prepare_tilelang()
        if self.kind == "c":
            return tilelang.compile(func, target="c", execution_backend="cython", pass_configs=C_PASS_CONFIGS)
        return tilelang.compile(func, target=self.target)

    def tensor(self, array: np.ndarray):
        import torch

        t = torch.from_numpy(np.ascontiguousarray(array))
        return t.cuda() if self.kind == "cuda" else t


def _quiet_autotuner() -> None:
    """TileLang's autotuner opens `autotuner.log` in the working directory on first use; cuda2tile never
    writes outside its outputs, so its handlers are set up here (errors only, to stderr) instead."""
    from tilelang.autotuner import tuner

    if not tuner._logger_handlers_initialized:
        handler = logging.StreamHandler()
        handler.setLevel(logging.ERROR)
        tuner.logger.addHandler(handler)
        tuner._logger_handlers_initialized = True


def _run(kernel, info: dict, inputs: dict, grid, device: Device) -> dict[str, np.ndarray]:
    args, by_name = tensor_call(info, inputs, grid, device.tensor)
    kernel(*args)
    if device.kind == "cuda":
        import torch

        torch.cuda.synchronize()
    return read_outputs(info, by_name)


def _disagreement(got: dict, want: dict, spec: KernelSpec) -> str | None:
    for name, reference in want.items():
        arg = spec.args.get(name)
        check = check_buffer(name, got[name], reference, dtype=arg.dtype if arg else None, tolerance=spec.tolerance)
        if not check.ok:
            return f"differs from the default shape: {check.describe()}"
    return None


def tune_kernel(info: dict, spec: KernelSpec, target: str = "c", arch: str | None = None,
                candidates: tuple[Tile, ...] | None = None, warmup: int = 3, repeat: int = 10,
                timeout: int = 120, seed: int = 0, progress=None) -> TuneResult:
    """Tune `info`'s tile shape on `spec`'s inputs for `target` (see the module docstring). `progress(text)`
    hears about each shape as it is checked."""
    product = info.get("tile_product")
    if product is None:
        raise TuneError(f"'{spec.name}' is not raised to a tiled matrix product: it has no tile shape to tune "
                        "(see `cuda2tile coverage` for raised idioms)")
    device = Device.for_target(target, arch)
    factory, block = info["factory"], tuple(spec.block)
    inputs, grid = spec.make_inputs(seed), spec.grid_values()
    # the module's own table of default shapes (a wrapper made with functools.wraps is looked through)
    default = tuple(inspect.unwrap(factory).__globals__["_gemm_tile"](None, target, product))
    try:
        reference = _run(device.compile(factory(block=block, target=target)), info, inputs, grid, device)
    except Exception as err:  # TileLang's own errors: their last line says what failed
        raise TuneError(f"the default shape {default} does not build or run: {last_line(err, 300)}") from None
    shapes = [default] + [t for t in (candidates or gemm_tiles(target, product)) if tuple(t) != default]
    accepted: list[Tile] = []
    rejected: list[tuple[Tile, str]] = []
    for k, tile in enumerate(shapes, 1):
        try:
            got = _run(device.compile(factory(block=block, target=target, tile=tile)), info, inputs, grid, device)
            why = _disagreement(got, reference, spec)
        except Exception as err:
            why = f"does not build or run: {last_line(err, 300)}"
        if why is None:
            accepted.append(tuple(tile))
        else:
            rejected.append((tuple(tile), why))
        if progress:
            progress(f"[{k}/{len(shapes)}] tile {tuple(tile)}: {'ok' if why is None else why}")
    best = _autotune(factory, block, target, device, accepted, info, inputs, grid, warmup, repeat, timeout)
    default_ms, best_ms = _time_pair(factory, block, target, device, default, best, info, inputs, grid, warmup, repeat)
    return TuneResult(spec.cuda_name, factory.__name__, target, product, default, best, default_ms, best_ms, accepted, rejected)


def _autotune(factory, block, target: str, device: Device, accepted: list[Tile], info, inputs, grid,
              warmup: int, repeat: int, timeout: int) -> Tile:
    """The fastest accepted shape, by TileLang's autotuner (checked above, so it skips its own check)."""
    if len(accepted) == 1:
        return accepted[0]
    prepare_tilelang()
    _quiet_autotuner()
    from tilelang.autotuner import AutoTuner

    def supply(_params):
        return tensor_call(info, inputs, grid, device.tensor)[0]

    # the autotuner records a closure's free variables for its cache key and takes only plain values
    # there, so the factory and block travel as default arguments instead
    def elaborate(tile, _factory=factory, _block=block, _target=target):
        return _factory(block=_block, target=_target, tile=tile)

    tuner = AutoTuner(elaborate, [{"tile": t} for t in accepted])
    if device.kind == "c":
        tuner.set_compile_args(target="c", execution_backend="cython", pass_configs=C_PASS_CONFIGS)
    else:
        tuner.set_compile_args(target=device.target)
    tuner.set_profile_args(supply_prog=supply, skip_check=True, warmup=warmup, rep=repeat, timeout=timeout,
                           backend=device.backend)
    result = tuner.run(warmup=warmup, rep=repeat, timeout=timeout)
    return tuple(result.config["tile"])


def _time_pair(factory, block, target, device: Device, default: Tile, best: Tile, info, inputs, grid,
               warmup: int, repeat: int) -> tuple[float, float]:
    """Milliseconds per launch of the default and the best shape, timed back to back (median)."""
    times = []
    for tile in (default, best):
        kernel = device.compile(factory(block=block, target=target, tile=tile))
        args = tensor_call(info, inputs, grid, device.tensor)[0]
        profiler = kernel.get_profiler()
        times.append(float(profiler.do_bench(lambda *a: kernel(*args), n_warmup=warmup, n_repeat=repeat,
                                             input_tensors=[], backend=device.backend, return_mode="median",
                                             device="cpu" if device.kind == "c" else None)))
    return times[0], times[1]
