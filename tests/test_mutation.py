"""The numerical check must catch a wrong translation: perturb one emitted index and watch it fail."""

from __future__ import annotations

import pytest

from c2t_testsupport import CORPUS
from cuda2tile.runtime import load_module
from cuda2tile.parity.verify_references import check_kernel
from cuda2tile.spec.launch_spec import load_spec
from ir_mutations import (failing_outputs, cas_swaps_in_the_expected_bits, half_bits_as_values, shuffle_offset_one_short, struct_lanes_swapped, sine_for_cosine, swap_first_if_with_else, drop_first_assignment_to, drop_first_break, drop_last_lane_of_wide_copies, emit_mutant,
                          freeze_first_pointer_step,
                          functor_call_returns_its_operand, invert_null_flags, loosen_first_float_class,
                          perturb_first_store, read_sibling_field, write_back_lost, zero_first_initialiser)


def _convert(cu, name, mutate, tmp_path):
    path = tmp_path / f"{name}_{'mutant' if mutate else 'faithful'}.py"
    return load_module(emit_mutant(cu, name, perturb_first_store if mutate else None, path))


@pytest.mark.slow
@pytest.mark.parametrize("source,name", [("blas1/level1.cu", "saxpy"), ("linalg/transpose.cu", "transpose_naive"),
                                         ("misc/debug_checks.cu", "embedding_lookup")])
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


@pytest.mark.slow
@pytest.mark.parametrize("name", ["row_bias_add", "column_dot"])
def test_pointer_left_in_place_is_caught(name, tmp_path):
    """A moved pointer parameter (`x += row * cols;`, `w += n;` in a loop) that the conversion forgets
    to move reads the wrong elements."""
    cu = CORPUS / "indexing/pointer_moves.cu"
    spec = next(s for s in load_spec(cu.with_suffix(".toml")) if s.name == name)
    mutant = load_module(emit_mutant(cu, name, freeze_first_pointer_step, tmp_path / f"{name}_mutant.py"))
    result = check_kernel(cu, mutant, spec, "indexing/pointer_moves.cu")
    assert not result.ok and any(c.mismatches > 0 for c in result.comparisons if not c.ok)


@pytest.mark.slow
@pytest.mark.parametrize("name,field", [("strided_affine", "p.scale"), ("clamped_avg_pool1d", "window.size")])
def test_struct_field_read_from_its_neighbour_is_caught(name, field, tmp_path):
    """A flattened struct parameter whose field reads the next field of the same type (`p.scale` read
    as `p.shift`, `window.size` as `window.stride`) computes something else."""
    cu = CORPUS / "misc/struct_params.cu"
    spec = next(s for s in load_spec(cu.with_suffix(".toml")) if s.name == name)
    healthy = check_kernel(cu, load_module(emit_mutant(cu, name, None, tmp_path / f"{name}.py")), spec,
                           "misc/struct_params.cu")
    assert healthy.ok, healthy.describe()
    mutate = lambda kernel: read_sibling_field(kernel, field)  # noqa: E731
    mutant = load_module(emit_mutant(cu, name, mutate, tmp_path / f"{name}_mutant.py"))
    result = check_kernel(cu, mutant, spec, "misc/struct_params.cu")
    assert not result.ok and any(c.mismatches > 0 for c in result.comparisons if not c.ok)


@pytest.mark.slow
@pytest.mark.parametrize("name,mutate", [
    ("first_above", drop_first_break),  # `return` inside the loop: the scan must stop at the first hit
    ("walk_lists", lambda k: drop_first_assignment_to(k, "m")),  # `if ((m = count[i]) > 2)`
    ("taps_and_tables", lambda k: zero_first_initialiser(k, "taps")),  # `const float taps[5] = {...}`
], ids=["return-in-loop-keeps-scanning", "assignment-value-lost", "initialiser-item-lost"])
def test_value_forms_broken_are_caught(name, mutate, tmp_path):
    """The rewrites of returns inside loops, assignments used as values and braced array initialisers:
    each one's output depends on the part the mutation breaks."""
    cu = CORPUS / "misc/search_and_chains.cu"
    spec = next(s for s in load_spec(cu.with_suffix(".toml")) if s.name == name)
    mutant = load_module(emit_mutant(cu, name, mutate, tmp_path / f"{name}_mutant.py"))
    result = check_kernel(cu, mutant, spec, "misc/search_and_chains.cu")
    assert not result.ok and any(c.mismatches > 0 for c in result.comparisons if not c.ok), result.describe()


