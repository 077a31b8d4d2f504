"""Launch specs inferred from the host code: many real `.cu` files need no `.toml`.

When `main()` launches a kernel with constant sizes,

    cudaMalloc(&x, N * sizeof(float));  ...  saxpy<<<(N + 255) / 256, 256>>>(N, 2.5f, x, y);

the launch site says everything a spec would: grid and block (folded by clang), dynamic shared
memory, scalar arguments (constants), and every buffer's length (the `cudaMalloc` size of the
variable passed, divided by the size of the kernel's element type). Inputs then get a default
distribution: floats uniform in [-1, 1), integers uniform in [1, 32) (no zero divisors, no
negative shift counts), bools 0 or 1. Writable (non-`const`) buffers are outputs.

Inference refuses a launch, with a message naming the reason, rather than guess:
* a grid, block, shared-memory size, scalar argument or allocation size that is not a constant;
* a pointer argument that is not a `cudaMalloc`'d variable (`x + offset`, `&host_var`, ...), or
  the same allocation passed twice (a spec cannot express aliasing);
* an element type without a spec dtype (structs);
* a buffer whose contents are used as an index (`x[idx[i]]`, `hist[key[i] % 16]`, a loop bound
  `for (j = ptr[i]; j < ptr[i + 1]; ++j)`): valid values depend on the program, and random ones
  would read or write out of bounds. Such kernels need a spec (`init = "index"` or `"permutation"`).

A spec file, when present, wins: the harness infers only kernels the spec does not mention.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from cuda2tile.parse import cuda_ast as A
from cuda2tile.parse.host_info import HostAnalysis, HostArg, HostLaunch
from cuda2tile.spec.launch_spec import BUFFER_DTYPES, ArgSpec, KernelSpec, element_size

FLOAT_INIT = {"init": "uniform", "low": -1.0, "high": 1.0}
INT_INIT = {"init": "int", "low": 1, "high": 32}
BOOL_INIT = {"init": "int", "low": 0, "high": 2}


@dataclass(frozen=True)
class Inference:
    """One host launch: a spec, or the reason there is none."""
    kernel: str  # CUDA name with template arguments
    line: int  # of the launch in the host code
    spec: KernelSpec | None
    shared_bytes: int = 0
    reason: str | None = None
    launch: HostLaunch | None = field(default=None, repr=False, compare=False)


class InferenceError(ValueError):
    pass


def _buffer_dtype(ptr: A.Pointer) -> tuple[str, int]:
    """(spec dtype, element bytes) of a pointer parameter; float4* counts floats."""
    p = ptr.pointee
    if isinstance(p, A.Scalar):
        dtype = "uint8" if p.dtype == "bool" else p.dtype
        if dtype not in BUFFER_DTYPES:
            raise InferenceError(f"element type {p.dtype} has no launch-spec dtype")
        return dtype, element_size(dtype)
    if isinstance(p, A.Vector) and p.elem in BUFFER_DTYPES:
        return p.elem, np.dtype(p.elem).itemsize
    raise InferenceError(f"element type {getattr(p, 'spelling', type(p).__name__)} has no launch-spec dtype")


def _init_for(dtype: str) -> dict:
    if dtype.startswith("float") or dtype == "bfloat16":
        return dict(FLOAT_INIT)
    if dtype == "uint8":
        return dict(BOOL_INIT)
    return dict(INT_INIT)


def _scalar(param: A.Param, arg: HostArg):
    t = param.type
    if arg.value is None:
        raise InferenceError(f"argument '{param.name}' (`{arg.text}`) is not a compile-time constant")
    if not isinstance(t, A.Scalar):
        raise InferenceError(f"parameter '{param.name}' has a type a launch spec cannot describe")
    if t.dtype == "bool":
        return bool(arg.value)
    if t.dtype.startswith("float") or t.dtype == "bfloat16":
        return float(arg.value)
    value = int(arg.value)
    bits = 8 * np.dtype(t.dtype).itemsize
    return value % (1 << bits) if t.dtype.startswith("uint") else value


def infer_launch(launch: HostLaunch, kernel: A.Function, source: str,
                 index_buffers: dict[str, int] | None = None) -> Inference:
    """The spec of one host launch of `kernel` (its instantiation for template kernels)."""
    name = launch.cuda_name
    try:
        if launch.grid is None:
            raise InferenceError(f"the grid `{', '.join(launch.grid_text)}` is not a compile-time constant")
        if launch.block is None:
            raise InferenceError(f"the block `{', '.join(launch.block_text)}` is not a compile-time constant")
        if launch.shared_bytes is None:
            raise InferenceError("the dynamic shared memory size is not a compile-time constant")
        if len(launch.args) != len(kernel.params):
            raise InferenceError(f"the launch passes {len(launch.args)} arguments, the kernel takes "
                                 f"{len(kernel.params)}")
        index_buffers = index_buffers if index_buffers is not None else index_buffer_params(kernel, {})
        args: dict[str, ArgSpec] = {}
        seen_allocs: dict[str, str] = {}
        for param, arg in zip(kernel.params, launch.args):
            if not isinstance(param.type, A.Pointer):
                args[param.name] = ArgSpec(param.name, value=_scalar(param, arg))
                continue
            if param.name in index_buffers:
                raise InferenceError(
                    f"the values of buffer '{param.name}' are used as indices (line {index_buffers[param.name]}): "
                    f"inference cannot know their valid range; write a launch spec (e.g. init = \"index\" or "
                    f"\"permutation\")")
            if arg.address_taken or arg.variable is None:
                raise InferenceError(f"pointer argument '{param.name}' (`{arg.text}`) is not a device allocation "
                                     f"variable")
            if arg.alloc_text is None:
                raise InferenceError(f"no cudaMalloc of '{arg.variable}' in {launch.function}()")
            if arg.alloc_bytes is None:
                raise InferenceError(f"the size of '{arg.variable}' (`{arg.alloc_text}`) is not a compile-time "
                                     f"constant")
            if arg.variable in seen_allocs:
                raise InferenceError(f"'{arg.variable}' is passed as both '{seen_allocs[arg.variable]}' and "
                                     f"'{param.name}' (aliasing buffers need a spec)")
            seen_allocs[arg.variable] = param.name
            dtype, itemsize = _buffer_dtype(param.type)
            count = arg.alloc_bytes // itemsize
            if count <= 0:
                raise InferenceError(f"'{arg.variable}' holds no {dtype} element")
            options = _init_for(dtype)
            init = options.pop("init")
            args[param.name] = ArgSpec(param.name, dtype=dtype, shape=(count,), init=init, options=options,
                                       output=not param.type.const)
        spec = KernelSpec(name=launch.kernel, path=f"{source}:{launch.line}", block=tuple(launch.block),
                          grid=tuple(launch.grid), sizes={}, args=args, template=tuple(launch.template_args))
        return Inference(name, launch.line, spec, launch.shared_bytes or 0, launch=launch)
    except InferenceError as err:
        return Inference(name, launch.line, None, 0, f"cannot infer a launch spec from {source}:{launch.line}: "
                                                     f"{err}", launch=launch)


def infer_specs(analysis: HostAnalysis, source: str, kernels: tuple[str, ...] = ()) -> list[Inference]:
    """Inferred specs of every host launch (of `kernels` when given: names with or without template args)."""
    unit = analysis.unit
    if unit is None:
        return []
    functions = {f.name: f for f in unit.functions if not f.is_kernel}
    defined = {f.name: f for f in unit.functions if f.is_kernel and f.body is not None}
    out: list[Inference] = []
    seen: set = set()
    for launch in analysis.info.launches:
        name = launch.cuda_name
        if kernels and name not in kernels and launch.kernel not in kernels:
            continue
        key = (name, launch.grid, launch.block, launch.shared_bytes,
               tuple((a.value, a.variable, a.alloc_bytes) for a in launch.args))
        if key in seen:
            continue
        seen.add(key)
        kernel = defined.get(name)
        if kernel is None:
            out.append(Inference(name, launch.line, None, 0, f"cannot infer a launch spec from {source}:"
                                                             f"{launch.line}: no definition of kernel '{name}'",
                                 launch=launch))
            continue
        out.append(infer_launch(launch, kernel, source, index_buffer_params(kernel, functions)))
    return out


# ------------------------------------------------------------------------------------------------
# Which buffers hold indices: a small data-flow pass over the kernel's CUDA AST
# ------------------------------------------------------------------------------------------------
class _IndexUses:
    """Finds pointer parameters whose loaded values flow into an index, a pointer offset or a loop
    bound. `data[decl]`: the parameters whose contents flow into a local; `points[decl]`: the
    parameters a local pointer points into. Iterated to a fixed point over loops."""

    def __init__(self, functions: dict[str, A.Function]):
        self.functions = functions
        self.flagged: dict[str, int] = {}  # parameter -> line of the first index use
        self.data: dict[str, frozenset] = {}
        self.points: dict[str, frozenset] = {}
        self.active: list[str] = []
        self.changed = False

    def flag(self, sources: frozenset, loc: A.Loc) -> None:
        for s in sources:
            self.flagged.setdefault(s, loc.line)

    def _join(self, table: dict, key: str, value: frozenset) -> None:
        old = table.get(key, frozenset())
        if not value <= old:
            table[key] = old | value
            self.changed = True

    # -------------------------------------------------------------- expressions
    def expr(self, e) -> tuple[frozenset, frozenset]:
        """(data sources, pointed-to parameters) of an expression."""
        empty = frozenset()
        if e is None or isinstance(e, (A.IntLit, A.FloatLit, A.BoolLit, A.BuiltinIndex, A.UnsupportedExpr)):
            return empty, empty
        if isinstance(e, A.VarRef):
            return self.data.get(e.decl, empty), self.points.get(e.decl, empty)
        if isinstance(e, A.Index):
            bd, bp = self.expr(e.base)
            idata, _ = self.expr(e.index)
            self.flag(idata, e.loc)
            return bp | idata | bd, empty
        if isinstance(e, A.UnOp):
            d, p = self.expr(e.operand)
            if e.op == "*":
                return p | d, empty
            if e.op == "&":
                return d, p
            return d, p
        if isinstance(e, A.BinOp):
            ld, lp = self.expr(e.lhs)
            rd, rp = self.expr(e.rhs)
            if isinstance(e.type, A.Pointer):  # pointer arithmetic: the integer side is an offset
                offset = rd if isinstance(e.lhs.type, A.Pointer) else ld
                self.flag(offset, e.loc)
            return ld | rd, lp | rp
        if isinstance(e, A.Assign):
            vd, vp = self.expr(e.value)
            target = e.target
            if isinstance(target, A.VarRef):
                self._join(self.data, target.decl, vd)
                self._join(self.points, target.decl, vp)
            else:
                self.expr(target)
            return vd, vp
        if isinstance(e, A.Cast):
            return self.expr(e.operand)
        if isinstance(e, A.Member):
            return self.expr(e.base)
        if isinstance(e, A.Conditional):
            parts = [self.expr(x) for x in (e.cond, e.then, e.other)]
            return frozenset().union(*(p[0] for p in parts)), frozenset().union(*(p[1] for p in parts))
        if isinstance(e, A.Call):
            parts = [self.expr(a) for a in e.args]
            data = frozenset().union(*(d | p for d, p in parts)) if parts else empty
            if e.device_function:
                self.call(e, parts)
            return data, empty
        return empty, empty

    def call(self, e: A.Call, parts) -> None:
        callee = self.functions.get(e.callee)
        if callee is None or callee.body is None or e.callee in self.active or len(self.active) > 8:
            return
        for param, (d, p) in zip(callee.params, parts):
            self._join(self.data, param.decl, d)
            self._join(self.points, param.decl, p)
        self.active.append(e.callee)
        self.stmt(callee.body)
        self.active.pop()

    # -------------------------------------------------------------- statements
    def stmt(self, s) -> None:
        if s is None:
            return
        if isinstance(s, A.Block):
            for x in s.body:
                self.stmt(x)
        elif isinstance(s, A.VarDecl):
            d, p = self.expr(s.init)
            self._join(self.data, s.decl, d)
            self._join(self.points, s.decl, p)
        elif isinstance(s, A.ExprStmt):
            self.expr(s.expr)
        elif isinstance(s, A.If):
            self.expr(s.cond)
            self.stmt(s.then)
            self.stmt(s.other)
        elif isinstance(s, A.For):
            self.stmt(s.init)
            bound, _ = self.expr(s.cond)
            if isinstance(s.init, A.VarDecl):  # the loop variable's range comes from the bound
                self._join(self.data, s.init.decl, bound)
            self.expr(s.step)
            self.stmt(s.body)
        elif isinstance(s, A.While):
            self.expr(s.cond)
            self.stmt(s.body)
        elif isinstance(s, A.Return):
            self.expr(s.value)


def index_buffer_params(kernel: A.Function, functions: dict[str, A.Function]) -> dict[str, int]:
    """Pointer parameters of `kernel` whose contents are used as indices: {name: line of first use}."""
    if kernel.body is None:
        return {}
    pass_ = _IndexUses(functions)
    by_decl = {p.decl: p.name for p in kernel.params}
    for p in kernel.params:
        if isinstance(p.type, A.Pointer):
            pass_.points[p.decl] = frozenset([p.name])
    for _ in range(6):
        pass_.changed = False
        pass_.stmt(kernel.body)
        if not pass_.changed:
            break
    names = set(by_decl.values())
    return {k: v for k, v in pass_.flagged.items() if k in names}
