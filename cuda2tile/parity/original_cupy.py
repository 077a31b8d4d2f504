"""The original CUDA kernels of one `.cu` file, run on a GPU through `cupy.RawModule` (NVRTC).

    original = CupyOriginal("corpus/blas1/level1.cu", ["saxpy", "scale<float>"], host_info)
    seconds = original.launch("scale<float>", grid, block, [n, a, x, y], smem=0,
                              scalar_dtypes=["int32", "float32", None, None])

NVRTC compiles device code only, so the source handed to it is the user's file with the host-only
functions (`main`, helpers without `__device__`) blanked out and host-only `#include`s turned
into comments, line for line (NVRTC's messages keep the user's line numbers), after a short
prelude that defines what `<math.h>`/`<float.h>`/`<stdint.h>`/`<assert.h>` would have
(`INFINITY`, `FLT_MAX`, `int32_t` when the file includes `<stdint.h>`, `assert`...). Template
kernels are reached through `name_expressions` (`"scale<float>"`), so NVRTC instantiates them and
reports the mangled names.

Needs `cupy` and a GPU; the harness picks this back end with `--original cupy` (or `auto` on a
machine with a GPU). There is no timeout on a GPU: a kernel that never ends hangs the run.
"""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np

from cuda2tile.parity.original_cpu import OriginalError
from cuda2tile.parse.host_info import HostInfo

# headers NVRTC can include itself (with the CUDA include path CuPy passes); the rest is host-only
NVRTC_HEADERS = ("cuda_fp16.h", "cuda_bf16.h", "cooperative_groups.h", "cooperative_groups/", "cuda/", "mma.h",
                 "cuda_pipeline.h", "cuda_pipeline_primitives.h", "curand_kernel.h", "cuda_awbarrier.h")

NVRTC_PRELUDE = r"""// cuda2tile parity: what host headers would have provided, for NVRTC
#ifndef INFINITY
#define INFINITY __int_as_float(0x7f800000)
#endif
#ifndef NAN
#define NAN __int_as_float(0x7fffffff)
#endif
#ifndef HUGE_VALF
#define HUGE_VALF INFINITY
#endif
#ifndef HUGE_VAL
#define HUGE_VAL __longlong_as_double(0x7ff0000000000000LL)
#endif
#ifndef FLT_MAX
#define FLT_MAX 3.402823466e+38F
#define FLT_MIN 1.175494351e-38F
#define FLT_EPSILON 1.192092896e-07F
#define DBL_MAX 1.7976931348623158e+308
#define DBL_MIN 2.2250738585072014e-308
#define DBL_EPSILON 2.2204460492503131e-016
#endif
#ifndef INT_MAX
#define INT_MAX 2147483647
#define INT_MIN (-INT_MAX - 1)
#define UINT_MAX 4294967295U
#define LLONG_MAX 9223372036854775807LL
#define LLONG_MIN (-LLONG_MAX - 1)
#define ULLONG_MAX 18446744073709551615ULL
#endif
#ifndef M_PI
#define M_PI 3.14159265358979323846
#define M_PI_2 1.57079632679489661923
#define M_E 2.7182818284590452354
#define M_LN2 0.69314718055994530942
#define M_SQRT2 1.41421356237309504880
#define M_SQRT1_2 0.70710678118654752440
#endif
#ifndef assert
#define assert(e) ((e) ? (void)0 : __trap())
#endif
"""
# what <stdint.h> would have declared (LP64, as on the host), added when the file includes it
STDINT_PRELUDE = """typedef signed char int8_t;
typedef unsigned char uint8_t;
typedef short int16_t;
typedef unsigned short uint16_t;
typedef int int32_t;
typedef unsigned int uint32_t;
typedef long int64_t;
typedef unsigned long uint64_t;
"""
_STDINT_HEADERS = ("stdint.h", "cstdint", "inttypes.h", "cinttypes")

_SCALAR_DTYPES = {"bool": np.bool_, "float16": np.float16, "float32": np.float32, "float64": np.float64,
                  "int8": np.int8, "int16": np.int16, "int32": np.int32, "int64": np.int64, "uint8": np.uint8,
                  "uint16": np.uint16, "uint32": np.uint32, "uint64": np.uint64}


def available() -> bool:
    """cupy imports and sees at least one GPU."""
    try:
        import cupy
        return cupy.cuda.runtime.getDeviceCount() > 0
    except Exception:  # ImportError, CUDARuntimeError without a driver, ...
        return False


