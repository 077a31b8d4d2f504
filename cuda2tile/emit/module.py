"""Emit one Python module per `.cu` file: statements printed from the IR, jinja2 for the skeleton.

Per kernel the module holds a factory

    def saxpy(*, block=(256,), target="cuda"):       # CUDA blockDim (compile-time) and target
        ...
        @T.prim_func
        def saxpy(n: T.int32, ..., grid_x: T.int32):  # CUDA arguments, then gridDim
            with T.Kernel(grid_x, threads=block_x) as bx:
                for tx in T.Parallel(block_x):
                    ...

and `KERNELS`, a table describing each kernel's arguments (dtype, carrier dtype) for callers.
Every statement block carries a comment naming the CUDA line it came from.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import jinja2

from cuda2tile import __version__
from cuda2tile.emit import gemm as gemm_printer
from cuda2tile.emit.helpers import helper_source
from cuda2tile.emit.names import BUILTIN_NAMES, GEMM_FACTORY_NAMES, RESERVED, PythonNames
from cuda2tile.emit.printer import BUFFER_CARRIERS, SCALAR_CARRIERS, ExprPrinter
from cuda2tile.lift import tile_ir as I

_TEMPLATES = jinja2.Environment(
    loader=jinja2.FileSystemLoader(str(Path(__file__).parent / "templates")),
    keep_trailing_newline=True, trim_blocks=True, lstrip_blocks=True, autoescape=False)
_INDENT = "    "
_AXES = "xyz"
_REDUCE = {"sum": "T.reduce_sum", "max": "T.reduce_max", "min": "T.reduce_min"}  # BlockReduce.op
_ITEMSIZE = {"float16": 2, "bfloat16": 2, "float32": 4, "float64": 8, "int8": 1, "uint8": 1, "int16": 2,
             "uint16": 2, "int32": 4, "uint32": 4, "int64": 8, "uint64": 8, "bool": 1}


def _safe_source_name(name: str) -> str:
    """A file name made safe for comments and docstrings: a file's name may hold a newline followed by
    `import os`, or three double quotes. Control characters, quotes and backslashes become `?` (the
    report keeps the real name)."""
    return "".join(ch if ch.isprintable() and ch not in "\"\\" else "?" for ch in name)


def _comment_text(text: str) -> str:
    """A CUDA source line made safe for a one-line Python comment."""
    text = "".join(ch if ch.isprintable() else " " for ch in text.strip())
    text = re.sub(r"\s+", " ", text)
    return text if len(text) <= 100 else text[:97] + "..."


class StmtPrinter:
    def __init__(self, expr: ExprPrinter, names: PythonNames, source_name: str, source_lines: list[str]):
        self.expr = expr
        self.names = names
        self.source_name = source_name
        self.source_lines = source_lines
        self.lines: list[str] = []
        self.last_comment = 0

    def emit(self, depth: int, text: str) -> None:
        self.lines.append(_INDENT * depth + text)

    def comment(self, depth: int, line: int) -> None:
        if line <= 0 or line == self.last_comment:
            return
        self.last_comment = line
        text = self.source_lines[line - 1] if line <= len(self.source_lines) else ""
        self.emit(depth, f"# {self.source_name}:{line}: {_comment_text(text)}".rstrip())

    def block(self, stmts: tuple[I.Stmt, ...], depth: int) -> None:
        if not stmts:
            self.emit(depth, "T.evaluate(0)  # empty in CUDA")
            return
        for s in stmts:
            self.stmt(s, depth)

    def stmt(self, s: I.Stmt, depth: int) -> None:
        e, n = self.expr, self.names
        if not isinstance(s, (I.Parallel, I.DeclVar, I.DeclLocal, I.DeclShared, I.DeclPrivate)):  # hoisted: no line
            self.comment(depth, s.line)
        if isinstance(s, I.Let):
            self.emit(depth, f"{n(s.name)} = {e(s.value)}")
        elif isinstance(s, I.DeclVar):
            self.emit(depth, f'{n(s.name)} = T.alloc_var("{s.dtype}")')
        elif isinstance(s, I.DeclLocal):
            self.emit(depth, f'{n(s.name)} = T.alloc_local(({s.size},), "{s.dtype}")')
        elif isinstance(s, I.AssignVar):
            self.emit(depth, f"{n(s.name)} = {e(s.value)}")
        elif isinstance(s, I.Store):
            value = e(s.value)
            carrier = self.expr.buffers.get(s.buffer)
            if carrier == "uint8" and s.value.dtype == "bool":
                value = f'T.cast({value}, "uint8")'
            elif carrier:
                value = f'T.reinterpret({value}, "{carrier}")'
            self.emit(depth, f"{n(s.buffer)}[{e(s.index)}] = {value}")
        elif isinstance(s, I.If):
            self.emit(depth, f"if {self.expr.condition(s.cond)}:")
            self.block(s.then, depth + 1)
            if s.other:
                self.emit(depth, "else:")
                self.block(s.other, depth + 1)
        elif isinstance(s, I.For):
            self.emit(depth, f"for {n(s.var)} in T.serial({self.range_args(s)}):")
            self.block(s.body, depth + 1)
        elif isinstance(s, I.While):
            self.emit(depth, f"while {e(s.cond)}:")
            self.block(s.body, depth + 1)
        elif isinstance(s, I.Break):
            self.emit(depth, "break")
        elif isinstance(s, I.Continue):
            self.emit(depth, "continue")
        elif isinstance(s, I.Return):
            self.emit(depth, f"return {e(s.value)}" if s.value is not None else "return")
        elif isinstance(s, I.Evaluate):
            if isinstance(s.expr, I.MacroCall) or isinstance(s.expr, I.AtomicRMW) and s.expr.op in ("add", "max", "min"):
                self.emit(depth, e(s.expr))
            else:
                self.emit(depth, f"T.evaluate({e(s.expr)})")
        elif isinstance(s, I.Parallel):
            threads = self.expr.thread_vars
            dims = [BUILTIN_NAMES[("blockDim", v[1])] for v in threads]
            self.emit(depth, f"for {', '.join(threads)} in T.Parallel({', '.join(dims)}):")
            self.block(s.body, depth + 1)
        elif isinstance(s, I.Barrier):
            label = "__syncthreads()" if s.kind == "block" else "warp exchange / __syncwarp()"
            self.emit(depth, f"T.sync_threads()  # {label}")
        elif isinstance(s, I.DeclShared):
            if s.size == "threads":
                size = " * ".join(BUILTIN_NAMES[("blockDim", v[1])] for v in reversed(self.expr.thread_vars))
            elif s.size is None:
                size = f"shared_bytes // {_ITEMSIZE[s.dtype]}"
            else:
                size = str(s.size)
            self.emit(depth, f'{n(s.name)} = T.alloc_shared(({size},), "{s.dtype}", scope=smem_scope)')
        elif isinstance(s, I.DeclPrivate):
            dims = [BUILTIN_NAMES[("blockDim", v[1])] for v in self.expr.thread_vars]
            if s.size is not None:
                dims.append(str(s.size))
            self.emit(depth, f'{n(s.name)} = T.alloc_fragment(({", ".join(dims)},), "{s.dtype}")')
        elif isinstance(s, I.PrivateStore):
            self.emit(depth, f"{n(s.name)}[{self.expr.slot(s.index)}] = {e(s.value)}")
        elif isinstance(s, I.Raised):
            self.emit(depth, f"# raised: {s.idiom}; decided per launch, the faithful form runs otherwise")
            self.emit(depth, f"if {_raised_condition(s, e)}:")
            self.block(s.raised, depth + 1)
            self.emit(depth, "else:")
            self.last_comment = 0
            self.block(s.faithful, depth + 1)
        elif isinstance(s, I.BlockReduce):
            self.block_reduce(s, depth)
        elif isinstance(s, I.BlockScan):
            self.block_scan(s, depth)
        elif isinstance(s, I.WarpScan):
            self.warp_scan(s, depth)
        elif isinstance(s, I.TileCopy):
            glob = f"{self.names(s.buffer)}[{self.slice(s.offset, s.extent)}]"
            shared = f"{self.names(s.shared)}[{self.slice(s.shared_offset, s.extent)}]"
            self.emit(depth, f"T.copy({glob}, {shared})" if s.load else f"T.copy({shared}, {glob})")
        elif isinstance(s, I.WarpReduce):
            self.warp_reduce(s, depth)
        else:
            raise TypeError(f"cannot print {type(s).__name__}")

    def block_reduce(self, s: I.BlockReduce, depth: int) -> None:
        """Stage the shared slots in a fragment, reduce, write slot 0, barrier."""
        n, tx, extent = self.names, self.expr.thread_vars[0], self.expr(s.extent)
        staged, result, buf = n(s.staged), n(s.result), n(s.buffer)
        self.emit(depth, f'{staged} = T.alloc_fragment(({extent},), "{s.dtype}")')
        self.emit(depth, f"for {tx} in T.Parallel({extent}):")
        self.emit(depth + 1, f"{staged}[{tx}] = {buf}[{tx}]")
        self.tile_reduction(depth, s.op, s.dtype, staged, n(s.local), result, f"{extent},", "1,", 0)
        self.emit(depth, f"for {tx} in T.Parallel({extent}):")
        self.emit(depth + 1, f"if {tx} == 0:")
        self.emit(depth + 2, f"{buf}[0] = {result}[0]")
        self.emit(depth, "T.sync_threads()  # the tree's last __syncthreads()")

    def block_scan(self, s: I.BlockScan, depth: int) -> None:
        """Stage the scanned slots in a shared tile, scan it in place (`tile_scan`), write the result
        slots, barrier."""
        n, e, tx = self.names, self.expr, self.expr.thread_vars[0]
        extent, staged, buf, step = e(s.extent), n(s.staged), n(s.buffer), n(s.step)
        self.emit(depth, f'{staged} = T.alloc_shared(({extent},), "{s.dtype}", scope=smem_scope)')
        self.emit(depth, f"for {tx} in T.Parallel({extent}):")
        self.emit(depth + 1, f"{staged}[{tx}] = {buf}[{e(_plus_thread(s.src))}]")
        self.tile_scan(depth, staged, 0, [f"for {step} in T.serial(1, {extent}):",
                                          f"    {staged}[{step}] = {staged}[{step}] + {staged}[{step} - 1]"])
        self.emit(depth, f"for {tx} in T.Parallel({extent}):")
        target = f"{buf}[{e(_plus_thread(s.dst))}]"
        if s.exclusive:
            zero = e(I.Const(0.0 if s.dtype.startswith("float") else 0, s.dtype))
            self.emit(depth + 1, f"{target} = T.if_then_else({tx} == 0, {zero}, {staged}[{tx} - 1])")
        else:
            self.emit(depth + 1, f"{target} = {staged}[{tx}]")
        self.emit(depth, "T.sync_threads()  # the scan's last __syncthreads()")

    def warp_scan(self, s: I.WarpScan, depth: int) -> None:
        """Stage every lane's value in a (warps, 32) shared tile, scan each row (`tile_scan`), hand the
        sums back."""
        n, tx = self.names, self.expr.thread_vars[0]
        staged, value, warp, step = n(s.staged), n(s.value), n(s.warp), n(s.step)
        self.emit(depth, f'{staged} = T.alloc_shared((block_x // 32, 32), "{s.dtype}", scope=smem_scope)')
        self.emit(depth, f"for {tx} in T.Parallel(block_x):")
        self.emit(depth + 1, f"{staged}[{tx} // 32, {tx} % 32] = {value}[{tx}]")
        self.tile_scan(depth, staged, 1, [
            f"for {warp} in T.serial(block_x // 32):",
            f"    for {step} in T.serial(1, 32):",
            f"        {staged}[{warp}, {step}] = {staged}[{warp}, {step}] + {staged}[{warp}, {step} - 1]"])
        self.emit(depth, f"for {tx} in T.Parallel(block_x):")
        self.emit(depth + 1, f"{value}[{tx}] = {staged}[{tx} // 32, {tx} % 32]")
        self.emit(depth, "T.sync_threads()  # the loop's last warp exchange")

    def tile_scan(self, depth: int, staged: str, dim: int, serial: list[str]) -> None:
        """`T.cumsum(staged, dim=dim)` between barriers on GPUs. TileLang has no T.cumsum for target "c"
        (TILELANG_FACTS §8.2); there the block's code outside T.Parallel runs once, in order, so the
        `serial` lines add each element's predecessor instead."""
        self.emit(depth, "T.sync_threads()")
        self.emit(depth, 'if target == "c":')
        for line in serial:
            self.emit(depth + 1, line)
        self.emit(depth, "else:")
        self.emit(depth + 1, f"T.cumsum({staged}, dim={dim})")
        self.emit(depth, "T.sync_threads()")

    def warp_reduce(self, s: I.WarpReduce, depth: int) -> None:
        """Stage every lane's value in the shared scratch, reduce each warp's row of a (warps, 32) tile,
        hand each row's result back to its lanes through lane 0's slot."""
        n, tx = self.names, self.expr.thread_vars[0]
        staged, result, scratch, value = n(s.staged), n(s.result), n(s.scratch), n(s.value)
        warp, lane, rows = n(s.warp), n(s.lane), "block_x // 32"
        self.emit(depth, f"for {tx} in T.Parallel(block_x):")
        self.emit(depth + 1, f"{scratch}[{tx}] = {value}[{tx}]")
        self.emit(depth, "T.sync_threads()")
        self.emit(depth, f'{staged} = T.alloc_fragment(({rows}, 32), "{s.dtype}")')
        self.emit(depth, f"for {warp}, {lane} in T.Parallel({rows}, 32):")
        self.emit(depth + 1, f"{staged}[{warp}, {lane}] = {scratch}[{warp} * 32 + {lane}]")
        hand_back = f"{scratch}[{warp} * 32] = {result}[{warp}]"
        self.tile_reduction(depth, s.op, s.dtype, staged, n(s.local), result, f"{rows}, 32", f"{rows},", 1,
                            after_c=[f"for {warp} in T.serial({rows}):  # C runs the block's code once, in order",
                                     "    " + hand_back],
                            after_gpu=["T.sync_threads()", f"for {warp} in T.Parallel({rows}):", "    " + hand_back])
        self.emit(depth, "T.sync_threads()")
        self.emit(depth, f"for {tx} in T.Parallel(block_x):")
        self.emit(depth + 1, f"{value}[{tx}] = {scratch}[{tx} - {tx} % 32]  # lane 0's slot holds the warp's result")
        self.emit(depth, "T.sync_threads()  # the loop's last warp exchange")

    def tile_reduction(self, depth: int, op: str, dtype: str, staged: str, local: str, result: str, shape: str,
                       result_shape: str, dim: int, after_c: tuple | list = (), after_gpu: tuple | list = ()) -> None:
        """`result = op over dim of staged` (a fragment). TileLang reduces fragments on GPUs but only local
        buffers on target "c" (TILELANG_FACTS §8.2), so the factory's `target` picks the form while the
        prim_func is built; `after_c`/`after_gpu` are lines that use the result in each form."""
        reduce = _REDUCE[op]
        self.emit(depth, 'if target == "c":')
        self.emit(depth + 1, f'{local} = T.alloc_local(({shape}), "{dtype}")')
        self.emit(depth + 1, f'{result} = T.alloc_local(({result_shape}), "{dtype}")')
        self.emit(depth + 1, f"T.copy({staged}, {local})")
        self.emit(depth + 1, f"{reduce}({local}, {result}, dim={dim})")
        for line in after_c:
            self.emit(depth + 1, line)
        self.emit(depth, "else:")
        self.emit(depth + 1, f'{result} = T.alloc_fragment(({result_shape}), "{dtype}")')
        self.emit(depth + 1, f"{reduce}({staged}, {result}, dim={dim})")
        for line in after_gpu:
            self.emit(depth + 1, line)

    def slice(self, start: I.Expr, extent: I.Expr) -> str:
        """`start:start + extent`, the end printed from IR (the printer owns precedence)."""
        end = extent if start == I.Const(0, "int32") else I.Binary("add", start, extent, "int32")
        return f"{self.expr(start)}:{self.expr(end)}"

    def range_args(self, s: I.For) -> str:
        e = self.expr
        start_zero = isinstance(s.start, I.Const) and s.start.value == 0
        step_one = isinstance(s.step, I.Const) and s.step.value == 1
        if start_zero and step_one:
            return e(s.stop)
        if step_one:
            return f"{e(s.start)}, {e(s.stop)}"
        return f"{e(s.start)}, {e(s.stop)}, {e(s.step)}"


