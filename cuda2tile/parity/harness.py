"""Parity: run the original CUDA kernel and its TileLang conversion on the same inputs and compare
every buffer either could write (`run_parity(ParityOptions)`; the command is cuda2tile/cli/parity.py).

Per `.cu` file:
1. the runs to make: the entries of its launch spec (`<stem>.toml` or `--spec`), and, for kernels the
   spec does not mention, specs inferred from the host code's constant-size launches
   (`spec/infer.py`); other kernels are reported as skipped;
2. the converted module: converted now (`runtime.converted_modules`) or taken from `--converted-tree`;
   a kernel the converter did not convert fails with the conversion diagnostic;
3. the original: compiled for the CPU SIMT runtime (`--original cpu`, g++, in a background thread
   while TileLang builds) or by NVRTC through cupy (`--original cupy`);
4. per run: inputs from the spec with the seed; the original runs on one copy (CPU: in a forked
   child with a timeout, barrier divergence / deadlock reported), the converted kernel on another
   (TileLang C in a forked child with the same timeout, or TileLang CUDA), then each writable
   buffer is compared (`metrics.check_buffer`: tolerance per dtype, ULP distance, NaN/Inf-aware,
   sorted first for buffers the spec lists as `unordered`).

Files are processed by `--jobs` worker processes (each imports TileLang once).

Spec keys read here beside the standard ones (kernel level, all optional):
`unordered = ["buf", ...]`, `shared_bytes = <int or C expression over sizes>`, `ulp = N`,
`timeout = seconds`.

`ParityOptions.gpu_size = "gpu"` (benchmarks/gpu_speed.py) runs only the spec entries that have a
`[kernel.gpu]` table, at its sizes (an entry whose buffers would not fit in `memory_limit` bytes is
skipped), and `"small"` the same entries at their own sizes.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import time
try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: the same parser, from PyPI (pyproject's tomli dependency)
    import tomli as tomllib
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np

from cuda2tile.defaults import CONVERTED_MODES, ORIGINAL_MODES  # noqa: F401  (re-exported)
from cuda2tile.parity.metrics import check_buffer
from cuda2tile.spec import bfloat16
from cuda2tile.parity.original_cpu import EXITED_BEFORE_BARRIER, CpuOriginal, OriginalError
from cuda2tile.parity.report import FAIL, PASS, SKIP, KernelParity
from cuda2tile.parity.struct_args import argument_names, struct_value
from cuda2tile.parse import cuda_ast as A
from cuda2tile.parse.frontend import FrontendOptions
from cuda2tile.parse.host_info import HostAnalysis, analyze
from cuda2tile.runtime import ConvertedC, ConvertedCuda, ConvertedError, tilelang_warnings
from cuda2tile.spec.cexpr import CExprError, evaluate
from cuda2tile.spec.infer import infer_specs
from cuda2tile.spec.launch_spec import KernelSpec, SpecError, load_spec


@dataclass(frozen=True)
class ParityOptions:
    sources: tuple[str, ...]
    kernels: tuple[str, ...] = ()  # CUDA names, with or without template arguments
    spec: str | None = None  # a spec file for the (single) source
    original: str = "auto"  # cpu | cupy | auto (cupy when a GPU is visible)
    converted: str = "auto"  # c | cuda | auto (cuda when torch sees a GPU)
    seed: int = 0
    timeout: float = 10.0  # per kernel launch, each side (CPU)
    ulp: int | None = None  # compare floats by ULP distance instead of tolerances
    output: str | None = None  # where converted modules are written (default: a temporary dir)
    converted_tree: str | None = None  # take converted modules from here instead of converting
    infer: bool = False  # ignore spec files: infer every launch from the host code
    include_dirs: tuple[str, ...] = ()
    defines: tuple[str, ...] = ()
    std: str = "c++17"
    jobs: int = 1
    isolate: bool = True  # run converted C kernels in a forked child (timeout, crash containment)
    cuda_arch: str | None = None  # TileLang CUDA target arch (e.g. sm_90)
    cache_dir: str | None = None  # CPU runtime build cache
    repeat: int = 0  # GPU: timed repeats per side (benchmarks)
    warmup: int = 1  # GPU: untimed launches per side before the timed repeats
    gpu_size: str = ""  # "gpu": only spec entries with a [kernel.gpu] table, at its sizes; "small": the same
    #                     entries at their own sizes; "": every entry and inferred launch at its own sizes
    memory_limit: int | None = None  # bytes: skip entries whose buffers (3 copies, see plan_file) need more
    barriers: str = "auto"  # CPU original: strict | lenient | auto (strict, lenient retry for early exits)
    raise_idioms: frozenset[str] | None = None  # idioms the conversion raises (None: every one; --no-raise)
    tiles: tuple[tuple[str, tuple[int, ...]], ...] = ()  # (kernel, tile shape) for raised matrix products
    #                                                      (`cuda2tile tune --json`), passed as `tile=`


@dataclass
class Entry:
    """One run to make: a spec (from the file or inferred), or the reason there is none."""
    kernel: str
    origin: str  # spec | inferred | none
    where: str
    spec: KernelSpec | None = None
    shared_bytes: int | None = None  # None: from the host launch / the factory's default
    unordered: tuple[str, ...] = ()
    ulp: int | None = None
    timeout: float | None = None
    skip: str | None = None  # set: reported as skipped with this reason
    error: str | None = None  # set: reported as failed with this reason (a broken spec entry)


@dataclass
class ParityRun:
    results: list[KernelParity] = field(default_factory=list)
    seconds: float = 0.0
    settings: dict = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        checked = [r for r in self.results if r.status != SKIP]
        return bool(checked) and all(r.status == PASS for r in checked)


# ------------------------------------------------------------------------------------------------
# Planning: spec entries, inferred entries, skipped kernels
# ------------------------------------------------------------------------------------------------
def _selected(name: str, filters: tuple[str, ...]) -> bool:
    return not filters or name in filters or name.split("<")[0] in filters


def _spec_extras(path: Path) -> list[dict]:
    """The kernel-level keys the launch-spec loader does not read (same order as its entries)."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return []
    return [k if isinstance(k, dict) else {} for k in data.get("kernel", [])]


