"""Runtime of a PyTorch extension converted by cuda2tile (copied into the package as `_cuda2tile_runtime.py`).

The generated `_C.py` (or whatever module the extension's Python loads) calls the host functions cuda2tile
lifted from the extension's C++; they check, allocate and launch through this module. It needs torch and,
at the first launch, TileLang 0.1.15; it never imports cuda2tile.

* `Served`: the device a lifted function serves. A CUDA implementation serves CUDA tensors through
  TileLang's CUDA back end and CPU tensors through its C back end; a device-type constant the C++
  compares with (`at::kCUDA` in a CUDA implementation) is read as the served device's type.
* `data_ptr(t, dtype)` -> a `Pointer` (tensor, element offset, dtype), checked as ATen checks it;
  pointer arithmetic moves the offset. A launch passes each pointer as a 1-D tensor over the rest of its
  storage, viewed as the kernel parameter's carrier dtype.
* `launch(...)`: compiles the converted kernel once per cache key (module, kernel, parameter dtypes,
  target, block, shared bytes) and calls it; a launch with an empty grid or block does nothing (as a CUDA
  launch that fails its configuration with no error check after it). Under a fake (meta) call nothing runs.
"""

from __future__ import annotations

import functools
import importlib.util
import inspect
import logging
import math
import os
import struct
import threading

import torch

C_PASS_CONFIGS = {"tirx.disable_vectorize": True}  # vectorised C breaks math intrinsics and casts
_ATEN_NAMES = {torch.float32: "Float", torch.float64: "Double", torch.float16: "Half", torch.bfloat16: "BFloat16",
               torch.int32: "Int", torch.int64: "Long", torch.int16: "Short", torch.int8: "Char",
               torch.uint8: "Byte", torch.bool: "Bool", torch.complex64: "ComplexFloat",
               torch.complex128: "ComplexDouble"}
_TORCH_DTYPES = {"float32": torch.float32, "float64": torch.float64, "float16": torch.float16,
                 "bfloat16": torch.bfloat16, "int8": torch.int8, "int16": torch.int16, "int32": torch.int32,
                 "int64": torch.int64, "uint8": torch.uint8, "bool": torch.bool,
                 "uint16": torch.int16, "uint32": torch.int32, "uint64": torch.int64}
# Which implementation serves CPU tensors where the extension has its own CPU implementation besides the
# CUDA one: "project" (default, the original's behaviour on CPU) or "converted" (the CUDA implementation,
# its kernels on TileLang's C back end: the converted kernels tested on a machine without a GPU).
_CPU_RUNS = os.environ.get("CUDA2TILE_CPU_RUNS", "").strip() or "project"  # set but empty: the default
if _CPU_RUNS not in ("project", "converted"):
    raise RuntimeError(f"CUDA2TILE_CPU_RUNS={_CPU_RUNS!r}: expected 'project' (the extension's own CPU "
                       "implementation) or 'converted' (its CUDA implementation on TileLang's C back end)")
CPU_RUNS_CONVERTED = _CPU_RUNS == "converted"
_lock = threading.RLock()
_modules: dict = {}
_compiled: dict = {}
compile_seconds: dict = {}  # cache key -> seconds its first build took (docs/pytorch.md)


class Served:
    """The device a lifted function runs for: `type` ("cpu" or "cuda"), the dispatch key's device type the
    C++ was written for (`original`), and whether this is a fake (meta) call that only allocates."""

    __slots__ = ("type", "original", "fake")

    def __init__(self, type: str, original: str | None, fake: bool = False):
        self.type, self.original, self.fake = type, original, fake

    def type_of(self, name: str) -> str:
        """A device-type constant of the C++ as the served device reads it."""
        return self.type if name == self.original else name

    @property
    def target(self) -> str:
        return "cuda" if self.type == "cuda" else "c"


def _first_device(args) -> str:
    for a in args:
        if isinstance(a, torch.Tensor):
            return a.device.type
        if isinstance(a, (list, tuple)):
            for b in a:
                if isinstance(b, torch.Tensor):
                    return b.device.type
    return "cpu"


def serve(fn, original: str | None, served: str):
    """`fn` registered for the dispatch key of `served`."""
    on = Served(served, original)

    @functools.wraps(fn)
    def impl(*args, **kwargs):
        return fn(*args, _on=on, **kwargs)
    return impl


