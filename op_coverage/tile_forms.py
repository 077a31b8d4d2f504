"""How the emitter spells tile-IR forms in TileLang: launch coordinates, dtypes at the kernel boundary,
tile reductions and C's integer division.

The emitter (`cuda2tile/emit/`) reads these records and holds no spelling of its own: e.g. the tile
IR's `ThreadIdx("x")` is printed as the record's `python` name `tx`, a `BlockReduce` with op "sum"
as `T.reduce_sum`, and an `unsigned int*` argument is declared as an int32 tensor because the
`uint32` record names int32 as its buffer carrier.
"""

from __future__ import annotations

from dataclasses import dataclass

from op_coverage.records import TileOp


@dataclass(frozen=True, slots=True, kw_only=True)
class LaunchName:
    """A CUDA launch coordinate and the Python name the emitted code gives it."""
    cuda: str  # "threadIdx.x"
    variable: str  # "threadIdx"
    ir: str  # the tile-IR node: "ThreadIdx"
    axis: str  # "x" | "y" | "z"
    python: str  # "tx"
    role: str  # how the emitted code binds it


_ROLES = (("threadIdx", "ThreadIdx", "t{a}", "the T.Parallel variable over the block"),
          ("blockIdx", "BlockIdx", "b{a}", "the T.Kernel binding"),
          ("blockDim", "BlockDim", "block_{a}", "a constant of the factory, from its `block` argument"),
          ("gridDim", "GridDim", "grid_{a}", "an int32 argument of the prim_func"))
LAUNCH_NAMES: tuple[LaunchName, ...] = tuple(
    LaunchName(cuda=f"{variable}.{a}", variable=variable, ir=ir, axis=a, python=python.format(a=a), role=role)
    for variable, ir, python, role in _ROLES for a in "xyz")


@dataclass(frozen=True, slots=True, kw_only=True)
class DTypeForm:
    """A dtype as the emitted kernel passes it. TileLang 0.1.15's C back end cannot pass some dtypes
    across the kernel boundary (TILELANG_FACTS §1.3, §10); those travel as a carrier dtype (same bits,
    or a wider exact type) on every target, and are read back through a cast or reinterpret."""
    dtype: str
    itemsize: int  # bytes: sizes `extern __shared__` arrays from the launch's byte count
    buffer_carrier: str | None = None  # the element dtype of a buffer argument, where it differs
    scalar_carrier: str | None = None  # the dtype of a scalar argument, where it differs


DTYPES: tuple[DTypeForm, ...] = (
    DTypeForm(dtype="float16", itemsize=2, scalar_carrier="float32"),
    DTypeForm(dtype="bfloat16", itemsize=2, buffer_carrier="int16"),  # its bits: passes/lower_bfloat16.py
    DTypeForm(dtype="float32", itemsize=4),
    DTypeForm(dtype="float64", itemsize=8),
    DTypeForm(dtype="int8", itemsize=1),
    DTypeForm(dtype="uint8", itemsize=1, scalar_carrier="int32"),
    DTypeForm(dtype="int16", itemsize=2),
    DTypeForm(dtype="uint16", itemsize=2, buffer_carrier="int16", scalar_carrier="int32"),
    DTypeForm(dtype="int32", itemsize=4),
    DTypeForm(dtype="uint32", itemsize=4, buffer_carrier="int32", scalar_carrier="int32"),
    DTypeForm(dtype="int64", itemsize=8),
    DTypeForm(dtype="uint64", itemsize=8, buffer_carrier="int64", scalar_carrier="int64"),
    DTypeForm(dtype="bool", itemsize=1, buffer_carrier="uint8"),
)
BUFFER_CARRIERS: dict[str, str] = {d.dtype: d.buffer_carrier for d in DTYPES if d.buffer_carrier}
SCALAR_CARRIERS: dict[str, str] = {d.dtype: d.scalar_carrier for d in DTYPES if d.scalar_carrier}
ITEMSIZE: dict[str, int] = {d.dtype: d.itemsize for d in DTYPES}

# the tile reductions of BlockReduce / WarpReduce (`op`): `T.reduce_sum(src, dst, dim=d)`
REDUCTIONS: dict[str, TileOp] = {
    op: TileOp(op=op, form="call", name=f"reduce_{op}", note="fragment source on GPUs, local on target \"c\"")
    for op in ("sum", "max", "min")}

# C's integer division truncates; Python's `//` and `%` floor: `a / b` on ints -> `T.truncdiv(a, b)`
INTEGER_DIVISION: dict[str, TileOp] = {
    op: TileOp(op=op, form="call", name=op, note="C semantics: rounds toward zero")
    for op in ("truncdiv", "truncmod")}


@dataclass(frozen=True, slots=True, kw_only=True)
class BarrierForm:
    """A tile-IR barrier (`Barrier.kind`): every kind is `T.sync_threads()`, with a comment naming what
    CUDA wrote."""
    kind: str
    cuda: str


BARRIERS: dict[str, BarrierForm] = {b.kind: b for b in (
    BarrierForm(kind="block", cuda="__syncthreads()"),
    BarrierForm(kind="warp", cuda="warp exchange / __syncwarp()"),  # __syncwarp, or one lower_warp_ops made
)}
