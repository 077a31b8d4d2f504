"""Draft a launch spec (docs/launch-spec.md) from a kernel's signature and its host launch:
`cuda2tile spec init`.

Inference (`infer.py`) needs a launch with constant sizes, which real code rarely has
(`(numel + 255) / 256`). A draft takes what the launch and the signature do say and leaves the rest
to the user, marked:

* `block` from the launch (folded by clang), `grid` as the launch's formula, `(n + 255) / 256`, each
  variable of it a named size; without a launch, `block = [256]` and a `grid` to write;
* each pointer parameter a buffer: `dtype` from its element type; `const` elements an input
  (`init = "uniform"` in [-1, 1), integers `"int"` in [1, 32), as inference does), the others
  `output = true` (`init = "zeros"`); a buffer whose values index other memory `init = "index"`;
* each scalar parameter its launch argument: a literal as its value, an integer expression as that
  expression over sizes (`value = "n"`);
* the sizes' values, buffer shapes, and whatever the launch does not say, as `TODO`.

A `TODO` is a bare word, not a TOML value: a draft is not valid TOML until every one is replaced, so
an unfilled draft is refused when loaded (C2T1301, with the line) rather than run with made-up
values. Types a spec cannot describe (structs, accessors, pointers to pointers) get a `TODO` naming
the type, never a guess. Integer constants of the file (`#define BLOCK 256`, `const int N = 1024;`)
named in a formula are sizes with their value, each with the line it comes from.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from pycparser import c_ast, c_parser

from cuda2tile.parse import cuda_ast as A
from cuda2tile.spec.cexpr import CExprError, evaluate
from cuda2tile.spec.infer import BOOL_INIT, FLOAT_INIT, INT_INIT, index_buffer_params
from cuda2tile.spec.launch_spec import BUFFER_DTYPES

TODO = "TODO"
DEFAULT_BLOCK = 256
_INTEGER = ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64")
# C spellings of the AST's dtypes, for messages (the AST keeps no spelling of its own)
_C_NAMES = {"float16": "__half", "bfloat16": "__nv_bfloat16", "float32": "float", "float64": "double", "bool": "bool",
            "int8": "signed char", "uint8": "unsigned char", "int16": "short", "uint16": "unsigned short",
            "int32": "int", "uint32": "unsigned int", "int64": "long long", "uint64": "unsigned long long"}
_BINARY_OPS = {"+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^", "<", ">", "<=", ">=", "==", "!=", "&&", "||"}
_UNARY_OPS = {"-", "+", "~", "!"}
_CAST_TYPES = {"int", "unsigned", "signed", "long", "short", "float", "double", "char"}
_NOT_SIZES = {"true", "false", "nullptr", "NULL"}
_IDENT = re.compile(r"[A-Za-z_]\w*\Z")
_DEFINE = re.compile(r"\s*#\s*define\s+([A-Za-z_]\w*)\s+(.+?)\s*(?://.*|/\*.*)?$")
_CONST = re.compile(r"\s*(?:static\s+)?(?:constexpr|const)\s+(?:static\s+)?(?:const\s+)?"
                    r"(?:(?:unsigned|signed|long|short|int|size_t|std::size_t|u?int(?:32|64)_t)\s+)+"
                    r"([A-Za-z_]\w*)\s*=\s*([^;{}]+);")
_parser: c_parser.CParser | None = None


@dataclass(frozen=True)
class Todo:
    """One value left to fill: `line` of the draft, the kernel entry (CUDA name), what to fill."""
    line: int
    kernel: str
    what: str


@dataclass(frozen=True)
class SpecDraft:
    text: str
    kernels: tuple[str, ...]  # CUDA names of the drafted entries, in order
    todos: tuple[Todo, ...]
    launches: tuple[str, ...]  # `file:line` of each launch an entry was drafted from


@dataclass
class _Row:
    text: str
    comment: str = ""
    todo: str | None = None  # what is left to fill on this line


@dataclass
class _Entry:
    name: str  # CUDA name
    launch: str | None  # file:line
    rows: list[_Row] = field(default_factory=list)


# ------------------------------------------------------------------------------------------------
# C expressions: which launch texts a spec can evaluate, over which names
# ------------------------------------------------------------------------------------------------
def tidy(text: str) -> str:
    """Source text as clang's tokens give it (`( n + 255 ) / 256`), spaced as people write it."""
    text = re.sub(r"\s+", " ", text.strip())
    text = re.sub(r"([(\[])\s+", r"\1", text)
    text = re.sub(r"\s+([)\],])", r"\1", text)
    return text


