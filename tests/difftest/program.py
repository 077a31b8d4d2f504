"""The program tree of the differential tester: frozen dataclasses, their CUDA printer, their launch spec,
and `problems(program)`, the checker that every generated or reduced program is free of undefined
behaviour.

A program is one `__global__` kernel (plus `__device__` helpers) on a fixed skeleton:

    int t = threadIdx.x;  int gid = blockIdx.x * blockDim.x + t;       (2-D: row, col, gid = row * w + col)
    unsigned hc = key;  float fc = 0.0f;
    <coop>          every thread of the block, uniform control: shared memory, barriers, shuffles
    <guard>         `if (gid >= n) return;` / `if (gid < n) {` / a grid-stride loop / the 2-D bounds
    int i = gid;  unsigned h = hc ^ (unsigned)i;  float f = fc;
    <body>          per element: branches, loops, early returns, local arrays, helpers, atomics
    outf[i] = f;  outh[i] = h;

Every statement's value is mixed into `h` (integers, FNV style) or `f` (floats, `f += v + offset` with
`offset` above `|v|`, so the sum never cancels and a tolerance on it stays meaningful), so a statement the
conversion drops changes an output. Undefined behaviour is ruled out by construction and checked again
by `problems()` (the reducer's filter): signed integers carry an interval that must stay inside int32;
divisions and shifts are printed with their guards (`a / ((b & 7) + 1)`, `u << (v & 31u)`); global loads
at `i` only under the bounds guard, any other index wrapped (`xf[(e) % (unsigned)n]`); barriers and
shuffles only in the uniform prologue (never after a return, never under a branch), each cooperative
statement with its own shared array and a barrier after its read; float-to-int casts only of values
both sides compute bit for bit; float comparisons never on sums the conversion may re-associate.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, fields

INT_MIN, INT_MAX, U32_MAX = -2**31, 2**31 - 1, 2**32 - 1
FLOAT_LIMIT = 1e5  # |float| bound of every value: no overflow, no infinities, meaningful tolerances
CNT = 8  # slots of the atomic counters

# ------------------------------------------------------------------------------------------------
# Expressions
# ------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Lit:
    value: int | float
    ty: str  # int | unsigned | float | bool


@dataclass(frozen=True, slots=True)
class Var:
    name: str
    ty: str


@dataclass(frozen=True, slots=True)
class Wrap:
    """`(e) % (unsigned)n` or `(e) % 4u`: an index that is in range whatever `e` is (unsigned)."""
    e: object
    size: int | str  # a length, or the name of an int parameter (always positive)


@dataclass(frozen=True, slots=True)
class Load:
    buf: str  # a global input buffer or a local array
    index: object  # Var("i") (under the guard) or Wrap
    ty: str


@dataclass(frozen=True, slots=True)
class Bin:
    op: str  # + - * & | ^  < <= > >= == !=  && ||
    a: object
    b: object
    ty: str


@dataclass(frozen=True, slots=True)
class Un:
    op: str  # - ~ !
    a: object
    ty: str


@dataclass(frozen=True, slots=True)
class Cast:
    ty: str
    a: object


@dataclass(frozen=True, slots=True)
class F2I:
    """`(int)(a)` of a float both sides compute bit for bit (an input scaled by a power of two...)."""
    a: object
    ty: str = "int"


@dataclass(frozen=True, slots=True)
class Cond:
    c: object
    a: object
    b: object
    ty: str


@dataclass(frozen=True, slots=True)
class Call:
    fn: str  # a MATH function, or a helper's name
    args: tuple
    ty: str


@dataclass(frozen=True, slots=True)
class SafeDiv:
    """`a / ((b & 7) + 1)`, `a % ((b & 7u) + 1u)`, `a / (fabsf(b) + 1.0f)`: never by zero."""
    op: str  # / %
    a: object
    b: object
    ty: str


@dataclass(frozen=True, slots=True)
class Shift:
    """`u << (b & 31u)`, `u >> (b & 31u)`, `x >> (b & 7)` (int: right shifts only)."""
    op: str
    a: object
    b: object
    ty: str


@dataclass(frozen=True, slots=True)
class Clamp:
    """`fminf(fmaxf(a, -lim), lim)` (float) or `min(max(a, -lim), lim)` (int)."""
    a: object
    lim: int | float
    ty: str


@dataclass(frozen=True, slots=True)
class Squash:
    """`(a) % m` of an int: keeps its sign, stays below m in magnitude."""
    a: object
    m: int
    ty: str = "int"


# ------------------------------------------------------------------------------------------------
# Statements
# ------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Decl:
    ty: str
    name: str
    init: object
    lo: float = 0  # the interval every value of the variable stays in (ignored for unsigned)
    hi: float = 0


@dataclass(frozen=True, slots=True)
class Assign:
    name: str
    value: object


@dataclass(frozen=True, slots=True)
class Mix:
    """`acc = (acc ^ (unsigned)(e)) * 16777619u;` (acc unsigned) or `acc += (e) + offset;` (acc float)."""
    acc: str
    e: object
    offset: float = 0.0


@dataclass(frozen=True, slots=True)
class If:
    cond: object
    then: tuple
    other: tuple = ()


@dataclass(frozen=True, slots=True)
class For:
    """`for (int var = start; var < stop; var += step)`, or counting down from `stop - 1` to `start`."""
    var: str
    start: int
    stop: int
    step: int
    body: tuple
    down: bool = False


@dataclass(frozen=True, slots=True)
class Return:
    pass


@dataclass(frozen=True, slots=True)
class Break:
    pass


@dataclass(frozen=True, slots=True)
class Continue:
    pass


@dataclass(frozen=True, slots=True)
class Atomic:
    """`atomicAdd(&buf[index], value);` on an integer counter (its total does not depend on the order)."""
    buf: str  # cnt (int) | ucnt (unsigned)
    index: object  # Wrap(e, CNT)
    value: object


@dataclass(frozen=True, slots=True)
class LocalArray:
    """`float la[4] = {e0, e1, e2, e3};`, or with `var` set: `float la[4]; for (var..) la[var] = init[0];`."""
    ty: str
    name: str
    init: tuple
    lo: float
    hi: float
    size: int = 4
    var: str = ""


@dataclass(frozen=True, slots=True)
class StoreLocal:
    name: str
    index: object  # Wrap(e, size)
    value: object


# cooperative statements (the uniform prologue only); `name` is the per-thread result variable and
# `s_<name>` the shared array a shared-memory one uses


@dataclass(frozen=True, slots=True)
class Exchange:
    """`s[t] = value; __syncthreads(); T name = s[(t + off) % B]; __syncthreads();` (off = -1: `B - 1 - t`)."""
    name: str
    ty: str
    value: object
    off: int


@dataclass(frozen=True, slots=True)
class TreeReduce:
    """The shared-memory tree sum of `value` over the block; `name` = the sum (floats: times 1/B)."""
    name: str
    ty: str
    value: object
    dim_bound: bool = True  # `s = blockDim.x / 2` (1-D) or the literal


@dataclass(frozen=True, slots=True)
class Shuffle:
    """`T name = __shfl_<kind>_sync(0xffffffff, value, delta)` (idx: lane `(t + delta) & 31`)."""
    name: str
    ty: str
    kind: str  # down | up | xor | idx
    value: object
    delta: int


@dataclass(frozen=True, slots=True)
class WarpSum:
    """`T name = value; for (o = 16; o > 0; o >>= 1) name += __shfl_xor_sync(0xffffffff, name, o);`"""
    name: str
    ty: str
    value: object


@dataclass(frozen=True, slots=True)
class Vote:
    """`unsigned name = __ballot_sync(0xffffffff, pred);` or `int name = __any_sync / __all_sync(...)`."""
    name: str
    kind: str  # ballot | any | all
    pred: object


COOPERATIVE = (Exchange, TreeReduce, Shuffle, WarpSum, Vote)
SHARED = (Exchange, TreeReduce)


# ------------------------------------------------------------------------------------------------
# Helpers and the program
# ------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Param:
    name: str
    ty: str
    lo: float = 0
    hi: float = 0
    ref: bool = False  # `float& name`, only read


@dataclass(frozen=True, slots=True)
class Helper:
    name: str
    ty: str
    params: tuple
    body: tuple  # Decls
    ret: object


@dataclass(frozen=True, slots=True)
class Program:
    seed: int
    index: int
    layout: str  # return | if | stride | 2d
    block: tuple  # (bx,) or (bx, by)
    sizes: tuple  # (n,) or (w, hgt)
    grid_blocks: int  # stride layout: blocks of the launch (others: enough to cover n)
    scalars: tuple  # (alpha, k, key)
    helpers: tuple
    coop: tuple
    body: tuple
    features: frozenset = field(default=frozenset(), compare=False)

    @property
    def threads(self) -> int:
        return math.prod(self.block)

    @property
    def n(self) -> int:
        return math.prod(self.sizes)


BUFFERS = {"xf": ("float", -1.0, 1.0), "xi": ("int", -1000, 999), "xu": ("unsigned", 0, U32_MAX)}

# name: (argument types, result type); domains and intervals in _call_interval
MATH = {
    "fabsf": (("float",), "float"), "sqrtf": (("float",), "float"), "expf": (("float",), "float"),
    "logf": (("float",), "float"), "sinf": (("float",), "float"), "cosf": (("float",), "float"),
    "tanhf": (("float",), "float"), "floorf": (("float",), "float"), "rsqrtf": (("float",), "float"),
    "fminf": (("float", "float"), "float"), "fmaxf": (("float", "float"), "float"),
    "fmaf": (("float", "float", "float"), "float"),
    "min": (("int", "int"), "int"), "max": (("int", "int"), "int"), "abs": (("int",), "int"),
    "umin": (("unsigned", "unsigned"), "unsigned"), "umax": (("unsigned", "unsigned"), "unsigned"),
    "__popc": (("unsigned",), "int"), "__clz": (("int",), "int"), "__brev": (("unsigned",), "unsigned"),
}
_SPELLING = {"umin": "min", "umax": "max"}
EXACT_SENSITIVE = {"floorf"}  # a step function: only of values both sides compute bit for bit


# ------------------------------------------------------------------------------------------------
# Printing
# ------------------------------------------------------------------------------------------------
def _lit(v, ty: str) -> str:
    if ty == "float":
        text = repr(float(v))
        text = text + "f" if "e" in text or "." in text else text + ".0f"
        return f"({text})" if v < 0 else text
    if ty == "unsigned":
        return f"{int(v)}u"
    if ty == "bool":
        return "true" if v else "false"
    return str(int(v)) if v >= 0 else f"({int(v)})"


def expr(e) -> str:
    """C spelling of an expression, fully parenthesised (one rule: no precedence to get wrong)."""
    match e:
        case Lit(v, ty):
            return _lit(v, ty)
        case Var(name, _):
            return name
        case Wrap(x, size):
            return f"({expr(x)}) % " + (f"(unsigned){size}" if isinstance(size, str) else f"{size}u")
        case Load(buf, index, _):
            return f"{buf}[{expr(index)}]"
        case Bin(op, a, b, _):
            return f"({expr(a)} {op} {expr(b)})"
        case Un(op, a, _):
            return f"({op}{expr(a)})"
        case Cast(ty, a):
            return f"(({ty}){expr(a)})"
        case F2I(a, _):
            return f"((int){expr(a)})"
        case Cond(c, a, b, _):
            return f"({expr(c)} ? {expr(a)} : {expr(b)})"
        case Call(fn, args, _):
            return f"{_SPELLING.get(fn, fn)}({', '.join(expr(a) for a in args)})"
        case SafeDiv(op, a, b, ty):
            guard = {"int": f"(({expr(b)} & 7) + 1)", "unsigned": f"(({expr(b)} & 7u) + 1u)",
                     "float": f"(fabsf({expr(b)}) + 1.0f)"}[ty]
            return f"({expr(a)} {op} {guard})"
        case Shift(op, a, b, ty):
            return f"({expr(a)} {op} ({expr(b)} & {'31u' if ty == 'unsigned' else '7'}))"
        case Clamp(a, lim, ty):
            if ty == "float":
                return f"fminf(fmaxf({expr(a)}, {_lit(-lim, ty)}), {_lit(lim, ty)})"
            return f"min(max({expr(a)}, {_lit(-lim, ty)}), {_lit(lim, ty)})"
        case Squash(a, m, _):
            return f"({expr(a)} % {m})"
    raise TypeError(f"not an expression: {e!r}")


def _stmts(body, ind: str, prog: Program) -> list[str]:
    out = []
    for s in body:
        out += _stmt(s, ind, prog)
    return out


def _stmt(s, ind: str, prog: Program) -> list[str]:
    b = prog.threads
    match s:
        case Decl(ty, name, init, _, _):
            return [f"{ind}{ty} {name} = {expr(init)};"]
        case Assign(name, value):
            return [f"{ind}{name} = {expr(value)};"]
        case Mix(acc, e, offset):
            if acc in ("h", "hc"):
                return [f"{ind}{acc} = ({acc} ^ ((unsigned){expr(e)})) * 16777619u;"]
            return [f"{ind}{acc} += {expr(e)} + {_lit(offset, 'float')};"]
        case If(cond, then, other):
            lines = [f"{ind}if ({expr(cond)}) {{", *_stmts(then, ind + "    ", prog)]
            if other:
                lines += [f"{ind}}} else {{", *_stmts(other, ind + "    ", prog)]
            return lines + [f"{ind}}}"]
        case For(var, start, stop, step, body, down):
            head = (f"for (int {var} = {stop - 1}; {var} >= {start}; {var} -= {step})" if down
                    else f"for (int {var} = {start}; {var} < {stop}; {var} += {step})")
            return [f"{ind}{head} {{", *_stmts(body, ind + "    ", prog), f"{ind}}}"]
        case Return():
            return [f"{ind}return;"]
        case Break():
            return [f"{ind}break;"]
        case Continue():
            return [f"{ind}continue;"]
        case Atomic(buf, index, value):
            return [f"{ind}atomicAdd(&{buf}[{expr(index)}], {expr(value)});"]
        case LocalArray(ty, name, init, _, _, size, var):
            if var:
                return [f"{ind}{ty} {name}[{size}];",
                        f"{ind}for (int {var} = 0; {var} < {size}; ++{var}) {name}[{var}] = {expr(init[0])};"]
            return [f"{ind}{ty} {name}[{size}] = {{{', '.join(expr(x) for x in init)}}};"]
        case StoreLocal(name, index, value):
            return [f"{ind}{name}[{expr(index)}] = {expr(value)};"]
        case Exchange(name, ty, value, off):
            src = f"{b - 1} - t" if off < 0 else f"(t + {off}) % {b}"
            return [f"{ind}s_{name}[t] = {expr(value)};", f"{ind}__syncthreads();",
                    f"{ind}{ty} {name} = s_{name}[{src}];", f"{ind}__syncthreads();"]
        case TreeReduce(name, ty, value, dim_bound):
            start = "blockDim.x / 2" if dim_bound and len(prog.block) == 1 else str(b // 2)
            tail = f" * {_lit(1.0 / b, 'float')}" if ty == "float" else ""
            return [f"{ind}s_{name}[t] = {expr(value)};", f"{ind}__syncthreads();",
                    f"{ind}for (int st = {start}; st > 0; st >>= 1) {{",
                    f"{ind}    if (t < st) s_{name}[t] += s_{name}[t + st];",
                    f"{ind}    __syncthreads();", f"{ind}}}",
                    f"{ind}{ty} {name} = s_{name}[0]{tail};", f"{ind}__syncthreads();"]
        case Shuffle(name, ty, kind, value, delta):
            if kind == "idx":
                return [f"{ind}{ty} {name} = __shfl_sync(0xffffffff, {expr(value)}, (t + {delta}) & 31);"]
            return [f"{ind}{ty} {name} = __shfl_{kind}_sync(0xffffffff, {expr(value)}, {delta});"]
        case WarpSum(name, ty, value):
            return [f"{ind}{ty} {name} = {expr(value)};",
                    f"{ind}for (int o = 16; o > 0; o >>= 1) {name} += __shfl_xor_sync(0xffffffff, {name}, o);"]
        case Vote(name, kind, pred):
            ty = "unsigned" if kind == "ballot" else "int"
            return [f"{ind}{ty} {name} = __{kind}_sync(0xffffffff, {expr(pred)});"]
    raise TypeError(f"not a statement: {s!r}")


def walk(node):
    """Every node of a tree (statements, expressions, tuples), parents first."""
    yield node
    if isinstance(node, tuple):
        for x in node:
            yield from walk(x)
    elif hasattr(node, "__dataclass_fields__"):
        for f in fields(node):
            yield from walk(getattr(node, f.name))


def _helper(h: Helper) -> list[str]:
    params = ", ".join(f"{p.ty}& {p.name}" if p.ref else f"{p.ty} {p.name}" for p in h.params)
    return [f"__device__ {h.ty} {h.name}({params})", "{", *[f"    {d.ty} {d.name} = {expr(d.init)};" for d in h.body],
            f"    return {expr(h.ret)};", "}", ""]


KERNEL = "dt_kernel"
SIGNATURE = ("int n, int w, int hgt, float alpha, int k, unsigned key, const float* xf, const int* xi, "
             "const unsigned* xu, float* outf, unsigned* outh, int* cnt, unsigned* ucnt")


def to_cuda(prog: Program) -> str:
    lines = [f"// difftest program: seed {prog.seed}, index {prog.index} (tests/difftest/generator.py)",
             "#include <cuda_runtime.h>", ""]
    for h in prog.helpers:
        lines += _helper(h)
    lines += [f"__global__ void {KERNEL}({SIGNATURE})", "{"]
    shared = [s for s in walk(prog.coop) if isinstance(s, SHARED)]
    lines += [f"    __shared__ {s.ty} s_{s.name}[{prog.threads}];" for s in shared]
    if prog.layout == "2d":
        lines += ["    int t = threadIdx.y * blockDim.x + threadIdx.x;",
                  "    int row = blockIdx.y * blockDim.y + threadIdx.y;",
                  "    int col = blockIdx.x * blockDim.x + threadIdx.x;",
                  "    int gid = row * w + col;"]
    else:
        lines += ["    int t = threadIdx.x;", "    int gid = blockIdx.x * blockDim.x + t;"]
    lines += ["    unsigned hc = key;", "    float fc = 0.0f;", *_stmts(prog.coop, "    ", prog)]
    ind = "    "
    if prog.layout == "return":
        lines += ["    if (gid >= n) return;", "    int i = gid;"]
    elif prog.layout == "2d":
        lines += ["    if (row >= hgt || col >= w) return;", "    int i = gid;"]
    elif prog.layout == "if":
        lines += ["    if (gid < n) {", "        int i = gid;"]
        ind = "        "
    else:
        lines += ["    for (int i = gid; i < n; i += blockDim.x * gridDim.x) {"]
        ind = "        "
    lines += [f"{ind}unsigned h = hc ^ ((unsigned)i);", f"{ind}float f = fc;", *_stmts(prog.body, ind, prog),
              f"{ind}outf[i] = f;", f"{ind}outh[i] = h;"]
    if ind != "    ":
        lines.append("    }")
    return "\n".join(lines + ["}", ""])


def to_spec(prog: Program) -> str:
    alpha, k, key = prog.scalars
    if prog.layout == "2d":
        w, hgt = prog.sizes
        bx, by = prog.block
        grid = f'grid = ["(w + {bx - 1}) / {bx}", "(hgt + {by - 1}) / {by}"]'
        sizes = f"sizes = {{ w = {w}, hgt = {hgt} }}"
        n = '"w * hgt"'
    else:
        b, = prog.block
        grid = (f"grid = [{prog.grid_blocks}]" if prog.layout == "stride" else
                f'grid = ["(n + {b - 1}) / {b}"]')
        sizes = f"sizes = {{ n = {prog.sizes[0]}, w = 1, hgt = {prog.sizes[0]} }}"
        n = '"n"'
    return "\n".join([
        f"# Launch spec of a difftest program: seed {prog.seed}, index {prog.index} (docs/launch-spec.md)",
        "[[kernel]]", f'name = "{KERNEL}"', f"block = [{', '.join(map(str, prog.block))}]", grid, sizes,
        "timeout = 20.0",
        "[kernel.args]", f"n = {{ value = {n} }}", 'w = { value = "w" }', 'hgt = { value = "hgt" }',
        f"alpha = {{ value = {alpha!r} }}", f"k = {{ value = {k} }}", f"key = {{ value = {key} }}",
        f'xf = {{ dtype = "float32", shape = [{n}], init = "uniform", low = -1.0, high = 1.0 }}',
        f'xi = {{ dtype = "int32", shape = [{n}], init = "int", low = -1000, high = 1000 }}',
        f'xu = {{ dtype = "uint32", shape = [{n}], init = "int", low = 0, high = 4294967296 }}',
        f'outf = {{ dtype = "float32", shape = [{n}], init = "zeros", output = true }}',
        f'outh = {{ dtype = "uint32", shape = [{n}], init = "zeros", output = true }}',
        f'cnt = {{ dtype = "int32", shape = [{CNT}], init = "zeros", output = true }}',
        f'ucnt = {{ dtype = "uint32", shape = [{CNT}], init = "zeros", output = true }}', ""])


def size_of(prog: Program) -> int:
    """Nodes in the program's tree: the measure the reducer shrinks."""
    return sum(1 for _ in walk((prog.helpers, prog.coop, prog.body)))


