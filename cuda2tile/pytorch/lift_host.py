"""Host functions of a PyTorch extension (cuda2tile.parse.torch_host) -> Python source.

Each C++ host function becomes a Python function of the same parameters plus a keyword-only `_on`
(the `Served` device: cuda2tile/pytorch/package_runtime.py). Statements keep their order and their
source line above them:

    TORCH_CHECK(cond, msg...)       if not (cond): raise RuntimeError(_rt.cstr(msg...))  (ATen's wording
                                    when no message is written; TORCH_INTERNAL_ASSERT's own wording)
    at::Tensor r = at::empty(...)   r = torch.empty(...)               (op_coverage/aten.py)
    int n = x.numel();              n = _rt.wrap(x.numel(), 32)        (C's conversions kept)
    (n + 255) / 256                 _rt.idiv(n + 255, 256)             (C's integer division)
    x.data_ptr<float>()             _rt.data_ptr(x, torch.float32)     (a Pointer: tensor + offset)
    k<<<g, b, s, st>>>(args)        _rt.launch(_K0, "k", grid=..., block=..., shared=s, stream=st, ...)

Anything else is refused: `lift_function` raises `Refusal` with a diagnostic code and the location,
and the caller leaves that function (and the ops it implements) out.
"""

from __future__ import annotations

import builtins
import keyword
from dataclasses import dataclass, field

from cuda2tile.diagnostics import Location
from cuda2tile.parse import torch_host as H
from op_coverage.aten import DEFAULT_CHECK_MESSAGE, INTERNAL_ASSERT_MESSAGE, SCALAR_TYPES, aten_lookup, check_exception

RT, ON = "_rt", "_on"
# names a lifted function must not take: the module's own, and Python's builtins, which the ATen mappings
# call (`list(...)`, `len(...)`: pytorch_scatter's `list2vec(const c10::List<int64_t> list)`)
_RESERVED = {"torch", RT, ON, "_K", "functools"} | {n for n in dir(builtins) if not n.startswith("_")}
_CLASS_OF_KIND = {"map": "map", "tensor": "Tensor", "options": "TensorOptions", "dtype": "TypeMeta", "scalar_type": "TypeMeta",
                  "device": "Device", "int_list": "IntArrayRef", "tensor_list": "vector", "stream": "CUDAStream",
                  "optional": "optional", "autograd_ctx": "AutogradContext", "ivalue": "IValue"}
_TORCH_DTYPE = {"float32": "torch.float32", "float64": "torch.float64", "float16": "torch.float16",
                "bfloat16": "torch.bfloat16", "int8": "torch.int8", "int16": "torch.int16", "int32": "torch.int32",
                "int64": "torch.int64", "uint8": "torch.uint8", "bool": "torch.bool", "uint16": "torch.int16",
                "uint32": "torch.int32", "uint64": "torch.int64"}
_PY_OPS = {"+": "+", "-": "-", "*": "*", "<": "<", ">": ">", "<=": "<=", ">=": ">=", "==": "==", "!=": "!=",
           "&": "&", "|": "|", "^": "^", "<<": "<<", ">>": ">>", "&&": "and", "||": "or"}


class Refusal(Exception):
    def __init__(self, code: str, message: str, loc: Location):
        super().__init__(message)
        self.code, self.message, self.loc = code, message, loc


@dataclass(frozen=True)
class KernelTarget:
    """Where a launched kernel's conversion lives: the module variable of `_C.py` and its KERNELS key
    (the CUDA name: `scale_kernel<float>`)."""
    module_var: str
    kernel: str


@dataclass
class LiftContext:
    """What lifting a function may consult: the kernels' conversions, the project's functions, the file's
    display path (for TORCH_INTERNAL_ASSERT's message)."""
    kernel_target: object  # callable (HLaunch) -> KernelTarget, or raises Refusal
    user_functions: dict[str, H.HFunction]  # by key: the function's USR (overloads share a qualified name)
    python_names: dict[str, str]  # key -> Python function name
    by_name: dict[str, list[str]] = field(default_factory=dict)  # qualified C++ name -> keys of its overloads
    called: set[str] = field(default_factory=set)  # project functions the lifted code calls
    # key -> the Refusal of a project function, None when it lifts (lifting it, with its callees, if need be)
    refusal_of: object = None
    launches_kernels: object = None  # key -> whether a lifted project function launches kernels (or its callees)
    # the CPU branches of device tests replaced by their CUDA branch: (where, why the CPU one did not lift)
    replaced_cpu_branches: list[tuple[Location, str]] = field(default_factory=list)
    # AT_DISPATCH cases that raise because their kernel is not converted (the Refusal of each)
    refused_cases: list = field(default_factory=list)
    autograd_classes: dict = field(default_factory=dict)  # usr -> H.HAutogradClass (python_names has its name)


def py_name(name: str) -> str:
    name = "".join(ch if ch.isalnum() or ch == "_" else "_" for ch in name) or "_"
    if keyword.iskeyword(name) or name in _RESERVED or name[0].isdigit():
        name += "_"
    return name


