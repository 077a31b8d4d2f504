"""Run original CUDA device code on the CPU (cuda2tile numerical-parity harness).

    from cuda2tile.parity.cpu_runtime import build, KernelSig

    mod = build("saxpy.cu", [KernelSig("saxpy"), KernelSig("reduce<float, 256>", alias="reduce_f")])
    mod.launch("saxpy", grid=64, block=256, args=[x, y, 2.0, n])        # numpy arrays modified in place
    mod.launch("reduce_f", (64,), (256,), [x, out, n], smem=1024, timeout=5.0)

`build` compiles the unmodified ``.cu`` with g++ against the runtime headers in
``include/`` (CUDA built-ins, fibers, warp primitives, half types, ...), plus a
generated companion translation unit holding one ``extern "C"`` launch stub per
kernel.  The shared object is cached by content hash.  `Module.launch` runs a
kernel: by default in a forked child process (so that a hang can be killed and
a crash reported) on copies of the numpy buffers placed in shared memory, which
are copied back when the kernel succeeds.
"""

from __future__ import annotations

import ctypes
import hashlib
import json
import mmap
import os
import re
import shutil
import signal as _signal
import subprocess
import sys
import tempfile
import threading
import time
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Sequence

import numpy as np

from cuda2tile.runtime.isolation import wait_child

from . import _source

__all__ = [
    "build", "Module", "KernelSig", "ParamInfo", "LaunchInfo", "INCLUDE_DIR", "default_cache_dir",
    "CpuRuntimeError", "CompileError", "LaunchError", "ArgumentError", "BarrierDivergence", "WarpDivergence",
    "KernelTimeout", "KernelCrash", "UnsupportedFeature", "FastPathViolation",
]

INCLUDE_DIR = Path(__file__).resolve().parent / "include"
_ABI_VERSION = 3            # must match C2T_ABI_VERSION in c2t_sched.h
_PIPELINE_VERSION = "c2t-cpu-runtime-1"
CXX = os.environ.get("CUDA2TILE_CPU_RUNTIME_CXX", "g++")


# --------------------------------------------------------------------------------------------
# Errors
# --------------------------------------------------------------------------------------------
class CpuRuntimeError(RuntimeError):
    """Base class of every error raised by the CPU runtime."""


class CompileError(CpuRuntimeError):
    """g++ rejected the translation unit; `.stderr` holds g++'s message."""

    def __init__(self, message: str, stderr: str = "", command: Sequence[str] = (), stage: str = "compile"):
        super().__init__(message)
        self.stderr = stderr
        self.command = list(command)
        self.stage = stage


class LaunchError(CpuRuntimeError):
    """Invalid launch (configuration, unknown kernel, ...)."""


class ArgumentError(LaunchError, TypeError):
    """A kernel argument does not match the kernel's parameter type."""


class BarrierDivergence(CpuRuntimeError):
    """Threads of a block did not all reach the same __syncthreads (or deadlocked)."""


class WarpDivergence(BarrierDivergence):
    """Lanes named in a warp primitive's mask never met at a warp operation."""


class KernelTimeout(CpuRuntimeError):
    """The kernel did not finish within its time limit (it was stopped)."""


class KernelCrash(CpuRuntimeError):
    """The kernel died with a signal (invalid memory access, __trap, assert, ...)."""

    def __init__(self, message: str, signal: int | None = None, stderr: str = ""):
        super().__init__(message)
        self.signal = signal
        self.stderr = stderr


class UnsupportedFeature(CpuRuntimeError):
    """The kernel used something the CPU runtime cannot emulate (grid sync, ...)."""


class FastPathViolation(CpuRuntimeError):
    """A kernel compiled for the fiber-less fast path called a synchronisation primitive."""


_STATUS_ERRORS = {1: LaunchError, 2: BarrierDivergence, 3: WarpDivergence, 4: KernelTimeout,
                  5: FastPathViolation, 6: UnsupportedFeature, 7: CpuRuntimeError}


# --------------------------------------------------------------------------------------------
# Kernel signatures
# --------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class KernelSig:
    """A kernel to export.

    name:      C++ expression naming the kernel: ``"saxpy"``, ``"ns::k"``, ``"reduce<float, 256>"``
               (the companion unit instantiates templates), or a cast to pick an overload.
    params:    optional parameter C types, e.g. ``("const float*", "float*", "int")``.  The real
               signature is always read from the compiled code; when given, these are checked
               against it.  Without them arguments are converted by the compiled signature.
    fast_path: None = decide from the source (no barrier / warp / cooperative-groups primitive
               anywhere in user code -> plain loops over threads, no fibers); True / False forces.
    alias:     name to use in `Module.launch` (default: `name`).
    """

    name: str
    params: tuple[str, ...] | None = None
    fast_path: bool | None = None
    alias: str | None = None

    def __post_init__(self):
        if self.params is not None and not isinstance(self.params, tuple):
            object.__setattr__(self, "params", tuple(self.params))

    @property
    def key(self) -> str:
        return self.alias or self.name


@dataclass(frozen=True)
class StructValue:
    """A struct passed by value whose fields include pointers to arrays: `data` is its bytes (sizeof) with
    the scalar fields written, `pointers` the (byte offset, array or None for NULL) of each pointer field.
    The launch writes each array's address at its offset once it knows where the array lives (in the
    forked child, arrays are copied into shared memory: an address taken before would be stale)."""

    data: bytes
    pointers: tuple = ()


@dataclass(frozen=True)
class ParamInfo:
    """One kernel parameter as compiled: pointer (kind/size describe the pointee) or value."""

    pointer: bool
    kind: str   # f float, i signed, u unsigned, b bool, h __half, B bfloat16, p pointer, v void, o other
    size: int
    type_name: str

    def __str__(self) -> str:
        return f"{self.type_name}*" if self.pointer else self.type_name


