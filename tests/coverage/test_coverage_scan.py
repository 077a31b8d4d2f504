"""The construct scanner and `cuda2tile coverage ... --report-format json` on the corpus."""

from __future__ import annotations

import ast
import json
from collections import Counter
from pathlib import Path

import jsonschema
import pytest

from coverage_helpers import CORPUS, INPUTS, corpus_cache_dir, corpus_report, kernel, run
import op_coverage
from cuda2tile import session as session_mod
from cuda2tile.cache import ResultCache
from cuda2tile.reports import collect, lexical, scan
from cuda2tile.reports.json_schema import SCHEMA
from cuda2tile.reports.model import FileCoverage
from cuda2tile.driver import convert_source
from cuda2tile.files import discover
from cuda2tile.session import ConvertOptions, Session

SINK = INPUTS / "sink.cu"


@pytest.fixture(scope="module")
def sink() -> FileCoverage:
    coverage, _ = collect.scan_file(str(SINK), "sink.cu")
    return coverage


# (construct, line) pairs of tests/coverage/inputs/sink.cu, read off the source by hand
SINK_EXPECTED = {
    ("texture reference", 13), ("recursion", 17), ("?:", 17), ("cudaTextureObject_t", 19), ("__restrict__", 19),
    ("__shared__", 21), ("extern __shared__", 22), ("__syncthreads", 25), ("__shfl_down_sync", 26),
    ("__hadd", 27), ("__half2", 28), ("__floats2half2_rn", 28), ("tex1Dfetch", 29), ("switch", 30), ("asm", 31),
    ("atomicCAS", 32), ("cast", 32), ("__constant__", 33), ("__device__ variable", 33), ("__popc", 33),
    ("__vendor_intrinsic", 33), ("__half2float", 33), ("printf (device)", 34), ("string literal", 34),
    ("cooperative_groups::thread_block", 35), ("cooperative_groups::this_thread_block", 35),
    ("cooperative_groups::sync", 36), ("early return", 43), ("for (canonical)", 44), ("for (general)", 45),
    ("break/continue", 45), ("while", 46), ("break/continue", 46), ("do/while", 47), ("return inside loop", 48),
    ("?:", 49), ("wmma::fragment", 54), ("wmma::fragment", 55), ("wmma::fill_fragment", 57),
    ("wmma::load_matrix_sync", 58), ("wmma::mma_sync", 60), ("wmma::store_matrix_sync", 61),
    ("dynamic parallelism", 65), ("__launch_bounds__", 66), ("cudaMalloc", 71), ("cudaMemcpy", 72),
    ("<<<grid, block, shared bytes>>>", 73), ("<<<grid, block>>>", 74), ("thrust::sort", 75),
    ("cub::DeviceReduce", 76), ("cudaDeviceSynchronize", 77), ("cudaFree", 78),
}


def test_scanner_finds_every_marked_construct(sink):
    found = {(o.construct, o.line) for o in sink.all_occurrences()}
    assert SINK_EXPECTED - found == set()


def test_statuses_scopes_and_codes_come_from_the_database(sink):
    by_key = {(o.construct, o.line): o for o in sink.all_occurrences()}
    # (constructs far from being lifted, so that the statuses asserted here stay true for a while)
    assert by_key[("tex1Dfetch", 29)].status == "unsupported" and by_key[("tex1Dfetch", 29)].code == "C2T1203"
    assert by_key[("wmma::mma_sync", 60)].status == "planned" and by_key[("wmma::mma_sync", 60)].code == "C2T1203"
    assert by_key[("dynamic parallelism", 65)].code == "C2T1211"
    assert by_key[("switch", 30)].status == "partial" and by_key[("switch", 30)].spelling == "switch statement"
    assert by_key[("__vendor_intrinsic", 33)].status == "unknown"  # declared, not defined: not a user function
    assert by_key[("wmma::mma_sync", 60)].spelling == "mma_sync"
    assert by_key[("cub::DeviceReduce", 76)].spelling == "cub::DeviceReduce::Sum"
    assert {o.scope for o in sink.all_occurrences() if o.line >= 69} == {"host"}
    assert all(o.code is None for o in sink.all_occurrences() if o.scope == "host")
    assert by_key[("__launch_bounds__", 66)].function == "bounded"


def test_user_device_functions_are_walked_not_counted(sink):
    constructs = {o.construct for o in sink.all_occurrences()}
    assert "helper" not in constructs and "fact" not in constructs
    everything = next(k for k in sink.kernels if k.name == "everything")
    assert everything.functions == ["everything", "fact", "helper"]
    # fact's recursion counts for the kernel that calls it
    assert "recursion" in {o.construct for o in sink.kernel_occurrences(everything)}


def test_comments_and_strings_hide_constructs(sink):
    assert [o.line for o in sink.all_occurrences() if o.construct == "cudaFree"] == [78]


