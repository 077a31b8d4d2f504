"""Planted miscompiles: the converter, patched to make one known mistake, which the differential
runner must then report as a mismatch (tests/difftest/test_difftest.py).

`planted(name)` wraps `cuda2tile.driver.lift_kernel` (the one call through which every conversion,
the parity harness's included, lifts a kernel) so that each lifted kernel goes through the mutation
`PLANTS[name]`, from the IR mutations the corpus's own mutation tests use (tests/ir_mutations.py) or
written here on the same helpers. A kernel the mutation finds nothing to change in (no barrier to
remove, no privatised value) is left as lifted; `planted(...).applied` counts the kernels it changed.

    with planted("drop-barrier") as plant:
        verdict = check_program(program, workdir)
"""

from __future__ import annotations

import sys
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/, for ir_mutations
from ir_mutations import drop_first_barrier, drop_first_privatisation, map_exprs  # noqa: E402

from cuda2tile.ir import tile_ir as I  # noqa: E402
from cuda2tile.passes.block_float_folds import KEEP_OPS  # noqa: E402


def _nodes(node):
    """Every IR node under `node`, parents first, in source order."""
    yield node
    if isinstance(node, tuple):
        for x in node:
            yield from _nodes(x)
    elif hasattr(node, "__dataclass_fields__"):
        for name in node.__dataclass_fields__:
            yield from _nodes(getattr(node, name))


def drop_last_assignment(kernel: I.Kernel) -> I.Kernel:
    """The last assignment to a variable (in a generated program, the last `h = (h ^ v) * 16777619u;`
    before the outputs are written) removed. (The first one can be dead: an initialisation the lift
    splits off and then overwrites.)"""
    last = [n for n in _nodes(kernel.body) if isinstance(n, I.AssignVar)]
    assert last, "no assignment"
    target = last[-1]

    def drop(s):
        return I.Evaluate(I.Const(0, "int32"), s.line) if s is target else None

    return replace(kernel, body=map_exprs(kernel.body, drop))


def swap_first_subtraction(kernel: I.Kernel) -> I.Kernel:
    """`a - b` -> `b - a` for the first float subtraction (else the first unsigned one): a swapped operand."""
    subs = [n for n in _nodes(kernel.body) if isinstance(n, I.Binary) and n.op == "sub"]
    target = next((n for n in subs if n.dtype.startswith("float")), None) or \
        next((n for n in subs if n.dtype == "uint32"), None)
    assert target is not None, "no subtraction of values"
    done = []

    def swap(e):
        if e is target and not done:
            done.append(e)
            return replace(e, lhs=e.rhs, rhs=e.lhs)
        return None

    return replace(kernel, body=map_exprs(kernel.body, swap))


def shorten_block_reduction(kernel: I.Kernel) -> I.Kernel:
    """A raised block reduction over one slot fewer (`extent - 1`): an off-by-one in its extent."""
    done = []

    def shorten(s):
        if isinstance(s, I.BlockReduce):
            done.append(s)
            return replace(s, extent=I.Binary("sub", s.extent, I.Const(1, s.extent.dtype), s.extent.dtype))
        return None

    mutated = replace(kernel, body=map_exprs(kernel.body, shorten))
    assert done, "no raised block reduction"
    return mutated


def unblock_float_folds(kernel: I.Kernel) -> I.Kernel:
    """passes/block_float_folds.py undone: every `c2t_keep_*` identity replaced by its operand, so TVM
    folds `(x + e) - x` to e again (difftest finding 14)."""
    done = []

    def unwrap(e):
        if isinstance(e, I.Intrinsic) and e.op in KEEP_OPS:
            done.append(e)
            return map_exprs(e.args[0], unwrap)
        return None

    mutated = replace(kernel, body=map_exprs(kernel.body, unwrap), macros=map_exprs(kernel.macros, unwrap))
    assert done, "no kept operand"
    return mutated


PLANTS = {
    "drop-statement": drop_last_assignment,
    "swap-operand": swap_first_subtraction,
    "drop-barrier": drop_first_barrier,
    "drop-privatisation": drop_first_privatisation,
    "short-reduction": shorten_block_reduction,
    "fold-floats": unblock_float_folds,
}


@dataclass
class Plant:
    name: str
    applied: int = 0  # kernels the mutation changed
    lifted: int = 0  # kernels lifted while it was planted


@contextmanager
def planted(name: str | None):
    """Patch the converter with the mutation `name` for the duration (None: no patch)."""
    if name is None:
        yield None
        return
    import cuda2tile.driver as driver

    mutate = PLANTS[name]
    plant = Plant(name)
    original = driver.lift_kernel

    def lift_kernel(*args, **kwargs):
        kernel = original(*args, **kwargs)
        plant.lifted += 1
        try:
            mutated = mutate(kernel)
        except (AssertionError, StopIteration):  # nothing of the kind in this kernel
            return kernel
        plant.applied += mutated != kernel
        return mutated

    driver.lift_kernel = lift_kernel
    try:
        yield plant
    finally:
        driver.lift_kernel = original
