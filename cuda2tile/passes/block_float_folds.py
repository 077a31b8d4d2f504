"""Pass: float expressions that TVM's simplifier would fold as if floats were real numbers are printed
with an opaque identity (`c2t_keep_f32(v)`, `c2t_keep_bool(c)`) where the fold would apply, so the
compiled kernel computes what C computes.

TileLang lowers every kernel through TVM's `RewriteSimplifier`, which applies, on float operands too
(3rdparty/tvm/src/arith/rewrite_simplify.cc, `TryConstFold` in const_fold.h), and after TileLang's
`LetInline` has substituted the lets a kernel computes from its inputs:

    (x + y) - y -> x,  (x + y) - x -> y,  x - (x + y) -> 0 - y,  x - x -> 0,  select(c, y, z) - z -> ...
    x == x -> true,  x != x -> false
    x * 0.0 -> 0.0,  0.0 / x -> 0.0,  x + 0.0 -> x,  x - (-0.0) -> x
    !(x < y) -> y <= x  (and the other comparisons; `!(a && b)` is pushed into its comparisons first)
    x <= y || y < x -> true,  x < y || y < x -> x != y

None of these holds in IEEE arithmetic, and nvcc and g++ fold none of them (without fast-math):
`float t = a + y; out[i] = t - a;` with a = 1e8f, y = 1.0f is 0 in C and was 1 in the conversion
(Kahan's and TwoSum's compensation terms became 0); `a != a`, the NaN test, was always false;
`!(a < 1.0f)` was false for a NaN (difftest finding 14; tests/regressions/cases/float_folds.cu).

So where one of these shapes appears (its operands compared as TVM sees them: every let substituted,
the same read of the same memory counting as the same value), the operand the rule needs is wrapped:
`t - c2t_keep_f32(a)`, `a != c2t_keep_f32(a)`, `x * c2t_keep_f32(0.0)`, `not c2t_keep_bool(a < b)`.
The helper is an identity that gcc and nvcc inline; to TVM it is an opaque call, which no rule matches
(the rules on equal operands also require them free of side effects). A `__device__` function's
parameters are compared as themselves inside it; at a call, arguments that would meet a rule once
substituted (a zero, a constant the function's body also adds or subtracts, two equal arguments, an
argument that is a sum, difference or choice holding another) are wrapped there.

The same flip happens where TVM assumes a condition false: in the else branch of an `if` and of
`T.if_then_else(c, a, b)`, it simplifies with `!c`, as the flipped comparison, so `if (x < y) ... else
if (x >= y) ... else ...` took the second branch for a NaN. A condition whose float comparison compares
the same two values as one in its else branch is wrapped there (`_negation_met`).
"""

from __future__ import annotations

import math
from dataclasses import fields, replace

import numpy as np

from cuda2tile.ir import tile_ir as I
from cuda2tile.ir.ir_names import is_body, nodes

FLOATS = ("float16", "bfloat16", "float32", "float64")
KEEP_OPS = ("keep_f32", "keep_f64", "keep_bool")  # the identities `keep` makes (op_coverage TILE_OPS helpers)
_COMPARISONS = ("lt", "le", "gt", "ge", "eq", "ne")
_ORDERED = {"lt": ("lt", False), "le": ("le", False), "gt": ("lt", True), "ge": ("le", True)}  # as TVM writes them


def block_float_folds(kernel: I.Kernel) -> I.Kernel:
    shapes, exposure = _Shapes(), _macro_exposure(kernel.macros)
    body = _Blocker(shapes, exposure).block(kernel.body, {})
    macros = tuple(replace(m, body=_Blocker(shapes, exposure).block(m.body, {})) for m in kernel.macros)
    if body == kernel.body and macros == kernel.macros:
        return kernel
    return replace(kernel, body=body, macros=macros)


def keep(e: I.Expr) -> I.Expr:
    """`e` behind an identity TVM cannot see through (a float value or a condition)."""
    if e.dtype == "bool":
        return I.Intrinsic("keep_bool", (e,), "bool")
    return I.Intrinsic("keep_f64" if e.dtype == "float64" else "keep_f32", (e,), e.dtype)


def _is_float(e) -> bool:
    return getattr(e, "dtype", None) in FLOATS


def _is_kept(e) -> bool:
    return isinstance(e, I.Intrinsic) and e.op in KEEP_OPS


