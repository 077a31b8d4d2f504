"""The TileLang-level IR: what `lower_idioms` makes of a kernel's tile IR, and all the printer prints.

The tile IR (`tile_ir.py`) says what a kernel computes (`BlockReduce`: the block's sum); this IR says
how TileLang is told to compute it: which tiles are allocated in which scope, which loops are
`T.Parallel`, `T.serial` or `T.Pipelined`, and what the factory decides per target while it builds
the prim_func (`TargetSwitch`: TileLang reduces fragments on GPUs but only local buffers on target
"c"). Its statements are these nodes and the tile IR's plain statements (`Let`, `AssignVar`, `Store`,
`If`, `For`, `While`, `Break`, `Continue`, `Return`, `Evaluate`, `PrivateStore`); its expressions
are the tile IR's and those below, and `Binary` takes two more operators here, `floordiv` and
`floormod` (Python's `//` and `%`, on non-negative operands: `tx // 32`, `tx % 32`).

Names the emitted module binds for itself (`target`, `tile_m`, the gemm's `k_tile`) are `Name`
nodes holding a field of the emitter's one names table (`cuda2tile/emit/names.py`); every other
name is an IR name, which the printer keeps clear of Python's and TileLang's.

    BlockReduce(op="sum", buffer="sh", extent=BlockDim("x"), ...)        # lower_idioms
      ->  AllocFragment("sh_staged", (BlockDim("x"),), "float32")
          ParallelFor((ThreadIdx("x"),), (BlockDim("x"),), (TileStore("sh_staged", (tx,), TileLoad("sh", (tx,))),))
          TargetSwitch("c", then=(AllocLocal(...), AllocLocal(...), Copy(...), TileReduce("sum", ..., dim=0)),
                            other=(AllocFragment(...), TileReduce("sum", ..., dim=0)))
          ...
"""

from __future__ import annotations

from dataclasses import dataclass

from cuda2tile.ir import tile_ir as I

# ---------------------------------------------------------------- expressions


@dataclass(frozen=True, slots=True)
class Name:
    """A name the emitted module binds for itself: `key` is a field of `emit/names.py`'s table."""
    key: str
    dtype: str = "int32"


@dataclass(frozen=True, slots=True)
class Tile:
    """A whole buffer, as an operand of a tile operation: `T.copy(staged, local)`."""
    name: str
    dtype: str = "handle"


@dataclass(frozen=True, slots=True)
class TileLoad:
    """An element of a tile (shared, fragment or local), one index per dimension: `staged[warp, lane]`."""
    tile: str
    indices: tuple["Expr", ...]
    dtype: str


@dataclass(frozen=True, slots=True)
class Region:
    """`buffer[start:stop]`, a 1-D region for `T.copy`."""
    buffer: str
    start: "Expr"
    stop: "Expr"
    dtype: str = "handle"


@dataclass(frozen=True, slots=True)
class CeilDiv:
    lhs: "Expr"
    rhs: "Expr"
    dtype: str = "int32"


@dataclass(frozen=True, slots=True)
class TargetIn:
    """Whether the factory's `target` is one of `targets`; decided while the prim_func is built."""
    targets: tuple[str, ...]
    dtype: str = "bool"


Expr = I.Expr | Name | Tile | TileLoad | Region | CeilDiv | TargetIn

# ---------------------------------------------------------------- statements
# `line` is the CUDA line a statement came from; the printer writes a comment naming it (0: none).


@dataclass(frozen=True, slots=True)
class AllocShared:
    """A shared tile in the factory's per-target scope (`smem_scope`: "shared.dyn" on GPUs, no 48 KiB
    static cap; "shared" on the C back end, which takes one dynamic allocation only)."""
    name: str
    shape: tuple[Expr, ...]
    dtype: str
    line: int = 0


@dataclass(frozen=True, slots=True)
class AllocFragment:
    """A tile distributed over the block's threads (`T.alloc_fragment`)."""
    name: str
    shape: tuple[Expr, ...]
    dtype: str
    line: int = 0


@dataclass(frozen=True, slots=True)
class AllocPrivate:
    """A per-thread value kept across barriers: a fragment of one slot per thread of the block (of
    `size` elements for an array), indexed by the thread coordinates: `v[ty, tx]`, `acc[tx, j]`.
    Written with a trailing comma in its shape, `(block_y, block_x,)`, as cuda2tile always has."""
    name: str
    shape: tuple[Expr, ...]
    dtype: str
    line: int = 0
    shared: bool = False  # `T.alloc_shared` of the same shape (I.DeclPrivate.shared)


@dataclass(frozen=True, slots=True)
class AllocLocal:
    """A per-thread array (`T.alloc_local`)."""
    name: str
    shape: tuple[Expr, ...]
    dtype: str
    line: int = 0


@dataclass(frozen=True, slots=True)
class AllocVar:
    """A mutable per-thread scalar (`T.alloc_var`)."""
    name: str
    dtype: str
    line: int = 0


@dataclass(frozen=True, slots=True)
class TileStore:
    tile: str
    indices: tuple[Expr, ...]
    value: Expr
    note: str = ""  # a trailing comment giving the reason
    line: int = 0


