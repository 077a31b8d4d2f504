"""Issue 19, blockers 2 and 4: CUDA headers' include guards for helper headers, includable <mma.h> /
<cuda/pipeline> / <cuda_pipeline.h> / <cuda_profiler_api.h>, the SIMD video intrinsics (against a
numpy model of the CUDA Math API's per-lane definitions), cg::block_tile_memory, gettimeofday() and a
user `lerp` at global scope (C++17 like nvcc), and wmma's clear "not supported" error."""

import ctypes
from pathlib import Path

import numpy as np
import pytest

from cuda2tile.parity.cpu_runtime import CompileError, build

KERNELS = Path(__file__).resolve().parent / "kernels"


def lanes(words: np.ndarray, bits: int, signed: bool) -> np.ndarray:
    """(n, 32 // bits) lane values of uint32 words, lane 0 = least significant."""
    dt = {(8, False): np.uint8, (8, True): np.int8, (16, False): np.uint16, (16, True): np.int16}[bits, signed]
    return words.astype("<u4").view(dt).reshape(len(words), 32 // bits).astype(np.int64)


def pack(values: np.ndarray, bits: int) -> np.ndarray:
    mask = (1 << bits) - 1
    shifts = np.arange(values.shape[1], dtype=np.int64) * bits
    return ((values & mask) << shifts).sum(axis=1).astype(np.uint32)


def lanewise(bits, signed, fn):
    return lambda a, b: pack(fn(lanes(a, bits, signed), lanes(b, bits, signed)), bits)


def sat(bits, signed):
    lo, hi = (-(1 << bits - 1), (1 << bits - 1) - 1) if signed else (0, (1 << bits) - 1)
    return lambda v: np.clip(v, lo, hi)


def sad(bits, signed):
    return lambda a, b: np.abs(lanes(a, bits, signed) - lanes(b, bits, signed)).sum(axis=1).astype(np.uint32)


# same order as `results` in kernels/device_apis.cu
SIMD_OPS = [
    ("__vadd2", lanewise(16, False, np.add)), ("__vadd4", lanewise(8, False, np.add)),
    ("__vsub2", lanewise(16, False, np.subtract)), ("__vsub4", lanewise(8, False, np.subtract)),
    ("__vmaxs2", lanewise(16, True, np.maximum)), ("__vmaxs4", lanewise(8, True, np.maximum)),
    ("__vmaxu2", lanewise(16, False, np.maximum)), ("__vmaxu4", lanewise(8, False, np.maximum)),
    ("__vmins2", lanewise(16, True, np.minimum)), ("__vmins4", lanewise(8, True, np.minimum)),
    ("__vminu2", lanewise(16, False, np.minimum)), ("__vminu4", lanewise(8, False, np.minimum)),
    ("__vabsdiffs2", lanewise(16, True, lambda x, y: np.abs(x - y))),
    ("__vabsdiffs4", lanewise(8, True, lambda x, y: np.abs(x - y))),
    ("__vabsdiffu2", lanewise(16, False, lambda x, y: np.abs(x - y))),
    ("__vabsdiffu4", lanewise(8, False, lambda x, y: np.abs(x - y))),
    ("__vaddss2", lanewise(16, True, lambda x, y: sat(16, True)(x + y))),
    ("__vaddss4", lanewise(8, True, lambda x, y: sat(8, True)(x + y))),
    ("__vaddus2", lanewise(16, False, lambda x, y: sat(16, False)(x + y))),
    ("__vaddus4", lanewise(8, False, lambda x, y: sat(8, False)(x + y))),
    ("__vsubss2", lanewise(16, True, lambda x, y: sat(16, True)(x - y))),
    ("__vsubss4", lanewise(8, True, lambda x, y: sat(8, True)(x - y))),
    ("__vsubus2", lanewise(16, False, lambda x, y: sat(16, False)(x - y))),
    ("__vsubus4", lanewise(8, False, lambda x, y: sat(8, False)(x - y))),
    ("__vcmpeq4", lanewise(8, False, lambda x, y: -(x == y).astype(np.int64))),
    ("__vcmpgts4", lanewise(8, True, lambda x, y: -(x > y).astype(np.int64))),
    ("__vcmpltu2", lanewise(16, False, lambda x, y: -(x < y).astype(np.int64))),
    ("__vsetges4", lanewise(8, True, lambda x, y: (x >= y).astype(np.int64))),
    ("__vsetleu2", lanewise(16, False, lambda x, y: (x <= y).astype(np.int64))),
    ("__vavgu4", lanewise(8, False, lambda x, y: (x + y + 1) >> 1)),
    ("__vhaddu2", lanewise(16, False, lambda x, y: (x + y) >> 1)),
    ("__vabs4", lanewise(8, True, lambda x, y: np.abs(x))),
    ("__vabsss4", lanewise(8, True, lambda x, y: sat(8, True)(np.abs(x)))),
    ("__vneg2", lanewise(16, True, lambda x, y: -x)),
    ("__vnegss2", lanewise(16, True, lambda x, y: sat(16, True)(-x))),
    ("__vsads4", sad(8, True)), ("__vsadu2", sad(16, False)),
]


@pytest.fixture(scope="module")
def device_apis(cache_dir):
    return build(KERNELS / "device_apis.cu", ["simd_ops", "tile_lerp"], cache_dir=cache_dir)


def test_simd_video_intrinsics_match_the_lane_model(device_apis):
    rng = np.random.default_rng(19)
    n = 256
    a = rng.integers(0, 2**32, n, dtype=np.uint64).astype(np.uint32)
    b = rng.integers(0, 2**32, n, dtype=np.uint64).astype(np.uint32)
    # lanes at the saturation / sign edges: 0x7f + 0x01, 0x80 - 0x01, 0x8000, 0xff..
    a[:4] = [0x7F7F7FFF, 0x80808000, 0xFFFFFFFF, 0x00000000]
    b[:4] = [0x01010001, 0x01010001, 0x01FF7FFF, 0x80808000]
    out = np.zeros(len(SIMD_OPS) * n, np.uint32)
    device_apis.launch("simd_ops", 2, 128, [a, b, out, n])
    for k, (name, model) in enumerate(SIMD_OPS):
        np.testing.assert_array_equal(out[k * n:(k + 1) * n], model(a, b), err_msg=name)


def test_block_tile_memory_lerp_and_host_helpers(device_apis):
    x = np.linspace(-1, 1, 64, dtype=np.float32)
    y = np.zeros(64, np.float32)
    device_apis.launch("tile_lerp", 1, 64, [x, y, 0.25])
    expect = x + 0.25 * (np.roll(x, -1) - x)
    expect[31::32] = x[31::32]
    np.testing.assert_allclose(y, expect, rtol=1e-6, atol=1e-7)
    # the host driver (gettimeofday, cudaProfilerStart, checkCudaErrors from the guard-tested helper)
    fn = device_apis._lib.time_tile_lerp
    fn.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int]
    y2 = np.zeros(64, np.float32)
    assert fn(x.ctypes.data, y2.ctypes.data, 64) == 0
    np.testing.assert_array_equal(y2, y)


def test_wmma_use_is_a_clear_compile_error(tmp_path):
    src = tmp_path / "tensor.cu"
    src.write_text("#include <mma.h>\nusing namespace nvcuda;\n"
                   "__global__ void k(const half* a, float* c) {\n"
                   "    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;\n"
                   "    wmma::load_matrix_sync(fa, a, 16);\n}\n")
    with pytest.raises(CompileError, match="wmma .*not supported by the cuda2tile CPU runtime"):
        build(src, ["k"], cache_dir=tmp_path / "cache")
