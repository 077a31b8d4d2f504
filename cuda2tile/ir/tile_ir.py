"""The tile IR: a kernel as grid axes, a block of threads, buffers, loops and statements.

It knows no TileLang spelling: operations are named (`truncdiv`, `exp`, `fma`), dtypes are plain
strings, and the emitter decides how each is written. Frozen dataclasses, changed only through
`dataclasses.replace`; `verify.py` checks the invariants after every pass in tests.

Thread and block coordinates are `ThreadIdx`/`BlockIdx` expressions; `Parallel` is the
per-thread region (one iteration per CUDA thread of the block), so a barrier-free kernel is one
`Parallel` inside the kernel's grid.
"""

from __future__ import annotations

from dataclasses import dataclass

# ---------------------------------------------------------------- expressions


@dataclass(frozen=True, slots=True)
class Const:
    value: int | float | bool
    dtype: str


def i32(value: int) -> Const:
    """An int32 constant, the passes' index and counter type: i32(2) == Const(2, "int32")."""
    return Const(value, "int32")


@dataclass(frozen=True, slots=True)
class Var:
    name: str
    dtype: str


@dataclass(frozen=True, slots=True)
class ThreadIdx:
    axis: str  # "x" | "y" | "z"
    dtype: str = "int32"


@dataclass(frozen=True, slots=True)
class BlockIdx:
    axis: str
    dtype: str = "int32"


@dataclass(frozen=True, slots=True)
class BlockDim:
    axis: str  # a compile-time constant chosen by the factory's `block` argument
    dtype: str = "int32"


@dataclass(frozen=True, slots=True)
class GridDim:
    axis: str  # a runtime int32 argument of the kernel
    dtype: str = "int32"


@dataclass(frozen=True, slots=True)
class Load:
    buffer: str
    index: "Expr"
    dtype: str


@dataclass(frozen=True, slots=True)
class Binary:
    # add sub mul div (true division) truncdiv truncmod shl shr bitand bitor bitxor
    # lt le gt ge eq ne and or
    op: str
    lhs: "Expr"
    rhs: "Expr"
    dtype: str


@dataclass(frozen=True, slots=True)
class Unary:
    op: str  # neg | not | bitnot
    operand: "Expr"
    dtype: str


@dataclass(frozen=True, slots=True)
class Cast:
    operand: "Expr"
    dtype: str


@dataclass(frozen=True, slots=True)
class Bitcast:
    operand: "Expr"
    dtype: str


@dataclass(frozen=True, slots=True)
class Select:
    cond: "Expr"
    then: "Expr"
    other: "Expr"
    dtype: str


@dataclass(frozen=True, slots=True)
class Intrinsic:
    op: str  # a key of op_coverage.TILE_OPS, or saturate / rcp / round_cast
    args: tuple["Expr", ...]
    dtype: str


@dataclass(frozen=True, slots=True)
class MacroCall:
    name: str
    args: tuple["Expr | BufferArg", ...]
    dtype: str  # "void" for a statement call


@dataclass(frozen=True, slots=True)
class BufferArg:
    """A buffer passed to a macro (the pointer's base; its offset travels as a separate Expr)."""
    buffer: str
    dtype: str = "handle"


@dataclass(frozen=True, slots=True)
class AtomicRMW:
    op: str  # add | max | min (TileLang ops) | cas | exch | and | or | xor (helpers)
    buffer: str
    index: "Expr"
    value: "Expr"
    dtype: str
    returns_old: bool
    compare: "Expr | None" = None  # atomicCAS's expected value
    # the buffer's element dtype when the atomic works on its bits as `dtype` (same size): a CAS loop's
    # `atomicCAS((unsigned long long*)address, ...)` over a float64 buffer is ("cas", dtype "uint64",
    # storage "float64"); "" when the buffer holds `dtype`
    storage: str = ""
    # `index` counts bytes from the buffer's start, not elements: the 4-byte word holding a byte
    # element, `(uint32_t*)(address - ((size_t)address & 3))` of a uint8 buffer (sub-word CAS loops)
    byte_addressed: bool = False


@dataclass(frozen=True, slots=True)
class ElementAddress:
    """The address of a byte of a buffer as an integer: `(size_t)address` of a pointer into it, for the
    alignment arithmetic of sub-word CAS loops (`(size_t)address & 3`) and alignment tests
    (`(uint64_t)p % 16 == 0`). The real address on every back end, read through a helper."""
    buffer: str
    byte_offset: "Expr"
    storage: str  # the buffer's element dtype
    dtype: str = "uint64"


