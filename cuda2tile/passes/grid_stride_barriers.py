"""Pass: a grid- or block-stride loop that holds a barrier runs its trips at the block level.

CUDA requires every thread of a block to reach each `__syncthreads()`; in a stride loop whose body
holds one, that holds when every thread makes the same number of trips, which real code arranges
through its launch (mmcv's `ms_deformable_col2im_gpu_kernel_shm_blocksize_aware_reduce_v1` runs
`blockSize == channels` threads over `n = batch * queries * heads * channels` indices):

    CUDA_1D_KERNEL_LOOP(index, n) {            // for (int index = blockIdx.x * blockDim.x + threadIdx.x;
      cache[threadIdx.x] = ...;                //      index < n; index += blockDim.x * gridDim.x)
      __syncthreads();
      if (threadIdx.x == 0) ... cache[t] ...
      __syncthreads();
    }

The loop's condition names the thread, so split_phases cannot steer the barriers with it (C2T1214).
It can once the loop counts the block's own base index, the same in every thread, and each thread
tests its own index inside each trip:

    index_next = bx * bd                       # block level: the base, no thread's index is below it
    while index_next < n:                      # a trip while some thread may have one
        index_start = index_next
        index_next = index_next + bd * gd
        if index_start + tx < n:               # barrier_guard: repeated in every phase
            index = index_start + tx
            ...

Exact for every launch CUDA defines: when each thread makes the same number of trips, the guard
holds in all of them. Where some threads of a block finish earlier (a last block past `n`, which
CUDA leaves undefined with a barrier inside), they idle through the remaining trips and still
arrive at the barriers. The form requires what makes that so: a cursor `base + offset` where
`base` is the same in every thread and `offset` is built from threadIdx, blockDim and non-negative
constants by + and * (never negative), advanced by a positive step built from blockDim, gridDim and
constants, tested with `<` or `<=` against a bound; nothing else reads the cursor. Then no thread
has a trip once the base is past the bound (a trip where none has one only repeats the guards), and
a thread past the bound stays past it. The sums are
taken in the cursor's own arithmetic (an `int` cursor from unsigned `blockIdx.x * blockDim.x +
threadIdx.x` adds in uint32), so every thread's index is the one C computes.

Both forms of the lift are rewritten: the cursor form of a runtime step (`lift_function.cursor_for`)
and the counted `For` of a constant one (`for (int i = threadIdx.x; i < n; i += 128)`). Loops
without barriers are left as they are.
"""

from __future__ import annotations

from dataclasses import replace

from cuda2tile.ir import tile_ir as I
from cuda2tile.ir.ir_names import all_names, fresh, nodes
from cuda2tile.ir.types import dtype_bits as bits, is_integer as is_int
from cuda2tile.ir.uniformity import contains_barrier, expr_uniform, uniform_variables

_UPWARD = {"lt": "lt", "le": "le", "gt": "lt", "ge": "le"}  # `c < n`, `c <= n`, `n > c`, `n >= c`


def grid_stride_barriers(kernel: I.Kernel) -> I.Kernel:
    parallel = next((s for s in kernel.body if isinstance(s, I.Parallel)), None)
    if parallel is None or not contains_barrier(parallel.body):
        return kernel
    params = {p.name for p in kernel.params if isinstance(p, I.ScalarParam)}
    rewriter = _Rewriter(parallel.body, uniform_variables(parallel.body, params), all_names(kernel))
    body = rewriter.block(parallel.body)
    if body == parallel.body:
        return kernel
    return replace(kernel, body=tuple(replace(s, body=body) if s is parallel else s for s in kernel.body))


def _terms(e, width: int) -> list:
    """The terms of the sum `e` through its 32- or 64-bit additions and the casts between integers of
    that width (bijections, so the sum is the same modulo 2**width); `[e]` if `e` is no such sum."""
    if isinstance(e, I.Cast) and is_int(e.dtype) and is_int(e.operand.dtype) \
            and bits(e.dtype) == bits(e.operand.dtype) == width:
        return _terms(e.operand, width)
    if isinstance(e, I.Binary) and e.op == "add" and is_int(e.dtype) and bits(e.dtype) == width:
        return _terms(e.lhs, width) + _terms(e.rhs, width)
    return [e]


def _built_from(e, leaves: tuple, least: int) -> bool:
    """`e` is made of `leaves` (node kinds, each at least `least`) and integer constants of at least
    `least` by + and *, through casts to integers of 32 bits or more: so at least `least` itself."""
    for x in nodes(e):
        if isinstance(x, I.Const):
            if not (isinstance(x.value, int) and not isinstance(x.value, bool) and x.value >= least):
                return False
        elif isinstance(x, I.Binary):
            if x.op not in ("add", "mul"):
                return False
        elif isinstance(x, I.Cast):  # never to a narrower type: `(signed char)threadIdx.x` may be negative
            if not (is_int(x.dtype) and is_int(x.operand.dtype) and bits(x.dtype) >= 32):
                return False
        elif not isinstance(x, leaves):
            return False
    return True


def _thread_offset(e) -> bool:
    """`threadIdx.x + threadIdx.y * blockDim.x`: never negative, so no thread's index is below the base."""
    return _built_from(e, (I.ThreadIdx, I.BlockDim), 0)


def _positive(e) -> bool:
    """A step built from blockDim, gridDim and positive constants: at least 1."""
    return _built_from(e, (I.BlockDim, I.GridDim), 1)


def _sum(terms: list, dtype: str):
    """The terms added in `dtype` (each cast to it), or 0."""
    cast = [t if t.dtype == dtype else I.Cast(t, dtype) for t in terms]
    if not cast:
        return I.Const(0, dtype)
    total = cast[0]
    for t in cast[1:]:
        total = I.Binary("add", total, t, dtype)
    return total