# ------------------------------------------------------------------------------------------------
# The checker: intervals, scopes, uniformity
# ------------------------------------------------------------------------------------------------
@dataclass
class Sym:
    ty: str
    lo: float
    hi: float
    kind: str = "var"  # var | const | array | ref
    inexact: bool = False  # a float the conversion may compute in another order (re-associated sums)


@dataclass
class Ctx:
    scopes: list
    helpers: dict
    prog: Program | None
    section: str = "coop"  # coop | body | helper
    guarded: bool = False  # `i < n` holds
    uniform: bool = True
    loop: bool = False
    errors: list = field(default_factory=list)

    def look(self, name: str) -> Sym | None:
        for scope in reversed(self.scopes):
            if name in scope:
                return scope[name]
        return None

    def declare(self, name: str, sym: Sym) -> None:
        if self.look(name) is not None:
            self.errors.append(f"{name} declared twice")
        self.scopes[-1][name] = sym

    def err(self, msg: str):
        self.errors.append(msg)
        return None


def _fits(ty: str, lo: float, hi: float) -> bool:
    if ty == "int":
        return INT_MIN <= lo and hi <= INT_MAX
    if ty == "float":
        return -FLOAT_LIMIT <= lo and hi <= FLOAT_LIMIT
    return True


def _bits(lo: float, hi: float) -> int:
    return max(int(abs(lo)), int(abs(hi))).bit_length()


