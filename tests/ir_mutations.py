"""Deliberately broken conversions, shared by the numerical tests that must catch them.

Each mutation is one bug a converter could make, applied to a lifted kernel's tile IR; a test emits
the mutant and checks that the numerical comparison (reference check or parity run) fails.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from cuda2tile.emit.module import emit_module
from cuda2tile.ir import tile_ir as I
from cuda2tile.lift.lift_kernel import lift_kernel
from cuda2tile.parity.verify_references import check_kernel
from cuda2tile.parse.frontend import parse_file
from cuda2tile.runtime import load_module
from cuda2tile.spec.launch_spec import load_spec

_LEAVES = (str, int, float, bool, type(None))


def map_exprs(node, fn):
    """Rebuild `node` bottom-up, replacing every sub-node `n` for which `fn(n)` is not None."""
    new = fn(node)
    if new is not None:
        return new
    if isinstance(node, tuple):
        return tuple(map_exprs(x, fn) for x in node)
    if hasattr(node, "__dataclass_fields__") and not isinstance(node, I.Const):
        return replace(node, **{f: map_exprs(getattr(node, f), fn) for f in node.__dataclass_fields__
                                if not isinstance(getattr(node, f), _LEAVES)})
    return node


def _rewrite_first(stmts, fn, done):
    """Apply `fn(stmt) -> stmt | None` to the first statement it accepts, searching nested bodies."""
    out = []
    for s in stmts:
        if not done:
            new = fn(s)
            if new is not None:
                done.append(s)
                s = new
            elif isinstance(s, I.If):
                s = replace(s, then=_rewrite_first(s.then, fn, done), other=_rewrite_first(s.other, fn, done))
            elif isinstance(s, (I.For, I.While, I.Parallel)):
                s = replace(s, body=_rewrite_first(s.body, fn, done))
            elif isinstance(s, I.Raised):  # the form that runs first: the faithful one only when nothing was raised
                s = replace(s, raised=_rewrite_first(s.raised, fn, done), faithful=_rewrite_first(s.faithful, fn, done))
        out.append(s)
    return tuple(out)


def off_by_one_load(kernel: I.Kernel, buffer: str, bound: str) -> I.Kernel:
    """`buffer[i]` -> `buffer[i + 1 < bound ? i + 1 : i]`: the neighbour's element, still in range."""
    done = []

    def shift(e):
        if isinstance(e, I.Load) and e.buffer == buffer and not done:
            done.append(e)
            nxt = I.Binary("add", e.index, I.Const(1, e.index.dtype), e.index.dtype)
            guarded = I.Select(I.Binary("lt", nxt, I.Var(bound, e.index.dtype), "bool"), nxt, e.index,
                               e.index.dtype)
            return replace(e, index=guarded)
        return None

    mutated = replace(kernel, body=map_exprs(kernel.body, shift))
    assert done, f"no load of {buffer}"
    return mutated


def drop_first_barrier(kernel: I.Kernel) -> I.Kernel:
    """Remove the first block-level barrier between two phases and merge those phases into one."""
    done = []

    def visit(stmts):
        out = list(stmts)
        for k, s in enumerate(out):
            if done:
                break
            if isinstance(s, I.Barrier) and s.kind == "block" and 0 < k < len(out) - 1 \
                    and isinstance(out[k - 1], I.Parallel) and isinstance(out[k + 1], I.Parallel):
                done.append(s)
                merged = replace(out[k - 1], body=out[k - 1].body + out[k + 1].body)
                return tuple(out[:k - 1]) + (merged,) + tuple(out[k + 2:])
            if isinstance(s, (I.For, I.While)):
                out[k] = replace(s, body=visit(s.body))
            elif isinstance(s, I.If):
                out[k] = replace(s, then=visit(s.then), other=visit(s.other))
        return tuple(out)

    mutated = replace(kernel, body=visit(kernel.body))
    assert done, "no barrier between two phases"
    return mutated


