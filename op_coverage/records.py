"""The record type of the construct database: one typed record per CUDA construct.

Keyword fields only (no positional magic, unlike HIPIFY's tables). The lift reads `ir_op` to
know what a CUDA call becomes in the tile IR; the emitter reads `TileOp` records to know how an
IR operation is spelled in TileLang. `docs/coverage.md` is generated from these records.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Status(enum.Enum):
    SUPPORTED = "supported"
    PARTIAL = "partial"
    UNSUPPORTED = "unsupported"
    PLANNED = "planned"


@dataclass(frozen=True, slots=True, kw_only=True)
class Construct:
    cuda: str  # the CUDA spelling, e.g. "expf", "threadIdx.x", "__syncthreads"
    category: str  # "math", "builtin-variable", "type", "qualifier", "control-flow", "barrier", ...
    status: Status
    ir_op: str | None = None  # the tile-IR operation the lift produces (see TILE_OPS)
    tilelang: str = ""  # how it reads in emitted TileLang (documentation)
    code: str | None = None  # diagnostic code reported when it is met and not supported
    effort: str = "none"  # manual effort when unsupported: none | low | medium | high
    note: str = ""
    tests: tuple[str, ...] = ()  # corpus files or translation tests exercising it
    aliases: tuple[str, ...] = ()  # other spellings the front end reports (`mma_sync` for `wmma::mma_sync`)


EFFORTS = ("none", "low", "medium", "high")
# Constructs of host code: cuda2tile converts kernels only, so these are counted apart from the
# device constructs and carry no diagnostic code (the host program stays the user's).
HOST_CATEGORIES = frozenset({"host-runtime", "library-host", "launch"})


@dataclass(frozen=True, slots=True, kw_only=True)
class TileOp:
    """How the emitter spells one tile-IR operation.

    form "call":   `T.<name>(args)`            e.g. exp -> T.exp(x)
    form "extern": `T.call_extern(dtype, extern[dtype], args)`: a C function present in both libm
                   and CUDA's device library, used where TileLang's own op has no C lowering
                   (TILELANG_FACTS §9.2: T.abs/T.fma/T.fmod fail on target "c").
    form "via_float32": compute in float32 and cast back (fp16 math has no C lowering, §10).
    """
    op: str
    form: str
    name: str = ""
    extern: tuple[tuple[str, str], ...] = ()  # (dtype, C function name)
    note: str = ""

    def extern_name(self, dtype: str) -> str | None:
        return dict(self.extern).get(dtype)

