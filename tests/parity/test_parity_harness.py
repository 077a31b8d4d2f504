"""`cuda2tile parity` end to end: original on the CPU SIMT runtime, conversion on TileLang's C back end.

Covers broken conversions (reported with the worst element and its error), kernels that diverge at
a barrier or never finish (clear messages within the timeout, the run goes on), inferred specs,
spec extras (`unordered`, `shared_bytes`, `ulp`, `timeout`), the JSON report and the exit status.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from c2t_testsupport import CORPUS  # noqa: E402
from parity_mutations import (drop_first_barrier, off_by_one_load, read_sibling_field,  # noqa: E402
                              shift_raised_scan, shift_tile_copies, shorten_gemm_reduction, skip_raised_warp_scans,
                              wrong_reduction_operator, write_converted_tree)

from cuda2tile.cli import main  # noqa: E402
from cuda2tile.parity.harness import ParityOptions, plan_file, run_parity  # noqa: E402
from cuda2tile.parse.host_info import analyze  # noqa: E402

KERNELS = Path(__file__).resolve().parent / "kernels"
CPU = dict(original="cpu", converted="c", jobs=1)


def _one(results, kernel):
    found = [r for r in results if r.kernel == kernel]
    assert len(found) == 1, [r.describe() for r in results]
    return found[0]


# ------------------------------------------------------------------ broken conversions (acceptance 3)
BROKEN = [  # (corpus file, kernel, mutation, the buffer that must differ, idioms raised: None = all)
    ("blas1/level1.cu", "saxpy", lambda k: off_by_one_load(k, "x", "n"), "y", None),
    ("cooperative/tiled_transpose.cu", "transpose_tiled", drop_first_barrier, "dst", None),
    ("cooperative/block_reduce.cu", "reduce_tree", lambda k: wrong_reduction_operator(k, "sdata"), "partial",
     frozenset()),
    ("cooperative/block_reduce.cu", "reduce_tree", lambda k: wrong_reduction_operator(k, "sdata"), "partial", None),
    ("cooperative/cg_reduce.cu", "cg_warp_reduce", lambda k: wrong_reduction_operator(k, "v"), "warp_sums", None),
    ("cooperative/tiled_matmul.cu", "matmul_tiled", shorten_gemm_reduction, "C", None),
    ("linalg/matmul_half.cu", "hgemm_naive", shorten_gemm_reduction, "C", None),
    ("cooperative/block_scan.cu", "scan_hillis_steele", shift_raised_scan, "y", None),
    ("cooperative/block_reduce.cu", "reduce_tree", shift_tile_copies, "partial", None),
    ("cooperative/block_scan.cu", "scan_warp_shfl_up", skip_raised_warp_scans, "y", None),
    ("misc/struct_params.cu", "clamped_avg_pool1d", read_sibling_field, "out", None),
]


@pytest.mark.slow
@pytest.mark.parametrize("source,kernel,mutate,buffer,raise_idioms", BROKEN,
                         ids=["off-by-one-index", "dropped-barrier", "wrong-reduction-operator",
                              "wrong-raised-reduction-operator", "wrong-raised-warp-reduction",
                              "raised-sgemm-short-k", "raised-hgemm-short-k",
                              "raised-scan-exclusive", "raised-tile-copy-off-by-one",
                              "raised-warp-scan-skipped", "struct-field-read-from-its-neighbour"])
def test_broken_conversion_is_reported_with_worst_index(source, kernel, mutate, buffer, raise_idioms, tmp_path):
    cu = CORPUS / source
    write_converted_tree(cu, kernel, None, tmp_path / "faithful", raise_idioms)
    faithful = run_parity(ParityOptions((str(cu),), kernels=(kernel,), converted_tree=str(tmp_path / "faithful"),
                                        **CPU))
    assert all(r.status == "pass" for r in faithful.results), [r.describe() for r in faithful.results]

    write_converted_tree(cu, kernel, mutate, tmp_path / "broken", raise_idioms)
    run = run_parity(ParityOptions((str(cu),), kernels=(kernel,), converted_tree=str(tmp_path / "broken"), **CPU))
    result = _one(run.results, kernel)
    assert result.status == "fail" and result.failure == "mismatch"
    bad = [c for c in result.outputs if not c.ok]
    assert [c.name for c in bad] == [buffer]
    check = bad[0]
    assert check.worst_index is not None and check.mismatches > 0 and check.max_abs_error > 0
    assert check.got != check.want and check.max_ulp > 0
    text = result.describe()
    assert f"worst at flat index {check.worst_index}" in text and "max abs err" in text and "ulp" in text


# ------------------------------------------------------------------ divergence and hangs (acceptance 4)
@pytest.mark.slow
def test_divergent_barrier_and_endless_kernel_are_reported_and_the_run_goes_on(tmp_path):
    start = time.perf_counter()
    run = run_parity(ParityOptions((str(KERNELS / "divergent.cu"),), output=str(tmp_path), **CPU))
    elapsed = time.perf_counter() - start
    branch = _one(run.results, "barrier_in_branch")
    assert branch.status == "fail" and branch.failure == "not-converted"
    assert "C2T1214" in branch.message and "barrier under thread-dependent control" in branch.message
    assert "barrier divergence: block (0,0,0): threads 16-63 exited while threads 0-15 wait at " \
           "__syncthreads()" in branch.message
    assert "divergent.cu:16" in branch.message

    spin = _one(run.results, "spin_forever")
    assert spin.status == "fail" and spin.failure == "timeout"
    assert "did not finish within the 1.5 s timeout and was stopped" in spin.message

    after = _one(run.results, "scale_after")
    assert after.status == "pass", after.describe()
    assert elapsed < 60


@pytest.mark.slow
def test_barrier_mode_strict_reports_early_exits(tmp_path):
    cu = CORPUS / "cooperative/early_exit.cu"
    auto = run_parity(ParityOptions((str(cu),), kernels=("thread_early_return",), output=str(tmp_path), **CPU))
    result = _one(auto.results, "thread_early_return")
    assert result.status == "pass" and "GPUs count exited threads as arrived" in result.message
    strict = run_parity(ParityOptions((str(cu),), kernels=("thread_early_return",), output=str(tmp_path),
                                      barriers="strict", **CPU))
    result = _one(strict.results, "thread_early_return")
    assert result.status == "fail" and result.failure == "barrier divergence"


@pytest.mark.slow
def test_converted_kernel_that_hangs_is_stopped(tmp_path):
    """A conversion that never ends (here: the spin loop with the flag never read) hits its timeout too."""
    cu = tmp_path / "spin.cu"
    cu.write_text((KERNELS / "divergent.cu").read_text())
    (tmp_path / "spin.toml").write_text(
        '[[kernel]]\nname = "scale_after"\nblock = [32]\ngrid = [1]\ntimeout = 1.0\n'
        '[kernel.args]\nn = { value = 32 }\na = { value = 2.0 }\n'
        'x = { dtype = "float32", shape = [32], init = "normal" }\n'
        'y = { dtype = "float32", shape = [32], init = "zeros", output = true }\n')
    tree = tmp_path / "tree"
    tree.mkdir()
    # a hand-written "conversion" whose loop never terminates
    (tree / "spin.py").write_text(
        "import tilelang.language as T\n\n"
        "def scale_after(*, block=(32,), target='cuda'):\n"
        "    n_len = T.dynamic('n_len')\n"
        "    @T.prim_func\n"
        "    def scale_after(n: T.int32, a: T.float32, x: T.Tensor((n_len,), 'float32'),"
        " y: T.Tensor((n_len,), 'float32'), grid_x: T.int32):\n"
        "        with T.Kernel(grid_x, threads=32) as bx:\n"
        "            for tx in T.Parallel(32):\n"
        "                k = T.alloc_var('int32')\n"
        "                k = 0\n"
        "                while k < n:\n"
        "                    y[tx] = a * x[tx] + T.cast(k, 'float32') * 0\n"
        "    return scale_after\n\n"
        "KERNELS = {'scale_after': {'factory': scale_after, 'source_line': 1, 'grid_rank': 1, 'block_rank': 1,\n"
        "    'default_block': (32,), 'params': (\n"
        "    {'name': 'n', 'cuda_name': 'n', 'kind': 'scalar', 'dtype': 'int32', 'carrier': 'int32'},\n"
        "    {'name': 'a', 'cuda_name': 'a', 'kind': 'scalar', 'dtype': 'float32', 'carrier': 'float32'},\n"
        "    {'name': 'x', 'cuda_name': 'x', 'kind': 'buffer', 'dtype': 'float32', 'carrier': 'float32',"
        " 'writable': False},\n"
        "    {'name': 'y', 'cuda_name': 'y', 'kind': 'buffer', 'dtype': 'float32', 'carrier': 'float32',"
        " 'writable': True})}}\n")
    start = time.perf_counter()
    run = run_parity(ParityOptions((str(cu),), kernels=("scale_after",), converted_tree=str(tree), **CPU))
    result = _one(run.results, "scale_after")
    assert result.status == "fail" and result.failure == "converted timeout", result.describe()
    assert "did not finish within the 1 s timeout" in result.message
    assert time.perf_counter() - start < 60


# ------------------------------------------------------------------ inferred specs (acceptance 5)
INFERRED_FILES = ["blas1/level1.cu", "elementwise/basic_arith.cu", "activations/gelu.cu", "stencil/laplace2d.cu",
                  "misc/hash.cu", "linalg/transpose.cu"]


@pytest.mark.slow
def test_files_pass_with_inferred_specs_only(tmp_path):
    sources = tuple(str(CORPUS / s) for s in INFERRED_FILES)
    run = run_parity(ParityOptions(sources, infer=True, output=str(tmp_path), **CPU))
    checked = [r for r in run.results if r.status != "skip"]
    assert len({r.source for r in checked}) == len(INFERRED_FILES)
    assert checked and all(r.status == "pass" and r.origin == "inferred" for r in checked), \
        [r.describe() for r in checked if r.status != "pass"]


def test_a_spec_file_wins_over_inference():
    cu = CORPUS / "blas1/level1.cu"
    analysis = analyze(str(cu))
    entries = plan_file(cu, "level1.cu", analysis, ParityOptions((str(cu),)))
    assert [(e.kernel, e.origin) for e in entries] == [(k, "spec") for k in
                                                       ("saxpy", "axpby", "partial_dot", "partial_asum")]
    entries = plan_file(cu, "level1.cu", analysis, ParityOptions((str(cu),), infer=True))
    assert {e.origin for e in entries} == {"inferred"} and len(entries) == 4
    assert entries[0].spec.grid == (40,) and entries[0].where == "line 60"


def test_kernels_without_spec_or_launch_are_skipped_with_a_reason():
    cu = CORPUS / "linalg/matvec.cu"  # no host main()
    entries = plan_file(cu, "matvec.cu", analyze(str(cu)), ParityOptions((str(cu),), infer=True))
    assert {e.kernel for e in entries} == {"matvec", "outer_update"}
    assert all(e.skip and "no host launch with constant sizes" in e.skip for e in entries)


def test_spec_extras_are_read_and_checked(tmp_path):
    cu = tmp_path / "k.cu"
    cu.write_text((CORPUS / "blas1/level1.cu").read_text())
    (tmp_path / "k.toml").write_text(
        '[[kernel]]\nname = "saxpy"\nblock = [256]\ngrid = [4]\nsizes = { n = 1000 }\n'
        'unordered = ["y"]\nshared_bytes = "n * 4"\nulp = 2\ntimeout = 3.5\n'
        '[kernel.args]\nn = { value = "n" }\na = { value = 2.0 }\n'
        'x = { dtype = "float32", shape = ["n"] }\ny = { dtype = "float32", shape = ["n"], output = true }\n'
        '[[kernel]]\nname = "axpby"\nblock = [256]\ngrid = [4]\nunordered = ["alpha"]\n'
        '[kernel.args]\nn = { value = 8 }\nalpha = { value = 1.0 }\nx = { dtype = "float32", shape = [8] }\n'
        'beta = { value = 1.0 }\ny = { dtype = "float32", shape = [8] }\n'
        'z = { dtype = "float32", shape = [8], output = true }\n')
    entries = plan_file(cu, "k.cu", analyze(str(cu)), ParityOptions((str(cu),)))
    saxpy, axpby = entries[0], entries[1]
    assert (saxpy.unordered, saxpy.shared_bytes, saxpy.ulp, saxpy.timeout) == (("y",), 4000, 2, 3.5)
    assert axpby.error and "`unordered` names 'alpha', which is not a buffer argument" in axpby.error


# ------------------------------------------------------------------ command line, JSON, exit status
@pytest.mark.slow
def test_command_line_json_and_exit_status(tmp_path, capsys):
    report = tmp_path / "parity.json"
    rc = main(["parity", str(KERNELS / "divergent.cu"), "--original", "cpu", "--converted", "c", "-j", "1",
               "--json", str(report), "--kernel", "scale_after", "--kernel", "spin_forever", "--timeout", "2"])
    out = capsys.readouterr().out
    assert rc == 1
    assert "FAIL divergent.cu:spin_forever" in out and "PASS divergent.cu:scale_after" in out
    assert "parity: 1 passed, 1 failed, 0 skipped" in out
    data = json.loads(report.read_text())
    assert data["schema"] == "cuda2tile.parity/1" and data["summary"]["failed"] == 1
    scale = next(k for k in data["kernels"] if k["kernel"] == "scale_after")
    assert scale["status"] == "pass" and scale["launch"] == {"grid": [8], "block": [128], "shared_bytes": 0}
    assert scale["outputs"][0]["name"] == "y" and scale["outputs"][0]["max_ulp"] == 0
    assert {"original_run", "converted_run", "converted_build", "total"} <= set(scale["timings"])

    rc = main(["parity", str(KERNELS / "divergent.cu"), "--original", "cpu", "--converted", "c", "-j", "1",
               "--kernel", "scale_after"])
    assert rc == 0
    rc = main(["parity", str(CORPUS / "linalg/matvec.cu"), "--infer", "--original", "cpu", "--converted", "c",
               "-j", "1"])
    assert rc == 1 and "nothing was checked" in capsys.readouterr().err
    assert main(["parity", str(CORPUS / "blas1"), "--spec", "x.toml"]) == 2


# ------------------------------------------------------------------ GPU mode (skipped without a GPU)
def _gpu() -> bool:
    from cuda2tile.parity.original_cupy import available

    return available()


@pytest.mark.slow
@pytest.mark.skipif(not _gpu(), reason="needs cupy and a GPU")
def test_gpu_mode_original_on_cupy_converted_on_cuda(tmp_path):
    run = run_parity(ParityOptions((str(CORPUS / "blas1"), str(CORPUS / "cooperative/block_reduce.cu")),
                                   original="cupy", converted="cuda", jobs=1, output=str(tmp_path), repeat=3))
    assert run.results and all(r.status == "pass" for r in run.results), \
        [r.describe() for r in run.results if r.status != "pass"]
    assert all(r.original == "cupy" and r.converted == "cuda" for r in run.results)


@pytest.mark.slow
def test_gpu_original_code_path_with_a_stand_in_cupy(tmp_path, monkeypatch):
    """`--original cupy` end to end with `fake_cupy` (the CPU runtime behind cupy's API): the NVRTC
    source compiles, templates go through name expressions, scalars are typed, smem is passed."""
    import fake_cupy

    monkeypatch.setitem(sys.modules, "cupy", fake_cupy)
    fake_cupy.calls.clear()
    sources = (str(CORPUS / "blas1/scale_template.cu"), str(CORPUS / "cooperative/dynamic_shared.cu"),
               str(CORPUS / "misc/bool_flags.cu"))
    run = run_parity(ParityOptions(sources, original="cupy", converted="c", jobs=1, output=str(tmp_path)))
    assert run.results and all(r.status == "pass" and r.original == "cupy" for r in run.results), \
        [r.describe() for r in run.results if r.status != "pass"]
    launched = {c["name"]: c for c in fake_cupy.calls}
    assert {"scale<float>", "scale<double>", "dyn_two_views", "scale_flags"} <= set(launched)
    assert launched["scale<double>"]["types"][:2] == ["int32", "float64"]
    assert launched["scale_flags"]["types"][2:4] == ["bool", "bool"]
    assert launched["dyn_two_views"]["shared_mem"] == 1024 and launched["dyn_two_views"]["block"] == (128, 1, 1)


@pytest.mark.slow
def test_unordered_outputs_from_the_spec(tmp_path):
    run = run_parity(ParityOptions((str(KERNELS / "compact.cu"),), output=str(tmp_path), **CPU))
    result = _one(run.results, "compact_positive")
    assert result.status == "pass", result.describe()
    checks = {c.name: c for c in result.outputs}
    assert checks["out"].unordered and not checks["count"].unordered
    assert "unordered" in checks["out"].describe()


@pytest.mark.slow
def test_converted_cuda_code_path_with_cpu_stand_ins(tmp_path, monkeypatch):
    """`--converted cuda` marshalling (carrier dtypes, scalars, copies back, event timing) with the C build
    standing in for the CUDA one and host tensors standing in for device ones."""
    import torch

    from cuda2tile import runtime

    class Event:
        def __init__(self, enable_timing=False):
            pass

        def record(self):
            pass

        def elapsed_time(self, other):
            return 0.25  # ms

    monkeypatch.setattr(torch.Tensor, "cuda", lambda self: self.clone(), raising=False)
    monkeypatch.setattr(torch.cuda, "Event", Event)
    monkeypatch.setattr(torch.cuda, "synchronize", lambda: None)
    c_side = runtime.ConvertedC(isolate=False)
    monkeypatch.setattr(runtime.ConvertedCuda, "build",
                        lambda self, info, block, shared_bytes=None, null=(): (c_side.build(info, block, shared_bytes,
                                                                                         null)[0], 0.0))
    sources = (str(CORPUS / "misc/hash.cu"), str(CORPUS / "misc/bool_flags.cu"), str(CORPUS / "types/half_io.cu"))
    run = run_parity(ParityOptions(sources, original="cpu", converted="cuda", jobs=1, output=str(tmp_path),
                                   repeat=2))
    assert run.results and all(r.status == "pass" and r.converted == "cuda" for r in run.results), \
        [r.describe() for r in run.results if r.status != "pass"]
    assert all(r.timings["converted_run"] == 0.25e-3 for r in run.results)