@dataclass(frozen=True, slots=True)
class LinearThreadIdx:
    """threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y (lane/warp arithmetic)."""
    dtype: str = "int32"


@dataclass(frozen=True, slots=True)
class BlockThreads:
    """blockDim.x * blockDim.y * blockDim.z: the number of threads of the block."""
    dtype: str = "int32"


@dataclass(frozen=True, slots=True)
class WarpShuffle:
    """`__shfl*_sync(mask, value, arg, width)`: another lane's `value` (lowered by `lower_warp_ops`)."""
    kind: str  # idx | up | down | xor
    value: "Expr"
    arg: "Expr"  # source lane, delta or lane mask
    width: "Expr"
    dtype: str


@dataclass(frozen=True, slots=True)
class WarpVote:
    """`__ballot_sync` (uint32 bits), `__any_sync`, `__all_sync` (int32 0/1) over the lanes of the warp."""
    kind: str  # ballot | any | all
    predicate: "Expr"
    dtype: str


@dataclass(frozen=True, slots=True)
class PrivateLoad:
    """Read of a per-thread value that lives across barriers: `v[tx]` (`v[tx, j]` for arrays)."""
    name: str
    index: "Expr | None"
    dtype: str


Expr = (Const | Var | ThreadIdx | BlockIdx | BlockDim | GridDim | Load | Binary | Unary | Cast | Bitcast | Select
        | Intrinsic | MacroCall | AtomicRMW | ElementAddress | LinearThreadIdx | BlockThreads | WarpShuffle | WarpVote
        | PrivateLoad)

# ---------------------------------------------------------------- statements
# `line` is the CUDA source line the statement came from (0 when synthetic).


@dataclass(frozen=True, slots=True)
class Let:
    """An immutable binding, e.g. `int i = blockIdx.x * blockDim.x + threadIdx.x;`."""
    name: str
    value: Expr
    line: int = 0


@dataclass(frozen=True, slots=True)
class DeclVar:
    """A mutable per-thread scalar (declared at the top of its region, assigned where CUDA declares it)."""
    name: str
    dtype: str
    line: int = 0


@dataclass(frozen=True, slots=True)
class DeclLocal:
    """A per-thread local array such as `float acc[4];`."""
    name: str
    dtype: str
    size: int
    line: int = 0


@dataclass(frozen=True, slots=True)
class AssignVar:
    name: str
    value: Expr
    line: int = 0


@dataclass(frozen=True, slots=True)
class Store:
    buffer: str
    index: Expr
    value: Expr
    line: int = 0


@dataclass(frozen=True, slots=True)
class If:
    cond: Expr
    then: tuple["Stmt", ...]
    other: tuple["Stmt", ...] = ()
    line: int = 0
    # Set only between grid_stride_barriers and split_phases: the guard of one trip of a loop that some
    # threads of the block have already finished. Threads for which `cond` is false do no work in it
    # but still arrive at the barriers inside, which split_phases repeats the guard around.
    barrier_guard: bool = False


@dataclass(frozen=True, slots=True)
class For:
    """A serial loop `for var in [start, stop) step step`; the body never assigns `var`."""
    var: str
    start: Expr
    stop: Expr
    step: Expr
    body: tuple["Stmt", ...]
    line: int = 0


@dataclass(frozen=True, slots=True)
class While:
    cond: Expr
    body: tuple["Stmt", ...]
    line: int = 0


@dataclass(frozen=True, slots=True)
class Break:
    line: int = 0


@dataclass(frozen=True, slots=True)
class Continue:
    line: int = 0


@dataclass(frozen=True, slots=True)
class Return:
    """Only before `eliminate_early_returns`; after it, only as the last statement of a macro."""
    value: Expr | None
    line: int = 0


@dataclass(frozen=True, slots=True)
class Evaluate:
    """An expression evaluated for its effect (a void macro call, an atomic whose result is unused)."""
    expr: Expr
    line: int = 0


@dataclass(frozen=True, slots=True)
class Parallel:
    """The per-thread region: the body runs once for every thread of the block."""
    body: tuple["Stmt", ...]
    line: int = 0


@dataclass(frozen=True, slots=True)
class Barrier:
    """`__syncthreads()` ("block") or a warp-level synchronisation point ("warp": `__syncwarp()`, or a
    warp exchange introduced by `lower_warp_ops`). After `split_phases`, only between Parallel regions."""
    kind: str
    line: int = 0
    # The buffer of a store through a volatile pointer whose lanes' lockstep order this warp barrier
    # keeps (the lift writes `v[t] += v[t + 16]` as read, sync, write, sync); "" for a barrier the CUDA
    # code has. Only such barriers may be dropped where no lane can read the buffer across them
    # (passes/volatile_store_syncs.py).
    volatile_store: str = ""


