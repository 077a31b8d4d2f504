"""The construct database: every CUDA construct cuda2tile knows, and how it maps to TileLang.

The only place CUDA is spelled (tests/test_mapping_source.py checks the lift and the emitter): the
lift reads `lookup()` (a call's `Construct.ir_op`) and the records of `lifting.py` (barriers, warp
exchanges, atomics, cooperative groups, built-in variables), the idiom passes `idioms.py`, the
emitter `TILE_OPS` and `tile_forms.py`; docs/coverage.md is generated from `ALL_CONSTRUCTS` and
`idioms.IDIOMS`.
"""

from __future__ import annotations

from op_coverage.conversions import CONVERSION_DTYPES, CONVERSIONS
from op_coverage.cooperation import COOPERATION
from op_coverage.host import HOST
from op_coverage.intrinsics import INTRINSICS, SINCOS_HALVES
from op_coverage.language import LANGUAGE
from op_coverage.math_functions import BIT_OPS, FLOAT_CLASS, FLOAT_FORMS, HELPER_C_TYPES, MATH, TILE_OPS
from op_coverage.records import EFFORTS, HOST_CATEGORIES, Construct, Status, TileOp

ALL_CONSTRUCTS: list[Construct] = MATH + CONVERSIONS + LANGUAGE + INTRINSICS + COOPERATION + HOST
_BY_NAME: dict[str, Construct] = {}
for _c in ALL_CONSTRUCTS:
    _BY_NAME.setdefault(_c.cuda, _c)
for _c in ALL_CONSTRUCTS:  # aliases never shadow a record's own name (a test checks they never collide)
    for _alias in _c.aliases:
        _BY_NAME.setdefault(_alias, _c)


def lookup(cuda_name: str) -> Construct | None:
    """The record for a CUDA spelling (`expf`, `__syncthreads`, `atomicCAS`, or an alias such as
    `mma_sync` for `wmma::mma_sync`), if any."""
    return _BY_NAME.get(cuda_name)


def conversion_dtype(cuda_name: str) -> str | None:
    return CONVERSION_DTYPES.get(cuda_name)


__all__ = ["ALL_CONSTRUCTS", "BIT_OPS", "FLOAT_CLASS", "FLOAT_FORMS", "Construct", "EFFORTS", "HELPER_C_TYPES",
           "HOST_CATEGORIES", "SINCOS_HALVES", "Status", "TileOp", "TILE_OPS", "lookup", "conversion_dtype"]