class _FunctionLifter:
    def __init__(self, fn: H.HFunction, ctx: LiftContext, source_lines: list[str]):
        self.fn = fn
        self.ctx = ctx
        self.lines: list[str] = []
        self.source_lines = source_lines
        self.counter = 0
        self.depth = 1  # of the statement being lifted: where a lambda its value calls is defined
        self.loop_steps: list = []  # the step of each loop around the statement (None for a while loop)

    # ------------------------------------------------------------ statements
    def emit(self, depth: int, text: str) -> None:
        self.lines.append("    " * depth + text)

    def comment(self, depth: int, loc: Location) -> None:
        if 1 <= loc.line <= len(self.source_lines):
            text = " ".join(self.source_lines[loc.line - 1].split())
            self.emit(depth, f"# {loc.file}:{loc.line}: {text}")

    def body(self, stmts, depth: int) -> None:
        start = len(self.lines)
        for s in stmts:
            self.stmt(s, depth)
        if not any(not ln.strip().startswith("#") for ln in self.lines[start:]):
            self.emit(depth, "pass")

    def stmt(self, s, depth: int) -> None:
        if isinstance(s, H.HBlock):
            self.body(s.body, depth) if s.body else None
            return
        if isinstance(s, H.HUnsupportedStmt):
            raise Refusal("C2T1601", f"host code not lifted: {s.what}", s.loc)
        self.depth = depth
        if isinstance(s, H.HBreak):
            self.emit(depth, "break")  # of a loop: a switch's own breaks are taken out (`switch`)
            return
        if isinstance(s, H.HContinue):
            if not self.loop_steps:
                raise Refusal("C2T1601", "host code not lifted: a `continue` outside a loop", s.loc)
            if self.loop_steps[-1] is not None:  # a for loop's step runs before its next test
                self.expr_stmt(self.loop_steps[-1], depth)
            self.emit(depth, "continue")
            return
        self.comment(depth, s.loc)
        if isinstance(s, H.HCheck):
            self.check(s, depth)
        elif isinstance(s, H.HDecl) and isinstance(s.init, H.HDispatch):
            self.dispatch(s.init, depth, py_name(s.name), s.type)
        elif isinstance(s, H.HReturn) and isinstance(s.value, H.HDispatch):
            result = self.fresh("_dispatched")
            self.dispatch(s.value, depth, result, self.fn.return_type)
            self.emit(depth, f"return {result}")
        elif isinstance(s, H.HExprStmt) and isinstance(s.expr, H.HDispatch):
            self.dispatch(s.expr, depth, None, None)
        elif isinstance(s, H.HDecl):
            if s.init is None:
                self.emit(depth, f"{py_name(s.name)} = None")
            else:
                self.emit(depth, f"{py_name(s.name)} = {self.convert(s.init, s.type)}")
        elif isinstance(s, H.HExprStmt):
            self.expr_stmt(s.expr, depth)
        elif isinstance(s, H.HReturn):
            self.emit(depth, "return" if s.value is None else f"return {self.value(s.value)}")
        elif isinstance(s, H.HIf):
            if self.device_branch(s, depth):
                return
            self.emit(depth, f"if {self.value(s.cond)}:")
            self.body([s.then], depth + 1)
            # `else if` as `elif`: a macro-written chain of 90 `else if`s nested as `else: if` would pass
            # Python's limit of 100 indentation levels (the reader refuses chains past MAX_HOST_STMT_DEPTH)
            while isinstance(s.other, H.HIf) and _device_test(s.other.cond) is None:
                s = s.other
                self.comment(depth, s.loc)
                self.emit(depth, f"elif {self.value(s.cond)}:")
                self.body([s.then], depth + 1)
            if s.other is not None:
                self.emit(depth, "else:")
                self.body([s.other], depth + 1)
        elif isinstance(s, H.HFor):
            self.for_loop(s, depth)
        elif isinstance(s, H.HLaunch):
            self.launch(s, depth)
        elif isinstance(s, H.HSwitch):
            self.switch(s, depth)
        else:
            raise Refusal("C2T1601", f"host code not lifted: {type(s).__name__}", s.loc)

    def switch(self, s: H.HSwitch, depth: int) -> None:
        """`switch (x) { case A: case B: ...; break; default: ... }` as an if/elif chain on the value, taken
        once. A group of statements that runs on into the next group's (no `break` or `return` at its end) is
        refused, and so is a `break` that leaves the switch from inside a group (Python's `break` would leave
        the loop around it instead)."""
        selector = self.fresh("_switch")
        self.emit(depth, f"{selector} = {self.value(s.cond)}")
        first = True
        default = None
        for case in s.cases:
            if case.falls_through:
                raise Refusal("C2T1601", "host code not lifted: a switch case that falls through into the next "
                                         "(its statements do not end with `break` or `return`)", case.loc)
            body = _without_final_break(list(case.body))
            inner_break = next((n for st in body for n in _statements(st, into_loops=False)
                                if isinstance(n, H.HBreak)), None)
            if inner_break is not None:
                raise Refusal("C2T1601", "host code not lifted: a `break` out of a switch from inside one of its "
                                         "cases", inner_break.loc)
            if case.default:
                default = body  # the else: C++ takes it for every value no case lists, wherever it is written
                continue
            values = [self.value(v) for v in case.values]
            test = f"{selector} == {values[0]}" if len(values) == 1 else f"{selector} in ({', '.join(values)})"
            self.emit(depth, f"{'if' if first else 'elif'} {test}:")
            first = False
            self.body(body, depth + 1)
        if default is not None and first:
            self.body(default, depth)
        elif default is not None:
            self.emit(depth, "else:")
            self.body(default, depth + 1)

    def lambda_call(self, e: H.HLambdaCall) -> str:
        """`[&] { ... }()`: a nested function defined before the statement that calls it, returning what the
        lambda returns; the locals it assigns that are the caller's (captured by reference) are `nonlocal`."""
        name = self.fresh("_lambda")
        declared = {py_name(n.name) for st in e.body.body for n in _statements(st) if isinstance(n, H.HDecl)}
        assigned = []
        for st in e.body.body:
            for node in _statements(st):
                for ex in _statement_expressions(node):
                    for x in _expressions(ex):
                        target = _assigned_local(x)
                        if target is not None and py_name(target) not in declared and py_name(target) not in assigned:
                            assigned.append(py_name(target))
        if assigned and e.by_copy:
            raise Refusal("C2T1601", "host code not lifted: a lambda capturing by copy that assigns its copy of "
                                     f"`{assigned[0]}`", e.loc)
        if assigned and e.by_copy is None:
            raise Refusal("C2T1601", f"host code not lifted: a lambda a macro writes that assigns `{assigned[0]}` "
                                     "of its caller (whether it captures it by reference is not read)", e.loc)
        depth, steps = self.depth, self.loop_steps
        self.loop_steps = []  # a lambda's body cannot continue the caller's loop
        self.emit(depth, f"def {name}():")
        if assigned:
            self.emit(depth + 1, f"nonlocal {', '.join(assigned)}")
        try:
            self.body(e.body.body, depth + 1)
        finally:
            self.depth, self.loop_steps = depth, steps
        return f"{name}()"

    def device_branch(self, s: H.HIf, depth: int) -> bool:
        """`if (x.device().is_cuda()) { cuda path } else { cpu path }` (pytorch_cluster's `grid`, every
        pytorch_scatter operator) whose CPU path does not lift (a host loop over data_ptr, in a callee) while
        its CUDA path does and launches kernels: the CUDA path alone, for every device, so CPU tensors run
        the converted kernels on the C back end (C2T1605, as for a CPU dispatch key; the registration reads
        CPU as CUDA, so the CUDA path's own device checks hold). False, writing nothing, otherwise."""
        test = _device_test(s.cond)
        if test is None or s.other is None or self.ctx.refusal_of is None:
            return False
        cuda_first, method = test
        cuda, cpu = (s.then, s.other) if cuda_first else (s.other, s.then)
        why = self.branch_refusal(cpu)
        if why is None:
            return False
        mark = self.checkpoint()
        checks = _leading_checks(cpu)
        if checks:
            # the CPU path's own checks before what does not lift still hold for CPU tensors (knn's
            # `if (cosine) AT_ERROR("`cosine` argument not supported on CPU")`), tested on the real device
            # (not as `_on` serves it)
            receiver = self.value(method.receiver)
            device = f"{receiver}.device.type" if method.receiver.type.kind == "tensor" else f"{receiver}.type"
            self.emit(depth, f"if {device} != 'cuda':  # the CPU path's checks")
            self.body(checks, depth + 1)
        self.body([cuda], depth)  # a Refusal here refuses the function, as without a CPU path
        new_calls = set(self.ctx.called) - mark.called
        launches = any(f"{RT}.launch(" in line for line in self.lines[mark.lines:]) or any(
            self.ctx.launches_kernels(k) for k in new_calls if self.ctx.refusal_of(k) is None)
        if not launches:
            self.rollback(mark)
            return False
        self.lines.insert(mark.lines, "    " * depth + "# CPU tensors too (C2T1605): the CPU path did not lift: "
                          + " ".join(why.split())[:160])
        self.ctx.replaced_cpu_branches.append((s.loc, why))
        return True

    def checkpoint(self) -> "_Checkpoint":
        """What lifting has written so far, to undo a trial (`rollback`): lines are only appended past it."""
        return _Checkpoint(len(self.lines), self.counter, frozenset(self.ctx.called), len(self.ctx.refused_cases))

    def rollback(self, mark: "_Checkpoint") -> None:
        del self.lines[mark.lines:]
        del self.ctx.refused_cases[mark.refused_cases:]
        self.counter = mark.counter
        self.ctx.called.clear()
        self.ctx.called.update(mark.called)

    def branch_refusal(self, branch) -> str | None:
        """Why `branch` does not lift (its own code or a project function it calls), None if it does."""
        mark = self.checkpoint()
        try:
            self.body([branch], 1)
            return self.branch_refusal_of_calls(set(self.ctx.called) - mark.called)
        except Refusal as err:
            return err.message
        finally:
            self.rollback(mark)

    def branch_refusal_of_calls(self, keys: set[str]) -> str | None:
        for key in sorted(keys):
            refusal = self.ctx.refusal_of(key)
            if refusal is not None:
                return f"`{self.ctx.user_functions[key].qualified}`: {refusal.message}"
        return None

    def default(self, p: H.HParam) -> str:
        """A default argument as a Python default: a constant only (C++ evaluates a default at each call;
        a constant is the same at definition)."""
        if not all(isinstance(n, (H.HLit, H.HConstruct, H.HCast)) for n in _expressions(p.default)):
            raise Refusal("C2T1601", f"host code not lifted: the default argument of `{p.name}` is not a constant",
                          p.default.loc)
        return self.convert(p.default, p.type)

    def fresh(self, stem: str) -> str:
        self.counter += 1
        return f"{stem}{self.counter}"

    def dispatch(self, d: H.HDispatch, depth: int, target: str | None, to: H.HType | None) -> None:
        """AT_DISPATCH_*: a switch on the selector's dtype, each case the lambda's body inlined with
        `scalar_t` already bound by clang (its launches name `k<double>`); an unlisted dtype raises
        NotImplementedError with ATen's message. A lambda returning a value returns it as its last
        statement (`[&] { ...; return f<scalar_t>(x); }`), which is assigned to `target`; a `return`
        elsewhere in the lambda would leave only the lambda, not the function, and is refused."""
        selector = self.fresh("_scalar_type")
        self.emit(depth, f"{selector} = {self.value(d.selector)}")
        refused_before = len(self.ctx.refused_cases)
        for i, case in enumerate(d.cases):
            dtype = SCALAR_TYPES.get(case.scalar_type)
            if dtype is None:
                raise Refusal("C2T1601", f"host code not lifted: AT_DISPATCH case of ScalarType::{case.scalar_type}, "
                                         "which has no torch dtype", d.loc)
            body = list(case.body.body)
            last = body.pop() if body and isinstance(body[-1], H.HReturn) else None
            if any(isinstance(n, H.HReturn) for s in body for n in _statements(s)):
                raise Refusal("C2T1601", "host code not lifted: a `return` inside an AT_DISPATCH lambda before its "
                                         "last statement (it leaves the lambda, not the function)", d.loc)
            if last is not None and last.value is not None and target is None:
                body.append(H.HExprStmt(last.value, last.loc))  # the value of a dispatch written as a statement
            elif last is not None and last.value is not None:
                body.append(H.HDecl(target, to, last.value, last.loc) if to is not None else
                            H.HExprStmt(last.value, last.loc))
            elif target is not None:
                raise Refusal("C2T1601", "host code not lifted: the value of an AT_DISPATCH lambda that does not "
                                         "end with `return value;`", d.loc)
            self.emit(depth, f"{'if' if i == 0 else 'elif'} {selector} == torch.{dtype}:")
            mark = self.checkpoint()
            try:
                self.body(body, depth + 1)
            except Refusal as err:
                if err.code != "C2T1603":
                    raise
                # a kernel not converted for this dtype only (`radius_kernel<c10::BFloat16>`: a bfloat16
                # scalar parameter): the other dtypes are served, this one raises saying why (and what it
                # would have called is not called)
                self.rollback(mark)
                message = f"cuda2tile: \"{d.name}\" for '{case.scalar_type}' is not converted: {err.message} ({err.code})"
                self.emit(depth + 1, f"raise NotImplementedError({message!r})")
                self.ctx.refused_cases.append(err)
        if d.cases and len(self.ctx.refused_cases) - refused_before == len(d.cases):
            raise self.ctx.refused_cases[-1]  # no dtype is served: the function is refused
        self.emit(depth, "else:")
        before, after = repr(f'"{d.name}" not implemented for \''), repr("'")
        self.emit(depth + 1, f"raise NotImplementedError({before} + {RT}.scalar_type_name({selector}) + {after})")

    def check(self, s: H.HCheck, depth: int) -> None:
        exception = check_exception(s.macro)
        if s.internal:
            text = INTERNAL_ASSERT_MESSAGE.format(cond=s.cond_text, file=s.loc.file, line=s.loc.line)
            parts = ", ".join(self.value(m) for m in s.message)
            message = f"{text!r} + {RT}.cstr({parts})" if s.message else repr(text)
        elif s.message:
            message = f"{RT}.cstr({', '.join(self.value(m) for m in s.message)})"
        else:
            message = repr(DEFAULT_CHECK_MESSAGE.format(cond=s.cond_text))
        self.emit(depth, f"if not ({self.value(s.cond)}):")
        self.emit(depth + 1, f"raise {exception}({message})")

    def expr_stmt(self, e, depth: int) -> None:
        if isinstance(e, H.HOp) and e.op in ("=", "+=", "-=", "*=", "/=", "%=", "<<=", ">>=", "&=", "|=", "^="):
            target = self.lvalue(e.operands[0])
            if e.op != "=" and e.operands[0].type.kind == "tensor" and e.op in ("+=", "-=", "*=", "/="):
                # `t *= x;` of an at::Tensor is in place (Tensor::mul_): every alias of the tensor sees it,
                # and so does Python's `*=` on a torch.Tensor
                self.emit(depth, f"{target} {e.op} {self.value(e.operands[1])}")
                return
            if e.op == "=":
                self.emit(depth, f"{target} = {self.convert(e.operands[1], e.operands[0].type)}")
            else:
                combined = H.HOp(e.op[:-1], e.operands, e.operands[0].type, e.loc)
                self.emit(depth, f"{target} = {self.convert(combined, e.operands[0].type)}")
            return
        if isinstance(e, H.HOp) and e.op in ("++", "--", "post++", "post--"):
            target = self.lvalue(e.operands[0])
            step = H.HOp("+" if "+" in e.op else "-", (e.operands[0], H.HLit(1, e.operands[0].type, e.loc)),
                         e.operands[0].type, e.loc)
            self.emit(depth, f"{target} = {self.convert(step, e.operands[0].type)}")
            return
        if isinstance(e, H.HCall) and e.callee in ("cudaGetLastError", "cudaPeekAtLastError",
                                                   "c10::cuda::c10_cuda_check_implementation"):
            return  # launch checks: a failed converted launch raises
        self.emit(depth, self.value(e))

    def lvalue(self, e) -> str:
        if isinstance(e, H.HVar):
            return py_name(e.name)
        if isinstance(e, H.HOp) and e.op == "[]" and e.operands[0].type.kind in ("int_list", "tensor_list",
                                                                                   "saved_data"):
            return f"{self.value(e.operands[0])}[{self.value(e.operands[1])}]"
        raise Refusal("C2T1601", "host code not lifted: an assignment to something other than a local", e.loc)

    def for_loop(self, s: H.HFor, depth: int) -> None:
        if s.init is not None:
            self.stmt(s.init, depth)
        self.emit(depth, f"while {self.value(s.cond) if s.cond is not None else 'True'}:")
        self.loop_steps.append(s.step)
        try:
            self.body([s.body], depth + 1)
        finally:
            self.loop_steps.pop()
        if s.step is not None:
            self.expr_stmt(s.step, depth + 1)

    def launch(self, s: H.HLaunch, depth: int) -> None:
        target = self.ctx.kernel_target(s)
        grid = self.dims(s.grid)
        block = self.dims(s.block)
        shared = self.value(s.shared_bytes) if s.shared_bytes is not None else "0"
        stream = self.value(s.stream) if s.stream is not None else "None"
        args = ", ".join(self.value(a) for a in s.args)
        self.emit(depth, f"{RT}.launch({target.module_var}, {target.kernel!r}, grid={grid}, block={block}, "
                         f"shared={shared}, stream={stream}, args=({args}{',' if len(s.args) == 1 else ''}), on={ON})")

    def dims(self, parts) -> str:
        if len(parts) == 1:
            return self.value(parts[0])
        return "(" + ", ".join(self.value(p) for p in parts) + ")"

    # ------------------------------------------------------------ expressions
    def convert(self, e, to: H.HType) -> str:
        """`e` converted to `to` as C++ converts on initialisation or assignment."""
        if to.kind == "number" and getattr(e, "type", None) is not None and e.type.kind == "number" \
                and e.type.dtype != to.dtype:
            return self.cast(self.value(e), e.type, to)
        return self.value(e)

    def cast(self, text: str, src: H.HType, dst: H.HType) -> str:
        dtype = dst.dtype or ""
        if dtype == "bool":
            return f"bool({text})"
        if dtype == "float32":
            return text if text.startswith(f"{RT}.f32(") else f"{RT}.f32({text})"
        if dtype in ("float16", "bfloat16"):
            # c10::Half(x), c10::BFloat16(x) (host_type reads them as numbers of that dtype): rounded to the
            # half type through float, as their constructors round, so a kernel's scalar_t parameter receives
            # that value exactly (`c10::Half(r * r)`)
            return f"{RT}.round_to({text}, {dtype!r})"
        if dtype.startswith(("float", "bfloat")):
            return f"float({text})"
        if dtype.startswith(("int", "uint")):
            bits = int("".join(ch for ch in dtype if ch.isdigit()))
            signed = dtype.startswith("int")
            if src.dtype and src.dtype.startswith("int") and signed and int(
                    "".join(ch for ch in src.dtype if ch.isdigit())) <= bits:
                return text  # widening a signed integer changes nothing
            if src.dtype == "bool":
                return f"int({text})"
            return f"{RT}.wrap({text}, {bits}, {signed})"
        return text

    def value(self, e) -> str:
        if isinstance(e, H.HLit):
            if isinstance(e.value, bool):
                return "True" if e.value else "False"
            if isinstance(e.value, float) and e.type.dtype == "float32":
                return repr(e.value)
            return repr(e.value)
        if isinstance(e, H.HVar):
            return py_name(e.name)
        if isinstance(e, H.HGlobal):
            return self.global_value(e)
        if isinstance(e, H.HCast):
            return self.cast_value(e)
        if isinstance(e, H.HOp):
            return self.op(e)
        if isinstance(e, H.HCond):
            return f"({self.value(e.then)} if {self.value(e.cond)} else {self.value(e.other)})"
        if isinstance(e, H.HMethod):
            return self.method(e)
        if isinstance(e, H.HCall):
            return self.call(e)
        if isinstance(e, H.HConstruct):
            return self.construct(e)
        if isinstance(e, H.HLambdaCall):
            return self.lambda_call(e)
        if isinstance(e, H.HField):
            if e.base.type.kind == "dim3" and e.name in ("x", "y", "z"):
                return f"{self.value(e.base)}.{e.name}"
            if e.base.type.kind == "autograd_ctx" and e.name == "saved_data":
                return f"{RT}.saved_data({self.value(e.base)})"  # `ctx->saved_data["dim"]`: a dict on ctx
            raise Refusal("C2T1601", f"host code not lifted: the member `{e.name}` of a `{e.base.type.spelling}`",
                          e.loc)
        if isinstance(e, H.HUnsupported):
            raise Refusal("C2T1601", f"host code not lifted: {e.what}", e.loc)
        raise Refusal("C2T1601", f"host code not lifted: {type(e).__name__}", getattr(e, "loc", Location("?")))

    def global_value(self, e: H.HGlobal) -> str:
        record = aten_lookup("constant", e.qualified, 0)
        if record is not None:
            return record.python.format(rt=RT, on=ON)
        if e.value is not None:
            return repr(e.value)
        if e.init is not None and e.type.kind == "map":
            # a project's constant table (`const std::map<std::string, ReductionType> reduce2REDUCE = {{"sum",
            # SUM}, ...}`): a dict of its entries, built where it is used
            return self.map_value(e)
        if e.qualified in H.stand_in_version_macros():
            raise Refusal("C2T1601", f"host code not lifted: the value of `{e.qualified}`, a version macro of "
                                     "cuda2tile's stand-in headers (the version the original was built with is not "
                                     "known to the converted package)", e.loc)
        raise Refusal("C2T1602", f"no torch mapping for `{e.qualified}` (op_coverage/aten.py)", e.loc)

    def map_value(self, e: H.HGlobal) -> str:
        init = e.init
        while isinstance(init, H.HConstruct) and len(init.args) == 1 and isinstance(init.args[0], H.HConstruct) \
                and not init.braced:
            init = init.args[0]  # the map's constructor from an initializer_list
        entries = init.args if isinstance(init, H.HConstruct) else None
        pairs = []
        for entry in entries if entries is not None else ():
            parts = entry.args if isinstance(entry, H.HConstruct) else ()
            if len(parts) != 2:
                entries = None
                break
            pairs.append(f"{self.value(parts[0])}: {self.value(parts[1])}")
        if entries is None:
            raise Refusal("C2T1601", f"host code not lifted: the initialiser of `{e.qualified}` (a map given as "
                                     "a braced list of {key, value} pairs is)", e.loc)
        return "{" + ", ".join(pairs) + "}"

    def cast_value(self, e: H.HCast) -> str:
        inner = self.value(e.operand)
        src, dst = e.operand.type, e.type
        if dst.kind == "number" and src.kind == "number":
            if isinstance(e.operand, H.HLit) and isinstance(e.operand.value, int) and dst.is_integer:
                bits = int("".join(ch for ch in dst.dtype if ch.isdigit()))
                value = e.operand.value % (1 << bits)
                if dst.dtype.startswith("int") and value >= 1 << (bits - 1):
                    value -= 1 << bits
                return repr(value)  # a constant converted at compile time
            return self.cast(inner, src, dst)
        if dst.kind == "number" and src.kind in ("scalar_type", "dtype", "device_type") and e.implicit:
            return inner
        if dst.kind == "pointer":
            if src.kind == "pointer" or (isinstance(e.operand, H.HLit) and e.operand.value in (None, 0)):
                if isinstance(e.operand, H.HLit):
                    return "None"
                return f"{RT}.cast_ptr({inner}, {_TORCH_DTYPE.get(dst.dtype or '', 'None')})"
        if dst.kind == src.kind or dst.kind in ("stream", "other", "dtype", "scalar_type", "options", "tensor",
                                                 "int_list", "string", "device"):
            return inner
        raise Refusal("C2T1601", f"host code not lifted: a conversion from `{src.spelling}` to `{dst.spelling}`", e.loc)

    def op(self, e: H.HOp) -> str:
        ops = e.operands
        if e.op == "[]" and ops[0].type.kind == "pointer":
            # `index.max().cpu().data_ptr<int64_t>()[0]`: a read of host memory (a write is refused as an
            # assignment); the runtime refuses one of CUDA memory, which the host cannot read either
            return f"{RT}.load({self.value(ops[0])}, {self.value(ops[1])})"
        if e.op == "[]":
            return f"{self.value(ops[0])}[{self.value(ops[1])}]"
        if len(ops) == 1 and e.op == "*" and ops[0].type.kind == "pointer":
            return f"{RT}.load({self.value(ops[0])}, 0)"
        if len(ops) == 1:
            inner = self.value(ops[0])
            if e.op == "!":
                return f"(not {inner})"
            if e.op in ("-", "+"):
                return f"({e.op}{inner})"
            if e.op == "~":
                return self.cast(f"(~{inner})", e.type, e.type) if e.type.dtype and e.type.dtype.startswith("uint") \
                    else f"(~{inner})"
            raise Refusal("C2T1601", f"host code not lifted: the operator `{e.op}` (pointers and memory of the host "
                                     "program are not lifted)", e.loc)
        if len(ops) != 2:
            raise Refusal("C2T1601", f"host code not lifted: the operator `{e.op}`", e.loc)
        a, b = self.value(ops[0]), self.value(ops[1])
        integer = e.type.is_integer and all(o.type.kind == "number" for o in ops)
        if e.op == "/":
            return f"{RT}.idiv({a}, {b})" if integer else f"({a} / {b})"
        if e.op == "%":
            if not integer:
                raise Refusal("C2T1601", "host code not lifted: `%` on non-integers", e.loc)
            return f"{RT}.imod({a}, {b})"
        if e.op in ("=", "+=", "-=", "*=", "/=") or e.op not in _PY_OPS:
            raise Refusal("C2T1601", f"host code not lifted: the operator `{e.op}` used as a value", e.loc)
        if e.op == "<<" and ops[0].type.kind != "number":
            raise Refusal("C2T1601", "host code not lifted: stream output (`<<`)", e.loc)
        text = f"({a} {_PY_OPS[e.op]} {b})"
        if integer and e.op in ("+", "-", "*", "<<") and e.type.dtype and e.type.dtype.startswith("uint"):
            return self.cast(text, e.type, e.type)
        return text

    def _format(self, record, loc: Location, receiver: str | None, args: list[str], dtype: str | None,
                result: H.HType | None = None, template_args: tuple[str, ...] = (),
                arg_kinds: tuple[str, ...] = ()) -> str:
        index = result.index if result is not None and result.kind in ("accessor", "tensor_info") else None
        if "{targ0}" in record.python and not (template_args and template_args[0].isdigit()):
            # `std::get<0>(t)` indexes; `std::get<Tensor>(t)` (by type) has no index to give
            raise Refusal("C2T1602", f"`{record.cpp}` with template arguments <{', '.join(template_args)}>: the "
                                     "mapping takes a constant index", loc)
        if "{args}" in record.python and arg_kinds:
            # passed through as written: TensorOptions become keywords (`torch::arange(0, n, 1, x.options())`
            # is `torch.arange(0, n, 1, **options)`; torch takes dtype and device only by keyword)
            args = [f"**{a}" if kind == "options" else a for a, kind in zip(args, arg_kinds)]
        try:
            return record.python.format(*args, self=receiver, args=", ".join(args), rt=RT, on=ON,
                                        targ0=template_args[0] if template_args else "",
                                        ctype0=repr(template_args[0]) if template_args else "None",
                                        dtype=_TORCH_DTYPE.get(dtype or "", "None"), rank=result.rank if index else 0,
                                        index_bits="".join(ch for ch in index if ch.isdigit()) if index else 0)
        except (IndexError, KeyError) as err:
            raise Refusal("C2T1602", f"the torch mapping of `{record.cpp}` does not fit this call ({err})", loc)

    def method(self, e: H.HMethod) -> str:
        receiver_kind = e.receiver.type.kind
        cls = _CLASS_OF_KIND.get(receiver_kind)
        if cls is None and "DeprecatedTypeProperties" in e.receiver.type.spelling:
            cls = "DeprecatedTypeProperties"
        if cls is None:
            raise Refusal("C2T1602", f"no torch mapping for `{e.name}` of a `{e.receiver.type.spelling}` "
                                     "(op_coverage/aten.py)", e.loc)
        record = aten_lookup("method", f"{cls}.{e.name}", len(e.args))
        if record is None:
            raise Refusal("C2T1602", f"no torch mapping for `{cls}::{e.name}` with {len(e.args)} argument(s) "
                                     "(op_coverage/aten.py)", e.loc)
        receiver = self.value(e.receiver)
        return self._format(record, e.loc, receiver, [self.value(a) for a in e.args],
                            e.type.dtype if e.type.kind in ("pointer", "accessor") else None, e.type,
                            arg_kinds=tuple(a.type.kind for a in e.args))

    def call(self, e: H.HCall) -> str:
        autograd = self.ctx.autograd_classes.get(e.usr)
        if autograd is not None:
            # `ScatterSum::apply(src, index)`: the class the package module defines (extension.py) around the
            # lifted forward and backward; the served device goes last (apply takes no keywords)
            self.ctx.called.update((autograd.forward, autograd.backward))
            args = ", ".join([self.value(a) for a in e.args] + [ON])
            return f"{self.ctx.python_names[e.usr]}.apply({args})"
        overloads = self.ctx.by_name.get(e.callee, [])
        key = e.usr if e.usr in self.ctx.user_functions else overloads[0] if len(overloads) == 1 else None
        if e.user and key is not None:
            self.ctx.called.add(key)
            args = ", ".join([self.value(a) for a in e.args] + [f"{ON}={ON}"])
            return f"{self.ctx.python_names[key]}({args})"
        record = aten_lookup("function", e.callee, len(e.args))
        if record is None:
            why = " (a function of the project with no definition in the tree)" if e.user else " (op_coverage/aten.py)"
            raise Refusal("C2T1602", f"no torch mapping for `{e.callee}` with {len(e.args)} argument(s){why}", e.loc)
        return self._format(record, e.loc, None, [self.value(a) for a in e.args],
                            e.type.dtype if e.type.kind == "tensor_info" else None, e.type,
                            template_args=e.template_args, arg_kinds=tuple(a.type.kind for a in e.args))

    def construct(self, e: H.HConstruct) -> str:
        kind = e.type.kind
        args = [self.value(a) for a in e.args]
        if kind == "dim3":
            return f"{RT}.dim3({', '.join(args)})"
        if kind == "options" and not args:
            return "{}"
        if kind == "int_list" and len(e.args) == 1 and e.args[0].type.kind == "int_list":
            return args[0]  # an IntArrayRef over a braced list or a vector
        if kind == "int_list" and "vector" in e.type.spelling:  # a std::vector<int64_t>: grows, changes
            return "[" + ", ".join(args) + "]"
        if kind == "int_list":
            return "(" + ", ".join(args) + ("," if len(args) == 1 else "") + ")"
        if kind == "tensor_list" and len(e.args) == 1 and e.args[0].type.kind == "tensor_list":
            return args[0]  # a TensorList over a braced list or a vector
        if kind == "tensor_list":
            return "[" + ", ".join(args) + "]"
        if kind == "tuple":  # `return {h, c};` of a std::tuple: the schema's tuple of returns
            return "(" + ", ".join(args) + ("," if len(args) == 1 else "") + ")"
        if kind == "scalar" and len(args) == 1 and e.args[0].type.kind == "number":
            return args[0]  # a c10::Scalar of a number is that number to torch
        if kind == "optional" and len(args) <= 1:  # `std::optional<int64_t>` from a value, or empty
            return args[0] if args else "None"
        if kind == "tensor" and not args:
            return "None"
        if kind == "number" and len(e.args) == 1:
            return self.cast(args[0], e.args[0].type, e.type)
        if kind == "string" and len(args) <= 1:
            return f"str({args[0]})" if args else "''"
        if kind == "ivalue" and len(args) <= 1:  # `ctx->saved_data["dim"] = dim`: the value itself
            return args[0] if args else "None"
        raise Refusal("C2T1601", f"host code not lifted: a `{e.type.spelling}` built from parts", e.loc)


