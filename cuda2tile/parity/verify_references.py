"""Check converted kernels against their numpy references (the bundled corpus's proof).

For every kernel that has a launch spec (`<stem>.toml` beside its `.cu`) and a reference
(`<stem>_ref.py`): build the converted kernel with TileLang's C back end, run it on the spec's
inputs, and compare every output with the reference's. Optionally lower it for CUDA too.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from cuda2tile.extras import require_run_extra
from cuda2tile.parity.compare import Comparison, compare
from cuda2tile.runtime import build_c, last_line, load_module, lower_cuda, null_inputs, run_c, tilelang_warnings
from cuda2tile.parity.reference import run_reference
from cuda2tile.spec import bfloat16
from cuda2tile.spec.launch_spec import DEFAULT_TOLERANCE, KernelSpec, SpecError, load_spec


@dataclass
class KernelCheck:
    source: str
    kernel: str
    ok: bool
    comparisons: list[Comparison] = field(default_factory=list)
    error: str | None = None
    seconds: float = 0.0
    cuda: str | None = None  # "ok", an error message, or None when not asked
    warnings: list[str] = field(default_factory=list)  # TileLang's own, from building it (docs/tilelang-warnings.md)

    def describe(self, verbose: bool = False) -> str:
        head = f"{'ok  ' if self.ok else 'FAIL'} {self.source}:{self.kernel} ({self.seconds:.1f} s)"
        details = [self.error] if self.error else [c.describe() for c in self.comparisons if not c.ok]
        if self.cuda not in (None, "ok"):
            details.append(f"CUDA lowering: {self.cuda}")
        if verbose:
            details += [f"tilelang: {w}" for w in self.warnings]
        return "\n".join([head] + ["    " + d for d in details if d])

    def to_json(self) -> dict:
        return {"source": self.source, "kernel": self.kernel, "ok": self.ok, "error": self.error,
                "seconds": round(self.seconds, 3), "cuda": self.cuda,
                "tilelang_warnings": list(self.warnings),
                "outputs": [{"name": c.name, "ok": c.ok, "mismatches": c.mismatches, "total": c.total,
                             "max_abs_error": c.max_abs_error, "max_rel_error": c.max_rel_error,
                             "worst_index": c.worst_index} for c in self.comparisons]}


def tolerance(spec: KernelSpec, dtype: np.dtype) -> tuple[float, float]:
    if spec.tolerance is not None:
        return spec.tolerance
    return DEFAULT_TOLERANCE.get(np.dtype(dtype).name, (0.0, 0.0))


def check_kernel(cu_path: Path, module, spec: KernelSpec, display: str, seed: int = 0,
                 cuda_arch: str | None = None) -> KernelCheck:
    start = time.perf_counter()
    result = KernelCheck(display, spec.cuda_name, False)
    with tilelang_warnings() as result.warnings:
        _check(result, cu_path, module, spec, seed, cuda_arch)
    result.seconds = time.perf_counter() - start
    return result


def _check(result: KernelCheck, cu_path: Path, module, spec: KernelSpec, seed: int, cuda_arch: str | None) -> None:
    try:
        info = module.KERNELS.get(spec.cuda_name)
        if info is None:
            result.error = f"no converted kernel '{spec.cuda_name}' (see the conversion report)"
            return
        if cuda_arch:
            try:
                lower_cuda(info, spec.block, cuda_arch, nvcc=True)
                result.cuda = "ok"
            except Exception as err:  # TileLang's own errors: report their last line
                result.cuda = last_line(err, 500)
        inputs = spec.make_inputs(seed)
        kernel = build_c(info, spec.block, null_inputs(info, inputs))
        got = run_c(kernel, info, inputs, spec.grid_values())
        want = run_reference(cu_path, spec, inputs)
        for name, expected in want.items():
            if inputs.get(name, 0) is None:  # a NULL pointer: nothing to compare
                continue
            if name not in got:
                result.error = f"reference returns '{name}', which is not a buffer argument"
                return
            value, expected = got[name], np.asarray(expected)
            if name in spec.args and spec.args[name].dtype == "bfloat16":  # bits: compared as their values
                value, expected = bfloat16.to_float32(value), expected.astype(np.float32)
                rtol, atol = spec.tolerance or DEFAULT_TOLERANCE["bfloat16"]
            else:
                rtol, atol = tolerance(spec, expected.dtype)
            result.comparisons.append(compare(name, value, expected, rtol, atol))
        result.ok = all(c.ok for c in result.comparisons) and result.cuda in (None, "ok")
    except SpecError as err:
        result.error = f"{err.code}: {err.message}"
    except Exception as err:
        result.error = f"{type(err).__name__}: {last_line(err, 500)}"


def check_tree(source_root: Path, converted_root: Path, kernels: tuple[str, ...] = (), cuda_arch: str | None = None,
               seed: int = 0, progress=None) -> list[KernelCheck]:
    """Check every spec'd kernel under `source_root` against the conversion in `converted_root`.
    Raises `MissingExtra` (cuda2tile/extras.py) on an install without TileLang."""
    require_run_extra("verify")
    results: list[KernelCheck] = []
    specs = sorted(source_root.rglob("*.toml")) if source_root.is_dir() else [source_root.with_suffix(".toml")]
    for toml in specs:
        cu = toml.with_suffix(".cu")
        if not cu.exists():
            continue
        rel = cu.relative_to(source_root) if source_root.is_dir() else Path(cu.name)
        module_path = converted_root / rel.with_suffix(".py")
        try:
            kernel_specs = load_spec(toml)
            module = load_module(module_path)
        except SpecError as err:
            results.append(KernelCheck(str(rel), "*", False, error=f"{err.code}: {err.message}"))
            continue
        except Exception as err:
            results.append(KernelCheck(str(rel), "*", False, error=f"cannot load {module_path}: {last_line(err, 500)}"))
            continue
        for spec in kernel_specs:
            if kernels and spec.name not in kernels and spec.cuda_name not in kernels:
                continue
            check = check_kernel(cu, module, spec, str(rel), seed, cuda_arch)
            results.append(check)
            if progress is not None:
                progress(check)
    return results