@dataclass(frozen=True, slots=True)
class DeclShared:
    """`__shared__ T name[size]` (flattened), or the `extern __shared__` pool sized by the launch."""
    name: str
    dtype: str
    size: int | None  # None: dynamic shared memory, `shared_bytes // sizeof(dtype)` elements
    line: int = 0


@dataclass(frozen=True, slots=True)
class DeclPrivate:
    """A per-thread value that lives across barriers: one slot per thread (`T.alloc_fragment`)."""
    name: str
    dtype: str
    size: int | None = None  # per-thread array length, None for a scalar
    line: int = 0
    # kept in shared memory (`T.alloc_shared` of the same shape), not a fragment: a phase reads or
    # writes it at more than one index, which TileLang's fragments do not take (passes/private_arrays_in_shared.py)
    shared: bool = False


@dataclass(frozen=True, slots=True)
class PrivateStore:
    name: str
    index: Expr | None
    value: Expr
    line: int = 0


@dataclass(frozen=True, slots=True)
class BlockReduce:
    """A tile reduction over the whole block (block level, between phases, after a barrier):
    `buffer[0] = op(buffer[0], ..., buffer[extent - 1])`, then a barrier. The other slots of the
    shared `buffer` are left unspecified. `staged`, `local` and `result` name its scratch tiles."""
    op: str  # sum | max | min
    buffer: str
    extent: Expr
    dtype: str
    staged: str
    local: str
    result: str
    line: int = 0


@dataclass(frozen=True, slots=True)
class WarpReduce:
    """One reduction per warp of a per-thread value (block level, between phases): afterwards every
    lane's `value` holds `op` over the 32 lanes of its warp. `scratch` is a shared array of one slot
    per thread; `staged`, `local`, `result` name the scratch tiles, `warp` and `lane` the loop
    variables over the (warps, 32) tile. Needs a block of whole warps."""
    op: str  # sum | max | min
    value: str  # a DeclPrivate scalar
    scratch: str
    dtype: str
    staged: str
    local: str
    result: str
    warp: str
    lane: str
    line: int = 0


@dataclass(frozen=True, slots=True)
class BlockScan:
    """A prefix sum over the block (block level, after a barrier): with `old` the shared `buffer` before
    it, `buffer[dst + j] = old[src] + ... + old[src + j]` for every j < extent (`exclusive`: the sum
    stops at `old[src + j - 1]`, and slot `dst` gets 0), then a barrier. No other slot changes. `src`
    and `dst` hold only block extents and constants; `staged` names the scratch tile and `step` the
    loop variable of its serial form."""
    buffer: str
    extent: Expr
    src: Expr
    dst: Expr
    exclusive: bool
    dtype: str
    staged: str
    step: str
    line: int = 0


@dataclass(frozen=True, slots=True)
class WarpScan:
    """An inclusive prefix sum within each warp of a per-thread value (block level, between phases):
    afterwards lane l of every warp holds the sum of `value` over lanes 0..l of its warp. `staged`
    names the (warps, 32) shared tile, `warp` and `step` the loop variables of its serial form. Needs a
    block of whole warps."""
    value: str  # a DeclPrivate scalar
    dtype: str
    staged: str
    warp: str
    step: str
    line: int = 0


@dataclass(frozen=True, slots=True)
class TileCopy:
    """`extent` consecutive elements between the global `buffer` from `offset` and the shared array
    `shared` from `shared_offset` (block level, between phases): global to shared when `load`, else
    shared to global. Offsets are block-uniform, e.g. `blockIdx.x * blockDim.x`."""
    buffer: str
    offset: Expr
    shared: str
    shared_offset: Expr
    extent: Expr
    load: bool
    line: int = 0


@dataclass(frozen=True, slots=True)
class Raised:
    """A recognised idiom in tile form, with the faithful form kept beside it. `requires` holds only
    block extents and constants: the factory decides it while building the prim_func (for the launch's
    block shape and target), so a block the raised form does not cover, or a target kind outside
    `targets` (e.g. metal, whose TileLang has no `T.reduce_*`), still runs `faithful`."""
    idiom: str  # a name of op_coverage.IDIOMS
    targets: tuple[str, ...]  # target kinds the raised form lowers for (op_coverage.IDIOMS[...].targets)
    requires: Expr
    raised: tuple["Stmt", ...]
    faithful: tuple["Stmt", ...]
    line: int = 0


