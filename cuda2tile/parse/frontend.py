"""Hermetic libclang front end: read a `.cu` file, parse it, return our AST and diagnostics.

The libclang wheel ships no clang resource headers, so we parse in device-only mode against our
own prelude (`include/`), never the system's: `-nostdinc -nocudainc` plus `-I<include>` and
`-include cuda2tile_prelude.h`. Users' flags (`-I`, `-D`, `--std`, a compile_commands.json) are
honoured the way clang tools do. Nothing in the input file is ever written.
"""

from __future__ import annotations

import codecs
import ctypes
import json
import os
import re
import shlex
import stat
from dataclasses import dataclass, field, replace
from pathlib import Path

import clang.cindex as ci

from cuda2tile.defaults import DEFAULT_MAX_FILE_SIZE
from cuda2tile.diagnostics import Diagnostic, Location, Severity
from cuda2tile.parse import cuda_ast as A, prelude_pch
from cuda2tile.parse.build_ast import ClangError, build_translation_unit, range_probe_text

INCLUDE_DIR = Path(__file__).parent / "include"
KEEP_GOING = 0x200  # CXTranslationUnit_KeepGoing: a missing #include must not stop the parse
DETAILED_PREPROCESSING_RECORD = 0x01  # keeps the skipped preprocessor branches (the kernel inventory)
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
    # folders of the project holding headers its files include (parse/tree_scan.py), searched after
    # every other include path, so that `-I`, `-p` and our headers win over a guess
    discovered_include_dirs: tuple[str, ...] = ()


@dataclass
class ParsedFile:
    path: str
    source_lines: list[str]
    unit: A.TranslationUnit | None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    includes: tuple[str, ...] = ()  # absolute paths of the user headers clang read (not our prelude)
    skipped_lines: tuple[tuple[str, int, int], ...] = ()  # preprocessor branches not taken in the file


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
            # nvcc accepts `register` in C++17 (a deprecation warning); clang makes it an error, which
            # refused every kernel of SHOC's MaxFlops. It has no meaning to translate either way.
            "-Wno-register",
            f"-I{INCLUDE_DIR}", "-include", "cuda2tile_prelude.h",
            # threadIdx/blockIdx as plain uint3 variables (as nvcc declares them): `.x` then survives macros
            "-DCUDA2TILE_PLAIN_BUILTIN_VARS"]
    args += [f"-I{d}" for d in options.include_dirs]
    args += [f"-D{d}" for d in options.defines]
    if options.compile_commands_dir:
        args += compile_db_flags(options.compile_commands_dir, path)
    if options.use_cuda_toolkit and CUDA_TOOLKIT_INCLUDE.is_dir():
        args.append(f"-idirafter{CUDA_TOOLKIT_INCLUDE}")
    args += [f"-idirafter{d}" for d in options.discovered_include_dirs]
    return args


def _clang_diagnostics(tu: ci.TranslationUnit, display: str, real: str, headers: "_HeaderLines",
                       probes_from: int | None = None) -> tuple[list[Diagnostic], list[ClangError]]:
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
        if probes_from is not None and loc_file == real and line >= probes_from:
            continue  # a range probe's (build_ast.range_probe_text)
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
        lines = self.lines_of(path)
        return lines[line - 1] if 1 <= line <= len(lines) else ""

    def lines_of(self, path: str) -> list[str]:
        if path not in self.lines:
            try:
                with open(path, "rb") as handle:
                    text = handle.read(DEFAULT_MAX_FILE_SIZE).decode("utf-8", errors="c2t-latin1")
                self.lines[path] = split_source_lines(text)
            except OSError:
                self.lines[path] = []
        return self.lines[path]


def _instantiation_text(requests: tuple[tuple[str, tuple[str, ...]], ...]) -> str:
    # Taking a template kernel's address instantiates it, so clang gives us the specialization's
    # body with concrete types: `auto __c2t_inst_0 = &scale<float, 4>;`.
    lines = [f"static auto __c2t_inst_{i} = &{name}<{', '.join(args)}>;" for i, (name, args) in enumerate(requests)]
    return ("\n" + "\n".join(lines) + "\n") if lines else ""