def test_kernel_statuses_are_the_converters(sink):
    result, _ = convert_source(str(SINK), "sink.cu")
    assert [(k.name, k.status) for k in sink.kernels] == [(k.cuda_name, k.status) for k in result.kernels]
    assert {k.name: k.status for k in sink.kernels}["child"] == "converted"


def _fixed_names(module) -> set[str]:
    """Construct names the scanner writes itself (not spelled by the source): string arguments of
    `add(...)` / `occurrence(...)` calls and the fixed names of the lexical rules."""
    tree = ast.parse(Path(module.__file__).read_text())
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) in (
                "add", "occurrence") and node.args:
            arg = node.args[0]
            options = [arg.body, arg.orelse] if isinstance(arg, ast.IfExp) else [arg]
            names |= {o.value for o in options if isinstance(o, ast.Constant) and isinstance(o.value, str)}
    return names | {fixed for _, fixed, _ in lexical._RULES if fixed}


def test_every_name_the_scanner_writes_is_a_record():
    names = _fixed_names(scan) | _fixed_names(lexical)
    assert len(names) > 20
    assert sorted(n for n in names if op_coverage.lookup(n) is None) == []


def test_file_coverage_survives_the_cache_format(sink):
    again = FileCoverage.from_json(json.loads(json.dumps(sink.to_json())))
    assert again.to_json() == sink.to_json()
    assert again.all_occurrences() == sink.all_occurrences()


# ------------------------------------------------------------------ the corpus (acceptance 1)

def test_every_corpus_kernel_is_reported_converted():
    """Acceptance 1. Files under an `invalid/` folder are the corpus's negative examples (kernels kept to
    show that cuda2tile rejects them with a diagnostic), so they are expected not to convert."""
    report = corpus_report()
    statuses = {(f["display"], k["name"]): k["status"] for f in report["files"] for k in f["kernels"]}
    valid = {key: s for key, s in statuses.items() if "invalid" not in key[0].split("/")}
    assert len(valid) >= 78
    assert {key: s for key, s in valid.items() if s != "converted"} == {}
    invalid = {key: s for key, s in statuses.items() if key not in valid}
    assert set(invalid.values()) <= {"unsupported"}


def test_corpus_report_agrees_with_convert():
    """Kernel statuses are the converter's: checked on every file with a kernel not converted, and two others."""
    report = corpus_report()
    got = {(f["display"], k["name"]): k["status"] for f in report["files"] for k in f["kernels"]}
    files, _ = discover([str(CORPUS)], "/nonexistent")
    assert sorted(display for _, display in files) == sorted(f["display"] for f in report["files"])
    odd = {display for display, _ in got if any(s != "converted" for (d, _), s in got.items() if d == display)}
    for path, display in [f for f in files if f[1] in odd] + files[:2]:
        result, _ = convert_source(path, display)
        assert {k.cuda_name: k.status for k in result.kernels} == {k: s for (d, k), s in got.items() if d == display}


# hand-counted from corpus/blas1/level1.cu and corpus/elementwise/clamp_round.cu: one entry per parameter
# or local type, qualifier, built-in variable, call and statement form (implicit conversions are not counted)
HAND_COUNTED = {
    ("blas1/level1.cu", "saxpy"): {"__global__": 1, "int": 2, "float": 3, "const": 1, "blockIdx.x": 1,
                                   "blockDim.x": 1, "threadIdx.x": 1, "if/else": 1},
    ("blas1/level1.cu", "axpby"): {"__global__": 1, "int": 2, "float": 5, "const": 2, "__restrict__": 3,
                                   "blockIdx.x": 1, "blockDim.x": 1, "threadIdx.x": 1, "if/else": 1,
                                   "early return": 1},
    ("blas1/level1.cu", "partial_dot"): {"__global__": 1, "int": 4, "float": 4, "const": 2, "blockIdx.x": 1,
                                         "blockDim.x": 2, "threadIdx.x": 1, "gridDim.x": 1, "for (canonical)": 1},
    ("elementwise/clamp_round.cu", "clamp_float"): {"__global__": 1, "int": 2, "float": 4, "const": 1,
                                                    "blockIdx.x": 1, "blockDim.x": 1, "threadIdx.x": 1,
                                                    "if/else": 1, "early return": 1, "fminf": 1, "fmaxf": 1},
    ("elementwise/clamp_round.cu", "sign_int"): {"__global__": 1, "int": 6, "const": 1, "blockIdx.x": 1,
                                                 "blockDim.x": 1, "threadIdx.x": 1, "if/else": 1,
                                                 "early return": 1, "?:": 2, "abs": 1},
}


@pytest.mark.parametrize("where", sorted(HAND_COUNTED), ids=lambda w: w[1])
def test_construct_counts_match_a_hand_count(where):
    assert kernel(corpus_report(), *where)["constructs"] == HAND_COUNTED[where]