def _leading_checks(branch) -> list:
    """The checks a branch makes before anything else: TORCH_CHECKs, and ifs that only check
    (`if (cosine) AT_ERROR(...)`)."""
    stmts = list(branch.body) if isinstance(branch, H.HBlock) else [branch]
    out = []
    for s in stmts:
        if not _only_checks(s):
            break
        out.append(s)
    return out


def _only_checks(s) -> bool:
    if isinstance(s, H.HCheck):
        return True
    if isinstance(s, H.HBlock):
        return bool(s.body) and all(_only_checks(x) for x in s.body)
    if isinstance(s, H.HIf):
        return _only_checks(s.then) and (s.other is None or _only_checks(s.other))
    return False


def _device_test(cond) -> tuple[bool, H.HMethod] | None:
    """(True, the test) for a test that a tensor or device is CUDA (`x.device().is_cuda()`, `x.is_cuda()`),
    (False, the test) for one that it is CPU (`is_cpu()`, `!x.is_cuda()`), None for any other condition."""
    negated = False
    while isinstance(cond, H.HOp) and cond.op == "!" and len(cond.operands) == 1:
        negated, cond = not negated, cond.operands[0]
    if isinstance(cond, H.HMethod) and not cond.args and cond.name in ("is_cuda", "is_cpu") and \
            cond.receiver.type.kind in ("tensor", "device"):
        return (cond.name == "is_cuda") != negated, cond
    return None


