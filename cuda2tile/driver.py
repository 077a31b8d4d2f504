"""The conversion of one file: parse -> lift -> emit, and the error boundary around it.

This is the error boundary of the library: a failure inside cuda2tile on one kernel becomes a
`C2T9001` diagnostic for that kernel (traceback kept only for `--debug`), and the batch goes on.
Inputs are only ever read. Many files, the cache and the worker pool are the session's
(`cuda2tile/session.py`); results are `cuda2tile/results.py`, files in and out `cuda2tile/files.py`.
"""

from __future__ import annotations

import os
import time
import traceback
from dataclasses import dataclass

from cuda2tile.diagnostics import Diagnostic, Location, Severity
from cuda2tile.emit.module import emit_module
from cuda2tile.ir.errors import LiftError
from cuda2tile.ir.ir_names import raised_idioms
from cuda2tile.lift.lift_kernel import kernel_python_name, lift_kernel
from cuda2tile.parse import cuda_ast as A
from cuda2tile.parse.frontend import (DEFAULT_TEMPLATE_TYPES, FrontendOptions, ParsedFile, parse_file,
                                      uninstantiated_templates)
from cuda2tile.parse.tree_scan import scan_text
from cuda2tile.results import FileResult, KernelResult


@dataclass(frozen=True)
class ConvertOptions:
    frontend: FrontendOptions = FrontendOptions()
    kernels: tuple[str, ...] = ()  # --kernel filters (CUDA names, with or without template arguments)
    debug: bool = False
    raise_idioms: frozenset[str] | None = None  # idioms to raise (op_coverage/idioms.py); None: every one


def _selected(name: str, filters: tuple[str, ...]) -> bool:
    return not filters or name in filters or name.split("<")[0] in filters


@dataclass
class ConvertedFile:
    """One file's conversion, with the parse it was made from, for work that needs both.

    `cuda2tile coverage` names the constructs of the same parsed unit the kernels were converted
    from (`Session.analyse`), in the worker that converted it, instead of parsing the file again."""
    result: FileResult
    text: str | None  # the module; None when nothing was parsed
    parsed: ParsedFile | None  # None when the front end itself failed (C2T9001)
    seconds: float  # wall time of the parse and the conversion


@dataclass(frozen=True)
class TreeContext:
    """Where a file sits in the run's tree (parse/tree_scan.py, planned by the session).

    `hosts`: (path, display) of the `.cu` files that include this header (at most MAX_HOSTS), parsed
    in its place so that the header's template kernels are instantiated as those files launch them
    (mmcv's `*_cuda_kernel.cuh`: `float`, `double`, `at::Half` from an `AT_DISPATCH_*` in the `.cu`);
    empty: parse the file itself.
    `converted_elsewhere`: real paths of the run's headers converted on their own (their kernels are
    not converted again with the `.cu` files that include them)."""
    hosts: tuple[tuple[str, str], ...] = ()
    converted_elsewhere: frozenset[str] = frozenset()


MAX_HOSTS = 4  # a header included everywhere is parsed with the first few of its includers


def convert_source(path: str, display: str, options: ConvertOptions = ConvertOptions(),
                   context: TreeContext = TreeContext()) -> tuple[FileResult, str | None]:
    """Convert one file; returns the result and the module text (None when nothing was parsed)."""
    converted = convert_file(path, display, options, context)
    return converted.result, converted.text


