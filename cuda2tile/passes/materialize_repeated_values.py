"""Pass: a large value that TVM would copy into each of its uses is computed once, into a variable.

A let (`int a = ...;`, never assigned again) is a TVM `LetStmt`, and so is each argument TileLang binds
to a `T.macro`'s parameter; TileLang's `Simplify` substitutes every let into its uses. A chain of lets
each used more than once therefore grows exponentially: `a1 = a0 * a0 + a0`, `a2 = a1 * a1 + a1`, ...
takes 13 s to build at 10 lets and never finishes at 16, and nested calls of a helper that reads its
parameters several times (`hi3(hi3(100, hi3(x, hi3(y, z))), 1)`, whose parameters appear 3 and 4
times in its return) did not build within minutes (docs/difftest.md, finding 6). A `T.alloc_var` is
not substituted: the same chain as variables builds in 0.6 s, whatever its length.

TVM's cost grows faster with choices (`T.if_then_else`) than with size: it proves each choice's branches
under its condition. So, in each Parallel region, where a value would be copied into more than one use
and, counting its own lets and helper calls as TVM substitutes them, is large (over `LARGE` nodes) or
holds `CHOICES` choices or more:
  - a let becomes a variable: `DeclVar` at the top of the region, `AssignVar` where the let was;
  - a helper's argument is computed into a fresh variable just before the statement that calls it,
    where C evaluates the call whenever the statement runs (not in a branch of `?:`, right of `&&`/`||`,
    or in a `while` condition, which runs again).
C's value is the same: a variable holds the let's value, and a helper's arguments are evaluated once,
before the call, as C evaluates them. Left alone: lets used as an index or a loop bound (TileLang's
layout inference and loop checks read the thread through them), lets read outside their region, and
the bodies of `__device__` functions (moving a helper's own reads before its caller's expression would
evaluate them where C may not). Most lets of real kernels stay lets: over the ten real trees of
docs/realworld.md, the pass changes a few dozen values (mmcv's bilinear sample coordinates, darknet's
pooling windows), each a variable of the same value.
"""

from __future__ import annotations

from dataclasses import replace

from cuda2tile.ir import tile_ir as I
from cuda2tile.ir.ir_names import all_names, fresh, is_body, map_children, map_parallel_bodies, nodes, statements

LARGE = 96  # nodes, as TVM will see them after substituting lets and helper arguments
CHOICES = 3  # `T.if_then_else`s, likewise (`v = (i < n) ? x[i] : 0.0f` alone stays a let)


def materialize_repeated_values(kernel: I.Kernel) -> I.Kernel:
    if not any(isinstance(s, I.Parallel) for s in statements(kernel.body)):
        return kernel
    sizes = _Sizes({m.name: m for m in kernel.macros})
    taken = all_names(kernel)
    outside = _names_outside_regions(kernel.body)
    body = map_parallel_bodies(kernel.body, lambda region: _Region(region, sizes, taken, outside).rewrite())
    return kernel if body == kernel.body else replace(kernel, body=body)


def _names_outside_regions(stmts: tuple) -> set[str]:
    """Names read anywhere outside a Parallel region (a let there must stay what it is)."""
    return {x.name for x in nodes(map_parallel_bodies(stmts, lambda region: ())) if isinstance(x, I.Var)}


class _Sizes:
    """What TVM sees of an expression once lets and macro arguments are substituted: its size, and how
    many choices it holds (`T.if_then_else`: a `?:`, C's remainder of a value that may be negative, a
    helper whose result is one). TVM's Simplify proves each choice's branches under its condition, so
    choices inside others cost it far more than their size (a 150-node chain of choices took 11 s to
    build, the same values in variables 1 s); one or two cost nothing worth a variable."""

    def __init__(self, macros: dict[str, I.Macro]):
        self.macros = macros
        self.copies: dict[str, list[int]] = {}  # parameter_copies, per macro (asked at every call)

    def of(self, e, env: dict[str, tuple[int, int]]) -> tuple[int, int]:
        if isinstance(e, I.Var):
            return env.get(e.name, (1, 0))
        if isinstance(e, I.MacroCall):
            size, choices = self.call(e.name, [self.of(a, env) for a in e.args])
            return 1 + size, choices  # (the arguments are counted where the macro reads them)
        parts = [self.of(c, env) for c in _children(e)]
        size, choices = 1 + sum(p[0] for p in parts), sum(p[1] for p in parts)
        if isinstance(e, I.Select):
            choices += 1
        elif isinstance(e, I.Binary) and e.op == "truncmod" and isinstance(e.rhs, I.Const) and e.dtype.startswith("int"):
            lhs = self.of(e.lhs, env)  # printed as a choice with x thrice
            size, choices = 5 + 3 * lhs[0], 1 + 3 * lhs[1]
        return size, choices

    def call(self, name: str, args: list[tuple[int, int]]) -> tuple[int, int]:
        """A call of macro `name` as TVM sees it: its return value with each parameter as its argument."""
        m = self.macros.get(name)
        if m is None:
            return sum(a[0] for a in args), sum(a[1] for a in args)
        env = {p.name: a for p, a in zip(m.params, args)}
        size, choices = 0, 0
        for s in statements(m.body):
            if isinstance(s, I.Let):
                env[s.name] = self.of(s.value, env)
            elif isinstance(s, I.Return) and s.value is not None:
                r = self.of(s.value, env)
                size, choices = max(size, r[0]), max(choices, r[1])
        return size, choices

    def parameter_copies(self, name: str) -> list[int]:
        """How many copies of each parameter TVM makes in macro `name`'s return value (a parameter of
        size 1001 against size 1 gives the copies, 1000 nodes each)."""
        if name not in self.copies:
            m = self.macros[name]
            one = [(1, 0)] * len(m.params)
            base = self.call(name, one)[0]
            self.copies[name] = [(self.call(name, one[:i] + [(1001, 0)] + one[i + 1:])[0] - base) // 1000
                                 for i in range(len(m.params))]
        return self.copies[name]