@pytest.mark.slow
@pytest.mark.parametrize("name,var", [
    ("segment_reduce<float, MAX>", "arg"),  # `*where = i` through `update(&acc, v, &arg, i)`
    ("segment_reduce<float, SUM>", "acc"),  # `*acc = *acc + v`
    ("positive_sums", "hits"),  # `hits++` of `float& total, int& hits` bound to the caller's locals
])
def test_write_back_lost_is_caught(name, var, tmp_path):
    """Helpers that write their caller's variables through a pointer or a reference: a write that
    stays in the helper (a by-value copy) changes what the kernel stores."""
    cu = CORPUS / "misc/out_parameters.cu"
    bare, _, targs = name.partition("<")
    spec = next(s for s in load_spec(cu.with_suffix(".toml"))
                if s.name == bare and (not targs or s.template == tuple(t.strip() for t in targs[:-1].split(","))))
    stem = name.replace("<", "_").replace(">", "").replace(", ", "_")
    healthy = check_kernel(cu, load_module(emit_mutant(cu, name, None, tmp_path / f"{stem}.py")), spec,
                           "misc/out_parameters.cu")
    assert healthy.ok, healthy.describe()
    mutant = load_module(emit_mutant(cu, name, lambda k: write_back_lost(k, var), tmp_path / f"{stem}_mutant.py"))
    result = check_kernel(cu, mutant, spec, "misc/out_parameters.cu")
    assert not result.ok and any(c.mismatches > 0 for c in result.comparisons if not c.ok), result.describe()


@pytest.mark.slow
@pytest.mark.parametrize("name", ["row_reduce<float, Max>", "row_reduce<float, Add>"])
def test_functor_call_dropped_is_caught(name, tmp_path):
    """`ReduceOp<T> op; acc = op(acc, x[...])` on a functor holding nothing: the call is the member
    function alone; a conversion that lost it (`acc = x[...]`) keeps only the last element."""
    cu = CORPUS / "misc/functors.cu"
    targs = tuple(t.strip() for t in name.partition("<")[2][:-1].split(","))
    spec = next(s for s in load_spec(cu.with_suffix(".toml")) if s.name == "row_reduce" and s.template == targs)
    stem = name.replace("<", "_").replace(">", "").replace(", ", "_")
    healthy = check_kernel(cu, load_module(emit_mutant(cu, name, None, tmp_path / f"{stem}.py")), spec,
                           "misc/functors.cu")
    assert healthy.ok, healthy.describe()
    mutate = lambda kernel: functor_call_returns_its_operand(kernel, "operator")  # noqa: E731
    mutant = load_module(emit_mutant(cu, name, mutate, tmp_path / f"{stem}_mutant.py"))
    result = check_kernel(cu, mutant, spec, "misc/functors.cu")
    assert not result.ok and any(c.mismatches > 0 for c in result.comparisons if not c.ok), result.describe()


@pytest.mark.slow
@pytest.mark.parametrize("entry", [0, 1], ids=["weight-given", "weight-null"])
def test_null_flag_inverted_is_caught(entry, tmp_path):
    """`if (weight != NULL) l *= weight[t];`: the factory's flag for a NULL `weight` decides; inverted,
    the loss is weighted when it must not be, or not weighted when it must."""
    cu = CORPUS / "misc/optional_inputs.cu"
    spec = [s for s in load_spec(cu.with_suffix(".toml")) if s.name == "weighted_loss"][entry]
    healthy = check_kernel(cu, load_module(emit_mutant(cu, "weighted_loss", None, tmp_path / "ok.py")), spec,
                           "misc/optional_inputs.cu")
    assert healthy.ok, healthy.describe()
    mutant = load_module(emit_mutant(cu, "weighted_loss", invert_null_flags, tmp_path / "mutant.py"))
    result = check_kernel(cu, mutant, spec, "misc/optional_inputs.cu")
    assert not result.ok and any(c.mismatches > 0 for c in result.comparisons if not c.ok), result.describe()