def interval(e, ctx: Ctx):
    """(lo, hi, inexact) of an expression in `ctx`, or None after recording why it is not well defined."""
    r = _interval(e, ctx)
    if r is not None:
        ty = getattr(e, "ty", None)
        if ty in ("int", "float") and not _fits(ty, r[0], r[1]):
            return ctx.err(f"{ty} out of range {r[:2]} in {expr(e)}")
    return r


def _ty(e) -> str:
    return e.ty if not isinstance(e, Wrap) else "unsigned"


def _interval(e, ctx: Ctx):
    if isinstance(e, Lit):
        return (float(e.value), float(e.value), False)
    if isinstance(e, Var):
        sym = ctx.look(e.name)
        if sym is None or sym.kind == "array":
            return ctx.err(f"{e.name} is not a variable in scope")
        if sym.ty != e.ty:
            return ctx.err(f"{e.name} is {sym.ty}, used as {e.ty}")
        return (sym.lo, sym.hi, sym.inexact)
    if isinstance(e, Wrap):
        x = interval(e.e, ctx)
        if x is None or _ty(e.e) != "unsigned":
            return ctx.err(f"wrapped index of type {_ty(e.e)}")
        if isinstance(e.size, str):
            sym = ctx.look(e.size)
            if sym is None or sym.ty != "int" or sym.lo < 1:
                return ctx.err(f"wrap by {e.size}, not a positive int")
            return (0, sym.hi - 1, False)
        return (0, e.size - 1, False)
    if isinstance(e, Load):
        return _load(e, ctx)
    if isinstance(e, Bin):
        return _binary(e, ctx)
    if isinstance(e, Un):
        a = interval(e.a, ctx)
        if a is None or _ty(e.a) != e.ty:
            return ctx.err(f"operand of {e.op} must be {e.ty}")
        if e.op == "!":
            return (0, 1, False) if e.ty == "bool" else ctx.err("! of a non-bool")
        if e.ty == "unsigned":
            return (0, U32_MAX, False)
        if e.op == "~" and e.ty == "int":
            return (-a[1] - 1, -a[0] - 1, False)
        if e.op == "-" and e.ty in ("int", "float"):
            return (-a[1], -a[0], a[2])
        return ctx.err(f"unary {e.op} on {e.ty}")
    if isinstance(e, Cast):
        return _cast(e, ctx)
    if isinstance(e, F2I):
        a = interval(e.a, ctx)
        if a is None:
            return None
        if not exact(e.a, ctx):
            return ctx.err(f"float-to-int cast of a value the sides may round differently: {expr(e.a)}")
        return (float(math.trunc(a[0])), float(math.trunc(a[1])), False)
    if isinstance(e, Cond):
        c, a, b = interval(e.c, ctx), interval(e.a, ctx), interval(e.b, ctx)
        if None in (c, a, b):
            return None
        if _ty(e.c) != "bool" or _ty(e.a) != e.ty or _ty(e.b) != e.ty:
            return ctx.err("ill-typed ?:")
        if c[2]:
            return ctx.err("condition on a re-associated float")
        return (min(a[0], b[0]), max(a[1], b[1]), a[2] or b[2])
    if isinstance(e, Call):
        return _call(e, ctx)
    if isinstance(e, SafeDiv):
        a, b = interval(e.a, ctx), interval(e.b, ctx)
        if a is None or b is None or _ty(e.a) != e.ty or _ty(e.b) != e.ty:
            return ctx.err("ill-typed safe division")
        inexact = a[2] or b[2]
        if e.ty == "unsigned":
            return (0, a[1], False) if e.op == "/" else (0, 7, False)
        if e.op == "%":
            if e.ty != "int":
                return ctx.err("% of a float")
            return (-7.0 if a[0] < 0 else 0.0, 7.0 if a[1] > 0 else 0.0, False)
        return (min(a[0], 0.0), max(a[1], 0.0), inexact)
    if isinstance(e, Shift):
        a, b = interval(e.a, ctx), interval(e.b, ctx)
        if a is None or b is None or _ty(e.a) != e.ty or _ty(e.b) != e.ty or e.ty not in ("int", "unsigned"):
            return ctx.err("ill-typed shift")
        if e.ty == "int" and e.op != ">>":
            return ctx.err("left shift of a signed int")
        if e.op == "<<":
            return (0, U32_MAX, False)
        return (min(a[0], 0.0), max(a[1], 0.0), False)
    if isinstance(e, Clamp):
        a = interval(e.a, ctx)
        if a is None or _ty(e.a) != e.ty:
            return ctx.err("ill-typed clamp")
        lo, hi = max(a[0], -e.lim), min(a[1], e.lim)
        return (min(lo, hi), max(lo, hi), a[2])
    if isinstance(e, Squash):
        a = interval(e.a, ctx)
        if a is None or _ty(e.a) != "int" or e.m < 1:
            return ctx.err("ill-typed squash")
        return (-(e.m - 1.0) if a[0] < 0 else 0.0, e.m - 1.0 if a[1] > 0 else 0.0, False)
    return ctx.err(f"not an expression: {type(e).__name__}")


