"""The incremental cache (cuda2tile/cache.py): unchanged files are read back, byte for byte as if
converted; any change to the file, a header it includes, a flag or the tool is a miss."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest

from c2t_testsupport import CORPUS, ROOT, run_cli
from cuda2tile import cache as cache_mod
from cuda2tile.cache import ResultCache
from cuda2tile.session import ConvertOptions, FrontendOptions, Session

KERNEL = """#include "scale.h"
__global__ void scale(int n, const float* x, float* y) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = SCALE * x[i];
}
"""
SECOND = """__global__ void shift(int n, float* y) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = y[i] + OFFSET;
}
"""


@pytest.fixture
def tree(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    (src / "scale.h").write_text("#define SCALE 2.0f\n")
    (src / "scale.cu").write_text(KERNEL)
    (src / "shift.cu").write_text("#ifndef OFFSET\n#define OFFSET 1.0f\n#endif\n" + SECOND)
    return src


def _convert(src, out, cache_dir, *flags):
    result = run_cli("convert", str(src), "-o", str(out), "--cache-dir", str(cache_dir), "-j", "1", *flags)
    assert result.returncode == 0, result.stderr
    return result


def _hits(result) -> int | None:
    found = re.search(r", (\d+) read from the cache", result.stderr)
    return int(found.group(1)) if found else None


def test_unchanged_files_are_read_back(tree, tmp_path):
    cold = _convert(tree, tmp_path / "a", tmp_path / "cache")
    warm = _convert(tree, tmp_path / "b", tmp_path / "cache")
    assert (_hits(cold), _hits(warm)) == (0, 2)
    for name in ("scale.py", "shift.py"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()


def test_editing_the_file_is_a_miss(tree, tmp_path):
    _convert(tree, tmp_path / "a", tmp_path / "cache")
    (tree / "scale.cu").write_text(KERNEL.replace("SCALE * x[i]", "SCALE * x[i] + 3.0f"))
    warm = _convert(tree, tmp_path / "b", tmp_path / "cache")
    assert _hits(warm) == 1
    assert "3.0" in (tmp_path / "b" / "scale.py").read_text()


def test_editing_an_included_header_is_a_miss(tree, tmp_path):
    _convert(tree, tmp_path / "a", tmp_path / "cache")
    assert "2.0" in (tmp_path / "a" / "scale.py").read_text()
    (tree / "scale.h").write_text("#define SCALE 7.5f\n")
    warm = _convert(tree, tmp_path / "b", tmp_path / "cache")
    assert _hits(warm) == 1  # shift.cu includes no header: still a hit
    assert "7.5" in (tmp_path / "b" / "scale.py").read_text()


def test_a_removed_header_is_a_miss(tree, tmp_path):
    _convert(tree, tmp_path / "a", tmp_path / "cache")
    (tree / "scale.h").unlink()
    warm = run_cli("convert", str(tree), "-o", str(tmp_path / "b"), "--cache-dir", str(tmp_path / "cache"))
    assert _hits(warm) == 1
    assert "C2T1102" in warm.stderr


def test_a_missing_header_result_is_never_stored(tree, tmp_path):
    (tree / "scale.h").unlink()
    run_cli("convert", str(tree), "-o", str(tmp_path / "a"), "--cache-dir", str(tmp_path / "cache"))
    (tree / "scale.h").write_text("#define SCALE 4.25f\n")  # creating it must change the result
    warm = _convert(tree, tmp_path / "b", tmp_path / "cache")
    assert _hits(warm) == 1
    assert "4.25" in (tmp_path / "b" / "scale.py").read_text()


def test_changing_a_flag_is_a_miss(tree, tmp_path):
    _convert(tree, tmp_path / "a", tmp_path / "cache")
    warm = _convert(tree, tmp_path / "b", tmp_path / "cache", "-DOFFSET=9.0f")
    assert _hits(warm) == 0
    assert "9.0" in (tmp_path / "b" / "shift.py").read_text()
    again = _convert(tree, tmp_path / "c", tmp_path / "cache", "-DOFFSET=9.0f")
    assert _hits(again) == 2


def test_no_cache_converts_again(tree, tmp_path):
    _convert(tree, tmp_path / "a", tmp_path / "cache")
    fresh = _convert(tree, tmp_path / "b", tmp_path / "cache", "--no-cache")
    assert _hits(fresh) is None and "2 converted" in fresh.stderr
    assert (tmp_path / "a" / "scale.py").read_bytes() == (tmp_path / "b" / "scale.py").read_bytes()


def _run_in_process(tree, cache_dir, options=ConvertOptions()):
    session = Session(options, cache=ResultCache(cache_dir, options))
    files, _ = session.discover([str(tree)], "/nonexistent-output")
    return [(r.cached, r.to_json(), text) for r, text in session.convert(files)]


def test_a_changed_tool_is_a_miss(tree, tmp_path, monkeypatch):
    first = _run_in_process(tree, tmp_path / "cache")
    assert [c for c, _, _ in first] == [False, False]
    assert [c for c, _, _ in _run_in_process(tree, tmp_path / "cache")] == [True, True]
    monkeypatch.setattr(cache_mod, "_identity", "0" * 64)  # what an edited cuda2tile source would give
    again = _run_in_process(tree, tmp_path / "cache")
    assert [c for c, _, _ in again] == [False, False]
    assert [(j, t) for _, j, t in again] == [(j, t) for _, j, t in first]


def test_tool_identity_changes_with_sources_op_coverage_and_prelude(tmp_path):
    import shutil

    for package in ("cuda2tile", "op_coverage"):
        shutil.copytree(ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("__pycache__"))

    def identity() -> str:
        code = "from cuda2tile.cache import tool_identity; print(tool_identity())"
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, check=True,
                             env=dict(os.environ, PYTHONPATH=str(tmp_path)))
        return out.stdout.strip()

    seen = [identity()]
    assert re.fullmatch(r"[0-9a-f]{64}", seen[0])
    for edited in ("cuda2tile/lift/lift_kernel.py", "cuda2tile/parse/include/cuda2tile_prelude.h",
                   "op_coverage/__init__.py"):
        with open(tmp_path / edited, "a") as handle:
            handle.write("\n")
        seen.append(identity())
    assert len(set(seen)) == len(seen)


def test_frozenset_options_give_one_key_whatever_the_hash_seed():
    keys = set()
    for seed in ("1", "2", "3"):
        code = ("from cuda2tile.cache import _options_json; from cuda2tile.session import ConvertOptions; "
                "print(_options_json(ConvertOptions(raise_idioms=frozenset({'a', 'b', 'c', 'd', 'e'}))))")
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                             env=dict(os.environ, PYTHONHASHSEED=seed, PYTHONPATH=str(ROOT)), check=True)
        keys.add(out.stdout)
    assert len(keys) == 1


@pytest.mark.parametrize("damage", [b"", b"{not json", b'{"schema": "cuda2tile.cache/0"}\n{}\n', None])
def test_a_corrupt_entry_is_a_miss(tree, tmp_path, damage):
    first = _run_in_process(tree, tmp_path / "cache")
    entries = sorted((tmp_path / "cache" / "results").rglob("*.json"))
    assert len(entries) == 2
    for entry in entries:
        data = entry.read_bytes()
        # None: a valid header whose payload is cut short (a truncated write of an older tool)
        entry.write_bytes(damage if damage is not None else data[: data.index(b"\n") + 40])
    again = _run_in_process(tree, tmp_path / "cache")
    assert [(j, t) for _, j, t in again] == [(j, t) for _, j, t in first]
    assert [c for c, _, _ in _run_in_process(tree, tmp_path / "cache")] == [True, True]  # rewritten


def test_concurrent_runs_share_one_cache(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    reference = tmp_path / "reference"
    _convert(CORPUS / "elementwise", reference, tmp_path / "other-cache", "--no-cache")
    runs = [subprocess.Popen([sys.executable, "-m", "cuda2tile", "convert", str(CORPUS / "elementwise"), "-o",
                              str(tmp_path / f"out{i}"), "--cache-dir", str(tmp_path / "cache"), "-j", "1"],
                             cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            for i in range(2)]
    for run in runs:
        _, err = run.communicate(timeout=300)
        assert run.returncode == 0, err
    for i in range(2):
        for ref in reference.rglob("*.py"):
            assert (tmp_path / f"out{i}" / ref.relative_to(reference)).read_bytes() == ref.read_bytes()
    assert not [p for p in (tmp_path / "cache").rglob("*.tmp")]  # no temporary file left behind
    assert _hits(_convert(CORPUS / "elementwise", tmp_path / "out2", tmp_path / "cache")) == len(
        list((CORPUS / "elementwise").glob("*.cu")))


def _without_summary(stderr: str) -> str:
    return "\n".join(line for line in stderr.splitlines() if not line.startswith("cuda2tile: "))


def test_cached_corpus_matches_an_uncached_run_byte_for_byte(tmp_path):
    """Modules, report JSON and the printed diagnostics (with their source lines and carets)."""
    outputs = {}
    for name, flags in (("uncached", ("--no-cache",)), ("cold", ()), ("warm", ())):
        out = tmp_path / name
        result = run_cli("convert", str(CORPUS), "-o", str(out), "--report", str(tmp_path / f"{name}.json"),
                         "--cache-dir", str(tmp_path / "cache"), *flags)
        assert result.returncode == 0, result.stderr
        modules = {p.relative_to(out): p.read_bytes() for p in sorted(out.rglob("*.py"))}
        outputs[name] = (modules, (tmp_path / f"{name}.json").read_bytes(), _without_summary(result.stderr))
        if name == "warm":
            assert _hits(result) == len(modules) == len(list(CORPUS.rglob("*.cu")))
    assert outputs["warm"] == outputs["uncached"] == outputs["cold"]
    assert "^" in outputs["warm"][2]  # diagnostics were printed with a caret line under their source


def test_entries_keep_only_the_quoted_source_lines(tree, tmp_path):
    (tree / "shift.cu").write_text(SECOND.replace("y[i] + OFFSET", "y[i] + 1.0f") + "\n" * 500
                                   + "__global__ void bad(int* p) { goto out; out: p[0] = 1; }\n")
    options = ConvertOptions(frontend=FrontendOptions())
    _run_in_process(tree, tmp_path / "cache", options)
    sizes = {}
    for entry in (tmp_path / "cache" / "results").rglob("*.json"):
        header, payload = entry.read_text().splitlines()
        data = json.loads(payload)["result"]
        sizes[data["source"]] = (data["n_lines"], sorted(data["lines"]))
    n_lines, quoted = sizes["shift.cu"]
    assert n_lines == 505 and 1 <= len(quoted) <= 2