# A template kernel nothing instantiates (caffe's are instantiated by a macro of explicit member
# instantiations that libclang does not expose; a library header's may be instantiated by its users)
# is converted for these types, in this order, with a note, rather than skipped.
DEFAULT_TEMPLATE_TYPES = ("float", "double")


def parse_file(path: str, options: FrontendOptions = FrontendOptions(), display: str | None = None, *,
               owner: tuple[str, str] | None = None,
               converted_elsewhere: frozenset[str] = frozenset(),
               defaults_for: frozenset[str] | None = None) -> ParsedFile:
    """Parse `path` and build our AST of its kernels.

    `owner`: (path, display) of a header included by `path` whose kernels are wanted instead of the
    file's own (the header is parsed in the context of a `.cu` that includes it); the result's source
    lines and diagnostics are then the header's. `converted_elsewhere`: real paths of headers whose
    kernels are converted on their own in this run (build_translation_unit). `defaults_for`: the
    template kernels (by name) that may be instantiated for DEFAULT_TEMPLATE_TYPES when the parse
    instantiates them with nothing; None: any of them."""
    display = display or path
    text, diags = read_source(path, display, options.max_file_size)
    if text is None:
        return ParsedFile(owner[1] if owner else display, [], None, diags)
    requests = options.instantiate
    read_diags = list(diags)  # each parse adds clang's to its own copy
    parsed = _parse(path, display, text, requests, options, owner, converted_elsewhere, list(read_diags))
    if parsed.unit is None:
        return parsed
    defaults = _default_instantiations(parsed.unit, requests, defaults_for)
    # range-based fors over class templates: a parse with a probe of each range type (`probed`: those
    # the parse `parsed` came from had); the parse for the default instantiations carries the first
    # parse's probes, so that a file needing both is parsed twice, not three times
    probed: tuple[str, ...] = ()
    if defaults:
        again = _parse(path, display, text, requests + defaults, options, owner, converted_elsewhere,
                       list(read_diags), probes=parsed.unit.range_probes)
        if again.unit is not None:
            parsed, probed = _marked_defaults(again, defaults), parsed.unit.range_probes
        else:
            defaults = ()
    if parsed.unit.range_probes:  # types no probe has named yet (those of default instantiations too)
        again = _parse(path, display, text, requests + defaults, options, owner, converted_elsewhere,
                       list(read_diags), probes=probed + parsed.unit.range_probes)
        if again.unit is not None:
            parsed = _marked_defaults(again, defaults)
    return parsed


def _marked_defaults(parsed: ParsedFile, defaults) -> ParsedFile:
    """The kernels instantiated by `defaults` marked so (their note says the types were guessed)."""
    if not defaults:
        return parsed
    named = {name for name, _ in defaults}
    functions = tuple(replace(f, instantiated_by_default=True)
                      if f.is_kernel and f.template_args and _base_name(f) in named else f
                      for f in parsed.unit.functions)
    return replace(parsed, unit=replace(parsed.unit, functions=functions))


def _base_name(fn: A.Function) -> str:
    return fn.qualified_name or fn.name.split("<")[0]


def uninstantiated_templates(unit: A.TranslationUnit) -> frozenset[str]:
    """Names of the unit's template kernels that no instantiation of the parse gives a body."""
    instantiated = {f.name.split("<")[0] for f in unit.functions if f.is_kernel and f.template_args}
    return frozenset(f.name for f in unit.functions if f.is_kernel and f.is_template and f.name not in instantiated)


def _default_instantiations(unit: A.TranslationUnit, requests, only: frozenset[str] | None = None
                            ) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """`(k, ("float",))`, `(k, ("double",))` for each template kernel of the unit that nothing
    instantiates and whose parameters are all types (a value parameter has no default to guess)."""
    lacking = uninstantiated_templates(unit)
    requested = {name.split("::")[-1] for name, _ in requests}
    out = []
    for fn in unit.functions:
        if not (fn.is_kernel and fn.is_template) or fn.name not in lacking or fn.name in requested:
            continue
        if only is not None and fn.name not in only:
            continue
        if not fn.qualified_name or not fn.template_parameters or set(fn.template_parameters) != {"type"}:
            continue
        for scalar in DEFAULT_TEMPLATE_TYPES:
            out.append((fn.qualified_name, tuple(scalar for _ in fn.template_parameters)))
    return tuple(out)


