"""Idiom raising (op_coverage/idioms.py): the records and their passes, the `--no-raise` switch, the
corpus with raising on and off, and the block-reduction pass numerically (raise_gemm has its own tests
in test_raise_gemm.py). The default (raised) corpus is checked numerically by test_corpus_numeric;
here the raised kernels are run again in their --no-raise form."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest

from c2t_testsupport import CORPUS, ROOT, run_cli
from cuda2tile.lift.lift_kernel import RAISE_PASSES
from op_coverage.idioms import IDIOMS, RAISABLE
from op_coverage.records import Status

_FACTORY = re.compile(r"^def (\w+)\(\*", re.M)
# the module-level tile table a raised matrix product brings (module.py.j2), up to the next definition
_GEMM_TILES = re.compile(r"\n\n# Tile shapes of raised matrix products.*?\n    return tile\n", re.S)
_TILE_PRODUCT = re.compile(r'\n        "tile_product": "\w+",[^\n]*')
# what each idiom's raised form prints, besides its `# raised:` comment
_MARKERS = {"block_reduce": "T.reduce_", "warp_reduce": "T.reduce_", "gemm": "acc_tile[ty, tx]",
            "scan": "T.cumsum(", "tile_copy": "T.copy("}


def _factories(text: str) -> tuple[str, dict[str, str]]:
    """(module text outside the factories and KERNELS table, {factory: its source})."""
    starts = [(m.start(), m.group(1)) for m in _FACTORY.finditer(text)]
    end = text.index("\nKERNELS = {")
    chunks = {name: text[a:(starts[i + 1][0] if i + 1 < len(starts) else end)] for i, (a, name) in enumerate(starts)}
    head = text[:starts[0][0]] if starts else text
    return _GEMM_TILES.sub("", head) + text[end:], chunks


def test_idiom_records_name_their_passes():
    assert set(RAISE_PASSES) == set(RAISABLE)
    for idiom in IDIOMS:
        if idiom.status is Status.SUPPORTED:
            run = RAISE_PASSES[idiom.name]
            assert run.__name__ == idiom.pass_name
            assert (ROOT / "cuda2tile" / "raising" / f"{idiom.pass_name}.py").exists()
        for test in idiom.tests:
            assert (ROOT / test).exists(), test


def test_unknown_idiom_is_refused(tmp_path):
    result = run_cli("convert", str(CORPUS / "cooperative" / "block_reduce.cu"), "-o", str(tmp_path),
                     "--no-raise=block_reduce,bogus")
    assert result.returncode == 2 and "unknown idiom 'bogus'" in result.stderr
    assert "Traceback" not in result.stderr


def test_no_raise_of_one_idiom_keeps_it_faithful(tmp_path):
    for flags, expect in ((["--no-raise=block_reduce,tile_copy"], []), (["--no-raise=block_reduce"], ["tile_copy"]),
                          (["--no-raise=gemm", "--no-raise", "scan"], ["block_reduce", "tile_copy"])):
        report = tmp_path / "r.json"
        result = run_cli("convert", str(CORPUS / "cooperative" / "block_reduce.cu"), "-o", str(tmp_path / "o"),
                         "--kernel", "reduce_tree", "--report", str(report), *flags)
        assert result.returncode == 0, result.stderr
        data = json.loads(report.read_text())
        assert data["files"][0]["kernels"][0]["raised"] == expect, flags
        assert data["summary"]["raised"] == {idiom: 1 for idiom in expect}


@pytest.fixture(scope="module")
def faithful_corpus(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("corpus_no_raise")
    result = run_cli("convert", str(CORPUS), "-o", str(out), "--report", str(out / "report.json"), "--no-raise",
                     "--quiet")
    assert result.returncode == 0, result.stderr
    return out


def _raised(report: dict) -> dict[str, set[str]]:
    """{source: factories of its kernels that raised an idiom}."""
    out: dict[str, set[str]] = {}
    for f in report["files"]:
        out[f["source"]] = {k["factory"] for k in f["kernels"] if k["raised"]}
    return out


def test_raising_changes_only_the_kernels_it_reports(converted_corpus, faithful_corpus):
    raised_report = json.loads((converted_corpus / "report.json").read_text())
    faithful_report = json.loads((faithful_corpus / "report.json").read_text())
    assert raised_report["summary"]["raised"].get("block_reduce", 0) >= 5
    assert raised_report["summary"]["raised"].get("gemm", 0) >= 5
    assert faithful_report["summary"]["raised"] == {}
    assert all(not k["raised"] for f in faithful_report["files"] for k in f["kernels"])
    raised = _raised(raised_report)
    idioms = {(f["source"], k["factory"]): k["raised"] for f in raised_report["files"] for k in f["kernels"]}
    for f in raised_report["files"]:
        if f["output"] is None:
            continue
        head_on, on = _factories((converted_corpus / f["output"]).read_text())
        head_off, off = _factories((faithful_corpus / f["output"]).read_text())
        # KERNELS marks the kernels raised to a tiled product, whose factories take `tile=` (cuda2tile tune)
        marks = _TILE_PRODUCT.findall(head_on)
        assert len(marks) == sum("gemm" in k["raised"] for k in f["kernels"]), f["source"]
        assert _TILE_PRODUCT.sub("", head_on) == head_off, f["source"]
        assert on.keys() == off.keys(), f["source"]
        differ = {name for name in on if on[name] != off[name]}
        assert differ == raised[f["source"]], f["source"]
        for name in differ:
            for idiom in idioms[(f["source"], name)]:
                assert f"# raised: {idiom}" in on[name] and _MARKERS[idiom] in on[name], (name, idiom)
                assert "# raised:" not in off[name] and _MARKERS[idiom] not in off[name], (name, idiom)


def _raised_specs(converted_corpus):
    from cuda2tile.spec.launch_spec import load_spec

    report = json.loads((converted_corpus / "report.json").read_text())
    names = {(f["source"], k["name"]) for f in report["files"] for k in f["kernels"] if k["raised"]}
    for source, name in sorted(names):
        toml = CORPUS / Path(source).with_suffix(".toml")
        for spec in load_spec(toml):
            if spec.cuda_name == name:
                yield source, toml, spec


@pytest.mark.slow
def test_raised_kernels_pass_their_references_without_raising(converted_corpus, faithful_corpus):
    from cuda2tile.runtime import load_module
    from cuda2tile.parity.verify_references import check_kernel

    checked = []
    for source, toml, spec in _raised_specs(converted_corpus):
        module = load_module(faithful_corpus / Path(source).with_suffix(".py"))
        result = check_kernel(toml.with_suffix(".cu"), module, spec, source, seed=0, cuda_arch=None)
        assert result.ok, result.describe()
        checked.append(spec.cuda_name)
    assert len(checked) >= 5


def _tree_sum(v: np.ndarray) -> np.float32:
    """CUDA's `for (s = B / 2; s > 0; s >>= 1) if (tid < s) sh[tid] += sh[tid + s]` for any B."""
    s = v.astype(np.float32).copy()
    h = len(s) // 2
    while h > 0:
        s[:h] = s[:h] + s[h:2 * h]
        h //= 2
    return s[0]


@pytest.mark.slow
def test_blocks_the_raised_form_does_not_cover_run_the_tree(converted_corpus):
    """reduce_tree raised: a power-of-two block takes T.reduce_sum, a block of 96 threads the faithful
    tree (which in CUDA drops elements: 96 is not a power of two), decided when the factory builds."""
    from cuda2tile.runtime import build_c, load_module, run_c

    module = load_module(converted_corpus / "cooperative" / "block_reduce.py")
    info = module.KERNELS["reduce_tree"]
    rng = np.random.default_rng(0)
    for block in (128, 96):
        n = 3 * block
        x = rng.uniform(0.0, 1.0, n).astype(np.float32)
        out = run_c(build_c(info, (block,)), info, {"n": n, "x": x, "partial": np.zeros(3, np.float32)}, (3,))
        expected = np.array([_tree_sum(x[b * block:(b + 1) * block]) for b in range(3)], np.float32)
        if block == 96:
            np.testing.assert_array_equal(out["partial"], expected)  # the tree, bit for bit
            assert not np.allclose(expected, x.reshape(3, block).sum(1), rtol=1e-3)
        else:
            np.testing.assert_allclose(out["partial"], expected, rtol=1e-5, atol=1e-6)
