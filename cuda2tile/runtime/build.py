"""Build converted kernels with TileLang: the C back end (the CPU) or the CUDA back end, and lowering
for CUDA without a GPU.

Emitted factories take `block`, `target`, and where the kernel has them `shared_bytes` (dynamic shared
memory) and `tile` (a raised matrix product's tile shape); `factory_kwargs` passes only those a
factory takes. `KernelCache` builds each (factory, block, shared bytes) once per run (TileLang also
caches on disk, but re-tracing a factory to find its entry costs tens of milliseconds).

    kernels = KernelCache("c")
    kernel, seconds = kernels.get(info, block=(256,))         # info: a module's KERNELS entry

TileLang's own warnings (TVM's C++ `LOG(WARNING)` on file descriptor 2, the `tilelang` logger, Python
warnings) are captured per build while a `tilelang_warnings()` block is open, and handed to that block
instead of reaching the terminal between results (docs/tilelang-warnings.md):

    with tilelang_warnings() as caught:
        kernel = build_c(info, (256,))
    caught   # ["[ThreadSync] Hoisting sync out of an if ...", ...]

With no block open, a build writes its warnings where it always did.
"""

from __future__ import annotations

import contextlib
import inspect
import logging
import os
import re
import sys
import tempfile
import time
import warnings
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


_sinks: list[list[str]] = []  # the open `tilelang_warnings()` blocks, innermost last
# TVM's log prefix: "[19:25:52] file.cc:1085: Warning: " (the location may be empty): kept from "Warning:" on
_TVM_PREFIX = re.compile(r"^\[\d\d:\d\d:\d\d\] [^\s]*:? ?(?=(Warning|Error|Info|Debug)\b)")
_TVM_LEVEL = re.compile(r"^(Warning|Error|Info|Debug): ")


@contextlib.contextmanager
def tilelang_warnings():
    """Collect, into the yielded list, the warnings of every TileLang build inside the block (each one a
    string such as "[ThreadSync] Hoisting sync ..."); nested blocks each receive them."""
    caught: list[str] = []
    _sinks.append(caught)
    try:
        yield caught
    finally:
        for i in range(len(_sinks) - 1, -1, -1):
            if _sinks[i] is caught:
                del _sinks[i]
                break


def _report(lines: list[str]) -> None:
    for sink in _sinks:
        sink.extend(lines)


def note_warnings(stderr_text: str) -> None:
    """Hand the warnings in stderr text captured around a TileLang call by other means (the portability
    check captures fd 2 itself, compiler output and all) to the open `tilelang_warnings()` blocks."""
    _report([entry for entry in split_log(stderr_text) if entry.startswith("Warning: ")])


class _LogRecords(logging.Handler):
    def __init__(self):
        super().__init__(logging.WARNING)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        try:
            self.lines.append(f"{record.levelname.capitalize()}: {record.getMessage()}")
        except Exception:  # a record that cannot format itself is not worth a failed build
            self.lines.append(f"{record.levelname.capitalize()}: {record.msg}")


def split_log(text: str) -> list[str]:
    """TileLang's stderr output as separate messages: a line with TVM's "[hh:mm:ss] ...: Warning:" prefix
    starts one (the prefix is dropped, "Warning: " and the message kept); other lines continue it."""
    entries: list[str] = []
    for line in text.splitlines():
        if not line.strip():
            continue
        stripped = _TVM_PREFIX.sub("", line.rstrip())
        if stripped != line.rstrip() or not entries or _TVM_LEVEL.match(stripped):
            entries.append(stripped)
        else:
            entries[-1] += "\n" + stripped
    return entries