@dataclass(frozen=True, slots=True)
class ParallelFor:
    """`for vars in T.Parallel(extents)`: one iteration per element, in parallel."""
    vars: tuple[Expr, ...]  # ThreadIdx, Var or Name
    extents: tuple[Expr, ...]
    body: tuple["Stmt", ...]
    line: int = 0


@dataclass(frozen=True, slots=True)
class SerialFor:
    """`for var in T.serial(start, stop)` (step 1), for loops whose variable is not an IR name."""
    var: Expr
    start: Expr
    stop: Expr
    body: tuple["Stmt", ...]
    note: str = ""
    line: int = 0


@dataclass(frozen=True, slots=True)
class Pipelined:
    """`for var in T.Pipelined(extent, num_stages=stages)`: loads of step k + 1 overlap step k."""
    var: Expr
    extent: Expr
    stages: Expr
    body: tuple["Stmt", ...]
    line: int = 0


@dataclass(frozen=True, slots=True)
class Sync:
    """A barrier of the block's threads (`T.sync_threads()`)."""
    note: str = ""
    line: int = 0


@dataclass(frozen=True, slots=True)
class Copy:
    """A tile copy, `src` and `dst` each a `Tile` or a `Region` of the same extent."""
    src: Expr
    dst: Expr
    line: int = 0


@dataclass(frozen=True, slots=True)
class TileReduce:
    """`dst = op over dimension dim of src` (op: a key of op_coverage.tile_forms.REDUCTIONS)."""
    op: str
    src: str
    dst: str
    dim: int
    line: int = 0


@dataclass(frozen=True, slots=True)
class CumSum:
    """An inclusive prefix sum along `dim` of a shared tile, in place."""
    tile: str
    dim: int
    line: int = 0


@dataclass(frozen=True, slots=True)
class Gemm:
    """`c += a @ b` on tiles (`a` is (m, k) or, with transpose_a, (k, m); `b` (k, n) or (n, k))."""
    a: str
    b: str
    c: str
    transpose_a: bool
    transpose_b: bool
    line: int = 0


@dataclass(frozen=True, slots=True)
class TargetSwitch:
    """`then` for one target, `other` for the rest: the factory picks while it builds the prim_func."""
    target: str
    then: tuple["Stmt", ...]
    other: tuple["Stmt", ...]
    line: int = 0


@dataclass(frozen=True, slots=True)
class Choose:
    """A raised idiom and its faithful form: the factory builds `raised` where `cond` holds (it reads
    the target and block extents only), `faithful` otherwise (none: the code that follows)."""
    cond: Expr
    note: str
    raised: tuple["Stmt", ...]
    faithful: tuple["Stmt", ...] | None
    line: int = 0


@dataclass(frozen=True, slots=True)
class Restated:
    """Statements of the CUDA kernel stated a second time (a faithful form beside its raised one, an
    epilogue moved into a tile loop): their source comments are written again."""
    body: tuple["Stmt", ...]
    line: int = 0


Stmt = (I.Let | I.AssignVar | I.Store | I.If | I.For | I.While | I.Break | I.Continue | I.Return | I.Evaluate
        | I.PrivateStore | AllocShared | AllocFragment | AllocPrivate | AllocLocal | AllocVar | TileStore
        | ParallelFor | SerialFor | Pipelined | Sync | Copy | TileReduce | CumSum | Gemm | TargetSwitch | Choose
        | Restated)

# ---------------------------------------------------------------- the factory


@dataclass(frozen=True, slots=True)
class TileShape:
    """Binds the tile shape of a raised matrix product (`tile_m`, ..., `tile_stages`), from the
    factory's `tile` argument or the target's default for `product` ("exact" | "mma")."""
    product: str
    line: int = 0


@dataclass(frozen=True, slots=True)
class PrimFunc:
    """`@T.prim_func def name(params, grid): with T.Kernel(launch, threads=threads) as blocks: body`."""
    name: str
    params: tuple[I.Param, ...]
    grid: tuple[I.GridDim, ...]  # trailing int32 arguments
    launch: tuple[Expr, ...]
    threads: Expr
    blocks: tuple[I.BlockIdx, ...]
    body: tuple[Stmt, ...]
    line: int = 0


@dataclass(frozen=True, slots=True)
class ReturnPrimFunc:
    """The factory returns the prim_func `name` (one built by a `Choose` before the faithful one)."""
    name: str
    line: int = 0


@dataclass(frozen=True, slots=True)
class Factory:
    """One kernel's factory: its macros, then `body` (a PrimFunc, or a Choose of a raised kernel
    followed by the faithful PrimFunc). `kernel` gives the signature and the KERNELS entry."""
    kernel: I.Kernel
    macros: tuple[I.Macro, ...]  # bodies lowered
    body: tuple[Stmt | TileShape | PrimFunc | ReturnPrimFunc, ...]
    tile_product: str | None  # "exact" | "mma" where the factory takes `tile=` (a raised product)
    uses_shared: bool  # the factory binds `smem_scope`
    dynamic_shared: bool  # the factory takes `shared_bytes`
