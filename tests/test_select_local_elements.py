"""cuda2tile/passes/select_local_elements.py: a per-thread array indexed by a value that names the
thread (difftest finding 3) is read by choosing among its elements and written by a loop over them;
an index TileLang takes as it is stays; what cannot be chosen is refused with C2T1202. The numbers
(parity of four kernels, CUDA and HIP lowering) are in tests/regressions/cases/thread_indexed_local_arrays.cu;
here, the rewrite's shape, its refusals, and a broken choice that parity catches."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cuda2tile.ir import tile_ir as I
from cuda2tile.ir.errors import LiftError
from cuda2tile.ir.ir_names import map_children, nodes
from cuda2tile.lift.lift_kernel import lift_kernel
from cuda2tile.parse.frontend import parse_file
from cuda2tile.passes.select_local_elements import MAX_SELECTED, select_local_elements
from ir_mutations import failing_outputs
from regressions.expect import CASES

CASE = CASES / "thread_indexed_local_arrays.cu"


def _steps(path, name: str) -> dict[str, I.Kernel]:
    parsed = parse_file(str(path))
    functions = {f.name: f for f in parsed.unit.functions if not f.is_kernel}
    fn = next(f for f in parsed.unit.functions if f.is_kernel and f.name == name)
    seen: dict[str, I.Kernel] = {}
    try:
        lift_kernel(fn, functions, parsed.unit.launches, after_each_pass=lambda step, k: seen.setdefault(step, k))
    except LiftError as error:
        seen["refused"] = error
    return seen


def _local_indices(kernel: I.Kernel, buffer: str) -> list[I.Expr]:
    return [x.index for x in nodes((kernel.body, kernel.macros)) if isinstance(x, (I.Load, I.Store))
            and x.buffer == buffer]


def test_thread_named_reads_are_chosen_and_writes_loop_let_indices_stay():
    steps = _steps(CASE, "rotate_by_lane")
    before, after = steps["narrow_index_arithmetic"], steps["select_local_elements"]
    # before: `la[t % 4]` with `t = threadIdx.x` (a rename, so TileLang sees tx in the index)
    assert any(not isinstance(i, I.Const) and any(isinstance(v, I.Var) and v.name == "t" for v in nodes(i))
               for i in _local_indices(before, "la"))
    indices = _local_indices(after, "la")
    # after: constants, the store loops' slots, and the let-computed `xu[i] % 4u`, which TileLang takes
    names = {v.name for i in indices for v in nodes(i) if isinstance(v, I.Var)}
    assert "t" not in names and any(n.startswith("la_slot") for n in names)
    assert any(isinstance(x, I.Load) and x.buffer == "xu" for i in indices for x in nodes(i))
    loops = [s for s in nodes(after.body) if isinstance(s, I.For) and s.var.startswith("la_slot")]
    assert len(loops) == 2 and all(s.stop == I.i32(4) for s in loops)
    # `la[t % 4] = la[t % 4] * 3 + 1`: the element read on the right is the slot's, not a second choice
    first = loops[0].body[0].then[0]
    assert isinstance(first, I.Store) and not any(isinstance(x, I.Select) for x in nodes(first.value))
    assert sum(isinstance(x, I.Select) for x in nodes(after.body)) >= 3 * 3  # three reads of 4 elements


def test_the_rewrite_is_idempotent_and_leaves_kernels_without_such_indices_alone():
    after = _steps(CASE, "rotate_by_lane")["select_local_elements"]
    assert select_local_elements(after) == after
    plain = _steps(CASE, "loop_and_constant_across_barrier")["narrow_index_arithmetic"]
    assert select_local_elements(plain) is plain


def test_device_functions_given_arrays_choose_with_the_offset_included():
    after = _steps(CASE, "helpers_index_by_lane")["select_local_elements"]
    bump = next(m for m in after.macros if m.cuda_name.startswith("bump"))
    loop = next(s for s in nodes(bump.body) if isinstance(s, I.For))
    assert loop.stop == I.i32(4)  # the length of the array the calls pass, `la`
    compare = loop.body[0].cond  # slot == a_off + (k & 3)
    assert any(isinstance(v, I.Var) and v.name.endswith("_off") for v in nodes(compare))


@pytest.mark.parametrize("name,words", [("long_array_by_lane", f"up to {MAX_SELECTED} elements"),
                                        ("two_lengths", "arrays of 2 and arrays of 3")])
def test_what_cannot_be_chosen_is_refused_at_its_line(name, words):
    error = _steps(CASE, name)["refused"]
    assert error.code == "C2T1202" and words in error.message and error.loc.line > 0


def _choose_the_next_element(kernel: I.Kernel) -> I.Kernel:
    """A broken choice: `k == j ? la[j + 1] : ...` (the last element chosen when k is the one before)."""
    def fix(e):
        if isinstance(e, I.Select) and isinstance(e.then, I.Load) and isinstance(e.then.index, I.Const):
            nxt = replace(e.then, index=replace(e.then.index, value=e.then.index.value + 1))
            return replace(e, then=nxt, other=fix(e.other))
        return map_children(e, fix)
    return replace(kernel, body=fix(kernel.body), macros=fix(kernel.macros))


@pytest.mark.slow
def test_a_wrong_choice_is_caught_by_parity(tmp_path):
    assert failing_outputs(CASE, "rotate_by_lane", _choose_the_next_element, tmp_path) == {"out"}
