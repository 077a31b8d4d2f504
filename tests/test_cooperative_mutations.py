"""The numerical checks see the bugs the cooperative lift could make: dropping one barrier phase
boundary, or one privatisation, in a converted kernel makes its check fail. The kernels are lifted
without idiom raising (--no-raise), so the mutated faithful form is the one that runs; raised forms
have mutation tests of their own (tests/parity/test_parity_harness.py)."""

from __future__ import annotations

import pytest

from c2t_testsupport import CORPUS
from cuda2tile.runtime import load_module
from cuda2tile.parity.verify_references import check_kernel
from cuda2tile.spec.launch_spec import load_spec
from ir_mutations import drop_first_barrier, drop_first_privatisation, emit_mutant

CASES = [  # (file, kernel, mutation)
    ("cooperative/tiled_transpose.cu", "transpose_tiled", drop_first_barrier),
    ("cooperative/tiled_matmul.cu", "matmul_tiled", drop_first_barrier),
    ("cooperative/stencil_shared.cu", "stencil1d_halo", drop_first_barrier),
    ("cooperative/histogram_shared.cu", "histogram_shared", drop_first_barrier),
    ("cooperative/dynamic_shared.cu", "dyn_two_views", drop_first_barrier),
    ("cooperative/block_reduce.cu", "reduce_unrolled_syncwarp", drop_first_privatisation),
    ("cooperative/warp_shuffle.cu", "allreduce_shfl_xor", drop_first_privatisation),
    ("cooperative/grid_atomic.cu", "dot_atomic", drop_first_privatisation),
]


def _module(cu, name, mutate, tmp_path):
    path = tmp_path / f"{name}_{mutate.__name__ if mutate else 'faithful'}.py"
    return load_module(emit_mutant(cu, name, mutate, path, raise_idioms=frozenset()))


@pytest.mark.slow
@pytest.mark.parametrize("source,name,mutate", CASES, ids=[f"{n}-{m.__name__}" for _, n, m in CASES])
def test_mutated_lift_is_caught(source, name, mutate, tmp_path):
    cu = CORPUS / source
    spec = next(s for s in load_spec(cu.with_suffix(".toml")) if s.name == name)
    faithful = check_kernel(cu, _module(cu, name, None, tmp_path), spec, source)
    assert faithful.ok, faithful.describe()
    mutant = check_kernel(cu, _module(cu, name, mutate, tmp_path), spec, source)
    assert not mutant.ok, f"{mutate.__name__} went unnoticed in {name}"
    assert mutant.error or any(c.worst_index is not None for c in mutant.comparisons if not c.ok)
