"""A lexical look at a whole source tree, before clang: which files define kernels, what they include.

Real projects keep kernels in headers (mmcv defines most of its kernels in `*_cuda_kernel.cuh` files
that a `.cu` includes) and find their headers through include directories their build passes
(`-I include` in caffe, darknet). No flags should be needed to convert them, so before parsing
we read every file of the project as text, cheaply:

- `scan_text`: the `#include`s of a file and the `__global__` functions it *defines* (the lexical
  inventory that the parser's findings are reconciled with: a kernel the parser missed is reported,
  never silently absent);
- `ProjectIndex.include_dirs`: the directories a build would pass with `-I`, found by resolving
  every include of a file (transitively) that is not found next to its includer, in our headers or
  on the user's paths, against the files of the project (`#include "caffe/util/math_functions.hpp"`
  found as `<root>/include/caffe/util/math_functions.hpp` gives `-I<root>/include`);
- `ProjectIndex.includers`: which files include a header (transitively), so a header's kernels are
  converted from the parse of a `.cu` that includes it (where its templates are instantiated).

The project is the input tree and everything up to its repository root (the nearest folder holding
`.git`), the way a build's include directories reach outside the folder being built.
Nothing here runs clang or writes a file.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass

from cuda2tile.defaults import DEFAULT_MAX_FILE_SIZE

INCLUDE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "include")

SOURCE_SUFFIXES = (".cu",)
# headers that may define kernels: scanned, and converted when they define one
HEADER_SUFFIXES = (".cuh", ".h", ".hpp", ".hh", ".hxx", ".inl", ".inc", ".ipp", ".tcc")
_INDEXED_SUFFIXES = SOURCE_SUFFIXES + HEADER_SUFFIXES + (".c", ".cc", ".cpp", ".cxx")
_SKIPPED_DIRS = {".git", ".hg", ".svn", "__pycache__", "node_modules"}
_MAX_INDEXED_FILES = 50_000  # a project root that is really a home directory must not scan forever

# Strings and comments in one pass, so that `"//"` in a string is not a comment and `// "` in a
# comment is not a string. Comments become spaces (newlines kept, so line numbers stay right).
_TOKENS_TO_BLANK = re.compile(r'"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'|//[^\n]*|/\*.*?\*/', re.S)
_INCLUDE = re.compile(r'^[ \t]*#[ \t]*include[ \t]*([<"])([^>"\n]+)[>"]', re.M)
_DIRECTIVE = re.compile(r"^[ \t]*#[ \t]*(\w+)(.*)$")
_IDENT_OR_PUNCT = re.compile(r"[A-Za-z_]\w*|::|[(){};<>,=]")
# attribute-like words that take parentheses before a kernel's name: `__global__ void
# __launch_bounds__(256) k(...)`, `C10_LAUNCH_BOUNDS_1(512)`
_ATTRIBUTE_WORDS = {"__launch_bounds__", "__attribute__", "__declspec", "alignas", "__align__", "__noinline__",
                    "__forceinline__", "decltype", "noexcept", "throw", "__restrict__"}
_MACRO_LIKE = re.compile(r"^[A-Z][A-Z0-9_]*$")


@dataclass(frozen=True)
class LexicalKernel:
    name: str
    line: int  # the line of its name, as clang's cursor location gives it


@dataclass(frozen=True)
class FileScan:
    includes: tuple[tuple[str, bool], ...]  # (name as written, angled)
    kernels: tuple[LexicalKernel, ...]  # `__global__` definitions outside `#if 0` and `#define`s


def _blank_comments(text: str) -> str:
    def blank(match: re.Match) -> str:
        token = match.group(0)
        if token[0] in "\"'":
            return token
        return re.sub(r"[^\n]", " ", token)
    return _TOKENS_TO_BLANK.sub(blank, text)


def _code_lines(text: str) -> list[str]:
    """The file's lines with comments blanked, `#define`s (with their continuations) and `#if 0`
    blocks emptied, so that `#define KERNEL __global__` or a disabled kernel is not counted."""
    lines = _blank_comments(text).split("\n")
    out: list[str] = []
    dead_depth = 0  # > 0 inside `#if 0` (counting the conditionals nested in it)
    continuing = False
    for line in lines:
        if continuing:
            continuing = line.rstrip().endswith("\\")
            out.append("")
            continue
        match = _DIRECTIVE.match(line)
        if match:
            word, rest = match.group(1), match.group(2).strip()
            if dead_depth:
                if word in ("if", "ifdef", "ifndef"):
                    dead_depth += 1
                elif word == "endif" or (word in ("else", "elif") and dead_depth == 1):
                    dead_depth -= 1
            elif word == "if" and rest in ("0", "(0)"):
                dead_depth = 1
            continuing = line.rstrip().endswith("\\")
            out.append(line if word == "include" and not dead_depth else "")
            continue
        out.append("" if dead_depth else line)
    return out


_STRING_OR_CHAR = re.compile(r'"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'')


def scan_text(text: str) -> FileScan:
    lines = _code_lines(text)
    code = "\n".join(lines)
    includes = tuple((m.group(2).strip(), m.group(1) == "<") for m in _INCLUDE.finditer(code))
    # `"__global__ void f() {}"` in a string is not a kernel
    return FileScan(includes, tuple(_kernel_definitions(_STRING_OR_CHAR.sub('""', code))))


def _kernel_definitions(code: str) -> list[LexicalKernel]:
    found: list[LexicalKernel] = []
    for match in re.finditer(r"\b__global__\b", code):
        tokens = _IDENT_OR_PUNCT.finditer(code, match.end())
        depth = 0
        candidates: list[tuple[str, int]] = []  # (identifier, offset) of each `name(` at depth 0
        previous: tuple[str, int] | None = None
        defines = False
        for tok in tokens:
            text = tok.group(0)
            if text == "(":
                if depth == 0 and previous is not None:
                    candidates.append(previous)
                depth += 1
            elif text == ")":
                depth -= 1
            elif depth == 0 and text in ("{", ";", "="):
                defines = text == "{"
                break
            previous = (text, tok.start()) if depth == 0 and re.match(r"[A-Za-z_]", text) else None
            if depth < 0:
                break
        if not defines:
            continue
        names = [c for c in candidates if c[0] not in _ATTRIBUTE_WORDS]
        plain = [c for c in names if not _MACRO_LIKE.match(c[0])]
        chosen = (plain or names or [None])[0]
        if chosen is None:
            continue
        name, offset = chosen
        found.append(LexicalKernel(name, code.count("\n", 0, offset) + 1))
    return found


def files_to_convert(found: list[tuple[str, str]], sources: list[str],
                     scans: dict[str, FileScan | None] | None = None) -> list[tuple[str, str]]:
    """The files of a run among those discovered: every `.cu`, and every header that defines a
    `__global__` function or was named on the command line (a header without kernels is converted
    with the files that include it). `scans` keeps each header's scan by real path, for the project
    index to reuse instead of reading the file again."""
    named = {os.path.realpath(s) for s in sources if os.path.isfile(s)}
    kept = []
    for path, display in found:
        real = os.path.realpath(path)
        if path.endswith(HEADER_SUFFIXES) and real not in named:
            text = read_text(real)
            scan = scan_text(text) if text is not None else None
            if scans is not None:
                scans[real] = scan
            if scan is None or not scan.kernels:
                continue
        kept.append((path, display))
    return kept


def read_text(path: str, limit: int = DEFAULT_MAX_FILE_SIZE) -> str | None:
    try:
        with open(path, "rb") as handle:
            data = handle.read(limit + 1)
    except OSError:
        return None
    if len(data) > limit:
        return None
    return data.decode("utf-8", errors="replace")


def repository_root(path: str) -> str | None:
    """The nearest folder at or above `path` that holds `.git` (a directory, or a worktree's file)."""
    current = os.path.realpath(path if os.path.isdir(path) else os.path.dirname(path) or ".")
    while True:
        if os.path.exists(os.path.join(current, ".git")):
            return current
        parent = os.path.dirname(current)
        if parent == current:
            return None
        current = parent


# Files that mark the root of a project (or of one of its parts) when there is no `.git`: a tree
# unpacked from a release archive, or a subtree copied out of its repository.
_PROJECT_MARKERS = ("CMakeLists.txt", "Makefile", "setup.py", "pyproject.toml", "configure", "configure.ac",
                    "meson.build", "WORKSPACE", "MODULE.bazel")
_MARKER_LEVELS = 3


def project_root(path: str) -> str:
    """The project a converted file belongs to: its repository root (the nearest folder holding
    `.git`); without one, the highest folder at most three levels up that holds a build file
    (`CMakeLists.txt`, `Makefile`, `setup.py`...), the way `src/` and `include/` sit side by side
    under a project's top; else the file's own folder."""
    repository = repository_root(path)
    if repository is not None:
        return repository
    start = os.path.realpath(path if os.path.isdir(path) else os.path.dirname(path) or ".")
    best, current = start, start
    for _ in range(_MARKER_LEVELS):
        parent = os.path.dirname(current)
        if parent == current:
            break
        current = parent
        if any(os.path.isfile(os.path.join(current, m)) for m in _PROJECT_MARKERS):
            best = current
    return best


def _prelude_has(name: str) -> bool:
    return os.path.isfile(os.path.join(INCLUDE_DIR, name))


class ProjectIndex:
    """The files of one or more project roots, by name, and each file's lexical scan (read once)."""

    def __init__(self, roots: list[str], scans: dict[str, FileScan | None] | None = None):
        self.roots = sorted({os.path.realpath(r) for r in roots})
        self._by_name: dict[str, list[str]] = {}
        self._scans: dict[str, FileScan | None] = scans if scans is not None else {}  # by real path
        self._closure: dict[tuple[str, tuple[str, ...]], tuple[tuple[str, ...], frozenset[str]]] = {}
        count = 0
        for root in self.roots:
            for folder, dirs, files in os.walk(root):
                dirs[:] = sorted(d for d in dirs if d not in _SKIPPED_DIRS and not d.startswith("."))
                for name in files:
                    if name.endswith(_INDEXED_SUFFIXES) or "." not in name:
                        self._by_name.setdefault(name, []).append(os.path.join(folder, name))
                        count += 1
                if count > _MAX_INDEXED_FILES:
                    return

    def scan(self, path: str) -> FileScan | None:
        real = os.path.realpath(path)
        if real not in self._scans:
            text = read_text(real)
            self._scans[real] = scan_text(text) if text is not None else None
        return self._scans[real]

    def candidates(self, name: str) -> list[str]:
        """Files of the project that `#include "name"` could mean: `a/b.h` matches `.../a/b.h`."""
        parts = [p for p in name.replace("\\", "/").split("/") if p not in ("", ".")]
        if not parts or ".." in parts:
            return []
        tail = os.sep.join(parts)
        return [p for p in self._by_name.get(parts[-1], ()) if p == tail or p.endswith(os.sep + tail)]

    def closure(self, path: str, user_dirs: tuple[str, ...] = ()) -> tuple[tuple[str, ...], frozenset[str]]:
        """(include directories to add, files reached) for `path`: every include, transitively,
        resolved as clang would (next to the includer for quotes, our headers, the user's `-I`
        folders, then the folders found so far), else against the project's files, the candidate
        nearest the includer winning; its folder becomes an include directory."""
        key = (os.path.realpath(path), user_dirs)
        if key in self._closure:
            return self._closure[key]
        found_dirs: list[str] = []
        seen = {key[0]}
        queue = [key[0]]
        while queue and len(seen) < 5000:
            current = queue.pop(0)
            scan = self.scan(current)
            if scan is None:
                continue
            for name, angled in scan.includes:
                target = _resolve(name, angled, current, user_dirs + tuple(found_dirs))
                if target is None:
                    if _prelude_has(name):
                        continue  # ours: the C++ library, CUDA, PyTorch stand-ins
                    options = self.candidates(name)
                    if not options:
                        continue  # missing: clang reports it, and the run summarises it
                    best = _nearest(options, current)
                    folder = best[: len(best) - len(os.path.normpath(name))].rstrip(os.sep) or os.sep
                    if folder not in found_dirs:
                        found_dirs.append(folder)
                    target = best
                real = os.path.realpath(target)
                if real not in seen:
                    seen.add(real)
                    queue.append(real)
        result = (tuple(found_dirs), frozenset(seen - {key[0]}))
        self._closure[key] = result
        return result


def _resolve(name: str, angled: bool, includer: str, dirs: tuple[str, ...]) -> str | None:
    if not angled:
        here = os.path.join(os.path.dirname(includer), name)
        if os.path.isfile(here):
            return here
    if _prelude_has(name):
        return None
    for folder in dirs:
        candidate = os.path.join(folder, name)
        if os.path.isfile(candidate):
            return candidate
    return None


def _nearest(options: list[str], includer: str) -> str:
    """The candidate sharing the longest folder prefix with the includer; then the shortest path,
    then the first by name: deterministic whatever order the file system lists them in."""
    base = os.path.dirname(includer).split(os.sep)

    def shared(path: str) -> int:
        parts = os.path.dirname(path).split(os.sep)
        n = 0
        for a, b in zip(base, parts):
            if a != b:
                break
            n += 1
        return n
    return min(options, key=lambda p: (-shared(p), len(p), p))
