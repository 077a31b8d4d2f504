"""The numerical check must catch a wrong translation: perturb one emitted index and watch it fail."""

from __future__ import annotations

from dataclasses import replace

import pytest

from c2t_testsupport import CORPUS
from cuda2tile.emit.module import emit_module
from cuda2tile.lift import tile_ir as I
from cuda2tile.lift.lift_kernel import lift_kernel
from cuda2tile.parity.converted import load_module
from cuda2tile.parity.verify_references import check_kernel
from cuda2tile.parse.frontend import parse_file
from cuda2tile.spec.launch_spec import load_spec


def perturb_first_store(kernel: I.Kernel) -> I.Kernel:
    """y[i] = ...  ->  y[i ^ 1] = ...  (stays in bounds for even lengths, lands on the wrong element)."""
    done = []

    def visit(stmts):
        out = []
        for s in stmts:
            if isinstance(s, I.Store) and not done:
                done.append(s)
                s = replace(s, index=I.Binary("bitxor", s.index, I.Const(1, s.index.dtype), s.index.dtype))
            elif isinstance(s, I.If):
                s = replace(s, then=visit(s.then), other=visit(s.other))
            elif isinstance(s, (I.For, I.While, I.Parallel)):
                s = replace(s, body=visit(s.body))
            out.append(s)
        return tuple(out)

    mutated = replace(kernel, body=visit(kernel.body))
    assert done, "no store to perturb"
    return mutated


def _convert(cu, name, mutate, tmp_path):
    parsed = parse_file(str(cu))
    functions = {f.name: f for f in parsed.unit.functions if not f.is_kernel}
    fn = next(f for f in parsed.unit.functions if f.is_kernel and f.name == name)
    kernel = lift_kernel(fn, functions, parsed.unit.launches)
    if mutate:
        kernel = perturb_first_store(kernel)
    path = tmp_path / f"{name}_{'mutant' if mutate else 'faithful'}.py"
    path.write_text(emit_module([kernel], cu.name, parsed.source_lines, []))
    return load_module(path)


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