def _spec_entry(spec: KernelSpec, extra: dict, where: str) -> Entry:
    entry = Entry(spec.cuda_name, "spec", where, spec)
    try:
        unordered = extra.get("unordered", [])
        if not (isinstance(unordered, list) and all(isinstance(u, str) for u in unordered)):
            raise ValueError("`unordered` must be a list of buffer names")
        for name in unordered:
            if name not in spec.args or not spec.args[name].is_buffer:
                raise ValueError(f"`unordered` names '{name}', which is not a buffer argument")
        entry.unordered = tuple(unordered)
        if "shared_bytes" in extra:
            entry.shared_bytes = int(evaluate(extra["shared_bytes"], spec.sizes))
        if "ulp" in extra:
            if not isinstance(extra["ulp"], int) or extra["ulp"] < 0:
                raise ValueError("`ulp` must be a non-negative integer")
            entry.ulp = extra["ulp"]
        if "timeout" in extra:
            entry.timeout = float(extra["timeout"])
    except (ValueError, TypeError, CExprError) as err:
        entry.error = f"{spec.path}: kernel {spec.name}: {err}"
    return entry


def plan_file(cu_path: Path, display: str, analysis: HostAnalysis, options: ParityOptions) -> list[Entry]:
    entries: list[Entry] = []
    spec_path = Path(options.spec) if options.spec else cu_path.with_suffix(".toml")
    covered: set[str] = set()
    if not options.infer and spec_path.exists():
        try:
            specs = load_spec(spec_path)
        except SpecError as err:
            return [Entry("*", "spec", spec_path.name, error=f"{err.code}: {err.message}")]
        extras = _spec_extras(spec_path)
        for i, spec in enumerate(specs):
            covered.add(spec.name)
            if not _selected(spec.cuda_name, options.kernels):
                continue
            extra = extras[i] if i < len(extras) else {}
            where = f"{spec_path.name}#{i + 1}"
            if options.gpu_size:
                skip = _gpu_size_skip(spec, options.memory_limit if options.gpu_size == "gpu" else None)
                if skip:
                    entries.append(Entry(spec.cuda_name, "spec", where, spec, skip=skip))
                    continue
                if options.gpu_size == "gpu":
                    spec = spec.at_gpu_size()
            entries.append(_spec_entry(spec, extra, where))
    if options.gpu_size:  # inferred launches have no GPU size
        for name in analysis.info.kernels:
            if name not in covered and _selected(name, options.kernels):
                entries.append(Entry(name, "none", "", skip=f"no launch spec with a [kernel.gpu] table "
                                                            f"({spec_path.name})"))
        return entries
    launched: set[str] = set()
    for inf in infer_specs(analysis, display):
        base = inf.kernel.split("<")[0]
        launched.add(base)
        if base in covered or not _selected(inf.kernel, options.kernels):
            continue
        if inf.spec is None:
            entries.append(Entry(inf.kernel, "inferred", f"line {inf.line}", skip=inf.reason))
        else:
            entries.append(Entry(inf.kernel, "inferred", f"line {inf.line}", inf.spec, inf.shared_bytes))
    for name in analysis.info.kernels:
        if name in covered or name in launched or not _selected(name, options.kernels):
            continue
        why = ("no launch spec" if options.infer else f"no entry for it in its launch spec ({spec_path.name})"
               if spec_path.exists() else f"no launch spec ({spec_path.name})") + \
              ", and no host launch with constant sizes to infer one from"
        entries.append(Entry(name, "none", "", skip=why))
    return entries