@dataclass(frozen=True)
class EmittedKernel:
    name: str
    code: str
    metadata: str
    helpers: frozenset  # helper functions (emit/helpers.py) the kernel calls


def _param_annotation(p: I.Param) -> str:
    if isinstance(p, I.ScalarParam):
        return f"T.{SCALAR_CARRIERS.get(p.dtype, p.dtype)}"
    return f'T.Tensor(({p.length},), "{BUFFER_CARRIERS.get(p.dtype, p.dtype)}")'


def emit_kernel(kernel: I.Kernel, source_name: str, source_lines: list[str], module_names: set[str]) -> EmittedKernel:
    gemm = _raised_gemm(kernel)
    names = PythonNames()
    names.reserved |= module_names | (GEMM_FACTORY_NAMES if gemm is not None else set())
    for p in kernel.params:
        names(p.name)
        if isinstance(p, I.BufferParam):
            names(p.length)
    buffers = {p.name: BUFFER_CARRIERS[p.dtype] for p in kernel.params
               if isinstance(p, I.BufferParam) and p.dtype in BUFFER_CARRIERS}
    carriers = {p.name: SCALAR_CARRIERS[p.dtype] for p in kernel.params
                if isinstance(p, I.ScalarParam) and p.dtype in SCALAR_CARRIERS}
    macro_names = PythonNames(RESERVED | module_names)
    for m in kernel.macros:
        names.reserved.add(macro_names(m.name))
    out: list[str] = []
    helpers: set[str] = set()
    # macros: nested scopes that see the factory's names (block_x, other macros) but not the prim_func's
    for m in kernel.macros:
        scope = PythonNames(macro_names.reserved)
        params = []
        for mp in m.params:
            if mp.kind == "builtin":
                var, axis = mp.name.split(".")
                params.append(BUILTIN_NAMES[(var, axis)])
            else:
                params.append(scope(mp.name))
        printer = StmtPrinter(ExprPrinter(scope, {}, {}, macro_names), scope, source_name, source_lines)
        printer.emit(1, "@T.macro")
        printer.emit(1, f"def {macro_names(m.name)}({', '.join(params)}):")
        printer.emit(2, f'"""`__device__ {m.cuda_name}` ({source_name}:{m.line})."""')
        printer.block(m.body, 2)
        helpers |= printer.expr.helpers
        out += printer.lines + [""]
    printer = StmtPrinter(ExprPrinter(names, buffers, carriers, macro_names), names, source_name, source_lines)
    printer.expr.block_rank = kernel.block_rank
    grid = [BUILTIN_NAMES[("gridDim", a)] for a in _AXES[:kernel.grid_rank]]
    dims = [BUILTIN_NAMES[("blockDim", a)] for a in _AXES[:kernel.block_rank]]
    if gemm is not None:  # the whole kernel raised: its own launch, then the faithful prim_func
        printer.comment(1, gemm.line)
        printer.emit(1, f"# raised: gemm ({gemm.raised[0].product} tiled product); the faithful form below runs "
                        "for other targets and blocks")
        printer.emit(1, f"if {_raised_condition(gemm, printer.expr)}:")
        printer.emit(2, f'tile_m, tile_n, tile_k, tile_threads, tile_stages = _gemm_tile(tile, target, '
                        f'"{gemm.raised[0].product}")')
        _prim_func(printer, kernel, grid, list(gemm_printer.LAUNCH), gemm_printer.THREADS, 2,
                   lambda depth: gemm_printer.print_tiled_gemm(printer, gemm.raised[0], depth), helpers)
        printer.emit(2, f"return {names(kernel.name)}")
        printer.lines.append("")
        body = gemm.faithful
    else:
        body = kernel.body
    _prim_func(printer, kernel, grid, grid, " * ".join(dims), 1, lambda depth: [printer.stmt(s, depth) for s in body],
               helpers)
    helpers |= printer.expr.helpers
    lengths = [p.length for p in kernel.params if isinstance(p, I.BufferParam)]
    uses_shared = gemm is not None or any(isinstance(s, I.DeclShared) for s in kernel.body)
    dynamic_shared = any(isinstance(s, I.DeclShared) and s.size is None for s in body)
    frame = _TEMPLATES.get_template("factory.py.j2").render(
        uses_shared=uses_shared, dynamic_shared=dynamic_shared, gemm=gemm.raised[0] if gemm is not None else None,
        kernel=kernel, name=names(kernel.name), source_name=source_name, rank=kernel.block_rank,
        dims=dims, lengths=[names(x) for x in lengths],
        args=", ".join(names(p.name) for p in kernel.params), grid=", ".join(grid),
        body="\n".join(out + printer.lines))
    metadata = _TEMPLATES.get_template("metadata.py.j2").render(
        kernel=kernel, name=names(kernel.name), params=[_param_metadata(p, names) for p in kernel.params],
        tile_product=gemm.raised[0].product if gemm is not None else None)
    return EmittedKernel(names(kernel.name), frame, metadata, frozenset(helpers))