def _load(e: Load, ctx: Ctx):
    if isinstance(e.index, Var):
        if e.index.name != "i" or not ctx.guarded or e.buf not in BUFFERS:
            return ctx.err(f"{e.buf}[{e.index.name}] outside the bounds guard")
        if interval(e.index, ctx) is None:
            return None
    elif isinstance(e.index, Wrap):
        if interval(e.index, ctx) is None:
            return None
    else:
        return ctx.err(f"unguarded index {expr(e.index)}")
    if e.buf in BUFFERS:
        ty, lo, hi = BUFFERS[e.buf]
        if isinstance(e.index, Wrap) and e.index.size != "n":
            return ctx.err(f"{e.buf} wrapped by {e.index.size}, not n")
        return (float(lo), float(hi), False) if ty == e.ty else ctx.err(f"{e.buf} is {ty}")
    sym = ctx.look(e.buf)
    if sym is None or sym.kind != "array" or sym.ty != e.ty:
        return ctx.err(f"{e.buf} is not a {e.ty} array in scope")
    if not isinstance(e.index, Wrap) or e.index.size != 4:
        return ctx.err(f"local array {e.buf} indexed without a wrap by its size")
    return (sym.lo, sym.hi, sym.inexact)


def _binary(e: Bin, ctx: Ctx):
    a, b = interval(e.a, ctx), interval(e.b, ctx)
    if a is None or b is None:
        return None
    ta, tb = _ty(e.a), _ty(e.b)
    if ta != tb:
        return ctx.err(f"{ta} {e.op} {tb}: mixed types")
    inexact = a[2] or b[2]
    if e.op in ("<", "<=", ">", ">=", "==", "!="):
        if e.ty != "bool":
            return ctx.err("comparison typed as a value")
        if inexact:
            return ctx.err("comparison of a re-associated float")
        return (0, 1, False)
    if e.op in ("&&", "||"):
        return (0, 1, False) if ta == "bool" and e.ty == "bool" else ctx.err("logic on non-bools")
    if ta != e.ty:
        return ctx.err(f"{ta} operands, {e.ty} result")
    if e.op in ("&", "|", "^"):
        if e.ty == "float" or e.ty == "bool":
            return ctx.err("bitwise op on a float or bool")
        if e.ty == "unsigned" and e.op == "&":
            return (0, min(a[1], b[1]), False)
        if a[0] >= 0 and b[0] >= 0:
            return (0, float((1 << _bits(max(a[1], b[1]), 0)) - 1), False)
        k = _bits(min(a[0], b[0]), max(a[1], b[1]))
        return (-float(1 << k), float((1 << k) - 1), False)
    if e.op in ("+", "-", "*"):
        if e.ty == "bool":
            return ctx.err("arithmetic on bools")
        if e.op == "+":
            lo, hi = a[0] + b[0], a[1] + b[1]
        elif e.op == "-":
            lo, hi = a[0] - b[1], a[1] - b[0]
        else:
            products = [x * y for x in a[:2] for y in b[:2]]
            lo, hi = min(products), max(products)
        if e.ty == "unsigned" and (lo < 0 or hi > U32_MAX):
            return (0, U32_MAX, False)
        return (lo, hi, inexact)
    return ctx.err(f"unknown operator {e.op}")


