"""Build converted kernels with TileLang: the C back end (the CPU) or the CUDA back end, and lowering
for CUDA without a GPU.

Emitted factories take `block`, `target`, and where the kernel has them `shared_bytes` (dynamic shared
memory) and `tile` (a raised matrix product's tile shape); `factory_kwargs` passes only those a
factory takes. `KernelCache` builds each (factory, block, shared bytes) once per run (TileLang also
caches on disk, but re-tracing a factory to find its entry costs tens of milliseconds).

    kernels = KernelCache("c")
    kernel, seconds = kernels.get(info, block=(256,))         # info: a module's KERNELS entry
"""

from __future__ import annotations

import inspect
import logging
import os
import time
from pathlib import Path

CXX_WRAPPER = Path(__file__).with_name("cxx_optimising.sh")
C_PASS_CONFIGS = {"tirx.disable_vectorize": True}  # TILELANG_FACTS §9.1: vectorised C breaks math and casts
_ready = False


class ConvertedError(RuntimeError):
    """Building or running a converted kernel failed. `kind`: build, run, timeout, crash."""

    def __init__(self, kind: str, message: str):
        super().__init__(message)
        self.kind = kind


def last_line(err: BaseException, limit: int = 600) -> str:
    """The last non-blank line of an error's message (TileLang's errors end with what failed), at most
    `limit` characters; the error's type name when the message is empty."""
    lines = [ln.strip() for ln in str(err).strip().splitlines() if ln.strip()]
    return lines[-1][:limit] if lines else type(err).__name__


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


def factory_kwargs(info: dict, block, target: str, shared_bytes: int | None = None,
                   tiles: dict | None = None) -> dict:
    """The factory's arguments; `tiles` maps factory names to tile shapes for raised matrix products."""
    kwargs = {"block": tuple(block), "target": target}
    parameters = inspect.signature(info["factory"]).parameters
    if shared_bytes and "shared_bytes" in parameters:
        kwargs["shared_bytes"] = int(shared_bytes)
    tile = (tiles or {}).get(info["factory"].__name__)
    if tile is not None and "tile" in parameters:
        kwargs["tile"] = tuple(tile)
    return kwargs


def cuda_target(arch: str | None = None):
    """TileLang's CUDA target: for `arch` (e.g. sm_90a), or the visible GPU's."""
    return {"kind": "cuda", "arch": arch} if arch else "cuda"


def compile_c(func):
    """A prim_func compiled with TileLang's C back end (TileLang's own errors propagate)."""
    return prepare_tilelang().compile(func, target="c", pass_configs=C_PASS_CONFIGS)


def build_c(info: dict, block: tuple[int, ...]):
    """`info`'s kernel for `block`, compiled with the C back end (TileLang's own errors propagate)."""
    return compile_c(info["factory"](block=tuple(block), target="c"))


def lower_cuda(info: dict, block: tuple[int, ...], arch: str = "sm_90", nvcc: bool = False) -> str:
    """The CUDA source of `info`'s kernel for `block`; `nvcc`: compile it too (no GPU needed)."""
    tilelang = prepare_tilelang()
    from tilelang import tvm

    target = cuda_target(arch)
    with tvm.target.Target(target):
        artifact = tilelang.lower(info["factory"](block=tuple(block), target="cuda"), target=target,
                                  enable_device_compile=nvcc)
    return artifact.kernel_source


class KernelCache:
    """Compiled kernels of one back end (`target`: c or cuda), each built once per
    (factory, block, shared bytes); failures raise `ConvertedError("build", ...)`."""

    def __init__(self, target: str = "c", arch: str | None = None, tiles: dict | None = None):
        if target not in ("c", "cuda"):
            raise ValueError(f"no TileLang back end {target!r} (c or cuda)")
        self.target = target
        self.arch = arch
        self.tiles = tiles or {}
        self._built: dict = {}

    @staticmethod
    def key(info: dict, block, shared_bytes: int | None = None) -> tuple:
        return id(info["factory"]), tuple(block), shared_bytes

    def get(self, info: dict, block, shared_bytes: int | None = None):
        """(the compiled kernel, the seconds its build took: 0 when it was built before)."""
        key = self.key(info, block, shared_bytes)
        if key in self._built:
            return self._built[key], 0.0
        tilelang = prepare_tilelang()
        start = time.perf_counter()
        try:
            func = info["factory"](**factory_kwargs(info, block, self.target, shared_bytes, self.tiles))
            if self.target == "c":
                kernel = compile_c(func)
            else:
                kernel = tilelang.compile(func, target=cuda_target(self.arch))
        except Exception as err:  # TileLang's own errors: their last line says what failed
            back_end = "C" if self.target == "c" else "CUDA"
            raise ConvertedError("build", f"TileLang cannot build the converted kernel for {back_end}: "
                                          f"{last_line(err)}") from None
        self._built[key] = kernel
        return kernel, time.perf_counter() - start