def _raised_gemm(kernel: I.Kernel) -> I.Raised | None:
    """The kernel's whole-kernel raise (a `TiledGemm`), if it has one."""
    if len(kernel.body) == 1 and isinstance(kernel.body[0], I.Raised) and isinstance(kernel.body[0].raised[0], I.TiledGemm):
        return kernel.body[0]
    return None


def _plus_thread(offset: I.Expr) -> I.Expr:
    """`offset + tx` as IR, folding a zero offset."""
    tx = I.ThreadIdx("x")
    return tx if offset == I.Const(0, "int32") else I.Binary("add", offset, tx, "int32")


def _raised_condition(s: I.Raised, expr: ExprPrinter) -> str:
    """`target in ("c", "cuda") and <requires>`: when the factory builds the raised form."""
    targets = ", ".join(f'"{t}"' for t in s.targets) + ("," if len(s.targets) == 1 else "")
    condition = f"target in ({targets})"
    if s.requires == I.Const(True, "bool"):
        return condition
    requires = expr(s.requires)
    # `a or b` binds looser than the `and` joining it to the target test: block_x == 32 or block_x == 128
    return f"{condition} and ({requires})" if isinstance(s.requires, I.Binary) and s.requires.op == "or" else         f"{condition} and {requires}"


def _prim_func(printer: StmtPrinter, kernel: I.Kernel, grid: list[str], launch: list[str], threads: str,
               depth: int, body, macro_helpers: set[str]) -> None:
    """`@T.prim_func def name(CUDA args, grid): with T.Kernel(launch, threads=threads) as (bx, ...): body`.
    `body(depth)` prints the statements; helper sources it needs are imported first."""
    names = printer.names
    args = [f"{names(p.name)}: {_param_annotation(p)}" for p in kernel.params] + [f"{g}: T.int32" for g in grid]
    blocks = [BUILTIN_NAMES[("blockIdx", a)] for a in _AXES[:kernel.grid_rank]]
    binding = blocks[0] if len(blocks) == 1 else "(" + ", ".join(blocks) + ")"
    printer.emit(depth, "@T.prim_func")
    printer.emit(depth, f"def {names(kernel.name)}({', '.join(args)}):")
    printer.emit(depth + 1, f"with T.Kernel({', '.join(launch)}, threads={threads}) as {binding}:")
    start, outer_helpers = len(printer.lines), printer.expr.helpers
    printer.expr.helpers = set()
    body(depth + 2)
    used, printer.expr.helpers = printer.expr.helpers, outer_helpers | printer.expr.helpers
    if used or macro_helpers:  # helper functions are compiled into the kernels that call them
        printer.lines[start:start] = [_INDENT * (depth + 2) + "T.import_source(_C2T_HELPERS)"]