def expression_names(text: str) -> tuple[str, ...] | None:
    """The names of a C integer expression a launch spec can evaluate (docs/launch-spec.md, *Integer
    expressions*), in order of appearance; None when `text` is not one (a call, a member, `sizeof`)."""
    global _parser
    if not text.strip() or len(text) > 1000:
        return None
    if _parser is None:
        _parser = c_parser.CParser()
    try:
        tree = _parser.parse(f"int __c2t_value = ({text});")
    except Exception:  # pycparser's ParseError, or its lexer's on characters C has no token for
        return None
    names: list[str] = []

    def walk(node) -> bool:
        if isinstance(node, c_ast.Constant):
            return node.type in ("int", "unsigned int", "long int", "unsigned long int", "long long int",
                                 "unsigned long long int", "float", "double")
        if isinstance(node, c_ast.ID):
            if node.name in _NOT_SIZES:
                return False
            if node.name not in names:
                names.append(node.name)
            return True
        if isinstance(node, c_ast.BinaryOp):
            return node.op in _BINARY_OPS and walk(node.left) and walk(node.right)
        if isinstance(node, c_ast.UnaryOp):
            return node.op in _UNARY_OPS and walk(node.expr)
        if isinstance(node, c_ast.TernaryOp):
            return walk(node.cond) and walk(node.iftrue) and walk(node.iffalse)
        if isinstance(node, c_ast.Cast):
            spelled = set(getattr(getattr(node.to_type.type, "type", None), "names", []) or [])
            return bool(spelled) and spelled <= _CAST_TYPES and walk(node.expr)
        return False

    return tuple(names) if walk(tree.ext[0].init) else None


def file_constants(source_lines: list[str]) -> dict[str, tuple[int, int]]:
    """Integer constants of the file, {name: (value, line)}: `#define N 1024`, `const int N = 1 << 10;`,
    `constexpr int BLOCK = 256;`, evaluated over the constants before them. A name given two different
    values (in two scopes) is left out: the draft cannot tell which one a launch sees."""
    found: dict[str, tuple[int, int]] = {}
    clashing: set[str] = set()
    for number, line in enumerate(source_lines, 1):
        match = _DEFINE.match(line) or _CONST.match(line)
        if not match:
            continue
        name, text = match.group(1), match.group(2).strip()
        if expression_names(text) is None:
            continue
        try:
            value = evaluate(text, {k: v for k, (v, _) in found.items()})
        except (CExprError, ArithmeticError, TypeError):
            continue
        if not isinstance(value, int) or isinstance(value, bool):
            continue
        if name in found and found[name][0] != value:
            clashing.add(name)
        found.setdefault(name, (value, number))
    return {k: v for k, v in found.items() if k not in clashing}


# ------------------------------------------------------------------------------------------------
# Types
# ------------------------------------------------------------------------------------------------
def spell(t: A.CType) -> str:
    """A parameter type as C spells it, near enough for a message (`const float*`, `float4`, `Params`)."""
    if isinstance(t, A.Scalar):
        return _C_NAMES.get(t.dtype, t.dtype)
    if isinstance(t, A.Vector):
        return f"{_C_NAMES.get(t.elem, t.elem).split()[-1]}{t.lanes}"
    if isinstance(t, A.Pointer):
        return ("const " if t.const else "") + ("volatile " if t.volatile else "") + spell(t.pointee) + "*"
    if isinstance(t, A.Array):
        return f"{spell(t.elem)}[{t.size}]"
    if isinstance(t, A.Opaque):
        return t.spelling
    return "void"


def buffer_dtype(ptr: A.Pointer) -> str | None:
    """The spec dtype of a pointer parameter's elements (`float4 *` counts floats); None: none fits."""
    p = ptr.pointee
    if isinstance(p, A.Scalar):
        dtype = "uint8" if p.dtype == "bool" else p.dtype
        return dtype if dtype in BUFFER_DTYPES else None
    if isinstance(p, A.Vector) and p.elem in BUFFER_DTYPES:
        return p.elem
    return None


