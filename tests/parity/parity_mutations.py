"""Deliberately broken conversions: lift a corpus kernel, mutate its tile IR, emit a converted tree.

Each mutation is one bug a converter could make; the parity harness must report each of them as a
failure with the worst element and its error.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from cuda2tile.emit.module import emit_module
from cuda2tile.lift import tile_ir as I
from cuda2tile.lift.lift_kernel import lift_kernel
from cuda2tile.parse.frontend import parse_file


def _rewrite(stmts, fn, done):
    """Apply `fn(stmt) -> stmt | None` to the first statement it accepts, searching nested bodies."""
    out = []
    for s in stmts:
        if not done:
            new = fn(s)
            if new is not None:
                done.append(s)
                s = new
            elif isinstance(s, I.If):
                s = replace(s, then=_rewrite(s.then, fn, done), other=_rewrite(s.other, fn, done))
            elif isinstance(s, (I.For, I.While, I.Parallel)):
                s = replace(s, body=_rewrite(s.body, fn, done))
        out.append(s)
    return tuple(out)


def off_by_one_load(kernel: I.Kernel, buffer: str, bound: str) -> I.Kernel:
    """`buffer[i]` -> `buffer[i + 1 < bound ? i + 1 : i]`: the neighbour's element, still in range."""
    done = []

    def expr(e):
        if isinstance(e, I.Load) and e.buffer == buffer and not done:
            done.append(e)
            nxt = I.Binary("add", e.index, I.Const(1, e.index.dtype), e.index.dtype)
            guarded = I.Select(I.Binary("lt", nxt, I.Var(bound, e.index.dtype), "bool"), nxt, e.index,
                               e.index.dtype)
            return replace(e, index=guarded)
        if isinstance(e, tuple):
            return tuple(expr(x) for x in e)
        if hasattr(e, "__dataclass_fields__") and not isinstance(e, (I.Const, I.Var)):
            return replace(e, **{f: expr(getattr(e, f)) for f in e.__dataclass_fields__
                                 if not isinstance(getattr(e, f), (str, int, float, bool, type(None)))})
        return e

    mutated = replace(kernel, body=expr(kernel.body))
    assert done, f"no load of {buffer}"
    return mutated


def drop_first_barrier(kernel: I.Kernel) -> I.Kernel:
    """Remove the first `T.sync_threads()` between two phases and merge the phases into one."""
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


def wrong_reduction_operator(kernel: I.Kernel, buffer: str) -> I.Kernel:
    """The first `buffer[k] = buffer[k] + ...` becomes `buffer[k] * ...`: a product instead of a sum."""
    def fn(s):
        if isinstance(s, I.Store) and s.buffer == buffer and isinstance(s.value, I.Binary) and s.value.op == "add":
            return replace(s, value=replace(s.value, op="mul"))
        return None

    done = []
    mutated = replace(kernel, body=_rewrite(kernel.body, fn, done))
    assert done, f"no `{buffer}[..] = .. + ..` store"
    return mutated


def write_converted_tree(cu: Path, name: str, mutate, out_dir: Path) -> Path:
    """Emit `cu`'s kernel `name` (mutated) as OUT/<stem>.py, the layout `--converted-tree` reads."""
    parsed = parse_file(str(cu))
    functions = {f.name: f for f in parsed.unit.functions if not f.is_kernel}
    fn = next(f for f in parsed.unit.functions if f.is_kernel and f.name == name)
    kernel = lift_kernel(fn, functions, parsed.unit.launches)
    if mutate is not None:
        kernel = mutate(kernel)
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / (cu.stem + ".py")
    path.write_text(emit_module([kernel], cu.name, parsed.source_lines, []))
    return path
