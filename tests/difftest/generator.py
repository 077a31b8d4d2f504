"""Seeded generator of well-defined CUDA kernels for differential testing (tests/difftest/runner.py).

Every program is a pure function of `(seed, index)`: `generate(seed, index)` seeds its own
`random.Random` with the string `"seed:index"` (hashed with SHA-512, independent of PYTHONHASHSEED)
and builds a `program.Program` tree, which `program.to_cuda` prints as a `.cu` file and
`program.to_spec` as its launch spec (docs/launch-spec.md).

    .venv/bin/python -m tests.difftest.generator --seed 1 --index 7        # print one program and its spec

Expressions are built with the checker's own interval rules (`program.interval` on a scope mirroring
the one being generated): an int that could leave int32 is squashed (`% 4096`) before it can, a float
clamped to [-8, 8] once it exceeds 64, so the finished program passes `program.problems` by
construction (asserted). What it composes: 1-D and 2-D indexing, a bounds guard by early return, by
`if` or by a grid-stride loop; `for` loops (up and down, `break`, `continue`), branches, early returns
in them; local arrays (braced or loop initialised, stored to, read at wrapped indices); `__device__`
helpers by value and by `float&` (only read); int, unsigned and float arithmetic, casts, the math
library, bit intrinsics; integer `atomicAdd`; in the uniform prologue, shared-memory exchanges, tree
reductions, warp shuffles (down/up/xor/idx), xor-butterfly warp sums and votes, alone or in uniform
loops.
"""

from __future__ import annotations

import argparse
import random
import sys

if __package__:
    from . import program as P
else:
    import program as P

FLOAT_FIT, FLOAT_SOFT = 8.0, 64.0  # floats above FLOAT_SOFT in magnitude are clamped to FLOAT_FIT
INT_SOFT = 2**20  # ints above this are squashed (% 4096) before anything can overflow
VAR_INT, VAR_FLOAT = 2**20, 64.0  # the declared interval of an int / float variable
# Known converter bugs the generator steers around by default (`avoid`), so that one bug found in half
# the programs does not hide the others; `generate(..., avoid=frozenset())` and the runner's
# `--no-avoid` emit them again. Each is a finding recorded in docs/difftest.md with its reduced program.
KNOWN_BUGS = {
    "helper-in-logic": "a __device__ helper whose body has statements (`float tmp = ...; return ...;`), called where "
                       "C may skip it (a branch of `?:`, right of `&&`/`||`), is refused with C2T1216: the macro's "
                       "statements would run whatever the condition (finding 4; helpers of one `return` are "
                       "generated there and convert)",
    "shift-by-select": "a right shift whose amount holds a `?:` (`t >> ((gid <= xi[i] ? w : gid) & 7)`) compared "
                       "with 0 in a branch makes TileLang's lowering of the conversion run forever (a hang)",
}
MATH1 = ("fabsf", "sqrtf", "expf", "logf", "sinf", "cosf", "tanhf", "floorf", "rsqrtf")


