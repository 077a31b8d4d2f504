"""The emitted module's own names come from one table (`cuda2tile/emit/names.py`), read by the printer
and the jinja2 templates alike.

Modules covering every branch of the templates (a raised matrix product of each kind, dynamic shared
memory, helper functions, exact float constants, macros, 3-D launches) are emitted twice: with the
table, and with a table whose every spelling is renamed (`block_x` -> `block_x_probe`). In both,
every name a scope reads from outside itself must be bound (the printer and the templates agree), and
every name the module binds or reads must be a CUDA identifier of the kernel (kept apart by the
mangler) or a spelling of the table in use: a name spelled by a template or by the printer itself
shows up as a stranger in the renamed run.
"""

from __future__ import annotations

import builtins
import re
import symtable
from dataclasses import fields, replace
from pathlib import Path

import jinja2
import pytest

from cuda2tile.emit.module import TEMPLATES, emit_module
from cuda2tile.emit.names import NAMES, EmittedNames
from cuda2tile.ir import tile_ir as I
from cuda2tile.lift.lift_kernel import lift_kernel
from cuda2tile.parse.frontend import parse_file

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = [ROOT / "tests/translation" / f for f in (
    "raise_gemm.cu", "raise_block_reduce.cu", "raise_warp_reduce.cu", "raise_scan.cu", "raise_tile_copy.cu",
    "dynamic_shared.cu", "device_function.cu", "bit_intrinsics.cu", "atomic_helpers.cu", "indexing_2d.cu",
    "privatize.cu")] + [ROOT / "tests/coverage/constructs/grid3d.cu", ROOT / "corpus/misc/optional_inputs.cu"]
# every spelling renamed; the real ones stay reserved, so that a kernel's own `tx` is mangled in both runs
PROBE = replace(NAMES, **{f.name: getattr(NAMES, f.name) + "_probe" for f in fields(EmittedNames)
                          if isinstance(getattr(NAMES, f.name), str)},
                also_reserved=NAMES.also_reserved | NAMES.spellings())


@pytest.fixture(scope="module")
def lifted():
    """(file name, source lines, kernels) of every sample."""
    out = []
    for cu in SAMPLES:
        parsed = parse_file(str(cu))
        functions = {f.name: f for f in parsed.unit.functions if not f.is_kernel}
        kernels = [lift_kernel(f, functions, parsed.unit.launches) for f in parsed.unit.functions
                   if f.is_kernel and f.body is not None]
        out.append((cu.name, parsed.source_lines, kernels))
    return out


def _ir_strings(node, out: set[str]) -> set[str]:
    """Every string in an IR tree: a superset of the CUDA identifiers it carries."""
    if isinstance(node, str):
        out.add(node)
    elif isinstance(node, tuple):
        for x in node:
            _ir_strings(x, out)
    elif hasattr(node, "__dataclass_fields__"):
        for f in node.__dataclass_fields__:
            _ir_strings(getattr(node, f), out)
    return out


def _is_kernel_name(name: str, ir_names: set[str]) -> bool:
    """An IR name as the mangler writes it: `x`, or `x_`, `x_2`... where `x` is taken (by the table:
    a kernel's own `tx` is printed `tx_`, and never `tx`, in both runs)."""
    mangled = re.fullmatch(r"(.+)_(\d+)?", name)
    return (name in ir_names - NAMES.spellings()) or (mangled is not None and mangled.group(1) in ir_names)


def _names_in(source: str, table: EmittedNames) -> tuple[set[str], list[str]]:
    """The names the module binds or reads in its own scopes (the template's helper functions, whose
    locals are their own business, count by name only), and every read of an unbound name."""
    top = symtable.symtable(source, "<emitted>", "exec")
    module_bound = {s.get_name() for s in top.get_symbols() if s.is_assigned() or s.is_imported()}
    helpers = {table.block_dims, table.gemm_tile, table.float_const}
    seen, unbound = set(module_bound), []

    def visit(scope, own: bool):
        for s in scope.get_symbols():
            if own:
                seen.add(s.get_name())
            if scope is not top and s.is_global() and s.get_name() not in module_bound | set(dir(builtins)):
                unbound.append(f"{scope.get_name()} reads {s.get_name()}")
        for child in scope.get_children():
            visit(child, own and not (scope is top and child.get_name() in helpers))

    visit(top, True)
    return seen, unbound


@pytest.mark.parametrize("table", [NAMES, PROBE], ids=["table", "renamed"])
def test_every_own_name_comes_from_the_table(lifted, table):
    values = table.spellings()
    seen_all: set[str] = set()
    for cu, lines, kernels in lifted:
        source = emit_module(kernels, cu, lines, ["a note"], table)
        compile(source, cu, "exec")
        seen, unbound = _names_in(source, table)
        assert not unbound, f"{cu}: {unbound}"
        ir_names = _ir_strings(tuple(kernels), set())
        strangers = sorted(n for n in seen - values - set(dir(builtins)) if not _is_kernel_name(n, ir_names))
        assert not strangers, f"{cu}: names neither from the table nor from the kernel: {strangers}"
        seen_all |= seen
    # the samples reach every branch of the templates and every name of the table
    assert values <= seen_all, sorted(values - seen_all)


def test_the_renamed_table_renames_everything(lifted):
    """The check above can fail: a module emitted with one table, read against the other, has strangers."""
    cu, lines, kernels = lifted[0]
    seen, _ = _names_in(emit_module(kernels, cu, lines, [], NAMES), NAMES)
    assert {NAMES.T, NAMES.tile_m, NAMES.block_x} <= seen
    assert not seen & PROBE.spellings()
    probe_seen, _ = _names_in(emit_module(kernels, cu, lines, [], PROBE), PROBE)
    assert {PROBE.T, PROBE.tile_m, PROBE.block_x} <= probe_seen
    assert not probe_seen & NAMES.spellings()


def test_a_name_spelled_by_a_template_is_caught(lifted, monkeypatch):
    """Plant a hard-coded `smem_scope` in the factory template: the renamed run reads an unbound name."""
    loader = jinja2.DictLoader({name: TEMPLATES.loader.get_source(TEMPLATES, name)[0].replace(
        "{{ names.smem_scope }} =", "smem_scope =") for name in TEMPLATES.list_templates()})
    monkeypatch.setattr(TEMPLATES, "loader", loader)  # templates are cached per loader
    cu, lines, kernels = next(x for x in lifted if x[0] == "raise_scan.cu")
    seen, unbound = _names_in(emit_module(kernels, cu, lines, [], PROBE), PROBE)
    assert any(PROBE.smem_scope in u for u in unbound) and "smem_scope" in seen


def test_templates_read_only_what_the_emitter_passes():
    """A misspelt context variable would render as an error, not as an empty string."""
    assert TEMPLATES.undefined is jinja2.StrictUndefined


def test_reserved_names_keep_cuda_identifiers_apart():
    reserved = NAMES.reserved()
    assert {"T", "block_x", "smem_scope", "_gemm_tile", "KERNELS", "tilelang", "lambda", "print"} <= reserved
    assert "tile_m" not in reserved  # a gemm's names are reserved in a raised product's factory only
    assert replace(NAMES, block_x="bx_probe").coordinate(I.BlockDim("x")) == "bx_probe"
