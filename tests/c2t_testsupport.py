"""Paths and a CLI runner shared by the tests (a plain module: `conftest` names clash between folders)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "corpus"


def broken_copy(out: Path, where: Path, module: str, good: str, bad: str, count: int) -> Path:
    """A copy of the converted tree `out` at `where` with `good` replaced by `bad` in its file `module`, which
    must hold `good` exactly `count` times: a deliberately broken conversion, which the test must catch."""
    shutil.copytree(out, where)
    path = where / module
    text = path.read_text()
    assert text.count(good) == count, (module, good, text.count(good))
    path.write_text(text.replace(good, bad))
    return where


def run_cli(*args: str, cwd: Path | None = None, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """Run `cuda2tile ARGS` as a user would, in a subprocess (so tracebacks would be visible); `env`: more
    environment variables."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), **(env or {}))
    return subprocess.run([sys.executable, "-m", "cuda2tile", *args], capture_output=True, text=True,
                          cwd=cwd or ROOT, env=env, timeout=600)


# A tree for the inventory, parse health and owners (issue 22): kernels in a header that a `.cu` without
# kernels of its own includes, a header not found blocking a kernel, a clang error, a kernel in a
# preprocessor branch not taken, one the parser misses, a CODEOWNERS file, two directories.
INVENTORY_TREE = {
    ".github/CODEOWNERS": "# owners\n* @core\n/ops/ @ops-team\n*.cuh @header-owners  # last match wins\n",
    "ops/kernels.cuh": """#pragma once
template <typename T>
__global__ void fill_kernel(int n, T* y) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) y[i] = T(1); }
__global__ void zero_kernel(int n, float* y) { int i = threadIdx.x; if (i < n) y[i] = 0.0f; }
""",
    "ops/fill.cu": """#include "kernels.cuh"
void launch(int n, float* y) { fill_kernel<float><<<1, 256>>>(n, y); zero_kernel<<<1, 256>>>(n, y); }
""",
    "ops/broken.cu": """#include "vendor/missing_math.h"
__global__ void needs_header(int n, float* y) { int i = threadIdx.x; if (i < n) y[i] = vendor_sqrt(y[i]); }
__global__ void plain(int n, float* y) { int i = threadIdx.x; if (i < n) y[i] = 2.0f; }
""",
    "blas/scale.cu": """__global__ void scale(int n, float* x) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) x[i] *= 2.0f; }
__global__ void fence(int n, float* x) { int i = threadIdx.x; x[i] = 1.0f; __syncthreads_count(1); }
__global__ void typo(int n, float* x) { undeclared_t v = 0; x[threadIdx.x] = v; }
#ifdef USE_ROCM
__global__ void rocm_only(float* y) { y[0] = 2.0f; }
#endif
extern "C"__global__ void glued_to_a_literal(float* y) { y[0] = 4.0f; }
""",
}


def write_inventory_tree(base: Path) -> Path:
    """INVENTORY_TREE under `base / "proj"`; returns that directory."""
    tree = base / "proj"
    for name, text in INVENTORY_TREE.items():
        (tree / name).parent.mkdir(parents=True, exist_ok=True)
        (tree / name).write_text(text)
    return tree
