"""Python names for emitted code: the module's own names (one table) and CUDA identifiers kept apart.

`NAMES` is the one table of the names the emitted module binds for its own use: `T`, `_block_dims`,
the factory's `block`, `target`, `smem_scope`, `block_x`, the launch coordinates `tx`/`bx`/`grid_x`,
a raised product's `tile_m`... The printer (printer.py) and the jinja2 templates (as `names`) read
every such name from it, and `tests/test_emit_names.py` renders the templates with a renamed table to
show that neither spells one of its own.

A CUDA kernel may call a parameter `T`, `print`, `lambda` or `block_x`; each such name gets a
trailing underscore (then `_1`, `_2`, ... until unique): `lambda` -> `lambda_`.
"""

from __future__ import annotations

import builtins
import keyword
from dataclasses import dataclass, field, fields

from op_coverage.tile_forms import LAUNCH_NAMES

_BY_CUDA = {(n.variable, n.axis): n.python for n in LAUNCH_NAMES}  # also the table's field names
_BY_NODE = {(n.ir, n.axis): n.python for n in LAUNCH_NAMES}
# not bound by the module, but names a reader's code around it commonly uses (`tilelang.compile`,
# `from __future__ import annotations`, a `kernel = factory(...)`): CUDA identifiers keep clear of them
ALSO_RESERVED = frozenset({"tilelang", "tvm", "annotations", "kernel"})


def _module(name: str):
    return field(default=name, metadata={"scope": "module"})


def _factory(name: str):
    return field(default=name, metadata={"scope": "factory"})


def _gemm(name: str):
    return field(default=name, metadata={"scope": "gemm"})


def _launch(node: str, axis: str):
    """The name of a launch coordinate, by its tile-IR node: `_launch("BlockDim", "x")` -> `block_x`."""
    return _factory(_BY_NODE[(node, axis)])


@dataclass(frozen=True, slots=True, kw_only=True)
class EmittedNames:
    """Field name: the role; value: its spelling in the emitted module. Scopes: "module" (bound by
    module.py.j2), "factory" (bound in every factory: its parameters and constants, and the launch
    coordinates bound inside its prim_func), "gemm" (bound in the factory of a kernel raised to a tiled
    matrix product)."""
    T: str = _module("T")  # `import tilelang.language as T`
    struct: str = _module("struct")
    block_dims: str = _module("_block_dims")
    float_const: str = _module("_float_const")
    helpers: str = _module("_C2T_HELPERS")
    gemm_tile: str = _module("_gemm_tile")
    gemm_tiles: str = _module("_GEMM_TILES")
    kernels: str = _module("KERNELS")
    block: str = _factory("block")
    target: str = _factory("target")
    smem_scope: str = _factory("smem_scope")
    shared_bytes: str = _factory("shared_bytes")
    null: str = _factory("null")  # the pointer parameters a launch passes as NULL
    tx: str = _launch("ThreadIdx", "x")
    ty: str = _launch("ThreadIdx", "y")
    tz: str = _launch("ThreadIdx", "z")
    bx: str = _launch("BlockIdx", "x")
    by: str = _launch("BlockIdx", "y")
    bz: str = _launch("BlockIdx", "z")
    block_x: str = _launch("BlockDim", "x")
    block_y: str = _launch("BlockDim", "y")
    block_z: str = _launch("BlockDim", "z")
    grid_x: str = _launch("GridDim", "x")
    grid_y: str = _launch("GridDim", "y")
    grid_z: str = _launch("GridDim", "z")
    tile: str = _gemm("tile")
    tile_m: str = _gemm("tile_m")
    tile_n: str = _gemm("tile_n")
    tile_k: str = _gemm("tile_k")
    tile_threads: str = _gemm("tile_threads")
    tile_stages: str = _gemm("tile_stages")
    k_tile: str = _gemm("k_tile")
    k_in_tile: str = _gemm("k_in_tile")
    # not bound by the module, but no CUDA identifier may take them either
    also_reserved: frozenset[str] = field(default=ALSO_RESERVED, metadata={"scope": "reserved"})

    def launch(self, variable: str, axis: str) -> str:
        """A launch coordinate by its CUDA variable (a macro's builtin parameter): `block_x`."""
        return getattr(self, _BY_CUDA[(variable, axis)])

    def coordinate(self, node) -> str:
        """The name of a tile-IR launch coordinate: `BlockDim("x")` -> `block_x`."""
        return getattr(self, _BY_NODE[(type(node).__name__, node.axis)])

    def scope(self, scope: str) -> set[str]:
        """The spellings of one scope ("module", "factory", "gemm")."""
        return {getattr(self, f.name) for f in fields(self) if f.metadata["scope"] == scope}

    def spellings(self) -> set[str]:
        """Every name the module binds for itself."""
        return self.scope("module") | self.scope("factory") | self.scope("gemm")

    def reserved(self) -> set[str]:
        """What no CUDA identifier may be called in an emitted module (a gemm's names aside)."""
        return (set(keyword.kwlist) | set(keyword.softkwlist) | set(dir(builtins)) | self.scope("module")
                | self.scope("factory") | self.also_reserved)


NAMES = EmittedNames()
RESERVED = NAMES.reserved()


class PythonNames:
    """Maps IR names to Python names within one scope, deterministically (first come, first served)."""

    def __init__(self, reserved: set[str] = RESERVED):
        self.reserved = set(reserved)
        self.mapping: dict[str, str] = {}

    def __call__(self, name: str) -> str:
        if name in self.mapping:
            return self.mapping[name]
        candidate, n = name, 0
        while candidate in self.reserved or keyword.iskeyword(candidate) or not candidate.isidentifier():
            n += 1
            candidate = f"{name}_" if n == 1 else f"{name}_{n}"
        self.reserved.add(candidate)
        self.mapping[name] = candidate
        return candidate