@dataclass
class LaunchInfo:
    kernel: str
    grid: tuple[int, int, int]
    block: tuple[int, int, int]
    elapsed: float
    fast_path: bool
    isolated: bool


_C_TYPES = {
    # name -> (kind, size)
    "float": ("f", 4), "double": ("f", 8), "bool": ("b", 1), "char": ("i", 1), "signed char": ("i", 1),
    "unsigned char": ("u", 1), "short": ("i", 2), "short int": ("i", 2), "unsigned short": ("u", 2),
    "unsigned short int": ("u", 2), "int": ("i", 4), "signed": ("i", 4), "signed int": ("i", 4),
    "unsigned": ("u", 4), "unsigned int": ("u", 4), "long": ("i", 8), "long int": ("i", 8),
    "unsigned long": ("u", 8), "unsigned long int": ("u", 8), "long long": ("i", 8), "long long int": ("i", 8),
    "unsigned long long": ("u", 8), "unsigned long long int": ("u", 8), "size_t": ("u", 8),
    "ptrdiff_t": ("i", 8), "int8_t": ("i", 1), "uint8_t": ("u", 1), "int16_t": ("i", 2), "uint16_t": ("u", 2),
    "int32_t": ("i", 4), "uint32_t": ("u", 4), "int64_t": ("i", 8), "uint64_t": ("u", 8), "uint": ("u", 4),
    "__half": ("h", 2), "half": ("h", 2), "__nv_bfloat16": ("B", 2), "nv_bfloat16": ("B", 2), "void": ("v", 0),
}
_VECTOR_TYPES = {}
for _base, _dt in [("char", np.int8), ("uchar", np.uint8), ("short", np.int16), ("ushort", np.uint16),
                   ("int", np.int32), ("uint", np.uint32), ("long", np.int64), ("ulong", np.uint64),
                   ("longlong", np.int64), ("ulonglong", np.uint64), ("float", np.float32),
                   ("double", np.float64)]:
    for _n in (1, 2, 3, 4):
        _VECTOR_TYPES[f"{_base}{_n}"] = (np.dtype(_dt), _n)
_VECTOR_TYPES["dim3"] = (np.dtype(np.uint32), 3)
_VECTOR_TYPES["__half2"] = (np.dtype(np.float16), 2)
_VECTOR_TYPES["half2"] = (np.dtype(np.float16), 2)


def _normalise_ctype(t: str) -> tuple[bool, str, int]:
    """"const float* __restrict__" -> (pointer, base name, pointer depth)."""
    s = re.sub(r"\b(const|volatile|__restrict__|__restrict|restrict|struct|class|typename)\b", " ", t)
    s = s.replace("std::", "")
    depth = s.count("*")
    s = re.sub(r"\s+", " ", s.replace("*", " ").replace("&", " ")).strip()
    return depth > 0, s, depth


def _parse_signature(sig: str) -> list[ParamInfo]:
    out = []
    body = sig[1:] if sig.startswith("#") else sig
    for item in body.split(";"):
        if not item:
            continue
        tag, kind, size, name = item.split(":", 3)
        out.append(ParamInfo(tag == "P", kind, int(size), name.strip()))
    return out


def _check_declared(kernel: str, declared: Sequence[str], actual: list[ParamInfo]):
    if len(declared) != len(actual):
        raise ArgumentError(f"kernel '{kernel}': KernelSig lists {len(declared)} parameters but the kernel has "
                            f"{len(actual)}: ({', '.join(map(str, actual))})")
    for i, (d, a) in enumerate(zip(declared, actual)):
        ptr, base, depth = _normalise_ctype(d)
        if ptr != a.pointer:
            raise ArgumentError(f"kernel '{kernel}' parameter {i}: KernelSig says '{d}' but the kernel takes '{a}'")
        if depth > 1:
            if a.kind != "p":
                raise ArgumentError(f"kernel '{kernel}' parameter {i}: KernelSig says '{d}' but the kernel takes '{a}'")
            continue
        known = _C_TYPES.get(base)
        if known is None:
            vec = _VECTOR_TYPES.get(base)
            if vec is not None and a.size and vec[0].itemsize * vec[1] > a.size:
                raise ArgumentError(f"kernel '{kernel}' parameter {i}: '{d}' does not match '{a}'")
            continue
        kind, size = known
        if kind == "v" and a.pointer:
            continue
        if (kind, size) != (a.kind, a.size) and not (kind in "iu" and a.kind in "iu" and size == a.size
                                                      and base in ("char",)):
            raise ArgumentError(f"kernel '{kernel}' parameter {i}: KernelSig says '{d}' but the kernel takes '{a}'")


# --------------------------------------------------------------------------------------------
# ctypes mirror of c2t_launch_opts
# --------------------------------------------------------------------------------------------
class _LaunchOpts(ctypes.Structure):
    _fields_ = [
        ("abi_version", ctypes.c_uint32),
        ("barrier_mode", ctypes.c_uint32),
        ("shared_init", ctypes.c_uint32),
        ("force_fibers", ctypes.c_uint32),
        ("stack_size", ctypes.c_uint64),
        ("deadline", ctypes.c_double),
        ("cur_block", ctypes.c_int64),
        ("n_blocks", ctypes.c_int64),
        ("status", ctypes.c_int32),
        ("signal", ctypes.c_int32),
        ("fault_addr", ctypes.c_uint64),
        ("msg", ctypes.c_char * 4096),
    ]


