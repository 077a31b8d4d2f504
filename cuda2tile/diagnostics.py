"""Diagnostics: one table of stable codes, one message format, clang-style rendering.

Every problem cuda2tile reports to a user is a `Diagnostic` whose code comes from `CODES`.
Codes are never reused once retired (SYCLomatic's rule): add new ones at the end of a range.
Ranges: 1xxx input and front end, 12xx lift (unsupported CUDA), 13xx launch specs, 14xx `check`,
15xx the install (a missing extra), 16xx PyTorch extensions (host code lifted
to Python), 17xx parity (the original against its conversion), 9xxx internal.
`docs/diagnostics.md` is generated from this table (`python -m cuda2tile.docs`), and a test
fails when the two drift apart.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Severity(enum.Enum):
    NOTE = "note"
    WARNING = "warning"
    ERROR = "error"


@dataclass(frozen=True, slots=True)
class DiagCode:
    code: str
    severity: Severity
    title: str
    effort: str  # what a user must do by hand: "none", "low", "medium", "high"
    explanation: str


def _code(code: str, severity: Severity, title: str, effort: str, explanation: str) -> DiagCode:
    return DiagCode(code=code, severity=severity, title=title, effort=effort, explanation=explanation)


E, W, N = Severity.ERROR, Severity.WARNING, Severity.NOTE

CODES: dict[str, DiagCode] = {d.code: d for d in (
    _code("C2T1001", E, "cannot read input file", "low",
          "The file could not be opened or read (permissions, vanished during the run, a directory loop). "
          "It is skipped; the rest of the batch goes on."),
    _code("C2T1002", W, "input is not valid UTF-8", "none",
          "Bytes that are not valid UTF-8 were decoded as Latin-1 for parsing; valid UTF-8 in the same file "
          "keeps its meaning. Identifiers are unaffected; string literals may differ. The input file itself is "
          "never modified."),
    _code("C2T1003", N, "no kernels found", "none",
          "The file holds no `__global__` function; its module is still written, with an empty `KERNELS` table, "
          "so the output tree mirrors the input tree."),
    _code("C2T1004", E, "file is too large", "medium",
          "Files above the size limit (`--max-file-size`, default 16 MiB) are skipped to bound memory."),
    _code("C2T1005", E, "cannot write output file", "low",
          "The converted module could not be written: the file system refused it, or its path would leave the "
          "output directory (e.g. through a symlink inside OUT that points elsewhere). Nothing is written outside "
          "OUT, no partial or temporary file is left behind, and the rest of the batch goes on."),
    _code("C2T1006", N, "directory not scanned", "none",
          "A directory under a source tree was skipped: it is the output directory (`-o` inside the input tree), "
          "or a symlink that leads back to a directory already scanned (a loop such as `loop -> ..`)."),
    _code("C2T1007", E, "nothing to convert", "low",
          "The inputs hold no `.cu` file: an empty directory, a tree of other files, or only paths that could not "
          "be read. The command did nothing and exits non-zero (`coverage` reports no percentage for 0 of 0). "
          "Check the path; cuda2tile reads `.cu` files only (headers are read through the files that include them)."),
    _code("C2T1008", E, "no kernel of that name", "low",
          "A `--kernel NAME` matched no `__global__` function of the inputs (a kernel is named as in CUDA, with or "
          "without its template arguments). The message lists the closest names that exist; the command exits "
          "non-zero."),
    _code("C2T1009", W, "kernel not found by the parser", "medium",
          "The file defines this `__global__` function (a lexical count of its definitions) but clang's parse "
          "holds no such kernel: a macro that hides or renames it, or code clang could not parse around it. It "
          "is counted as not converted, so that nothing disappears from the totals."),
    _code("C2T1011", N, "kernel in a preprocessor branch not taken", "none",
          "The kernel is defined inside `#if`/`#ifdef` code that the preprocessor skipped with the flags of this "
          "run (e.g. `#ifdef USE_ROCM`, `#if __CUDA_ARCH__ < 600`): it is not compiled, so it is not converted. "
          "Pass the `-D` the build passes to convert that variant. A definition of a kernel that is also defined in "
          "the compiled branch (`#if HAS_ATOMICS ... #else` stubs) is counted as found: it is the same kernel."),
    _code("C2T1101", E, "CUDA parse error", "medium",
          "clang reported an error in the source, at the file and line where it is (a header's own line for an "
          "error in a header). A kernel is not converted when an error lies in its body, in a `__device__` "
          "function it calls, or in a declaration it uses (a typedef, a type, a global variable), wherever that "
          "is; its diagnostic quotes clang's message. Errors in host code no kernel uses cost nothing: clang's "
          "error limit is off, so nothing after them is lost."),
    _code("C2T1102", W, "header not found", "low",
          "An `#include` could not be resolved. cuda2tile ships stand-ins for the CUDA and C headers kernels "
          "usually include; pass `-I DIR` (or `-p DIR` with a compile_commands.json) for project headers."),
    _code("C2T1103", W, "clang warning", "none", "A warning reported by clang while parsing."),
    _code("C2T1104", W, "nesting too deep", "medium",
          "An expression or statement nests more deeply than cuda2tile translates (256 levels of expressions, "
          "128 of statements, e.g. `a+a+...+a` with thousands of terms from a macro). The kernel is reported "
          "`unsupported` at the line where the limit is reached; split the expression with temporaries."),
    _code("C2T1105", W, "code clang could not resolve", "medium",
          "Device code holds an expression clang kept only for error recovery (a call it could not resolve, an "
          "invalid declaration, a type it could not determine). Such a node has no meaning to translate, so "
          "the kernel is refused at its line instead of being converted without it. It comes with a clang "
          "error (C2T1101) that says what to fix, usually a missing header or declaration."),
    _code("C2T1106", N, "template kernel instantiated by default", "low",
          "No launch, explicit instantiation, `--instantiate` or launch spec in the parsed code gives this template "
          "kernel's arguments (caffe instantiates its kernels through a macro of explicit member instantiations "
          "that the parser does not expose), so it is converted for `float` and for `double`. Check that these are "
          "the types the project uses; give `--instantiate 'k<T>'` for others."),
    _code("C2T1201", W, "unsupported statement", "high",
          "The kernel contains a statement kind that the lift does not translate (e.g. `goto`, `switch`, "
          "`asm`). The kernel is reported `unsupported` and skipped; other kernels still convert."),
    _code("C2T1202", W, "unsupported expression", "high",
          "An expression form the lift does not translate (e.g. function pointers, `sizeof` of an expression, "
          "assignments used as values, a cast to a reference of another type such as `(int&)f`), or an "
          "expression statement whose effects could be lost (`f() + g();`: write each call as its own "
          "statement)."),
    _code("C2T1203", W, "unsupported CUDA function", "medium",
          "A call to a CUDA or library function with no TileLang mapping in `op_coverage/`."),
    _code("C2T1204", W, "cooperative construct not lifted yet", "high",
          "A block- or grid-level construct the lift does not translate yet: "
          "`__syncthreads_count/and/or`, cooperative groups, `__shared__` memory or barriers inside "
          "`__device__` functions, `__constant__` and other global variables, `static` local variables (one "
          "object for the whole grid), calls of member functions."),
    _code("C2T1205", W, "unsupported atomic operation", "medium",
          "The atomic has no TileLang operation (e.g. `atomicCAS`, `atomicExch`) or is used on a form the "
          "lift does not translate."),
    _code("C2T1206", W, "return inside a loop", "medium",
          "A `return` nested in a loop that the rewrite into a flag and `break` "
          "(cuda2tile/lift/returns_in_loops.py) did not reach; since that rewrite, an internal error to report."),
    _code("C2T1207", W, "unsupported type", "medium",
          "A parameter, variable or value of a type cuda2tile cannot map to a TileLang dtype (structs, "
          "pointers to pointers, `__nv_bfloat16` values on the C back end, ...)."),
    _code("C2T1208", W, "template kernel without instantiation", "low",
          "A template `__global__` function that is never launched with explicit template arguments in the "
          "file. Launch it (`k<float><<<...>>>`) or give `template = [...]` in a launch spec."),
    _code("C2T1209", W, "recursive device function", "high", "Recursion cannot be inlined into a tile program."),
    _code("C2T1210", W, "pointer with unknown base", "medium",
          "A local pointer whose target buffer is not statically known (e.g. chosen by a runtime condition)."),
    _code("C2T1211", W, "dynamic parallelism", "high", "Kernel launches from device code are not translated."),
    _code("C2T1212", W, "unsupported loop form", "medium",
          "A `for` loop that `continue`s while its step cannot be kept in a TileLang `T.serial`."),
    _code("C2T1213", W, "write to a const or read-only value", "low", "The kernel writes through a const pointer."),
    _code("C2T1214", W, "barrier under thread-dependent control", "high",
          "`__syncthreads()` inside a branch or loop whose condition differs between the threads of a block "
          "is undefined behaviour in CUDA; cuda2tile refuses to guess. Make the control block-uniform. "
          "Stride loops are the exception that converts: a loop from `base + threadIdx.x` (base the same in "
          "every thread) up to a bound, advanced by a step of blockDim, gridDim and constants, such as "
          "`for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)`, runs its "
          "trips at the block level (launches must give every thread of a block the same number of trips, as "
          "CUDA requires)."),
    _code("C2T1215", W, "partial-warp mask", "medium",
          "Warp shuffles, votes and `__syncwarp` are lifted for full masks (0xffffffff or `__activemask()`) only."),
    _code("C2T1216", W, "warp exchange in an unsupported position", "medium",
          "A warp shuffle or vote inside a loop condition, or under control flow that differs between the "
          "threads of a block in a way the phase split cannot keep (e.g. a thread-dependent loop); or a "
          "`__device__` function that synchronises or goes through a `volatile` pointer, called inside a "
          "larger expression (call it as a statement of its own: it is inlined into the kernel); a "
          "`__device__` function called where C may skip it (a branch of `?:`, right of `&&`/`||`) whose "
          "body stores, reads memory, divides, loops or synchronises, or whose arguments hold an atomic "
          "(TileLang evaluates a helper's arguments before the whole expression)."),
    _code("C2T1217", N, "device assertion or printf not carried over", "low",
          "`assert(c)`, `CUDA_KERNEL_ASSERT(c)` and `printf` in device code have no counterpart on TileLang's C "
          "back end (no trap, no stdio), so the conversion leaves them out and says so at their line. Whenever "
          "no assertion fails, the conversion computes what the original computes; where one would fail, the "
          "original stops the launch (`cudaErrorAssert`) and the conversion runs on. An assertion or `printf` "
          "whose arguments have effects (`assert(atomicAdd(p, 1) < n)`) is refused instead (C2T1202)."),
    _code("C2T1218", W, "value the code generator would copy, in a loop condition", "low",
          "A bit cast (`__float_as_uint`, `__int_as_float`, ...) or `__saturatef` of a variable or array element "
          "that the loop writes, inside a `while` condition. TileLang's code generators copy such an operand "
          "into a C variable and reuse the copy wherever the same text comes back in that scope, even after a "
          "store (passes/pin_copied_reads.py); elsewhere cuda2tile reads the value into a let first, which a "
          "loop condition cannot take. Compute the value into a variable before the loop and at the end of its "
          "body, and test the variable."),
    _code("C2T1401", E, 'target lowering failed', "medium",
          "`cuda2tile check`: TileLang could not build or lower the converted kernel for this target. The message is TileLang's; the location is the CUDA line of the statement the failure was traced to (else the kernel). Every other target is still checked and reported on its own."),
    _code("C2T1402", E, 'target compiler rejected the generated code', "medium",
          "`cuda2tile check`: TileLang lowered the kernel, but the target's own compiler rejected the source it generated: nvcc for `cuda:*`, the C++ compiler for `c`, the WGSL validator for `webgpu` (when the optional `wgpu` package and a Vulkan driver are installed). The compiler's first error is quoted."),
    _code("C2T1403", E, 'C back end run failed', "medium",
          "`cuda2tile check`: the kernel built for TileLang's C back end but failed when called once on the inputs of its launch spec (`<stem>.toml`)."),
    _code("C2T1404", E, 'construct not available on target', "medium",
          '`cuda2tile check`: the kernel uses a dtype, intrinsic, argument type or launch shape that this target lacks (e.g. `double` on Metal and WebGPU, 64-bit integers or `blockIdx.z` on WebGPU, a C library function called by name on Metal or WebGPU). `docs/portability.md` lists each one with its portable spelling where one exists; the other targets are unaffected.'),
    _code("C2T1301", E, "invalid launch spec", "low", "A launch-spec TOML file is malformed or inconsistent."),
    _code("C2T1501", E, "the run extra is not installed", "none",
          "`verify`, `parity`, `check`, `tune` and `coverage --parity` build and run kernels with TileLang (and "
          "torch), which a light install (`pip install cuda2tile`: convert, coverage, history, dashboard) lacks. "
          "The command stops before doing any work and exits non-zero; install the extra with "
          "`pip install 'cuda2tile[run]'` (`pip install '.[run]'` in a checkout)."),
    _code("C2T1601", W, "host code not lifted", "medium",
          "A PyTorch extension's host function uses a construct the lift to Python does not translate (a lambda "
          "such as `AT_DISPATCH_*`'s, a pointer read on the host, a struct member, `continue`, a declaration of a "
          "type it does not model). The function is not written, nor are the operators or module functions it "
          "implements for that dispatch key; the message names the construct and its line (docs/pytorch.md)."),
    _code("C2T1602", W, "ATen call with no torch mapping", "low",
          "A PyTorch extension's host function calls an ATen/c10 function, a `Tensor` method or a constant that "
          "`op_coverage/aten.py` does not map to `torch` (or not with this number of arguments). The function is "
          "not lifted rather than guessed; add the mapping to `op_coverage/aten.py`."),
    _code("C2T1603", W, "launched kernel not converted", "medium",
          "A PyTorch extension's host function launches a kernel whose conversion is not `converted` (partial, "
          "unsupported, or not found among the kernels `convert` wrote). The host function, and the operators it "
          "implements, are left out; the kernel's own diagnostics say why it did not convert."),
    _code("C2T1604", W, "dispatch key not converted", "medium",
          "An operator's implementation is registered for a dispatch key other than CPU, CUDA or the composite "
          "keys (e.g. Autograd, a custom `torch::autograd::Function` in C++): it is not registered by the "
          "generated module. Register it from Python (`torch.library.register_autograd`)."),
    _code("C2T1605", N, "CPU implementation replaced by the converted kernels", "none",
          "The operator's CPU implementation (host C++ such as a loop over `data_ptr`) is replaced by its CUDA "
          "implementation lifted to Python, which runs the converted TileLang kernels on CPU tensors through "
          "TileLang's C back end. Results agree with the CUDA path, not necessarily bit for bit with the C++ "
          "loop."),
    _code("C2T1606", N, "fake implementation left to the package", "none",
          "The package's own Python registers this operator's fake (meta) implementation "
          "(`torch.library.register_fake`), so the generated module does not register the one it derives from "
          "the host code's allocations."),
    _code("C2T1607", W, "operator with no lifted implementation", "medium",
          "An operator the C++ defines (`TORCH_LIBRARY`) has no implementation that lifted (see the diagnostics "
          "of its functions): it is still defined with its schema, and calling it raises PyTorch's own error "
          "for an operator with no kernel for the tensors' device."),
    _code("C2T1608", W, "extension module not found", "low",
          "The tree registers PyTorch operators or a pybind11 module, but neither its `setup.py` "
          "(`CUDAExtension(\"pkg._C\", ...)`, `CppExtension`, `load(name=...)`) nor an import in its Python "
          "(`from . import _C` in a package without `_C.py`) names the compiled module, so no package is written."),
    _code("C2T1609", E, "library stand-in not built", "low",
          "The package loads its compiled extension with `torch.ops.load_library` (a shared library whose loading "
          "registers the operators), so the drop-in writes small shared libraries under those names that import "
          "the generated module; building them needs a C compiler (`CC`, or cc, gcc or clang on PATH), and none "
          "worked. The message has the compiler's error. The generated module is written; the package's import "
          "fails until the stand-ins are built (the command is in `_cuda2tile_loader.c`)."),
    _code("C2T1701", E, "conversion differs from the original", "medium",
          "`coverage --parity` (and `cuda2tile parity`) ran the original CUDA kernel and its TileLang conversion on "
          "the same inputs from the launch spec and they disagree: an output buffer differs beyond the tolerance, "
          "or a side could not build or run (the original's compile error, a crash, a timeout). The message names "
          "the buffer, its worst element and the errors (docs/parity.md). A kernel without a launch spec is `not "
          "checked`, never this."),
    _code("C2T9001", E, "internal error", "none",
          "cuda2tile failed on this kernel. The kernel is reported `unsupported`; please report the input. "
          "Run with `--debug` to see the internal traceback."),
)}


@dataclass(frozen=True, slots=True)
class Location:
    file: str
    line: int = 0
    col: int = 0

    def __str__(self) -> str:
        if self.line <= 0:
            return self.file
        return f"{self.file}:{self.line}:{self.col}"


@dataclass(frozen=True, slots=True)
class Diagnostic:
    code: str
    message: str
    loc: Location
    kernel: str | None = None
    severity: Severity | None = None  # overrides the code's default (clang's own severities)
    # The source line to quote when the location is not in the file being converted (a header's
    # error is shown with the header's line, `inc/util.h:5:1`, never the main file's line 5).
    quote: str | None = None

    @property
    def effective_severity(self) -> Severity:
        return self.severity or CODES[self.code].severity

    def to_json(self) -> dict:
        return {
            "code": self.code,
            "severity": self.effective_severity.value,
            "message": self.message,
            "file": self.loc.file,
            "line": self.loc.line,
            "col": self.loc.col,
            "kernel": self.kernel,
        }


def render(diag: Diagnostic, source_lines: list[str] | None = None) -> str:
    """Format like clang: `file:line:col: warning: C2T1203: message`, then the line and a caret.

    `source_lines` are the lines of the converted file; a diagnostic located in another file (a
    header) carries its own line in `quote` ("" when it could not be read: no quote at all)."""
    head = f"{diag.loc}: {diag.effective_severity.value}: {diag.code}: {diag.message}"
    if diag.quote is not None:
        text = diag.quote
    elif not source_lines or not (1 <= diag.loc.line <= len(source_lines)):
        return head
    else:
        text = source_lines[diag.loc.line - 1]
    if not text or diag.loc.line <= 0:
        return head
    text = text.rstrip("\r\n").replace("\t", " ")
    caret = " " * max(diag.loc.col - 1, 0) + "^"
    return f"{head}\n{text}\n{caret}"
