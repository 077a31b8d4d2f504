"""Every corpus kernel: converted -> built with TileLang's C back end -> run on the CPU -> compared
with its numpy reference. Every kernel's CUDA is compiled by nvcc for sm_80 and sm_90a in the
portability sweep; here the raised kernels are also lowered for plain sm_90."""

from __future__ import annotations

import json
import re
import shutil

import pytest

from c2t_testsupport import CORPUS
from cuda2tile.runtime import load_module
from cuda2tile.parity.verify_references import check_kernel
from cuda2tile.spec.launch_spec import load_spec

SPECS = [(toml, spec) for toml in sorted(CORPUS.rglob("*.toml")) for spec in load_spec(toml)]


def _id(item) -> str:
    toml, spec = item
    extra = "-".join(f"{k}={v.value}" for k, v in spec.args.items() if not v.is_buffer and k not in spec.sizes
                     and not isinstance(v.value, str))
    return f"{toml.relative_to(CORPUS).with_suffix('')}:{spec.cuda_name}" + (f"[{extra}]" if extra else "")


def test_corpus_is_big_enough():
    kernels = {(t, s.cuda_name) for t, s in SPECS}
    assert len(kernels) >= 25


def _is_negative_example(source: str) -> bool:
    return "/invalid/" in f"/{source}"


def test_every_corpus_kernel_converts(converted_corpus):
    report = json.loads((converted_corpus / "report.json").read_text())
    statuses = {(f["source"], k["name"]): k["status"] for f in report["files"] for k in f["kernels"]
                if not _is_negative_example(f["source"])}
    assert statuses and set(statuses.values()) == {"converted"}, {k: v for k, v in statuses.items() if v != "converted"}
    for toml, spec in SPECS:
        assert (str(toml.relative_to(CORPUS).with_suffix(".cu")), spec.cuda_name) in statuses


@pytest.mark.slow
@pytest.mark.parametrize("item", SPECS, ids=[_id(s) for s in SPECS])
def test_kernel_matches_reference_on_c(item, converted_corpus):
    toml, spec = item
    rel = toml.relative_to(CORPUS)
    module = load_module(converted_corpus / rel.with_suffix(".py"))
    result = check_kernel(toml.with_suffix(".cu"), module, spec, str(rel), seed=0, cuda_arch=None)
    assert result.ok, result.describe()


# Kernels with a raised idiom (T.gemm, T.Pipelined, T.reduce_*, T.cumsum, T.copy): the ones whose CUDA differs between
# sm_90 (`cuda2tile verify --cuda-arch sm_90`, `make demo`) and the sm_90a and sm_80 that the
# portability sweep compiles for every corpus kernel (tests/portability/test_corpus_sweep.py).
RAISED_KERNELS = {"matmul_naive", "matmul_bias_relu", "hgemm_naive", "hgemm_tiled", "matmul_tiled", "reduce_tree",
                  "reduce_max_block", "softmax_row", "layernorm_row", "rmsnorm_row", "block_uniform_return",
                  "dot_atomic", "sum_atomic_float", "sum_atomic_int", "allreduce_shfl_xor", "cg_warp_reduce",
                  "scan_hillis_steele", "bitonic_sort256", "reduce_unrolled_syncwarp", "cg_reduce_sum_max",
                  "cg_block_sum", "reduce_shfl_down", "scan_warp_shfl_up", "last_block_sum", "last_block_sum_scoped"}
RAISED_SPECS = [item for item in SPECS if item[1].cuda_name in RAISED_KERNELS]


def test_raised_kernel_list_is_current(converted_corpus):
    report = json.loads((converted_corpus / "report.json").read_text())
    raised = {k["name"] for f in report["files"] for k in f["kernels"] if k["raised"]}
    assert raised == RAISED_KERNELS, (raised - RAISED_KERNELS, RAISED_KERNELS - raised)


@pytest.mark.slow
@pytest.mark.parametrize("item", RAISED_SPECS, ids=[_id(s) for s in RAISED_SPECS])
def test_raised_kernel_lowers_for_cuda_sm90(item, converted_corpus):
    from cuda2tile.runtime import lower_cuda

    toml, spec = item
    module = load_module(converted_corpus / toml.relative_to(CORPUS).with_suffix(".py"))
    source = lower_cuda(module.KERNELS[spec.cuda_name], spec.block, "sm_90", nvcc=shutil.which("nvcc") is not None)
    assert "__global__" in source


def test_negative_examples_are_refused_with_their_expected_code(converted_corpus):
    """corpus/**/invalid/*.cu state their expected diagnostic in a header comment."""
    report = json.loads((converted_corpus / "report.json").read_text())
    negatives = [f for f in report["files"] if _is_negative_example(f["source"])]
    assert len(negatives) >= 3
    for entry in negatives:
        expected = re.search(r"Expected diagnostic: (C2T\d{4})", (CORPUS / entry["source"]).read_text()).group(1)
        assert entry["kernels"] and all(k["status"] == "unsupported" for k in entry["kernels"])
        codes = {d["code"] for k in entry["kernels"] for d in k["diagnostics"]}
        assert expected in codes, (entry["source"], codes)