class _Dim3(ctypes.Structure):
    _fields_ = [("x", ctypes.c_uint), ("y", ctypes.c_uint), ("z", ctypes.c_uint)]


_BARRIER_MODES = {"strict": 0, "lenient": 1}
_SHARED_INIT = {"keep": 0, "none": 0, "zero": 1, "poison": 2}


def _dim3(v, what: str) -> tuple[int, int, int]:
    if isinstance(v, (int, np.integer)):
        t = (int(v), 1, 1)
    else:
        t = tuple(int(x) for x in v)
        if not 1 <= len(t) <= 3:
            raise LaunchError(f"{what} must have 1 to 3 dimensions, got {v!r}")
        t = t + (1,) * (3 - len(t))
    if any(x <= 0 for x in t):
        raise LaunchError(f"invalid {what} {t}: every dimension must be >= 1")
    return t  # type: ignore[return-value]


# --------------------------------------------------------------------------------------------
# Build
# --------------------------------------------------------------------------------------------
def default_cache_dir() -> Path:
    env = os.environ.get("CUDA2TILE_CPU_RUNTIME_CACHE")
    if env:
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "cuda2tile" / "cpu_runtime"


_runtime_hash_cache: str | None = None
_compiler_id_cache: dict[str, str] = {}
_fma_cache: bool | None = None
_load_lock = threading.Lock()
_inprocess_lock = threading.Lock()


def _runtime_hash() -> str:
    global _runtime_hash_cache
    if _runtime_hash_cache is None:
        h = hashlib.sha256(_PIPELINE_VERSION.encode())
        for p in sorted(INCLUDE_DIR.rglob("*")):
            if p.is_file():
                h.update(str(p.relative_to(INCLUDE_DIR)).encode())
                h.update(p.read_bytes())
        for p in (Path(__file__), Path(_source.__file__)):
            h.update(p.read_bytes())
        _runtime_hash_cache = h.hexdigest()
    return _runtime_hash_cache


def _compiler_id(cxx: str) -> str:
    if cxx not in _compiler_id_cache:
        try:
            out = subprocess.run([cxx, "--version"], capture_output=True, text=True, timeout=60).stdout
        except OSError as e:
            raise CompileError(f"cannot run the C++ compiler '{cxx}': {e}", stage="setup") from e
        _compiler_id_cache[cxx] = (shutil.which(cxx) or cxx) + "\n" + out.splitlines()[0] if out else cxx
    return _compiler_id_cache[cxx]


def _cpu_has_fma() -> bool:
    global _fma_cache
    if _fma_cache is None:
        try:
            flags = Path("/proc/cpuinfo").read_text()
            _fma_cache = bool(re.search(r"^flags\s*:.*\bfma\b", flags, re.M))
        except OSError:
            _fma_cache = False
    return _fma_cache


def _file_hash(path: str) -> str | None:
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        return None


def _companion(cu_path: Path, kernels: Sequence[KernelSig]) -> str:
    lines = [
        "// generated by cuda2tile.parity.cpu_runtime: launch stubs for the kernels of",
        f"// {cu_path}",
        '#include "cuda_cpu_runtime.h"',
        f'#include "{cu_path.as_posix()}"',
        "",
    ]
    for i, k in enumerate(kernels):
        expr = k.name
        lines += [
            # this text follows the user's file, so every name in it is reserved (a user's
            # `#define grid 64` or `#define args ...` must not reach it)
            f'extern "C" __attribute__((__visibility__("default"), __used__)) int c2t_launch_{i}('
            f"const c2t_dim3* __c2t_grid, const c2t_dim3* __c2t_block, unsigned long long __c2t_smem, "
            f"void** __c2t_args, c2t_launch_opts* __c2t_opts) {{",
            f"  return ::c2t::__c2t_launch_kernel<({expr})>(__c2t_grid, __c2t_block, __c2t_smem, __c2t_args, "
            f"__c2t_opts, __C2T_FAST_{i}__);",
            "}",
            f'extern "C" __attribute__((__visibility__("default"), __used__)) const char* c2t_sig_{i}(void) {{',
            f"  return ::c2t::__c2t_kernel_signature<({expr})>();",
            "}",
        ]
    return "\n".join(lines) + "\n"


def _run(cmd: list[str], stage: str, cwd: str | None = None):
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, cwd=cwd)
    except OSError as e:
        raise CompileError(f"cannot run {cmd[0]}: {e}", command=cmd, stage=stage) from e
    if r.returncode != 0:
        err = r.stderr.strip()
        if len(err) > 40000:
            err = err[:20000] + "\n...\n" + err[-20000:]
        raise CompileError(f"g++ failed ({stage}):\n{err}", stderr=r.stderr, command=cmd, stage=stage)
    return r


