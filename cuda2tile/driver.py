"""The conversion of one file: parse -> lift -> emit, and the error boundary around it.

This is the error boundary of the library: a failure inside cuda2tile on one kernel becomes a
`C2T9001` diagnostic for that kernel (traceback kept only for `--debug`), and the batch goes on.
Inputs are only ever read. Many files, the cache and the worker pool are the session's
(`cuda2tile/session.py`); results are `cuda2tile/results.py`, files in and out `cuda2tile/files.py`.
"""

from __future__ import annotations

import time
import traceback
from dataclasses import dataclass

from cuda2tile.diagnostics import Diagnostic, Location, Severity
from cuda2tile.emit.module import emit_module
from cuda2tile.ir.errors import LiftError
from cuda2tile.ir.ir_names import raised_idioms
from cuda2tile.lift.lift_kernel import kernel_python_name, lift_kernel
from cuda2tile.parse import cuda_ast as A
from cuda2tile.parse.frontend import FrontendOptions, ParsedFile, parse_file
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


def convert_source(path: str, display: str, options: ConvertOptions = ConvertOptions()) -> tuple[FileResult, str | None]:
    """Convert one `.cu` file; returns the result and the module text (None when nothing was parsed)."""
    converted = convert_file(path, display, options)
    return converted.result, converted.text


def convert_file(path: str, display: str, options: ConvertOptions = ConvertOptions()) -> ConvertedFile:
    """Convert one `.cu` file, keeping its parse (`convert_source` without dropping the parsed unit)."""
    start = time.perf_counter()
    result = FileResult(display, None)
    try:
        parsed = parse_file(path, options.frontend, display)
    except Exception as err:  # the front end's own failure: one diagnostic, the batch goes on
        result.diagnostics.append(Diagnostic("C2T9001", f"internal error while parsing: {type(err).__name__}",
                                             Location(display)))
        result.internal_errors.append(traceback.format_exc())
        return ConvertedFile(result, None, None, time.perf_counter() - start)
    result, text = _convert_parsed(parsed, display, options)
    return ConvertedFile(result, text, parsed, time.perf_counter() - start)


def _convert_parsed(parsed: ParsedFile, display: str, options: ConvertOptions) -> tuple[FileResult, str | None]:
    result = FileResult(display, None)
    result.diagnostics += parsed.diagnostics
    result.source_lines = parsed.source_lines
    result.includes = parsed.includes
    if parsed.unit is None:
        return result, None
    unit = parsed.unit
    result.internal_errors += list(unit.internal_errors)
    functions = {f.name: f for f in unit.functions if not f.is_kernel}
    kernels = [f for f in unit.functions if f.is_kernel and _selected(f.name, options.kernels)]
    if not any(f.is_kernel for f in unit.functions):
        result.diagnostics.append(Diagnostic("C2T1003", "no __global__ function in this file", Location(display)))
    lifted = []
    for fn in kernels:
        if fn.is_template and any(k.name.split("<")[0] == fn.name and k.body is not None for k in kernels):
            continue  # converted through its instantiations
        kr = KernelResult(fn.name, None, "unsupported", fn.loc.line, fn.end_line)
        result.kernels.append(kr)
        errors = clang_errors_reached(fn, functions)
        if errors:
            where, message = errors[0]
            also = f" (and {len(errors) - 1} more clang error{'s' if len(errors) > 2 else ''})" if len(errors) > 1 else ""
            kr.diagnostics.append(Diagnostic("C2T1101", f"kernel '{fn.name}' is not converted: clang error at "
                                                        f"{where}: {message}{also}", fn.loc, kernel=fn.name))
            continue
        try:
            kernel = lift_kernel(fn, functions, unit.launches, raise_idioms=options.raise_idioms)
        except LiftError as err:
            loc = err.loc
            if loc.col <= 1 and 1 <= loc.line <= len(parsed.source_lines):  # passes know the line: point at its code
                text = parsed.source_lines[loc.line - 1]
                loc = Location(loc.file, loc.line, len(text) - len(text.lstrip()) + 1)
            kr.diagnostics.append(Diagnostic(err.code, f"kernel '{fn.name}' is not converted: {err.message}", loc,
                                             kernel=fn.name))
            continue
        except Exception as err:
            kr.diagnostics.append(Diagnostic("C2T9001", f"internal error while lifting '{fn.name}': "
                                                        f"{type(err).__name__}", fn.loc, kernel=fn.name))
            result.internal_errors.append(traceback.format_exc())
            continue
        kr.factory = kernel_python_name(fn)
        kr.raised = raised_idioms(kernel)
        warnings = [d for d in parsed.diagnostics if d.effective_severity is Severity.WARNING
                    and fn.loc.line <= d.loc.line <= fn.end_line]
        kr.status = "partial" if warnings else "converted"
        lifted.append((kr, kernel))
    notes = [f"{k.cuda_name} ({display}:{k.line}): not converted, {d.code}: {d.message}"
             for k in result.kernels for d in k.diagnostics if k.status == "unsupported"]
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


