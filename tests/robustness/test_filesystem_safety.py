"""Safety of the file system (issue #8): inputs are never written, outputs are written atomically and
only inside OUT, and odd trees (symlink loops, unreadable or vanishing files) are reported and skipped.

Each test drives the real CLI, `cuda2tile.cli.main([...])` in-process where it must patch the library
(os.replace, discover), else a subprocess, and checks the exact diagnostic code and exit status, that
no traceback or cuda2tile file name reaches the user, and that every emitted module parses.
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
import stat
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import cuda2tile.cli as cli
from cuda2tile.files import output_path, write_atomically
from c2t_testsupport import ROOT, run_cli

GOOD = "__global__ void good(int n, float* y) { int i = threadIdx.x; if (i < n) y[i] = 2.0f * y[i]; }\n"
OTHER = "__global__ void other(int n, float* y) { int i = threadIdx.x; if (i < n) y[i] = y[i] + 1.0f; }\n"


def _tree(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    return root


def _snapshot(root: Path) -> dict[str, tuple]:
    """Every entry under root (links not followed): content digest, mtime and mode; link targets."""
    snap = {}
    for dirpath, dirs, files in os.walk(root):
        for name in dirs + files:
            p = Path(dirpath, name)
            st = p.lstat()
            if p.is_symlink():
                snap[str(p.relative_to(root))] = ("link", os.readlink(p))
            elif p.is_file():
                snap[str(p.relative_to(root))] = (hashlib.sha256(p.read_bytes()).hexdigest(), st.st_mtime_ns,
                                                  st.st_mode)
            else:
                snap[str(p.relative_to(root))] = ("dir", st.st_mode)
    return snap


def _clean(stderr: str) -> None:
    assert "Traceback" not in stderr
    for internal in ("cuda2tile/", "driver.py", "frontend.py", "build_ast.py", "cli.py"):
        assert internal not in stderr, (internal, stderr)


def _modules(out: Path) -> list[Path]:
    mods = sorted(out.rglob("*.py"))
    for m in mods:
        ast.parse(m.read_text(), str(m))
    return mods


def _main(capsys, *argv: str) -> tuple[int, str]:
    code = cli.main(["convert", *argv, "-j", "1", "--quiet"])
    err = capsys.readouterr().err
    _clean(err)
    return code, err


def test_inputs_are_never_written(tmp_path):
    src = _tree(tmp_path / "src", {"a.cu": GOOD, "sub/b.cu": OTHER, "sub/notes.txt": "x", "c.py": "y = 1\n"})
    before = _snapshot(src)
    out = tmp_path / "out"
    result = run_cli("convert", str(src), "-o", str(out), "--report", str(tmp_path / "r.json"), "-j", "1")
    _clean(result.stderr)
    assert result.returncode == 0, result.stderr
    assert _snapshot(src) == before  # bytes, mtimes, modes; no file added or removed
    assert [m.relative_to(out).as_posix() for m in _modules(out)] == ["a.py", "sub/b.py"]


def test_interrupted_write_leaves_no_partial_and_no_temp_file(tmp_path, capsys, monkeypatch):
    src = _tree(tmp_path / "src", {"a.cu": GOOD, "b.cu": OTHER})
    out = tmp_path / "out"
    out.mkdir()
    (out / "a.py").write_text("previous output\n")  # from an earlier run: must survive intact
    real_replace = os.replace

    def failing_replace(tmp, dst, *args, **kwargs):
        if Path(dst).name == "a.py":
            raise OSError(28, "No space left on device")
        return real_replace(tmp, dst, *args, **kwargs)

    monkeypatch.setattr(os, "replace", failing_replace)
    code, err = _main(capsys, str(src), "-o", str(out))
    assert code == 1
    assert "a.cu: error: C2T1005: cannot write" in err and "No space left on device" in err
    assert (out / "a.py").read_text() == "previous output\n"
    assert sorted(p.name for p in out.iterdir()) == ["a.py", "b.py"]  # no .a.py.*.tmp left behind
    ast.parse((out / "b.py").read_text())


def test_write_interrupted_by_ctrl_c_removes_the_temp_file(tmp_path, monkeypatch):
    target = tmp_path / "k.py"
    target.write_text("old\n")

    def interrupted(*_):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_atomically(target, "new\n")
    assert target.read_text() == "old\n" and os.listdir(tmp_path) == ["k.py"]


def test_outputs_get_the_umask_mode_not_0600(tmp_path):
    old = os.umask(0o022)
    try:
        write_atomically(tmp_path / "m.py", "x = 1\n")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "m.py").stat().st_mode) == 0o644


@pytest.mark.parametrize("display, expected", [
    ("../../etc/evil.cu", "etc/evil.py"),
    ("/etc/passwd.cu", "etc/passwd.py"),
    ("a/../../b.cu", "a/b.py"),
    ("./x/./y.cu", "x/y.py"),
])
def test_display_names_with_dotdot_or_absolute_parts_stay_inside_out(tmp_path, display, expected):
    out = tmp_path / "out"
    out.mkdir()
    target = output_path(str(out), display)
    assert target.relative_to(out).as_posix() == expected


@pytest.mark.parametrize("display", ["..", "../..", "", "/", "//x.cu", "a/../../../..", "~/x.cu", ".cu", "a\0b.cu"])
def test_any_display_name_lands_inside_out_or_is_refused(tmp_path, display):
    out = tmp_path / "out"
    out.mkdir()
    try:
        target = output_path(str(out), display)
    except ValueError:
        return
    assert Path(os.path.realpath(target)).parent.is_relative_to(out) and target != out


def test_symlink_inside_input_pointing_outside_writes_only_inside_out(tmp_path):
    outside = _tree(tmp_path / "outside", {"ext.cu": OTHER, "deep/ext2.cu": OTHER})
    src = _tree(tmp_path / "src", {"a.cu": GOOD})
    (src / "link.cu").symlink_to(outside / "ext.cu")
    (src / "linkdir").symlink_to(outside, target_is_directory=True)
    before_outside, before_src = _snapshot(outside), _snapshot(src)
    out = tmp_path / "out"
    result = run_cli("convert", str(src), "-o", str(out), "-j", "1")
    _clean(result.stderr)
    assert result.returncode == 0, result.stderr
    assert [m.relative_to(out).as_posix() for m in _modules(out)] == [
        "a.py", "link.py", "linkdir/deep/ext2.py", "linkdir/ext.py"]
    assert _snapshot(outside) == before_outside and _snapshot(src) == before_src
    assert not any(p.is_symlink() for p in out.rglob("*"))  # real files and directories, inside OUT


def test_preexisting_symlink_in_out_pointing_outside_is_not_followed(tmp_path):
    elsewhere = _tree(tmp_path / "elsewhere", {"victim.py": "precious\n"})
    src = _tree(tmp_path / "src", {"a.cu": GOOD, "sub/b.cu": OTHER, "c.cu": GOOD})
    out = tmp_path / "out"
    out.mkdir()
    (out / "a.py").symlink_to(elsewhere / "victim.py")  # the file itself
    (out / "sub").symlink_to(elsewhere, target_is_directory=True)  # a directory on the way
    before = _snapshot(elsewhere)
    result = run_cli("convert", str(src), "-o", str(out), "--report", str(tmp_path / "r.json"), "-j", "1")
    _clean(result.stderr)
    assert result.returncode == 1
    assert "a.cu: error: C2T1005: not written: the output path for a.cu would leave the output directory" \
        in result.stderr
    assert "sub/b.cu: error: C2T1005: not written" in result.stderr
    assert _snapshot(elsewhere) == before
    assert (out / "c.py").is_file() and not (out / "c.py").is_symlink()
    report = json.loads((tmp_path / "r.json").read_text())
    codes = {f["source"]: [d["code"] for d in f["diagnostics"]] for f in report["files"]}
    assert codes == {"a.cu": ["C2T1005"], "c.cu": [], "sub/b.cu": ["C2T1005"]}
    assert {f["source"]: f["output"] for f in report["files"]}["c.cu"] == "c.py"


def test_output_dir_inside_input_is_excluded_from_the_scan(tmp_path):
    src = _tree(tmp_path / "src", {"a.cu": GOOD, "sub/b.cu": OTHER})
    out = src / "out"
    # a `.cu` inside OUT (e.g. copied there by hand) must not be picked up either
    runs = []
    for _ in range(2):
        result = run_cli("convert", str(src), "-o", str(out), "--report", str(tmp_path / "r.json"), "-j", "1")
        _clean(result.stderr)
        assert result.returncode == 0, result.stderr
        runs.append(json.loads((tmp_path / "r.json").read_text()))
        (out / "stray.cu").write_text(GOOD)
    assert [f["source"] for f in runs[1]["files"]] == ["a.cu", "sub/b.cu"] == [f["source"] for f in runs[0]["files"]]
    assert "out: note: C2T1006: not scanned: it is the output directory" in result.stderr
    assert [m.relative_to(out).as_posix() for m in _modules(out)] == ["a.py", "sub/b.py"]


def test_output_dir_equal_to_the_input_dir_is_explained(tmp_path):
    src = _tree(tmp_path / "src", {"a.cu": GOOD})
    result = run_cli("convert", str(src), "-o", str(src), "-j", "1")
    _clean(result.stderr)
    assert result.returncode == 0
    assert f"{src}: note: C2T1006: not scanned: it is the output directory" in result.stderr
    assert sorted(os.listdir(src)) == ["a.cu"]


def test_symlink_loop_is_reported_and_skipped(tmp_path):
    src = _tree(tmp_path / "src", {"a.cu": GOOD, "sub/b.cu": OTHER})
    (src / "sub" / "loop").symlink_to("..", target_is_directory=True)  # src/sub/loop -> src
    (src / "self").symlink_to(".", target_is_directory=True)
    out = tmp_path / "out"
    result = run_cli("convert", str(src), "-o", str(out), "--report", str(tmp_path / "r.json"), "-j", "1")
    _clean(result.stderr)
    assert result.returncode == 0, result.stderr
    assert "self: note: C2T1006: not scanned: a symlink to" in result.stderr
    assert "sub/loop: note: C2T1006: not scanned: a symlink to" in result.stderr
    report = json.loads((tmp_path / "r.json").read_text())
    assert [f["source"] for f in report["files"]] == ["a.cu", "sub/b.cu"]  # each file converted once


def test_dangling_symlink_and_fifo_are_reported_not_read(tmp_path):
    """A FIFO named `x.cu` would block `open` forever: it must be refused without being opened."""
    src = _tree(tmp_path / "src", {"a.cu": GOOD})
    (src / "dangling.cu").symlink_to(tmp_path / "nowhere.cu")
    os.mkfifo(src / "pipe.cu")
    out = tmp_path / "out"
    result = subprocess.run([sys.executable, "-m", "cuda2tile", "convert", str(src), "-o", str(out), "-j", "1"],
                            capture_output=True, text=True, cwd=ROOT, timeout=120,
                            env=dict(os.environ, PYTHONPATH=str(ROOT)))
    _clean(result.stderr)
    assert f"{src / 'dangling.cu'}: error: C2T1001: cannot read file: No such file or directory" in result.stderr
    assert f"{src / 'pipe.cu'}: error: C2T1001: not a regular file" in result.stderr
    assert result.returncode == 1
    assert [m.name for m in _modules(out)] == ["a.py"]


def test_two_sources_mapping_to_one_output_do_not_overwrite_each_other(tmp_path):
    a = _tree(tmp_path / "a", {"k.cu": GOOD})
    b = _tree(tmp_path / "b", {"k.cu": OTHER})
    out = tmp_path / "out"
    result = run_cli("convert", str(a), str(b), "-o", str(out), "-j", "1")
    _clean(result.stderr)
    assert result.returncode == 1
    assert "k.cu: error: C2T1005: not written: " in result.stderr and "already the output of k.cu" in result.stderr
    assert "def good" in (out / "k.py").read_text()  # the first one wins, the second is reported


def test_file_vanishing_mid_run_is_reported_and_the_rest_converted(tmp_path, capsys, monkeypatch):
    """Deletes `b.cu` after discovery and before its conversion, through a wrapper around `discover`."""
    src = _tree(tmp_path / "src", {"a.cu": GOOD, "b.cu": OTHER, "c.cu": GOOD})
    import cuda2tile.session as session_module
    real_discover = session_module.discover

    def discover_then_delete(sources, out_dir, *rest):
        found = real_discover(sources, out_dir, *rest)
        (src / "b.cu").unlink()
        return found

    monkeypatch.setattr(session_module, "discover", discover_then_delete)
    out = tmp_path / "out"
    code, err = _main(capsys, str(src), "-o", str(out), "--report", str(tmp_path / "r.json"))
    assert "b.cu: error: C2T1001: cannot read file: No such file or directory" in err
    assert code == 0  # an input-level diagnostic, not a failure of the tool (as for a file that is unreadable)
    assert [m.name for m in _modules(out)] == ["a.py", "c.py"]
    report = json.loads((tmp_path / "r.json").read_text())
    assert {f["source"]: f["output"] for f in report["files"]} == {"a.cu": "a.py", "b.cu": None, "c.cu": "c.py"}


# root reads anything whatever its mode; without these two capabilities it obeys permissions like anyone
_NO_DAC = ["setpriv", "--bounding-set", "-dac_override,-dac_read_search",
           "--inh-caps", "-dac_override,-dac_read_search", "--"]


def test_unreadable_file_and_directory_are_reported_and_skipped(tmp_path):
    """As root, chmod 000 does not stop reads, so the CLI subprocess runs under `setpriv` without
    CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH: still root, but bound by file modes. As any other
    user the chmod alone makes the file and the directory unreadable."""
    prefix = []
    if os.geteuid() == 0:
        if shutil.which("setpriv") is None:
            pytest.skip("running as root and setpriv (util-linux) is missing: cannot make a file unreadable")
        prefix = _NO_DAC
    src = _tree(tmp_path / "src", {"a.cu": GOOD, "secret.cu": OTHER, "locked/c.cu": GOOD, "open/d.cu": OTHER})
    out = tmp_path / "out"
    os.chmod(src / "secret.cu", 0)
    os.chmod(src / "locked", 0)
    try:
        result = subprocess.run([*prefix, sys.executable, "-m", "cuda2tile", "convert", str(src), "-o", str(out),
                                 "-j", "1"], capture_output=True, text=True, cwd=ROOT, timeout=300,
                                env=dict(os.environ, PYTHONPATH=str(ROOT)))
    finally:
        os.chmod(src / "locked", 0o755)
        os.chmod(src / "secret.cu", 0o644)
    _clean(result.stderr)
    assert "secret.cu: error: C2T1001: cannot read file: Permission denied" in result.stderr
    assert f"{src / 'locked'}: error: C2T1001: cannot read directory: Permission denied" in result.stderr
    assert result.returncode == 1  # the unreadable directory: a source tree the tool could not scan
    assert [m.relative_to(out).as_posix() for m in _modules(out)] == ["a.py", "open/d.py"]