# ------------------------------------------------------------------------------------------------
# TOML text
# ------------------------------------------------------------------------------------------------
def _toml(value) -> str:
    if value is TODO:
        return TODO
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        text = repr(value)
        return text if any(c in text for c in ".eEn") else text + ".0"  # inf, nan: TOML spells them so
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_toml(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"no TOML spelling for {value!r}")


def _key(name: str) -> str:
    return name if re.fullmatch(r"[A-Za-z0-9_-]+", name) else json.dumps(name)


# ------------------------------------------------------------------------------------------------
# The draft
# ------------------------------------------------------------------------------------------------
def matching_kernels(unit: A.TranslationUnit, wanted: str) -> list[A.Function]:
    """The kernel definitions `wanted` names: `scale<float, 4>` one instantiation, `scale` each
    instantiation of the template (or the plain kernel). Uninstantiated templates are left out."""
    squeeze = wanted.replace(" ", "")
    head, sep, rest = squeeze.partition("<")
    short = head.split("::")[-1] + sep + rest  # `ops::add`: launches and kernels carry the plain name
    out = []
    for f in unit.functions:
        if not squeeze or not f.is_kernel or f.body is None or f.is_template:
            continue
        names = {f.name.replace(" ", ""), f.name.split("<")[0]}
        if squeeze in names or short in names:
            out.append(f)
    return out


def _base(f: A.Function) -> str:
    return f.name.split("<")[0] if f.template_args else f.name


class _Sizes:
    """The entry's named sizes: first mention wins the comment; file constants come with values."""

    def __init__(self, constants: dict[str, tuple[int, int]], display: str):
        self.constants = constants
        self.display = display
        self.known: dict[str, tuple[int, str]] = {}  # name -> (value, where it comes from)
        self.order: list[str] = []
        self.where: dict[str, str] = {}
        self.passed: list[str] = []  # sizes that scalar arguments pass to the kernel (`n`)

    def add(self, names, where: str) -> None:
        for name in names:
            if name not in self.order:
                self.order.append(name)
                self.where[name] = where

    def know(self, name: str, value: int, why: str) -> None:
        self.known.setdefault(name, (value, why))

    def value_of(self, name: str) -> tuple[object, str]:
        if name in self.known:
            return self.known[name]
        if name in self.constants:
            value, line = self.constants[name]
            return value, f"the constant at {self.display}:{line}"
        return TODO, ""

    def resolved(self) -> dict[str, int]:
        return {n: v for n in self.order for v in [self.value_of(n)[0]] if v is not TODO}


def _launch_text(site: A.LaunchSite, source_lines: list[str]) -> str:
    line = source_lines[site.loc.line - 1].strip() if 0 < site.loc.line <= len(source_lines) else ""
    if "<<<" in line:
        return line if len(line) <= 110 else line[:107] + "..."
    name = site.kernel + (f"<{', '.join(site.template_args)}>" if site.template_args else "")
    config = ", ".join(t[0] if len(t) == 1 else f"dim3({', '.join(t)})" for t in (site.grid, site.block))
    return f"{name}<<<{config}>>>({', '.join(site.args)});"


def _scalar_value(param: A.Param, text: str | None, sizes: _Sizes, where: str) -> tuple[object, str, str | None]:
    """(value, comment, todo) of a scalar parameter given its launch argument's text (None: no launch)."""
    t = param.type
    kind = "integer" if t.dtype in _INTEGER else "bool" if t.dtype == "bool" else "float"
    if text is None:
        hint = {"integer": "an integer or an expression over sizes, e.g. \"n\"", "bool": "true or false",
                "float": "a number"}[kind]
        return TODO, f"TODO: {spell(t)}, {hint}", f"value of {param.name}"
    shown = tidy(text)
    if kind == "bool" and shown in ("true", "false"):
        return shown == "true", "", None
    names = expression_names(shown)
    if names is not None and not names:  # a literal, or an expression of literals
        try:
            value = evaluate(shown, {})
        except (CExprError, ArithmeticError):
            value = None
        if value is not None:
            if kind == "integer":
                return int(value), "", None
            if kind == "float":
                return float(value), "", None
            return bool(value), "", None
    if names and kind == "integer":
        sizes.add(names, where)
        sizes.passed.extend(n for n in names if n not in sizes.passed)
        return shown, "", None
    return TODO, f"TODO: {spell(t)}; the launch passes `{shown}`", f"value of {param.name} (`{shown}` at the launch)"


