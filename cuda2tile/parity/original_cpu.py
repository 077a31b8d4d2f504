"""The original CUDA kernels of one `.cu` file, run on the CPU by the SIMT runtime (`cpu_runtime`).

    original = CpuOriginal("corpus/blas1/level1.cu", ["saxpy", "scale<float>"])
    original.build()                                     # g++, cached by content
    seconds = original.launch("saxpy", grid, block, [n, a, x, y], smem=0, timeout=10.0)

Every failure becomes an `OriginalError` whose message says what happened in the user's terms:
a g++ error (first lines), barrier divergence or deadlock with the threads and the barrier's line,
a kernel stopped at its timeout, a crash with the signal and the CUDA block/thread.
"""

from __future__ import annotations

import time
from pathlib import Path

from cuda2tile.parity.cpu_runtime import (BarrierDivergence, CompileError, CpuRuntimeError, KernelCrash, KernelSig,
                                          KernelTimeout, WarpDivergence, build)

_KINDS = ((WarpDivergence, "warp divergence"), (BarrierDivergence, "barrier divergence"),
          (KernelTimeout, "timeout"), (KernelCrash, "crash"), (CompileError, "compile error"))


# the strict-mode hint the runtime appends when the only problem is threads that exited before a
# barrier the others wait at (the early-`return` idiom GPUs tolerate)
EXITED_BEFORE_BARRIER = "strict mode: every thread of the block must reach each __syncthreads"


class OriginalError(RuntimeError):
    """The original kernel could not be built or run. `kind`: compile error, barrier divergence,
    warp divergence, timeout, crash, launch error."""

    def __init__(self, kind: str, message: str):
        super().__init__(message)
        self.kind = kind


def classify(err: Exception) -> OriginalError:
    for cls, kind in _KINDS:
        if isinstance(err, cls):
            break
    else:
        kind = "launch error"
    text = str(err).strip()
    if isinstance(err, CompileError):
        lines = [ln for ln in (err.stderr or text).splitlines() if ln.strip()]
        errors = [ln for ln in lines if "error" in ln] or lines
        text = "g++ cannot compile the original for the CPU runtime: " + " | ".join(errors[:4])[:1500]
    elif isinstance(err, KernelCrash) and "child stderr" in text:
        text = text.split("\nchild stderr:")[0]
    return OriginalError(kind, text)


class CpuOriginal:
    """One `.cu` file's kernels on the CPU runtime; `kernels` are CUDA names (`scale<float>`)."""

    name = "cpu"

    def __init__(self, cu_path: str | Path, kernels: list[str], include_dirs: tuple[str, ...] = (),
                 defines: tuple[str, ...] = (), cache_dir: str | None = None):
        self.cu_path = Path(cu_path)
        self.kernels = sorted(set(kernels))
        self.include_dirs = include_dirs
        self.defines = defines
        self.cache_dir = cache_dir
        self.module = None
        self.build_seconds = 0.0
        self.error: OriginalError | None = None

    def build(self) -> None:
        """Compile (or load from the cache); a failure is kept in `error` and raised by `launch`."""
        if self.module is not None or self.error is not None:
            return
        start = time.perf_counter()
        try:
            self.module = build(self.cu_path, [KernelSig(k, alias=k) for k in self.kernels],
                                include_dirs=self.include_dirs, defines=self.defines, cache_dir=self.cache_dir)
        except CpuRuntimeError as err:
            self.error = classify(err)
        except OSError as err:
            self.error = OriginalError("compile error", f"cannot build the original: {err}")
        finally:
            self.build_seconds = time.perf_counter() - start

    def launch(self, kernel: str, grid: tuple[int, ...], block: tuple[int, ...], args: list, smem: int = 0,
               timeout: float | None = 10.0, barrier_mode: str = "strict") -> float:
        """Run `kernel` on `args` (numpy arrays modified in place); returns the launch's seconds.

        barrier_mode "strict": every thread of a block must reach each `__syncthreads()` (a thread
        that exited first is divergence); "lenient": exited threads count as arrived, as on GPUs.
        """
        self.build()
        if self.error is not None:
            raise self.error
        try:
            info = self.module.launch(kernel, tuple(grid), tuple(block), args, smem=smem, timeout=timeout,
                                      barrier_mode=barrier_mode)
        except CpuRuntimeError as err:
            raise classify(err) from None
        return info.elapsed