def _gpu_size_skip(spec: KernelSpec, memory_limit: int | None) -> str | None:
    """Why an entry is not run at GPU size, or None. The memory estimate is three copies of every
    buffer: the original's, its scratch copy for the timed repeats, and the converted kernel's
    (the device pools of cupy and torch keep what they had)."""
    if spec.gpu is None:
        return "no [kernel.gpu] table in its launch spec"
    if memory_limit is not None:
        need = 3 * spec.at_gpu_size().buffer_bytes()
        if need > memory_limit:
            return (f"needs about {need / 2**30:.1f} GiB of device memory at GPU size "
                    f"(3 x {need / 3 / 2**30:.1f} GiB of buffers), {memory_limit / 2**30:.1f} GiB free")
    return None


# ------------------------------------------------------------------------------------------------
# Converted modules
# ------------------------------------------------------------------------------------------------
def _module_notes(path: Path) -> dict[str, str]:
    """`# name (file.cu:12): not converted, C2T1204: ...` header notes of an emitted module."""
    notes = {}
    try:
        for line in path.read_text(encoding="utf-8").splitlines()[:400]:
            if line.startswith("# ") and "): not converted, " in line:
                name = line[2:].split(" (", 1)[0]
                notes[name] = line.split("): not converted, ", 1)[1]
    except OSError:
        pass
    return notes


def convert_file(cu_path: Path, display: str, options: ParityOptions, out_dir: Path,
                 instantiate: tuple) -> tuple[object | None, dict[str, str], str | None]:
    """(loaded module or None, {kernel: why not converted}, file-level error)."""
    from cuda2tile.files import output_path
    from cuda2tile.runtime import converted_modules, load_converted
    from cuda2tile.session import ConvertOptions, Session

    if options.converted_tree:
        module_path = output_path(options.converted_tree, display)
        if not module_path.exists():
            return None, {}, f"no converted module {module_path}"
        module, error = load_converted(module_path)
        return module, _module_notes(module_path), error
    frontend = FrontendOptions(include_dirs=options.include_dirs, defines=options.defines, std=options.std,
                               instantiate=instantiate)
    # a session per file: the templates to instantiate are the file's own (its spec's)
    session = Session(ConvertOptions(frontend=frontend, raise_idioms=options.raise_idioms), cache=False)
    converted, = converted_modules(session, [(str(cu_path), display)], out_dir)
    notes = {}
    for k in converted.result.kernels:
        if k.status == "unsupported":
            d = k.diagnostics[0] if k.diagnostics else None
            notes[k.cuda_name] = (f"{d.code}: {d.message} ({d.loc})" if d else "not converted")
    return converted.module, notes, converted.error


