"""The precompiled prelude (cuda2tile/parse/prelude_pch.py) changes nothing but the speed, and any
trouble with it falls back to the plain `-include`."""

from __future__ import annotations

import os

import pytest

from c2t_testsupport import CORPUS
from cuda2tile.diagnostics import render
from cuda2tile.driver import ConvertOptions, convert_source
from cuda2tile.parse import prelude_pch
from cuda2tile.parse.frontend import FrontendOptions


@pytest.fixture
def pch_dir(tmp_path):
    prelude_pch.configure(tmp_path / "pch")
    yield tmp_path / "pch"
    prelude_pch.configure(os.environ["CUDA2TILE_CACHE_DIR"] + "/pch")


def _convert(path, options=ConvertOptions()):
    result, text = convert_source(str(path), path.name, options)
    rendered = [render(d, result.source_lines) for d in result.all_diagnostics()]
    return text, rendered, [k.to_json() for k in result.kernels], result.includes, result.internal_errors


def test_corpus_converts_identically_with_and_without_the_pch(pch_dir):
    files = sorted(CORPUS.rglob("*.cu"))
    with_pch = [_convert(f) for f in files]
    assert len(list(pch_dir.glob("*.pch"))) == 1  # one flag set: one PCH for the whole corpus
    prelude_pch.configure(None)
    plain = [_convert(f) for f in files]
    assert with_pch == plain
    assert any(rendered for _, rendered, _, _, _ in plain)  # diagnostics were compared, not just modules


def _kernel_file(tmp_path):
    src = tmp_path / "k.cu"
    src.write_text("__global__ void k(float* y) { y[threadIdx.x] = 2.5f; }\n")
    return src


def test_a_corrupt_pch_is_rebuilt(pch_dir, tmp_path):
    src = _kernel_file(tmp_path)
    good = _convert(src)
    (pch,) = pch_dir.glob("*.pch")
    size = pch.stat().st_size
    for damage in (b"garbage" * 100, pch.read_bytes()[:1000]):
        pch.write_bytes(damage)
        prelude_pch.configure(pch_dir)  # a new run: nothing known about the PCH yet
        assert _convert(src) == good
        assert pch.stat().st_size == size  # replaced by a whole one


def test_an_unusable_directory_falls_back_to_the_plain_include(tmp_path):
    src = _kernel_file(tmp_path)
    prelude_pch.configure(None)
    plain = _convert(src)
    (tmp_path / "file").write_text("")
    prelude_pch.configure(tmp_path / "file" / "pch")  # below a regular file: cannot be created
    try:
        assert _convert(src) == plain
        assert list(prelude_pch._pchs.values()) == [None]
    finally:
        prelude_pch.configure(os.environ["CUDA2TILE_CACHE_DIR"] + "/pch")


def test_each_flag_set_gets_its_own_pch(pch_dir, tmp_path):
    src = tmp_path / "v.cu"
    src.write_text("__global__ void v(int* y) { y[0] = CUDA_VERSION; }\n")  # the prelude defines it #ifndef
    default = _convert(src)
    override = _convert(src, ConvertOptions(frontend=FrontendOptions(defines=("CUDA_VERSION=11080",))))
    assert len(list(pch_dir.glob("*.pch"))) == 2
    assert "11080" in override[0] and "11080" not in default[0]
    prelude_pch.configure(None)
    assert _convert(src, ConvertOptions(frontend=FrontendOptions(defines=("CUDA_VERSION=11080",)))) == override