class Gen:
    """One program's generation state: the random stream, the scope (a checker `Ctx`) and counters."""

    def __init__(self, rng: random.Random, skeleton: P.Program, avoid: frozenset = frozenset(KNOWN_BUGS)):
        self.rng = rng
        self.avoid = avoid
        self.prog = skeleton
        self.ctx = None
        self.count = 0
        self.helpers: dict[str, P.Helper] = {}
        self.logic = 0  # > 0 while generating an operand of ?:, && or ||
        # a stream of its own for the compensated differences (`_float`), so that adding them left every
        # other draw of a program as it was
        self.cancel_rng = random.Random(f"{skeleton.seed}:{skeleton.index}:cancel")

    # ---------------------------------------------------------------- names and scope
    def fresh(self, prefix: str) -> str:
        self.count += 1
        return f"{prefix}{self.count}"

    def interval(self, e):
        errors = len(self.ctx.errors)
        r = P.interval(e, self.ctx)
        if len(self.ctx.errors) > errors:
            del self.ctx.errors[errors:]
            return None
        return r

    def symbols(self, ty: str, kinds=("var", "const", "ref"), lim: float | None = None) -> list[str]:
        seen, out = set(), []
        for scope in reversed(self.ctx.scopes):
            for name, sym in scope.items():
                if name in seen:
                    continue
                seen.add(name)
                if sym.ty == ty and sym.kind in kinds and name not in ("f", "fc"):
                    if lim is None or max(abs(sym.lo), abs(sym.hi)) <= lim:
                        out.append(name)
        return sorted(out)

    def arrays(self, ty: str) -> list[str]:
        return sorted({n for s in self.ctx.scopes for n, sym in s.items() if sym.kind == "array" and sym.ty == ty})

    # ---------------------------------------------------------------- expressions
    def index(self):
        """A global index: the element itself under the guard, else a wrapped one."""
        roll = self.rng.random()
        if self.ctx.guarded and roll < 0.6:
            return P.Var("i", "int")
        return P.Wrap(self.expr("unsigned", 1) if roll > 0.85 else self.simple_unsigned(), "n")

    def simple_unsigned(self):
        """A cheap unsigned index source: a thread or element index, a hash, an unsigned variable, plus a constant."""
        rng = self.rng
        names = ["t", "gid"] + (["i"] if self.ctx.look("i") else [])
        if rng.random() < 0.3 and self.symbols("unsigned"):
            base = P.Var(rng.choice(self.symbols("unsigned")), "unsigned")
        else:
            base = P.Cast("unsigned", P.Var(rng.choice(names), "int"))
        if rng.random() < 0.5:
            base = P.Bin(rng.choice(("+", "*", "^")), base, P.Lit(rng.choice((1, 3, 7, 31, 97)), "unsigned"),
                         "unsigned")
        return base

    def expr(self, ty: str, depth: int):
        for _ in range(20):
            e = self._expr(ty, depth)
            e = self.fit(e)
            if e is not None:
                return e
        return self.leaf(ty)

    def fit(self, e):
        r = self.interval(e)
        if r is None:
            return None
        lo, hi, _ = r
        if e.ty == "float" and max(abs(lo), abs(hi)) > FLOAT_SOFT:
            return P.Clamp(e, FLOAT_FIT, "float")
        if e.ty == "int" and max(abs(lo), abs(hi)) > INT_SOFT:
            return P.Squash(e, 4096)
        return e

    def small(self, e, lim: float):
        """`e` within [-lim, lim]: as is, or squashed / clamped."""
        r = self.interval(e)
        if r is not None and max(abs(r[0]), abs(r[1])) <= lim:
            return e
        if e.ty == "int":
            return P.Squash(e, int(lim) + 1)
        if e.ty == "float":
            return P.Clamp(e, min(lim, FLOAT_FIT), "float")
        return e

    def leaf(self, ty: str):
        rng = self.rng
        names = self.symbols(ty)
        roll = rng.random()
        if ty == "bool":
            return P.Bin(rng.choice(("<", ">=", "!=")), P.Var("t", "int"), P.Lit(rng.randrange(1, 64), "int"), "bool")
        if names and roll < 0.45:
            return P.Var(rng.choice(names), ty)
        if roll < 0.75 and self.ctx.section != "helper":
            buf = {"float": "xf", "int": "xi", "unsigned": "xu"}[ty]
            return P.Load(buf, self.index(), ty)
        if ty == "float":
            return P.Lit(rng.choice((0.5, -0.75, 1.25, 2.0, 0.125, -1.5, 3.0)), "float")
        if ty == "int":
            return P.Lit(rng.choice((0, 1, 2, 3, 7, -5, 13, 100, -31)), "int")
        return P.Lit(rng.choice((1, 3, 0x9E3779B9, 0xFFFF, 255, 0x80000000)), "unsigned")

    def _expr(self, ty: str, depth: int):
        rng = self.rng
        if depth <= 0 or rng.random() < 0.2:
            return self.leaf(ty)
        d = depth - 1
        if ty == "bool":
            return self._bool(d)
        helper = [h for h in self.helpers.values() if h.ty == ty
                  and not (self.logic and h.body and "helper-in-logic" in self.avoid)]
        if helper and self.ctx.section != "helper" and rng.random() < 0.12:
            return self.call_helper(rng.choice(helper))
        if rng.random() < 0.08:
            self.logic += 1
            e = P.Cond(self._bool(d), self.expr(ty, d), self.expr(ty, d), ty)
            self.logic -= 1
            return e
        if ty == "float":
            return self._float(d)
        if ty == "int":
            return self._int(d)
        return self._unsigned(d)

    def _bool(self, d: int):
        rng = self.rng
        roll = rng.random()
        if roll < 0.15 and d > 0:
            self.logic += 1
            e = P.Bin(rng.choice(("&&", "||")), self._bool(d - 1), self._bool(d - 1), "bool")
            self.logic -= 1
            return e
        if roll < 0.2:
            return P.Un("!", self._bool(d), "bool")
        ty = rng.choice(("int", "int", "unsigned", "float"))
        op = rng.choice(("<", "<=", ">", ">=", "==", "!="))
        a, b = self.expr(ty, d), self.expr(ty, d)
        e = P.Bin(op, a, b, "bool")
        return e if self.interval(e) is not None else P.Bin(op, self.leaf("int"), self.leaf("int"), "bool")

    def _float(self, d: int):
        e = self._float_node(d)
        names = self.symbols("float", kinds=("const",), lim=FLOAT_FIT)
        if names and self.cancel_rng.random() < 0.06:
            e = self.compensated(P.Var(self.cancel_rng.choice(names), "float"), e)
        return e

    def compensated(self, a, e):
        """`e` as the difference of a sum that C rounds and TVM would cancel (difftest finding 14):
        `((a + 65536.0f) + e) - (a + 65536.0f)` is e rounded to the step of floats near 65536 (2^-7), so a
        conversion that folds it to e (or `x - (x + e)` to -e) changes the output by up to 2^-8."""
        big = P.Bin("+", a, P.Lit(65536.0, "float"), "float")
        roll = self.cancel_rng.random()
        if roll < 0.4:
            return P.Bin("-", P.Bin("+", big, e, "float"), big, "float")
        if roll < 0.7:
            return P.Bin("-", P.Bin("+", e, big, "float"), big, "float")
        return P.Bin("-", big, P.Bin("+", big, e, "float"), "float")

    def _float_node(self, d: int):
        rng = self.rng
        roll = rng.random()
        if roll < 0.4:
            op = rng.choice(("+", "-", "*", "-"))
            a, b = self.expr("float", d), self.expr("float", d)
            if op == "*":
                a, b = self.small(a, FLOAT_FIT), self.small(b, FLOAT_FIT)
            return P.Bin(op, a, b, "float")
        if roll < 0.47:
            return P.SafeDiv("/", self.expr("float", d), self.expr("float", d), "float")
        if roll < 0.7:
            fn = rng.choice(MATH1)
            x = self.expr("float", d)
            if fn in ("sqrtf", "logf", "rsqrtf"):
                x = P.Call("fabsf", (x,), "float")
                if fn != "sqrtf":
                    x = P.Bin("+", x, P.Lit(1.0, "float"), "float")
            elif fn == "expf":
                x = P.Clamp(x, 4.0, "float")
            return P.Call(fn, (x,), "float")
        if roll < 0.8:
            fn = rng.choice(("fminf", "fmaxf", "fmaf"))
            args = (self.expr("float", d), self.expr("float", d))
            if fn == "fmaf":
                args = (self.small(args[0], FLOAT_FIT), self.small(args[1], FLOAT_FIT), self.expr("float", d))
            return P.Call(fn, args, "float")
        if roll < 0.9:
            src = rng.choice(("int", "unsigned", "bool"))
            if src == "unsigned":
                return P.Cast("float", P.Bin("&", self.expr("unsigned", d), P.Lit(1023, "unsigned"), "unsigned"))
            if src == "bool":
                return P.Cast("float", self._bool(d))
            return P.Cast("float", self.small(self.expr("int", d), 4096))
        return P.Un("-", self.expr("float", d), "float")

    def _int(self, d: int):
        rng = self.rng
        roll = rng.random()
        if roll < 0.35:
            op = rng.choice(("+", "-", "*", "&", "|", "^"))
            a, b = self.expr("int", d), self.expr("int", d)
            if op == "*":
                a, b = self.small(a, 4095), self.small(b, 4095)
            return P.Bin(op, a, b, "int")
        if roll < 0.45:
            return P.SafeDiv(rng.choice(("/", "%")), self.expr("int", d), self.expr("int", d), "int")
        if roll < 0.5:
            return P.Shift(">>", self.expr("int", d), self.shift_amount("int", d), "int")
        if roll < 0.6:
            scale = rng.choice((1.0, 8.0, 64.0, 1024.0))
            x = P.Load("xf", self.index(), "float")
            return P.F2I(P.Bin("*", x, P.Lit(scale, "float"), "float") if scale != 1.0 else x)
        if roll < 0.7:
            return P.Cast("int", P.Bin("&", self.expr("unsigned", d), P.Lit(rng.choice((255, 4095, 0xFFFFF)),
                                                                           "unsigned"), "unsigned"))
        if roll < 0.75:
            return P.Cast("int", self._bool(d))
        if roll < 0.88:
            fn = rng.choice(("min", "max", "abs", "__popc", "__clz"))
            if fn == "__popc":
                return P.Call(fn, (self.expr("unsigned", d),), "int")
            if fn in ("abs", "__clz"):
                return P.Call(fn, (self.expr("int", d),), "int")
            return P.Call(fn, (self.expr("int", d), self.expr("int", d)), "int")
        if roll < 0.94:
            return P.Un("-", self.expr("int", d), "int")
        return P.Squash(self.expr("int", d), rng.choice((7, 64, 1000)))

    def _unsigned(self, d: int):
        rng = self.rng
        roll = rng.random()
        if roll < 0.45:
            op = rng.choice(("+", "-", "*", "&", "|", "^", "*"))
            return P.Bin(op, self.expr("unsigned", d), self.expr("unsigned", d), "unsigned")
        if roll < 0.55:
            return P.SafeDiv(rng.choice(("/", "%")), self.expr("unsigned", d), self.expr("unsigned", d), "unsigned")
        if roll < 0.7:
            op = rng.choice(("<<", ">>"))
            lhs = self.expr("unsigned", d)
            return P.Shift(op, lhs, self.shift_amount("unsigned", d), "unsigned")
        if roll < 0.85:
            return P.Cast("unsigned", self.expr(rng.choice(("int", "int", "bool")), d))
        if roll < 0.92:
            fn = rng.choice(("umin", "umax", "__brev"))
            args = (self.expr("unsigned", d),) if fn == "__brev" else (self.expr("unsigned", d),
                                                                       self.expr("unsigned", d))
            return P.Call(fn, args, "unsigned")
        x = self.expr("unsigned", d)
        op = rng.choice(("~", "-"))  # `-k` is 2^32 - k (finding 2, fixed)
        return P.Un(op, x, "unsigned")

    def shift_amount(self, ty: str, d: int):
        """A shift's amount (masked when printed); avoiding `shift-by-select`: one without `?:` in it."""
        for _ in range(10):
            e = self.expr(ty, d)
            if "shift-by-select" not in self.avoid or not any(isinstance(n, P.Cond) for n in P.walk(e)):
                return e
        return self.leaf(ty) if ty != "unsigned" or self.symbols("unsigned") else P.Lit(3, ty)

    def call_helper(self, h: P.Helper):
        args = []
        for p in h.params:
            if p.ref:
                names = self.symbols("float", ("var", "const"), lim=p.hi)
                if not names:
                    return self.leaf(h.ty)
                args.append(P.Var(self.rng.choice(names), "float"))
            elif p.ty == "unsigned":
                args.append(self.expr("unsigned", 1))
            else:
                args.append(self.small(self.expr(p.ty, 1), p.hi if p.ty == "int" else FLOAT_FIT))
        return P.Call(h.name, tuple(args), h.ty)

    def local_index(self):
        """An index into a local array (wrapped by its size): a serial loop's variable, a constant, or a value
        that depends on the thread, even a loaded one (finding 3, fixed: `la[t % 4u]` is chosen among the
        elements, cuda2tile/passes/select_local_elements.py)."""
        loops = [n for n in self.symbols("int", ("const",)) if n.startswith("q")]
        roll = self.rng.random()
        if loops and roll < 0.35:
            return P.Cast("unsigned", P.Var(self.rng.choice(loops), "int"))
        if roll < 0.5:
            return P.Lit(self.rng.randrange(4), "unsigned")
        return self.simple_unsigned()

    # ---------------------------------------------------------------- helpers
    def helper(self, ty: str) -> P.Helper:
        name = self.fresh({"float": "hf", "int": "hi", "unsigned": "hu"}[ty])
        if ty == "float":
            params = (P.Param("a", "float", -FLOAT_FIT, FLOAT_FIT), P.Param("b", "float", -VAR_FLOAT, VAR_FLOAT,
                                                                            ref=self.rng.random() < 0.7))
        elif ty == "int":
            params = (P.Param("a", "int", -4095, 4095), P.Param("b", "int", -4095, 4095))
        else:
            params = (P.Param("a", "unsigned", 0, P.U32_MAX), P.Param("b", "int", -4095, 4095))
        self.ctx = P.Ctx([{p.name: P.Sym(p.ty, p.lo, p.hi, "ref" if p.ref else "const") for p in params}], {},
                         None, "helper")
        body = ()
        if self.rng.random() < 0.5:
            init = self.expr(ty, 2)
            r = self.interval(init)
            lo, hi = (r[0], r[1]) if ty != "unsigned" else (0, P.U32_MAX)
            body = (P.Decl(ty, "tmp", init, lo, hi),)
            P._decl(body[0], self.ctx)
        ret = self.expr(ty, 3)
        return P.Helper(name, ty, params, body, ret)

    # ---------------------------------------------------------------- statements
    def decl(self, ty: str | None = None, depth: int = 3) -> list:
        ty = ty or self.rng.choice(("int", "int", "unsigned", "float", "float"))
        init = self.expr(ty, depth)
        name = self.fresh("v")
        if ty == "int":
            init, lo, hi = self.small(init, VAR_INT), -VAR_INT, VAR_INT
        elif ty == "float":
            init, lo, hi = self.small(init, VAR_FLOAT), -VAR_FLOAT, VAR_FLOAT
        else:
            lo, hi = 0, P.U32_MAX
        d = P.Decl(ty, name, init, lo, hi)
        P._decl(d, self.ctx)
        return [d, self.mix(P.Var(name, ty))]

    def mix(self, e):
        coop = self.ctx.section == "coop"
        if e.ty == "float":
            r = self.interval(e)
            return P.Mix("fc" if coop else "f", e, float(int(max(abs(r[0]), abs(r[1]))) + 1))
        return P.Mix("hc" if coop else "h", e)

    def assign(self) -> list:
        targets = [(n, ty) for ty in ("int", "unsigned", "float") for n in self.symbols(ty, ("var",))]
        if not targets:
            return self.decl()
        name, ty = self.rng.choice(targets)
        sym = self.ctx.look(name)
        if ty == "float" and self.rng.random() < 0.4:  # a damped accumulation stays in its interval
            value = P.Bin("+", P.Bin("*", P.Var(name, ty), P.Lit(0.5, "float"), "float"),
                          self.small(self.expr("float", 2), sym.hi / 2), "float")
        elif ty == "unsigned" and self.rng.random() < 0.4:
            value = P.Bin("+", P.Bin("*", P.Var(name, ty), P.Lit(31, "unsigned"), "unsigned"),
                          self.expr("unsigned", 2), "unsigned")
        else:
            value = self.expr(ty, 3)
            if ty == "int":
                value = self.small(value, sym.hi)
            elif ty == "float":
                value = self.small(value, sym.hi)
        s = P.Assign(name, value)
        P._check_stmt(s, self.ctx)  # an inexact value makes the variable inexact from here on
        return [s, self.mix(P.Var(name, ty))]

    def block(self, budget: int, depth: int, *, in_loop: bool = False) -> tuple:
        """Per-element statements, `budget` of them at this level."""
        self.ctx.scopes.append({})
        out = []
        for _ in range(budget):
            out += self.statement(depth, in_loop)
        self.ctx.scopes.pop()
        return tuple(out)

    def statement(self, depth: int, in_loop: bool) -> list:
        rng = self.rng
        roll = rng.random()
        if roll < 0.3:
            return self.decl()
        if roll < 0.45:
            return self.assign()
        if roll < 0.57 and depth > 0:
            cond = self._bool(2)
            then = self.block(rng.randint(1, 3), depth - 1, in_loop=in_loop)
            other = self.block(rng.randint(1, 2), depth - 1, in_loop=in_loop) if rng.random() < 0.5 else ()
            return [P.If(cond, then, other)]
        if roll < 0.67 and depth > 0:
            var = self.fresh("q")
            start, stop, step = rng.choice(((0, 4, 1), (0, 8, 1), (1, 7, 2), (0, 3, 1), (2, 10, 3)))
            self.ctx.scopes.append({var: P.Sym("int", start, stop - 1, "const")})
            body = self.block(rng.randint(1, 3), depth - 1, in_loop=True)
            self.ctx.scopes.pop()
            return [P.For(var, start, stop, step, body, down=rng.random() < 0.3)]
        if roll < 0.72 and in_loop:
            return [P.If(self._bool(1), (rng.choice((P.Break(), P.Continue())),))]
        if roll < 0.75:
            return [P.If(self._bool(2), (P.Return(),))]
        if roll < 0.83:
            return self.local_array()
        if roll < 0.9:
            buf = rng.choice(("cnt", "ucnt"))
            slot = P.Wrap(self.simple_unsigned() if rng.random() < 0.5 else self.expr("unsigned", 1), P.CNT)
            if buf == "cnt":
                value = P.Squash(self.small(self.expr("int", 2), INT_SOFT), 256)
            else:
                value = P.Bin("&", self.expr("unsigned", 2), P.Lit(255, "unsigned"), "unsigned")
            return [P.Atomic(buf, slot, value)]
        return self.decl()

    def local_array(self) -> list:
        rng = self.rng
        ty = rng.choice(("float", "int", "unsigned"))
        lim = VAR_FLOAT if ty == "float" else VAR_INT
        lo, hi = (-lim, lim) if ty != "unsigned" else (0, P.U32_MAX)
        name = self.fresh("la")
        if rng.random() < 0.5:
            var = self.fresh("q")
            self.ctx.scopes.append({var: P.Sym("int", 0, 3, "const")})
            init = (self.small(self.expr(ty, 2), lim),)
            self.ctx.scopes.pop()
        else:
            var = ""
            init = tuple(self.small(self.expr(ty, 1), lim) for _ in range(4))
        arr = P.LocalArray(ty, name, init, lo, hi, 4, var)
        P._check_stmt(arr, self.ctx)
        out = [arr]
        if rng.random() < 0.6:
            out.append(P.StoreLocal(name, P.Wrap(self.local_index(), 4), self.small(self.expr(ty, 2), lim)))
            P._check_stmt(out[-1], self.ctx)
        for _ in range(rng.randint(1, 2)):
            out.append(self.mix(P.Load(name, P.Wrap(self.local_index(), 4), ty)))
        return out

    def cooperative(self, budget: int, loops: bool = True) -> tuple:
        rng = self.rng
        out = []
        for _ in range(budget):
            roll = rng.random()
            if roll < 0.25:
                out += self.decl(depth=2)
                continue
            if roll < 0.35 and loops:
                var = self.fresh("r")
                stop = rng.randint(2, 3)
                self.ctx.scopes.append({var: P.Sym("int", 0, stop - 1, "const")})
                self.ctx.scopes.append({})
                body = self.cooperative(rng.randint(1, 2), loops=False)
                self.ctx.scopes.pop()
                self.ctx.scopes.pop()
                out.append(P.For(var, 0, stop, 1, body))
                continue
            kind = rng.choice(("exchange", "tree", "shuffle", "shuffle", "warpsum", "vote"))
            ty = rng.choice(("float", "int", "unsigned"))
            name = self.fresh("c")
            value = self.expr(ty, 2)
            if kind == "exchange":
                s = P.Exchange(name, ty, value, rng.choice((-1, 1, 5, 33)))
            elif kind in ("tree", "warpsum"):
                if ty == "float":
                    value = P.Bin("+", P.Call("fabsf", (self.small(value, FLOAT_FIT),), "float"),
                                  P.Lit(1.0, "float"), "float")
                elif ty == "int":
                    value = self.small(value, 4095)
                s = (P.TreeReduce(name, ty, value, rng.random() < 0.7) if kind == "tree"
                     else P.WarpSum(name, ty, value))
            elif kind == "shuffle":
                sk = rng.choice(("down", "up", "xor", "idx"))
                delta = rng.choice((1, 2, 4, 8, 16)) if sk == "xor" else rng.randint(1, 31)
                s = P.Shuffle(name, ty, sk, value, delta)
            else:
                s = P.Vote(name, rng.choice(("ballot", "any", "all")), self._bool(2))
            P._check_stmt(s, self.ctx)
            rty = "unsigned" if isinstance(s, P.Vote) and s.kind == "ballot" else "int" if isinstance(s, P.Vote) else ty
            out += [s, self.mix(P.Var(name, rty))]
        return tuple(out)


