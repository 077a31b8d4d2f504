"""IR verifier: the invariants every pass must keep. Tests run it after each pass.

Checked: names are defined before use (in the scope TileLang will see), `For` variables are never
assigned, binary operands agree in dtype, comparisons and logic are `bool`, stores write their
buffer's dtype, integer constants lie in their dtype's range (C's `-1u` is 4294967295, which
the printer's int64-widened comparisons rely on), kernels hold no `Return`, and a macro returns at
most once, at its end.
"""

from __future__ import annotations

from cuda2tile.ir import tile_ir as I
from cuda2tile.ir.ir_names import contains

_INT_BITS = {"int8": 8, "uint8": 8, "int16": 16, "uint16": 16, "int32": 32, "uint32": 32, "int64": 64, "uint64": 64}
_CMP = {"lt", "le", "gt", "ge", "eq", "ne", "and", "or"}


privates: dict[str, str] = {}  # per-thread slots of the kernel being verified (reset by verify_kernel)


def _expr(e, scope: set[str], buffers: dict[str, str], problems: list[str], where: str) -> None:
    if isinstance(e, I.PrivateLoad):
        if e.name not in privates:
            problems.append(f"{where}: read of undeclared per-thread slot '{e.name}'")
        if e.index is not None:
            _expr(e.index, scope, buffers, problems, where)
    elif isinstance(e, (I.WarpShuffle,)):
        for part in (e.value, e.arg, e.width):
            _expr(part, scope, buffers, problems, where)
    elif isinstance(e, I.WarpVote):
        _expr(e.predicate, scope, buffers, problems, where)
    elif isinstance(e, I.Const):
        bits = _INT_BITS.get(e.dtype)
        if bits and not isinstance(e.value, (bool, float)):
            low = 0 if e.dtype.startswith("uint") else -(1 << bits - 1)
            if not low <= e.value < low + (1 << bits):
                problems.append(f"{where}: constant {e.value} outside {e.dtype}")
    elif isinstance(e, I.Var):
        if e.name not in scope:
            problems.append(f"{where}: '{e.name}' used before it is defined")
    elif isinstance(e, I.Load):
        if e.buffer not in buffers:
            problems.append(f"{where}: load from unknown buffer '{e.buffer}'")
        _expr(e.index, scope, buffers, problems, where)
    elif isinstance(e, I.Binary):
        _expr(e.lhs, scope, buffers, problems, where)
        _expr(e.rhs, scope, buffers, problems, where)
        if e.op in _CMP:
            if e.dtype != "bool":
                problems.append(f"{where}: {e.op} must be bool, is {e.dtype}")
            if e.op in ("and", "or") and (e.lhs.dtype != "bool" or e.rhs.dtype != "bool"):
                problems.append(f"{where}: {e.op} on non-bool operands")
        elif e.op not in ("shl", "shr") and not (e.lhs.dtype == e.rhs.dtype == e.dtype):
            problems.append(f"{where}: {e.op} mixes {e.lhs.dtype}, {e.rhs.dtype} -> {e.dtype}")
        if e.op in _CMP and e.op not in ("and", "or") and e.lhs.dtype != e.rhs.dtype:
            problems.append(f"{where}: {e.op} compares {e.lhs.dtype} with {e.rhs.dtype}")
    elif isinstance(e, (I.Unary, I.Cast, I.Bitcast)):
        _expr(e.operand, scope, buffers, problems, where)
    elif isinstance(e, I.Select):
        for part in (e.cond, e.then, e.other):
            _expr(part, scope, buffers, problems, where)
        if e.cond.dtype != "bool" or e.then.dtype != e.other.dtype:
            problems.append(f"{where}: select types {e.cond.dtype}, {e.then.dtype}, {e.other.dtype}")
    elif isinstance(e, (I.Intrinsic, I.MacroCall)):
        for a in e.args:
            if isinstance(a, I.BufferArg):
                if a.buffer not in buffers:
                    problems.append(f"{where}: unknown buffer argument '{a.buffer}'")
            else:
                _expr(a, scope, buffers, problems, where)
    elif isinstance(e, I.AtomicRMW):
        if e.buffer not in buffers:
            problems.append(f"{where}: atomic on unknown buffer '{e.buffer}'")
        _expr(e.index, scope, buffers, problems, where)
        _expr(e.value, scope, buffers, problems, where)
        if e.byte_addressed and not e.storage:
            problems.append(f"{where}: byte-addressed atomic on '{e.buffer}' without its storage dtype")
    elif isinstance(e, I.ElementAddress):
        if e.buffer not in buffers:
            problems.append(f"{where}: address of unknown buffer '{e.buffer}'")
        _expr(e.byte_offset, scope, buffers, problems, where)


