"""TileLang's own warnings are captured per kernel (cuda2tile/runtime/build.py, docs/tilelang-warnings.md):
not on stderr between results, shown with -v, counted in the summary, in the JSON; fd 2 is restored
after a failing build."""

from __future__ import annotations

import json
import os

import pytest

pytest.importorskip("tilelang")

from c2t_testsupport import CORPUS  # noqa: E402
from cuda2tile.cli import main  # noqa: E402
from cuda2tile.runtime import converted_modules, lower_cuda, tilelang_warnings  # noqa: E402
from cuda2tile.runtime.build import split_log  # noqa: E402
from cuda2tile.session import ConvertOptions, Session  # noqa: E402

ARGMAX = CORPUS / "cooperative" / "argmax.cu"  # argmax_block: `if (tid < s)` in a tree reduction
HOIST = "[ThreadSync] Hoisting sync"


@pytest.fixture(scope="module")
def argmax_block(tmp_path_factory):
    out = tmp_path_factory.mktemp("argmax")
    session = Session(ConvertOptions(), cache=False)
    files, _ = session.discover([str(ARGMAX)], str(out))
    (converted,) = list(converted_modules(session, files, str(out)))
    return converted.module.KERNELS["argmax_block"]


def test_lowering_warning_is_captured_not_printed(argmax_block, capfd):
    with tilelang_warnings() as caught:
        source = lower_cuda(argmax_block, (256,), "sm_90")
    assert "__syncthreads" in source
    assert any(w.startswith("Warning: " + HOIST) and "tx < s" in w for w in caught), caught
    assert HOIST not in capfd.readouterr().err


def test_without_a_block_the_warning_goes_where_it_always_did(argmax_block, capfd):
    lower_cuda(argmax_block, (256,), "sm_90")
    assert HOIST in capfd.readouterr().err


def test_fd2_restored_after_a_failing_build(capfd):
    before = os.fstat(2)

    def factory(block, target):
        os.write(2, b"[12:00:00] x.cc:1: Warning: written before the failure\n")
        raise RuntimeError("the build failed")

    with tilelang_warnings() as caught:
        with pytest.raises(RuntimeError, match="the build failed"):
            lower_cuda({"factory": factory}, (32,), "sm_90")
    after = os.fstat(2)
    assert (before.st_dev, before.st_ino) == (after.st_dev, after.st_ino)
    assert caught == ["Warning: written before the failure"]
    os.write(2, b"stderr works again\n")
    assert "stderr works again" in capfd.readouterr().err


def test_split_log_groups_continuation_lines():
    text = "[19:25:52] : Warning: first\n  more of it\n[19:25:53] a.cc:3: Warning: second\n"
    assert split_log(text) == ["Warning: first\n  more of it", "Warning: second"]


def test_verify_counts_and_shows_with_verbose(tmp_path, capfd):
    report = tmp_path / "v.json"
    args = ["verify", str(ARGMAX), "--kernel", "argmax_block", "--cuda-arch", "sm_90", "-o", str(tmp_path / "o")]
    assert main(args + ["--json", str(report)]) == 0
    out, err = capfd.readouterr()
    assert HOIST not in out and HOIST not in err
    (result,) = json.loads(report.read_text())
    # the hoisting warning; a kernel compiled earlier in the same process adds TileLang's memory-cache notice
    captured = result["tilelang_warnings"]
    assert sum(HOIST in w for w in captured) == 1 and len(captured) <= 2
    plural = "warning" if len(captured) == 1 else "warnings"
    assert f"{len(captured)} TileLang {plural} (-v shows them, docs/tilelang-warnings.md explains them)" in out

    assert main(args + ["-v"]) == 0
    out, err = capfd.readouterr()
    assert f"    tilelang: Warning: {HOIST}" in out and HOIST not in err
    assert "TileLang warning" in out and "(shown above, docs/tilelang-warnings.md explains them)" in out