def _costly(seen: tuple[int, int]) -> bool:
    """Whether a value is worth a variable where TVM would copy it: large, or holding choices."""
    size, choices = seen
    return size > LARGE or choices >= CHOICES


def _children(e) -> list:
    out: list = []
    map_children(e, lambda c: out.append(c) or c)
    return [c for c in out if not isinstance(c, tuple)] + [x for c in out if isinstance(c, tuple) for x in c]


class _Region:
    def __init__(self, body: tuple, sizes: _Sizes, taken: set[str], outside: set[str]):
        self.body, self.sizes, self.taken = body, sizes, taken
        self.env: dict[str, tuple[int, int]] = {}  # let name -> its size and choices once substituted
        self.decls: list[I.Stmt] = []
        self.declared: set[str] = set()
        self.line = 0
        uses: dict[str, int] = {}
        for x in nodes(body):
            if isinstance(x, I.Var):
                uses[x.name] = uses.get(x.name, 0) + 1
        self.uses = uses
        self.pinned = outside | _indices_and_bounds(body)

    def rewrite(self) -> tuple:
        body = self.block(self.body)
        return tuple(self.decls) + body if self.decls else self.body

    def block(self, stmts: tuple) -> tuple:
        out: list = []
        for s in stmts:
            out.extend(self.stmt(s))
        return tuple(out)

    def stmt(self, s) -> list:
        if isinstance(s, I.While):  # its condition runs again each iteration: nothing moves out of it
            return [replace(s, body=self.block(s.body))]
        before: list = []
        self.line = s.line  # a helper's argument is computed under its statement's comment
        s = map_children(s, lambda c: c if is_body(c) else self.expr(c, before, lazy=False))
        if isinstance(s, I.If):
            s = replace(s, then=self.block(s.then), other=self.block(s.other))
        elif isinstance(s, I.For):
            s = replace(s, body=self.block(s.body))
        if isinstance(s, I.Let):
            seen = self.sizes.of(s.value, self.env)
            if _costly(seen) and self.uses.get(s.name, 0) > 1 and s.name not in self.pinned:
                self.declare(s.name, s.value.dtype, s.line)
                return before + [I.AssignVar(s.name, s.value, s.line)]
            self.env[s.name] = seen
        return before + [s]

    def expr(self, e, before: list, lazy: bool):
        """`e` with the large arguments of its helper calls moved into variables assigned in `before`."""
        if isinstance(e, tuple):
            return tuple(self.expr(x, before, lazy) for x in e)
        if not hasattr(e, "__dataclass_fields__") or isinstance(e, I.Const):
            return e
        if isinstance(e, I.Select):
            return replace(e, cond=self.expr(e.cond, before, lazy), then=self.expr(e.then, before, True),
                           other=self.expr(e.other, before, True))
        if isinstance(e, I.Binary) and e.op in ("and", "or"):
            return replace(e, lhs=self.expr(e.lhs, before, lazy), rhs=self.expr(e.rhs, before, True))
        e = map_children(e, lambda c: self.expr(c, before, lazy))
        if isinstance(e, I.MacroCall) and not lazy and e.name in self.sizes.macros:
            copies = self.sizes.parameter_copies(e.name)
            params = self.sizes.macros[e.name].params
            args = list(e.args)
            for k, (arg, n) in enumerate(zip(args, copies)):
                if isinstance(arg, I.BufferArg) or n < 2 or not _costly(self.sizes.of(arg, self.env)):
                    continue
                name = fresh(f"{e.name}_{params[k].name}", self.taken)  # `hi3_b`: hi3's parameter b
                self.declare(name, arg.dtype, self.line)
                before.append(I.AssignVar(name, arg, self.line))
                args[k] = I.Var(name, arg.dtype)
            e = replace(e, args=tuple(args))
        return e

    def declare(self, name: str, dtype: str, line: int) -> None:
        if name not in self.declared:
            self.declared.add(name)
            self.decls.append(I.DeclVar(name, dtype, line))


def _indices_and_bounds(body: tuple) -> set[str]:
    """Names read in an index, an address or a loop bound: TileLang reads the thread through these."""
    parts: list = []
    for x in nodes(body):
        if isinstance(x, (I.Load, I.Store, I.PrivateLoad, I.PrivateStore, I.AtomicRMW)):
            parts.append(x.index)
        elif isinstance(x, I.ElementAddress):
            parts.append(x.byte_offset)
        elif isinstance(x, I.For):
            parts += [x.start, x.stop, x.step]
    return {v.name for v in nodes(tuple(parts)) if isinstance(v, I.Var)}
