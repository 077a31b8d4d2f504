"""Diagnostic codes of `cuda2tile check`, and TileLang's messages mapped onto them.

The codes live in the C2T14xx range. They are referenced here by string; their entries for
`cuda2tile/diagnostics.py` are `PROPOSED_ENTRIES` below (until they are added there, check
passes an explicit severity so rendering does not depend on the table).

`classify` turns one failure (target, stage, TileLang's message) into a code, a one-line message
and, where the failure names a construct (a dtype, an op, a C function called by name, a 3-D
grid), that construct, so the caller can find the statement that uses it and its CUDA line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

LOWERING_FAILED = "C2T1401"
COMPILE_FAILED = "C2T1402"
RUN_FAILED = "C2T1403"
NOT_AVAILABLE = "C2T1404"

# (code, severity, title, effort, explanation): the `_code(...)` entries for cuda2tile/diagnostics.py
PROPOSED_ENTRIES = (
    ("C2T1401", "E", "target lowering failed", "medium",
     "`cuda2tile check`: TileLang could not build or lower the converted kernel for this target. The "
     "message is TileLang's; the location is the CUDA line of the statement the failure was traced to "
     "(else the kernel). Every other target is still checked and reported on its own."),
    ("C2T1402", "E", "target compiler rejected the generated code", "medium",
     "`cuda2tile check`: TileLang lowered the kernel, but the target's own compiler rejected the source it "
     "generated: nvcc for `cuda:*`, the C++ compiler for `c`, the WGSL validator for `webgpu` (when the "
     "optional `wgpu` package and a Vulkan driver are installed). The compiler's first error is quoted."),
    ("C2T1403", "E", "C back end run failed", "medium",
     "`cuda2tile check`: the kernel built for TileLang's C back end but failed when called once on the "
     "inputs of its launch spec (`<stem>.toml`)."),
    ("C2T1404", "E", "construct not available on target", "medium",
     "`cuda2tile check`: the kernel uses a dtype, intrinsic, argument type or launch shape that this target "
     "lacks (e.g. `double` on Metal and WebGPU, 64-bit integers or `blockIdx.z` on WebGPU, a C library "
     "function called by name on Metal or WebGPU). `docs/portability.md` lists each one with its portable "
     "spelling where one exists; the other targets are unaffected."),
)
SEVERITY = {code: "error" for code, *_ in PROPOSED_ENTRIES}


@dataclass(frozen=True)
class Construct:
    """Something a target lacks, named so it can be found in the kernel's IR."""

    kind: str  # dtype | op | extern | grid_z | scalar_arg | import_source | dyn_shared
    arg: str  # "float64", "tirx.fabs", "fabsf", "bool", ""

    def describe(self, target: str) -> str:
        if self.kind == "dtype":
            what = _DTYPE_WORDS.get(self.arg, f"dtype {self.arg}")
            return f"{what} is not available on {target}"
        if self.kind == "op":
            return f"TileLang op `{self.arg}` has no lowering for {target}"
        if self.kind == "extern":
            return f"`{self.arg}` (a C function called by name) does not exist on {target}"
        if self.kind == "grid_z":
            return f"a 3-D grid (blockIdx.z) is not available on {target}"
        if self.kind == "scalar_arg":
            return f"a `{self.arg}` scalar argument is not available on {target}"
        if self.kind == "import_source":
            return f"C/C++ helper text (T.import_source) cannot be compiled on {target}"
        if self.kind == "dyn_shared":
            return f"more than one dynamic shared-memory buffer is not available on {target}"
        return f"{self.kind} {self.arg} is not available on {target}"

    def to_json(self) -> dict:
        return {"kind": self.kind, "arg": self.arg}


_DTYPE_WORDS = {
    "float64": "float64 (CUDA `double`)",
    "int64": "64-bit integers (CUDA `long long`, `size_t`, 64-bit indexing)",
    "uint64": "64-bit integers (CUDA `unsigned long long`)",
    "uint8": "8-bit buffers (CUDA `unsigned char`, `bool` arrays carried as uint8)",
    "int8": "8-bit buffers (CUDA `char`)",
    "int16": "16-bit integer buffers",
    "uint16": "16-bit integer buffers",
    "bfloat16": "bfloat16",
    "uint32": "uint32 arguments",
    "float16": "float16",
}
_WGSL_TYPES = {"u8": "uint8", "i8": "int8", "u16": "uint16", "i16": "int16", "i64": "int64", "u64": "uint64",
               "f64": "float64"}

# (pattern, construct builder); the first match wins
_PATTERNS: tuple[tuple[re.Pattern, object], ...] = (
    (re.compile(r"Cannot convert type (\w+) to Metal type"), lambda m: Construct("dtype", m[1])),
    (re.compile(r"CodeGenWebGPU: only support f16 or f32"), lambda m: Construct("dtype", "float64")),
    (re.compile(r"CodeGenWebGPU: do not support i64"), lambda m: Construct("dtype", "int64")),
    (re.compile(r"blockIdx\.z is not supported"), lambda m: Construct("grid_z", "")),
    (re.compile(r"Do not support pod argument type (\w+)"), lambda m: Construct("scalar_arg", m[1])),
    (re.compile(r'Unresolved call .*?name="([\w.]+)"'), lambda m: Construct("op", m[1])),
    (re.compile(r"no (\w+) implementation is registered"), lambda m: Construct("op", f"tl.{m[1]}")),
    (re.compile(r"CPU (fill|reduce) only supports"), lambda m: Construct("op", f"tl.{m[1]}")),
    (re.compile(r"Only one dynamic shared memory allocation is allowed"), lambda m: Construct("dyn_shared", "")),
    (re.compile(r"Cannot convert type (\w+) to C type"), lambda m: Construct("dtype", m[1])),
    (re.compile(r"Unsupported dtype (\w+)"), lambda m: Construct("dtype", m[1])),
    (re.compile(r"undefined symbol: (\w+)"), lambda m: Construct("extern", m[1])),
    (re.compile(r"`(\w+)` is not a \w+ built-in"), lambda m: Construct("extern", m[1])),
    (re.compile(r"T\.import_source text is pasted verbatim"), lambda m: Construct("import_source", "")),
    (re.compile(r"no definition in scope for identifier: `(\w+)`"),
     lambda m: Construct("dtype", _WGSL_TYPES[m[1]]) if m[1] in _WGSL_TYPES else Construct("extern", m[1])),
)


@dataclass(frozen=True)
class Classified:
    code: str
    summary: str  # our words, without the target prefix
    construct: Construct | None


def classify(target: str, stage: str, message: str) -> Classified:
    """Map a failure at `stage` (build | lower | compile | run | externs) on `target` to a code."""
    for pattern, make in _PATTERNS:
        match = pattern.search(message)
        if match:
            construct = make(match)
            return Classified(NOT_AVAILABLE, construct.describe(target), construct)
    if stage == "compile":
        tool = "the C++ compiler" if target == "c" else ("the WGSL validator" if target == "webgpu" else "nvcc")
        return Classified(COMPILE_FAILED, f"{tool} rejected the generated code", None)
    if stage == "run":
        return Classified(RUN_FAILED, "the kernel built for the C back end failed when run", None)
    return Classified(LOWERING_FAILED, f"TileLang cannot lower the kernel for {target}", None)
