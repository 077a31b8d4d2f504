"""Hermetic libclang front end: read a `.cu` file, parse it, return our AST and diagnostics.

The libclang wheel ships no clang resource headers, so we parse in device-only mode against our
own prelude (`include/`), never the system's: `-nostdinc -nocudainc` plus `-I<include>` and
`-include cuda2tile_prelude.h`. Users' flags (`-I`, `-D`, `--std`, a compile_commands.json) are
honoured the way clang tools do. Nothing in the input file is ever written.
"""

from __future__ import annotations

import codecs
import json
import os
import re
import shlex
import stat
from dataclasses import dataclass, field
from pathlib import Path

import clang.cindex as ci

from cuda2tile.defaults import DEFAULT_MAX_FILE_SIZE
from cuda2tile.diagnostics import Diagnostic, Location, Severity
from cuda2tile.parse import cuda_ast as A, prelude_pch
from cuda2tile.parse.build_ast import ClangError, build_translation_unit

INCLUDE_DIR = Path(__file__).parent / "include"
KEEP_GOING = 0x200  # CXTranslationUnit_KeepGoing: a missing #include must not stop the parse
CUDA_TOOLKIT_INCLUDE = Path("/usr/local/cuda/include")
_PRELUDE_DIR = os.path.realpath(INCLUDE_DIR) + os.sep


@dataclass(frozen=True)
class FrontendOptions:
    include_dirs: tuple[str, ...] = ()
    defines: tuple[str, ...] = ()
    std: str = "c++17"
    compile_commands_dir: str | None = None
    use_cuda_toolkit: bool = False  # add the toolkit's include dir after ours (for cub/, project headers)
    max_file_size: int = DEFAULT_MAX_FILE_SIZE
    instantiate: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (kernel, template args) from specs


@dataclass
class ParsedFile:
    path: str
    source_lines: list[str]
    unit: A.TranslationUnit | None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    includes: tuple[str, ...] = ()  # absolute paths of the user headers clang read (not our prelude)


def read_source(path: str, display: str, max_size: int) -> tuple[str | None, list[Diagnostic]]:
    """Read bytes, decode (UTF-8, else Latin-1 with a warning), drop a BOM. Never writes."""
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):  # a FIFO or device would block the read or never end
            return None, [Diagnostic("C2T1001", "cannot read file: not a regular file", Location(display))]
        size = info.st_size
        if size > max_size:
            return None, [Diagnostic("C2T1004", f"file is {size} bytes, above the {max_size}-byte limit",
                                     Location(display))]
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as err:
        return None, [Diagnostic("C2T1001", f"cannot read file: {err.strerror or err}", Location(display))]
    diags: list[Diagnostic] = []
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        head = split_source_lines(data[: err.start].decode("latin-1"))
        line, col = max(len(head), 1), len(head[-1].encode("latin-1")) + 1 if head else 1
        if data[: err.start].endswith((b"\n", b"\r")):
            line, col = len(head) + 1, 1
        diags.append(Diagnostic("C2T1002", f"byte 0x{data[err.start]:02x} is not valid UTF-8; such bytes are "
                                           "decoded as Latin-1", Location(display, line, col)))
        # byte by byte: a file mixing UTF-8 and Latin-1 keeps its UTF-8 text (`// café` stays `café`)
        text = data.decode("utf-8", errors="c2t-latin1")
    # NUL bytes make libclang stop reading the unsaved buffer early; clang treats them as whitespace.
    if "\x00" in text:
        text = text.replace("\x00", " ")
    return text, diags


def _latin1_fallback(err: UnicodeDecodeError) -> tuple[str, int]:
    return err.object[err.start:err.end].decode("latin-1"), err.end


codecs.register_error("c2t-latin1", _latin1_fallback)


def split_source_lines(text: str) -> list[str]:
    """Lines as clang counts them: `\n`, `\r\n` or a lone `\r` end a line; nothing else does.

    `str.splitlines` also splits at form feed, `\x0b`, `\x1c`-`\x1e`, `\x85`, U+2028 and U+2029, which
    clang treats as ordinary characters: a `// x\fy` comment would shift every later line by one, and
    the CUDA line echoed above each emitted statement would be the wrong one."""
    lines = re.split(r"\r\n|\r|\n", text)
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def compile_db_flags(db_dir: str, path: str) -> list[str]:
    """Flags for `path` from DIR/compile_commands.json: only -I, -D, -U, -std, -include survive."""
    db_path = Path(db_dir) / "compile_commands.json"
    try:
        entries = json.loads(db_path.read_text())
    except (OSError, ValueError):
        return []
    target = os.path.realpath(path)
    for entry in entries:
        directory = entry.get("directory", ".")
        file = os.path.realpath(os.path.join(directory, entry.get("file", "")))
        if file != target:
            continue
        argv = entry.get("arguments") or shlex.split(entry.get("command", ""))
        return _keep_preprocessor_flags(argv[1:], directory)
    return []


def _keep_preprocessor_flags(argv: list[str], directory: str) -> list[str]:
    kept: list[str] = []
    i = 0
    while i < len(argv):
        arg = argv[i]
        for flag in ("-I", "-D", "-U", "-isystem"):
            if arg == flag and i + 1 < len(argv):
                value = argv[i + 1]
                i += 1
                break
            if arg.startswith(flag) and len(arg) > len(flag):
                value = arg[len(flag):]
                break
        else:
            if arg.startswith("-std=") or arg.startswith("--std="):
                kept.append("-std=" + arg.split("=", 1)[1])
            i += 1
            continue
        if flag in ("-I", "-isystem") and not os.path.isabs(value):
            value = os.path.join(directory, value)
        kept.append((flag if flag != "-isystem" else "-I") + value)
        i += 1
    return kept