_FUNCTION_HEAD = re.compile(r"[A-Za-z_].*\)\s*(?:const\s*)?\{?\s*$")
LOCAL_LOOKBACK = 60  # lines above a launch searched for the variable a grid names


def local_definition(source_lines: list[str], line: int, name: str) -> tuple[str, int] | None:
    """(expression, line) of the one statement `[type] NAME = EXPR;` above `line` in the same function
    (the lines up to an unindented function head, at most LOCAL_LOOKBACK), when EXPR is an expression
    a spec can evaluate; None when there is none, or more than one (a branch: the draft cannot tell)."""
    pattern = re.compile(rf"(?<![\w.>]){re.escape(name)}\s*=(?!=)\s*([^;{{}}]+);")
    found = []
    for number in range(line - 1, max(0, line - 1 - LOCAL_LOOKBACK), -1):
        text = source_lines[number - 1] if number <= len(source_lines) else ""
        found += [(tidy(m.group(1)), number) for m in pattern.finditer(text)]
        if _FUNCTION_HEAD.match(text):
            break
    if len(found) != 1 or expression_names(found[0][0]) is None:
        return None
    return found[0]


def _config(texts: tuple[str, ...], values: tuple[int, ...] | None, sizes: _Sizes, where: str,
            what: str, source_lines: list[str] = (), line: int = 0) -> tuple[list, str, str | None]:
    """(grid entries, comment, todo) of the launch's grid: a grid that names a local variable set once
    above the launch (`int blocks = (n + 255) / 256;`) takes that variable's expression."""
    entries: list = []
    notes: list[str] = []
    missing: list[str] = []
    axes = "xyz"
    for i, raw in enumerate(texts):
        text = tidy(raw)
        names = expression_names(text)
        if names == (text,) and text not in sizes.constants and text not in sizes.known:
            local = local_definition(list(source_lines), line, text)
            if local is not None:
                text, names = local[0], expression_names(local[0])
                notes.append(f"{what}.{axes[i]}: `{raw.strip()}` as set at line {local[1]}")
        if names is not None:
            sizes.add(names, where)
            entries.append(text if names else evaluate(text, {}) if _is_int(text) else text)
        elif values is not None:
            entries.append(values[i] if i < len(values) else 1)
            notes.append(f"{what}.{axes[i]} `{text}` folded to {entries[-1]}")
        else:
            entries.append(TODO)
            missing.append(f"{what}.{axes[i]} `{text}`")
    if missing:
        return entries, (f"TODO: {', '.join(missing)} at the launch: write it as an integer expression over "
                         f"sizes"), f"{what} ({'; '.join(missing)} at the launch)"
    return entries, "; ".join(notes), None


def _is_int(text: str) -> bool:
    try:
        return isinstance(evaluate(text, {}), int)
    except (CExprError, ArithmeticError):
        return False


def _block(site: A.LaunchSite, sizes: _Sizes) -> tuple[list, str, str | None]:
    """(block, comment, todo): plain integers, as the loader needs them."""
    texts = [tidy(t) for t in site.block]
    if site.block_values is not None:
        values = list(site.block_values) + [1] * (len(texts) - len(site.block_values))
        for text, value in zip(texts, values):
            if _IDENT.match(text) and text not in _NOT_SIZES:
                sizes.know(text, value, f"the block at the launch ({text} = {value})")
        return list(site.block_values), "", None
    block: list = []
    missing = []
    for i, text in enumerate(texts):
        names = expression_names(text)
        constants = sizes.resolved() | {n: v for n, (v, _) in sizes.constants.items()}
        value = None
        if names is not None and all(n in constants for n in names):
            try:
                value = evaluate(text, constants)
            except (CExprError, ArithmeticError):
                value = None
        if isinstance(value, int) and value > 0:
            block.append(value)
        else:
            block.append(TODO)
            missing.append(f"block.{'xyz'[i]} `{text}`")
    if missing:
        return block, (f"TODO: {', '.join(missing)} at the launch is not a constant: give its value (the "
                       f"same as the size it names, if any)"), f"block ({'; '.join(missing)} at the launch)"
    return block, "", None