def drop_first_privatisation(kernel: I.Kernel) -> I.Kernel:
    """Keep the first per-thread slot as one block-level scalar: every thread then shares it."""
    slot = next(s for s in kernel.body if isinstance(s, I.DeclPrivate) and s.size is None)

    def shared_scalar(e):
        return I.Var(slot.name, e.dtype) if isinstance(e, I.PrivateLoad) and e.name == slot.name else None

    def stmts(body):
        out = []
        for s in body:
            if s is slot:
                out.append(I.DeclVar(slot.name, slot.dtype))
            elif isinstance(s, I.PrivateStore) and s.name == slot.name:
                out.append(I.AssignVar(s.name, map_exprs(s.value, shared_scalar), s.line))
            elif isinstance(s, I.If):
                out.append(replace(s, cond=map_exprs(s.cond, shared_scalar), then=stmts(s.then),
                                   other=stmts(s.other)))
            elif isinstance(s, (I.For, I.While, I.Parallel)):
                out.append(replace(map_exprs(s, shared_scalar), body=stmts(s.body)))
            else:
                out.append(map_exprs(s, shared_scalar))
        return tuple(out)

    return replace(kernel, body=stmts(kernel.body))


def wrong_reduction_operator(kernel: I.Kernel, buffer: str) -> I.Kernel:
    """The first `buffer[k] = buffer[k] + ...` becomes `buffer[k] * ...`: a product instead of a sum; in a
    raised kernel, the tile reduction of `buffer` (`T.reduce_sum`) becomes a maximum."""
    def fn(s):
        if isinstance(s, I.Store) and s.buffer == buffer and isinstance(s.value, I.Binary) and s.value.op == "add":
            return replace(s, value=replace(s.value, op="mul"))
        if isinstance(s, I.BlockReduce) and s.buffer == buffer and s.op == "sum":
            return replace(s, op="max")
        if isinstance(s, I.WarpReduce) and s.value == buffer and s.op == "sum":  # `buffer`: the reduced value
            return replace(s, op="max")
        return None

    done = []
    mutated = replace(kernel, body=_rewrite_first(kernel.body, fn, done))
    assert done, f"no `{buffer}[..] = .. + ..` store"
    return mutated


def shorten_gemm_reduction(kernel: I.Kernel) -> I.Kernel:
    """A raised matrix product that drops its last step: A's tile reads k < K - 1 instead of k < K."""
    raised = kernel.body[0]
    assert isinstance(raised, I.Raised) and isinstance(raised.raised[0], I.TiledGemm), "no raised gemm"
    gemm = raised.raised[0]
    shorter = I.Binary("lt", I.Var(gemm.k, "int32"), I.Binary("sub", gemm.k_extent, I.Const(1, "int32"), "int32"),
                       "bool")
    a = replace(gemm.a, mask=I.Binary("and", gemm.a.mask, shorter, "bool"))
    return replace(kernel, body=(replace(raised, raised=(replace(gemm, a=a),)),))


def shift_raised_scan(kernel: I.Kernel) -> I.Kernel:
    """Every raised block scan turns exclusive (inclusive) where it was inclusive (exclusive): each
    element loses (gains) its own term."""
    def fn(s):
        return replace(s, exclusive=not s.exclusive) if isinstance(s, I.BlockScan) else None

    mutated = replace(kernel, body=map_exprs(kernel.body, fn))
    assert mutated != kernel, "no raised scan"
    return mutated


def skip_raised_warp_scans(kernel: I.Kernel) -> I.Kernel:
    """Every raised warp scan does nothing: each lane keeps its own value instead of its prefix sum."""
    def fn(s):
        if isinstance(s, I.Raised) and any(isinstance(x, I.WarpScan) for x in s.raised):
            return replace(s, raised=())
        return None

    mutated = replace(kernel, body=map_exprs(kernel.body, fn))
    assert mutated != kernel, "no raised warp scan"
    return mutated


def shift_tile_copies(kernel: I.Kernel) -> I.Kernel:
    """Every raised tile copy starts one element later in global memory: an off-by-one span."""
    def fn(s):
        return replace(s, offset=I.Binary("add", s.offset, I.Const(1, "int32"), "int32")) \
            if isinstance(s, I.TileCopy) else None

    mutated = replace(kernel, body=map_exprs(kernel.body, fn))
    assert mutated != kernel, "no raised tile copy"
    return mutated


def perturb_first_store(kernel: I.Kernel) -> I.Kernel:
    """y[i] = ...  ->  y[i ^ 1] = ...  (stays in bounds for even lengths, lands on the wrong element)."""
    def fn(s):
        if isinstance(s, I.Store):
            return replace(s, index=I.Binary("bitxor", s.index, I.Const(1, s.index.dtype), s.index.dtype))
        return None

    done = []
    mutated = replace(kernel, body=_rewrite_first(kernel.body, fn, done))
    assert done, "no store to perturb"
    return mutated