def _cast(e: Cast, ctx: Ctx):
    a = interval(e.a, ctx)
    if a is None:
        return None
    src = _ty(e.a)
    if src == "float":
        return ctx.err("float cast without F2I")
    if e.ty == "unsigned":
        return (0, U32_MAX, False) if a[0] < 0 else a
    if e.ty == "int":
        return a if a[1] <= INT_MAX else ctx.err("unsigned above INT_MAX cast to int")
    if e.ty == "float":
        return a
    return ctx.err(f"cast to {e.ty}")


def _call(e: Call, ctx: Ctx):
    args = [interval(a, ctx) for a in e.args]
    if None in args:
        return None
    if e.fn in ctx.helpers:
        return _helper_call(e, args, ctx)
    if e.fn not in MATH:
        return ctx.err(f"unknown function {e.fn}")
    types, ret = MATH[e.fn]
    if tuple(_ty(a) for a in e.args) != types or ret != e.ty:
        return ctx.err(f"ill-typed call of {e.fn}")
    inexact = any(a[2] for a in args)
    if e.fn in EXACT_SENSITIVE and inexact:
        return ctx.err(f"{e.fn} of a re-associated float")
    lo, hi = args[0][0], args[0][1]
    match e.fn:
        case "fabsf" | "abs":
            if e.fn == "abs" and lo <= INT_MIN:
                return ctx.err("abs(INT_MIN)")
            m = max(abs(lo), abs(hi))
            return (0.0 if lo <= 0 <= hi else min(abs(lo), abs(hi)), m, inexact)
        case "sqrtf":
            return (math.sqrt(lo), math.sqrt(hi), inexact) if lo >= 0 else ctx.err("sqrtf of a negative")
        case "rsqrtf":
            return (1 / math.sqrt(hi), 1 / math.sqrt(lo), inexact) if lo > 0.01 else ctx.err("rsqrtf near 0")
        case "expf":
            return (math.exp(lo), math.exp(hi), inexact) if hi <= 10 else ctx.err("expf may overflow the bound")
        case "logf":
            return (math.log(lo), math.log(hi), inexact) if lo > 0.01 else ctx.err("logf of a value near 0")
        case "sinf" | "cosf" | "tanhf":
            return (-1.0, 1.0, inexact)
        case "floorf":
            return (math.floor(lo), math.floor(hi), inexact)
        case "fminf" | "fmaxf" | "min" | "max" | "umin" | "umax":
            (alo, ahi, _), (blo, bhi, _) = args
            pick = min if e.fn in ("fminf", "min", "umin") else max
            return (pick(alo, blo), pick(ahi, bhi), inexact)
        case "fmaf":
            (alo, ahi, _), (blo, bhi, _), (clo, chi, _) = args
            products = [x * y for x in (alo, ahi) for y in (blo, bhi)]
            return (min(products) + clo, max(products) + chi, inexact)
        case "__popc" | "__clz":
            return (0.0, 32.0, False)
        case "__brev":
            return (0.0, float(U32_MAX), False)
    return ctx.err(f"no interval rule for {e.fn}")