def _draft_entry(f: A.Function, sites: list[A.LaunchSite], display: str, source_lines: list[str],
                 constants: dict[str, tuple[int, int]], functions: dict[str, A.Function]) -> _Entry:
    site = sites[0] if sites else None
    where = f"{display}:{site.loc.line}" if site else ""
    entry = _Entry(f.name, where or None)
    rows = entry.rows
    sizes = _Sizes(constants, display)
    if site:
        rows.append(_Row(f"# {f.name}: drafted from the launch at {where}:"))
        rows.append(_Row(f"#     {_launch_text(site, source_lines)}"))
        if len(sites) > 1:
            rows.append(_Row("# (also launched at line" + ("s " if len(sites) > 2 else " ")
                             + ", ".join(str(s.loc.line) for s in sites[1:]) + "; one entry per launch to test each)"))
    else:
        rows.append(_Row(f"# {f.name}: no launch in {display}; drafted from its signature "
                         f"({display}:{f.loc.line})"))
    if f.instantiated_by_default:
        rows.append(_Row(f"# cuda2tile instantiated {f.name} (nothing in the file does); name another "
                         f"instantiation with --instantiate '{_base(f)}<...>'"))
    if f.clang_errors:
        rows.append(_Row(f"# clang reported errors in or around {f.name} (e.g. line {f.clang_errors[0][0].line}): "
                         f"its parameter types may be wrong"))
    rows.append(_Row("[[kernel]]"))
    rows.append(_Row(f"name = {_toml(_base(f))}"))
    if f.template_args:
        rows.append(_Row(f"template = {_toml(list(f.template_args))}"))

    # launch configuration: block first (it may give a named size its value), then grid
    if site and site.block:
        block, comment, todo = _block(site, sizes)
    else:
        block, todo = [DEFAULT_BLOCK], None
        comment = (f"no launch: {DEFAULT_BLOCK} threads is a default; use the block the kernel is written for"
                   if not site else "")
    rows.append(_Row(f"block = {_toml(block)}", comment, todo))
    if site and site.grid:
        grid, comment, todo = _config(site.grid, site.grid_values, sizes, where, "grid", source_lines,
                                      site.loc.line)
        rows.append(_Row(f"grid = {_toml(grid)}", comment, todo))
    else:
        rows.append(_Row(f"grid = {_toml([TODO])}",
                         'TODO: no launch: blocks per axis, e.g. ["(n + 255) / 256"] over sizes', "grid (no launch)"))
    if site and site.shared_bytes:
        text = tidy(site.shared_bytes)
        names = expression_names(text)
        if site.shared_bytes_value is not None and not names:
            rows.append(_Row(f"shared_bytes = {site.shared_bytes_value}", "dynamic shared memory (parity reads it)"))
        elif names is not None:
            sizes.add(names, where)
            rows.append(_Row(f"shared_bytes = {_toml(text)}", "dynamic shared memory (parity reads it)"))
        else:
            rows.append(_Row(f"shared_bytes = {TODO}", f"TODO: dynamic shared memory `{text}` at the launch, in "
                                                       f"bytes, over sizes", "shared_bytes"))

    # arguments, before sizes are written: integer arguments add sizes
    args = site.args if site and len(site.args) == len(f.params) else None
    index_uses = index_buffer_params(f, functions)
    arg_rows: list[_Row] = []
    shape_notes: list[tuple[_Row, list[str]]] = []  # buffers' comments, finished once the sizes are known
    for i, param in enumerate(f.params):
        key = _key(param.name)
        t = param.type
        text = args[i] if args is not None else None
        if isinstance(t, A.Scalar):
            value, comment, todo = _scalar_value(param, text, sizes, where)
            arg_rows.append(_Row(f"{key} = {{ value = {_toml(value)} }}", comment, todo))
            continue
        dtype = buffer_dtype(t) if isinstance(t, A.Pointer) else None
        if dtype is None:
            arg_rows.append(_Row(f"{key} = {TODO}", f"TODO: parameter type `{spell(t)}` has no launch-spec form "
                                                    f"(a spec describes scalars and pointers to numbers)",
                                 f"{param.name}: type `{spell(t)}` has no launch-spec form"))
            continue
        fields: dict = {"dtype": dtype, "shape": [TODO]}
        notes = []
        if isinstance(t.pointee, A.Vector):
            notes.append(f"{spell(t.pointee)}: count {dtype} elements, {t.pointee.lanes} per vector")
        if param.name in index_uses:
            fields.update(init="index", high=TODO)
            notes.append(f"its values are used as indices (line {index_uses[param.name]}): `high` is one past the "
                         f"largest valid index (or init = \"permutation\")")
        elif t.const:
            fields.update(_init(dtype))
            notes.append("const: an input; check its range")
        else:
            fields["init"] = "zeros"
        if not t.const:
            fields["output"] = True
            notes.append("not const: an output (if the kernel reads it too, give it an input init; if it never "
                         "writes it, drop `output`)")
        if text is not None and tidy(text) != param.name:
            notes.append(f"the launch passes `{tidy(text)}`")
        row = _Row(f"{key} = {_toml(fields)}", "",
                   f"shape of {param.name}" + (", high of its indices" if param.name in index_uses else ""))
        arg_rows.append(row)
        shape_notes.append((row, notes))
    hint = [n for n in sizes.passed if sizes.value_of(n)[0] is TODO] or sizes.passed or sizes.order
    example = f", e.g. [\"{hint[0]}\"]" if hint else ""
    for row, notes in shape_notes:
        row.comment = "; ".join([f"TODO: shape, the element count over sizes{example}"] + notes)

    if sizes.order:
        rows.append(_Row("[kernel.sizes]"))
        for name in sizes.order:
            value, why = sizes.value_of(name)
            if value is TODO:
                rows.append(_Row(f"{_key(name)} = {TODO}", f"TODO: `{name}` at the launch ({sizes.where[name]}), "
                                                           f"a positive integer", f"size {name}"))
            else:
                rows.append(_Row(f"{_key(name)} = {value}", f"from {why}"))
    rows.append(_Row("[kernel.args]"))
    rows.extend(arg_rows)
    return entry