# ------------------------------------------------------------------------------------------------
# One run
# ------------------------------------------------------------------------------------------------
def _kernel_params(kernel: str, analysis: HostAnalysis, info: dict | None) -> list[tuple[str, A.CType | None]]:
    unit = analysis.unit
    if unit is not None:
        for f in unit.functions:
            if f.is_kernel and f.name == kernel and f.body is not None:
                return [(p.name, p.type) for p in f.params]
    decl = analysis.info.kernels.get(kernel)
    if decl is not None and not decl.is_template:
        return list(decl.params)
    if info is not None:
        return [(p["cuda_name"], None) for p in info["params"]]
    return []


def _resolve_shared_bytes(entry: Entry, analysis: HostAnalysis, info: dict | None) -> int:
    if entry.shared_bytes is not None:
        return entry.shared_bytes
    for launch in analysis.info.launches_of(entry.kernel):
        if launch.shared_bytes:
            return launch.shared_bytes
    if info is not None:
        import inspect

        param = inspect.signature(info["factory"]).parameters.get("shared_bytes")
        if param is not None and isinstance(param.default, int):
            return param.default
    return 0


def _writable(name: str, ctype: A.CType | None, info: dict | None) -> bool:
    if isinstance(ctype, A.Pointer):
        return not ctype.const
    if info is not None:
        for p in info["params"]:
            if p["cuda_name"] == name:
                return bool(p.get("writable"))
    return False


def check_entry(entry: Entry, cu: Path, display: str, analysis: HostAnalysis, module, notes: dict[str, str],
                original, converted, options: ParityOptions) -> KernelParity:
    """One run: inputs from the spec, the original, the conversion, then every writable buffer compared.
    Any failure becomes this kernel's result; nothing raised here stops the run."""
    res = KernelParity(display, entry.kernel, FAIL, entry.origin, entry.where, original=original.name,
                       converted=converted.name)
    spec = entry.spec
    start = time.perf_counter()
    notes_out: list[str] = []
    kernels = getattr(module, "KERNELS", {}) if module is not None else {}
    info = kernels.get(entry.kernel)
    not_converted = None
    if info is None:
        why = notes.get(entry.kernel) or notes.get(entry.kernel.split("<")[0])
        not_converted = f"not converted: {why}" if why else \
            f"no converted kernel '{entry.kernel}' in the converted module"
    try:
        params = _kernel_params(entry.kernel, analysis, info)
        if not params and info is None:
            res.failure, res.message = "not-converted", not_converted or f"no kernel '{entry.kernel}' in {display}"
            return res
        inputs = spec.make_inputs(options.seed)
        missing = [n for n, _ in argument_names(params) if n not in inputs]
        if missing:
            res.failure, res.message = "spec", f"the launch spec has no argument {', '.join(map(repr, missing))}"
            return res
        grid = spec.grid_values()
        block = tuple(spec.block)
        smem = _resolve_shared_bytes(entry, analysis, info)
        res.launch = {"grid": list(grid), "block": list(block), "shared_bytes": smem}
        timeout = entry.timeout or options.timeout
        flat = {n: np.ascontiguousarray(v).reshape(-1) for n, v in inputs.items() if isinstance(v, np.ndarray)}

        # the original
        try:
            samples: list[float] = []
            want, res.timings["original_run"], note = _run_original(entry, original, params, flat, inputs, grid,
                                                                    block, smem, timeout, options,
                                                                    converted_ok=not not_converted,
                                                                    samples=samples)
            if samples:
                res.timings["original_min"] = min(samples)
            if note:
                notes_out.append(note)
        except OriginalError as err:
            res.failure = err.kind if not not_converted else "not-converted"
            res.message = "\n".join(filter(None, [not_converted, f"original ({original.name}): {err}"]))
            return res
        if not_converted:
            res.failure, res.message = "not-converted", not_converted
            return res

        # the converted kernel
        try:
            samples: list[float] = []
            kwargs = {"repeat": options.repeat, "warmup": options.warmup, "samples": samples} \
                if converted.name == "cuda" else {}
            got, build_s, run_s = converted.run(info, inputs, grid, block, smem, timeout, **kwargs)
            res.timings["converted_build"] = build_s
            res.timings["converted_run"] = run_s
            if samples:
                res.timings["converted_min"] = min(samples)
        except ConvertedError as err:
            res.failure, res.message = f"converted {err.kind}", str(err)
            return res

        # compare every buffer either side could write
        outputs = [n for n, t in argument_names(params) if n in flat and (_writable(n, t, info) or spec.args[n].output)]
        for name in outputs:
            arg = spec.args.get(name)
            res.outputs.append(check_buffer(name, got[name], want[name], dtype=arg.dtype if arg else None,
                                            tolerance=spec.tolerance, ulp=entry.ulp if entry.ulp is not None
                                            else options.ulp, unordered=name in entry.unordered))
        bad = [c for c in res.outputs if not c.ok]
        if bad and original.name == "cpu" and uses_implicit_lockstep(entry.kernel, analysis):
            # legacy warp-synchronous code (volatile shared memory, no __syncwarp) relies on lanes
            # running in lockstep, which the CPU runtime does not emulate: the numpy reference decides
            checks, why = _against_reference(cu, spec, inputs, got, outputs, entry, options)
            lockstep = ("the original relies on implicit warp lockstep (volatile shared memory without "
                        "__syncwarp), which the CPU runtime does not emulate")
            if checks is not None:
                res.outputs = checks
                bad = [c for c in checks if not c.ok]
                notes_out.append(f"note: {lockstep}; compared with the numpy reference "
                                 f"({cu.stem}_ref.py) instead")
            else:  # neither side can be trusted here: not a verdict on the conversion
                res.status = SKIP
                notes_out.append(f"cannot judge: {lockstep}, and {why}; run with --original cupy on a GPU "
                                 f"(on the CPU: {bad[0].describe()})")
                return res
        if bad:
            res.failure = "mismatch"
        else:
            res.status = PASS
    except SpecError as err:
        res.failure, res.message = "spec", f"{err.code}: {err.message}"
    except Exception as err:  # the harness's own error on one kernel: report it, go on with the next
        res.failure, res.message = "internal", f"internal error: {type(err).__name__}: {err}"
    finally:
        res.timings["total"] = time.perf_counter() - start
        if notes_out:
            res.message = "\n".join(filter(None, [res.message, *notes_out]))
    return res


