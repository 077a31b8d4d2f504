"""Idioms: multi-statement CUDA patterns that cuda2tile raises to one TileLang tile operation.

Each record names the pass that raises it (`cuda2tile/raising/<pass_name>.py`) and its place among the
idiom passes (lift_kernel.RAISE_PASSES is built from these records), the word used in the
conversion report (`"raised": [name, ...]`) and on the command line (`--no-raise=NAME`).
Raising is semantics-preserving: a pattern that does not match exactly stays on the faithful
path, and the raised form carries the faithful one for launches it does not cover.
"""

from __future__ import annotations

from dataclasses import dataclass

from op_coverage.records import Status


@dataclass(frozen=True, slots=True, kw_only=True)
class Idiom:
    name: str  # report and `--no-raise` spelling
    cuda: str  # the CUDA pattern, as a reader would recognise it
    tilelang: str  # what it becomes
    status: Status
    pass_name: str = ""  # the lift pass that raises it (SUPPORTED records only)
    # where the pass runs among the idiom passes (lift_kernel.RAISE_PASSES, after lift_kernel.PASSES),
    # lowest first. A raised pattern is a `Raised` node the later passes see, so the order is part of
    # the conversion: the whole-launch product first, the copies last.
    pass_order: int = 0
    targets: tuple[str, ...] = ()  # target kinds the raised form lowers for; the others run the faithful form
    note: str = ""
    tests: tuple[str, ...] = ()


