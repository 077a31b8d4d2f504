"""Lift one `__global__` function to a tile-IR `Kernel` (barrier-free kernels: one Parallel region)."""

from __future__ import annotations

import importlib

import op_coverage
from cuda2tile.ir import tile_ir as I
from cuda2tile.passes.eliminate_early_returns import eliminate_early_returns
from cuda2tile.ir.errors import LiftError
from cuda2tile.lift.lift_expr import (PointerBinding, ScalarBinding, VectorBinding, elem_dtype, struct_binding,
                                      struct_leaf_fields, void_field_pointees)
from cuda2tile.lift.lift_function import (FunctionLifter, LiftContext, Names, PreparedFunctions, assigned_decls,
                                         first_assignment, prepare_function, sanitize)
from cuda2tile.passes.lower_bfloat16 import lower_bfloat16
from cuda2tile.passes.lower_warp_ops import lower_warp_ops
from cuda2tile.passes.materialize_repeated_values import materialize_repeated_values
from cuda2tile.passes.block_float_folds import block_float_folds
from cuda2tile.passes.pin_copied_reads import pin_copied_reads
from cuda2tile.passes.narrow_index_arithmetic import narrow_index_arithmetic
from cuda2tile.passes.privatize import privatize
from cuda2tile.passes.flatten_else_if_chains import flatten_else_if_chains
from cuda2tile.passes.grid_stride_barriers import grid_stride_barriers
from cuda2tile.passes.private_arrays_in_shared import private_arrays_in_shared
from cuda2tile.passes.select_local_elements import select_local_elements
from cuda2tile.passes.split_phases import split_phases
from cuda2tile.passes.thread_dependent_loops import thread_dependent_loops
from cuda2tile.passes.volatile_store_syncs import volatile_store_syncs
from cuda2tile.ir.types import type_name
from cuda2tile.parse import cuda_ast as A
from op_coverage import lifting
from op_coverage.idioms import IDIOMS, RAISABLE

_AXIS_RANK = {"x": 1, "y": 2, "z": 3}
# IR -> IR passes run after the lift, in order; tests verify the IR after each one.
PASSES = (lower_bfloat16, lower_warp_ops, eliminate_early_returns, volatile_store_syncs, grid_stride_barriers,
          split_phases, privatize, private_arrays_in_shared, narrow_index_arithmetic, select_local_elements,
          flatten_else_if_chains, thread_dependent_loops, materialize_repeated_values)


def _idiom_pass(pass_name: str):
    """The pass `pass_name` of an idiom record: the function of that name in cuda2tile/raising/<pass_name>.py."""
    return getattr(importlib.import_module(f"cuda2tile.raising.{pass_name}"), pass_name)


# Idiom passes (op_coverage/idioms.py: each supported idiom names its pass and the pass's place), run
# after PASSES for the idioms a conversion raises; each leaves the faithful form beside the raised one
# (`Raised`). Keys are the idioms' report names.
RAISE_PASSES = {i.name: _idiom_pass(i.pass_name)
                for i in sorted((i for i in IDIOMS if i.name in RAISABLE), key=lambda i: i.pass_order)}
# after the idiom passes, whose patterns read memory directly (`s[t] = max(s[t], s[t + st])`) and would
# not recognise an operand behind block_float_folds' identity
LAST_PASSES = (block_float_folds, pin_copied_reads)


def kernel_python_name(fn: A.Function) -> str:
    """`scale<float, 4>` -> `scale_float_4`: one factory per template instantiation."""
    name = fn.name
    for old, new in (("<", "_"), (">", ""), (", ", "_"), (",", "_"), (" ", "_"), ("-", "neg"), ("::", "_")):
        name = name.replace(old, new)
    return sanitize(name)


def lift_kernel(fn: A.Function, functions: dict[str, A.Function],
                launches: tuple[A.LaunchSite, ...] = (), after_each_pass=None,
                raise_idioms: frozenset[str] | None = None) -> I.Kernel:
    """The kernel's tile IR: the raw lift, then PASSES, then the RAISE_PASSES of `raise_idioms` (None:
    all of them), then LAST_PASSES; `after_each_pass(name, kernel)` sees every step."""
    kernel = lift_raw(fn, functions, launches)
    if after_each_pass:
        after_each_pass("lift", kernel)
    raising = tuple(run for name, run in RAISE_PASSES.items() if raise_idioms is None or name in raise_idioms)
    for run in PASSES + raising + LAST_PASSES:
        kernel = run(kernel)
        if after_each_pass:
            after_each_pass(run.__name__, kernel)
    return kernel