@contextlib.contextmanager
def _captured():
    """Around one build: while a `tilelang_warnings()` block is open, file descriptor 2 (TVM's C++ log),
    the `tilelang` logger and Python warnings go to that block instead of the terminal. fd 2 is restored
    on every path, a failing build's included (what it wrote before failing is reported too)."""
    if not _sinks:
        yield
        return
    try:
        saved = os.dup(2)
    except OSError:  # no fd 2 (embedded use): nothing to capture there
        yield
        return
    handler = _LogRecords()
    logger = logging.getLogger("tilelang")
    with tempfile.TemporaryFile(mode="w+b") as tmp, warnings.catch_warnings(record=True) as recorded:
        with contextlib.suppress(Exception):
            sys.stderr.flush()
        try:
            os.dup2(tmp.fileno(), 2)
            logger.addHandler(handler)
            yield
        finally:
            with contextlib.suppress(Exception):
                sys.stderr.flush()
            os.dup2(saved, 2)
            os.close(saved)
            logger.removeHandler(handler)
            tmp.seek(0)
            text = tmp.read().decode("utf-8", errors="replace")
            _report(split_log(text) + handler.lines + [f"{w.category.__name__}: {w.message}" for w in recorded])


def factory_kwargs(info: dict, block, target: str, shared_bytes: int | None = None,
                   tiles: dict | None = None, null: tuple[str, ...] = ()) -> dict:
    """The factory's arguments; `tiles` maps factory names to tile shapes for raised matrix products;
    `null` names the pointer parameters the launch passes as NULL (marshal.null_inputs)."""
    kwargs = {"block": tuple(block), "target": target}
    parameters = inspect.signature(info["factory"]).parameters
    if null:
        kwargs["null"] = tuple(null)
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
    tilelang = prepare_tilelang()
    with _captured():
        return tilelang.compile(func, target="c", pass_configs=C_PASS_CONFIGS)


def build_c(info: dict, block: tuple[int, ...], null: tuple[str, ...] = ()):
    """`info`'s kernel for `block` (and the NULL pointers `null`), compiled with the C back end
    (TileLang's own errors propagate)."""
    return compile_c(info["factory"](**factory_kwargs(info, block, "c", null=null)))


def lower_cuda(info: dict, block: tuple[int, ...], arch: str = "sm_90", nvcc: bool = False) -> str:
    """The CUDA source of `info`'s kernel for `block`; `nvcc`: compile it too (no GPU needed)."""
    tilelang = prepare_tilelang()
    from tilelang import tvm

    target = cuda_target(arch)
    with _captured(), tvm.target.Target(target):
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
        self._warnings: dict = {}  # key -> the TileLang warnings of its build (reported again on a cache hit)

    @staticmethod
    def key(info: dict, block, shared_bytes: int | None = None, null: tuple[str, ...] = ()) -> tuple:
        return id(info["factory"]), tuple(block), shared_bytes, tuple(sorted(null))

    def get(self, info: dict, block, shared_bytes: int | None = None, null: tuple[str, ...] = ()):
        """(the compiled kernel, the seconds its build took: 0 when it was built before); `null`: the
        pointer parameters passed as NULL (a kernel is built per such choice)."""
        key = self.key(info, block, shared_bytes, null)
        if key in self._built:
            _report(self._warnings.get(key, []))
            return self._built[key], 0.0
        tilelang = prepare_tilelang()
        start = time.perf_counter()
        try:
            with tilelang_warnings() if _sinks else contextlib.nullcontext([]) as caught:
                func = info["factory"](**factory_kwargs(info, block, self.target, shared_bytes, self.tiles, null))
                if self.target == "c":
                    kernel = compile_c(func)
                else:
                    with _captured():
                        kernel = tilelang.compile(func, target=cuda_target(self.arch))
            self._warnings[key] = list(caught)
        except Exception as err:  # TileLang's own errors: their last line says what failed
            back_end = "C" if self.target == "c" else "CUDA"
            raise ConvertedError("build", f"TileLang cannot build the converted kernel for {back_end}: "
                                          f"{last_line(err)}") from None
        self._built[key] = kernel
        return kernel, time.perf_counter() - start