def _init(dtype: str) -> dict:
    if dtype.startswith("float"):
        return dict(FLOAT_INIT)
    if dtype == "uint8":
        return dict(BOOL_INIT)
    return dict(INT_INIT)


def draft_spec(unit: A.TranslationUnit, kernels: list[A.Function], display: str,
               source_lines: list[str]) -> SpecDraft:
    """The draft of one `[[kernel]]` per function of `kernels` (definitions of `unit`), each from the
    first launch of that kernel (instantiation) in the file, or from its signature alone."""
    constants = file_constants(source_lines)
    functions = {f.name: f for f in unit.functions if not f.is_kernel}
    entries = []
    for f in kernels:
        sites = [s for s in unit.launches if s.kernel == _base(f).split("::")[-1]
                 and tuple(s.template_args) == tuple(f.template_args)]
        entries.append(_draft_entry(f, sites, display, source_lines, constants, functions))
    body: list[_Row] = []
    for entry in entries:
        body.append(_Row(""))
        body.extend(entry.rows)
    todo_rows = [(i, row) for i, row in enumerate(body) if row.todo]
    launches = [e.launch for e in entries if e.launch]
    top = ["# Launch spec drafted by `cuda2tile spec init` (the format: docs/launch-spec.md)", f"# file: {display}"]
    top += [f"# kernel {e.name}: from the launch at {e.launch}" if e.launch else
            f"# kernel {e.name}: from its signature (no launch in the file)" for e in entries]
    plural = "s" if len(todo_rows) > 1 else ""
    top += [f"# Left to fill: {len(todo_rows)} TODO{plural}. This file is not valid TOML until each is replaced, "
            "so an", "# unfilled draft is refused (C2T1301) instead of run with made-up values:"] if todo_rows else \
        ["# Nothing is left to fill."]
    bottom = ["# Check too: the inputs' ranges (init, low, high) and which buffers are outputs."]
    first = len(top) + len(todo_rows) + len(bottom) + 1  # the draft's line of body[0]
    owners = [entry.name for entry in entries for _ in [None, *entry.rows]]  # body's rows, entry by entry
    todos = [Todo(first + i, owners[i], row.todo) for i, row in todo_rows]
    lines = top + [f"#   line {t.line}: {t.kernel}: {t.what}" for t in todos] + bottom
    lines += [r.text + (f"  # {r.comment}" if r.comment else "") for r in body]
    return SpecDraft("\n".join(lines) + "\n", tuple(e.name for e in entries), tuple(todos), tuple(launches))
