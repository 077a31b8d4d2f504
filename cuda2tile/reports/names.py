"""Names of constructs: a source spelling -> its `op_coverage` record, as an `Occurrence`.

    occurrence("expf", loc, "k")          -> record `expf` (supported)
    occurrence("mma_sync", loc, "k")      -> record `wmma::mma_sync` through its alias, spelling kept
    occurrence("__my_intrinsic", loc, ..) -> the `unknown` bucket (C2T1203, medium effort)
    opaque_name("nvcuda::wmma::fragment<nvcuda::wmma::matrix_a, 16, 16, 16, __half>") -> `wmma::fragment`
"""

from __future__ import annotations

import re

import op_coverage
from cuda2tile.reports.model import Occurrence
from cuda2tile.parse import cuda_ast as A

# dtype -> the C spelling whose record (or alias) names it: our AST keeps dtypes, not spellings
DTYPE_NAMES = {"float32": "float", "float64": "double", "int32": "int", "uint32": "unsigned int",
               "int64": "long long", "uint64": "unsigned long long", "bool": "bool", "float16": "__half",
               "bfloat16": "__nv_bfloat16", "int8": "char", "uint8": "unsigned char", "int16": "short",
               "uint16": "unsigned short"}
# vector element dtype -> the prefix of CUDA's vector type names (uint4, longlong2, ...)
VECTOR_NAMES = {"float32": "float", "float64": "double", "int32": "int", "uint32": "uint", "int8": "char",
                "uint8": "uchar", "int16": "short", "uint16": "ushort", "int64": "longlong", "uint64": "ulonglong"}
_UNKNOWN_EFFORT = "medium"


def occurrence(spelling: str, loc: A.Loc, function: str | None, code: str = "C2T1203",
               scope: str = "device") -> Occurrence:
    """An occurrence of `spelling`, resolved through `op_coverage.lookup` (aliases included)."""
    rec = op_coverage.lookup(spelling)
    if rec is None:
        return Occurrence(spelling, "unknown", "unknown", code, _UNKNOWN_EFFORT, loc.line, loc.col, function, scope)
    return Occurrence(rec.cuda, rec.category, rec.status.value, rec.code, rec.effort, loc.line, loc.col, function,
                      scope, spelling if spelling != rec.cuda else "")


def _strip_templates(spelling: str) -> str:
    out, depth = [], 0
    for ch in spelling:
        depth += ch == "<"
        if depth == 0:
            out.append(ch)
        depth -= ch == ">" and depth > 0
    return "".join(out)


def opaque_name(spelling: str) -> str | None:
    """The record name for a type we do not model: `nvcuda::wmma::fragment<...>` -> `wmma::fragment`."""
    name = re.sub(r"\b(const|volatile|struct|class)\s+", "", _strip_templates(spelling)).strip(" *&")
    name = re.sub(r"::__\w+::", "::", name)  # inline namespaces such as cooperative_groups::__v1::
    candidates = [name]
    parts = name.split("::")
    candidates += ["::".join(parts[:k]) for k in range(len(parts) - 1, 0, -1)]  # cub::BlockReduce::TempStorage
    for candidate in candidates:
        if op_coverage.lookup(candidate) is not None:
            return candidate
    return None