def freeze_first_pointer_step(kernel: I.Kernel) -> I.Kernel:
    """`w += n;` of a moved pointer (its offset variable `w_off = w_off + n`) -> `w_off = w_off`: the
    pointer stays where it was."""
    def fn(s):
        if isinstance(s, I.AssignVar) and s.name.endswith("_off") and isinstance(s.value, I.Binary):
            return replace(s, value=I.Var(s.name, "int64"))
        return None

    done = []
    mutated = replace(kernel, body=_rewrite_first(kernel.body, fn, done))
    assert done, "no pointer step to freeze"
    return mutated


def read_sibling_field(kernel: I.Kernel, field: str | None = None) -> I.Kernel:
    """Every read of a flattened struct field (`field`, e.g. `p.scale`, parameter `p_scale`; None: the
    first that has one) reads the next field of the same struct and type instead (`p.shift`): the bug of
    a converter that lays fields out by position."""
    fields = [p for p in kernel.params if isinstance(p, I.ScalarParam) and "." in p.cuda_name]
    pair = next(((a, b) for a, b in zip(fields, fields[1:])
                 if a.dtype == b.dtype and a.cuda_name.rsplit(".", 1)[0] == b.cuda_name.rsplit(".", 1)[0]
                 and field in (None, a.cuda_name)), None)
    assert pair, "no two scalar fields of one struct with the same type"
    first, second = pair

    def swap(e):
        if isinstance(e, I.Var) and e.name == first.name:
            return replace(e, name=second.name)
        return None

    return replace(kernel, body=map_exprs(kernel.body, swap))  # macros name their parameters themselves


def drop_first_break(kernel: I.Kernel) -> I.Kernel:
    """The first `break` removed: a loop a `return` left (returns_in_loops) runs on past what it found."""
    def fn(s):
        return I.Evaluate(I.Const(0, "int32"), s.line) if isinstance(s, I.Break) else None

    done = []
    mutated = replace(kernel, body=_rewrite_first(kernel.body, fn, done))
    assert done, "no break to drop"
    return mutated


def drop_first_assignment_to(kernel: I.Kernel, var: str) -> I.Kernel:
    """The first assignment to `var` removed (`m = count[i]` hoisted out of `if ((m = count[i]) > 2)`)."""
    def fn(s):
        return I.Evaluate(I.Const(0, "int32"), s.line) if isinstance(s, I.AssignVar) and s.name == var else None

    done = []
    mutated = replace(kernel, body=_rewrite_first(kernel.body, fn, done))
    assert done, f"no assignment to {var}"
    return mutated


def write_back_lost(kernel: I.Kernel, var: str) -> I.Kernel:
    """The first write to the caller's `var` inside a loop lost, as if the helper called there had taken
    its argument by value: `update(&acc, v, &arg, i)` whose `*where = i` no longer reaches `arg`,
    `accumulate(total, hits, v)` whose `hits++` no longer reaches `hits`."""
    def drop(s):
        return I.Evaluate(I.Const(0, "int32"), s.line) if isinstance(s, I.AssignVar) and s.name == var else None

    def in_loop(s):
        if isinstance(s, (I.For, I.While)):
            inner = []
            body = _rewrite_first(s.body, drop, inner)
            if inner:
                done.append(s)
                return replace(s, body=body)
        return None

    done = []
    mutated = replace(kernel, body=_rewrite_first(kernel.body, in_loop, done))
    assert done, f"no assignment to {var} in a loop"
    return mutated


def functor_call_returns_its_operand(kernel: I.Kernel, member: str) -> I.Kernel:
    """The first call in the kernel's body of a functor's member function (`op(acc, x[k])`, lifted as
    the macro of `Max::operator()`) replaced by its last argument: `acc = op(acc, v)` becomes
    `acc = v`, as if the call of a functor object had been dropped."""
    done = []

    def fn(n):
        if not done and isinstance(n, I.MacroCall) and member in n.name and n.args:
            done.append(n)
            return n.args[-1]
        return None

    mutated = replace(kernel, body=map_exprs(kernel.body, fn))
    assert done, f"no call of a macro named like {member}"
    return mutated


def invert_null_flags(kernel: I.Kernel) -> I.Kernel:
    """Every NULL flag read inverted: `if (weight != NULL)` runs as if the pointer were NULL and back."""
    flags = {flag for _, flag in kernel.null_flags}
    assert flags, "the kernel tests no pointer against NULL"

    def fn(n):
        return I.Unary("not", n, "bool") if isinstance(n, I.Var) and n.name in flags else None

    return replace(kernel, body=map_exprs(kernel.body, fn))