def _helper_call(e: Call, args, ctx: Ctx):
    h = ctx.helpers[e.fn]
    if len(args) != len(h.params) or h.ty != e.ty:
        return ctx.err(f"ill-typed call of {e.fn}")
    for p, a, (lo, hi, _) in zip(h.params, e.args, args):
        if _ty(a) != p.ty:
            return ctx.err(f"{e.fn}: argument {p.name} is {p.ty}")
        if p.ref:
            sym = ctx.look(a.name) if isinstance(a, Var) else None
            if sym is None or sym.kind == "array":
                return ctx.err(f"{e.fn}: reference argument {p.name} is not a variable")
        if p.ty != "unsigned" and (lo < p.lo or hi > p.hi):
            return ctx.err(f"{e.fn}: argument {p.name} in {(lo, hi)}, parameter takes {(p.lo, p.hi)}")
    ret = _helper_interval(h)
    return None if ret is None else (ret[0], ret[1], any(a[2] for a in args))


def _helper_interval(h: Helper):
    ctx = Ctx([{p.name: Sym(p.ty, p.lo, p.hi, "ref" if p.ref else "const") for p in h.params}], {}, None, "helper")
    for d in h.body:
        _decl(d, ctx)
    r = interval(h.ret, ctx)
    return None if ctx.errors or r is None or _ty(h.ret) != h.ty else r