IDIOMS: tuple[Idiom, ...] = (
    Idiom(name="block_reduce", status=Status.SUPPORTED, pass_name="raise_block_reduce", pass_order=1,
          targets=("c", "cuda", "hip"),
          cuda="shared-memory tree `for (s = blockDim.x / 2; s > 0; s >>= 1) { if (tid < s) "
               "sh[tid] = sh[tid] OP sh[tid + s]; __syncthreads(); }` with OP `+`, `fmaxf`, `fminf`",
          tilelang="T.reduce_sum / T.reduce_max / T.reduce_min (fragment on GPUs, local on target \"c\")",
          note="1-D blocks whose size is a power of two no larger than the shared array (decided per "
               "launch; other blocks run the tree); only when no other slot of the array is read "
               "afterwards. Metal and WebGPU have no `T.reduce_*` lowering in TileLang 0.1.15: there the "
               "factory builds the tree. Sums are re-associated (order of TileLang's reduction), so float results "
               "may differ in the last bits from the tree's.",
          tests=("tests/translation/raise_block_reduce.cu", "corpus/cooperative/block_reduce.cu")),
    Idiom(name="warp_reduce", status=Status.SUPPORTED, pass_name="raise_warp_reduce", pass_order=2,
          targets=("c", "cuda", "hip"),
          cuda="shuffle loops over the 32 lanes: `for (off = 16; off > 0; off >>= 1) v += __shfl_down_sync(m, v, off)`, "
               "the `__shfl_xor_sync` butterfly, `tile.shfl_down` of a 32-thread cooperative-groups tile; "
               "`+`, `fmaxf`, `fminf`",
          tilelang="T.reduce_sum / T.reduce_max / T.reduce_min over a (warps, 32) tile, dim=1 (fragment on GPUs, "
                   "local on target \"c\")",
          note="for blocks of whole warps (decided per launch). A down-shuffle leaves partial sums outside lane 0, "
               "so it is raised only when `v` is read afterwards in lane 0 alone (`if (lane == 0)`) until it is "
               "overwritten; the butterfly always. Under a guard that selects whole warps (`if (warp == 0)`, "
               "`if (threadIdx.x < 32)`: the second level of a block reduction) a loop is raised when `v` is read "
               "afterwards only under that guard, since the tile form reduces every warp. Copies carry the result "
               "on (an inlined helper's `return v;`). Sums are re-associated.",
          tests=("tests/translation/raise_warp_reduce.cu", "corpus/cooperative/warp_shuffle.cu",
                 "corpus/cooperative/cg_reduce.cu")),
    Idiom(name="tile_copy", status=Status.SUPPORTED, pass_name="raise_tile_copy", pass_order=4,
          targets=("c", "cuda", "hip"),
          cuda="a phase in which every thread moves one element between global and shared memory at consecutive "
               "addresses: `sh[tid] = (i < n) ? x[i] : 0`, `if (i < n) y[i] = sh[tid]`, unguarded alike",
          tilelang="T.copy of the block's span (a TMA store on sm_90) in blocks where the guards hold for every "
                   "thread; the element-wise phase in the block where they do not (the tail)",
          note="decided per block at run time (`if bx * B + B <= n:`): CUDA's guard stops at the kernel's bound "
               "while T.copy would stop at the buffer's end and pad with zeros. Every statement of the phase must "
               "be such a copy, indices `threadIdx.x + <block-uniform offset>` (shared offset 0), guards bounds on "
               "the index; 1-D blocks. 2-D tiles of flat pointers (`tile[ty][tx] = src[y * cols + x]`) stay "
               "element-wise: a flat 1-D tensor gives T.copy no 2-D region, and views over a pointer "
               "(`T.make_tensor`) break TileLang's C wrapper (TILELANG_FACTS §1.3).",
          tests=("tests/translation/raise_tile_copy.cu", "corpus/cooperative/block_reduce.cu")),
    Idiom(name="gemm", status=Status.SUPPORTED, pass_name="raise_gemm", pass_order=0,
          targets=("c", "cuda", "hip"),
          cuda="matrix product per output element: naive (`acc += A[row * K + k] * B[k * N + col]`, "
               "one output per thread, any 2-D block) or with shared-memory tiles of the block's size "
               "(`As[ty][tx] = ...; __syncthreads(); acc += As[ty][k] * Bs[k][tx]`), either operand "
               "transposed, any per-thread epilogue",
          tilelang="tiles staged in shared memory over `T.Pipelined` K steps into a `T.alloc_fragment` "
                   "accumulator: `T.gemm` for float16 operands with a float32 accumulator, an exact "
                   "multiply-add per k for float32/float64/int32; tile shape per target (`tile=` overrides)",
          note="the whole launch becomes one tiled product (its own grid), then the kernel's epilogue "
               "per element with the element's CUDA thread reconstructed. float32 stays float32 (no TF32): "
               "each element sums in CUDA's k order; float16 products are exact and their float32 sums "
               "re-associated. Guards must split into row and column conditions; operands must not be "
               "written by the kernel; the shared-tile form needs the block to match its tiles (decided "
               "per launch).",
          tests=("tests/translation/raise_gemm.cu", "corpus/linalg/matmul.cu", "corpus/linalg/matmul_half.cu",
                 "corpus/cooperative/tiled_matmul.cu")),
    Idiom(name="scan", status=Status.SUPPORTED, pass_name="raise_scan", pass_order=3,
          targets=("c", "cuda", "hip"),
          cuda="block prefix sums over a shared array, recognised by what they compute: Hillis-Steele with a "
               "double buffer (`pout`/`pin`) or with a register and two barriers per step, inclusive or exclusive; "
               "warp scans through `__shfl_up_sync` (`if (lane >= off) v += up`)",
          tilelang="T.cumsum on a shared tile, 1-D for block scans, (warps, 32) with dim=1 for warp scans (CUDA, "
                   "HIP); a serial loop on target \"c\", which has no T.cumsum",
          note="each block size TileLang's scan takes (32 to 1024, powers of two) is checked by executing the "
               "stretch on sums of the array's entry values; the raised form covers the sizes where the result "
               "slots hold exact prefix sums, no other changed slot is read later and the scalars left behind "
               "(e.g. which half of a double buffer holds the result) are known (decided per launch; other "
               "blocks run the loop). Stretches that read global memory or a scalar parameter midway (e.g. "
               "Blelloch's scan writing the block total between its sweeps), warp scans under a guard of whole "
               "warps whose result is read outside it, racy in-place steps and scans whose partial sums are read later stay faithful. Sums are "
               "re-associated.",
          tests=("tests/translation/raise_scan.cu", "corpus/cooperative/block_scan.cu")),
)
RAISABLE: tuple[str, ...] = tuple(i.name for i in IDIOMS if i.status is Status.SUPPORTED)


@dataclass(frozen=True, slots=True, kw_only=True)
class Reduction:
    """A reduction the idiom passes raise to a tile reduction, by the IR of the CUDA loop's combining
    step: `sh[tid] += sh[tid + s]` is the Binary "add", `fmaxf(a, b)` the Intrinsic "fmax"."""
    op: str  # BlockReduce / WarpReduce `op` (printed from op_coverage/tile_forms.py)
    binary: str = ""  # the step as a Binary op
    intrinsic: str = ""  # the step as an Intrinsic op


REDUCTIONS: tuple[Reduction, ...] = (
    Reduction(op="sum", binary="add"),
    Reduction(op="max", intrinsic="fmax"),
    Reduction(op="min", intrinsic="fmin"),
)
REDUCE_DTYPES: tuple[str, ...] = ("float32", "float64", "int32")  # the dtypes TileLang's tile reductions take


def idiom(name: str) -> Idiom | None:
    return next((i for i in IDIOMS if i.name == name), None)