def _macro_exposure(macros: tuple[I.Macro, ...]) -> dict[str, tuple[bool, bool, frozenset]]:
    """Per `__device__` function, what its arguments meet once TileLang substitutes them: whether its body
    (or a function it calls) subtracts or compares floats, where two equal arguments would cancel
    (`diff(x, x)` of `a - b`); whether it adds, subtracts, multiplies or divides floats, where a zero
    argument would fold; and the float constants it adds or subtracts, which an equal constant argument
    would cancel (`(p + 1.0f) - q` with q = 1.0f)."""
    own, calls = {}, {}
    for m in macros:
        cancels = arith = False
        consts = set()
        for x in nodes(m.body):
            if isinstance(x, I.Binary) and _is_float(x.lhs):
                cancels |= x.op in ("sub", "eq", "ne") or x.op in _ORDERED
                arith |= x.op in ("add", "sub", "mul", "div")
                if x.op in ("add", "sub"):
                    consts |= {repr(c.value) for c in (x.lhs, x.rhs) if isinstance(c, I.Const)}
        own[m.name] = (cancels, arith, frozenset(consts))
        calls[m.name] = {x.name for x in nodes(m.body) if isinstance(x, I.MacroCall)}
    exposure = dict(own)
    changed = True
    while changed:  # what a callee meets, its caller's arguments may meet too
        changed = False
        for name, callees in calls.items():
            merged = exposure[name]
            for callee in callees & exposure.keys():
                c = exposure[callee]
                merged = (merged[0] or c[0], merged[1] or c[1], merged[2] | c[2])
            if merged != exposure[name]:
                exposure[name], changed = merged, True
    return exposure


class _Shapes:
    """Hash-consed expressions as TVM sees them after substituting lets: equal ids, equal trees.
    Kept as ids (each let's value is numbered once) so that comparing operands never re-walks a let's
    value, however often and however deeply lets are used."""

    def __init__(self):
        self.ids: dict[tuple, int] = {}
        self.shape: list[tuple] = []  # id -> (node type, op, child ids, the node)

    def number(self, key: tuple, kind: str, op, children: tuple, node) -> int:
        found = self.ids.get(key)
        if found is None:
            found = self.ids[key] = len(self.shape)
            self.shape.append((kind, op, children, node))
        return found

    def of(self, e, children: dict[str, object]) -> int:
        """The id of node `e` whose expression children have the ids in `children` (field -> id or tuple)."""
        if isinstance(e, I.Const):
            return self.number(("Const", repr(e.value), e.dtype), "Const", None, (), e)
        scalars = tuple((f.name, getattr(e, f.name)) for f in fields(e) if f.name not in children)
        kids = tuple(children[f.name] for f in fields(e) if f.name in children)
        flat = tuple(k for c in kids for k in (c if isinstance(c, tuple) else (c,)))
        return self.number((type(e).__name__, scalars, kids), type(e).__name__, getattr(e, "op", None), flat, e)

    def binary(self, i: int, op: str) -> tuple[int, int] | None:
        kind, node_op, children, _ = self.shape[i]
        return children if kind == "Binary" and node_op == op else None

    def select(self, i: int) -> tuple[int, int, int] | None:
        kind, _, children, _ = self.shape[i]
        return children if kind == "Select" else None

    def const(self, i: int) -> I.Const | None:
        kind, _, _, node = self.shape[i]
        return node if kind == "Const" else None


