"""PyTorch extensions converted to drop-in Python packages (issue 21; docs/pytorch.md).

`convert_trees` is what `cuda2tile convert` calls after writing the kernels' modules: for each source tree
that is a PyTorch extension (its C++ registers operators with TORCH_LIBRARY or a module with
PYBIND11_MODULE), it writes the extension's Python package with the compiled module replaced by a
generated one (extension.py). Host code is read by cuda2tile/parse/torch_host.py, lifted by lift_host.py
through the ATen mapping of op_coverage/aten.py; package_runtime.py is copied into the package.
"""

from __future__ import annotations

import os
from pathlib import Path

from cuda2tile.parse.frontend import FrontendOptions
from cuda2tile.pytorch.extension import ConvertedKernel, ExtensionResult, convert_extension, is_extension

__all__ = ["ConvertedKernel", "ExtensionResult", "convert_extension", "convert_trees", "is_extension",
           "summary_line"]


def convert_trees(sources: list[str], out_dir: str | os.PathLike, files: list[tuple[str, str]], written,
                  options: FrontendOptions = FrontendOptions()) -> list[ExtensionResult]:
    """`written`: (FileResult, the module's path or None) of each file `convert` wrote from `files`
    ((path, display) pairs as discovered)."""
    paths = {display: os.path.realpath(path) for path, display in files}
    kernels = []
    for result, target in written:
        if target is None or result.source not in paths:
            continue
        for k in result.kernels:
            kernels.append(ConvertedKernel(paths[result.source], k.cuda_name, str(Path(target).resolve()),
                                           k.factory, k.status))
    results = []
    for src in sources:
        if os.path.isdir(src) and is_extension(Path(src)):
            results += convert_extension(src, out_dir, kernels, options)
    return results


def summary_line(result: ExtensionResult, out_dir: str | os.PathLike) -> str:
    served = [op for op in result.ops if any(k != "fake" for k in op.registered)]  # CPU, CUDA, composite
    target = os.path.join(str(out_dir), *result.module.split(".")) + ".py" if result.module else "-"
    parts = []
    if result.ops or not result.functions:
        parts.append(f"{len(served)} of {len(result.ops)} operators lifted")
    if result.functions:
        parts.append(f"{len(result.functions)} module functions lifted")
    own_cpu = sum(op.switchable for op in result.ops)
    where = "CPU tensors on TileLang's C back end, CUDA tensors on its CUDA back end"
    if own_cpu:
        # an operator with its own lifted CPU implementation serves CPU tensors with it (as the original
        # does) unless CUDA2TILE_CPU_RUNS=converted
        where += (f"; {own_cpu} with the extension's own CPU implementation on CPU tensors, "
                  "CUDA2TILE_CPU_RUNS=converted runs their converted kernels there")
    return f"cuda2tile: PyTorch extension {result.module or '(not found)'}: {', '.join(parts)} ({where}) -> {target}"
