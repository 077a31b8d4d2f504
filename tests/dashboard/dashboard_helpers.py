"""Shared by the dashboard tests (a plain module, not conftest.py: test folders would clash).

`history_site()` records four real `cuda2tile coverage --db` runs of a small tree that changes
between them (kernels fixed, broken, added, a file removed), adds parity results from a
hand-written `cuda2tile parity --json` file (GPU timings for one kernel, CPU for another), and
builds the dashboard with `--src`. Built once per test process.
"""

from __future__ import annotations

import atexit
import contextlib
import functools
import importlib.util
import io
import json
import shutil
import tempfile
from pathlib import Path

import pytest

from cuda2tile import cli
from dashboard_cdp import Browser, find_chromium

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "corpus"
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"

SCALE_V1 = """// two kernels; shift jumps with goto (not converted)
__global__ void scale(int n, float* x) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= 2.0f;
}
__global__ void shift(int n, float* x) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) goto out;
    x[i] += 1.0f;
out:
    return;
}
"""
SCALE_V2 = SCALE_V1.replace("if (i >= n) goto out;\n    x[i] += 1.0f;\nout:\n    return;", "if (i < n) x[i] += 1.0f;")
TEXTURE = """#include <cuda_runtime.h>
__global__ void fetch(cudaTextureObject_t t, float* x) { x[threadIdx.x] = tex1Dfetch<float>(t, threadIdx.x); }
__global__ void fence(int n, float* x) {
    int i = threadIdx.x;
    x[i] = 1.0f;
    __syncthreads_count(1);
}
"""
OLD = """__global__ void old_kernel(int n, float* x) { int i = threadIdx.x; if (i < n) x[i] = 0.0f; }
"""


def _benchmark(name: str):
    """A script of benchmarks/ (a folder, not a package), loaded by its path."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


generate = _benchmark("synthetic_history").generate  # the history benchmarks/dashboard_build.py times


def run(*argv: str) -> tuple[int, str, str]:
    """`cuda2tile ARGV` in this process: (exit status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(list(argv))
    return code, out.getvalue(), err.getvalue()


def parity_document() -> dict:
    """`cuda2tile parity --json` output: saxpy on a GPU (both sides), axpby on the CPU with a mismatch."""
    def buf(name, ok, mismatches, abs_err, rel_err, ulp):
        return {"name": name, "ok": ok, "mismatches": mismatches, "total": 4096, "max_abs_error": abs_err,
                "max_rel_error": rel_err, "max_ulp": ulp, "worst_index": 7, "converted": 1.0, "original": 1.0,
                "rule": "rtol=1e-05 atol=1e-06", "unordered": False}
    return {"schema": "cuda2tile.parity/1", "settings": {}, "summary": {"kernels": 2, "passed": 1, "failed": 1,
                                                                         "skipped": 0},
            "kernels": [
                {"source": "blas1/level1.cu", "kernel": "saxpy", "status": "pass", "origin": "spec", "where": "",
                 "message": None, "failure": None, "original": "cupy", "converted": "cuda",
                 "launch": {"grid": [16, 1, 1], "block": [256, 1, 1]},
                 "timings": {"original_run": 0.000250, "converted_run": 0.000200, "converted_build": 2.5},
                 "outputs": [buf("y", True, 0, 1.19e-07, 2.4e-08, 1.0)]},
                {"source": "blas1/level1.cu", "kernel": "axpby", "status": "fail", "origin": "spec", "where": "",
                 "message": "outputs differ", "failure": "mismatch", "original": "cpu", "converted": "c",
                 "launch": {"grid": [16, 1, 1], "block": [256, 1, 1]},
                 "timings": {"original_run": 0.01, "converted_run": 0.002},
                 "outputs": [buf("z", False, 3, 0.5, 0.25, 4194304.0)]},
            ]}


@functools.lru_cache(maxsize=None)
def history_site() -> tuple[Path, Path, Path]:
    """(tree, database, site): four recorded runs of a changing tree, the dashboard built with --src."""
    base = Path(tempfile.mkdtemp(prefix="c2t-dashboard-test-"))
    atexit.register(shutil.rmtree, base, True)
    tree, db, cache = base / "kernels", base / "coverage.db", base / "cache"
    (tree / "misc").mkdir(parents=True)
    (tree / "blas1").mkdir()
    steps = [
        {"scale.cu": SCALE_V1, "old.cu": OLD, "misc/device_helpers.cu": (CORPUS / "misc/device_helpers.cu").read_text()},
        {"blas1/level1.cu": (CORPUS / "blas1/level1.cu").read_text()},
        {"scale.cu": SCALE_V2, "misc/texture.cu": TEXTURE},
        {"old.cu": None},
    ]
    for step in steps:
        for name, text in step.items():
            if text is None:
                (tree / name).unlink()
            else:
                (tree / name).write_text(text)
        code, _, err = run("coverage", str(tree), "--db", str(db), "--cache-dir", str(cache),
                           "--report-format", "json", "-j", "1")
        assert code == 0, err
    parity = base / "parity.json"
    parity.write_text(json.dumps(parity_document()))
    site = base / "site"
    code, _, err = run("dashboard", "--db", str(db), "-o", str(site), "--src", str(tree), "--cache-dir", str(cache),
                       "--parity-json", str(parity), "-j", "1")
    assert code == 0, err
    return tree, db, site


def kernel_page(site: Path, name: str) -> Path:
    matches = [p for p in (site / "kernels").glob("*.html") if f"<h1><code>{name}</code></h1>" in p.read_text()]
    assert len(matches) == 1, (name, matches)
    return matches[0]


def fresh_copy(site: Path) -> Path:
    target = Path(tempfile.mkdtemp(prefix="c2t-dashboard-copy-")) / "site"
    atexit.register(shutil.rmtree, target.parent, True)
    shutil.copytree(site, target)
    return target


CHROMIUM = find_chromium()


@pytest.fixture(scope="module")
def browser():
    """Headless Chromium for a test module; skipped, saying why, when it is missing or does not start."""
    if CHROMIUM is None:
        pytest.skip("headless browser checks skipped: no Chromium found (`apt-get install -y chromium`, as .ci/run "
                    "does, or set CUDA2TILE_CHROMIUM)")
    try:
        b = Browser.launch(CHROMIUM)
    except Exception as err:
        pytest.skip(f"headless browser checks skipped: Chromium ({CHROMIUM}) did not start: {err}")
    yield b
    b.close()