class _Blocker:
    def __init__(self, shapes: _Shapes, exposure: dict[str, tuple[bool, bool, frozenset]]):
        self.shapes = shapes
        self.exposure = exposure
        self.recorders: list[list[int]] = []  # ids of the expressions met in the else branches being walked

    # ------------------------------------------------------------ statements

    def block(self, stmts: tuple, env: dict[str, int]) -> tuple:
        env = dict(env)  # lets of a block end with it
        out = []
        for s in stmts:
            if isinstance(s, I.Let):
                value, env[s.name] = self.expr(s.value, env)
                s = s if value is s.value else replace(s, value=value)
            else:
                s = self.statement(s, env)
            out.append(s)
        return tuple(out)

    def statement(self, s, env: dict[str, int]):
        if isinstance(s, I.If) and s.other:
            return self._if(s, env)
        changes = {}
        for f in fields(s):
            value = getattr(s, f.name)
            if is_body(value):
                new = self.block(value, env)
            elif isinstance(value, tuple) and any(hasattr(x, "__dataclass_fields__") for x in value):
                new = tuple(self.expr(x, env)[0] if hasattr(x, "__dataclass_fields__") else x for x in value)
            elif hasattr(value, "__dataclass_fields__"):
                new = self.statement(value, env) if isinstance(value, I.Stmt.__args__) else self.expr(value, env)[0]
            else:
                continue
            if new != value:
                changes[f.name] = new
        return replace(s, **changes) if changes else s

    def _if(self, s: I.If, env: dict[str, int]) -> I.If:
        cond, cond_id = self.expr(s.cond, env)
        then = self.block(s.then, env)
        met: list[int] = []
        self.recorders.append(met)
        try:
            other = self.block(s.other, env)
        finally:
            self.recorders.pop()
        if self._negation_met(cond_id, met):
            cond, _ = self._keep_comparisons(cond, cond_id)
        if (cond, then, other) == (s.cond, s.then, s.other):
            return s
        return replace(s, cond=cond, then=then, other=other)

    def _negation_met(self, cond_id: int, branch_ids) -> bool:
        """Whether a branch TVM simplifies assuming `!cond` (an else branch) compares the same two floats as
        a comparison of `cond`'s and/or/not tree. TVM takes `!(x < y)` as `y <= x`, and so `x >= y` in
        `if (x < y) ... else if (x >= y) ... else ...` as true, where a NaN makes it false; it combines
        what it assumes, too: the else branch of `x > y || x == y` took `y > x` as true (`x <= y` and
        `x != y`). So any comparison of the same two values counts (`v > 0` then `v < 0` too)."""
        in_cond, stack = set(), [cond_id]
        while stack:
            i = stack.pop()
            kind, op, children, _ = self.shapes.shape[i]
            if kind == "Binary" and op in ("and", "or") or kind == "Unary" and op == "not":
                stack.extend(children)
            elif (pair := self._compared(i)) is not None:
                in_cond.add(pair)
        if not in_cond:
            return False
        seen, stack = set(), list(branch_ids)
        while stack:
            i = stack.pop()
            if i in seen:
                continue
            seen.add(i)
            if self._compared(i) in in_cond:
                return True
            stack.extend(self.shapes.shape[i][2])
        return False

    def _compared(self, i: int) -> frozenset | None:
        """The ids of the two floats the comparison of id `i` compares, in either order; None for anything
        else."""
        kind, op, children, node = self.shapes.shape[i]
        if kind == "Binary" and op in _COMPARISONS and _is_float(node.lhs):
            return frozenset(children)
        return None

    # ------------------------------------------------------------ expressions

    def expr(self, e, env: dict[str, int]) -> tuple[object, int]:
        """`e` with the folds blocked, and the id of what TVM sees of the result."""
        if isinstance(e, I.Var):  # a let's name is its value to TVM (`bool c = a >= b; ... else if (c)`)
            i = env[e.name] if e.name in env else self.shapes.of(e, {})
            for met in self.recorders:
                met.append(i)
            return e, i
        children, ids = {}, {}
        for f in fields(e):
            value = getattr(e, f.name)
            if isinstance(value, tuple) and value and all(hasattr(x, "__dataclass_fields__") for x in value):
                pairs = [self.expr(x, env) for x in value]
                children[f.name], ids[f.name] = tuple(p[0] for p in pairs), tuple(p[1] for p in pairs)
            elif hasattr(value, "__dataclass_fields__"):
                children[f.name], ids[f.name] = self.expr(value, env)
        if children and any(children[k] is not getattr(e, k) for k in children):
            e = replace(e, **children)
        e, ids = self.rewrite(e, ids)
        i = self.shapes.of(e, ids)
        for met in self.recorders:
            met.append(i)
        return e, i

    def rewrite(self, e, ids: dict):
        """`e` (children already rewritten, with `ids`) with the operand a fold would need wrapped."""
        if isinstance(e, I.Binary):
            side = self._binary_side(e, ids)
            if side is not None:
                return self._wrap(e, ids, side)
        elif isinstance(e, I.Bitcast):
            bits = _bits_of(self.shapes, ids["operand"], e.dtype)
            if bits is not None:
                return bits, ({"operand": self.shapes.of(bits.operand, {})} if isinstance(bits, I.Bitcast) else {})
        elif isinstance(e, I.Unary) and e.op == "not":
            operand, operand_id = self._keep_comparisons(e.operand, ids["operand"])
            if operand is not e.operand:
                e, ids = replace(e, operand=operand), {"operand": operand_id}
        elif isinstance(e, I.Select) and self._negation_met(ids["cond"], (ids["other"],)):
            cond, cond_id = self._keep_comparisons(e.cond, ids["cond"])
            if cond is not e.cond:
                e, ids = replace(e, cond=cond), {**ids, "cond": cond_id}
        elif isinstance(e, I.MacroCall):
            args, arg_ids = self._macro_args(e, ids["args"] if "args" in ids else ())
            if args != e.args:
                e, ids = replace(e, args=args), {"args": arg_ids}
        return e, ids

    def _binary_side(self, e: I.Binary, ids: dict) -> str | None:
        """Which operand ("lhs" or "rhs") to wrap so that no float fold applies to `e`, or None."""
        a, b = e.lhs, e.rhs
        if e.op in _COMPARISONS:
            if _is_float(a) and e.op in ("eq", "ne") and ids["lhs"] == ids["rhs"]:
                return "rhs"
            return None
        if e.op == "or":
            return self._or_side(ids)
        if not _is_float(e):
            return None
        s, ia, ib = self.shapes, ids["lhs"], ids["rhs"]
        zero_a, zero_b = _zero(s.const(ia)), _zero(s.const(ib))
        if e.op == "mul":
            return "rhs" if zero_b is not None else "lhs" if zero_a is not None else None
        if e.op == "div":
            return "lhs" if zero_a is not None else None
        if e.op == "add":  # `x + 0.0` -> x is wrong for x = -0.0 (-0.0 + x -> x is exact)
            return "rhs" if zero_b == 1 else "lhs" if zero_a == 1 else None
        if e.op == "sub":
            if zero_b == -1 or ia == ib:
                return "rhs"
            sum_a, sum_b, sel_a = s.binary(ia, "add"), s.binary(ib, "add"), s.select(ia)
            if (sum_a and ib in sum_a) or (sum_b and ia in sum_b) or (sel_a and ib in sel_a[1:]):
                return "rhs"
            sel_b = s.select(ib)
            if sel_a and sel_b and sel_a[0] == sel_b[0]:
                return "rhs"
        return None

    def _or_side(self, ids: dict) -> str | None:
        """`x <= y || y < x` (true) and `x < y || y < x` (x != y): both wrong when x or y is a NaN."""
        left, right = self._ordered(ids["lhs"]), self._ordered(ids["rhs"])
        if left and right and left[1:] == right[:0:-1] and "lt" in (left[0], right[0]):
            return "rhs"
        return None

    def _parts(self, i: int) -> tuple:
        """The operands of a sum or difference, the branches of a choice: what a fold can cancel."""
        s = self.shapes
        return s.binary(i, "add") or s.binary(i, "sub") or (s.select(i) or (None, None, None))[1:]

    def _ordered(self, i: int):
        """A float order comparison as TVM normalises it: (op, left id, right id), op "lt" or "le"."""
        kind, op, children, node = self.shapes.shape[i]
        if kind != "Binary" or op not in _ORDERED or not _is_float(node.lhs):
            return None
        op, swapped = _ORDERED[op]
        return (op, children[1], children[0]) if swapped else (op, children[0], children[1])

    def _wrap(self, e: I.Binary, ids: dict, side: str):
        operand, operand_id = self._kept(getattr(e, side), ids[side])
        return replace(e, **{side: operand}), {**ids, side: operand_id}

    def _keep_comparisons(self, cond, i: int):
        """`cond` (of id `i`), under a `not` or the condition of an else branch (`_negation_met`), with its
        id: each float comparison in its and/or/not tree wrapped, since TVM flips a negated comparison
        (`!(a < b)` -> `b <= a`, false for a NaN where C's is true)."""
        children = self.shapes.shape[i][2]
        if isinstance(cond, I.Binary) and cond.op in ("and", "or"):
            (lhs, lhs_id), (rhs, rhs_id) = self._keep_comparisons(cond.lhs, children[0]), \
                self._keep_comparisons(cond.rhs, children[1])
            if (lhs, rhs) == (cond.lhs, cond.rhs):
                return cond, i
            cond = replace(cond, lhs=lhs, rhs=rhs)
            return cond, self.shapes.of(cond, {"lhs": lhs_id, "rhs": rhs_id})
        if isinstance(cond, I.Unary) and cond.op == "not":
            operand, operand_id = self._keep_comparisons(cond.operand, children[0])
            if operand is cond.operand:
                return cond, i
            cond = replace(cond, operand=operand)
            return cond, self.shapes.of(cond, {"operand": operand_id})
        if isinstance(cond, I.Binary) and cond.op in _COMPARISONS and _is_float(cond.lhs):
            return self._kept(cond, i)
        return cond, i

    def _kept(self, e, i: int) -> tuple[I.Intrinsic, int]:
        """`keep(e)` and its id, `e` being of id `i`."""
        operand = keep(e)
        return operand, self.shapes.of(operand, {"args": (i,)})

    def _macro_args(self, call: I.MacroCall, arg_ids: tuple) -> tuple[tuple, tuple]:
        """The call's float arguments that would meet a fold once TileLang substitutes them, wrapped; and
        the arguments' ids."""
        s = self.shapes
        floats = [k for k, a in enumerate(call.args) if _is_float(a) and not _is_kept(a)]
        cancels, arith, body_consts = self.exposure.get(call.name, (True, True, frozenset()))
        wrap = set()
        for k in floats:
            c = s.const(arg_ids[k])
            if c is not None and (arith and _zero(c) is not None or repr(c.value) in body_consts):
                wrap.add(k)
            for j in floats:
                if cancels and j != k and (arg_ids[k] == arg_ids[j] and j < k or arg_ids[k] in self._parts(arg_ids[j])):
                    wrap.add(k)
        pairs = [self._kept(a, arg_ids[k]) if k in wrap else (a, arg_ids[k]) for k, a in enumerate(call.args)]
        return tuple(p[0] for p in pairs), tuple(p[1] for p in pairs)