def _static(e) -> bool:
    """Built from constants and block extents only: the factory decides it before the prim_func runs."""
    if isinstance(e, (I.Const, I.BlockDim, I.BlockThreads)):
        return True
    if isinstance(e, I.Binary):
        return _static(e.lhs) and _static(e.rhs)
    return isinstance(e, I.Unary) and _static(e.operand)


def _block(stmts, scope: set[str], buffers: dict[str, str], loops: set[str], problems: list[str],
           in_macro: bool, returns_allowed: bool = False, leaky: bool = False) -> None:
    scope = scope if leaky else set(scope)
    for k, s in enumerate(stmts):
        where = f"line {s.line}"
        if isinstance(s, I.Let):
            _expr(s.value, scope, buffers, problems, where)
            scope.add(s.name)
        elif isinstance(s, I.DeclVar):
            scope.add(s.name)
        elif isinstance(s, (I.DeclLocal, I.DeclShared)):
            buffers[s.name] = s.dtype
        elif isinstance(s, I.DeclPrivate):
            privates[s.name] = s.dtype
        elif isinstance(s, I.PrivateStore):
            if s.name not in privates:
                problems.append(f"{where}: store to undeclared per-thread slot '{s.name}'")
            _expr(s.value, scope, buffers, problems, where)
            if s.index is not None:
                _expr(s.index, scope, buffers, problems, where)
        elif isinstance(s, I.AssignVar):
            if s.name in loops:
                problems.append(f"{where}: loop variable '{s.name}' is assigned")
            if s.name not in scope:
                problems.append(f"{where}: assignment to undeclared '{s.name}'")
            _expr(s.value, scope, buffers, problems, where)
        elif isinstance(s, I.Store):
            _expr(s.index, scope, buffers, problems, where)
            _expr(s.value, scope, buffers, problems, where)
            if s.buffer in buffers and buffers[s.buffer] != "handle" and s.value.dtype != buffers[s.buffer] and \
                    (s.value.dtype, buffers[s.buffer]) != ("int16", "bfloat16"):  # bits, after lower_bfloat16
                problems.append(f"{where}: store of {s.value.dtype} into {buffers[s.buffer]} buffer '{s.buffer}'")
        elif isinstance(s, I.If):
            _expr(s.cond, scope, buffers, problems, where)
            _block(s.then, scope, buffers, loops, problems, in_macro, returns_allowed, leaky)
            _block(s.other, scope, buffers, loops, problems, in_macro, returns_allowed, leaky)
        elif isinstance(s, I.For):
            for part in (s.start, s.stop, s.step):
                _expr(part, scope, buffers, problems, where)
            _block(s.body, scope | {s.var}, buffers, loops | {s.var}, problems, in_macro, returns_allowed, leaky)
        elif isinstance(s, I.While):
            _expr(s.cond, scope, buffers, problems, where)
            _block(s.body, scope, buffers, loops, problems, in_macro, returns_allowed, leaky)
        elif isinstance(s, I.Evaluate):
            _expr(s.expr, scope, buffers, problems, where)
        elif isinstance(s, I.Return):
            if not in_macro and not returns_allowed:
                problems.append(f"{where}: return left in a kernel")
            elif k != len(stmts) - 1:
                problems.append(f"{where}: return before the end of a macro")
            if s.value is not None:
                _expr(s.value, scope, buffers, problems, where)
        elif isinstance(s, I.Parallel):
            _block(s.body, scope, buffers, loops, problems, in_macro, returns_allowed, leaky)
        elif isinstance(s, I.Raised):
            if not s.targets:
                problems.append(f"{where}: raised {s.idiom} for no target")
            if s.requires.dtype != "bool" or not _static(s.requires):
                problems.append(f"{where}: raised {s.idiom}: its condition must be a bool of block extents and constants")
            _block(s.raised, scope, buffers, loops, problems, in_macro, returns_allowed, leaky)
            _block(s.faithful, scope, buffers, loops, problems, in_macro, returns_allowed, leaky)
        elif isinstance(s, I.WarpReduce):
            if privates.get(s.value) != s.dtype or buffers.get(s.scratch) != s.dtype:
                problems.append(f"{where}: warp reduction of '{s.value}' through '{s.scratch}': not a {s.dtype} "
                                "per-thread value and shared array")
        elif isinstance(s, I.TiledGemm):
            _tiled_gemm(s, scope, buffers, problems, where)
        elif isinstance(s, I.WarpScan):
            if privates.get(s.value) != s.dtype:
                problems.append(f"{where}: warp scan of '{s.value}': not a {s.dtype} per-thread value")
        elif isinstance(s, I.TileCopy):
            if buffers.get(s.buffer) is None or buffers.get(s.buffer) != buffers.get(s.shared):
                problems.append(f"{where}: tile copy between '{s.buffer}' and '{s.shared}': unknown buffers or dtypes differ")
            if contains((s.offset, s.shared_offset), (I.ThreadIdx, I.LinearThreadIdx)) or not _static(s.extent):
                problems.append(f"{where}: tile copy with a per-thread offset or a runtime extent")
            for part in (s.offset, s.shared_offset):
                _expr(part, scope, buffers, problems, where)
        elif isinstance(s, I.BlockScan):
            if buffers.get(s.buffer) != s.dtype:
                problems.append(f"{where}: block scan of unknown or {buffers.get(s.buffer)} buffer '{s.buffer}'")
            if not all(_static(x) for x in (s.extent, s.src, s.dst)):
                problems.append(f"{where}: block scan over runtime extent or offsets")
        elif isinstance(s, I.BlockReduce):
            if buffers.get(s.buffer) != s.dtype:
                problems.append(f"{where}: block reduction of unknown or {buffers.get(s.buffer)} buffer '{s.buffer}'")
            if not _static(s.extent):
                problems.append(f"{where}: block reduction over a runtime extent")