def generate(seed: int, index: int, avoid: frozenset = frozenset(KNOWN_BUGS)) -> P.Program:
    """Program `index` of run `seed`: well defined (asserted), deterministic; steering around the known
    bugs named in `avoid`."""
    rng = random.Random(f"{seed}:{index}")
    layout = rng.choice(("return", "return", "if", "stride", "2d"))
    if layout == "2d":
        block = rng.choice(((16, 4), (8, 8), (32, 2), (16, 8)))
        sizes = (rng.randint(8, 40), rng.randint(4, 24))
    else:
        block = (rng.choice((32, 64, 128, 256)),)
        sizes = (rng.randint(40, 600),)
    grid_blocks = rng.randint(1, 3)
    key = rng.randrange(2**32)  # half of them at or above 2^31 (finding 1)
    scalars = (rng.choice((0.5, -0.75, 1.25, 0.3)), rng.randint(-50, 50), key)
    skeleton = P.Program(seed, index, layout, block, sizes, grid_blocks, scalars, (), (), ())
    gen = Gen(rng, skeleton, avoid)
    helpers = tuple(gen.helper(rng.choice(("float", "float", "int", "unsigned"))) for _ in range(rng.randint(0, 3)))
    gen.helpers = {h.name: h for h in helpers}
    gen.prog = skeleton = P.Program(seed, index, layout, block, sizes, grid_blocks, scalars, helpers, (), ())
    gen.ctx = P.Ctx([P.base_scope(skeleton)], gen.helpers, skeleton)
    coop = gen.cooperative(rng.randint(0, 5))
    gen.ctx.section, gen.ctx.uniform, gen.ctx.guarded = "body", False, True
    gen.ctx.scopes.append(P.element_scope(skeleton))
    body = gen.block(rng.randint(3, 9), 2)
    prog = P.Program(seed, index, layout, block, sizes, grid_blocks, scalars, helpers, coop, body)
    errors = P.problems(prog)
    assert not errors, f"generator produced an ill-defined program ({seed}:{index}): {errors[:3]}"
    return prog