def _constant_word(shapes: _Shapes, i: int) -> tuple[int, int] | None:
    """The bits of expression `i` when it is a constant or a bit cast of one: (word, bytes)."""
    kind, _, children, node = shapes.shape[i]
    if kind == "Bitcast":
        return _constant_word(shapes, children[0])
    if kind != "Const":
        return None
    try:
        dtype = np.dtype(node.dtype)
    except TypeError:  # bfloat16: no numpy type
        return None
    if dtype.kind == "f":
        return int(np.array(node.value, dtype=dtype).view(f"u{dtype.itemsize}")), dtype.itemsize
    if dtype.kind in "iu":
        return int(node.value) % (1 << 8 * dtype.itemsize), dtype.itemsize
    return None


def _bits_of(shapes: _Shapes, i: int, dtype: str) -> I.Expr | None:
    """The bit cast to `dtype` of expression `i`, computed as C computes it when `i` is a constant or a bit
    cast of one: `__float_as_uint(z)` of `float z = 1.5f` is 1069547520u. TileLang substitutes a let of a
    constant, and its code generator prints a bit cast of a float constant as `*(uint32_t *)(&(1.5f))`,
    which does not compile (difftest finding 15). A NaN keeps its payload as a bit cast of the unsigned
    word, which the code generator prints as it should (`T.reinterpret(T.uint32(2143289345), "float32")`)."""
    word = _constant_word(shapes, i)
    try:
        target = np.dtype(dtype)
    except TypeError:
        return None
    if word is None or word[1] != target.itemsize or target.kind not in "iuf":
        return None
    value = np.array(word[0], dtype=f"u{target.itemsize}").view(target).item()
    if target.kind == "f" and value != value:
        kind, _, _, node = shapes.shape[i]
        if kind == "Const" and node.dtype.startswith("uint"):
            return None  # already in that form
        return I.Bitcast(I.Const(word[0], f"uint{8 * target.itemsize}"), dtype)
    return I.Const(float(value) if target.kind == "f" else int(value), dtype)


def _zero(c: I.Const | None) -> int | None:
    """1 for a float +0.0, -1 for -0.0, None otherwise."""
    if c is None or c.dtype not in FLOATS or c.value != 0:
        return None
    return -1 if math.copysign(1.0, c.value) < 0 else 1