def convert_file(path: str, display: str, options: ConvertOptions = ConvertOptions(),
                 context: TreeContext = TreeContext()) -> ConvertedFile:
    """Convert one file, keeping its parse (`convert_source` without dropping the parsed unit)."""
    start = time.perf_counter()
    result = FileResult(display, None)
    try:
        more: list[ParsedFile] = []
        if len(context.hosts) == 1:
            parsed = parse_file(context.hosts[0][0], options.frontend, context.hosts[0][1], owner=(path, display),
                                converted_elsewhere=context.converted_elsewhere)
        elif context.hosts:
            parsed, more = _parse_with_hosts(path, display, options, context)
        else:
            parsed = parse_file(path, options.frontend, display, converted_elsewhere=context.converted_elsewhere)
    except Exception as err:  # the front end's own failure: one diagnostic, the batch goes on
        result.diagnostics.append(Diagnostic("C2T9001", f"internal error while parsing: {type(err).__name__}",
                                             Location(display)))
        result.internal_errors.append(traceback.format_exc())
        return ConvertedFile(result, None, None, time.perf_counter() - start)
    result, text = _convert_parsed(parsed, display, options, more)
    return ConvertedFile(result, text, parsed, time.perf_counter() - start)


def _parse_with_hosts(path: str, display: str, options: ConvertOptions, context: TreeContext
                      ) -> tuple[ParsedFile, list[ParsedFile]]:
    """A header parsed with each `.cu` that includes it: every instantiation any of them makes is
    converted; a template none of them instantiates is then instantiated by default, once."""
    parses = [parse_file(host, options.frontend, host_display, owner=(path, display),
                         converted_elsewhere=context.converted_elsewhere, defaults_for=frozenset())
              for host, host_display in context.hosts[:MAX_HOSTS]]
    units = [p.unit for p in parses if p.unit is not None]
    if not units:
        return parses[0], []
    lacking = frozenset.intersection(*(uninstantiated_templates(u) for u in units))
    if lacking:
        host, host_display = context.hosts[0]
        parses[0] = parse_file(host, options.frontend, host_display, owner=(path, display),
                               converted_elsewhere=context.converted_elsewhere, defaults_for=lacking)
    return parses[0], parses[1:]


