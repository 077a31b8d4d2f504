"""`cuda2tile tune`: the tile shapes tried per target, the check that rejects a shape whose results
differ from the default shape's, TileLang's autotuner choosing among the others (on the C back end
here: wall-clock timing on the CPU), the CLI and `--tiles` reaching the factories in parity runs."""

from __future__ import annotations

import functools
import json

import pytest

from c2t_testsupport import CORPUS, run_cli
from cuda2tile.tune.space import gemm_tiles

MATMUL = CORPUS / "linalg" / "matmul.cu"
DEFAULT_C = (32, 32, 16, 128, 0)


def test_shapes_per_target_fit_a_block():
    assert DEFAULT_C in gemm_tiles("c", "exact") and gemm_tiles("c", "exact") == gemm_tiles("c", "exact")
    for product, itemsize in (("mma", 2), ("exact", 4)):
        shapes = gemm_tiles("cuda", product)
        assert len(shapes) >= 16 and len(set(shapes)) == len(shapes)
        for m, n, k, threads, stages in shapes:
            assert (m + n) * k * itemsize * stages <= 200 * 1024 and m * n // threads <= 128 and stages >= 2
    with pytest.raises(ValueError):
        gemm_tiles("cuda", "tf32")


@pytest.fixture(scope="module")
def matmul(tmp_path_factory):
    from cuda2tile.runtime import load_module
    from cuda2tile.spec.launch_spec import load_spec

    out = tmp_path_factory.mktemp("tune")
    result = run_cli("convert", str(MATMUL), "-o", str(out), "--quiet")
    assert result.returncode == 0, result.stderr
    specs = {s.name: s for s in load_spec(MATMUL.with_suffix(".toml"))}
    return load_module(out / "matmul.py"), specs


@pytest.mark.slow
def test_tuning_keeps_the_fastest_shape_that_agrees(matmul):
    from cuda2tile.tune.autotune import tune_kernel

    module, specs = matmul
    info = module.KERNELS["matmul_naive"]
    assert info["tile_product"] == "exact"
    heard = []
    result = tune_kernel(info, specs["matmul_naive"], "c", candidates=((16, 16, 16, 128, 0), (64, 32, 16, 128, 0)),
                         warmup=1, repeat=3, progress=heard.append)
    assert result.default == DEFAULT_C and len(heard) == 3 and not result.rejected
    assert result.accepted == [DEFAULT_C, (16, 16, 16, 128, 0), (64, 32, 16, 128, 0)]
    assert result.best in result.accepted and result.default_ms > 0 and result.best_ms > 0
    data = result.to_json()
    assert data["factory"] == "matmul_naive" and data["tile"] == list(result.best) and data["speedup"] > 0


@pytest.mark.slow
def test_a_shape_whose_results_differ_is_rejected_and_not_timed(matmul, tmp_path):
    """The same kernel with its last k step dropped stands in for a shape that computes wrongly."""
    from ir_mutations import emit_mutant, shorten_gemm_reduction

    from cuda2tile.runtime import load_module
    from cuda2tile.tune.autotune import tune_kernel

    module, specs = matmul
    good = module.KERNELS["matmul_naive"]["factory"]
    broken = load_module(emit_mutant(MATMUL, "matmul_naive", shorten_gemm_reduction, tmp_path / "m.py"))
    bad_shape = (16, 16, 16, 128, 0)

    @functools.wraps(good)
    def factory(**kwargs):
        return (broken.KERNELS["matmul_naive"]["factory"] if kwargs.get("tile") == bad_shape else good)(**kwargs)

    info = {**module.KERNELS["matmul_naive"], "factory": factory}
    result = tune_kernel(info, specs["matmul_naive"], "c", candidates=(bad_shape,), warmup=1, repeat=3)
    assert result.accepted == [DEFAULT_C] and result.best == DEFAULT_C
    (shape, why), = result.rejected
    assert shape == bad_shape and "differs from the default shape" in why and "worst at flat index" in why


def test_a_kernel_without_a_raised_product_cannot_be_tuned(tmp_path):
    from cuda2tile.runtime import load_module
    from cuda2tile.spec.launch_spec import load_spec
    from cuda2tile.tune.autotune import TuneError, tune_kernel

    result = run_cli("convert", str(MATMUL), "-o", str(tmp_path), "--quiet", "--no-raise")
    assert result.returncode == 0, result.stderr
    info = load_module(tmp_path / "matmul.py").KERNELS["matmul_naive"]
    spec = next(s for s in load_spec(MATMUL.with_suffix(".toml")) if s.name == "matmul_naive")
    with pytest.raises(TuneError, match="not raised to a tiled matrix product"):
        tune_kernel(info, spec, "c")


@pytest.mark.slow
def test_cli_tunes_writes_json_and_nothing_else(tmp_path):
    out = tmp_path / "tiles.json"
    result = run_cli("tune", str(MATMUL), "--kernel", "matmul_naive", "--max-shapes", "2", "--warmup", "1",
                     "--repeat", "2", "--json", str(out), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "matmul.cu:matmul_naive: default (32, 32, 16, 128, 0)" in result.stdout and "Traceback" not in result.stderr
    data = json.loads(out.read_text())
    assert data["schema"] == "cuda2tile.tune/1" and [k["kernel"] for k in data["kernels"]] == ["matmul_naive"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tiles.json"]  # e.g. no autotuner.log


def test_cli_refuses_cuda_without_a_gpu_and_finds_nothing_in_elementwise_code(tmp_path):
    import torch

    if not torch.cuda.is_available():
        result = run_cli("tune", str(MATMUL), "--target", "cuda")
        assert result.returncode == 2 and "needs a GPU" in result.stderr and "Traceback" not in result.stderr
    result = run_cli("tune", str(CORPUS / "blas1" / "level1.cu"))
    assert result.returncode == 1 and "no raised matrix product" in result.stderr


@pytest.mark.slow
def test_parity_runs_take_tiles_from_a_tune_file(tmp_path):
    """A shape reaches the factory: a valid one passes, an invalid one fails the build with the factory's message."""
    from cuda2tile.parity.harness import ParityOptions, run_parity

    for tile, ok in (((16, 16, 16, 128, 0), True), ((16, 16, 16, 0, 0), False)):
        run = run_parity(ParityOptions((str(MATMUL),), kernels=("matmul_naive",), original="cpu", converted="c",
                                       jobs=1, tiles=(("matmul_naive", tile),)))
        result, = run.results
        assert (result.status == "pass") == ok, result.describe()
        if not ok:
            assert "tile must be (tile_m, tile_n, tile_k, threads, stages)" in result.message



def test_sources_under_the_temporary_directory_are_scanned(tmp_path):
    """Tune discovers files against a fresh output directory of its own; with the temporary directory
    itself as OUT, every source under it was skipped ("C2T1006: not scanned: it is the output directory")."""
    import tempfile
    from pathlib import Path

    from cuda2tile.tune.command import TuneOptions, tune_all

    assert Path(tempfile.gettempdir()).resolve() in tmp_path.resolve().parents
    for name in ("level1.cu", "level1.toml"):
        (tmp_path / name).write_text((CORPUS / "blas1" / name).read_text())
    run = tune_all(TuneOptions((str(tmp_path),)))
    assert run.problems == [] and run.failures == 0 and run.results == []  # scanned; no matrix product in it