def features(prog: P.Program) -> set[str]:
    """The constructs a program exercises (names of the generator's productions)."""
    out = {f"layout:{prog.layout}"}
    for node in P.walk((prog.helpers, prog.coop, prog.body)):
        if isinstance(node, P.Call):
            out.add(f"call:{node.fn}" if node.fn in P.MATH else "call:helper")
        elif isinstance(node, P.Param) and node.ref:
            out.add("helper:ref-param")
        elif isinstance(node, P.Shuffle):
            out.add(f"shuffle:{node.kind}")
        elif isinstance(node, P.Vote):
            out.add(f"vote:{node.kind}")
        elif isinstance(node, P.For):
            out.add("for:down" if node.down else "for")
        elif isinstance(node, (P.Bin, P.SafeDiv, P.Shift)):
            out.add(f"op:{node.ty}:{node.op}")
            if isinstance(node, P.Bin) and node.op == "-" and node.ty == "float" and \
                    any(isinstance(side, P.Bin) and side.op == "+" and other in (side.a, side.b)
                        for side, other in ((node.a, node.b), (node.b, node.a))):
                out.add("compensated-difference")
        elif isinstance(node, P.Cast):
            out.add(f"cast:{node.ty}")
        elif hasattr(node, "__dataclass_fields__") and not isinstance(node, (P.Lit, P.Var, P.Param, P.Helper)):
            out.add(type(node).__name__)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tests.difftest.generator", description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--index", type=int, required=True)
    args = ap.parse_args(argv)
    prog = generate(args.seed, args.index)
    print(P.to_cuda(prog))
    print(P.to_spec(prog))
    return 0


if __name__ == "__main__":
    sys.exit(main())