def loosen_first_float_class(kernel: I.Kernel) -> I.Kernel:
    """The first bit test of a float class made inclusive: `isnan(x)` (`m > inf`) also true for an
    infinity, `isfinite(x)` (`m < inf`) also for one."""
    loosen = {"gt": "ge", "lt": "le"}
    done = []

    def fn(n):
        if not done and isinstance(n, I.Binary) and n.op in loosen and isinstance(n.lhs, I.Binary) \
                and n.lhs.op == "bitand" and isinstance(n.lhs.lhs, I.Bitcast):
            done.append(n)
            return replace(n, op=loosen[n.op])
        return None

    mutated = replace(kernel, body=map_exprs(kernel.body, fn))
    assert done, "no float class test"
    return mutated


def zero_first_initialiser(kernel: I.Kernel, array: str) -> I.Kernel:
    """The first item of `array`'s braced initialiser stored as 0 (`taps[0] = 0.0625f` -> `taps[0] = 0`)."""
    def fn(s):
        if isinstance(s, I.Store) and s.buffer == array:
            return replace(s, value=I.Const(0.0 if s.value.dtype.startswith("float") else 0, s.value.dtype))
        return None

    done = []
    mutated = replace(kernel, body=_rewrite_first(kernel.body, fn, done))
    assert done, f"no store to {array}"
    return mutated


def drop_last_lane_of_wide_copies(kernel: I.Kernel) -> I.Kernel:
    """`*((float2*)dst) = *((float2*)src)` of four halves copied as three: the store of each copy's
    last element (its value the load named `..._bits_3`) left out, in the kernel and its macros."""
    dropped = []

    def keep(stmts):
        out = []
        for s in stmts:
            if isinstance(s, I.Store) and isinstance(s.value, I.Var) and s.value.name.endswith("_bits_3"):
                dropped.append(s)
                continue
            for field in ("body", "then", "other", "raised", "faithful"):
                if isinstance(getattr(s, field, None), tuple):
                    s = replace(s, **{field: keep(getattr(s, field))})
            out.append(s)
        return tuple(out)

    mutated = replace(kernel, body=keep(kernel.body), macros=tuple(replace(m, body=keep(m.body))
                                                                    for m in kernel.macros))
    assert dropped, "no copy through a wider type"
    return mutated


def cas_swaps_in_the_expected_bits(kernel: I.Kernel) -> I.Kernel:
    """Every atomicCAS on another dtype's bits swaps in what it expected (`atomicCAS(p, assumed,
    assumed)`): the CAS loop ends at once and the element never changes."""
    done = []

    def fn(n):
        if isinstance(n, I.AtomicRMW) and n.op == "cas" and n.storage:
            done.append(n)
            return replace(n, value=n.compare)
        return None

    mutated = replace(kernel, body=map_exprs(kernel.body, fn), macros=map_exprs(kernel.macros, fn))
    assert done, "no atomicCAS on another dtype's bits"
    return mutated


def sine_for_cosine(kernel: I.Kernel) -> I.Kernel:
    """`sincosf(x, &s, &c)` with the cosine's slot given the sine as well."""
    done = []

    def fn(n):
        if isinstance(n, I.Intrinsic) and n.op == "cos":
            done.append(n)
            return replace(n, op="sin")
        return None

    mutated = replace(kernel, body=map_exprs(kernel.body, fn))
    assert done, "no cosine"
    return mutated


def swap_first_if_with_else(kernel: I.Kernel, depth: int = 0) -> I.Kernel:
    """The branches of the first `if` that has an else (counting from `depth`) exchanged: a switch's
    first clause runs for the values of the others and back."""
    seen = []

    def fn(s):
        if isinstance(s, I.If) and s.other:
            seen.append(s)
            if len(seen) > depth:
                return replace(s, then=s.other, other=s.then)
        return None

    done = []
    mutated = replace(kernel, body=_rewrite_first(kernel.body, fn, done))
    assert done, "no if with an else"
    return mutated


