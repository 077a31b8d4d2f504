"""The conversion session (cuda2tile/session.py): files stream back in input order, the cache serves
an unchanged file, coverage parses each file once, and the low layers no longer import the driver."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from c2t_testsupport import ROOT
from cuda2tile import driver, session as session_mod
from cuda2tile.cache import ResultCache
from cuda2tile.reports.collect import COVERAGE_SCAN, scan_sources
from cuda2tile.session import ConvertOptions, FileAnalysis, Session

KERNELS = {
    "a.cu": "__global__ void a(float* x) { x[threadIdx.x] *= 2.0f; }\n",
    "b.cu": "__global__ void b(int n, float* y) {\n    int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
            "    if (i < n) y[i] = expf(y[i]);\n}\n",
    "sub/c.cu": "__device__ float twice(float v) { return v + v; }\n"
                "__global__ void c(float* z) { z[threadIdx.x] = twice(z[threadIdx.x]); }\n",
    "sub/d.cu": "__global__ void d(float* w) { __shared__ float t[32]; t[threadIdx.x] = w[threadIdx.x];\n"
                "    __syncthreads(); w[threadIdx.x] = t[31 - threadIdx.x]; }\n",
}


@pytest.fixture
def tree(tmp_path):
    src = tmp_path / "src"
    for name, text in KERNELS.items():
        (src / name).parent.mkdir(parents=True, exist_ok=True)
        (src / name).write_text(text)
    return src


def _session(cache_dir=None, jobs: int = 1, options: ConvertOptions = ConvertOptions()) -> Session:
    # an explicit ResultCache keeps the process's precompiled prelude where it is (no cache_dir)
    return Session(options, jobs=jobs, cache=ResultCache(cache_dir, options) if cache_dir else False)


def _files(session: Session, tree) -> list[tuple[str, str]]:
    files, notes = session.discover([str(tree)])
    assert notes == [] and len(files) == len(KERNELS)
    return files


def test_discover_names_files_by_their_path_under_the_source(tree):
    assert sorted(display for _, display in _files(_session(), tree)) == sorted(KERNELS)


def test_convert_streams_results_in_input_order_with_workers(tree, tmp_path):
    session = _session(tmp_path / "cache", jobs=2)
    files = _files(session, tree)[::-1]  # not the discovery order
    assert [r.source for r, _ in session.convert(files[:2])] == [d for _, d in files[:2]]  # two cached now
    streamed = [(r.source, r.cached) for r, _ in session.convert(files)]  # hits and misses interleaved
    assert streamed == [(d, i < 2) for i, (_, d) in enumerate(files)]


def test_convert_is_lazy_and_converts_one_file_per_result(tree, monkeypatch):
    calls = []
    real = session_mod.convert_file
    monkeypatch.setattr(session_mod, "convert_file", lambda *a: calls.append(a[1]) or real(*a))
    session = _session()
    results = session.convert(_files(session, tree))
    assert calls == []
    first, _ = next(results)
    assert calls == [first.source]
    assert [r.source for r, _ in results] == calls[1:] and len(calls) == len(KERNELS)


def test_second_run_is_read_from_the_cache(tree, tmp_path, monkeypatch):
    session = _session(tmp_path / "cache")
    files = _files(session, tree)
    cold = [(r.cached, r.to_json(), text) for r, text in session.convert(files)]
    assert [c for c, _, _ in cold] == [False] * len(files)

    def no_conversion(*args):
        raise AssertionError("an unchanged file was converted again")

    monkeypatch.setattr(session_mod, "convert_file", no_conversion)
    warm = [(r.cached, r.to_json(), text) for r, text in _session(tmp_path / "cache").convert(files)]
    assert [c for c, _, _ in warm] == [True] * len(files)
    assert [(j, t) for _, j, t in warm] == [(j, t) for _, j, t in cold]


def _count_parses(monkeypatch) -> list[str]:
    parsed = []
    real = driver.parse_file
    monkeypatch.setattr(driver, "parse_file",
                        lambda path, *rest, **named: parsed.append(path) or real(path, *rest, **named))
    return parsed


def test_coverage_parses_each_file_once(tree, monkeypatch):
    parsed = _count_parses(monkeypatch)
    scan = scan_sources(_session(), [str(tree)])
    assert sorted(parsed) == sorted(path for path, _ in _files(_session(), tree))
    constructs = {o.construct for f in scan.files for o in f.coverage.all_occurrences()}
    assert {"expf", "__syncthreads", "__shared__"} <= constructs
    c = next(f.coverage for f in scan.files if f.coverage.display.endswith("c.cu"))
    assert c.kernels[0].functions == ["c", "twice"]


def test_a_cached_coverage_scan_parses_nothing(tree, tmp_path, monkeypatch):
    cold = scan_sources(_session(tmp_path / "cache"), [str(tree)])
    parsed = _count_parses(monkeypatch)
    warm = scan_sources(_session(tmp_path / "cache"), [str(tree)])
    assert parsed == [] and (warm.cache_hits, warm.cache_misses) == (len(KERNELS), 0)
    assert [f.coverage.to_json() for f in warm.files] == [f.coverage.to_json() for f in cold.files]
    assert [f.module for f in warm.files] == [f.module for f in cold.files]


def test_an_entry_without_the_analysis_is_a_miss_for_it(tree, tmp_path):
    files = _files(_session(), tree)
    list(_session(tmp_path / "cache").convert(files))  # `convert` stores results, no scan
    first = list(_session(tmp_path / "cache").analyse(files, COVERAGE_SCAN))
    assert [r.cached for r, _, _ in first] == [False] * len(files)
    again = list(_session(tmp_path / "cache").analyse(files, COVERAGE_SCAN))
    assert [r.cached for r, _, _ in again] == [True] * len(files)
    assert [s for _, _, s in again] == [s for _, _, s in first]
    assert all(r.cached for r, _ in _session(tmp_path / "cache").convert(files))  # still serves `convert`


def kernel_names(converted) -> dict:
    """A module-level analysis (workers receive it by name)."""
    return {"kernels": [k.cuda_name for k in converted.result.kernels], "parsed": converted.parsed is not None}


def test_an_analysis_runs_in_the_workers_on_the_parse(tree):
    session = _session(jobs=2)
    names = FileAnalysis("names", kernel_names)
    outputs = [(r.source, out) for r, _, out in session.analyse(_files(session, tree), names)]
    assert outputs == [(d, {"kernels": [os.path.basename(d)[0]], "parsed": True}) for _, d in _files(session, tree)]


def test_convert_to_directory_writes_what_convert_gives(tree, tmp_path):
    session = _session()
    converted = session.convert_to_directory([str(tree)], tmp_path / "out")
    assert converted.diagnostics == []
    expected = {r.source: text for r, text in session.convert(_files(session, tree))}
    for result, path in converted:
        assert path == tmp_path / "out" / result.output and path.read_text() == expected[result.source]
    assert sorted(r.output for r, _ in converted) == sorted(n.replace(".cu", ".py") for n in KERNELS)


def test_convert_to_directory_refuses_a_second_module_at_one_path(tree, tmp_path):
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "a.cu").write_text(KERNELS["a.cu"])
    converted = _session().convert_to_directory([str(tree), str(tmp_path / "other")], tmp_path / "out")
    second = [(r, p) for r, p in converted if r.source == "a.cu"][1]
    assert second[1] is None and [d.code for d in second[0].diagnostics] == ["C2T1005"]


def test_map_keeps_input_order_in_workers():
    session = Session(jobs=2, cache=False)
    numbers = list(range(-20, 20))
    assert list(session.map(abs, numbers)) == [abs(n) for n in numbers]
    assert sorted(session.map_as_completed(abs, numbers)) == list(enumerate(abs(n) for n in numbers))


@pytest.mark.parametrize("first", ["cuda2tile.parse.prelude_pch", "cuda2tile.parse.frontend", "cuda2tile.cache",
                                   "cuda2tile.files", "cuda2tile.results", "cuda2tile.session"])
def test_the_import_circle_is_gone(first):
    """prelude_pch once imported the cache, which imported the driver, which imports the front end and
    prelude_pch: any of them imported first now loads, and the low ones never load the driver."""
    code = (f"import json, sys, {first}; "
            "print(json.dumps(sorted(m for m in ('cuda2tile.driver', 'cuda2tile.cache', 'cuda2tile.session') "
            "if m in sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True,
                         env=dict(os.environ, PYTHONPATH=str(ROOT)))
    loaded = json.loads(out.stdout)
    if first in ("cuda2tile.parse.prelude_pch", "cuda2tile.parse.frontend", "cuda2tile.files", "cuda2tile.results"):
        assert loaded == []
    elif first == "cuda2tile.cache":
        assert loaded == ["cuda2tile.cache"]


def _fails_on_three(n: int) -> int:
    if n == 3:
        raise ValueError("planted")
    return n * n


@pytest.mark.parametrize("jobs", [1, 2])
def test_map_as_completed_returns_a_failed_item_as_its_result(jobs):
    """The parity and check tools report a crashed worker's file as failed and go on: with `errors`
    the exception is that item's result; without it the run stops."""
    session = Session(jobs=jobs, cache=False)
    got = dict(session.map_as_completed(_fails_on_three, [1, 2, 3, 4], errors=True))
    assert {k: v for k, v in got.items() if k != 2} == {0: 1, 1: 4, 3: 16}
    assert isinstance(got[2], ValueError) and "planted" in str(got[2])
    with pytest.raises(ValueError):
        dict(session.map_as_completed(_fails_on_three, [1, 2, 3, 4]))