@dataclass(frozen=True)
class _Checkpoint:
    lines: int
    counter: int
    called: frozenset
    refused_cases: int


def _expressions(e):
    """`e` and the expressions nested in it."""
    yield e
    for name in ("operand", "args", "operands", "receiver", "base", "cond", "then", "other"):
        inner = getattr(e, name, None)
        for x in (inner if isinstance(inner, tuple) else (inner,) if inner is not None else ()):
            yield from _expressions(x)


def _statements(s, into_loops: bool = True):
    """`s` and the statements nested in it (not a lambda's: they are in its expressions); `into_loops`
    False: not those of the loops and switches nested in it either (what a `break` of `s` would leave)."""
    yield s
    if isinstance(s, H.HBlock):
        for inner in s.body:
            yield from _statements(inner, into_loops)
    elif isinstance(s, H.HIf):
        yield from _statements(s.then, into_loops)
        if s.other is not None:
            yield from _statements(s.other, into_loops)
    elif isinstance(s, H.HFor) and into_loops:
        if s.init is not None:
            yield from _statements(s.init, into_loops)
        yield from _statements(s.body, into_loops)
    elif isinstance(s, H.HSwitch) and into_loops:
        for case in s.cases:
            for inner in case.body:
                yield from _statements(inner, into_loops)