def dynamic(fn, original: str | None):
    """`fn` serving the device of its tensor arguments (a catch-all registration, a pybind11 function)."""
    @functools.wraps(fn)
    def impl(*args, **kwargs):
        return fn(*args, _on=Served(_first_device(list(args) + list(kwargs.values())), original), **kwargs)
    return impl


def fake(by_device: dict):
    """The fake (meta) implementation: the function serving the tensors' device ({"cpu": (fn, original),
    "cuda": ...}: a project's CPU and CUDA implementations may allocate differently), run for its checks
    and allocations only."""
    first = next(iter(by_device.values()))

    @functools.wraps(first[0])
    def impl(*args, **kwargs):
        device = _first_device(list(args) + list(kwargs.values()))
        fn, original = by_device.get(device, first)
        return fn(*args, _on=Served(device, original, fake=True), **kwargs)
    return impl


# ---------------------------------------------------------------- values


def wrap(value, bits: int, signed: bool = True) -> int:
    """C's conversion to an integer type of `bits`: truncation toward zero, then modulo 2**bits."""
    value = int(value) % (1 << bits)
    return value - (1 << bits) if signed and value >= 1 << (bits - 1) else value


def idiv(a, b) -> int:
    """C integer division (truncates toward zero)."""
    a, b = int(a), int(b)
    if b == 0:
        raise ZeroDivisionError("integer division by zero in the extension's host code")
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def imod(a, b) -> int:
    return int(a) - idiv(a, b) * int(b)


def ceil_div(a, b) -> int:
    return idiv(int(a) + int(b) - 1, b)


def f32(x) -> float:
    """A float rounded to float32, as a C `float`."""
    return struct.unpack("f", struct.pack("f", float(x)))[0]


class Dim3:
    __slots__ = ("x", "y", "z")

    def __init__(self, x=1, y=1, z=1):
        self.x, self.y, self.z = wrap(x, 32, False), wrap(y, 32, False), wrap(z, 32, False)

    def dims(self) -> tuple[int, int, int]:
        return self.x, self.y, self.z


def dim3(*parts) -> Dim3:
    return Dim3(*parts)


def _dims(value) -> tuple[int, ...]:
    if isinstance(value, Dim3):
        return value.dims()
    if isinstance(value, (tuple, list)):
        parts = [p for v in value for p in (_dims(v) if isinstance(v, Dim3) else (wrap(v, 32, False),))]
        return tuple(parts) + (1,) * (3 - len(parts))
    return wrap(value, 32, False), 1, 1


def options(t: torch.Tensor) -> dict:
    """`t.options()`: the dtype, device and layout a factory takes."""
    return {"dtype": t.dtype, "device": t.device, "layout": t.layout}


def with_options(opts: dict, **changes) -> dict:
    out = dict(opts)
    for key, value in changes.items():
        out[key] = torch.device(value) if key == "device" and isinstance(value, str) else value
    return out


def tensor_to(t: torch.Tensor, *args, layout=None, requires_grad=None, pin_memory=None, **kwargs) -> torch.Tensor:
    """`t.to(options)` (and `t.to(dtype)`, `t.to(device, dtype)`...): TensorOptions passed as keywords give a
    layout, which Tensor.to does not take; a strided layout is what it makes, another is refused."""
    if layout is not None and layout != torch.strided:
        raise RuntimeError(f"cuda2tile: Tensor::to with layout {layout} is not supported")
    out = t.to(*args, **kwargs)
    if requires_grad:
        out.requires_grad_(True)
    return out


def is_on(device: torch.device, name: str, on: Served) -> bool:
    return device.type == on.type_of(name)


def get_device(t: torch.Tensor) -> int:
    return t.get_device()


@functools.lru_cache(maxsize=None)
def cuda_version() -> int:
    """`CUDA_VERSION` as cuda.h encodes it (12040 for 12.4) of the CUDA this package runs with: torch's,
    else the toolkit's `nvcc` (TileLang compiles the kernels with it), else -1, what a build without CUDA
    reports."""
    text = torch.version.cuda
    if text is None:
        import re
        import shutil
        import subprocess
        nvcc = shutil.which("nvcc") or (os.path.join(os.environ["CUDA_HOME"], "bin", "nvcc")
                                        if os.environ.get("CUDA_HOME") else None)
        try:
            out = subprocess.run([nvcc, "--version"], capture_output=True, text=True, timeout=60).stdout \
                if nvcc else ""
        except (OSError, subprocess.TimeoutExpired):
            out = ""
        match = re.search(r"release (\d+)\.(\d+)", out)
        text = f"{match.group(1)}.{match.group(2)}" if match else None
    if text is None:
        return -1
    major, minor = (int(p) for p in text.split(".")[:2])
    return major * 1000 + minor * 10


