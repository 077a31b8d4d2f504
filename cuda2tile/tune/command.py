"""Tune the tile shape of every raised matrix product that has a launch spec (`tune_all(TuneOptions)`;
the command `cuda2tile tune PATH...` is cuda2tile/cli/tune.py).

Each kernel is converted (idioms raised), its spec's inputs run through every candidate shape, the
shapes that agree with the default shape are timed by TileLang's autotuner, and one line per kernel
gives the default and the best shape with their times and the ratio. `--json` writes the chosen
shapes; `benchmarks/gpu_speed.py --tiles FILE` and the factories' `tile=` argument take them.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

SCHEMA = "cuda2tile.tune/1"


@dataclass(frozen=True)
class TuneOptions:
    sources: tuple[str, ...]
    kernels: tuple[str, ...] = ()  # tune only these (CUDA or spec names); empty: all
    target: str = "c"  # TileLang back end: c (the CPU) or cuda
    arch: str | None = None  # CUDA arch for target cuda (e.g. sm_90a)
    gpu_size: bool = False  # the specs' [kernel.gpu] sizes
    max_shapes: int = 0  # candidate shapes per kernel besides the default (0: all)
    warmup: int = 3  # untimed launches per shape
    repeat: int = 10  # timed launches per shape


@dataclass
class TuneRun:
    options: TuneOptions
    results: list[tuple[str, object]] = field(default_factory=list)  # (source display, autotune.TunedKernel)
    failures: int = 0  # kernels whose tuning failed
    problems: list[str] = field(default_factory=list)  # inputs that could not be read: diagnostics, bad specs

    def to_json(self) -> dict:
        """The chosen shapes (`--json`), read by `benchmarks/gpu_speed.py --tiles`."""
        o = self.options
        return {"schema": SCHEMA, "target": o.target, "arch": o.arch, "gpu_size": o.gpu_size,
                "kernels": [{"source": display, **t.to_json()} for display, t in self.results]}


def _plans(files: list[tuple[str, str]], kernels: tuple[str, ...], gpu_size: bool, out: list[str]):
    """(cu path, display name, spec) for each spec entry of the discovered `files`; problems go to `out`."""
    from cuda2tile.spec.launch_spec import SpecError, load_spec

    for path, display in files:
        toml = Path(path).with_suffix(".toml")
        if not toml.exists():
            continue
        try:
            specs = load_spec(toml)
        except SpecError as err:
            out.append(f"{toml}: {err}")
            continue
        for spec in specs:
            if kernels and spec.name not in kernels and spec.cuda_name not in kernels:
                continue
            if gpu_size:
                if spec.gpu is None:
                    continue
                spec = spec.at_gpu_size()
            yield path, display, spec


def tune_all(options: TuneOptions, progress: Callable[[str], None] | None = None) -> TuneRun:
    """Tune every raised matrix product under `options.sources` that has a launch spec; `progress(line)`
    sees a line as each kernel starts, each shape is checked or timed, and each kernel ends. Raises
    `MissingExtra` (cuda2tile/extras.py) before any work on an install without TileLang."""
    from cuda2tile.diagnostics import render
    from cuda2tile.extras import require_run_extra
    from cuda2tile.runtime import converted_modules
    from cuda2tile.session import ConvertOptions, Session
    from cuda2tile.tune.autotune import TuneError, tune_kernel
    from cuda2tile.tune.space import gemm_tiles

    require_run_extra("tune")
    say = progress or (lambda line: None)
    run = TuneRun(options)
    session = Session(ConvertOptions(), cache=False)
    with tempfile.TemporaryDirectory(prefix="cuda2tile-tune-") as tmp:
        # discovered against this fresh OUT: sources under the temporary directory itself are scanned
        files, notes = session.discover(list(options.sources), tmp)
        run.problems.extend(render(d) for d in notes)
        plans = list(_plans(files, options.kernels, options.gpu_size, run.problems))
        planned = list(dict.fromkeys((path, display) for path, display, _ in plans))  # each file once
        modules = {(c.source, c.result.source): c.module for c in converted_modules(session, planned, tmp)}
        for path, display, spec in plans:
            module = modules[path, display]
            info = getattr(module, "KERNELS", {}).get(spec.cuda_name) if module is not None else None
            if info is None or "tile_product" not in info:
                continue  # not converted, or not a raised matrix product: nothing to tune
            space = gemm_tiles(options.target, info["tile_product"])
            if options.max_shapes:
                space = space[:options.max_shapes]
            say(f"tune {display}:{spec.cuda_name} ({len(space)} shapes, {options.target})")
            try:
                tuned = tune_kernel(info, spec, options.target, options.arch, space, options.warmup, options.repeat,
                                    progress=lambda text: say("  " + text))
            except TuneError as err:
                run.failures += 1
                say(f"FAIL {display}:{spec.cuda_name}: {err}")
                continue
            run.results.append((display, tuned))
            say(f"{display}:{tuned.kernel}: default {tuned.default} {tuned.default_ms:.4f} ms, best {tuned.best} "
                f"{tuned.best_ms:.4f} ms, {tuned.speedup:.2f}x ({len(tuned.accepted)} shapes agree, "
                f"{len(tuned.rejected)} rejected)")
    return run