def clang_args(options: FrontendOptions, path: str) -> list[str]:
    args = ["-x", "cuda", "--cuda-device-only", "--cuda-gpu-arch=sm_80", "-nocudainc", "-nocudalib",
            "-nostdinc", "-fms-extensions", "-Wno-unknown-cuda-version", f"-std={options.std}",
            # clang stops reporting after 20 errors and then stops instantiating templates: a header with
            # many host-code errors made a later `block_sum<float>` call lose its body (it came back as a
            # recovery node). With the limit off nothing is lost; errors are attributed per kernel.
            "-ferror-limit=0",
            f"-I{INCLUDE_DIR}", "-include", "cuda2tile_prelude.h",
            # threadIdx/blockIdx as plain uint3 variables (as nvcc declares them): `.x` then survives macros
            "-DCUDA2TILE_PLAIN_BUILTIN_VARS"]
    args += [f"-I{d}" for d in options.include_dirs]
    args += [f"-D{d}" for d in options.defines]
    if options.compile_commands_dir:
        args += compile_db_flags(options.compile_commands_dir, path)
    if options.use_cuda_toolkit and CUDA_TOOLKIT_INCLUDE.is_dir():
        args.append(f"-idirafter{CUDA_TOOLKIT_INCLUDE}")
    return args


def _clang_diagnostics(tu: ci.TranslationUnit, display: str, real: str,
                       headers: "_HeaderLines") -> tuple[list[Diagnostic], list[ClangError]]:
    """clang's warnings and errors as our diagnostics, each at its own file and line.

    A diagnostic inside a header is reported at the header's path (relative to the converted file's
    folder, as an `#include` names it) and quotes the header's line, never the main file's line of the
    same number. Errors are also returned with their real paths, for `build_ast` to attribute to the
    kernels whose code or declarations they lie in."""
    diags: list[Diagnostic] = []
    errors: list[ClangError] = []
    for d in tu.diagnostics:
        if d.severity < ci.Diagnostic.Warning:
            continue
        loc_file = os.path.realpath(d.location.file.name) if d.location.file else real
        if loc_file != real and loc_file.startswith(_PRELUDE_DIR):
            continue  # our prelude: not the user's concern
        line, col = d.location.line, d.location.column
        message = d.spelling
        if "file not found" in message:
            code, severity = "C2T1102", Severity.WARNING
        elif d.severity >= ci.Diagnostic.Error:
            code, severity = "C2T1101", Severity.ERROR
            errors.append(ClangError(loc_file, line, col, message))
        else:
            code, severity = "C2T1103", Severity.WARNING
        if loc_file == real:
            diags.append(Diagnostic(code, message, Location(display, line, col), severity=severity))
        else:
            diags.append(Diagnostic(code, message, Location(headers.display(loc_file), line, col), severity=severity,
                                    quote=headers.line(loc_file, line)))
    return diags, errors


class _HeaderLines:
    """Display names and source lines of the headers diagnostics point into (each read once)."""

    def __init__(self, display: str, real: str):
        self.display_dir = os.path.dirname(display)
        self.real_dir = os.path.dirname(real)
        self.lines: dict[str, list[str]] = {}

    def display(self, path: str) -> str:
        rel = os.path.relpath(path, self.real_dir)
        return path if rel.startswith("..") else os.path.join(self.display_dir, rel)

    def line(self, path: str, line: int) -> str:
        if path not in self.lines:
            try:
                with open(path, "rb") as handle:
                    text = handle.read(DEFAULT_MAX_FILE_SIZE).decode("utf-8", errors="c2t-latin1")
                self.lines[path] = split_source_lines(text)
            except OSError:
                self.lines[path] = []
        lines = self.lines[path]
        return lines[line - 1] if 1 <= line <= len(lines) else ""


def _instantiation_text(options: FrontendOptions) -> str:
    # Taking a template kernel's address instantiates it, so clang gives us the specialization's
    # body with concrete types: `auto __c2t_inst_0 = &scale<float, 4>;`.
    lines = [f"static auto __c2t_inst_{i} = &{name}<{', '.join(args)}>;"
             for i, (name, args) in enumerate(options.instantiate)]
    return ("\n" + "\n".join(lines) + "\n") if lines else ""


def parse_file(path: str, options: FrontendOptions = FrontendOptions(), display: str | None = None) -> ParsedFile:
    display = display or path
    text, diags = read_source(path, display, options.max_file_size)
    if text is None:
        return ParsedFile(display, [], None, diags)
    lines = split_source_lines(text)
    unsaved_text = text + _instantiation_text(options)
    try:  # the prelude precompiled once per flag set (prelude_pch.py): same unit, a fraction of the time
        tu = prelude_pch.parse(path, clang_args(options, path), [(path, unsaved_text)], KEEP_GOING)
    except ci.TranslationUnitLoadError as err:
        diags.append(Diagnostic("C2T1101", f"clang could not parse the file ({err})", Location(display)))
        return ParsedFile(display, lines, None, diags)
    headers = _HeaderLines(display, os.path.realpath(path))
    clang_diags, errors = _clang_diagnostics(tu, display, os.path.realpath(path), headers)
    diags += clang_diags
    unit = build_translation_unit(tu, path, display, len(lines), errors, headers.display)
    return ParsedFile(display, lines, unit, diags, _user_includes(tu))


def _user_includes(tu: ci.TranslationUnit) -> tuple[str, ...]:
    """Headers the file included, outside our prelude (the result cache hashes them)."""
    prelude = str(INCLUDE_DIR) + os.sep
    names = {os.path.abspath(inc.include.name) for inc in tu.get_includes() if inc.include is not None}
    return tuple(sorted(n for n in names if not n.startswith(prelude)))
