"""Emit one Python module per `.cu` file: each kernel lowered (`passes/lower_idioms.py`), its factory's
body printed (`printer.py`), jinja2 for the skeleton around them.

Per kernel the module holds a factory

    def saxpy(*, block=(256,), target="cuda"):       # CUDA blockDim (compile-time) and target
        ...
        @T.prim_func
        def saxpy(n: T.int32, ..., grid_x: T.int32):  # CUDA arguments, then gridDim
            with T.Kernel(grid_x, threads=block_x) as bx:
                for tx in T.Parallel(block_x):
                    ...

and `KERNELS`, a table describing each kernel's arguments (dtype, carrier dtype) for callers.
Every statement block carries a comment naming the CUDA line it came from.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

import jinja2

from cuda2tile import __version__
from cuda2tile.emit.helpers import helper_source
from cuda2tile.emit.names import NAMES, EmittedNames, PythonNames
from cuda2tile.emit.printer import print_factory
from cuda2tile.ir import tile_ir as I
from cuda2tile.passes.lower_idioms import lower_idioms
from op_coverage.tile_forms import BUFFER_CARRIERS, SCALAR_CARRIERS

TEMPLATES = jinja2.Environment(
    loader=jinja2.FileSystemLoader(str(Path(__file__).parent / "templates")),
    keep_trailing_newline=True, trim_blocks=True, lstrip_blocks=True, autoescape=False,
    undefined=jinja2.StrictUndefined)  # a misspelt name fails to render instead of printing as ""
_AXES = "xyz"


def _cuda_name(kernel: I.Kernel, buffer: str) -> str:
    """The CUDA spelling of a buffer parameter (`p.weight` for a struct's field), as `null=` names it."""
    return next(p.cuda_name for p in kernel.params if p.name == buffer)


def _safe_source_name(name: str) -> str:
    """A file name made safe for comments and docstrings: a file's name may hold a newline followed by
    `import os`, or three double quotes. Control characters, quotes and backslashes become `?` (the
    report keeps the real name)."""
    return "".join(ch if ch.isprintable() and ch not in "\"\\" else "?" for ch in name)


@dataclass(frozen=True)
class EmittedKernel:
    name: str
    code: str
    metadata: str
    helpers: frozenset  # helper functions (emit/helpers.py) the kernel calls
    tile_product: str | None  # "exact" | "mma": a raised matrix product, whose factory takes `tile=`


def emit_kernel(kernel: I.Kernel, source_name: str, source_lines: list[str], module_names: set[str],
                table: EmittedNames = NAMES) -> EmittedKernel:
    """The kernel's factory (lowered by `lower_idioms`, its body printed by `print_factory`) and its
    `KERNELS` entry."""
    factory = lower_idioms(kernel)
    printed = print_factory(factory, source_name, source_lines, module_names, table)
    names = printed.names
    frame = TEMPLATES.get_template("factory.py.j2").render(
        names=table, uses_shared=factory.uses_shared, dynamic_shared=factory.dynamic_shared,
        tile_product=factory.tile_product, kernel=kernel, name=names(kernel.name), source_name=source_name,
        rank=kernel.block_rank, dims=[table.coordinate(I.BlockDim(a)) for a in _AXES[:kernel.block_rank]],
        lengths=[names(p.length) for p in kernel.params if isinstance(p, I.BufferParam)],
        null_flags=[(_cuda_name(kernel, buffer), names(flag)) for buffer, flag in kernel.null_flags],
        args=", ".join(names(p.name) for p in kernel.params),
        grid=", ".join(table.coordinate(I.GridDim(a)) for a in _AXES[:kernel.grid_rank]), body=printed.body)
    metadata = TEMPLATES.get_template("metadata.py.j2").render(
        names=table, kernel=kernel, name=names(kernel.name),
        params=[_param_metadata(p, names, {b for b, _ in kernel.null_flags}) for p in kernel.params],
        tile_product=factory.tile_product)
    return EmittedKernel(names(kernel.name), frame, metadata, printed.helpers, factory.tile_product)


def _param_metadata(p: I.Param, names: PythonNames, nullable: set[str]) -> dict:
    if isinstance(p, I.ScalarParam):
        return {"name": names(p.name), "cuda_name": p.cuda_name, "kind": "scalar", "dtype": p.dtype,
                "carrier": SCALAR_CARRIERS.get(p.dtype, p.dtype), "cuda_type": p.cuda_type}
    entry = {"name": names(p.name), "cuda_name": p.cuda_name, "kind": "buffer", "dtype": p.dtype,
             "carrier": BUFFER_CARRIERS.get(p.dtype, p.dtype), "cuda_type": p.cuda_type, "writable": p.writable}
    if p.name in nullable:  # the kernel tests it against NULL: the factory's `null=` may name it
        entry["nullable"] = True
    return entry


def emit_module(kernels: list[I.Kernel], source_name: str, source_lines: list[str], notes: list[str],
                table: EmittedNames = NAMES) -> str:
    """The whole `.py` for one `.cu` file. Deterministic: the same IR gives the same bytes. `table`:
    the names the module binds for itself (tests rename them to show nothing else spells them)."""
    source_name = _safe_source_name(source_name)
    notes = ["".join(ch if ch.isprintable() else " " for ch in note) for note in notes]  # `# {note}` lines
    module_names = PythonNames(table.reserved())
    factory_names = [module_names(k.name) for k in kernels]
    emitted = [emit_kernel(replace(k, name=factory), source_name, source_lines, set(factory_names) - {factory}, table)
               for k, factory in zip(kernels, factory_names)]
    return TEMPLATES.get_template("module.py.j2").render(
        names=table, version=__version__, source_name=source_name, kernels=emitted, notes=notes,
        gemm_tiles=any(k.tile_product for k in emitted),
        exact_floats=any("c2t_f64_from_bits" in k.helpers for k in emitted),
        helper_source=helper_source(set().union(*(k.helpers for k in emitted))) if any(k.helpers for k in emitted)
        else "")