def _convert_parsed(parsed: ParsedFile, display: str, options: ConvertOptions,
                    more: list[ParsedFile] = ()) -> tuple[FileResult, str | None]:
    result = FileResult(display, None)
    result.diagnostics += parsed.diagnostics
    result.source_lines = parsed.source_lines
    result.includes = parsed.includes
    if parsed.unit is None:
        return result, None
    unit = parsed.unit
    result.internal_errors += list(unit.internal_errors)
    # kernels with the unit they were read from (a header parsed with several includers has several);
    # each unit's device functions and launches go with its own kernels
    entries: list[tuple[A.Function, A.TranslationUnit]] = []
    for source in [unit] + [p.unit for p in more if p.unit is not None]:
        taken = {f.name for f, _ in entries}
        entries += [(f, source) for f in source.functions if f.is_kernel and _selected(f.name, options.kernels)
                    and f.name not in taken]
    device_functions = {id(u): {f.name: f for f in u.functions if not f.is_kernel} for _, u in entries}
    kernels = [f for f, _ in entries]
    if not any(f.is_kernel for f in unit.functions):
        result.diagnostics.append(Diagnostic("C2T1003", _no_kernel_message(unit), Location(display)))
    result.inventory, missed = take_inventory(parsed, unit)
    result.diagnostics += missed
    lifted = []
    for fn, source in entries:
        functions = device_functions[id(source)]
        if fn.is_template and any(k.name.split("<")[0] == fn.name and k.body is not None for k in kernels):
            continue  # converted through its instantiations
        kr = KernelResult(fn.name, None, "unsupported", fn.loc.line, fn.end_line)
        result.kernels.append(kr)
        if fn.instantiated_by_default:
            kr.diagnostics.append(Diagnostic(
                "C2T1106", f"'{fn.name}' is instantiated by cuda2tile: no launch, explicit instantiation or "
                           f"--instantiate names its template arguments in the parsed code (converted for "
                           f"{' and '.join(DEFAULT_TEMPLATE_TYPES)})", fn.loc, kernel=fn.name))
        errors = clang_errors_reached(fn, functions)
        if errors:
            where, message = errors[0]
            also = f" (and {len(errors) - 1} more clang error{'s' if len(errors) > 2 else ''})" if len(errors) > 1 else ""
            kr.diagnostics.append(Diagnostic("C2T1101", f"kernel '{fn.name}' is not converted: clang error at "
                                                        f"{where}: {message}{also}", fn.loc, kernel=fn.name))
            continue
        try:
            kernel = lift_kernel(fn, functions, source.launches, raise_idioms=options.raise_idioms)
        except LiftError as err:
            loc = err.loc
            quote = _quote(loc, parsed, display)  # a header's line (ATOMIC(Add) expands in atomics.cuh)
            lines = [quote] if quote is not None else parsed.source_lines
            index = 0 if quote is not None else loc.line - 1
            if loc.col <= 1 and 0 <= index < len(lines) and lines[index]:  # passes know the line: point at its code
                text = lines[index]
                loc = Location(loc.file, loc.line, len(text) - len(text.lstrip()) + 1)
            kr.diagnostics.append(Diagnostic(err.code, f"kernel '{fn.name}' is not converted: {err.message}", loc,
                                             kernel=fn.name, quote=quote))
            continue
        except Exception as err:
            kr.diagnostics.append(Diagnostic("C2T9001", f"internal error while lifting '{fn.name}': "
                                                        f"{type(err).__name__}", fn.loc, kernel=fn.name))
            result.internal_errors.append(traceback.format_exc())
            continue
        kr.factory = kernel_python_name(fn)
        kr.raised = raised_idioms(kernel)
        for item in kernel.left_out:
            where = Location(fn.loc.file, item.line, item.col) if item.line > 0 else fn.loc
            # printf only prints; an assertion traps, so what the conversion loses differs (stated per kind)
            consequence = ("the converted kernel prints nothing" if item.what == "printf" else
                           "TileLang cannot trap, so the converted kernel computes the same whenever the check "
                           "would pass and goes on where it would have stopped")
            kr.diagnostics.append(Diagnostic(
                "C2T1217", f"{item.what} in '{fn.name}' is not carried over: {consequence}", where, kernel=fn.name))
        # a warning inside the kernel's lines, in its own file (a header's line 5 is not the kernel's)
        warnings = [d for d in parsed.diagnostics if d.effective_severity is Severity.WARNING
                    and d.loc.file == fn.loc.file and fn.loc.line <= d.loc.line <= fn.end_line]
        kr.status = "partial" if warnings else "converted"
        lifted.append((kr, kernel))
    notes = [f"{k.cuda_name} ({display}:{k.line}): not converted, {d.code}: {d.message}"
             for k in result.kernels for d in k.diagnostics if k.status == "unsupported"]
    notes += [f"{k.cuda_name} ({display}:{d.loc.line}): {d.code}: {d.message}"
              for k in result.kernels for d in k.diagnostics if k.status != "unsupported" and d.code == "C2T1217"]
    try:
        text = emit_module([k for _, k in lifted], display, parsed.source_lines, notes)
    except Exception as err:
        for kr, _ in lifted:
            kr.status = "unsupported"
            kr.factory = None
            kr.diagnostics.append(Diagnostic("C2T9001", f"internal error while emitting: {type(err).__name__}",
                                             Location(display, kr.line, 1), kernel=kr.cuda_name))
        result.internal_errors.append(traceback.format_exc())
        text = emit_module([], display, parsed.source_lines, notes)
    return result, text


def _quote(loc: Location, parsed: ParsedFile, display: str) -> str | None:
    """The line a diagnostic located in another file than the converted one points at (a header the
    file includes), "" when that file cannot be read; None for the converted file itself, whose lines
    the report has. Locations name files as shown (`cuda/atomics.cuh`), relative to the folder the
    user named; the header is the included file whose path ends so."""
    if not loc.file or loc.file == display:
        return None
    shown = os.path.normpath(loc.file)
    for real in parsed.includes:  # absolute paths; shown relative to the folder the user named
        if real == shown or real.endswith(os.sep + shown):
            try:
                with open(real, encoding="utf-8", errors="replace") as handle:
                    for number, text in enumerate(handle, 1):
                        if number == loc.line:
                            return text.rstrip("\r\n")
            except OSError:
                pass
            return ""
    return ""