def _without_final_break(stmts: list) -> list:
    """A switch group's statements without the `break` that ends them (`case A: { ...; break; }` too)."""
    if stmts and isinstance(stmts[-1], H.HBreak):
        return stmts[:-1]
    if stmts and isinstance(stmts[-1], H.HBlock):
        inner = _without_final_break(list(stmts[-1].body))
        return stmts[:-1] + [H.HBlock(tuple(inner), stmts[-1].loc)]
    return stmts


def _statement_expressions(s):
    """The expressions a statement holds itself (not its nested statements')."""
    if isinstance(s, H.HDecl):
        return (s.init,) if s.init is not None else ()
    if isinstance(s, (H.HExprStmt,)):
        return (s.expr,)
    if isinstance(s, H.HReturn):
        return (s.value,) if s.value is not None else ()
    if isinstance(s, H.HIf):
        return (s.cond,)
    if isinstance(s, H.HFor):
        return tuple(x for x in (s.cond, s.step) if x is not None)
    if isinstance(s, H.HSwitch):
        return (s.cond,)
    if isinstance(s, H.HCheck):
        return (s.cond,) + s.message
    if isinstance(s, H.HLaunch):
        return s.grid + s.block + s.args + tuple(x for x in (s.shared_bytes, s.stream) if x is not None)
    return ()


