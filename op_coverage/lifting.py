"""How the lift builds the CUDA constructs that are more than a pure IR operation.

`Construct.ir_op` covers the calls that only compute a value (`expf(x)` -> the IR op `exp`). The
records here cover the rest, each keyed by the spelling the front end reports and naming the tile IR
it becomes:

    a + b                          Operator         Binary("add", a, b)
    threadIdx.x                    BuiltinVariable  ThreadIdx("x")
    __syncthreads()                Barrier          Barrier("block")
    __shfl_down_sync(m, v, 1)      WarpOp           WarpShuffle("down", v, 1)
    atomicCAS(p, c, v)             Atomic           AtomicRMW("cas", p, v, compare=c)
    __activemask()                 ConstantCall     Const(0xffffffff, "uint32")
    assert(i < n), printf(...)     DebugCall        nothing, and a note (C2T1217) at the line
    tile.thread_rank()             GroupCall        linear thread index % tile size
    cg::thread_block_tile<32>      GroupType        a group of 32 threads
    cg::reduce(tile, v, cg::less)  GroupOperator    Select(b < a, b, a) per butterfly step

IR node and operation names are strings (`"ThreadIdx"`, `"down"`): the database sits below the
compiler and imports none of it. Every CUDA spelling here also has a `Construct` record, which
documents it in docs/coverage.md (tests/test_mapping_source.py checks both, and that no CUDA
spelling is written anywhere else in cuda2tile/ir, lift, passes, raising or emit).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True, kw_only=True)
class Operator:
    """A binary C operator and the IR operation of `Binary` it becomes (`/` and `%` depend on the type
    and are lifted apart: `truncdiv`, `truncmod` or `div`)."""
    cuda: str  # "+", "<<", "&&"
    ir_op: str  # "add", "shl", "and"


@dataclass(frozen=True, slots=True, kw_only=True)
class BuiltinVariable:
    """A built-in variable (`threadIdx`, whose members `.x`, `.y`, `.z` are the axes), or a constant one."""
    cuda: str  # the front end's BuiltinIndex.var: "threadIdx", "warpSize"
    ir_node: str = ""  # the tile_ir class of one axis: "ThreadIdx"
    value: int | None = None  # a built-in constant instead (warpSize: 32)
    grid: bool = False  # indexes or sizes the grid (blockIdx, gridDim), else the block (threadIdx, blockDim)
    macro_parameter: bool = True  # a @T.macro that reads it receives it as a parameter


@dataclass(frozen=True, slots=True, kw_only=True)
class Barrier:
    cuda: str
    scope: str = ""  # the IR Barrier's scope, "block" or "warp"; "" when it is not lifted (C2T1204)
    # a memory fence (`__threadfence()`): the TILE_OPS helper that orders this thread's writes for the
    # scope; not a barrier (no thread waits), so no phase split
    fence: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class WarpOp:
    """A warp exchange (`WarpShuffle`) or vote (`WarpVote`), lifted for the whole warp: its mask must
    be provably 0xffffffff."""
    cuda: str
    node: str  # "shuffle" | "vote"
    kind: str  # the node's kind: shuffle "idx", "up", "down", "xor"; vote "ballot", "any", "all"
    dtype: str = ""  # a vote's result dtype
    # the pre-CUDA 9 shuffles have no mask argument (`__shfl_down(v, 1)`): they exchange among the
    # active lanes, and reading an inactive lane gives an undefined value, so the exchange the lift
    # builds for the whole warp gives every active lane what CUDA gives it. (The pre-CUDA 9 votes count
    # only the active lanes: not lifted.)
    masked: bool = True


@dataclass(frozen=True, slots=True, kw_only=True)
class Atomic:
    cuda: str
    ir_op: str  # AtomicRMW op; "sub" is lifted as "add" of the negated value
    operands: int = 2  # the CUDA call's arguments: address and value (atomicCAS: address, compare, value)
    dtypes: tuple[str, ...] = ()  # element dtypes it is lifted for (the helper-backed ones); () any


@dataclass(frozen=True, slots=True, kw_only=True)
class ConstantCall:
    cuda: str
    value: int
    dtype: str
    note: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class DebugCall:
    """A debugging call of device code that the conversion leaves out, with a note (C2T1217) at its line:
    it computes nothing the kernel's outputs depend on while the program is correct (`assert(i < n)`
    expands to `__assert_fail(...)` called only when the condition is false)."""
    cuda: str
    what: str  # how the note names it: "assertion", "printf"


@dataclass(frozen=True, slots=True, kw_only=True)
class GroupCall:
    """A cooperative-groups function or member function (`tile.shfl_down(v, 1)` reaches the lift as
    `cooperative_groups::shfl_down(tile, v, 1)`, the group first)."""
    cuda: str
    role: str  # "make_group" (initialises a group variable only), "rank", "meta_rank", "size", "shuffle",
    #            "vote" (32-thread tiles), "barrier", "reduction" (a declaration's or assignment's value only)
    kind: str = ""  # shuffle and vote: the WarpShuffle / WarpVote kind
    dtype: str = ""  # vote: the WarpVote dtype


@dataclass(frozen=True, slots=True, kw_only=True)
class GroupType:
    cuda: str  # the type's spelling; a tile's carries its size, `thread_block_tile<32>`
    kind: str  # "block" | "tile"


@dataclass(frozen=True, slots=True, kw_only=True)
class GroupOperator:
    """An operator functor of cg::reduce, called as op(mine, other) in each butterfly step."""
    cuda: str
    ir_op: str  # a Binary op, or "select_less" / "select_greater" (below)


# C's binary operators (lift_expr.arith, comparisons and logical operators)
OPERATORS: tuple[Operator, ...] = tuple(Operator(cuda=c, ir_op=op) for c, op in (
    ("+", "add"), ("-", "sub"), ("*", "mul"), ("<<", "shl"), (">>", "shr"), ("&", "bitand"), ("|", "bitor"),
    ("^", "bitxor"), ("<", "lt"), ("<=", "le"), (">", "gt"), (">=", "ge"), ("==", "eq"), ("!=", "ne"),
    ("&&", "and"), ("||", "or")))

BUILTIN_VARIABLE_RECORDS: tuple[BuiltinVariable, ...] = (
    BuiltinVariable(cuda="threadIdx", ir_node="ThreadIdx"),
    BuiltinVariable(cuda="blockIdx", ir_node="BlockIdx", grid=True),
    # a macro sees the factory's block_x constants, so blockDim is never passed to one
    BuiltinVariable(cuda="blockDim", ir_node="BlockDim", macro_parameter=False),
    BuiltinVariable(cuda="gridDim", ir_node="GridDim", grid=True),
    BuiltinVariable(cuda="warpSize", value=32),
)

BARRIER_RECORDS: tuple[Barrier, ...] = (
    Barrier(cuda="__syncthreads", scope="block"),
    Barrier(cuda="__syncwarp", scope="warp"),
    *[Barrier(cuda=n) for n in ("__syncthreads_count", "__syncthreads_and", "__syncthreads_or")],
    Barrier(cuda="__threadfence", fence="threadfence"),
    Barrier(cuda="__threadfence_block", fence="threadfence_block"),
    Barrier(cuda="__threadfence_system", fence="threadfence_system"),
)

WARP_OP_RECORDS: tuple[WarpOp, ...] = (
    WarpOp(cuda="__shfl_sync", node="shuffle", kind="idx"),
    WarpOp(cuda="__shfl_up_sync", node="shuffle", kind="up"),
    WarpOp(cuda="__shfl_down_sync", node="shuffle", kind="down"),
    WarpOp(cuda="__shfl_xor_sync", node="shuffle", kind="xor"),
    WarpOp(cuda="__ballot_sync", node="vote", kind="ballot", dtype="uint32"),
    WarpOp(cuda="__any_sync", node="vote", kind="any", dtype="int32"),
    WarpOp(cuda="__all_sync", node="vote", kind="all", dtype="int32"),
    WarpOp(cuda="__shfl", node="shuffle", kind="idx", masked=False),
    WarpOp(cuda="__shfl_up", node="shuffle", kind="up", masked=False),
    WarpOp(cuda="__shfl_down", node="shuffle", kind="down", masked=False),
    WarpOp(cuda="__shfl_xor", node="shuffle", kind="xor", masked=False),
)

# Any other call spelled `atomic...` is an atomic the lift does not know (C2T1205).
ATOMIC_PREFIX = "atomic"
ATOMIC_RECORDS: tuple[Atomic, ...] = (
    Atomic(cuda="atomicAdd", ir_op="add"),
    Atomic(cuda="atomicSub", ir_op="sub"),
    Atomic(cuda="atomicMax", ir_op="max"),
    Atomic(cuda="atomicMin", ir_op="min"),
    # helper-backed (emit/helpers.py): 32-bit ints, and floats for the exchange
    Atomic(cuda="atomicCAS", ir_op="cas", operands=3, dtypes=("int32",)),
    Atomic(cuda="atomicExch", ir_op="exch", dtypes=("int32", "float32")),
    Atomic(cuda="atomicAnd", ir_op="and", dtypes=("int32",)),
    Atomic(cuda="atomicOr", ir_op="or", dtypes=("int32",)),
    Atomic(cuda="atomicXor", ir_op="xor", dtypes=("int32",)),
)

CONSTANT_CALL_RECORDS: tuple[ConstantCall, ...] = (
    ConstantCall(cuda="__activemask", value=0xFFFFFFFF, dtype="uint32",
                 note="no divergence is modelled: every lane of the warp is active"),
)

DEBUG_CALL_RECORDS: tuple[DebugCall, ...] = (
    DebugCall(cuda="__assert_fail", what="assertion"),   # glibc's assert, PyTorch's CUDA_KERNEL_ASSERT
    DebugCall(cuda="__assertfail", what="assertion"),    # CUDA's own device-side name
    DebugCall(cuda="__assert_rtn", what="assertion"),    # macOS libc's assert
    DebugCall(cuda="printf", what="printf"),
)

# The namespace of cooperative groups as the front end spells its calls and types
# (`cooperative_groups::thread_rank`); a call in it that no record names is refused with C2T1204.
GROUP_NAMESPACE = "cooperative_groups"


def _cg(name: str) -> str:
    return f"{GROUP_NAMESPACE}::{name}"


GROUP_CALL_RECORDS: tuple[GroupCall, ...] = (
    GroupCall(cuda=_cg("this_thread_block"), role="make_group"),
    GroupCall(cuda=_cg("tiled_partition"), role="make_group"),
    GroupCall(cuda=_cg("thread_rank"), role="rank"),
    GroupCall(cuda=_cg("meta_group_rank"), role="meta_rank"),
    GroupCall(cuda=_cg("size"), role="size"),
    GroupCall(cuda=_cg("num_threads"), role="size"),
    GroupCall(cuda=_cg("shfl"), role="shuffle", kind="idx"),
    GroupCall(cuda=_cg("shfl_up"), role="shuffle", kind="up"),
    GroupCall(cuda=_cg("shfl_down"), role="shuffle", kind="down"),
    GroupCall(cuda=_cg("shfl_xor"), role="shuffle", kind="xor"),
    GroupCall(cuda=_cg("any"), role="vote", kind="any", dtype="int32"),
    GroupCall(cuda=_cg("all"), role="vote", kind="all", dtype="int32"),
    GroupCall(cuda=_cg("ballot"), role="vote", kind="ballot", dtype="uint32"),
    GroupCall(cuda=_cg("sync"), role="barrier"),
    GroupCall(cuda=_cg("reduce"), role="reduction"),
)
GROUP_TYPE_RECORDS: tuple[GroupType, ...] = (
    GroupType(cuda=_cg("thread_block_tile"), kind="tile"),
    GroupType(cuda=_cg("thread_block"), kind="block"),
)
# cg::less and cg::greater keep their own definitions, not fminf/fmaxf, so NaNs travel as in CUDA:
#   select_less(a, b)    = (b < a) ? b : a
#   select_greater(a, b) = (a < b) ? b : a
GROUP_OPERATOR_RECORDS: tuple[GroupOperator, ...] = tuple(
    GroupOperator(cuda=_cg(name), ir_op=op) for name, op in (
        ("plus", "add"), ("less", "select_less"), ("greater", "select_greater"), ("bit_and", "bitand"),
        ("bit_or", "bitor"), ("bit_xor", "bitxor")))

# `make_float4(x, y, z, w)` and the other vector constructors: one scalar per lane
VECTOR_MAKER_PREFIX = "make_"
# the members of CUDA's vector types in lane order: `v.z` of a float4 is its lane 2
VECTOR_LANES = "xyzw"


@dataclass(frozen=True, slots=True, kw_only=True)
class HalfLimit:
    """`std::numeric_limits<c10::Half>::lowest()` and its kin for the 16-bit float types: their result
    is a class (`c10::Half`, `__half`), which clang does not evaluate to a number, so the values are
    data, as the bit patterns c10/util/Half.h and BFloat16.h give them. `at::numeric_limits`
    (ATen/NumericUtils.h) adds `lower_bound`/`upper_bound`, the infinities."""
    dtype: str  # float16 | bfloat16
    member: str
    bits: int


_HALF_LIMIT_BITS = {
    "float16": {"min": 0x0400, "lowest": 0xFBFF, "max": 0x7BFF, "epsilon": 0x1400, "round_error": 0x3800,
                "infinity": 0x7C00, "quiet_NaN": 0x7E00, "denorm_min": 0x0001, "lower_bound": 0xFC00,
                "upper_bound": 0x7C00},
    "bfloat16": {"min": 0x0080, "lowest": 0xFF7F, "max": 0x7F7F, "epsilon": 0x3C00, "round_error": 0x3F00,
                 "infinity": 0x7F80, "quiet_NaN": 0x7FC0, "denorm_min": 0x0001, "lower_bound": 0xFF80,
                 "upper_bound": 0x7F80},
}
HALF_LIMIT_RECORDS: tuple[HalfLimit, ...] = tuple(
    HalfLimit(dtype=dtype, member=member, bits=bits)
    for dtype, members in _HALF_LIMIT_BITS.items() for member, bits in members.items())
HALF_LIMITS: dict[tuple[str, str], HalfLimit] = {(h.dtype, h.member): h for h in HALF_LIMIT_RECORDS}

BINARY_OPERATORS: dict[str, str] = {o.cuda: o.ir_op for o in OPERATORS}
BUILTIN_VARIABLES: dict[str, BuiltinVariable] = {b.cuda: b for b in BUILTIN_VARIABLE_RECORDS}
BARRIERS: dict[str, Barrier] = {b.cuda: b for b in BARRIER_RECORDS}
WARP_OPS: dict[str, WarpOp] = {w.cuda: w for w in WARP_OP_RECORDS}
ATOMICS: dict[str, Atomic] = {a.cuda: a for a in ATOMIC_RECORDS}
CONSTANT_CALLS: dict[str, ConstantCall] = {c.cuda: c for c in CONSTANT_CALL_RECORDS}
DEBUG_CALLS: dict[str, DebugCall] = {d.cuda: d for d in DEBUG_CALL_RECORDS}
GROUP_CALLS: dict[str, GroupCall] = {g.cuda: g for g in GROUP_CALL_RECORDS}
GROUP_TYPES: dict[str, GroupType] = {g.kind: g for g in GROUP_TYPE_RECORDS}
GROUP_OPERATORS: dict[str, GroupOperator] = {g.cuda: g for g in GROUP_OPERATOR_RECORDS}
# Calls that wait for or exchange data with other threads: a __device__ function making one (or any
# cooperative-groups call) is inlined into its caller, whose phases its barriers split.
SYNCHRONISING: frozenset[str] = frozenset({b.cuda for b in BARRIER_RECORDS if b.scope} | set(WARP_OPS))


def bare_name(cuda: str) -> str:
    """`cooperative_groups::thread_rank` -> `thread_rank`: the last component of a namespaced spelling."""
    return cuda.rsplit("::", 1)[-1]