def build(cu_path: str | os.PathLike, kernels: Iterable[KernelSig | str], include_dirs: Iterable[str | os.PathLike] = (),
          defines: Iterable[str] | dict = (), *, cache_dir: str | os.PathLike | None = None,
          extra_flags: Sequence[str] = (), arch: int | None = 900, fp_contract: bool = False,
          opt: str = "-O2", force: bool = False, std: str = "c++17") -> "Module":
    """Compile `cu_path`'s device code for the CPU and return a loaded `Module`.

    kernels:      KernelSig (or plain names) of the kernels to export.
    include_dirs: extra -I directories (after the runtime's own include directory).
    defines:      "NAME" / "NAME=VALUE" strings or a {name: value} dict.
    cache_dir:    where compiled modules are kept (default ~/.cache/cuda2tile/cpu_runtime or
                  $CUDA2TILE_CPU_RUNTIME_CACHE); entries are keyed by a hash of the source, every
                  user header it includes, the runtime headers and the flags.
    arch:         value of __CUDA_ARCH__ seen by the device code (None: leave undefined).
    fp_contract:  allow a*b+c -> fma contraction like nvcc's default --fmad=true (off by default so
                  results do not depend on the host CPU).
    std:          C++ dialect, nvcc's default C++17 unless the project builds with another one (C++20
                  would, e.g., make <math.h> export `::lerp` and reject a user's own `lerp`).
    """
    cu = Path(cu_path).resolve()
    if not cu.is_file():
        raise CompileError(f"no such source file: {cu}", stage="setup")
    sigs = [k if isinstance(k, KernelSig) else KernelSig(str(k)) for k in kernels]
    seen: set[str] = set()
    for k in sigs:
        if k.key in seen:
            raise LaunchError(f"kernel '{k.key}' listed twice (use alias= to tell instantiations apart)")
        seen.add(k.key)
    if isinstance(defines, dict):
        defs = [f"{k}={v}" if v is not None else str(k) for k, v in defines.items()]
    else:
        defs = [str(d) for d in defines]
    incs = [str(Path(d).resolve()) for d in include_dirs]

    cache = Path(cache_dir) if cache_dir is not None else default_cache_dir()
    cache.mkdir(parents=True, exist_ok=True)

    if not re.fullmatch(r"(?:c|gnu)\+\+\d\w", std):
        raise CompileError(f"invalid C++ dialect {std!r} (expected e.g. 'c++17')", stage="setup")
    pre_flags = [f"-std={std}", "-D__CUDACC__", "-D__CUDACC_VER_MAJOR__=12", "-D__CUDACC_VER_MINOR__=4",
                 "-D__CUDACC_VER_BUILD__=0", "-D__CUDA_CPU_RUNTIME__=1"]
    if arch is not None:
        pre_flags.append(f"-D__CUDA_ARCH__={int(arch)}")
    pre_flags += [f"-I{INCLUDE_DIR}"] + [f"-I{d}" for d in incs] + [f"-D{d}" for d in defs]
    cc_flags = [f"-std={std}", opt, "-fPIC", "-shared", "-fno-strict-aliasing", "-fwrapv",
                "-fno-semantic-interposition", "-fdiagnostics-color=never", "-Wno-attributes"]
    if fp_contract:
        cc_flags.append("-ffp-contract=fast")
        if os.uname().machine in ("x86_64", "AMD64") and _cpu_has_fma():
            cc_flags.append("-mfma")
    else:
        cc_flags.append("-ffp-contract=off")
    cc_flags += list(extra_flags)
    link_flags = ["-Wl,-Bsymbolic"]

    h = hashlib.sha256()
    for part in (_runtime_hash(), _compiler_id(CXX), str(cu), cu.read_bytes().hex(),
                 json.dumps([[k.name, k.fast_path] for k in sigs]),  # params / alias: Python-side only
                 json.dumps([pre_flags, cc_flags, link_flags])):
        h.update(part.encode() if isinstance(part, str) else part)
        h.update(b"\0")
    key = h.hexdigest()[:32]
    meta_path = cache / f"{cu.stem}-{key}.json"

    # The meta file names the shared object, whose name also hashes the final translation unit:
    # a rebuild after a header change gets a new file name (dlopen would hand back an already
    # loaded library of the same name).
    if not force and meta_path.exists():
        try:
            meta = json.loads(meta_path.read_text())
            so_path = cache / meta["so"]
            if so_path.exists() and all(_file_hash(p) == hsh for p, hsh in meta["deps"].items()):
                return Module(so_path, sigs, meta, cu)
        except (OSError, ValueError, KeyError):
            pass

    tmp = Path(tempfile.mkdtemp(prefix=".build-", dir=cache))
    try:
        comp = tmp / "c2t_companion.cu"
        comp.write_text(_companion(cu, sigs))
        pre = tmp / "pre.ii"
        _run([CXX, "-E", "-x", "c++", *pre_flags, "-DC2T_PREPASS", str(comp), "-o", str(pre)], "preprocess")
        text = pre.read_text(errors="surrogateescape")
        inc_root = str(INCLUDE_DIR) + os.sep
        comp_str = str(comp)

        def is_user(path: str, flags) -> bool:
            if not path or path.startswith("<") or 3 in flags:
                return False
            return not path.startswith(inc_root) and path != comp_str

        res = _source.transform(text, is_user)
        out = res.text
        fast_flags, speculative = [], []
        entities = _source.user_entities(text, _source._mask(text), is_user) if res.uses_sync else {}
        for i, k in enumerate(sigs):
            spec = False
            if k.fast_path is not None:
                fast = bool(k.fast_path)
            elif not res.uses_sync:
                fast = True
            else:
                # the file synchronises somewhere: decide per kernel from the functions / classes it
                # reaches by name; a wrong guess is caught at run time (FastPathViolation) and the
                # launch is redone on fibers
                uses = _source.kernel_uses_sync(k.name, entities)
                fast = uses is False
                spec = fast
            fast_flags.append(fast)
            speculative.append(spec)
            out = out.replace(f"__C2T_FAST_{i}__", "true" if fast else "false")
        tu = tmp / "tu.ii"
        tu.write_text(out, errors="surrogateescape")
        tmp_so = tmp / "module.so"
        _run([CXX, "-x", "c++-cpp-output", *cc_flags, str(tu), *link_flags, "-o", str(tmp_so)], "compile")
        deps = {p: _file_hash(p) for p in res.deps if os.path.isfile(p)}
        meta = {
            "source": str(cu), "kernels": [k.key for k in sigs], "fast_path": fast_flags,
            "speculative_fast_path": speculative,
            "sync_tokens": res.sync_tokens, "deps": deps, "shared_decls": res.shared_decls,
            "dynamic_shared_decls": res.dynamic_shared_decls, "host_launches": res.host_launches,
            "compile_command": [CXX, "-x", "c++-cpp-output", *cc_flags, "tu.ii", *link_flags],
            "preprocess_command": [CXX, "-E", "-x", "c++", *pre_flags, "-DC2T_PREPASS", "companion.cu"],
        }
        so_path = cache / f"{cu.stem}-{key}-{hashlib.sha256(out.encode(errors='surrogateescape')).hexdigest()[:16]}.so"
        meta["so"] = so_path.name
        tmp_meta = tmp / "meta.json"
        tmp_meta.write_text(json.dumps(meta, indent=1))
        os.replace(tmp_so, so_path)
        os.replace(tmp_meta, meta_path)
        for old in cache.glob(f"{cu.stem}-{key}-*.so"):  # superseded builds (safe to unlink when loaded)
            if old.name != so_path.name:
                try:
                    old.unlink()
                except OSError:
                    pass
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return Module(so_path, sigs, meta, cu)