def test_totals_are_sums_of_the_files():
    report = corpus_report()
    s = report["summary"]
    occurrences = [o for f in report["files"] for o in f["occurrences"]]
    device = Counter(o["status"] for o in occurrences if o["scope"] == "device")
    assert s["constructs"]["total"] == sum(device.values()) and s["constructs"]["supported"] == device["supported"]
    assert s["host_constructs"]["total"] == sum(o["scope"] == "host" for o in occurrences)
    assert s["kernels"]["total"] == sum(len(f["kernels"]) for f in report["files"])
    assert s["lines"]["kernel_lines"] >= s["lines"]["converted_lines"] > 0
    top = report["top_unsupported"]
    # weighted by kernels: the constructs blocking the most kernels first, then the most used
    keys = [(t["kernels_blocked"], t["occurrences"]) for t in top]
    assert keys == sorted(keys, reverse=True)
    assert all(t["status"] in ("unsupported", "planned", "unknown") for t in top)


def test_json_report_matches_its_schema():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    jsonschema.validate(corpus_report(), SCHEMA)
    code, out, _ = run("coverage", str(SINK), "--report-format", "json", "--no-cache")
    sink_report = json.loads(out)
    jsonschema.validate(sink_report, SCHEMA)
    broken = dict(sink_report, summary={**sink_report["summary"], "kernels": {"total": -1}})
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(broken, SCHEMA)


# ------------------------------------------------------------------ the cache (acceptance 5)

def _tree(tmp_path):
    src = tmp_path / "src"
    (src / "sub").mkdir(parents=True)
    (src / "common.h").write_text("#define SCALE 2.0f\n")
    (src / "a.cu").write_text('#include "common.h"\n__global__ void a(float* x) { x[threadIdx.x] *= SCALE; }\n')
    (src / "sub" / "b.cu").write_text("__global__ void b(float* x) { x[threadIdx.x] = 1.0f; }\n")
    return src


def _scan(src, cache_dir):
    """The tree scanned by a session whose results (and scans) are cached in `cache_dir`."""
    options = ConvertOptions()
    return collect.scan_sources(Session(options, cache=ResultCache(cache_dir, options)), [str(src)])


def test_unchanged_files_come_from_the_cache(tmp_path, monkeypatch):
    src = _tree(tmp_path)
    cold = _scan(src, tmp_path / "cache")
    assert (cold.cache_hits, cold.cache_misses) == (0, 2)

    def no_conversion(*args, **kwargs):
        raise AssertionError("a cached file was converted again")

    monkeypatch.setattr(session_mod, "convert_file", no_conversion)
    warm = _scan(src, tmp_path / "cache")
    assert (warm.cache_hits, warm.cache_misses) == (2, 0)
    assert [s.coverage.to_json() for s in warm.files] == [s.coverage.to_json() for s in cold.files]
    assert all(s.coverage.cached for s in warm.files)


def test_a_changed_file_or_header_is_scanned_again(tmp_path):
    src = _tree(tmp_path)
    _scan(src, tmp_path / "cache")
    (src / "sub" / "b.cu").write_text("__global__ void b(float* x) { x[threadIdx.x] = 2.0f; __syncthreads(); }\n")
    tree = _scan(src, tmp_path / "cache")
    assert (tree.cache_hits, tree.cache_misses) == (1, 1)
    b = next(s.coverage for s in tree.files if s.coverage.display.endswith("b.cu"))
    assert "__syncthreads" in {o.construct for o in b.all_occurrences()}
    (src / "common.h").write_text("#define SCALE 3.0f\n")  # a.cu includes it
    tree = _scan(src, tmp_path / "cache")
    assert (tree.cache_hits, tree.cache_misses) == (1, 1)


def test_a_corrupt_cache_entry_is_a_miss(tmp_path):
    src = _tree(tmp_path)
    _scan(src, tmp_path / "cache")
    for entry in (tmp_path / "cache").rglob("*.json"):
        entry.write_text(entry.read_text()[:20])  # as if a writer died mid-file without the atomic rename
    tree = _scan(src, tmp_path / "cache")
    assert (tree.cache_hits, tree.cache_misses) == (0, 2)
    assert [s.coverage.kernels[0].status for s in tree.files] == ["converted", "converted"]


def test_cache_dir_comes_from_the_environment(tmp_path, monkeypatch):
    src = _tree(tmp_path)
    monkeypatch.setenv("CUDA2TILE_CACHE_DIR", str(tmp_path / "envcache"))
    run("coverage", str(src), "--report-format", "json")
    code, out, _ = run("coverage", str(src), "--report-format", "json")
    assert code == 0 and json.loads(out)["timing"]["files_cached"] == 2
    assert list((tmp_path / "envcache").rglob("*.json"))


def test_warm_corpus_scan_is_fast():
    """Acceptance 5: the whole corpus, unchanged since the last run, in under 10 s (docs/coverage-reports.md)."""
    corpus_report()  # the cold run fills the cache
    code, out, _ = run("coverage", str(CORPUS), "--report-format", "json", "--cache-dir", corpus_cache_dir())
    timing = json.loads(out)["timing"]
    assert code == 0 and timing["files_scanned"] == 0 and timing["files_cached"] >= 26
    assert timing["seconds"] < 10.0
