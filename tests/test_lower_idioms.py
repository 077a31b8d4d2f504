"""`lower_idioms`: a kernel's tile IR -> the TileLang-level factory the emitter prints.

Every kernel of the translation tests is lowered, raised and faithful, and the result checked by
`verify_factory`: only TileLang-level statements remain, every own name is a field of the names
table, every node is a frozen, slotted dataclass. Then the forms of each idiom: per-target scopes
of the reductions, the scan's serial loop for C, the two matrix products.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from cuda2tile.emit.names import NAMES, PythonNames
from cuda2tile.emit.printer import ExprPrinter
from cuda2tile.ir import tile_ir as I
from cuda2tile.ir import tile_lang_ir as L
from cuda2tile.ir.errors import LiftError
from cuda2tile.lift.lift_kernel import lift_kernel
from cuda2tile.passes.lower_idioms import lower_idioms
from cuda2tile.parse.frontend import parse_file

TRANSLATION = Path(__file__).resolve().parent / "translation"
# statements of the tile IR that lowering replaces
_TILE_IR_ONLY = (I.Parallel, I.DeclVar, I.DeclLocal, I.DeclShared, I.DeclPrivate, I.Barrier, I.BlockReduce,
                 I.WarpReduce, I.BlockScan, I.WarpScan, I.TileCopy, I.Raised, I.TiledGemm)
_FACTORY_LEVEL = (L.TileShape, L.PrimFunc, L.ReturnPrimFunc)
_STMTS = L.Stmt.__args__ + _FACTORY_LEVEL


def _kernels(cu: str, raise_idioms=None) -> dict[str, I.Kernel]:
    parsed = parse_file(str(TRANSLATION / cu))
    functions = {f.name: f for f in parsed.unit.functions if not f.is_kernel}
    kernels = {}
    for f in parsed.unit.functions:
        if f.is_kernel and f.body is not None:
            try:
                kernels[f.name] = lift_kernel(f, functions, parsed.unit.launches, raise_idioms=raise_idioms)
            except LiftError:  # a kernel the translation tests expect to be refused
                pass
    return kernels


def _nodes(node):
    """Every dataclass node under `node`."""
    if isinstance(node, tuple):
        for x in node:
            yield from _nodes(x)
    elif dataclasses.is_dataclass(node) and not isinstance(node, type):
        yield node
        for f in dataclasses.fields(node):
            if f.name != "kernel":  # the factory's source kernel holds the tile IR, by design
                yield from _nodes(getattr(node, f.name))


def verify_factory(factory: L.Factory) -> list[str]:
    """What a lowered factory must be: TileLang-level statements only, own names from the table."""
    problems = []
    bodies = (factory.body,) + tuple(m.body for m in factory.macros)
    for node in _nodes(bodies):
        params = getattr(node, "__dataclass_params__")
        if not (params.frozen and hasattr(type(node), "__slots__")):
            problems.append(f"{type(node).__name__} is not a frozen, slotted dataclass")
        if isinstance(node, _TILE_IR_ONLY):
            problems.append(f"{type(node).__name__} left after lowering")
        if isinstance(node, L.Name) and node.key not in {f.name for f in dataclasses.fields(NAMES)}:
            problems.append(f"Name({node.key!r}) is no field of the names table")
        for field in ("body", "then", "other", "raised", "faithful"):
            inner = getattr(node, field, None)
            for s in inner if isinstance(inner, tuple) else ():
                if not isinstance(s, _STMTS):
                    problems.append(f"{type(s).__name__} is no statement of the lowered IR")
    return problems


_FILES = sorted(p.name for p in TRANSLATION.glob("*.cu"))


@pytest.mark.parametrize("raise_idioms", [None, frozenset()], ids=["raised", "faithful"])
def test_every_translation_kernel_lowers_to_tile_lang_ir(raise_idioms):
    lowered = 0
    for cu in _FILES:
        for name, kernel in _kernels(cu, raise_idioms).items():
            factory = lower_idioms(kernel)
            assert verify_factory(factory) == [], f"{cu}:{name}"
            assert lower_idioms(kernel) == factory  # pure: the same kernel, the same factory
            assert isinstance(factory.body[-1], L.PrimFunc) and factory.body[-1].body
            if raise_idioms is not None:
                tile_ops = (L.Choose, L.TileReduce, L.CumSum, L.Gemm, L.Copy, L.Pipelined, L.TargetSwitch)
                assert not any(isinstance(n, tile_ops) for n in _nodes(factory.body)), f"{cu}:{name}"
            lowered += 1
    assert lowered > 80


def test_verify_factory_notices_what_lowering_left_behind():
    kernel = _kernels("raise_block_reduce.cu")["block_sum"]
    factory = lower_idioms(kernel)
    broken = dataclasses.replace(factory, body=factory.body + (I.Barrier("block"), L.Sync(), L.TileStore(
        "t", (L.Name("tile_x"),), I.Const(0, "int32"))))
    problems = verify_factory(broken)
    assert any("Barrier left" in p for p in problems) and any("tile_x" in p for p in problems)


def _first(stmts, kind):
    return next(n for n in _nodes(stmts) if isinstance(n, kind))


def _choice(factory: L.Factory, idiom: str) -> L.Choose:
    return next(n for n in _nodes(factory.body) if isinstance(n, L.Choose) and n.note.startswith(f"raised: {idiom};"))


def test_block_reduce_reduces_local_buffers_on_c_and_fragments_elsewhere():
    factory = lower_idioms(_kernels("raise_block_reduce.cu")["block_sum"])
    choose = _choice(factory, "block_reduce")
    assert choose.cond == L.TargetIn(("c", "cuda", "hip")) or isinstance(choose.cond, I.Binary)
    switch = _first(choose.raised, L.TargetSwitch)
    assert switch.target == "c"
    assert [type(s) for s in switch.then] == [L.AllocLocal, L.AllocLocal, L.Copy, L.TileReduce]
    assert [type(s) for s in switch.other] == [L.AllocFragment, L.TileReduce]
    assert switch.then[-1].op == switch.other[-1].op == "sum"
    assert switch.then[-1].src == switch.then[2].dst.name  # C reduces the local copy
    assert isinstance(choose.faithful[0], L.Restated)  # the faithful form's comments are written again


def test_scans_run_a_serial_loop_on_c_and_cumsum_elsewhere():
    kernels = _kernels("raise_scan.cu")
    for name, dim in (("scan_register", 0), ("warp_scan", 1)):
        choose = _choice(lower_idioms(kernels[name]), "scan")
        switch = _first(choose.raised, L.TargetSwitch)
        assert isinstance(switch.then[0], L.SerialFor) and switch.other == (L.CumSum(switch.other[0].tile, dim),)
        assert isinstance(_first(choose.raised, L.AllocShared), L.AllocShared)


@pytest.mark.parametrize("name, product", [("sgemm_naive", "exact"), ("hgemm_tiles", "mma")])
def test_a_raised_product_is_a_prim_func_of_its_own(name, product):
    factory = lower_idioms(_kernels("raise_gemm.cu")[name])
    assert factory.tile_product == product and factory.uses_shared
    choose, faithful = factory.body
    assert choose.faithful is None and isinstance(faithful, L.PrimFunc)
    shape, tiled, returned = choose.raised
    assert shape == L.TileShape(product) and returned == L.ReturnPrimFunc(faithful.name)
    assert tiled.threads == L.Name("tile_threads") and _first(tiled.body, L.Pipelined).var == L.Name("k_tile")
    if product == "mma":
        assert isinstance(_first(tiled.body, L.Gemm), L.Gemm)
    else:
        assert _first(tiled.body, L.SerialFor).var == L.Name("k_in_tile")
        assert not any(isinstance(n, L.Gemm) for n in _nodes(tiled.body))


def test_dynamic_shared_memory_is_sized_by_the_launch():
    factory = lower_idioms(next(iter(_kernels("dynamic_shared.cu").values())))
    assert factory.dynamic_shared and factory.uses_shared
    size = _first(factory.body, L.AllocShared).shape[0]
    assert size.op == "floordiv" and size.lhs == L.Name("shared_bytes")


def _print(e) -> str:
    return ExprPrinter(PythonNames(), {}, {})(e)


def test_the_raised_condition_keeps_and_chains_flat():
    """`target in (...) and a and b`, and `(a or b)` parenthesised: what the factory tests."""
    bx = I.BlockDim("x")

    def eq(v):
        return I.Binary("eq", bx, I.Const(v, "int32"), "bool")

    def cond(requires):
        raised = I.Raised("scan", ("c", "cuda"), requires, (I.Break(),), (I.Break(),))
        kernel = I.Kernel("k", "k", (), 1, 1, (256,), (raised,), ())
        return _print(_first(lower_idioms(kernel).body, L.Choose).cond)

    assert cond(I.Const(True, "bool")) == 'target in ("c", "cuda")'
    assert cond(I.Binary("and", I.Binary("and", eq(1), eq(2), "bool"), eq(3), "bool")) == (
        'target in ("c", "cuda") and block_x == 1 and block_x == 2 and block_x == 3')
    assert cond(I.Binary("or", eq(32), eq(128), "bool")) == (
        'target in ("c", "cuda") and (block_x == 32 or block_x == 128)')


def test_tile_lang_expressions_print_with_python_precedence():
    tx = I.ThreadIdx("x")
    lane0 = I.Binary("sub", tx, I.Binary("floormod", tx, I.Const(32, "int32"), "int32"), "int32")
    assert _print(L.TileLoad("sums", (lane0,), "float32")) == "sums[tx - tx % 32]"
    assert _print(L.CeilDiv(I.Binary("mul", I.GridDim("x"), I.BlockDim("x"), "int32"), L.Name("tile_n"))) == (
        "T.ceildiv(grid_x * block_x, tile_n)")
    halves = I.Binary("floordiv", I.Binary("add", tx, I.Const(1, "int32"), "int32"), I.Const(2, "int32"), "int32")
    assert _print(halves) == "(tx + 1) // 2"
    assert _print(L.Region("x", I.Const(0, "int32"), I.BlockDim("x"))) == "x[0:block_x]"