def maybe_set_device(index: int, on: Served) -> None:
    """`c10::cuda::MaybeSetDevice(i)`: make CUDA device i current when serving CUDA tensors; nothing for
    CPU tensors (served through the C back end) or a negative index (a CPU tensor's get_device())."""
    if on.type == "cuda" and index >= 0 and not on.fake:
        torch.cuda.set_device(index)


def round_to(value, dtype: str) -> float:
    """A number converted to c10::Half or c10::BFloat16 as their constructors convert it (through float):
    the float value of the result, which a kernel's half parameter then takes exactly."""
    return torch.tensor(float(value), dtype=torch.float32).to(getattr(torch, dtype)).item()


def saved_data(ctx) -> dict:
    """`ctx->saved_data` of a C++ autograd function: a dict kept on the Python ctx."""
    data = getattr(ctx, "cuda2tile_saved_data", None)
    if data is None:
        data = ctx.cuda2tile_saved_data = {}
    return data


def autograd_outputs(values):
    """What a C++ autograd function's forward returns (a variable_list) as torch.autograd.Function's
    forward returns it: a tuple."""
    return tuple(values) if isinstance(values, (list, tuple)) else values


def autograd_gradients(values, extra: int):
    """backward's variable_list as a tuple, with None for the `extra` arguments the lifted apply adds."""
    grads = tuple(values) if isinstance(values, (list, tuple)) else (values,)
    return grads + (None,) * extra


def reserve(vector: list, capacity: int) -> None:
    """`v.reserve(n)` of a std::vector: capacity only, nothing a Python list needs."""


def optional_value(value):
    """`opt.value()` of a std::optional: an empty one throws std::bad_optional_access, which PyTorch's
    bindings raise as RuntimeError."""
    if value is None:
        raise RuntimeError("bad optional access")
    return value


def device_index(device: torch.device) -> int:
    return -1 if device.index is None else device.index


def dtype_name(dtype) -> str:
    return {torch.float32: "float", torch.float64: "double", torch.float16: "c10::Half",
            torch.bfloat16: "c10::BFloat16", torch.int32: "int", torch.int64: "long int",
            torch.int16: "short int", torch.int8: "signed char", torch.uint8: "unsigned char",
            torch.bool: "bool"}.get(dtype, str(dtype))


def cstr(*parts) -> str:
    """`c10::str(parts...)`: each part as a C++ stream writes it (ATen's names for dtypes, `[2, 3]` for sizes)."""
    out = []
    for p in parts:
        if isinstance(p, torch.dtype):
            out.append(_ATEN_NAMES.get(p, str(p)))
        elif isinstance(p, bool):
            out.append("1" if p else "0")
        elif isinstance(p, torch.Size) or isinstance(p, (tuple, list)):
            out.append("[" + ", ".join(str(v) for v in p) + "]")
        elif isinstance(p, torch.device):
            out.append(str(p))
        elif isinstance(p, float):
            out.append(f"{p:g}")
        else:
            out.append(str(p))
    return "".join(out)


def current_stream(on: Served):
    if on.fake or on.type != "cuda":
        return None
    return torch.cuda.current_stream()


class Pointer:
    """A raw pointer into a tensor's storage: `tensor`'s first element plus `offset` elements of `dtype`."""

    __slots__ = ("tensor", "offset", "dtype")

    def __init__(self, tensor: torch.Tensor, offset: int, dtype: torch.dtype):
        self.tensor, self.offset, self.dtype = tensor, offset, dtype

    def __add__(self, n):
        return Pointer(self.tensor, self.offset + int(n), self.dtype)

    __radd__ = __add__

    def __sub__(self, n):
        if isinstance(n, Pointer):
            return self.offset - n.offset
        return Pointer(self.tensor, self.offset - int(n), self.dtype)


def load(p: Pointer, i) -> int | float | bool:
    """`p[i]` (and `*p`) read by host code: the element of `p`'s storage, as a Python number."""
    if p is None:
        raise RuntimeError("cuda2tile: host code read through a null pointer")
    if p.tensor.device.type != "cpu":
        raise RuntimeError("cuda2tile: host code read through a pointer into CUDA memory (the original host "
                           "program cannot either)")
    at = p.offset + int(i)
    buffer = _buffer(Pointer(p.tensor, 0, p.dtype), p.dtype, p.tensor.device)
    if not 0 <= at < buffer.numel():
        raise RuntimeError(f"cuda2tile: host code read element {at} of a tensor's storage of {buffer.numel()}")
    return buffer[at].item()


