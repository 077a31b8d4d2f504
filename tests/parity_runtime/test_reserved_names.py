"""A user's macros (`-D N=300`, `#define T float`, ...) never clash with names inside the runtime headers.

Every name the runtime headers own (template parameters, locals, parameters, helpers, structs, the
launch stubs' parameters) is spelled `__c2t_...`; CUDA API names stay.  Issue 19: `-DN=300` turned
`template <class T, int N>` inside the runtime into `template <class T, int 300>`.
"""

import string
import textwrap
from pathlib import Path

import numpy as np
import pytest

from cuda2tile.parity.cpu_runtime import build

KERNELS = Path(__file__).resolve().parent / "kernels"

# Names a user may -D that real CUDA tolerates.  Left out: names the C/C++ standard headers use
# themselves (so nvcc's host compiler breaks on them too): value, index, result, count, size, offset,
# first, base, state, status, err, name, op, current, rank, shift, what, a, b; and x, y, z, w (dim3 /
# vector members).
USER_MACROS = list(string.ascii_uppercase) + """
    Size tmp data warp lane mask width len n i j k idx tid block grid stride ptr src dst smem sum key
    values last code args fn func sig opts info loc t s e p q r h f g d c m l u o v in out line error
    fail cur left right total kind mode arg val old ctx page done tag
""".split()


def test_user_macros_in_the_source_do_not_reach_the_runtime(cache_dir):
    m = build(KERNELS / "user_macros.cu", ["scale_and_warp_sums"], cache_dir=cache_dir)
    n, block = 300, 128
    grid = (n + block - 1) // block
    x = np.random.default_rng(1).standard_normal(n).astype(np.float32)
    out = np.zeros(n, np.float32)
    sums = np.zeros(grid * block // 32, np.float32)
    m.launch("scale_and_warp_sums", grid, block, [x, out, sums])
    np.testing.assert_allclose(out, 8 * x, rtol=1e-6)
    padded = np.concatenate([x, np.zeros(grid * block - n, np.float32)])
    np.testing.assert_allclose(sums, padded.reshape(-1, 32).sum(axis=1), rtol=1e-5, atol=1e-5)


def test_command_line_defines_of_common_names_build(tmp_path):
    # each macro expands to unbalanced parentheses: any use inside the runtime is a syntax error
    src = tmp_path / "plain.cu"
    src.write_text(textwrap.dedent("""\
        #include <cuda_runtime.h>
        #include <cuda_fp16.h>
        #include <cooperative_groups.h>
        namespace cooperative_groups_alias = cooperative_groups;
        __global__ void kern(float* dest) {
            __shared__ float buffer[64];
            buffer[threadIdx.x] = float(threadIdx.x);
            __syncthreads();
            auto tile32 = cooperative_groups_alias::tiled_partition<32>(cooperative_groups_alias::this_thread_block());
            float total32 = cooperative_groups_alias::reduce(tile32, buffer[threadIdx.x],
                                                             cooperative_groups_alias::plus<float>());
            unsigned ballot32 = __ballot_sync(0xffffffffu, threadIdx.x % 2 == 0);
            atomicAdd(&dest[64], __half2float(__float2half(0.5f)));
            dest[threadIdx.x] = total32 + float(__popc(ballot32));
        }
        """))
    m = build(src, ["kern"], defines={name: "((((" for name in USER_MACROS}, cache_dir=tmp_path / "cache")
    dest = np.zeros(65, np.float32)
    m.launch("kern", 1, 64, [dest])
    warp_sums = np.repeat(np.arange(64, dtype=np.float32).reshape(2, 32).sum(axis=1), 32)
    np.testing.assert_array_equal(dest[:64], warp_sums + 16)
    assert dest[64] == 32.0
