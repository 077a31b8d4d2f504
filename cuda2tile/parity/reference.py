"""Run a kernel's numpy reference (`<stem>_ref.py` beside the `.cu`), as named by its launch spec."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import SimpleNamespace

import numpy as np

from cuda2tile.spec import bfloat16
from cuda2tile.spec.launch_spec import KernelSpec, SpecError


def reference_path(cu_path: str | Path) -> Path:
    cu_path = Path(cu_path)
    return cu_path.with_name(cu_path.stem + "_ref.py")


def _load(path: Path):
    name = f"cuda2tile_reference_{abs(hash(str(path.resolve())))}"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def run_reference(cu_path: str | Path, spec: KernelSpec, inputs: dict) -> dict[str, np.ndarray]:
    """Expected outputs, keyed by parameter name; the reference gets copies of the inputs, shaped as specified."""
    path = reference_path(cu_path)
    if not path.exists():
        raise SpecError(spec.path, f"no reference file {path.name}")
    module = _load(path)
    fn = getattr(module, spec.reference or spec.name, None)
    if fn is None:
        raise SpecError(spec.path, f"{path.name} has no function '{spec.reference or spec.name}'")
    # bfloat16 buffers hold bits (spec/bfloat16.py): the reference sees their float32 values
    copies = {k: (bfloat16.to_float32(v) if k in spec.args and spec.args[k].dtype == "bfloat16" else v.copy())
              if isinstance(v, np.ndarray) else v for k, v in inputs.items()}
    result = fn(**group_struct_fields(copies))
    if not isinstance(result, dict):
        raise SpecError(spec.path, f"reference '{fn.__name__}' must return a dict of outputs")
    return result


def group_struct_fields(arguments: dict) -> dict:
    """Arguments named by struct field ("p.shape.rows", as a launch spec names them) grouped into one
    object per struct parameter, so a reference reads them as the C++ does: `p.shape.rows`.
    {"p.x": a, "p.shape.rows": 7, "n": 3} -> {"p": namespace(x=a, shape=namespace(rows=7)), "n": 3}."""
    grouped: dict = {}
    for name, value in arguments.items():
        *outer, last = name.split(".")
        if not outer:
            grouped[name] = value
            continue
        node = grouped.setdefault(outer[0], SimpleNamespace())
        for part in outer[1:]:
            node = node.__dict__.setdefault(part, SimpleNamespace())
        setattr(node, last, value)
    return grouped