def host_alloc(nbytes) -> Pointer:
    """`malloc(n)` in host code: n bytes of CPU memory, as a pointer into a tensor (uninitialised, as
    malloc's)."""
    return Pointer(torch.empty((max(0, int(nbytes)),), dtype=torch.uint8), 0, torch.uint8)


def host_free(p) -> None:
    """`free(p)`: the memory goes with the tensor's last reference."""


def _bytes(p: Pointer, nbytes: int) -> torch.Tensor:
    """The `nbytes` bytes `p` points at, as a uint8 view of its tensor's storage."""
    t = p.tensor
    storage = t.untyped_storage()
    start = t.storage_offset() * t.element_size() + p.offset * torch.empty((), dtype=p.dtype).element_size()
    if start < 0 or start + nbytes > storage.nbytes():
        raise RuntimeError(f"cuda2tile: a copy of {nbytes} bytes at byte {start} of a tensor's storage of "
                           f"{storage.nbytes()} (cudaMemcpy would read or write out of bounds)")
    return torch.empty((0,), dtype=torch.uint8, device=t.device).set_(storage, start, (nbytes,), (1,))


def memcpy(dst: Pointer, src: Pointer, nbytes) -> None:
    """`cudaMemcpy(dst, src, n, kind)`: n bytes, whichever devices the two tensors are on."""
    nbytes = int(nbytes)
    if dst is None or src is None:
        raise RuntimeError("cuda2tile: cudaMemcpy with a null pointer")
    if nbytes:
        _bytes(dst, nbytes).copy_(_bytes(src, nbytes))


def data_ptr(t: torch.Tensor, dtype: torch.dtype | None) -> Pointer:
    """`t.data_ptr<T>()`: ATen refuses a tensor of another dtype with this message."""
    if dtype is not None and t.dtype != dtype:
        raise RuntimeError(f"expected scalar type {_ATEN_NAMES.get(dtype, dtype)} but found "
                           f"{_ATEN_NAMES.get(t.dtype, t.dtype)}")
    return Pointer(t, 0, t.dtype if dtype is None else dtype)


class Accessor:
    """`t.packed_accessor<T, N, Traits, index_t>()` (or `packed_accessor32/64`): the data pointer, sizes and
    strides a kernel's accessor parameter receives. A converted kernel takes it as its data buffer then
    N sizes then N strides (cuda2tile flattens the parameter so), which `launch` passes in that order."""

    __slots__ = ("pointer", "sizes", "strides")

    def __init__(self, pointer: Pointer, sizes: tuple[int, ...], strides: tuple[int, ...]):
        self.pointer, self.sizes, self.strides = pointer, sizes, strides

    def parts(self) -> list:
        return [self.pointer, *self.sizes, *self.strides]


def accessor(t: torch.Tensor, dtype: torch.dtype, rank: int, index_bits: int) -> Accessor:
    """ATen's checks for `packed_accessor`: the dtype (as data_ptr), the number of dimensions, and for a
    32-bit index the number of elements."""
    if index_bits == 32 and t.numel() > 2 ** 31 - 1:
        raise RuntimeError("numel needs to be smaller than int32_t max; otherwise, please use packed_accessor64")
    if t.dim() != rank:
        raise RuntimeError(f"TensorAccessor expected {rank} dims but tensor has {t.dim()}")
    return Accessor(data_ptr(t, dtype), tuple(t.size()), tuple(t.stride()))


class TensorInfo:
    """`at::cuda::detail::getTensorInfo<T, IndexType>(t)`: the struct of data pointer, sizes, strides and
    number of dimensions a kernel takes by value. A converted kernel takes it as four parameters, in the
    struct's field order (cuda2tile flattens a struct parameter so); the two arrays are buffers of
    IndexType (MAX_TENSORINFO_DIMS long, the unused tail zero), on the tensor's device."""

    __slots__ = ("pointer", "sizes", "strides", "dims")

    def __init__(self, pointer: Pointer, sizes: Pointer, strides: Pointer, dims: int):
        self.pointer, self.sizes, self.strides, self.dims = pointer, sizes, strides, dims

    def parts(self) -> list:
        return [self.pointer, self.sizes, self.strides, self.dims]


MAX_TENSORINFO_DIMS = 25