def _run_original(entry: Entry, original, params, flat: dict, inputs: dict, grid, block, smem: int,
                  timeout: float, options: ParityOptions, converted_ok: bool, samples: list[float] | None = None):
    """(the original's buffers after the launch, its seconds, a note or None); raises OriginalError.
    On cupy, `samples` receives the seconds of every timed repeat."""
    def launch(barrier_mode: str):
        bufs = {n: a.copy() for n, a in flat.items()}
        args = [struct_value(n, t, {**inputs, **bufs}) if isinstance(t, A.Struct) else bufs[n] if n in bufs
                else inputs[n] for n, t in params]
        if original.name == "cupy" and any(isinstance(t, A.Struct) for _, t in params):
            raise OriginalError("launch error", "struct arguments by value are not passed to CuPy yet: run the "
                                                "original on the CPU runtime (--original cpu)")
        if original.name == "cupy":
            kwargs = {"scalar_dtypes": [t.dtype if isinstance(t, A.Scalar) else None for _, t in params],
                      "repeat": options.repeat, "warmup": options.warmup, "samples": samples}
        else:
            kwargs = {"barrier_mode": barrier_mode}
        return bufs, original.launch(entry.kernel, grid, block, args, smem, timeout, **kwargs)

    try:
        return (*launch("lenient" if options.barriers == "lenient" else "strict"), None)
    except OriginalError as err:
        # threads that `return` before a __syncthreads() the others wait at: undefined in CUDA, yet
        # GPUs count exited threads as arrived and kernels rely on it. When the converter accepted
        # the kernel, compare with that behaviour and say so.
        if not (options.barriers == "auto" and original.name == "cpu" and converted_ok
                and err.kind == "barrier divergence" and EXITED_BEFORE_BARRIER in str(err)):
            raise
    return (*launch("lenient"), "note: threads exit before a __syncthreads() the others wait at (undefined in "
                                "CUDA; GPUs count exited threads as arrived); the original ran that way")