def _parse(path: str, display: str, text: str, requests, options: FrontendOptions,
           owner: tuple[str, str] | None, converted_elsewhere: frozenset[str],
           diags: list[Diagnostic], probes: tuple[str, ...] = ()) -> ParsedFile:
    lines = split_source_lines(text)
    unsaved_text = text + _instantiation_text(requests)
    # the probes' own errors (a range type private to its class cannot be named there) are not the
    # user's: the loop they were for stays refused with its own reason
    probes_from = unsaved_text.count("\n") + 2 if probes else None
    unsaved_text += range_probe_text(probes)
    try:  # the prelude precompiled once per flag set (prelude_pch.py): same unit, a fraction of the time
        tu = prelude_pch.parse(path, clang_args(options, path), [(path, unsaved_text)],
                               KEEP_GOING | DETAILED_PREPROCESSING_RECORD)
    except ci.TranslationUnitLoadError as err:
        diags.append(Diagnostic("C2T1101", f"clang could not parse the file ({err})", Location(display)))
        return ParsedFile(display, lines, None, diags)
    real = os.path.realpath(path)
    headers = _HeaderLines(display, real)
    clang_diags, errors = _clang_diagnostics(tu, display, real, headers, probes_from)
    skipped = _skipped_ranges(tu)
    if owner is None:
        diags += clang_diags
        unit = build_translation_unit(tu, path, display, len(lines), errors, headers.display,
                                      converted_elsewhere=converted_elsewhere)
        return ParsedFile(display, lines, unit, diags, _user_includes(tu),
                          skipped_lines=tuple(r for r in skipped if r[0] == real))
    owner_path, owner_display = owner
    owner_real = os.path.realpath(owner_path)
    shown = headers.display(owner_real)
    # the header's own diagnostics, shown at its display name (the includer's are the includer's)
    diags += [replace(d, loc=replace(d.loc, file=owner_display)) for d in clang_diags if d.loc.file == shown]
    owner_lines = headers.lines_of(owner_real)
    unit = build_translation_unit(tu, owner_path, owner_display, len(owner_lines), errors,
                                  headers.display, parsed_path=path, converted_elsewhere=converted_elsewhere)
    return ParsedFile(owner_display, owner_lines, unit, diags, _user_includes(tu) + (real,),
                      skipped_lines=tuple(r for r in skipped if r[0] == owner_real))


def _skipped_ranges(tu: ci.TranslationUnit) -> tuple[tuple[str, int, int], ...]:
    """(real path, first line, last line) of each preprocessor branch clang skipped (`#if 0`,
    `#ifdef __HIP__`...): a kernel defined there is not compiled in this configuration, and the
    inventory says so instead of calling it missed."""
    result = _lib().clang_getAllSkippedRanges(tu)
    if not result:
        return ()
    try:
        ranges = []
        for i in range(result.contents.count):
            r = result.contents.ranges[i]
            if r.start.file is not None:
                ranges.append((os.path.realpath(r.start.file.name), r.start.line, r.end.line))
        return tuple(ranges)
    finally:
        _lib().clang_disposeSourceRangeList(result)


class _SkippedRanges(ctypes.Structure):
    _fields_ = [("count", ctypes.c_uint), ("ranges", ctypes.POINTER(ci.SourceRange))]


def _lib():
    lib = ci.conf.lib
    if not getattr(lib, "_c2t_skipped_ranges", False):
        lib.clang_getAllSkippedRanges.argtypes = [ci.TranslationUnit]
        lib.clang_getAllSkippedRanges.restype = ctypes.POINTER(_SkippedRanges)
        lib.clang_disposeSourceRangeList.argtypes = [ctypes.POINTER(_SkippedRanges)]
        lib._c2t_skipped_ranges = True
    return lib


def _user_includes(tu: ci.TranslationUnit) -> tuple[str, ...]:
    """Headers the file included, outside our prelude (the result cache hashes them)."""
    prelude = str(INCLUDE_DIR) + os.sep
    names = {os.path.abspath(inc.include.name) for inc in tu.get_includes() if inc.include is not None}
    return tuple(sorted(n for n in names if not n.startswith(prelude)))