def _no_kernel_message(unit: A.TranslationUnit) -> str:
    """A `.cu` that only includes its kernels says where they are converted (mmcv's `roi_align_cuda.cu`
    launches the kernels of `roi_align_cuda_kernel.cuh`)."""
    if not unit.kernels_elsewhere:
        return "no __global__ function in this file"
    by_header: dict[str, list[str]] = {}
    for name, header in unit.kernels_elsewhere:
        by_header.setdefault(header, []).append(name)
    where = "; ".join(f"{', '.join(names)} in {header}" for header, names in sorted(by_header.items()))
    return f"no __global__ function is defined in this file; the kernels it includes are converted with " \
           f"the header that defines them: {where}"


def take_inventory(parsed: ParsedFile, unit: A.TranslationUnit) -> tuple[dict[str, int], list[Diagnostic]]:
    """Reconcile the `__global__` definitions written in the file (a lexical count, tree_scan) with
    the kernels the parser found there: a kernel in a preprocessor branch not taken gets a note,
    any other one the parser did not find a warning (C2T1009): never a silent absence."""
    written = scan_text("\n".join(parsed.source_lines)).kernels
    found_lines = {f.loc.line for f in unit.functions if f.is_kernel}
    found_names = {f.name.split("<")[0] for f in unit.functions if f.is_kernel}
    diags: list[Diagnostic] = []
    counts = {"defined": len(written), "found": 0, "not_compiled": 0, "missed": 0}  # defined = the other three
    for kernel in written:
        branch = next(((a, b) for _, a, b in parsed.skipped_lines if a <= kernel.line <= b), None)
        if kernel.line in found_lines or branch is None and kernel.name in found_names:
            counts["found"] += 1
            continue
        where = Location(parsed.path, kernel.line, 1)
        if branch is not None and kernel.name in found_names:
            # another definition of a kernel the parser found: `#if HAS_ATOMICS ... #else` stubs of the
            # same kernels (SHOC's BFS). One kernel, converted from the branch that is compiled.
            counts["found"] += 1
            diags.append(Diagnostic("C2T1011", f"this definition of kernel '{kernel.name}' is in a preprocessor "
                                               f"branch not taken (lines {branch[0]}-{branch[1]}); the kernel is "
                                               f"converted from the definition that is compiled", where))
            continue
        if branch is not None:
            counts["not_compiled"] += 1
            diags.append(Diagnostic("C2T1011", f"kernel '{kernel.name}' is in a preprocessor branch not taken "
                                               f"(lines {branch[0]}-{branch[1]}): not compiled with these flags",
                                    where))
        else:
            counts["missed"] += 1
            diags.append(Diagnostic("C2T1009", f"kernel '{kernel.name}' is defined here but the parser did not "
                                               f"find it (a macro that hides it, or code clang could not parse)",
                                    where))
    return counts, diags


def clang_errors_reached(kernel: A.Function, functions: dict[str, A.Function]) -> list[tuple[Location, str]]:
    """clang's errors in the kernel, in the `__device__` functions it calls (transitively) and in the
    declarations those use, wherever they are: any one of them means clang did not give us the code as
    written, so the kernel is refused with clang's message rather than converted from what is left."""
    found: list[tuple[Location, str]] = []
    seen: set[str] = set()
    todo = [kernel]
    while todo:
        fn = todo.pop()
        found += [e for e in fn.clang_errors if e not in found]
        for callee in [n.callee for n in A.walk(fn.body) if isinstance(n, A.Call) and n.device_function]:
            if callee not in seen and callee in functions:
                seen.add(callee)
                todo.append(functions[callee])
    return found