def exact(e, ctx: Ctx) -> bool:
    """Does every implementation compute this float bit for bit (so a cast to int agrees)? Inputs, their
    products with powers of two, and integers of at most 24 bits."""
    if isinstance(e, Load) and e.ty == "float" and e.buf in BUFFERS:
        return True
    if isinstance(e, Lit):
        return True
    if isinstance(e, Bin) and e.op == "*" and isinstance(e.b, Lit):
        m, _ = math.frexp(float(e.b.value))
        return m == 0.5 and exact(e.a, ctx)
    if isinstance(e, Cast) and e.ty == "float":
        r = interval(e.a, ctx)
        return r is not None and _ty(e.a) in ("int", "bool") and max(abs(r[0]), abs(r[1])) <= 2**24
    return False


def _value_into(ty: str, lo: float, hi: float, value, ctx: Ctx, what: str):
    r = interval(value, ctx)
    if r is None:
        return None
    if _ty(value) != ty:
        return ctx.err(f"{what}: {_ty(value)} value for a {ty}")
    if ty in ("int", "float") and (r[0] < lo or r[1] > hi):
        return ctx.err(f"{what}: value in {r[:2]} outside {(lo, hi)}")
    return r


def _decl(d: Decl, ctx: Ctx) -> None:
    r = _value_into(d.ty, d.lo, d.hi, d.init, ctx, d.name)
    ctx.declare(d.name, Sym(d.ty, d.lo if d.ty != "unsigned" else 0, d.hi if d.ty != "unsigned" else U32_MAX,
                            inexact=bool(r and r[2])))


def _check_body(body, ctx: Ctx) -> None:
    for s in body:
        _check_stmt(s, ctx)


def _scoped(body, ctx: Ctx, **changes) -> None:
    saved = {k: getattr(ctx, k) for k in changes}
    for k, v in changes.items():
        setattr(ctx, k, v)
    ctx.scopes.append({})
    _check_body(body, ctx)
    ctx.scopes.pop()
    for k, v in saved.items():
        setattr(ctx, k, v)