def preflight(fn: A.Function, functions: dict[str, A.Function]) -> None:
    """Report the most telling problem first: a call the construct database marks unsupported (e.g.
    `atomicCAS`, C2T1205) anywhere in the kernel or its callees, before the lift trips over a
    consequence of it (such as the `(int*)` cast that usually comes with a CAS loop)."""
    seen: set[str] = set()

    def visit(body):
        for node in A.walk(body):
            if not isinstance(node, A.Call):
                continue
            record = op_coverage.lookup(node.callee)
            if (record is not None and record.status in (op_coverage.Status.PLANNED, op_coverage.Status.UNSUPPORTED)
                    and record.code and record.ir_op is None and not node.callee.startswith(lifting.GROUP_NAMESPACE)):
                raise LiftError(record.code, f"'{node.callee}' is not supported ({record.status.value}"
                                             f"{': ' + record.note if record.note else ''})", node.loc)
            if node.device_function and node.callee not in seen:
                seen.add(node.callee)
                callee = functions.get(node.callee)
                if callee is not None and callee.body is not None:
                    visit(callee.body)  # the callee before the call's arguments: the first problem met is reported

    visit(fn.body)


def _flatten_struct_parameter(p: A.Param, struct: A.Struct, lifter: FunctionLifter) -> list[I.Param]:
    """A by-value struct parameter becomes one parameter per field: `Params p` with `const float* x; int n;
    int sizes[4];` is the buffer `p_x`, the scalar `p_n` and the read-only buffer `p_sizes` of 4 (an array
    field the caller passes as a small tensor); `p.x[i]` reads `p_x[i]`. Each keeps its CUDA spelling
    (`p.x`), which launch specs and the factory's `KERNELS` table use."""
    params: list[I.Param] = []
    leaves = {}
    void_pointees = void_field_pointees(lifter.fn.body, p.decl)  # `(const T*)p.x` of a `const void* x;`
    for path, stem, cuda, t in struct_leaf_fields(struct, p.name, p.name, p.loc, void_pointees):
        name = lifter.names.fresh(stem)
        if isinstance(t, A.Scalar):
            params.append(I.ScalarParam(name, t.dtype, cuda, type_name(t)))
            leaves[path] = ScalarBinding(name, t.dtype, False)
        elif isinstance(t, A.Vector):
            lanes = tuple(lifter.names.fresh(f"{stem}_{lane}") for lane in "xyzw"[:t.lanes])
            params += [I.ScalarParam(lane, t.elem, f"{cuda}.{lane[-1]}", t.elem) for lane in lanes]
            leaves[path] = VectorBinding(lanes, t.elem, False)
        else:  # a pointer field, or an array field read as a buffer of its elements
            pointee = t.pointee if isinstance(t, A.Pointer) else t.elem
            writable = isinstance(t, A.Pointer) and not t.const
            length = lifter.names.fresh(f"{stem}_len")
            params.append(I.BufferParam(name, elem_dtype(pointee), length, writable, cuda, type_name(t)))
            leaves[path] = PointerBinding(name, I.Const(0, "int32"), pointee,
                                          volatile=isinstance(t, A.Pointer) and t.volatile)
    lifter.bindings[p.decl] = struct_binding(struct, leaves)
    return params


