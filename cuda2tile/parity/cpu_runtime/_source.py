"""Rewrites a preprocessed CUDA translation unit so that g++ can compile it.

The build preprocesses the companion translation unit (runtime header + the
user's ``.cu`` + launch stubs) with ``-DC2T_PREPASS``, which leaves the
``__shared__`` token unexpanded.  This module then edits only the text that
came from user files (according to the line markers), keeping every edit on
the lines it started on so that g++ diagnostics still point at the original
file and line:

* ``__shared__ T s[N];``        -> ``static T s[N]; static ::c2t::__c2t_SharedReg r(&(s), sizeof(s));``
  (one block runs at a time on one OS thread, so a function-local static is
  exactly "one array per block"; the registration lets the runtime zero or
  poison it at every block start)
* ``extern __shared__ T s[];``  -> ``T (&s)[] = ::c2t::__c2t_DynSmemRef{};`` inside a
  function (a reference to the launch's dynamic shared memory; different
  kernels may use the same name with different types), or an ``asm`` label on
  the declaration at namespace scope.
* ``k<<<g, b, smem, st>>>(args)`` in host code ->
  ``(::c2t::__c2t_host_cfg(g, b, smem, st) | [&](auto&&... a) { k(a...); })(args)`` (an in-process launch).

It also reports whether user code uses any barrier / warp / cooperative-groups
primitive (the "fast path" decision) and which files the unit depends on.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field

_LINEMARKER = re.compile(r'^# (\d+) "((?:[^"\\]|\\.)*)"((?: \d+)*)[ \t]*$', re.M)
_MASK = re.compile(r'"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'')
_SHARED = re.compile(r"\b__shared__\b")
_EXTERN = re.compile(r"\bextern\b")
_STATIC = re.compile(r"\bstatic\b")
_IDENT = re.compile(r"[A-Za-z_]\w*")
_LAUNCH = re.compile(r"<<<")

# Anything that needs a fiber per CUDA thread.
SYNC_TOKENS = re.compile(
    r"\b(?:__syncthreads\w*|__syncwarp|__shfl\w*|__ballot\w*|__any(?:_sync)?|__all(?:_sync)?|__uni_sync|"
    r"__activemask|__match_\w+|__reduce_\w+_sync|__nanosleep|cooperative_groups|this_thread_block|"
    r"tiled_partition|coalesced_threads|coalesced_group|thread_block_tile|thread_block|thread_group|"
    r"this_grid|grid_group|__barrier_sync)\b|\.\s*sync\s*\("
)

_KEYWORDS = {
    "const", "volatile", "static", "extern", "unsigned", "signed", "int", "float", "double", "char",
    "short", "long", "bool", "void", "struct", "class", "union", "typename", "auto", "__restrict__",
    "__restrict", "restrict", "alignas", "__attribute__", "__align__", "inline", "thread_local",
}


@dataclass
class Segment:
    start: int  # offset of the first character after the line marker line
    end: int
    path: str
    flags: tuple[int, ...]


@dataclass
class TransformResult:
    text: str
    uses_sync: bool
    sync_tokens: list[str]
    deps: list[str]
    shared_decls: int = 0
    dynamic_shared_decls: int = 0
    host_launches: int = 0
    notes: list[str] = field(default_factory=list)


def _segments(text: str) -> list[Segment]:
    segs: list[Segment] = []
    marks = list(_LINEMARKER.finditer(text))
    if not marks:
        return [Segment(0, len(text), "", ())]
    if marks[0].start() > 0:
        segs.append(Segment(0, marks[0].start(), "", ()))
    for i, m in enumerate(marks):
        start = m.end() + 1 if m.end() < len(text) else m.end()
        end = marks[i + 1].start() if i + 1 < len(marks) else len(text)
        path = bytes(m.group(2), "utf-8").decode("unicode_escape")
        flags = tuple(int(f) for f in m.group(3).split())
        segs.append(Segment(min(start, end), end, path, flags))
    return segs


def _mask(text: str) -> str:
    """Replace the contents of string and character literals by spaces (same length)."""
    def blank(m: re.Match) -> str:
        s = m.group(0)
        return s[0] + re.sub(r"[^\n]", " ", s[1:-1]) + s[-1]
    return _MASK.sub(blank, text)


def _match_forward(masked: str, pos: int, stop_chars: str = ";") -> int:
    """Index of the first `stop_chars` character at bracket depth 0 from `pos` (or -1)."""
    depth = 0
    i, n = pos, len(masked)
    while i < n:
        c = masked[i]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            if depth == 0:
                return -1
            depth -= 1
        elif depth == 0 and c in stop_chars:
            return i
        i += 1
    return -1


def _split_top(s: str, sep: str = ",") -> list[str]:
    parts, depth, angle, cur = [], 0, 0, []
    for c in s:
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == "<" and depth == 0:
            angle += 1
        elif c == ">" and depth == 0 and angle > 0:
            angle -= 1
        if c == sep and depth == 0 and angle == 0:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(c)
    parts.append("".join(cur))
    return parts


def _strip_balanced(s: str, opener: str) -> str:
    """Remove every `opener( ... )` group (balanced parentheses), e.g. __attribute__((..)), alignas(..)."""
    out, i = [], 0
    pat = re.compile(r"\b" + re.escape(opener) + r"\s*\(")
    while True:
        m = pat.search(s, i)
        if not m:
            out.append(s[i:])
            break
        out.append(s[i:m.start()])
        j, depth = m.end(), 1
        while j < len(s) and depth:
            depth += {"(": 1, ")": -1}.get(s[j], 0)
            j += 1
        i = j
    return "".join(out)


def _strip_attrs(s: str) -> str:
    s = _strip_balanced(s, "__attribute__")
    s = _strip_balanced(s, "alignas")
    s = _strip_balanced(s, "__declspec")
    s = re.sub(r"\[\[.*?\]\]", " ", s)
    return s


def _declarator_name(chunk: str) -> str | None:
    chunk = _strip_attrs(chunk)
    chunk = chunk.split("=", 1)[0]
    # the identifier right before the first top-level '['
    depth = 0
    for i, c in enumerate(chunk):
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif c == "[" and depth == 0:
            ids = [m.group(0) for m in _IDENT.finditer(chunk[:i])]
            ids = [x for x in ids if x not in _KEYWORDS]
            return ids[-1] if ids else None
    ids = [m.group(0) for m in _IDENT.finditer(re.sub(r"<[^<>]*>", " ", chunk))]
    ids = [x for x in ids if x not in _KEYWORDS]
    return ids[-1] if ids else None


_NS_BRACE = re.compile(r'(?:\bnamespace\b[\s\w:]*(?:\[\[[^\]]*\]\]\s*)?|\bextern\s*"[^"\n]*"\s*)$')


class _Scopes:
    """Answers "is this offset inside a function (or class) body?" for a whole text."""

    def __init__(self, masked: str, text: str):
        self.positions: list[int] = []
        self.block_depth: list[int] = []  # number of non-namespace braces open after the event
        stack: list[bool] = []  # True = namespace-like brace
        nonns = 0
        for m in re.finditer(r"[{}]", masked):
            p = m.start()
            if masked[p] == "{":
                back = text[max(0, p - 200):p]
                cut = max(back.rfind(";"), back.rfind("}"), back.rfind("{"))
                is_ns = bool(_NS_BRACE.search(back[cut + 1:].rstrip()))
                stack.append(is_ns)
                if not is_ns:
                    nonns += 1
            else:
                if stack:
                    if not stack.pop():
                        nonns -= 1
            self.positions.append(p)
            self.block_depth.append(nonns)

    def in_block(self, pos: int) -> bool:
        i = bisect.bisect_left(self.positions, pos) - 1
        return i >= 0 and self.block_depth[i] > 0


def _launch_callee_start(masked: str, pos: int) -> int:
    """Start of the callee expression that ends right before `pos` (the `<<<`)."""
    i = pos - 1
    while i >= 0 and masked[i].isspace():
        i -= 1
    while i >= 0:
        if masked[i] == ">":  # template arguments
            depth = 0
            while i >= 0:
                if masked[i] == ">":
                    depth += 1
                elif masked[i] == "<":
                    depth -= 1
                    if depth == 0:
                        i -= 1
                        break
                i -= 1
            while i >= 0 and masked[i].isspace():
                i -= 1
        j = i
        while j >= 0 and (masked[j].isalnum() or masked[j] == "_"):
            j -= 1
        if j == i:
            return i + 1
        i = j
        k = i
        while k >= 0 and masked[k].isspace():
            k -= 1
        if k >= 1 and masked[k] == ":" and masked[k - 1] == ":":
            i = k - 2
            while i >= 0 and masked[i].isspace():
                i -= 1
            if i < 0 or not (masked[i].isalnum() or masked[i] in "_>"):
                return k - 1
            continue
        return i + 1
    return 0


def transform(text: str, is_user_file, is_scan_file=None) -> TransformResult:
    """Rewrite `text` (g++ -E output).  `is_user_file(path, flags)` selects the segments to edit;
    `is_scan_file(path, flags)` those scanned for synchronisation primitives (default: same)."""
    if is_scan_file is None:
        is_scan_file = is_user_file
    masked = _mask(text)
    segs = _segments(text)
    user = [s for s in segs if s.end > s.start and is_user_file(s.path, s.flags)]
    deps = sorted({s.path for s in segs if s.path and is_user_file(s.path, s.flags)})
    tokens: set[str] = set()
    for s in segs:
        if s.end > s.start and is_scan_file(s.path, s.flags):
            tokens.update(re.sub(r"\s+", "", m.group(0)) for m in SYNC_TOKENS.finditer(masked, s.start, s.end))

    edits: list[tuple[int, int, str]] = []
    scopes: _Scopes | None = None
    res = TransformResult(text, bool(tokens), sorted(tokens), deps)
    reg = 0

    for seg in user:
        for m in _SHARED.finditer(masked, seg.start, seg.end):
            p = m.start()
            back = masked[max(0, p - 400):p]
            cut = max(back.rfind(";"), back.rfind("{"), back.rfind("}"), back.rfind("\n#"))
            stmt_start = max(0, p - 400) + cut + 1
            end = _match_forward(masked, m.end(), ";")
            if end < 0:
                res.notes.append(f"could not parse the __shared__ declaration at offset {p}")
                edits.append((p, m.end(), "static"))
                continue
            prefix = text[stmt_start:p]
            rest = text[m.end():end]
            if _EXTERN.search(masked[stmt_start:p]):
                res.dynamic_shared_decls += 1
                if scopes is None:
                    scopes = _Scopes(masked, text)
                em = list(_EXTERN.finditer(masked, stmt_start, p))[-1]
                edits.extend(_dynamic_shared(text, em.start(), em.end(), p, m.end(), end, prefix, rest,
                                             scopes.in_block(p)))
            else:
                res.shared_decls += 1
                whole = masked[stmt_start:end]
                has_static = bool(_STATIC.search(whole))
                edits.append((p, m.end(), "" if has_static else "static"))
                names = [_declarator_name(c) for c in _split_top(rest)]
                regs = []
                for nm in names:
                    if nm:
                        regs.append(f" static ::c2t::__c2t_SharedReg __c2t_sreg_{reg}(&({nm}), sizeof({nm}));")
                        reg += 1
                if regs:
                    edits.append((end + 1, end + 1, "".join(regs)))
        for m in _LAUNCH.finditer(masked, seg.start, seg.end):
            p = m.start()
            close = masked.find(">>>", m.end())
            if close < 0:
                continue
            callee_start = _launch_callee_start(masked, p)
            callee = text[callee_start:p].strip()
            cfg = text[m.end():close]
            if not callee:
                continue
            res.host_launches += 1
            repl = (f"(::c2t::__c2t_host_cfg({cfg}) | [&](auto&&... __c2t_a) {{ {callee}(__c2t_a...); }})")
            nl = text.count("\n", callee_start, close + 3) - repl.count("\n")
            edits.append((callee_start, close + 3, repl + "\n" * max(0, nl)))
            edits += _null_arguments(text, close + 3)

    if edits:
        edits.sort(key=lambda e: (e[0], e[1]))
        out, last = [], 0
        for s, e, r in edits:
            if s < last:  # overlapping edit: keep the first
                continue
            out.append(text[last:s])
            out.append(r)
            last = e
        out.append(text[last:])
        res.text = "".join(out)
    return res


_NULL_TOKEN = re.compile(r"\b(?:__null|NULL)\b")


def _null_arguments(text: str, start: int) -> list[tuple[int, int, str]]:
    """Edits turning `NULL` (GCC's `__null`, an integer) into `nullptr` in the argument list of a
    launch that starts at `start`: `k<<<g, b>>>(x, NULL)` passes its arguments through a generic
    lambda, where an integer NULL no longer converts to the kernel's pointer parameter (nullptr does)."""
    pos = start
    while pos < len(text) and text[pos] in " \t\n":
        pos += 1
    if pos >= len(text) or text[pos] != "(":
        return []
    depth, end = 0, pos
    for end in range(pos, len(text)):
        depth += {"(": 1, ")": -1}.get(text[end], 0)
        if depth == 0:
            break
    return [(m.start(), m.end(), "nullptr") for m in _NULL_TOKEN.finditer(text, pos, end)]


def _dynamic_shared(text, ext_s, ext_e, sh_s, sh_e, end, prefix, rest, in_block):
    """Edits for `extern __shared__ <rest>;` (`end` = offset of the ';')."""
    nl = text.count("\n", ext_s, end)
    m = re.match(r"(?s)(?P<spec>.*?)\b(?P<name>[A-Za-z_]\w*)\s*\[\s*\](?P<tail>.*)$", rest)
    multi = m is not None and len(_split_top(m.group("tail"))) > 1
    if m and in_block and not multi:
        tail = m.group("tail")
        # keep array-of-array bounds, drop attributes
        dims = "".join(re.findall(r"\[[^\]]*\]", _strip_attrs(tail)))
        spec = _strip_attrs(text[ext_e:sh_s] + " " + m.group("spec"))
        spec = re.sub(r"\s+", " ", spec).strip()
        repl = f"{spec} (&{m.group('name')})[]{dims} = ::c2t::__c2t_DynSmemRef{{}}"
        return [(ext_s, end, repl + "\n" * nl)]
    # namespace scope (or unusual declarator): keep `extern`, drop __shared__ and bind the
    # declaration to the runtime's dynamic shared memory buffer with an asm label.
    edits = [(sh_s, sh_e, "")]
    if m:
        name_end = sh_e + m.end("name")
        br = text.find("]", name_end)
        j = br + 1
        while True:  # skip further [..] dimensions
            k = j
            while k < end and text[k].isspace():
                k += 1
            if k < end and text[k] == "[":
                j = text.find("]", k) + 1
            else:
                break
        edits.append((j, j, ' __asm__("c2t_dyn_smem_buf")'))
    return edits


# ---------------------------------------------------------------------------------------------
# Per-kernel analysis: does a kernel (transitively, by name) reach a synchronisation primitive?
# ---------------------------------------------------------------------------------------------
_FUNC_NAME = re.compile(r"([A-Za-z_]\w*)\s*(?:<[^;{}()]*>)?\s*\(")
_CLASS_NAME = re.compile(r"\b(?:struct|class|union)\s+(?:__attribute__\s*\(\([^)]*\)\)\s*)?([A-Za-z_]\w*)")


@dataclass
class _Entity:
    names: set
    sync: bool
    idents: set


def user_entities(text: str, masked: str, is_user_file) -> dict[str, list[_Entity]]:
    """Top-level functions / classes defined in user code, by (unqualified) name."""
    segs = [s for s in _segments(text) if s.end > s.start and is_user_file(s.path, s.flags)]
    starts = [s.start for s in segs]

    def in_user(pos: int) -> bool:
        i = bisect.bisect_right(starts, pos) - 1
        return i >= 0 and segs[i].start <= pos < segs[i].end

    by_name: dict[str, list[_Entity]] = {}
    stack: list[tuple[int, bool, bool]] = []  # (pos, is_namespace, is_entity)
    nonns = 0
    for m in re.finditer(r"[{}]", masked):
        p = m.start()
        if masked[p] == "{":
            back = text[max(0, p - 2000):p]
            cut = max(back.rfind(";"), back.rfind("}"), back.rfind("{"))
            header = back[cut + 1:]
            is_ns = bool(_NS_BRACE.search(header.rstrip()))
            entity = not is_ns and nonns == 0 and in_user(p)
            stack.append((p, is_ns, entity))
            if not is_ns:
                nonns += 1
        elif stack:
            start, is_ns, entity = stack.pop()
            if not is_ns:
                nonns -= 1
            if entity:
                back = masked[max(0, start - 2000):start]
                cut = max(back.rfind(";"), back.rfind("}"), back.rfind("{"))
                header = _strip_attrs(back[cut + 1:])
                names = set()
                cm = _CLASS_NAME.search(header)
                if cm and "(" not in header[cm.end():]:
                    names.add(cm.group(1))
                else:
                    for fm in _FUNC_NAME.finditer(header):
                        if fm.group(1) not in ("template", "decltype", "sizeof", "alignof", "noexcept"):
                            names.add(fm.group(1))
                            break
                if not names:
                    continue
                body = masked[max(0, start - len(back) + cut + 1):p + 1]
                ent = _Entity(names, bool(SYNC_TOKENS.search(body)), set(_IDENT.findall(body)))
                for nm in names:
                    by_name.setdefault(nm, []).append(ent)
    return by_name


def kernel_uses_sync(expr: str, entities: dict[str, list[_Entity]]) -> bool | None:
    """True / False when the kernel named by `expr` was found; None when it was not."""
    seeds = [x for x in _IDENT.findall(expr) if x in entities]
    if not seeds:
        return None
    seen: set[int] = set()
    queue = list(seeds)
    while queue:
        nm = queue.pop()
        for ent in entities.get(nm, ()):
            if id(ent) in seen:
                continue
            seen.add(id(ent))
            if ent.sync:
                return True
            queue.extend(x for x in ent.idents if x in entities)
    return False