def _check_stmt(s, ctx: Ctx) -> None:
    if isinstance(s, COOPERATIVE):
        if ctx.section != "coop" or not ctx.uniform:
            ctx.err(f"{type(s).__name__} outside uniform control")
        _cooperative(s, ctx)
    elif isinstance(s, Decl):
        _decl(s, ctx)
    elif isinstance(s, Assign):
        sym = ctx.look(s.name)
        if sym is None or sym.kind != "var":
            ctx.err(f"assignment to {s.name}, not a variable")
        else:
            r = _value_into(sym.ty, sym.lo, sym.hi, s.value, ctx, s.name)
            sym.inexact = sym.inexact or bool(r and r[2])
    elif isinstance(s, Mix):
        want = "unsigned" if s.acc in ("h", "hc") else "float"
        if s.acc not in (("hc", "fc") if ctx.section == "coop" else ("h", "f")):
            ctx.err(f"mix into {s.acc} in the {ctx.section} section")
        r = interval(s.e, ctx)
        if r is not None and (want == "unsigned") != (_ty(s.e) in ("int", "unsigned", "bool")):
            ctx.err(f"mix of a {_ty(s.e)} into {s.acc}")
    elif isinstance(s, If):
        c = interval(s.cond, ctx)
        if c is not None and (_ty(s.cond) != "bool" or c[2]):
            ctx.err("if on a non-bool or a re-associated float")
        _scoped(s.then, ctx, uniform=False)
        _scoped(s.other, ctx, uniform=False)
    elif isinstance(s, For):
        if not (s.step > 0 and s.start < s.stop and (s.stop - s.start) // s.step <= 16):
            ctx.err("loop bounds")
        ctx.scopes.append({s.var: Sym("int", s.start, s.stop - 1, "const")})
        _scoped(s.body, ctx, loop=True)
        ctx.scopes.pop()
    elif isinstance(s, Return):
        if ctx.section != "body":
            ctx.err("return outside the per-element body")
    elif isinstance(s, (Break, Continue)):
        if not ctx.loop or ctx.section == "coop":
            ctx.err("break/continue outside a loop")
    elif isinstance(s, Atomic):
        ty = {"cnt": "int", "ucnt": "unsigned"}.get(s.buf)
        if ty is None or not isinstance(s.index, Wrap) or s.index.size != CNT:
            ctx.err("atomic on an unknown counter or unwrapped slot")
        else:
            interval(s.index, ctx)
            _value_into(ty, -255, 255, s.value, ctx, "atomicAdd")
    elif isinstance(s, LocalArray):
        if len(s.init) != (1 if s.var else s.size) or s.size != 4:
            ctx.err(f"local array {s.name} initialiser")
        inexact = False
        ctx.scopes.append({s.var: Sym("int", 0, s.size - 1, "const")} if s.var else {})
        for x in s.init:
            r = _value_into(s.ty, s.lo, s.hi, x, ctx, s.name)
            inexact = inexact or bool(r and r[2])
        ctx.scopes.pop()
        ctx.declare(s.name, Sym(s.ty, s.lo, s.hi, "array", inexact))
    elif isinstance(s, StoreLocal):
        sym = ctx.look(s.name)
        if sym is None or sym.kind != "array" or not isinstance(s.index, Wrap) or s.index.size != 4:
            ctx.err(f"store to {s.name}: not a local array or unwrapped index")
        else:
            interval(s.index, ctx)
            r = _value_into(sym.ty, sym.lo, sym.hi, s.value, ctx, s.name)
            sym.inexact = sym.inexact or bool(r and r[2])
    else:
        ctx.err(f"not a statement: {type(s).__name__}")


def _cooperative(s, ctx: Ctx) -> None:
    b = ctx.prog.threads
    if isinstance(s, Vote):
        r = interval(s.pred, ctx)
        if r is not None and (_ty(s.pred) != "bool" or r[2]):
            ctx.err("vote on a non-bool")
        ctx.declare(s.name, Sym("unsigned", 0, U32_MAX, "const") if s.kind == "ballot" else Sym("int", 0, 1, "const"))
        return
    r = interval(s.value, ctx)
    if r is None:
        return
    if _ty(s.value) != s.ty:
        return ctx.err(f"{s.name}: {_ty(s.value)} value, {s.ty} result")
    lo, hi, inexact = r
    if isinstance(s, (TreeReduce, WarpSum)):
        count = b if isinstance(s, TreeReduce) else 32
        if s.ty == "float":
            if lo < 0:
                return ctx.err(f"{s.name}: float sum of signed terms (re-associated: cancellation)")
            if isinstance(s, TreeReduce):
                count = 1  # printed as the mean
            inexact = True
        lo, hi = (0, U32_MAX) if s.ty == "unsigned" else (lo * count, hi * count)
        if not _fits(s.ty, lo, hi):
            return ctx.err(f"{s.name}: sum out of range")
    if isinstance(s, Shuffle) and not (1 <= s.delta <= 31 and (s.kind != "xor" or s.delta & (s.delta - 1) == 0)):
        return ctx.err(f"{s.name}: shuffle delta")
    if isinstance(s, TreeReduce) and b & (b - 1):
        return ctx.err("tree reduction over a block that is not a power of two")
    ctx.declare(s.name, Sym(s.ty, lo, hi, "const", inexact))  # read-only: its interval is exact


def base_scope(prog: Program) -> dict:
    """The skeleton's names before the prologue: parameters, `t`, `gid` and the prologue's accumulators."""
    n = prog.n
    alpha, k, _ = prog.scalars
    w, hgt = prog.sizes if prog.layout == "2d" else (1, n)
    if prog.layout == "2d":
        bx, by = prog.block
        gmax = (-(-hgt // by) * by - 1) * w + -(-w // bx) * bx - 1
    else:
        gmax = prog.threads * (prog.grid_blocks if prog.layout == "stride" else -(-n // prog.threads)) - 1
    return {"n": Sym("int", n, n, "const"), "w": Sym("int", w, w, "const"), "hgt": Sym("int", hgt, hgt, "const"),
            "alpha": Sym("float", alpha, alpha, "const"), "k": Sym("int", k, k, "const"),
            "key": Sym("unsigned", 0, U32_MAX, "const"), "t": Sym("int", 0, prog.threads - 1, "const"),
            "gid": Sym("int", 0, gmax, "const"), "hc": Sym("unsigned", 0, U32_MAX, "const"),
            "fc": Sym("float", -FLOAT_LIMIT, FLOAT_LIMIT, "const")}


def element_scope(prog: Program) -> dict:
    """The names the per-element body starts with."""
    return {"i": Sym("int", 0, prog.n - 1, "const"), "h": Sym("unsigned", 0, U32_MAX, "const"),
            "f": Sym("float", -FLOAT_LIMIT, FLOAT_LIMIT, "const")}


def problems(prog: Program) -> list[str]:
    """Why `prog` is not a well-defined program of this tester's skeleton ([] when it is)."""
    helpers, errors = {}, []
    for h in prog.helpers:
        if h.name in helpers or _helper_interval(h) is None:
            errors.append(f"helper {h.name} is not well defined")
        helpers[h.name] = h
    if prog.threads % 32 or prog.threads > 1024:
        errors.append("block of partial warps")
    ctx = Ctx([base_scope(prog)], helpers, prog, errors=errors)
    _check_body(prog.coop, ctx)
    ctx.section, ctx.uniform, ctx.guarded = "body", False, True
    ctx.scopes.append(element_scope(prog))
    _check_body(prog.body, ctx)
    return ctx.errors
