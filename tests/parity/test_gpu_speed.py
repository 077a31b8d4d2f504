"""benchmarks/gpu_speed.py on a machine without a GPU: `[kernel.gpu]` specs, the figures, the JSON,
exit status 2 without a GPU, and a wrong conversion reported as a parity failure and kept out of
the geometric means. The GPU sides are stood in for by `fake_cupy` (the original on the CPU SIMT
runtime behind cupy's API) and TileLang's C back end, at the specs' test sizes (`--small`)."""

from __future__ import annotations

import importlib.util
import json
import sys
import time

import pytest

from c2t_testsupport import CORPUS, ROOT, run_cli
from cuda2tile.parity.harness import ParityOptions
from cuda2tile.parity.report import FAIL, PASS, SKIP
from cuda2tile.spec.launch_spec import SpecError, load_spec


def _gpu_speed():
    spec = importlib.util.spec_from_file_location("gpu_speed", ROOT / "benchmarks" / "gpu_speed.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["gpu_speed"] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


gpu_speed = _gpu_speed()

ENTRY = """[[kernel]]
name = "k"
block = [256]
grid = ["(n + 255) / 256"]
sizes = { n = 1000, m = 4 }
[kernel.args]
n = { value = "n" }
x = { dtype = "float32", shape = ["n"], init = "normal" }
y = { dtype = "float32", shape = ["n", "m"], init = "zeros", output = true }
"""


def _write(tmp_path, gpu: str):
    path = tmp_path / "k.toml"
    path.write_text(ENTRY + gpu)
    return path


# ------------------------------------------------------------------------------------------------
# [kernel.gpu] in launch specs
# ------------------------------------------------------------------------------------------------
def test_gpu_sizes_override_the_entry_sizes(tmp_path):
    spec, = load_spec(_write(tmp_path, '[kernel.gpu]\nsizes = { n = 20000000 }\ngroup = "elementwise"\n'
                                       'flops = "2 * n"\n[kernel.gpu.tolerance]\nrtol = 1e-4\nreason = "long sums"\n'))
    assert spec.sizes == {"n": 1000, "m": 4} and spec.grid_values() == (4,)
    big = spec.at_gpu_size()
    assert big.sizes == {"n": 20000000, "m": 4} and big.grid_values() == (78125,)
    assert big.tolerance == (1e-4, 0.0) and big.tolerance_reason == "long sums" and spec.tolerance is None
    assert big.buffer_elements() == {"x": 20000000, "y": 80000000}
    assert big.buffer_bytes() == 4 * 100000000
    assert big.work() == (4e7, 4e8) and big.gpu.group == "elementwise"


def test_an_entry_without_gpu_sizes_has_none(tmp_path):
    spec, = load_spec(_write(tmp_path, ""))
    assert spec.gpu is None
    with pytest.raises(SpecError, match="no \\[kernel.gpu\\]"):
        spec.at_gpu_size()


@pytest.mark.parametrize("gpu,message", [
    ("[kernel.gpu]\nsizes = { n = 10 }\nblock = [128]\n", "unknown keys ['block']"),
    ("[kernel.gpu]\ngroup = 'x'\n", "needs `sizes`"),
    ("[kernel.gpu]\nsizes = { q = 10 }\n", "size 'q' is not one of the entry's `sizes` (m, n)"),
    ("[kernel.gpu]\nsizes = { n = 0 }\n", "must be a positive integer"),
    ("[kernel.gpu]\nsizes = { n = 1.5e7 }\n", "must be a positive integer"),
    ("[kernel.gpu]\nsizes = { n = 100 }\ngroup = 'Mat Mul'\n", "group must be a lower-case name"),
    ("[kernel.gpu]\nsizes = { n = 100 }\nflops = 1.5\n", "flops must be an integer or a C expression"),
    ("[kernel.gpu]\nsizes = { n = 100 }\nbytes = 'n - 200'\n", "must be positive at GPU size"),
    ("[kernel.gpu]\nsizes = { n = 100 }\nflops = 'n +'\n", "kernel k"),
    ("[kernel.gpu]\nsizes = { n = 100 }\n[kernel.gpu.tolerance]\nrtol = 0.1\n",
     "[kernel.gpu.tolerance] needs a `reason`"),
    ("[kernel.gpu]\nsizes = { n = 1000000000 }\n", "buffer 'y' has 4000000000 elements"),
])
def test_bad_gpu_tables_are_reported(tmp_path, gpu, message):
    with pytest.raises(SpecError) as info:
        load_spec(_write(tmp_path, gpu))
    assert message in str(info.value) and info.value.code == "C2T1301" and "k.toml" in str(info.value)


def test_a_gpu_grid_past_cuda_limits_is_reported(tmp_path):
    path = tmp_path / "k.toml"
    path.write_text(ENTRY.replace('grid = ["(n + 255) / 256"]', 'grid = [1, "n"]')
                    + "[kernel.gpu]\nsizes = { n = 70000 }\n")
    with pytest.raises(SpecError, match=r"grid\[1\] is 70000, outside CUDA's 1 .. 65535"):
        load_spec(path)


def test_corpus_gpu_sizes_meet_the_benchmark_sizes():
    """Issue #7: >= 10^7 elements, matmuls 4096^3, fp16 and fp32 matmuls, naive and tiled, reductions."""
    gpu = [s for toml in sorted(CORPUS.rglob("*.toml")) for s in load_spec(toml) if s.gpu]
    assert len(gpu) >= 20
    matmuls = {s.name: s for s in gpu if s.gpu.group == "matmul"}
    assert {"matmul_naive", "matmul_tiled", "hgemm_naive", "hgemm_tiled"} <= set(matmuls)
    assert {s.args["A"].dtype for s in matmuls.values()} == {"float32", "float16"}
    for s in matmuls.values():
        assert {k: s.at_gpu_size().sizes[k] for k in "MNK"} == {"M": 4096, "N": 4096, "K": 4096}
        assert s.at_gpu_size().work()[0] == 2 * 4096 ** 3
    assert sum(s.gpu.group == "reduction" for s in gpu) >= 3
    for s in gpu:
        assert max(s.at_gpu_size().buffer_elements().values()) >= 10 ** 7, s.name


# ------------------------------------------------------------------------------------------------
# Figures
# ------------------------------------------------------------------------------------------------
def _row(kernel, status, original, converted, group=""):
    return {"kernel": kernel, "status": status, "group": group, "speedup": original / converted}


def test_geomean_and_groups_leave_out_failures():
    rows = [_row("a", PASS, 4.0, 1.0, "matmul"), _row("b", PASS, 1.0, 1.0, "matmul"),
            _row("c", FAIL, 100.0, 1.0, "matmul"), _row("d", PASS, 1.0, 2.0, "reduction"),
            _row("e", PASS, 3.0, 1.0, "stencil"), {"kernel": "f", "status": SKIP, "group": "", "speedup": None}]
    s = gpu_speed.summarise(rows)
    assert (s["passed"], s["failed"], s["skipped"], s["timed"]) == (4, 1, 1, 4)
    assert s["geomean_speedup"] == pytest.approx((4 * 1 * 0.5 * 3) ** 0.25)
    assert s["groups"]["matmul"] == {"geomean_speedup": pytest.approx(2.0), "kernels": 2}
    assert s["groups"]["reduction"]["geomean_speedup"] == pytest.approx(0.5)
    goals = {g["group"]: g for g in s["goals"]}
    assert goals["matmul"]["met"] is True and goals["reduction"]["met"] is False and goals["all"]["target"] == 1.0
    assert "above 1 the conversion is faster" in s["speedup"]
    assert gpu_speed.geomean([]) is None and gpu_speed.geomean([2.0, None, 8.0]) == pytest.approx(4.0)
    lines = gpu_speed.summary_lines(s)
    assert any("matmul (2 kernels): 2.00x (goal >= 2.0x: goal met)" in ln for ln in lines)
    assert any("stencil (1 kernels): 3.00x" in ln for ln in lines)


def test_no_passing_kernel_gives_no_geomean():
    s = gpu_speed.summarise([_row("c", FAIL, 2.0, 1.0, "matmul")])
    assert s["geomean_speedup"] is None and all(g["met"] is None for g in s["goals"])


# ------------------------------------------------------------------------------------------------
# The command
# ------------------------------------------------------------------------------------------------
def test_exit_status_2_without_a_gpu(monkeypatch, capsys):
    from cuda2tile.parity import original_cupy

    monkeypatch.setattr(original_cupy, "available", lambda: False)
    assert gpu_speed.main([str(CORPUS / "linalg")]) == 2
    assert "needs a GPU" in capsys.readouterr().err


def test_exit_status_2_when_torch_sees_no_gpu(monkeypatch, capsys):
    import fake_cupy
    import torch

    monkeypatch.setitem(sys.modules, "cupy", fake_cupy)
    monkeypatch.setattr(torch.cuda, "is_available", lambda: False)
    assert gpu_speed.main([str(CORPUS / "linalg")]) == 2
    assert "torch" in capsys.readouterr().err


KERNELS = """// two kernels for the benchmark's plumbing
__global__ void scale2(int n, const float* x, float* y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = 2.0f * x[i];
}

__global__ void shift1(int n, const float* x, float* y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = x[i] + 1.0f;
}

__global__ void untimed(int n, float* y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = 0.0f;
}
"""

SPECS = "".join(f"""
[[kernel]]
name = "{name}"
block = [128]
grid = ["(n + 127) / 128"]
sizes = {{ n = 1000 }}
[kernel.args]
n = {{ value = "n" }}
x = {{ dtype = "float32", shape = ["n"], init = "normal" }}
y = {{ dtype = "float32", shape = ["n"], init = "zeros", output = true }}
[kernel.gpu]
sizes = {{ n = 50000000 }}
group = "{group}"
""" for name, group in (("scale2", "elementwise"), ("shift1", "reduction"))) + """
[[kernel]]
name = "untimed"
block = [128]
grid = ["(n + 127) / 128"]
sizes = { n = 1000 }
[kernel.args]
n = { value = "n" }
y = { dtype = "float32", shape = ["n"], init = "ones", output = true }
"""


@pytest.mark.slow
def test_a_wrong_conversion_is_a_parity_failure_outside_the_geomean(tmp_path, monkeypatch, capsys):
    import fake_cupy

    src = tmp_path / "src"
    src.mkdir()
    (src / "pair.cu").write_text(KERNELS)
    (src / "pair.toml").write_text(SPECS)
    tree = tmp_path / "converted"
    result = run_cli("convert", str(src), "-o", str(tree))
    assert result.returncode == 0, result.stderr
    module = tree / "pair.py"
    text = module.read_text()
    assert text.count("= x[i] + T.float32(1.0)") == 1
    module.write_text(text.replace("= x[i] + T.float32(1.0)", "= x[i] + T.float32(1.5)"))  # shift1 made wrong

    monkeypatch.setitem(sys.modules, "cupy", fake_cupy)
    fake_cupy.calls.clear()
    out = tmp_path / "speed.json"
    md = tmp_path / "speed.md"
    status = gpu_speed.main([str(src), "--small", "--converted", "c", "--timeout", "0", "--warmup", "2",
                             "--repeat", "3", "--converted-tree", str(tree), "--json", str(out),
                             "--markdown", str(md)])
    printed = capsys.readouterr().out
    assert status == 1
    data = json.loads(out.read_text())
    assert data["schema"] == "cuda2tile.gpu_speed/1"
    assert set(data["environment"]) >= {"gpu", "driver", "cuda_runtime", "tilelang", "cupy", "torch", "date"}
    assert data["environment"]["tilelang"] == "0.1.15"
    assert data["settings"]["warmup"] == 2 and data["settings"]["repeat"] == 3 and data["settings"]["small"]
    rows = {r["kernel"]: r for r in data["kernels"]}
    assert set(rows) == {"pair.cu:scale2", "pair.cu:shift1"}  # `untimed` has no [kernel.gpu]
    good, bad = rows["pair.cu:scale2"], rows["pair.cu:shift1"]
    assert good["status"] == PASS and good["group"] == "elementwise" and good["sizes"] == {"n": 1000}
    assert bad["status"] == FAIL and bad["failure"] == "mismatch"
    assert bad["outputs"][0]["name"] == "y" and bad["outputs"][0]["mismatches"] == 1000
    assert "y: 1000/1000 elements differ" in bad["details"][0]
    # the stand-in cupy times every launch at 0.5 ms: 3 timed after 2 warm-ups, plus the checked one
    assert good["original_median_s"] == pytest.approx(0.5e-3) and good["original_min_s"] == pytest.approx(0.5e-3)
    assert sum(c["name"] == "scale2" for c in fake_cupy.calls) == 1 + 2 + 3
    assert good["speedup"] == pytest.approx(good["original_median_s"] / good["converted_median_s"])
    assert good["unit"] == "GB/s" and good["original_rate"] == pytest.approx(8000 / 0.5e-3 / 1e9)
    summary = data["summary"]
    assert (summary["passed"], summary["failed"], summary["timed"]) == (1, 1, 1)
    assert summary["geomean_speedup"] == pytest.approx(good["speedup"])
    assert summary["groups"]["reduction"] == {"geomean_speedup": None, "kernels": 0}
    assert "FAIL (mismatch)" in printed and "pair.cu:shift1: y: 1000/1000 elements differ" in printed
    assert "[2/2]" in printed and "geometric mean speedup, all (1 kernels)" in printed
    assert "| pair.cu:shift1 | reduction | FAIL (mismatch) |" in md.read_text()


def test_gpu_sizes_and_memory_limits_in_the_harness_plan(tmp_path):
    """`gpu_size="gpu"` runs entries with [kernel.gpu] at their sizes; one too big for the memory is skipped."""
    from cuda2tile.parity.harness import plan_file
    from cuda2tile.parse.frontend import FrontendOptions
    from cuda2tile.parse.host_info import analyze

    (tmp_path / "pair.cu").write_text(KERNELS)
    (tmp_path / "pair.toml").write_text(SPECS)
    analysis = analyze(str(tmp_path / "pair.cu"), FrontendOptions(), "pair.cu")
    cu = tmp_path / "pair.cu"
    entries = plan_file(cu, "pair.cu", analysis, ParityOptions((str(cu),), gpu_size="gpu"))
    by = {e.kernel: e for e in entries}
    assert by["scale2"].spec.sizes == {"n": 50000000} and by["scale2"].skip is None
    assert "no [kernel.gpu]" in by["untimed"].skip
    small = {e.kernel: e for e in plan_file(cu, "pair.cu", analysis, ParityOptions((str(cu),), gpu_size="small"))}
    assert small["scale2"].spec.sizes == {"n": 1000}
    tight = plan_file(cu, "pair.cu", analysis, ParityOptions((str(cu),), gpu_size="gpu", memory_limit=2**30))
    assert all("GiB of device memory" in e.skip for e in tight if e.kernel != "untimed")  # 3 x 400 MB > 1 GiB


def test_a_task_past_its_time_limit_fails_alone(tmp_path):
    """The worker path: a task that does not finish in time is killed and reported as a timeout."""
    from cuda2tile.parity.workers import run_tasks

    cu = CORPUS / "linalg/matmul_half.cu"
    options = ParityOptions((str(cu),), kernels=("hgemm_naive",), original="cpu", converted="c", gpu_size="small")
    start = time.monotonic()
    results = run_tasks([(str(cu), "matmul_half.cu", options, str(tmp_path))], timeout=0.2)
    assert time.monotonic() - start < 30
    (only,) = results[0]
    assert only.status == FAIL and only.failure == "timeout" and only.kernel == "hgemm_naive"
    assert "within its 0.2 s" in only.message
    late = run_tasks([(str(cu), "matmul_half.cu", options, str(tmp_path))], timeout=10, deadline=time.monotonic())
    assert late[0][0].status == SKIP and "time budget" in late[0][0].message


def test_gpu_speed_reads_the_shapes_of_a_tune_file(tmp_path):
    """`--tiles FILE` (shapes chosen by `cuda2tile tune`; tests/test_tune.py shows them reaching the factories)."""
    good = tmp_path / "tiles.json"
    good.write_text(json.dumps({"schema": "cuda2tile.tune/1", "kernels": [
        {"factory": "matmul_naive", "tile": [64, 64, 16, 256, 2]}, {"factory": "hgemm_naive", "tile": [128, 128, 32, 128, 3]}]}))
    assert gpu_speed.read_tiles(str(good)) == (("hgemm_naive", (128, 128, 32, 128, 3)),
                                               ("matmul_naive", (64, 64, 16, 256, 2)))
    bad = tmp_path / "other.json"
    bad.write_text(json.dumps({"schema": "cuda2tile.gpu_speed/1", "kernels": []}))
    with pytest.raises(SystemExit, match="not a `cuda2tile tune --json` file"):
        gpu_speed.read_tiles(str(bad))