def failing_outputs(cu: Path, name: str, mutation, tmp_path: Path, source: str | None = None) -> set[str]:
    """Check kernel `name` of `cu` against its numpy reference (`<stem>_ref.py`) faithful (it must pass)
    and mutated by `mutation`; the names of the outputs the mutant gets wrong, each by at least one
    element. `source`: the name the checks report the file by (default `cu`'s own)."""
    source = source or cu.name
    spec = next(s for s in load_spec(cu.with_suffix(".toml")) if s.name == name)
    healthy = check_kernel(cu, load_module(emit_mutant(cu, name, None, tmp_path / "ok.py")), spec, source)
    assert healthy.ok, healthy.describe()
    result = check_kernel(cu, load_module(emit_mutant(cu, name, mutation, tmp_path / "mutant.py")), spec, source)
    assert all(c.mismatches > 0 for c in result.comparisons if not c.ok), result.describe()
    return {c.name for c in result.comparisons if not c.ok}


def emit_mutant(cu: Path, name: str, mutate, path: Path, raise_idioms: frozenset[str] | None = None) -> Path:
    """Lift `cu`'s kernel `name` (raising `raise_idioms`, None: every idiom), apply `mutate` (None: no
    mutation), emit it alone as the module `path`."""
    parsed = parse_file(str(cu))
    functions = {f.name: f for f in parsed.unit.functions if not f.is_kernel}
    fn = next(f for f in parsed.unit.functions if f.is_kernel and f.name == name)
    kernel = lift_kernel(fn, functions, parsed.unit.launches, raise_idioms=raise_idioms)
    if mutate is not None:
        kernel = mutate(kernel)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(emit_module([kernel], cu.name, parsed.source_lines, []))
    return path


def half_bits_as_values(kernel: I.Kernel) -> I.Kernel:
    """Every bit cast between a float16 value and a 16-bit integer (`__half_as_ushort`, at::Half's `.x`)
    made a value conversion instead: 2.5 becomes 2, not 0x4100, so the word a CAS loop writes back
    holds the wrong element."""
    done = []

    def fn(n):
        if isinstance(n, I.Bitcast) and {n.dtype, n.operand.dtype} & {"float16"} and \
                {n.dtype, n.operand.dtype} & {"uint16", "int16"}:
            done.append(n)
            return I.Cast(map_exprs(n.operand, fn), n.dtype)
        return None

    mutated = replace(kernel, body=map_exprs(kernel.body, fn), macros=map_exprs(kernel.macros, fn))
    assert done, "no bit cast between float16 and a 16-bit integer"
    return mutated


def struct_lanes_swapped(kernel: I.Kernel, buffer: str, first: int = 1, second: int = 2) -> I.Kernel:
    """Every load of lane `first` of `buffer`'s struct elements (`pts[i * 3 + 1]`, field y) reads lane
    `second` (field z) and back: the bug of a converter that numbers a struct's fields wrongly."""
    done = []

    def fn(e):
        if isinstance(e, I.Load) and e.buffer == buffer and isinstance(e.index, I.Binary) and \
                e.index.op == "add" and isinstance(e.index.rhs, I.Const) and e.index.rhs.value in (first, second):
            done.append(e)
            other = second if e.index.rhs.value == first else first
            return replace(e, index=replace(e.index, rhs=replace(e.index.rhs, value=other)))
        return None

    mutated = replace(kernel, body=map_exprs(kernel.body, fn), macros=map_exprs(kernel.macros, fn))
    assert done, f"no load of lane {first} or {second} of '{buffer}'"
    return mutated


def shuffle_offset_one_short(kernel: I.Kernel) -> I.Kernel:
    """Every lowered warp shuffle by an offset (`__shfl_down(v, offset)`, the exchange read
    `warp_exchange[tx + offset]`) reads one lane closer (`tx + offset - 1`): an off-by-one in the
    arguments of a shuffle. (Reads stay inside the block: the offset is at least 1.)"""
    done = []

    def fn(n):
        if isinstance(n, I.Load) and n.buffer.startswith("warp_exchange") and isinstance(n.index, I.Binary) and \
                n.index.op == "add" and (isinstance(n.index.rhs, I.Var) or
                                         (isinstance(n.index.rhs, I.Const) and n.index.rhs.value >= 1)):
            done.append(n)
            rhs = n.index.rhs
            shorter = I.Binary("sub", rhs, I.Const(1, rhs.dtype), rhs.dtype)
            return replace(n, index=replace(n.index, rhs=shorter))
        return None

    mutated = replace(kernel, body=map_exprs(kernel.body, fn), macros=map_exprs(kernel.macros, fn))
    assert done, "no warp exchange read at an offset"
    return mutated