def tensor_info(t: torch.Tensor, dtype: torch.dtype, index_bits: int) -> TensorInfo:
    if t.dim() > MAX_TENSORINFO_DIMS:
        raise RuntimeError(f"CUDA Tensors cannot have more than {MAX_TENSORINFO_DIMS} dimensions")
    index = torch.int32 if int(index_bits) == 32 else torch.int64
    sizes = torch.zeros(MAX_TENSORINFO_DIMS, dtype=index, device=t.device)
    strides = torch.zeros(MAX_TENSORINFO_DIMS, dtype=index, device=t.device)
    if t.dim():
        sizes[: t.dim()] = torch.tensor(t.size(), dtype=index)
        strides[: t.dim()] = torch.tensor(t.stride(), dtype=index)
    return TensorInfo(data_ptr(t, dtype), Pointer(sizes, 0, index), Pointer(strides, 0, index), t.dim())


# C++ arithmetic types as clang spells them (canonical) -> (bits, signed) of an integer, or a torch float dtype
_C_INTEGERS = {"bool": (1, False), "char": (8, True), "signed char": (8, True), "unsigned char": (8, False),
               "short": (16, True), "unsigned short": (16, False), "int": (32, True), "unsigned int": (32, False),
               "long": (64, True), "unsigned long": (64, False), "long long": (64, True),
               "unsigned long long": (64, False)}
_C_FLOATS = {"float": torch.float32, "double": torch.float64, "c10::Half": torch.float16,
             "c10::BFloat16": torch.bfloat16, "__half": torch.float16, "__nv_bfloat16": torch.bfloat16}


def numeric_limit(ctype: str, which: str):
    """`std::numeric_limits<ctype>::which()` (max, min, lowest, epsilon, infinity, quiet_NaN)."""
    name = ctype.replace("const ", "").replace("at::", "c10::").strip()
    if name in _C_FLOATS:
        info = torch.finfo(_C_FLOATS[name])
        return {"max": info.max, "min": info.tiny, "lowest": info.min, "epsilon": info.eps,
                "infinity": math.inf, "quiet_NaN": math.nan}[which]
    if name in _C_INTEGERS:
        bits, signed = _C_INTEGERS[name]
        if bits == 1:
            return {"max": True, "min": False, "lowest": False}.get(which, False)
        low = -(1 << (bits - 1)) if signed else 0
        high = (1 << (bits - 1)) - 1 if signed else (1 << bits) - 1
        return {"max": high, "min": low, "lowest": low}.get(which, 0)
    raise NotImplementedError(f"cuda2tile: std::numeric_limits<{ctype}> is not known to the converted package")


def map_at(table: dict, key):
    """`m.at(key)` of a std::map: a missing key throws std::out_of_range, which PyTorch raises as RuntimeError."""
    try:
        return table[key]
    except KeyError:
        raise RuntimeError("map::at") from None


def scalar_type_name(dtype: torch.dtype) -> str:
    """ATen's name of a dtype, as `toString(ScalarType)` prints it in AT_DISPATCH's error ("Half")."""
    return _ATEN_NAMES.get(dtype, str(dtype).replace("torch.", ""))