# --------------------------------------------------------------------------------------------
# Module / launch
# --------------------------------------------------------------------------------------------
@dataclass
class _Kernel:
    index: int
    sig: KernelSig
    params: list[ParamInfo]
    fast: bool
    entry: object = field(repr=False, default=None)
    speculative: bool = False


class Module:
    """A compiled `.cu` file.  Use `launch` to run one of its kernels."""

    def __init__(self, so_path: Path, sigs: list[KernelSig], meta: dict, source: Path):
        self.path = Path(so_path)
        self.source = source
        self.meta = meta
        with _load_lock:
            self._lib = ctypes.CDLL(str(self.path), mode=os.RTLD_NOW | os.RTLD_LOCAL)
        abi = self._lib.c2t_rt_abi_version()
        if abi != _ABI_VERSION:
            raise CpuRuntimeError(f"{self.path}: runtime ABI {abi}, expected {_ABI_VERSION}; rebuild with force=True")
        self._lib.c2t_rt_install_crash_handler.argtypes = [ctypes.c_void_p]
        self.max_dynamic_shared_memory = self._max_dyn_smem()
        self.kernels: dict[str, _Kernel] = {}
        for i, k in enumerate(sigs):
            sigfn = getattr(self._lib, f"c2t_sig_{i}")
            sigfn.restype = ctypes.c_char_p
            params = _parse_signature(sigfn().decode())
            if k.params is not None:
                _check_declared(k.key, k.params, params)
            entry = getattr(self._lib, f"c2t_launch_{i}")
            entry.restype = ctypes.c_int
            entry.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_ulonglong, ctypes.c_void_p, ctypes.c_void_p]
            spec = meta.get("speculative_fast_path", [False] * len(sigs))[i]
            self.kernels[k.key] = _Kernel(i, k, params, bool(meta["fast_path"][i]), entry, bool(spec))

    def _max_dyn_smem(self) -> int:
        f = self._lib.c2t_rt_max_dyn_smem
        f.restype = ctypes.c_size_t
        return int(f())

    @property
    def kernel_names(self) -> list[str]:
        return list(self.kernels)

    def signature(self, name: str) -> list[ParamInfo]:
        return list(self._kernel(name).params)

    def uses_fast_path(self, name: str) -> bool:
        return self._kernel(name).fast

    def _kernel(self, name: str) -> _Kernel:
        try:
            return self.kernels[name]
        except KeyError:
            raise LaunchError(f"unknown kernel '{name}'; this module exports {self.kernel_names}") from None

    def symbol_address(self, name: str) -> int:
        """Address of a global (e.g. a __device__ / __constant__ variable) with C-level name `name`."""
        try:
            return ctypes.addressof(ctypes.c_char.in_dll(self._lib, name))
        except ValueError:
            raise LaunchError(f"no symbol '{name}' in {self.path.name} (namespaced names are mangled)") from None

    def write_symbol(self, name: str, data) -> None:
        """Copy `data` (numpy array / bytes) into a global such as a __constant__ array.  With isolated
        launches the child sees the value; writes done by kernels to globals do not come back."""
        buf = np.ascontiguousarray(data)
        ctypes.memmove(self.symbol_address(name), buf.ctypes.data, buf.nbytes)

    def read_symbol(self, name: str, dtype, count: int = 1) -> np.ndarray:
        dt = np.dtype(dtype)
        out = np.empty(count, dt)
        ctypes.memmove(out.ctypes.data, self.symbol_address(name), out.nbytes)
        return out

    # ---------------------------------------------------------------------------------------
    def launch(self, name: str, grid, block, args: Sequence, smem: int = 0, timeout: float | None = 10.0, *,
               isolate: bool = True, barrier_mode: str = "strict", shared_init: str = "zero",
               stack_size: int | None = None, force_fibers: bool = False) -> LaunchInfo:
        """Run kernel `name` with `grid` x `block` threads.

        args:          one entry per kernel parameter: numpy arrays for pointers (passed by address,
                       modified in place; must be contiguous), None for a null pointer, Python / numpy
                       scalars for values (converted to the parameter type; __half / bfloat16 values
                       accept floats or raw uint16 bits as int), tuples / bytes for struct values.
        smem:          dynamic shared memory in bytes (`extern __shared__` arrays).
        timeout:       seconds; the kernel is stopped and KernelTimeout raised when it runs longer
                       (None: no limit).
        isolate:       run in a forked child (hang- and crash-safe; arrays are copied through shared
                       memory and back).  isolate=False runs in this process (faster for tiny kernels;
                       a crash kills the process and a spin loop without barriers cannot be stopped).
        barrier_mode:  "strict" (every thread must reach every __syncthreads; exited threads are an
                       error) or "lenient" (exited threads count as arrived, like the hardware).
        shared_init:   "zero" | "poison" (0xFF bytes: NaN / -1) | "keep": content of shared memory at
                       each block start.
        stack_size:    bytes per fiber stack (default 128 KiB).
        force_fibers:  ignore the fast path.
        """
        k = self._kernel(name)
        g = _dim3(grid, "grid")
        b = _dim3(block, "block")
        if b[0] * b[1] * b[2] > 1024:
            raise LaunchError(f"block {b} has {b[0] * b[1] * b[2]} threads; CUDA allows at most 1024")
        smem = int(smem)
        if smem < 0 or smem > self.max_dynamic_shared_memory:
            raise LaunchError(f"dynamic shared memory {smem} bytes outside [0, {self.max_dynamic_shared_memory}]")
        if barrier_mode not in _BARRIER_MODES:
            raise LaunchError(f"barrier_mode must be one of {sorted(_BARRIER_MODES)}")
        if shared_init not in _SHARED_INIT:
            raise LaunchError(f"shared_init must be one of {sorted(_SHARED_INIT)}")
        args = list(args)
        if len(args) != len(k.params):
            raise ArgumentError(f"kernel '{name}' takes {len(k.params)} arguments "
                                f"({', '.join(map(str, k.params))}), got {len(args)}")
        plan = _ArgPlan(name, k.params, args)
        opts_fields = dict(abi_version=_ABI_VERSION, barrier_mode=_BARRIER_MODES[barrier_mode],
                           shared_init=_SHARED_INIT[shared_init], force_fibers=int(bool(force_fibers)),
                           stack_size=int(stack_size or 0))
        t0 = time.monotonic()
        fast = k.fast and not force_fibers
        snapshot = None
        if fast and k.speculative and not isolate:
            snapshot = [(a, a.copy()) for _, a in plan.arrays if a.flags.writeable]
        run = self._launch_isolated if isolate else self._launch_inprocess
        try:
            run(k, name, g, b, smem, timeout, plan, opts_fields)
        except FastPathViolation:
            if not (fast and k.sig.fast_path is None):
                raise
            # the per-kernel source analysis guessed wrong: redo the launch on fibers (an isolated
            # launch never copied its buffers back; an in-process one is rolled back)
            k.fast = False
            fast = False
            if snapshot:
                for a, saved in snapshot:
                    np.copyto(a, saved)
            opts_fields = dict(opts_fields, force_fibers=1)
            run(k, name, g, b, smem, timeout, plan, opts_fields)
        return LaunchInfo(name, g, b, time.monotonic() - t0, fast, isolate)

    # ---------------------------------------------------------------------------------------
    def _launch_inprocess(self, k, name, g, b, smem, timeout, plan, opts_fields):
        opts = _LaunchOpts(**opts_fields)
        if timeout is not None:
            opts.deadline = time.monotonic() + float(timeout)
        argv = plan.build(lambda arr: arr.ctypes.data)
        with _inprocess_lock:  # the runtime's scheduler state is per process
            rc = k.entry(ctypes.byref(_Dim3(*g)), ctypes.byref(_Dim3(*b)), smem, argv, ctypes.byref(opts))
        if rc:
            self._raise_status(rc, opts, name, g, b, timeout, "")

    def _launch_isolated(self, k, name, g, b, smem, timeout, plan, opts_fields):
        regions = plan.regions()
        opts_size = (ctypes.sizeof(_LaunchOpts) + 63) // 64 * 64
        offsets, total = [], opts_size
        for start, end in regions:
            offsets.append(total)
            total += (end - start + 63) // 64 * 64
        mm = mmap.mmap(-1, max(total, mmap.PAGESIZE))
        anchor = ctypes.c_char.from_buffer(mm)
        base = ctypes.addressof(anchor)
        try:
            opts = _LaunchOpts.from_buffer(mm)
            for f, v in opts_fields.items():
                setattr(opts, f, v)
            opts.cur_block = -1
            for (start, end), off in zip(regions, offsets):
                ctypes.memmove(base + off, start, end - start)

            def relocate(arr: np.ndarray) -> int:
                addr = arr.ctypes.data
                for (start, end), off in zip(regions, offsets):
                    if start <= addr < end or (addr == start == end):
                        return base + off + (addr - start)
                raise AssertionError("array outside the planned regions")

            argv = plan.build(relocate)
            gd, bd = _Dim3(*g), _Dim3(*b)
            opts_addr = ctypes.addressof(opts)
            errfile = tempfile.TemporaryFile(prefix="c2t-stderr-")
            sys.stdout.flush()
            sys.stderr.flush()
            deadline = None if timeout is None else time.monotonic() + float(timeout)
            if deadline is not None:
                opts.deadline = deadline + 0.5  # the parent's limit is authoritative
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                pid = os.fork()
            if pid == 0:  # child
                code = 0
                try:
                    os.dup2(errfile.fileno(), 2)
                    self._lib.c2t_rt_reset()
                    self._lib.c2t_rt_install_crash_handler(opts_addr)
                    k.entry(ctypes.byref(gd), ctypes.byref(bd), smem, argv, opts_addr)
                except BaseException:  # pragma: no cover - child side
                    code = 70
                finally:
                    os._exit(code)
            status, killed = wait_child(pid, deadline)
            errfile.seek(0)
            child_err = errfile.read().decode(errors="replace")
            errfile.close()
            if child_err:
                sys.stderr.write(child_err)
                sys.stderr.flush()
            if killed:
                self._raise_timeout(opts, name, g, b, timeout)
            if os.WIFSIGNALED(status):
                sig = os.WTERMSIG(status)
                msg = opts.msg.decode(errors="replace")
                try:
                    signame = _signal.Signals(sig).name
                except ValueError:
                    signame = f"signal {sig}"
                detail = msg or f"{signame}"
                tail = ("\nchild stderr:\n" + child_err[-4000:]) if child_err.strip() else ""
                raise KernelCrash(f"kernel '{name}' crashed: {detail}{tail}", signal=sig, stderr=child_err)
            code = os.WEXITSTATUS(status)
            if code != 0:
                raise CpuRuntimeError(f"kernel '{name}': launcher child exited with status {code}\n{child_err[-4000:]}")
            rc = int(opts.status)
            if rc:
                self._raise_status(rc, opts, name, g, b, timeout, child_err)
            for (start, end), off, writable in zip(regions, offsets, plan.region_writable):
                if writable:
                    ctypes.memmove(start, base + off, end - start)
        finally:
            del anchor
            try:
                del opts
            except UnboundLocalError:
                pass
            try:
                mm.close()
            except BufferError:  # pragma: no cover - exported pointer still alive
                pass

    @staticmethod
    def _block_coords(idx: int, g) -> tuple[int, int, int]:
        return (idx % g[0], (idx // g[0]) % g[1], idx // (g[0] * g[1]))

    def _raise_timeout(self, opts, name, g, b, timeout):
        cur, nb = int(opts.cur_block), int(opts.n_blocks)
        where = ""
        if cur >= 0 and nb > 0:
            where = (f"; it was running block {self._block_coords(cur, g)} ({cur + 1} of {nb}; blocks run one "
                     f"after another)")
        raise KernelTimeout(
            f"kernel '{name}' (grid {g}, block {b}) did not finish within the {timeout} s timeout and was "
            f"stopped{where}. Infinite loop, or a spin-wait for data that only another thread or block would "
            f"write (threads switch only at barriers/warp operations/__nanosleep, blocks never overlap).")

    def _raise_status(self, rc, opts, name, g, b, timeout, child_err):
        msg = opts.msg.decode(errors="replace")
        if rc == 4:
            cur = int(opts.cur_block)
            extra = f" (block {self._block_coords(cur, g)})" if cur >= 0 else ""
            raise KernelTimeout(f"kernel '{name}' (grid {g}, block {b}) did not finish within the {timeout} s "
                                f"timeout{extra}: {msg}")
        cls = _STATUS_ERRORS.get(rc, CpuRuntimeError)
        raise cls(f"kernel '{name}': {msg}")


class _ArgPlan:
    """Checks and converts launch arguments; builds the void* array for a given buffer placement."""

    def __init__(self, kernel: str, params: list[ParamInfo], args: list):
        self.kernel = kernel
        self.params = params
        self.arrays: list[tuple[int, np.ndarray]] = []
        self.scalars: dict[int, bytes] = {}
        self.nulls: set[int] = set()
        self.raw: dict[int, int] = {}
        self.embedded: list[tuple[int, int, np.ndarray | None]] = []  # (argument, byte offset, array)
        for i, (p, a) in enumerate(zip(params, args)):
            if p.pointer:
                self._pointer(i, p, a)
            elif isinstance(a, StructValue):
                self.scalars[i] = self._scalar(i, p, a.data)
                for offset, array in a.pointers:
                    if array is not None and not isinstance(array, np.ndarray):
                        raise self._err(i, p, f"the pointer field at byte {offset} takes a numpy array or None")
                    if not 0 <= offset <= len(a.data) - 8:
                        raise self._err(i, p, f"pointer field at byte {offset} outside the struct")
                    self.embedded.append((i, offset, array))
            else:
                self.scalars[i] = self._scalar(i, p, a)
        self._regions: list[tuple[int, int]] | None = None
        self.region_writable: list[bool] = []

    def _err(self, i, p, msg):
        return ArgumentError(f"kernel '{self.kernel}' argument {i} ({p}): {msg}")

    def _pointer(self, i, p: ParamInfo, a):
        if a is None:
            self.nulls.add(i)
            return
        if isinstance(a, (int, np.integer)) and not isinstance(a, bool):
            self.raw[i] = int(a)
            return
        if not isinstance(a, np.ndarray):
            raise self._err(i, p, f"expected a numpy array (or None), got {type(a).__name__}")
        if not (a.flags.c_contiguous or a.flags.f_contiguous):
            raise self._err(i, p, "array must be contiguous (use np.ascontiguousarray)")
        dt = a.dtype
        k, size = p.kind, p.size
        ok = True
        if k == "f":
            ok = dt.kind == "f" and dt.itemsize == size
        elif k in "iu":
            ok = dt.kind in "iu" and dt.itemsize == size and (dt.kind == k or size == 1 and dt.kind in "iu")
            if size == 1 and dt.kind == "b":
                ok = True
        elif k == "b":
            ok = dt.kind == "b" or (dt.kind in "iu" and dt.itemsize == 1)
        elif k == "h":
            ok = dt == np.float16 or (dt.kind in "iu" and dt.itemsize == 2)
        elif k == "B":
            ok = dt.itemsize == 2 and (dt.kind in "iuV" or "bfloat16" in str(dt))
        elif k == "p":
            ok = dt.itemsize == 8 and dt.kind in "iu"
        elif k == "o" and size:
            ok = a.nbytes % size == 0 if a.nbytes else True
            if ok and dt.itemsize > size:
                ok = False
        if not ok:
            raise self._err(i, p, f"dtype {dt} does not match the pointee type '{p.type_name}' "
                                  f"({size} bytes)")
        self.arrays.append((i, a))

    def _scalar(self, i, p: ParamInfo, a) -> bytes:
        k, size = p.kind, p.size
        try:
            if k == "f":
                if isinstance(a, np.ndarray) and a.ndim == 0:
                    a = a[()]
                return np.array(float(a), dtype=np.float32 if size == 4 else np.float64).tobytes()
            if k in "iub":
                if isinstance(a, (float, np.floating)):
                    raise self._err(i, p, f"expected an integer, got {a!r}")
                v = int(a)
                if k == "b":
                    return bytes([1 if v else 0]) + b"\0" * (size - 1)
                bits = 8 * size
                lo = -(1 << (bits - 1))
                hi = (1 << bits) - 1
                if not lo <= v <= hi:
                    raise self._err(i, p, f"value {v} does not fit in {bits} bits")
                return (v & hi).to_bytes(size, "little")
            if k == "h":
                if isinstance(a, (int, np.integer)) and not isinstance(a, bool):
                    v = int(a)
                    if not 0 <= v <= 0xFFFF:
                        raise self._err(i, p, "__half given as int must be raw uint16 bits (0..65535)")
                    return v.to_bytes(2, "little")
                return np.array(a, dtype=np.float16).reshape(()).tobytes()
            if k == "B":
                if isinstance(a, (int, np.integer)) and not isinstance(a, bool):
                    v = int(a)
                    if not 0 <= v <= 0xFFFF:
                        raise self._err(i, p, "bfloat16 given as int must be raw uint16 bits (0..65535)")
                    return v.to_bytes(2, "little")
                return int(float_to_bf16_bits(np.array([a], dtype=np.float32))[0]).to_bytes(2, "little")
            if k == "p":
                if a is None:
                    return b"\0" * 8
                if isinstance(a, np.ndarray):
                    raise self._err(i, p, "pointer-to-pointer parameters take raw addresses (int)")
                return int(a).to_bytes(8, "little")
        except ArgumentError:
            raise
        except (TypeError, ValueError, OverflowError) as e:
            raise self._err(i, p, str(e)) from None
        # struct / vector by value
        if isinstance(a, (bytes, bytearray, memoryview)):
            data = bytes(a)
        elif isinstance(a, (np.ndarray, np.generic)):
            data = np.asarray(a).tobytes()
        elif isinstance(a, (tuple, list)):
            vec = _VECTOR_TYPES.get(re.sub(r"^(const |struct )", "", p.type_name))
            if vec is None:
                raise self._err(i, p, "pass struct values as bytes or a numpy structured scalar")
            dt, n = vec
            if len(a) != n:
                raise self._err(i, p, f"expected {n} components")
            data = np.array(a, dtype=dt).tobytes()
        else:
            raise self._err(i, p, f"cannot convert {type(a).__name__} to '{p.type_name}'")
        if len(data) < size:  # padding (e.g. float3 -> 12 bytes, but aligned types may be larger)
            data = data + b"\0" * (size - len(data))
        if len(data) != size:
            raise self._err(i, p, f"value has {len(data)} bytes, the parameter {size}")
        return data

    def regions(self) -> list[tuple[int, int]]:
        """Merged [start, end) byte ranges of all array arguments (aliasing arrays share a region)."""
        if self._regions is None:
            spans = []
            for _, a in self.arrays + [(i, a) for i, _, a in self.embedded if a is not None]:
                lo, hi = np.byte_bounds(a) if hasattr(np, "byte_bounds") else np.lib.array_utils.byte_bounds(a)
                spans.append((lo, hi, a.flags.writeable))
            spans.sort()
            merged: list[list] = []
            for lo, hi, w in spans:
                if merged and lo < merged[-1][1]:
                    merged[-1][1] = max(merged[-1][1], hi)
                    merged[-1][2] = merged[-1][2] or w
                else:
                    merged.append([lo, hi, w])
            self._regions = [(m[0], m[1]) for m in merged]
            self.region_writable = [bool(m[2]) for m in merged]
        return self._regions

    def build(self, place) -> ctypes.Array:
        n = len(self.params)
        self._keep = []
        argv = (ctypes.c_void_p * n)()
        arr_of = dict(self.arrays)
        for i in range(n):
            if i in self.scalars:
                data = bytearray(self.scalars[i])
                for j, offset, array in self.embedded:
                    if j == i:
                        data[offset:offset + 8] = (place(array) if array is not None else 0).to_bytes(8, "little")
                buf = ctypes.create_string_buffer(bytes(data), max(8, len(data)))
            else:
                if i in self.nulls:
                    addr = 0
                elif i in self.raw:
                    addr = self.raw[i]
                else:
                    addr = place(arr_of[i])
                buf = ctypes.c_void_p(addr)
            self._keep.append(buf)
            argv[i] = ctypes.addressof(buf)
        return argv


def float_to_bf16_bits(x: np.ndarray) -> np.ndarray:
    """Round float32 values to bfloat16 (nearest even; NaN -> 0x7FFF like CUDA); returns uint16 bits."""
    b = np.ascontiguousarray(x, dtype=np.float32).view(np.uint32).astype(np.uint64)
    nan = (b & 0x7FFFFFFF) > 0x7F800000
    r = ((b + 0x7FFF + ((b >> 16) & 1)) >> 16).astype(np.uint16)
    r[nan] = 0x7FFF
    return r


def bf16_bits_to_float(b: np.ndarray) -> np.ndarray:
    return (np.asarray(b, dtype=np.uint16).astype(np.uint32) << 16).view(np.float32)