def _param_metadata(p: I.Param, names: PythonNames) -> dict:
    if isinstance(p, I.ScalarParam):
        return {"name": names(p.name), "cuda_name": p.cuda_name, "kind": "scalar", "dtype": p.dtype,
                "carrier": SCALAR_CARRIERS.get(p.dtype, p.dtype), "cuda_type": p.cuda_type}
    return {"name": names(p.name), "cuda_name": p.cuda_name, "kind": "buffer", "dtype": p.dtype,
            "carrier": BUFFER_CARRIERS.get(p.dtype, p.dtype), "cuda_type": p.cuda_type, "writable": p.writable}


def emit_module(kernels: list[I.Kernel], source_name: str, source_lines: list[str], notes: list[str]) -> str:
    """The whole `.py` for one `.cu` file. Deterministic: the same IR gives the same bytes."""
    source_name = _safe_source_name(source_name)
    notes = ["".join(ch if ch.isprintable() else " " for ch in note) for note in notes]  # `# {note}` lines
    module_names = PythonNames()
    factory_names = [module_names(k.name) for k in kernels]
    emitted = []
    for k, factory in zip(kernels, factory_names):
        emitted.append(emit_kernel(_renamed(k, factory), source_name, source_lines, set(factory_names) - {factory}))
    return _TEMPLATES.get_template("module.py.j2").render(
        version=__version__, source_name=source_name, kernels=emitted, notes=notes,
        gemm_tiles=any(_raised_gemm(k) is not None for k in kernels),
        exact_floats=any("c2t_f64_from_bits" in k.helpers for k in emitted),
        helper_source=helper_source(set().union(*(k.helpers for k in emitted))) if any(k.helpers for k in emitted)
        else "")


def _renamed(kernel: I.Kernel, name: str) -> I.Kernel:
    from dataclasses import replace
    return replace(kernel, name=name)
