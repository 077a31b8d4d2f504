"""What the host code of a `.cu` file says about its launches: the facts spec inference needs.

For every launch `k<<<grid, block, smem>>>(args)` in a host function (usually `main`) it records
the launch configuration folded to constants, and for each argument its constant value, or the
device allocation it names: `cudaMalloc(&d_x, N * sizeof(float))` in the same function gives
`d_x` a size of `N * sizeof(float)` bytes. It also lists the host-only functions and the
`#include` lines (GPU parity strips them before handing the source to NVRTC).

Constants are folded by clang (`clang_Cursor_Evaluate`) and, where clang declines because a value
goes through a non-`const` local (`int n = 1 << 20; size_t bytes = n * sizeof(float);`), by a small
folder over the function's locals that are initialised once and never assigned again.

This module walks clang cursors (like `build_ast.py`), parsing the file the same hermetic way as
the front end; `analyze` also returns the CUDA AST of the same parse (`build_translation_unit`),
so callers that need both parse once.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

import clang.cindex as ci

from cuda2tile.parse import cuda_ast as A
from cuda2tile.parse.build_ast import build_translation_unit, ctype, dim3_parts, preorder, template_args
from cuda2tile.parse.clang_eval import evaluate
from cuda2tile.parse.clang_ops import binary_operator, unary_operator
from cuda2tile.parse.frontend import KEEP_GOING, FrontendOptions, clang_args, read_source

K = ci.CursorKind
_CONFIG_CALLS = ("cudaConfigureCall", "__cudaPushCallConfiguration")
_ALLOC_CALLS = ("cudaMalloc", "cudaMallocManaged", "cudaMallocAsync")
_WRAPPERS = (K.UNEXPOSED_EXPR, K.PAREN_EXPR, K.CSTYLE_CAST_EXPR, K.CXX_STATIC_CAST_EXPR,
             K.CXX_REINTERPRET_CAST_EXPR, K.CXX_CONST_CAST_EXPR, K.CXX_FUNCTIONAL_CAST_EXPR)
_WRITES = ("=", "*=", "/=", "%=", "+=", "-=", "<<=", ">>=", "&=", "^=", "|=")


@dataclass(frozen=True)
class HostArg:
    """One argument of a host launch, as written and as far as it folds."""
    text: str
    value: int | float | None = None  # the folded constant, for scalar arguments
    variable: str | None = None  # the local pointer variable it names (through casts)
    alloc_bytes: int | None = None  # size of that variable's cudaMalloc in the launching function
    alloc_text: str | None = None  # the cudaMalloc size as written
    alloc_line: int | None = None
    address_taken: bool = False  # `&x`: a pointer to a host variable, not to a device allocation


@dataclass(frozen=True)
class HostLaunch:
    kernel: str  # the __global__ function's name, without template arguments
    template_args: tuple[str, ...]
    function: str  # the host function that launches
    line: int
    grid: tuple[int, ...] | None  # folded gridDim (trailing 1s dropped), None when not constant
    block: tuple[int, ...] | None
    shared_bytes: int | None  # 0 without a third configuration argument; None when not constant
    grid_text: tuple[str, ...]
    block_text: tuple[str, ...]
    args: tuple[HostArg, ...]

    @property
    def cuda_name(self) -> str:
        return f"{self.kernel}<{', '.join(self.template_args)}>" if self.template_args else self.kernel


@dataclass(frozen=True)
class KernelDecl:
    """A `__global__` function (or template) of the main file: parameter names and types, in order."""
    name: str
    params: tuple[tuple[str, A.CType], ...]
    line: int
    is_template: bool


@dataclass(frozen=True)
class Include:
    line: int
    header: str  # as spelled between <> or ""
    system: bool  # <...>


@dataclass
class HostInfo:
    path: str
    launches: list[HostLaunch] = field(default_factory=list)
    kernels: dict[str, KernelDecl] = field(default_factory=dict)
    host_functions: list[tuple[str, int, int]] = field(default_factory=list)  # (name, first line, last line)
    includes: list[Include] = field(default_factory=list)

    def launches_of(self, cuda_name: str) -> list[HostLaunch]:
        return [s for s in self.launches if s.cuda_name == cuda_name or (s.kernel == cuda_name and not s.template_args)]


@dataclass
class HostAnalysis:
    info: HostInfo
    unit: A.TranslationUnit | None
    source_lines: list[str]
    error: str | None = None  # why nothing could be analysed (unreadable file, clang failure)


def _has_attr(c: ci.Cursor, kind) -> bool:
    return any(ch.kind == kind for ch in c.get_children())


def _text(c: ci.Cursor) -> str:
    return " ".join(t.spelling for t in c.get_tokens())


def _strip(c: ci.Cursor) -> ci.Cursor:
    """Look through implicit conversions, parentheses and casts."""
    for _ in range(16):
        kids = [ch for ch in c.get_children() if ch.kind.is_expression()]
        if c.kind in _WRAPPERS and kids:
            c = kids[-1]
        else:
            break
    return c


class _Folder:
    """Constant folding inside one host function: clang first, then locals initialised once."""

    def __init__(self, function: ci.Cursor):
        self.inits: dict[str, ci.Cursor] = {}
        self.written: set[str] = set()
        self.address_taken: set[str] = set()
        for node in preorder(function):
            if node.kind == K.VAR_DECL:
                init = [ch for ch in node.get_children() if ch.kind.is_expression()]
                if init:
                    self.inits[node.get_usr() or node.spelling] = init[-1]
            elif node.kind in (K.BINARY_OPERATOR, K.COMPOUND_ASSIGNMENT_OPERATOR):
                op = binary_operator(node)
                if op in _WRITES:
                    target = _strip(next(node.get_children()))
                    if target.kind == K.DECL_REF_EXPR and target.referenced is not None:
                        self.written.add(target.referenced.get_usr() or target.referenced.spelling)
            elif node.kind == K.UNARY_OPERATOR:
                op = unary_operator(node)
                kids = list(node.get_children())
                target = _strip(kids[0]) if kids else None
                if target is not None and target.kind == K.DECL_REF_EXPR and target.referenced is not None:
                    key = target.referenced.get_usr() or target.referenced.spelling
                    if op in ("++", "--", "post++", "post--"):
                        self.written.add(key)
                    elif op == "&":
                        self.address_taken.add(key)

    def fold(self, c: ci.Cursor, depth: int = 0) -> int | float | None:
        value = evaluate(c)
        if value is not None or depth > 12:
            return value
        kind = c.kind
        kids = [ch for ch in c.get_children() if ch.kind.is_expression()]
        if kind in _WRAPPERS and kids:
            inner = self.fold(kids[-1], depth + 1)
            if inner is None:
                return None
            canon = c.type.get_canonical().kind
            if canon in (ci.TypeKind.FLOAT, ci.TypeKind.DOUBLE):
                return float(inner)
            if canon == ci.TypeKind.BOOL:
                return int(bool(inner))
            return int(inner) if isinstance(inner, float) and canon != ci.TypeKind.INVALID else inner
        if kind == K.DECL_REF_EXPR and c.referenced is not None and c.referenced.kind == K.VAR_DECL:
            key = c.referenced.get_usr() or c.referenced.spelling
            if key in self.inits and key not in self.written and key not in self.address_taken:
                return self.fold(self.inits[key], depth + 1)
            return None
        if kind == K.BINARY_OPERATOR and len(kids) == 2:
            a, b = self.fold(kids[0], depth + 1), self.fold(kids[1], depth + 1)
            if a is None or b is None:
                return None
            return _binary(binary_operator(c), a, b)
        if kind == K.UNARY_OPERATOR and len(kids) == 1:
            a = self.fold(kids[0], depth + 1)
            op = unary_operator(c)
            if a is None:
                return None
            return {"-": lambda v: -v, "+": lambda v: v, "~": lambda v: ~v if isinstance(v, int) else None,
                    "!": lambda v: int(not v)}.get(op, lambda v: None)(a)
        if kind == K.CONDITIONAL_OPERATOR and len(kids) == 3:
            cond = self.fold(kids[0], depth + 1)
            return None if cond is None else self.fold(kids[1] if cond else kids[2], depth + 1)
        return None


def _binary(op: str | None, a, b):
    both_int = isinstance(a, int) and isinstance(b, int)
    if op in ("/", "%"):
        if b == 0:
            return None
        if not both_int:
            return a / b if op == "/" else None
        q = abs(a) // abs(b)
        q = q if (a >= 0) == (b >= 0) else -q
        return q if op == "/" else a - q * b
    table = {"+": lambda: a + b, "-": lambda: a - b, "*": lambda: a * b,
             "<<": lambda: a << b if both_int and b >= 0 else None,
             ">>": lambda: a >> b if both_int and b >= 0 else None,
             "&": lambda: a & b if both_int else None, "|": lambda: a | b if both_int else None,
             "^": lambda: a ^ b if both_int else None, "<": lambda: int(a < b), ">": lambda: int(a > b),
             "<=": lambda: int(a <= b), ">=": lambda: int(a >= b), "==": lambda: int(a == b),
             "!=": lambda: int(a != b), "&&": lambda: int(bool(a) and bool(b)), "||": lambda: int(bool(a) or bool(b))}
    fn = table.get(op or "")
    return fn() if fn else None


class _HostWalker:
    def __init__(self, path: str):
        self.real = os.path.realpath(path)
        self._files: dict[str, bool] = {}

    def in_main_file(self, c: ci.Cursor) -> bool:
        f = c.location.file
        if f is None:
            return False
        known = self._files.get(f.name)
        if known is None:
            known = self._files[f.name] = os.path.realpath(f.name) == self.real
        return known

    def top_level(self, cursor: ci.Cursor):
        for c in cursor.get_children():
            if not self.in_main_file(c):
                continue
            if c.kind in (K.NAMESPACE, K.LINKAGE_SPEC):
                yield from self.top_level(c)
            else:
                yield c

    # ------------------------------------------------------------ kernels
    @staticmethod
    def kernel_decl(c: ci.Cursor) -> KernelDecl:
        params = []
        for ch in c.get_children():
            if ch.kind == K.PARM_DECL:
                params.append((ch.spelling, ctype(ch.type)))
        return KernelDecl(c.spelling, tuple(params), c.location.line, c.kind == K.FUNCTION_TEMPLATE)

    # ------------------------------------------------------------ launches
    def launches(self, function: ci.Cursor) -> list[HostLaunch]:
        folder: _Folder | None = None
        allocs: list[tuple[str, ci.Cursor, int]] = []  # (variable key, size cursor, offset)
        sites = []
        for node in preorder(function):
            if node.kind != K.CALL_EXPR:
                continue
            if node.spelling in _ALLOC_CALLS:
                args = list(node.get_arguments())
                if len(args) >= 2:
                    target = _strip(args[0])
                    if target.kind == K.UNARY_OPERATOR and unary_operator(target) == "&":
                        var = _strip(next(target.get_children()))
                        if var.kind == K.DECL_REF_EXPR and var.referenced is not None:
                            key = var.referenced.get_usr() or var.referenced.spelling
                            allocs.append((key, args[1], node.extent.start.offset))
                continue
            config = next((ch for ch in node.get_children() if ch.kind == K.CALL_EXPR
                           and ch.spelling in _CONFIG_CALLS), None)
            if config is not None and node.referenced is not None:
                sites.append((node, config))
        if not sites:
            return []
        folder = _Folder(function)
        out = []
        for node, config in sites:
            ref = node.referenced
            conf = list(config.get_arguments())
            grid, grid_text = self.dim3(conf[0], folder) if conf else (None, ())
            block, block_text = self.dim3(conf[1], folder) if len(conf) > 1 else (None, ())
            smem: int | None = 0
            if len(conf) > 2 and list(conf[2].get_tokens()):
                value = folder.fold(conf[2])
                smem = int(value) if isinstance(value, (int, float)) else None
            args = []
            at = node.extent.start.offset
            for a in node.get_arguments():
                args.append(self.argument(a, folder, allocs, at))
            out.append(HostLaunch(ref.spelling, template_args(ref), function.spelling, node.location.line,
                                  grid, block, smem, grid_text, block_text, tuple(args)))
        return out

    @staticmethod
    def argument(a: ci.Cursor, folder: _Folder, allocs, at: int) -> HostArg:
        text = _text(a)
        inner = _strip(a)
        if a.type.get_canonical().kind == ci.TypeKind.POINTER:
            if inner.kind == K.UNARY_OPERATOR and unary_operator(inner) == "&":
                return HostArg(text, address_taken=True)
            if inner.kind == K.DECL_REF_EXPR and inner.referenced is not None:
                key = inner.referenced.get_usr() or inner.referenced.spelling
                mine = [(size, off) for k, size, off in allocs if k == key]
                before = [m for m in mine if m[1] < at] or mine
                if before:
                    size, _ = max(before, key=lambda m: m[1])
                    value = folder.fold(size)
                    return HostArg(text, variable=inner.referenced.spelling,
                                   alloc_bytes=int(value) if isinstance(value, (int, float)) else None,
                                   alloc_text=_text(size), alloc_line=size.location.line)
                return HostArg(text, variable=inner.referenced.spelling)
            return HostArg(text)
        value = folder.fold(a)
        return HostArg(text, value=value)

    @staticmethod
    def dim3(c: ci.Cursor, folder: _Folder) -> tuple[tuple[int, ...] | None, tuple[str, ...]]:
        parts = dim3_parts(c)
        values, texts = [], []
        for part in parts:
            text = _text(part)
            if text:
                texts.append(text)
            v = folder.fold(part)
            values.append(int(v) if isinstance(v, (int, float)) else None)
        values += [1] * (3 - len(values))
        while len(values) > 1 and values[-1] == 1:
            values.pop()
        return (tuple(values) if all(v is not None for v in values) else None), tuple(texts)


def _includes(tu: ci.TranslationUnit, real: str, lines: list[str]) -> list[Include]:
    out = []
    for inc in tu.get_includes():
        if inc.depth != 1 or inc.source is None or os.path.realpath(inc.source.name) != real:
            continue
        line = inc.location.line
        text = lines[line - 1] if 1 <= line <= len(lines) else ""
        start = min((i for i in (text.find("<"), text.find('"')) if i >= 0), default=-1)
        if start < 0:
            continue
        close = text.find(">" if text[start] == "<" else '"', start + 1)
        out.append(Include(line, text[start + 1:close if close > 0 else None], text[start] == "<"))
    # includes clang could not find (KeepGoing) are not in get_includes(): take them from the text
    seen = {i.line for i in out}
    for number, text in enumerate(lines, 1):
        stripped = text.strip()
        if number in seen or not stripped.startswith("#") or "include" not in stripped:
            continue
        body = stripped[1:].strip()
        if not body.startswith("include"):
            continue
        rest = body[len("include"):].strip()
        if rest[:1] in ("<", '"'):
            close = rest.find(">" if rest[0] == "<" else '"', 1)
            out.append(Include(number, rest[1:close if close > 0 else None], rest[0] == "<"))
    return sorted(out, key=lambda i: i.line)


def analyze(path: str, options: FrontendOptions = FrontendOptions(), display: str | None = None) -> HostAnalysis:
    """Parse `path` once; return its host facts and its CUDA AST."""
    display = display or path
    text, _diags = read_source(path, display, options.max_file_size)
    info = HostInfo(display)
    if text is None:
        return HostAnalysis(info, None, [], f"cannot read {display}")
    lines = text.splitlines()
    extra = "".join(f"\nstatic auto __c2t_inst_{i} = &{name}<{', '.join(args)}>;"
                    for i, (name, args) in enumerate(options.instantiate))
    index = ci.Index.create()
    try:
        tu = index.parse(path, args=clang_args(options, path), unsaved_files=[(path, text + extra + "\n")],
                         options=KEEP_GOING)
    except ci.TranslationUnitLoadError as err:
        return HostAnalysis(info, None, lines, f"clang could not parse {display}: {err}")
    walker = _HostWalker(path)
    for c in walker.top_level(tu.cursor):
        if c.kind not in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE, K.CXX_METHOD) or not c.is_definition():
            continue
        if _has_attr(c, K.CUDAGLOBAL_ATTR):
            info.kernels.setdefault(c.spelling, walker.kernel_decl(c))
            continue
        if c.spelling.startswith("__c2t_inst_"):
            continue
        host_only = not _has_attr(c, K.CUDADEVICE_ATTR)
        if host_only:
            info.host_functions.append((c.spelling, c.extent.start.line, c.extent.end.line))
        info.launches += walker.launches(c)
    info.includes = _includes(tu, os.path.realpath(path), lines)
    unit = build_translation_unit(tu, path, display, len(lines))
    return HostAnalysis(info, unit, lines)
