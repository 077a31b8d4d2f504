"""Pass: raise a matrix-product kernel to one tiled product over its launch (`TiledGemm`).

Two CUDA shapes are recognised, each computing for every thread (row, col) of a 2-D launch
`acc = sum over k < K of A(row, k) * B(k, col)` in increasing k, then a per-thread epilogue:

  naive, one output per thread (gemm_naive.py)   shared-memory tiles of the block's size (gemm_tiled.py)
    int col = blockIdx.x * blockDim.x + tx;         __shared__ float As[16][16], Bs[16][16];
    int row = blockIdx.y * blockDim.y + ty;         for (t = 0; t < (K + 15) / 16; t++) {
    if (row < M && col < N) {                         As[ty][tx] = row < M && t*16+tx < K ? A[row*K + t*16+tx] : 0;
      float acc = 0.0f;                               Bs[ty][tx] = t*16+ty < K && col < N ? B[(t*16+ty)*N + col] : 0;
      for (int k = 0; k < K; ++k)                     __syncthreads();
        acc += A[row * K + k] * B[k * N + col];       for (k = 0; k < 16; k++) acc += As[ty][k] * Bs[k][tx];
      C[row * N + col] = relu(alpha * acc);           __syncthreads(); }
    }                                               if (row < M && col < N) C[row*N + col] = acc;

The raised kernel tiles the launch its own way, padding A and B with zeros where CUDA's guards
would not read them, and runs the epilogue once per element with the element's CUDA thread
reconstructed (threadIdx.y = row % blockDim.y, ...). The faithful form stays beside it.
Operands are float32/float64/int32 ("exact": each element's sum keeps CUDA's k order, one
multiply-add per k) or float16 widened to a float32 accumulator ("mma": TileLang's `T.gemm`, exact
products, re-associated sums). Anything else stays faithful, e.g. a guard that mixes row and
column (`row * N + col < total`), an operand the kernel also writes, or a fp16 accumulator.
"""

from __future__ import annotations

from dataclasses import replace

from cuda2tile.ir import tile_ir as I
from cuda2tile.raising.gemm_naive import match_naive
from cuda2tile.raising.gemm_tiled import match_tiled
from cuda2tile.ir.ir_names import all_names
from op_coverage.idioms import idiom

IDIOM = "gemm"
_TARGETS = idiom(IDIOM).targets


def raise_gemm(kernel: I.Kernel) -> I.Kernel:
    if kernel.block_rank != 2 or kernel.grid_rank != 2:
        return kernel
    taken = all_names(kernel)  # each matcher takes fresh names from its own copy
    found = match_naive(kernel, set(taken)) or match_tiled(kernel, set(taken))
    if found is None:
        return kernel
    requires, gemm = found
    return replace(kernel, body=(I.Raised(IDIOM, _TARGETS, requires, (gemm,), kernel.body, gemm.line),))