_PRODUCTS = {"exact": lambda a, b, acc: a == b == acc, "mma": lambda a, b, acc: a == b == "float16" and acc == "float32"}


def _tiled_gemm(g: I.TiledGemm, scope: set[str], buffers: dict[str, str], problems: list[str], where: str) -> None:
    """Operands from buffers of their dtype, uniform layout and bound, masks over the element's row/col
    and k only, and an epilogue in element form: no thread or block index, no barrier, no shared memory."""
    uniform = {n for n in scope if n not in (g.row, g.col, g.k)}
    if not _PRODUCTS.get(g.product, lambda *_: False)(g.a.dtype, g.b.dtype, g.acc_dtype):
        problems.append(f"{where}: gemm product {g.product!r} of {g.a.dtype} x {g.b.dtype} into {g.acc_dtype}")
    for op, coord in ((g.a, g.row), (g.b, g.col)):
        if buffers.get(op.buffer) != op.dtype:
            problems.append(f"{where}: gemm operand '{op.buffer}' is not a {op.dtype} buffer")
        for part in (op.ld, op.offset, g.k_extent):
            _expr(part, uniform, buffers, problems, where)
        _expr(op.mask, uniform | {coord, g.k}, buffers, problems, where)
    if contains((g.a, g.b, g.k_extent, g.epilogue), (I.ThreadIdx, I.BlockIdx, I.LinearThreadIdx)):
        problems.append(f"{where}: gemm operands or epilogue still read the CUDA thread index")
    if contains(g.epilogue, (I.Barrier, I.DeclShared, I.DeclPrivate, I.TiledGemm, I.Raised)):
        problems.append(f"{where}: gemm epilogue is not per element")
    privates[g.c_tile] = g.acc_dtype
    _block(g.epilogue, uniform | {g.row, g.col}, dict(buffers), set(), problems, in_macro=False)


def verify_kernel(kernel: I.Kernel, returns_allowed: bool = False, phases_pending: bool = False) -> list[str]:
    """Problems found in `kernel` (empty when the IR is well formed). The raw lift may still return
    early (`returns_allowed`); right after `split_phases`, a phase may still read a value an earlier
    phase defined, until `privatize` gives it storage (`phases_pending`)."""
    problems: list[str] = []
    privates.clear()
    buffers = {p.name: p.dtype for p in kernel.params if isinstance(p, I.BufferParam)}
    for s in kernel.body:  # block-level declarations are visible in every phase, wherever they stand
        if isinstance(s, (I.DeclShared, I.DeclLocal)):
            buffers[s.name] = s.dtype
        elif isinstance(s, I.DeclPrivate):
            privates[s.name] = s.dtype
    # scalar parameters, and the factory's NULL flags (`weight_is_null = "weight" in null`)
    scope = {p.name for p in kernel.params if isinstance(p, I.ScalarParam)} | {f for _, f in kernel.null_flags}
    _block(kernel.body, scope, dict(buffers), set(), problems, in_macro=False, returns_allowed=returns_allowed,
           leaky=phases_pending)
    whole = len(kernel.body) == 1 and isinstance(kernel.body[0], I.Raised) and len(kernel.body[0].raised) == 1
    if contains(kernel.body, I.TiledGemm) and not (whole and isinstance(kernel.body[0].raised[0], I.TiledGemm)):
        problems.append("a tiled gemm stands anywhere but alone in a raised kernel")
    for m in kernel.macros:
        m_buffers = {p.name: "handle" for p in m.params if p.kind == "buffer"}
        m_scope = {p.name for p in m.params if p.kind == "scalar"}
        _block(m.body, m_scope, m_buffers, set(), problems, in_macro=True)
    return problems