def _against_reference(cu: Path, spec: KernelSpec, inputs: dict, got: dict, outputs: list[str], entry: Entry,
                       options: ParityOptions):
    """(checks of the converted buffers against `<stem>_ref.py`, or None and why not)."""
    from cuda2tile.parity.reference import reference_path, run_reference

    if entry.origin != "spec":
        return None, "a numpy reference applies only to the spec's own launches (this one is inferred)"
    if not reference_path(cu).exists():
        return None, f"there is no numpy reference ({reference_path(cu).name})"
    try:
        want = run_reference(cu, spec, inputs)
    except Exception as err:
        return None, f"the numpy reference failed ({type(err).__name__}: {err})"
    checks = []
    for name in outputs:
        if name in want:
            arg = spec.args.get(name)
            expected = np.asarray(want[name])
            if arg is not None and arg.dtype == "bfloat16" and expected.dtype.kind == "f":  # references give values
                expected = bfloat16.to_bits(expected)
            checks.append(check_buffer(name, got[name], expected, dtype=arg.dtype if arg else None,
                                       tolerance=spec.tolerance, ulp=entry.ulp if entry.ulp is not None
                                       else options.ulp, unordered=name in entry.unordered))
    return checks, None


def uses_implicit_lockstep(kernel: str, analysis: HostAnalysis) -> bool:
    """Does the kernel (or a function it calls) declare volatile memory, the legacy warp-synchronous idiom?"""
    unit = analysis.unit
    if unit is None:
        return False
    functions = {f.name: f for f in unit.functions}
    fn = functions.get(kernel)
    seen: set[str] = set()

    def volatile(t) -> bool:
        return isinstance(t, A.Pointer) and (t.volatile or volatile(t.pointee))

    def visit(node) -> bool:
        if isinstance(node, A.VarDecl) and (node.volatile or volatile(node.type)):
            return True
        if isinstance(node, A.Call) and node.device_function and node.callee not in seen:
            seen.add(node.callee)
            callee = functions.get(node.callee)
            if callee is not None and (visit(callee.body) or any(volatile(p.type) for p in callee.params)):
                return True
        if isinstance(node, tuple):
            return any(visit(x) for x in node)
        if hasattr(node, "__dataclass_fields__") and not isinstance(node, A.Loc):
            return any(visit(getattr(node, f)) for f in node.__dataclass_fields__)
        return False

    return fn is not None and (visit(fn.body) or any(volatile(p.type) for p in fn.params))


# ------------------------------------------------------------------------------------------------
# One file
# ------------------------------------------------------------------------------------------------
def _pick_original(mode: str) -> str:
    if mode != "auto":
        return mode
    from cuda2tile.parity.original_cupy import available

    return "cupy" if available() else "cpu"


def _pick_converted(mode: str) -> str:
    if mode != "auto":
        return mode
    try:
        import torch

        return "cuda" if torch.cuda.is_available() else "c"
    except Exception:
        return "c"