def _assigned_local(e) -> str | None:
    """The local an expression assigns (`x = ...`, `x += ...`, `++x`), else None."""
    if isinstance(e, H.HOp) and e.operands and isinstance(e.operands[0], H.HVar) and (
            e.op in ("=", "+=", "-=", "*=", "/=", "%=", "<<=", ">>=", "&=", "|=", "^=", "++", "--", "post++",
                     "post--")):
        return e.operands[0].name
    return None


def lift_function(fn: H.HFunction, ctx: LiftContext, source_lines: list[str], name: str) -> list[str]:
    """The Python source lines of `fn` as `def name(params, *, _on)`; raises Refusal."""
    lifter = _FunctionLifter(fn, ctx, source_lines)
    for p in fn.params:
        if p.type.kind in ("pointer", "other"):
            raise Refusal("C2T1601", f"host code not lifted: a parameter of type `{p.type.spelling}`", fn.loc)
    params = ", ".join([py_name(p.name) if p.default is None else f"{py_name(p.name)}={lifter.default(p)}"
                        for p in fn.params] + ["*", f"{ON}"])
    lifter.emit(0, f"def {name}({params}):")
    lifter.emit(1, f'"""`{fn.qualified}` ({fn.loc.file}:{fn.loc.line}), lifted by cuda2tile."""')
    lifter.body(fn.body.body, 1)
    return lifter.lines