@pytest.mark.slow
def test_float_class_loosened_is_caught(tmp_path):
    """`isfinite(v) ? v : fallback` on inputs with infinities: a test that lets an infinity through is
    caught by the literal NaN/Inf inputs of the spec."""
    cu = CORPUS / "elementwise/float_class.cu"
    spec = next(s for s in load_spec(cu.with_suffix(".toml")) if s.name == "sanitize")
    mutant = load_module(emit_mutant(cu, "sanitize", loosen_first_float_class, tmp_path / "mutant.py"))
    result = check_kernel(cu, mutant, spec, "elementwise/float_class.cu")
    assert not result.ok and any(c.mismatches > 0 for c in result.comparisons if not c.ok), result.describe()


def _failing_outputs(source: str, name: str, mutation, tmp_path) -> set[str]:
    """failing_outputs of corpus kernel `name` of `source` (a path under corpus/)."""
    return failing_outputs(CORPUS / source, name, mutation, tmp_path, source)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["half_masked_copy", "half_masked_copy_nomask"])
def test_wide_copy_short_by_one_is_caught(name, tmp_path):
    """`*((float2*)dst) = *((float2*)src)` over `__half*` moves four elements; a conversion that copies
    three leaves every fourth element of the output stale."""
    assert _failing_outputs("types/half_io.cu", name, drop_last_lane_of_wide_copies, tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("name,outputs", [("segment_atomics", {"prod", "prod64", "top"}),
                                          ("subword_atomics", {"top8", "sum16"}), ("max_u64", {"best"})])
def test_cas_on_bits_that_swaps_nothing_is_caught(name, outputs, tmp_path):
    """The CAS loops of `segment_atomics` (a float product through `(int*)`, a double one through
    `(unsigned long long*)`, an int64 max) and `subword_atomics` (bytes and shorts, on the 32-bit word
    holding them): a conversion whose CAS writes back the bits it expected leaves every segment at its
    initial value."""
    assert outputs <= _failing_outputs("cooperative/atomic_cas.cu", name, cas_swaps_in_the_expected_bits, tmp_path)


@pytest.mark.slow
def test_sincos_halves_confused_is_caught(tmp_path):
    """`sincosf(angle, &s, &c)` lifted with the sine in both slots rotates every pair wrongly."""
    assert {"x", "sc"} <= _failing_outputs("elementwise/transcendental.cu", "rotate_pairs", sine_for_cosine, tmp_path)


@pytest.mark.slow
def test_switch_clauses_exchanged_are_caught(tmp_path):
    """`switch (labels[i] & 7)` lifted as an if chain; with its first clause's branches exchanged, the
    elements labelled TOP/BOTTOM take the other clauses' values."""
    assert _failing_outputs("misc/search_and_chains.cu", "border_switch", swap_first_if_with_else, tmp_path)


@pytest.mark.slow
def test_half_bits_read_as_values_is_caught(tmp_path):
    """A CAS loop on the word holding a __half, with the element's bits converted as a value instead of
    reinterpreted (`__ushort_as_half`, `__half_as_ushort`): the maxima come out wrong."""
    failing = _failing_outputs("cooperative/half_word_atomics.cu", "half_segment_max", half_bits_as_values, tmp_path)
    assert failing == {"top"}


@pytest.mark.slow
@pytest.mark.parametrize("name,buffer,outputs", [("centre_points", "pts", {"out", "dist"}),
                                                 ("swap_pairs", "a", {"pts"}), ("reflect_rays", "dirs", {"out"})])
def test_struct_fields_numbered_wrongly_are_caught(name, buffer, outputs, tmp_path):
    """A buffer of `struct Point3 { float x, y, z; }` (or float3) read with fields y and z exchanged (in the
    kernel, through `a->y` in the swap helper, into float3-returning helpers): the results come out wrong."""
    failing = _failing_outputs("misc/point_structs.cu", name, lambda k: struct_lanes_swapped(k, buffer), tmp_path)
    assert failing == outputs


@pytest.mark.slow
def test_legacy_shuffle_offset_one_short_is_caught(tmp_path):
    """The pre-CUDA 9 `__shfl_down(v, offset)` reading one lane short: the warp sums come out wrong."""
    failing = _failing_outputs("cooperative/warp_shuffle.cu", "legacy_warp_sum", shuffle_offset_one_short, tmp_path)
    assert failing == {"sums", "y"}
