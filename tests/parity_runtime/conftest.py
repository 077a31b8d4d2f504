"""Fixtures for the CPU SIMT runtime tests: every test .cu is compiled once per session (in parallel)."""

from __future__ import annotations

import os
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from cuda2tile.parity.cpu_runtime import KernelSig, build  # noqa: E402

KERNELS = Path(__file__).resolve().parent / "kernels"

SPECS = {
    "sync": ("sync_kernels.cu", [
        "reverse_block", "two_phase", "shared_start_value", "sync_count_and_or", "dyn_two_views",
        "dyn_same_name_double", "dyn_namespace_scope", "transpose_2d", "index_3d", "grid_stride_scale",
        KernelSig("block_sum<float, 128>", alias="sum_f"),
        KernelSig("block_sum<int, 64>", params=("const int*", "int*"), alias="sum_i"),
        "uses_helpers", "via_lambda", "scalar_kinds", "struct_and_vector_args", "print_some", "use_constant"]),
    "warp": ("warp_kernels.cu", [
        "shuffles", "votes", "match_and_reduce", "aggregated_slots", "block_reduce_shfl", "cg_reduce",
        "cg_small_tiles", "bad_warp"]),
    "atomic": ("atomic_kernels.cu", ["allocate_slots", "cas_max", "atomic_ops", "histogram", "spin_lock_sum"]),
    "half": ("half_kernels.cu", ["half_convert", "half_arith", "half2_and_scalar", "bf16_convert", "double_to_half"]),
    "error": ("error_kernels.cu", [
        "early_exit_then_barrier", "two_barriers", "spin_forever", "barrier_loop_forever", "null_write",
        "trap_kernel", "assert_kernel", "stack_hog"]),
    "host": ("host_code.cu", [KernelSig("fill<float>", alias="fill"), "block_sums"]),
    "math": ("math_kernels.cu", ["float_math", "int_intrinsics", "conversions"]),
}


@pytest.fixture(scope="session")
def cache_dir(tmp_path_factory) -> Path:
    env = os.environ.get("CUDA2TILE_CPU_RUNTIME_TEST_CACHE")
    return Path(env) if env else tmp_path_factory.mktemp("c2t_cpu_runtime_cache")


@pytest.fixture(scope="session")
def modules(cache_dir):
    def one(item):
        key, (fname, kernels) = item
        return key, build(KERNELS / fname, kernels, cache_dir=cache_dir)

    with ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2)) as pool:
        return dict(pool.map(one, SPECS.items()))


@pytest.fixture
def sync_mod(modules):
    return modules["sync"]


@pytest.fixture
def warp_mod(modules):
    return modules["warp"]


@pytest.fixture
def atomic_mod(modules):
    return modules["atomic"]


@pytest.fixture
def half_mod(modules):
    return modules["half"]


@pytest.fixture
def error_mod(modules):
    return modules["error"]


@pytest.fixture
def math_mod(modules):
    return modules["math"]