def nvrtc_source(text: str, info: HostInfo, display: str) -> str:
    """The file's device code for NVRTC: host functions blanked, host headers commented out."""
    lines = text.splitlines()
    prelude = NVRTC_PRELUDE
    if any(inc.header in _STDINT_HEADERS for inc in info.includes):
        prelude += STDINT_PRELUDE
    for inc in info.includes:
        if not inc.system or any(inc.header.startswith(h) for h in NVRTC_HEADERS):
            continue
        if 1 <= inc.line <= len(lines):
            lines[inc.line - 1] = "// (host header, not for NVRTC) " + lines[inc.line - 1].replace("\\", "")
    for _name, first, last in info.host_functions:
        for number in range(first, min(last, len(lines)) + 1):
            lines[number - 1] = ""
    safe = re.sub(r'["\\\n]', "_", display)
    return prelude + f'#line 1 "{safe}"\n' + "\n".join(lines) + "\n"


class CupyOriginal:
    """One `.cu` file's kernels on the GPU; `kernels` are name expressions (`scale<float>`)."""

    name = "cupy"

    def __init__(self, cu_path: str | Path, kernels: list[str], info: HostInfo, include_dirs: tuple[str, ...] = (),
                 defines: tuple[str, ...] = (), std: str = "c++17"):
        self.cu_path = Path(cu_path)
        self.kernels = sorted(set(kernels))
        self.info = info
        self.options = (f"--std={std}", *(f"-I{Path(d).resolve()}" for d in include_dirs),
                        *(f"-D{d}" for d in defines), "-DCUDA2TILE_PARITY_NVRTC=1")
        self.module = None
        self.build_seconds = 0.0
        self.error: OriginalError | None = None

    def build(self) -> None:
        if self.module is not None or self.error is not None:
            return
        import time

        start = time.perf_counter()
        try:
            import cupy

            source = nvrtc_source(self.cu_path.read_text(encoding="utf-8", errors="replace"), self.info,
                                  self.cu_path.name)
            module = cupy.RawModule(code=source, options=self.options, name_expressions=self.kernels)
            module.compile()
            self.module = module
        except Exception as err:  # cupy.cuda.compiler.CompileException carries NVRTC's log
            lines = [ln for ln in str(err).splitlines() if ln.strip()]
            errors = [ln for ln in lines if "error" in ln] or lines
            self.error = OriginalError("compile error", "NVRTC cannot compile the original: " +
                                       " | ".join(errors[:4])[:1500])
        finally:
            self.build_seconds = time.perf_counter() - start

    def launch(self, kernel: str, grid: tuple[int, ...], block: tuple[int, ...], args: list, smem: int = 0,
               timeout: float | None = None, scalar_dtypes: list[str | None] | None = None,
               repeat: int = 0, warmup: int = 1, samples: list[float] | None = None) -> float:
        """Run `kernel`; numpy arrays in `args` receive the results. Returns the seconds of one launch
        (the median of `repeat` extra launches on scratch copies, after `warmup` untimed ones, when
        repeat > 0; `samples` then receives every timed launch's seconds)."""
        import cupy

        self.build()
        if self.error is not None:
            raise self.error
        fn = self.module.get_function(kernel)
        dtypes = scalar_dtypes or [None] * len(args)
        device_args, arrays = [], []
        for value, dtype in zip(args, dtypes):
            if isinstance(value, np.ndarray):
                garr = cupy.asarray(np.ascontiguousarray(value).reshape(-1))
                arrays.append((value, garr))
                device_args.append(garr)
            elif value is None:
                device_args.append(np.uint64(0))
            else:
                np_type = _SCALAR_DTYPES.get(dtype or "")
                if np_type is None:
                    raise OriginalError("launch error", f"kernel '{kernel}': cannot pass a {dtype} scalar through "
                                                        f"cupy")
                device_args.append(np_type(value) if np_type is not np.bool_ else np.bool_(bool(value)))
        grid3 = tuple(grid) + (1,) * (3 - len(grid))
        block3 = tuple(block) + (1,) * (3 - len(block))
        try:
            if smem > 48 * 1024:
                fn.max_dynamic_shared_size_bytes = int(smem)
            start, end = cupy.cuda.Event(), cupy.cuda.Event()
            start.record()
            fn(grid3, block3, tuple(device_args), shared_mem=int(smem))
            end.record()
            end.synchronize()
            seconds = cupy.cuda.get_elapsed_time(start, end) / 1e3
        except Exception as err:
            raise OriginalError("crash", f"kernel '{kernel}' failed on the GPU: {err}") from None
        for host, garr in arrays:
            host.reshape(-1)[...] = cupy.asnumpy(garr)
        if repeat > 0:
            from cuda2tile.runtime.timing import cupy_events, time_launches

            scratch = [cupy.array(a) if isinstance(a, cupy.ndarray) else a for a in device_args]
            del arrays, device_args  # the checked launch's buffers are on the host now
            times = time_launches(lambda: fn(grid3, block3, tuple(scratch), shared_mem=int(smem)), cupy_events(),
                                  warmup=max(1, warmup), repeat=repeat)
            seconds = float(np.median(times))
            if samples is not None:
                samples.extend(times)
        return seconds