@dataclass(frozen=True, slots=True)
class GemmOperand:
    """One operand of a `TiledGemm`, read element by element as `buffer[outer * ld + k + offset]`
    (`k_contiguous`) or `buffer[k * ld + outer + offset]`, where `outer` is the output's row (for A)
    or column (for B). Elements where `mask` is false read as 0, as the CUDA tiles are padded."""
    buffer: str
    dtype: str  # the buffer's element dtype (float16 operands are widened to the accumulator's)
    ld: Expr  # uniform: scalar parameters and constants only
    offset: Expr  # uniform
    k_contiguous: bool
    mask: Expr  # over the gemm's `row` (A) or `col` (B), its `k`, and uniform values


@dataclass(frozen=True, slots=True)
class TiledGemm:
    """A whole kernel as one matrix product over its launch, then its per-element epilogue.

    For every element (row, col) of the launch (row < gridDim.y * blockDim.y, col < gridDim.x *
    blockDim.x, one per CUDA thread): `acc = sum over k < k_extent, in increasing k, of A(row, k) *
    B(k, col)`, then `epilogue`, which reads `acc` through `PrivateLoad(c_tile)`. In the epilogue,
    `row` and `col` are bound, and ThreadIdx/BlockIdx no longer occur (the raise pass rewrote them as
    the element's CUDA thread, e.g. threadIdx.y = row % blockDim.y). `product`: "exact" keeps each
    element's sum in k order (one multiply-add per k, as CUDA's loop); "mma" is TileLang's `T.gemm`
    (tensor cores on GPUs), which re-associates the sum."""
    a: GemmOperand
    b: GemmOperand
    k_extent: Expr  # uniform
    acc_dtype: str
    product: str  # exact | mma
    row: str
    col: str
    k: str
    a_tile: str
    b_tile: str
    c_tile: str
    epilogue: tuple["Stmt", ...]
    line: int = 0


Stmt = (Let | DeclVar | DeclLocal | AssignVar | Store | If | For | While | Break | Continue | Return | Evaluate
        | Parallel | Barrier | DeclShared | DeclPrivate | PrivateStore | BlockReduce | BlockScan | WarpReduce | WarpScan | TileCopy
        | Raised | TiledGemm)

# ---------------------------------------------------------------- kernels


@dataclass(frozen=True, slots=True)
class ScalarParam:
    name: str
    dtype: str
    cuda_name: str
    cuda_type: str


@dataclass(frozen=True, slots=True)
class BufferParam:
    name: str
    dtype: str  # element dtype as CUDA sees it (float4 buffers are float32, 4 per element)
    length: str  # name of the symbolic length
    writable: bool
    cuda_name: str
    cuda_type: str


Param = ScalarParam | BufferParam


@dataclass(frozen=True, slots=True)
class MacroParam:
    name: str
    kind: str  # "scalar" | "buffer"
    dtype: str


@dataclass(frozen=True, slots=True)
class Macro:
    """A `__device__` function, inlined at trace time (`@T.macro`)."""
    name: str
    cuda_name: str
    params: tuple[MacroParam, ...]
    body: tuple[Stmt, ...]
    result: str  # dtype or "void"
    line: int = 0


@dataclass(frozen=True, slots=True)
class LeftOut:
    """A debugging statement of the CUDA source the conversion does not carry over (an assertion, a
    printf), reported as a note at its line: `assert(j < m)` at line 7 is LeftOut("assertion", 7, 3)."""
    what: str
    line: int  # 0: in another file (a header's __device__ function)
    col: int = 0


@dataclass(frozen=True, slots=True)
class Kernel:
    name: str  # Python name of the factory
    cuda_name: str  # as written in CUDA, with template arguments (`scale<float, 4>`)
    params: tuple[Param, ...]
    grid_rank: int  # 1..3: how many grid axes the kernel reads
    block_rank: int  # 1..3
    default_block: tuple[int, ...] | None  # from a launch of constant shape in the source; None: none gives it
    body: tuple[Stmt, ...]  # statements of the T.Kernel body (a Parallel for barrier-free kernels)
    macros: tuple[Macro, ...]
    line: int = 0
    end_line: int = 0
    default_shared_bytes: int = 0  # dynamic shared memory of the launch site (`k<<<g, b, bytes>>>`)
    source_name: str = ""  # the .cu file, for diagnostics raised by passes
    left_out: tuple[LeftOut, ...] = ()  # debugging statements not carried over, in source order
    # (buffer parameter, flag variable) of each pointer the kernel tests against NULL (`if (w != NULL)`):
    # the flag is a compile-time bool of the factory, true when the launch passes NULL for it
    null_flags: tuple[tuple[str, str], ...] = ()
