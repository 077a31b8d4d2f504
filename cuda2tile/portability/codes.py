"""Diagnostic codes of `cuda2tile check`, and TileLang's messages mapped onto them.

The codes live in the C2T14xx range of `cuda2tile/diagnostics.py` (titles, severities and
explanations are there, and in docs/diagnostics.md).

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

CODES_USED = (LOWERING_FAILED, COMPILE_FAILED, RUN_FAILED, NOT_AVAILABLE)  # their entries: cuda2tile/diagnostics.py


@dataclass(frozen=True)
class Construct:
    """Something a target lacks, named so it can be found in the kernel's IR."""

    kind: str  # dtype | op | extern | grid_z | scalar_arg | import_source | dyn_shared | name | literal | atomic
    arg: str  # "float64", "tirx.fabs", "fabsf", "bool", ""

    def describe(self, target: str) -> str:
        if self.kind == "dtype":
            what = _DTYPE_WORDS.get(self.arg, f"dtype {self.arg}")
            return f"{what} is not available on {target}"
        if self.kind == "op":
            if "atomic" in self.arg:
                return f"atomics (`{self.arg}`) have no lowering for {target}"
            return f"TileLang op `{self.arg}` has no lowering for {target}"
        if self.kind == "extern":
            return f"`{self.arg}` (a function called by name) does not exist on {target}"
        if self.kind == "grid_z":
            return f"a 3-D grid (blockIdx.z) is not available on {target}"
        if self.kind == "scalar_arg":
            return f"a `{self.arg}` scalar argument is not available on {target}"
        if self.kind == "name":
            return f"the variable name `{self.arg}` is a reserved word on {target}"
        if self.kind == "literal":
            return f"the int32 constant {self.arg} (INT_MIN) cannot be written as a literal on {target}"
        if self.kind == "atomic":
            return f"{self.arg} is not available on {target}"
        if self.kind == "import_source":
            return f"C/C++ helper text (T.import_source) cannot be compiled on {target}"
        if self.kind == "dyn_shared":
            return f"more than one dynamic (`shared.dyn`) shared-memory buffer is not available on {target}"
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
    (re.compile(r'Unresolved call (?:ir\.Op\(.*?name=")?([\w.]+)'), lambda m: Construct("op", m[1])),
    (re.compile(r"Metal scalar atomic (\w+) supports int32 and uint32, got (\w+)"),
     lambda m: Construct("atomic", f"{m[2]} atomic_{m[1]}")),
    (re.compile(r"no (\w+) implementation is registered"), lambda m: Construct("op", f"tl.{m[1]}")),
    (re.compile(r"CPU (fill|reduce) only supports"), lambda m: Construct("op", f"tl.{m[1]}")),
    (re.compile(r"Only one dynamic shared memory allocation is allowed"), lambda m: Construct("dyn_shared", "")),
    (re.compile(r"shared\.dyn buffers are merged into one byte array"), lambda m: Construct("dyn_shared", "")),
    (re.compile(r"Cannot convert type (\w+) to C type"), lambda m: Construct("dtype", m[1])),
    (re.compile(r"Unsupported dtype (\w+)"), lambda m: Construct("dtype", m[1])),
    (re.compile(r"undefined symbol: (\w+)"), lambda m: Construct("extern", m[1])),
    (re.compile(r"`(\w+)` is (?:not a \w+ built-in|defined only in a branch|defined as a host function)"),
     lambda m: Construct("extern", m[1])),
    (re.compile(r"T\.import_source text is pasted verbatim"), lambda m: Construct("import_source", "")),
    (re.compile(r"WGSL has no 8- or 16-bit integer type: (\w+)"), lambda m: Construct("dtype", m[1])),
    (re.compile(r"the name `(\w+)` is a reserved word"), lambda m: Construct("name", m[1])),
    (re.compile(r"is a reserved keyword"), lambda m: Construct("name", "")),
    (re.compile(r"cannot spell the int32 literal -2147483648|`2147483648i`"),
     lambda m: Construct("literal", "-2147483648")),
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