class _Rewriter:
    def __init__(self, region: tuple, uniform: set[str], taken: set[str]):
        self.region = region
        self.uniform = uniform
        self.taken = taken

    def block(self, stmts: tuple) -> tuple:
        out: list = []
        k = 0
        while k < len(stmts):
            s = stmts[k]
            nxt = stmts[k + 1] if k + 1 < len(stmts) else None
            pair = self.cursor_loop(s, nxt) if isinstance(nxt, I.While) else None
            if pair is not None:
                out += pair
                k += 2
                continue
            if isinstance(s, I.For):
                s = self.counted_loop(s)
            if isinstance(s, I.If):
                s = replace(s, then=self.block(s.then), other=self.block(s.other))
            elif isinstance(s, (I.For, I.While)):
                s = replace(s, body=self.block(s.body))
            out.append(s)
            k += 1
        return tuple(out)

    def split_start(self, start, dtype: str):
        """(`base`, `offset`, `wide`) with start == base + offset in `dtype`'s width, `base` (of `dtype`) the
        same in every thread and `offset` (of `wide`, the additions' own type) a thread offset; None if
        `start` is no such sum or names no thread."""
        if not is_int(dtype):
            return None
        terms = _terms(start, bits(dtype))
        base = [t for t in terms if expr_uniform(t, self.uniform)]
        offset = [t for t in terms if not expr_uniform(t, self.uniform)]
        if not offset or not all(_thread_offset(t) for t in offset):
            return None
        # the additions in the cursor's arithmetic: unsigned where C's were (`bx * bd + tx` in uint32)
        adds = [x for x in nodes(start) if isinstance(x, I.Binary) and x.op == "add"]
        wide = adds[0].dtype if adds else dtype
        base = _sum(base, wide)
        return base if wide == dtype else I.Cast(base, dtype), _sum(offset, wide), wide

    def index(self, start_var: str, dtype: str, offset, wide: str):
        at = I.Var(start_var, dtype)
        total = I.Binary("add", at if dtype == wide else I.Cast(at, wide), offset, wide)
        return total if wide == dtype else I.Cast(total, dtype)

    def advance_step(self, advance, cursor: str, dtype: str):
        """Whether `advance` is `cursor + step` with a positive step (in the cursor's width)."""
        if not is_int(dtype):
            return False
        terms = _terms(advance, bits(dtype))
        own = [t for t in terms if isinstance(t, I.Var) and t.name == cursor]
        rest = [t for t in terms if t not in own]
        return len(own) == 1 and rest and all(_positive(t) for t in rest) and \
            cursor not in all_names(tuple(rest))

    def cursor_loop(self, init, loop: I.While):
        """`c = start; while c < n: i = c; c = c + step; body` (lift_function.cursor_for)."""
        if not (isinstance(init, I.AssignVar) and contains_barrier(loop.body) and len(loop.body) >= 2):
            return None
        cond = loop.cond
        if not (isinstance(cond, I.Binary) and cond.op in _UPWARD):
            return None
        cursor_side, bound = (cond.lhs, cond.rhs) if cond.op in ("lt", "le") else (cond.rhs, cond.lhs)
        c = init.name
        if not (isinstance(cursor_side, I.Var) and cursor_side.name == c) or c in all_names(bound):
            return None
        let, advance = loop.body[0], loop.body[1]
        rest = loop.body[2:]
        if not (isinstance(let, I.Let) and let.value == cursor_side and isinstance(advance, I.AssignVar)
                and advance.name == c and self.advance_step(advance.value, c, cursor_side.dtype)):
            return None
        if c in all_names(rest) or c in all_names(init.value) or self.reads_elsewhere(c, (init, loop)):
            return None
        split = self.split_start(init.value, cursor_side.dtype)
        if split is None:
            return None
        base, offset, wide = split
        dtype = cursor_side.dtype
        start = fresh(f"{let.name}_start", self.taken)
        index = self.index(start, dtype, offset, wide)
        guard = I.Binary(_UPWARD[cond.op], index, bound, "bool")
        body = (I.Let(start, cursor_side, let.line), advance,
                I.If(guard, (replace(let, value=index),) + self.block(rest), (), loop.line, barrier_guard=True))
        return [replace(init, value=base), replace(loop, body=body)]

    def counted_loop(self, loop: I.For) -> I.For:
        """`for i in T.serial(start, n, step)` whose start names the thread and whose body holds a barrier."""
        if not (contains_barrier(loop.body) and _positive(loop.step) and is_int(loop.start.dtype)):
            return loop
        dtype = loop.start.dtype
        split = self.split_start(loop.start, dtype)
        if split is None or not expr_uniform(loop.stop, self.uniform):
            return loop
        base, offset, wide = split
        start = fresh(f"{loop.var}_start", self.taken)
        index = self.index(start, dtype, offset, wide)
        guard = I.Binary("lt", index, loop.stop, "bool")
        body = (I.If(guard, (I.Let(loop.var, index, loop.line),) + self.block(loop.body), (), loop.line,
                     barrier_guard=True),)
        return replace(loop, var=start, start=base, body=body)

    def reads_elsewhere(self, name: str, mine: tuple) -> bool:
        """Whether the region names `name` (beyond declaring it) outside `mine`, the cursor's start and
        loop: the per-thread cursor's value after the loop would change."""
        return _mentions(self.region, name) != _mentions(mine, name)


def _mentions(node, name: str) -> int:
    """How many reads, assignments and loops of `node` name the variable `name`."""
    return sum(1 for x in nodes(node) if isinstance(x, (I.Var, I.Let, I.AssignVar)) and x.name == name
               or isinstance(x, I.For) and x.var == name)