def check_file(cu_path: str, display: str, options: ParityOptions, out_dir: str) -> list[KernelParity]:
    """Every run of one `.cu` file (see the module docstring)."""
    cu = Path(cu_path)
    templates = ()
    spec_path = Path(options.spec) if options.spec else cu.with_suffix(".toml")
    if not options.infer and spec_path.exists():
        try:
            templates = tuple(sorted({(s.name, s.template) for s in load_spec(spec_path) if s.template}))
        except SpecError:
            templates = ()
    frontend = FrontendOptions(include_dirs=options.include_dirs, defines=options.defines, std=options.std,
                               instantiate=templates)
    analysis = analyze(str(cu), frontend, display)
    if analysis.error:
        return [KernelParity(display, "*", FAIL, message=analysis.error, failure="parse")]
    entries = plan_file(cu, display, analysis, options)
    results: list[KernelParity] = []
    runnable = []
    for e in entries:
        if e.skip:
            results.append(KernelParity(display, e.kernel, SKIP, e.origin if e.origin != "none" else "", e.where,
                                        message=e.skip))
        elif e.error:
            results.append(KernelParity(display, e.kernel, FAIL, e.origin, e.where, message=e.error, failure="spec"))
        else:
            runnable.append(e)
    if not runnable:
        return results

    original_mode, converted_mode = options.original, options.converted
    names = sorted({e.kernel for e in runnable})
    if original_mode == "cupy":
        from cuda2tile.parity.original_cupy import CupyOriginal

        original = CupyOriginal(cu, names, analysis.info, options.include_dirs, options.defines, options.std)
    else:
        original = CpuOriginal(cu, names, options.include_dirs, options.defines, options.cache_dir)
    tiles = dict(options.tiles)
    converted = ConvertedCuda(options.cuda_arch, tiles) if converted_mode == "cuda" else \
        ConvertedC(options.timeout, options.isolate, tiles)
    with ThreadPoolExecutor(max_workers=1) as pool:
        build = pool.submit(original.build) if original_mode == "cpu" else None  # g++ while TileLang works
        module, notes, file_error = convert_file(cu, display, options, Path(out_dir), templates)
        if build is not None:
            build.result()
        else:
            original.build()
    first = True
    for e in runnable:
        if file_error and module is None:
            res = KernelParity(display, e.kernel, FAIL, e.origin, e.where, message=file_error,
                               failure="not-converted", original=original.name, converted=converted.name)
            if e.kernel in notes:
                res.message = f"not converted: {notes[e.kernel]}"
        else:
            with tilelang_warnings() as caught:  # TileLang's own, per kernel (docs/tilelang-warnings.md)
                res = check_entry(e, cu, display, analysis, module, notes, original, converted, options)
            res.warnings = caught
        if first:
            res.timings["original_build"] = original.build_seconds
            first = False
        results.append(res)
    return results


def _check_file_task(args) -> list[KernelParity]:
    cu_path, display, options, out_dir = args
    _quiet_workers()
    return check_file(cu_path, display, options, out_dir)


def _quiet_workers() -> None:
    os.environ.setdefault("TILELANG_PRINT_ON_COMPILATION", "0")


# ------------------------------------------------------------------------------------------------
# The whole run
# ------------------------------------------------------------------------------------------------
def run_parity(options: ParityOptions, progress=None) -> ParityRun:
    """Check every `.cu` file under `options.sources`; `progress(KernelParity)` sees each result.
    Raises `MissingExtra` (cuda2tile/extras.py) before any work on an install without TileLang."""
    from cuda2tile.extras import require_run_extra
    from cuda2tile.files import discover

    require_run_extra("parity")
    start = time.perf_counter()
    options = replace(options, original=_pick_original(options.original),
                      converted=_pick_converted(options.converted))
    tmp = None
    out_dir = options.output
    if out_dir is None:
        tmp = tempfile.mkdtemp(prefix="cuda2tile-parity-")
        out_dir = tmp
    run = ParityRun(settings={"original": options.original, "converted": options.converted, "seed": options.seed,
                              "timeout": options.timeout, "ulp": options.ulp, "infer": options.infer})
    try:
        files, diags = discover(list(options.sources), out_dir)
        for d in diags:
            run.results.append(KernelParity(d.loc.file, "*", FAIL, message=d.message, failure="input"))
        tasks = [(path, display, options, out_dir) for path, display in files]
        jobs = max(1, min(options.jobs, len(tasks)))
        by_index: dict[int, list[KernelParity]] = {}
        if jobs == 1:
            for i, task in enumerate(tasks):
                by_index[i] = check_file(*task)
                for r in by_index[i]:
                    if progress:
                        progress(r)
        else:
            from cuda2tile.session import Session

            # biggest files first, so that the last worker is not left with a long one
            order = sorted(range(len(tasks)), key=lambda i: -os.path.getsize(tasks[i][0]))
            pool = Session(jobs=jobs, cache=False)  # the one process pool; spawned: TileLang is not fork-safe
            for k, got in pool.map_as_completed(_check_file_task, [tasks[i] for i in order], spawn=True, errors=True):
                i = order[k]
                if isinstance(got, Exception):  # a worker died (killed, out of memory): the file fails
                    got = [KernelParity(tasks[i][1], "*", FAIL, message=f"worker failed: {got}", failure="internal")]
                by_index[i] = got
                for r in got:
                    if progress:
                        progress(r)
        for i in range(len(tasks)):
            run.results += by_index.get(i, [])
    finally:
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)
    run.seconds = time.perf_counter() - start
    return run
