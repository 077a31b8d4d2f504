"""The numerical check must catch a wrong translation: perturb one emitted index and watch it fail."""

from __future__ import annotations

import pytest

from c2t_testsupport import CORPUS
from cuda2tile.runtime import load_module
from cuda2tile.parity.verify_references import check_kernel
from cuda2tile.spec.launch_spec import load_spec
from ir_mutations import emit_mutant, perturb_first_store


def _convert(cu, name, mutate, tmp_path):
    path = tmp_path / f"{name}_{'mutant' if mutate else 'faithful'}.py"
    return load_module(emit_mutant(cu, name, perturb_first_store if mutate else None, path))


@pytest.mark.slow
@pytest.mark.parametrize("source,name", [("blas1/level1.cu", "saxpy"), ("linalg/transpose.cu", "transpose_naive")])
def test_perturbed_index_is_caught(source, name, tmp_path):
    cu = CORPUS / source
    spec = next(s for s in load_spec(cu.with_suffix(".toml")) if s.name == name)
    faithful = check_kernel(cu, _convert(cu, name, False, tmp_path), spec, source)
    assert faithful.ok, faithful.describe()
    mutant = check_kernel(cu, _convert(cu, name, True, tmp_path), spec, source)
    assert not mutant.ok
    bad = [c for c in mutant.comparisons if not c.ok]
    assert bad and bad[0].worst_index is not None and bad[0].mismatches > 0
    assert "worst at flat index" in mutant.describe()