def lift_raw(fn: A.Function, functions: dict[str, A.Function], launches: tuple[A.LaunchSite, ...]) -> I.Kernel:
    if fn.body is None:
        raise LiftError("C2T1208", f"template kernel '{fn.name}' is never instantiated", fn.loc)
    preflight(fn, functions)
    fn = prepare_function(fn, functions)
    ctx = LiftContext(PreparedFunctions(functions), source_file=fn.loc.file)
    ctx.active.append(fn.name)
    lifter = FunctionLifter(fn, ctx, Names())
    written = assigned_decls(fn.body)
    params: list[I.Param] = []
    for p in fn.params:
        t = p.type
        name = lifter.names.fresh(p.name)
        if isinstance(t, A.Pointer) and elem_dtype(t.pointee) is not None:
            dtype = elem_dtype(t.pointee)
            length = lifter.names.fresh(f"{p.name}_len")
            params.append(I.BufferParam(name, dtype, length, not t.const, p.name, type_name(t)))
            if p.decl in written:
                # `out += row * n;` moves the pointer within its buffer: an offset variable, 0 at entry,
                # follows it (re-targeting it to another buffer is refused where it happens)
                offset = lifter.names.fresh(f"{p.name}_off")
                lifter.decls.append(I.DeclVar(offset, "int64", p.loc.line))
                lifter.prologue.append(I.AssignVar(offset, I.Const(0, "int64"), p.loc.line))
                lifter.bindings[p.decl] = PointerBinding(name, I.Var(offset, "int64"), t.pointee, offset_var=offset,
                                                         volatile=t.volatile)
                continue
            # a `volatile int* flags` parameter: its stores keep the read / warp barrier / write order
            lifter.bindings[p.decl] = PointerBinding(name, I.Const(0, "int32"), t.pointee, volatile=t.volatile)
        elif isinstance(t, A.Scalar) and t.dtype != "bfloat16":
            params.append(I.ScalarParam(name, t.dtype, p.name, type_name(t)))
            if p.decl in written:  # a parameter the kernel modifies: copy it to a per-thread variable
                local = lifter.names.fresh(f"{p.name}_local")
                lifter.decls.append(I.DeclVar(local, t.dtype, p.loc.line))
                lifter.bindings[p.decl] = ScalarBinding(local, t.dtype, True)
                lifter.prologue.append(I.AssignVar(local, I.Var(name, t.dtype), p.loc.line))
            else:
                lifter.bindings[p.decl] = ScalarBinding(name, t.dtype, False)
        elif isinstance(t, A.Struct):
            if p.decl in written:
                write = first_assignment(fn.body, p.decl)
                raise LiftError("C2T1202", f"a field of struct parameter '{p.name}' is written: only read-only "
                                           "struct parameters are flattened (copy the field into a local first)",
                                getattr(write, "loc", None) or p.loc)
            params += _flatten_struct_parameter(p, t, lifter)
        else:
            raise LiftError("C2T1207", f"parameter '{p.name}' has unsupported type '{type_name(t)}'", p.loc)
    ctx.kernel_buffers = frozenset(p.name for p in params if isinstance(p, I.BufferParam))
    body = tuple(lifter.prologue) + lifter.block(fn.body)
    locals_ = tuple(d for d in lifter.decls if isinstance(d, (I.DeclShared, I.DeclLocal)))
    scalars = tuple(d for d in lifter.decls if isinstance(d, I.DeclVar))
    grid_rank = max([_AXIS_RANK[a] for v, a in lifter.builtins if lifting.BUILTIN_VARIABLES[v].grid] + [1])
    block_rank = max([_AXIS_RANK[a] for v, a in lifter.builtins if not lifting.BUILTIN_VARIABLES[v].grid] + [1])
    default_block = None
    shared_bytes = 0
    for site in launches:
        if site.kernel == fn.name.split("<")[0] and site.template_args == fn.template_args:
            if site.block_values:
                default_block = site.block_values
                block_rank = max(block_rank, len(site.block_values))
            if site.grid_values:
                grid_rank = max(grid_rank, len(site.grid_values))
            shared_bytes = max(shared_bytes, site.shared_bytes_value or 0)
            if default_block:
                break
    # The factory's default block is the one a launch in the source gives it, never a guess: a kernel
    # written for 512 threads gave NaN when called with a guessed (16, 16). With no launch of constant
    # shape the factory has no default and asks for `block=`.
    block = tuple(default_block) + (1,) * (block_rank - len(default_block)) if default_block else None
    return I.Kernel(
        name=kernel_python_name(fn), cuda_name=fn.name, params=tuple(params), grid_rank=grid_rank,
        block_rank=block_rank, default_block=block,
        body=locals_ + (I.Parallel(scalars + body, fn.loc.line),),
        macros=tuple(ctx.macros.values()), line=fn.loc.line, end_line=fn.end_line,
        default_shared_bytes=shared_bytes, source_name=fn.loc.file, left_out=tuple(ctx.left_out),
        null_flags=tuple(sorted(ctx.null_flags.items())))