def cast_ptr(p, dtype: torch.dtype | None):
    if p is None or dtype is None or not isinstance(p, Pointer):
        return p
    if p.dtype == dtype:
        return p
    size_from = torch.empty((), dtype=p.dtype).element_size()
    size_to = torch.empty((), dtype=dtype).element_size()
    byte = p.offset * size_from
    if byte % size_to:
        raise RuntimeError("a pointer cast to a wider type that is not aligned to it")
    return Pointer(p.tensor, byte // size_to, dtype)


def _buffer(p, carrier: torch.dtype, device: torch.device):
    """The 1-D tensor a kernel's buffer parameter receives for pointer `p`: the rest of its storage."""
    if p is None:
        return torch.empty((0,), dtype=carrier, device=device)
    t = p.tensor
    storage = t.untyped_storage()
    item = torch.empty((), dtype=carrier).element_size()
    byte = t.storage_offset() * t.element_size() + p.offset * torch.empty((), dtype=p.dtype).element_size()
    if byte % item:
        raise RuntimeError("a pointer not aligned to the kernel parameter's element type")
    n = max(0, (storage.nbytes() - byte) // item)
    return torch.empty((0,), dtype=carrier, device=t.device).set_(storage, byte // item, (n,), (1,))


def _scalar(value, dtype: str, carrier: str):
    if isinstance(value, Pointer):
        raise RuntimeError("a pointer passed where the kernel takes a value")
    if dtype == "bool":
        return bool(value)
    if dtype.startswith(("float", "bfloat")):
        return float(value)
    bits = int("".join(ch for ch in dtype if ch.isdigit()) or 32)
    value = wrap(value, bits, not dtype.startswith("uint"))
    if dtype.startswith("uint") and carrier.startswith("int"):
        value = wrap(value, bits, True)
    return value


# ---------------------------------------------------------------- kernels


class KernelModule:
    """A converted module (`csrc/cuda/muladd.py` beside the package), loaded at the first launch."""

    def __init__(self, anchor: str, relative: str):
        self.path = os.path.join(os.path.dirname(os.path.abspath(anchor)), relative)
        self.module = None

    def kernels(self) -> dict:
        if self.module is None:
            with _lock:
                if self.module is None:
                    _prepare_tilelang()
                    name = "_cuda2tile_kernels_" + "".join(ch if ch.isalnum() else "_" for ch in self.path)
                    spec = importlib.util.spec_from_file_location(name, self.path)
                    module = importlib.util.module_from_spec(spec)
                    spec.loader.exec_module(module)
                    self.module = module
        return self.module.KERNELS


_ready = False


def _prepare_tilelang():
    global _ready
    if _ready:
        return
    os.environ.setdefault("TILELANG_PRINT_ON_COMPILATION", "0")
    import tilelang  # noqa: F401

    for handler in logging.getLogger("tilelang").handlers:
        handler.setLevel(logging.ERROR)
    _ready = True


def compiled(module: KernelModule, name: str, target: str, block: tuple[int, ...], shared: int):
    """The compiled kernel, built once per (module, kernel, parameter dtypes, target, block, shared bytes)."""
    info = module.kernels()[name]
    key = (module.path, name, tuple(p["dtype"] for p in info["params"]), target, block, shared)
    kernel = _compiled.get(key)
    if kernel is not None:
        return info, kernel
    with _lock:
        kernel = _compiled.get(key)
        if kernel is None:
            import time

            import tilelang

            start = time.perf_counter()
            factory = info["factory"]
            trimmed = list(block)
            while len(trimmed) > 1 and trimmed[-1] == 1:
                trimmed.pop()
            kwargs = {"block": tuple(trimmed), "target": target}
            parameters = inspect.signature(factory).parameters
            if shared and "shared_bytes" in parameters:
                kwargs["shared_bytes"] = int(shared)
            func = factory(**kwargs)
            if target == "c":
                kernel = tilelang.compile(func, target="c", pass_configs=C_PASS_CONFIGS)
            else:
                kernel = tilelang.compile(func, target="cuda")
            _compiled[key] = kernel
            compile_seconds[key] = time.perf_counter() - start
    return info, kernel


def launch(module: KernelModule, name: str, *, grid, block, shared=0, stream=None, args=(), on: Served):
    """`name<<<grid, block, shared, stream>>>(args...)` with the converted kernel."""
    if on.fake:
        return
    grid_dims, block_dims = _dims(grid), _dims(block)
    if 0 in grid_dims or 0 in block_dims:
        return
    shared = int(shared or 0)
    info, kernel = compiled(module, name, on.target, block_dims, shared)
    params = info["params"]
    args = [part for a in args for part in (a.parts() if isinstance(a, (Accessor, TensorInfo)) else (a,))]
    if len(params) != len(args):
        raise RuntimeError(f"{name}: the converted kernel takes {len(params)} arguments, the launch passes {len(args)}")
    device = next((a.tensor.device for a in args if isinstance(a, Pointer)), torch.device(on.type))
    call = []
    for param, value in zip(params, args):
        if param["kind"] == "buffer":
            if value is not None and not isinstance(value, Pointer):
                raise RuntimeError(f"{name}: argument {param['cuda_name']} is not a pointer into a tensor")
            call.append(_buffer(value, _TORCH_DTYPES[param["carrier"]], device))
        else:
            call.append(_scalar(value, param["dtype"], param["carrier"]))
    rank = info.get("grid_rank", 1)
    if any(g != 1 for g in grid_dims[rank:]):
        raise RuntimeError(f"{name}: the converted kernel reads {rank} grid axes; grid {grid_dims} has more")
    call += list(grid_dims[:rank])
    if on.type == "cuda" and stream is not None and stream != torch.cuda.current_stream():
        with torch.cuda.stream(stream):
            kernel(*call)
    else:
        kernel(*call)
