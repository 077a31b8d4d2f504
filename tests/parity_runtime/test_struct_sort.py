"""Issue 19, blocker 5: shared arrays of structs (one over-aligned), per-thread predicates and a block
scan with __syncthreads that compacts, and a bitonic sort of (key, index) structs."""

from pathlib import Path

import numpy as np
import pytest

from cuda2tile.parity.cpu_runtime import build

KERNELS = Path(__file__).resolve().parent / "kernels"
KV = np.dtype([("key", np.float32), ("idx", np.int32)])
BLOCK, GRID = 256, 3


@pytest.fixture(scope="module")
def sort_mod(cache_dir):
    return build(KERNELS / "struct_sort.cu", ["compact_positive", "sort_pairs"], cache_dir=cache_dir)


def test_block_scan_compaction_of_structs(sort_mod):
    keys = np.random.default_rng(5).standard_normal(GRID * BLOCK).astype(np.float32)
    kept = np.zeros(GRID * BLOCK, KV)
    count = np.zeros(GRID, np.int32)
    sort_mod.launch("compact_positive", GRID, BLOCK, [keys, 0.25, kept, count])
    for b in range(GRID):
        block_keys = keys[b * BLOCK:(b + 1) * BLOCK]
        want = np.flatnonzero(block_keys > 0.25) + b * BLOCK
        assert count[b] == len(want)
        got = kept[b * BLOCK:b * BLOCK + len(want)]
        np.testing.assert_array_equal(got["idx"], want)
        np.testing.assert_array_equal(got["key"], keys[want])


def test_bitonic_sort_of_key_index_pairs(sort_mod):
    rng = np.random.default_rng(6)
    keys = rng.integers(0, 40, GRID * BLOCK).astype(np.float32)  # many ties: order by index
    out = np.zeros(GRID * BLOCK, KV)
    sort_mod.launch("sort_pairs", GRID, BLOCK, [keys, out])
    for b in range(GRID):
        block_keys = keys[b * BLOCK:(b + 1) * BLOCK]
        order = np.lexsort((np.arange(BLOCK), block_keys))
        np.testing.assert_array_equal(out[b * BLOCK:(b + 1) * BLOCK]["idx"], order)
        np.testing.assert_array_equal(out[b * BLOCK:(b + 1) * BLOCK]["key"], block_keys[order])
