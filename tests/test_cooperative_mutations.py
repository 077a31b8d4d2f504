"""The numerical checks see the bugs the cooperative lift could make: dropping one barrier phase
boundary, or one privatisation, in a converted kernel makes its check fail."""

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


def drop_first_barrier(kernel: I.Kernel) -> I.Kernel:
    """Remove the first block-level barrier and merge the phases on both sides of it into one."""
    done = []

    def visit(stmts):
        out = list(stmts)
        for k, s in enumerate(out):
            if done:
                break
            if isinstance(s, I.Barrier) and 0 < k < len(out) - 1 and isinstance(out[k - 1], I.Parallel) \
                    and isinstance(out[k + 1], I.Parallel):
                done.append(s)
                merged = replace(out[k - 1], body=out[k - 1].body + out[k + 1].body)
                return tuple(out[:k - 1]) + (merged,) + tuple(out[k + 2:])
            if isinstance(s, (I.For, I.While)):
                out[k] = replace(s, body=visit(s.body))
            elif isinstance(s, I.If):
                out[k] = replace(s, then=visit(s.then), other=visit(s.other))
        return tuple(out)

    mutated = replace(kernel, body=visit(kernel.body))
    assert done, "no barrier between two phases"
    return mutated


def drop_first_privatisation(kernel: I.Kernel) -> I.Kernel:
    """Keep the first per-thread slot as one block-level scalar: every thread then shares it."""
    slot = next(s for s in kernel.body if isinstance(s, I.DeclPrivate) and s.size is None)

    def expr(e):
        if isinstance(e, I.PrivateLoad) and e.name == slot.name:
            return I.Var(slot.name, e.dtype)
        if isinstance(e, tuple):
            return tuple(expr(x) for x in e)
        if hasattr(e, "__dataclass_fields__") and not isinstance(e, I.Const):
            return replace(e, **{f: expr(getattr(e, f)) for f in e.__dataclass_fields__
                                 if not isinstance(getattr(e, f), (str, int, float, bool, type(None)))})
        return e

    def stmts(body):
        out = []
        for s in body:
            if s is slot:
                out.append(I.DeclVar(slot.name, slot.dtype))
            elif isinstance(s, I.PrivateStore) and s.name == slot.name:
                out.append(I.AssignVar(s.name, expr(s.value), s.line))
            elif isinstance(s, (I.If,)):
                out.append(replace(s, cond=expr(s.cond), then=stmts(s.then), other=stmts(s.other)))
            elif isinstance(s, (I.For, I.While, I.Parallel)):
                out.append(replace(expr(s), body=stmts(s.body)))
            else:
                out.append(expr(s))
        return tuple(out)

    return replace(kernel, body=stmts(kernel.body))


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
    parsed = parse_file(str(cu))
    functions = {f.name: f for f in parsed.unit.functions if not f.is_kernel}
    fn = next(f for f in parsed.unit.functions if f.is_kernel and f.name == name)
    kernel = lift_kernel(fn, functions, parsed.unit.launches)
    if mutate is not None:
        kernel = mutate(kernel)
    path = tmp_path / f"{name}_{mutate.__name__ if mutate else 'faithful'}.py"
    path.write_text(emit_module([kernel], cu.name, parsed.source_lines, []))
    return load_module(path)


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
