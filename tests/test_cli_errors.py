"""Issue 22, item 6: what a new user gets wrong gives one coded line and a non-zero exit, never a silent
success or a "0 passed, 1 failed" with the reason only in JSON; every option has help text."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from cuda2tile import cli
from cuda2tile.diagnostics import CODES

ROOT = Path(__file__).resolve().parents[1]
BLAS1 = ROOT / "corpus" / "blas1" / "level1.cu"


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    status = cli.main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def _coded(err: str, code: str) -> list[str]:
    assert code in CODES
    return [line for line in err.splitlines() if re.search(rf"error: {code}: ", line)]


def test_the_lexical_kernel_names():
    text = ("template <typename T> __global__ void __launch_bounds__(256) tmpl(T* x) {}\n"
            "extern \"C\" __global__ void plain(float* a) {}\n__device__ int helper(int) { return 0; }\n")
    from cuda2tile.parse.tree_scan import scan_text
    assert {k.name for k in scan_text(text).kernels} == {"tmpl", "plain"}


# --- a --kernel name that matches nothing ----------------------------------------------------------------
def test_convert_unknown_kernel(capsys, tmp_path):
    status, _, err = _run(capsys, "convert", str(BLAS1), "-o", str(tmp_path / "out"), "--no-cache", "-j", "1",
                          "--kernel", "saxpi", "--kernel", "saxpy")
    assert status != 0
    (line,) = _coded(err, "C2T1008")
    assert "--kernel saxpi" in line and "closest: saxpy" in line
    assert (tmp_path / "out" / "level1.py").exists()  # the kernel that exists is converted


def test_convert_known_kernels_still_succeed(capsys, tmp_path):
    status, _, err = _run(capsys, "convert", str(BLAS1), "-o", str(tmp_path / "out"), "--no-cache", "-j", "1",
                          "--kernel", "saxpy")
    assert status == 0 and "C2T1008" not in err


@pytest.mark.parametrize("command", ["parity", "tune"])
def test_unknown_kernel_in_other_commands(capsys, command):
    status, _, err = _run(capsys, command, str(BLAS1), "--kernel", "nope", *(["-j", "1"] if command == "parity" else []))
    assert status != 0
    (line,) = _coded(err, "C2T1008")
    assert line.startswith(f"cuda2tile {command}: error: C2T1008: --kernel nope matches no kernel; closest: ")
    assert "saxpy" in line


@pytest.mark.slow
@pytest.mark.parametrize("command", ["verify", "check"])
def test_unknown_kernel_in_commands_that_build(capsys, command, tmp_path):
    extra = ["--targets", "c", "--no-cache", "-j", "1"] if command == "check" else ["-o", str(tmp_path)]
    status, _, err = _run(capsys, command, str(BLAS1), "--kernel", "nope", *extra)
    assert status != 0
    assert len(_coded(err, "C2T1008")) == 1


# --- nothing to convert ----------------------------------------------------------------------------------
@pytest.fixture(params=["empty", "no_cu"])
def nothing(request, tmp_path) -> Path:
    tree = tmp_path / "tree"
    tree.mkdir()
    if request.param == "no_cu":
        (tree / "notes.txt").write_text("not CUDA\n")
        # a header that defines no kernel (one that does is converted: issue 17)
        (tree / "kernel.cuh").write_text("__device__ int helper(int v) { return v; }\n")
    return tree


def test_convert_nothing_to_convert(capsys, nothing, tmp_path):
    status, _, err = _run(capsys, "convert", str(nothing), "-o", str(tmp_path / "out"), "--no-cache")
    assert status != 0
    (line,) = _coded(err, "C2T1007")
    assert "nothing to convert" in line and str(nothing) in line


def test_coverage_nothing_to_convert(capsys, nothing):
    status, out, err = _run(capsys, "coverage", str(nothing), "--no-cache", "-j", "1")
    assert status != 0
    assert len(_coded(err, "C2T1007")) == 1
    assert "100.0%" not in out + err


def test_coverage_counts_nothing_as_no_percentage(capsys, tmp_path):
    (tmp_path / "host.cu").write_text("int main() { return 0; }\n")
    status, out, _ = _run(capsys, "coverage", str(tmp_path), "--no-cache", "-j", "1")
    assert status == 0
    assert "0 / 0 (n/a)" in out and "100.0%" not in out


@pytest.mark.parametrize("command", ["parity", "verify"])
def test_a_missing_source_is_said(capsys, command, tmp_path):
    missing = str(tmp_path / "nonexistent")
    status, out, err = _run(capsys, command, missing)
    assert status != 0
    (line,) = _coded(err, "C2T1001")
    assert line == f"{missing}: error: C2T1001: no such file or directory"
    assert "passed" not in out


@pytest.mark.parametrize("command", ["parity", "verify"])
def test_an_empty_tree_is_said(capsys, command, nothing):
    status, _, err = _run(capsys, command, str(nothing))
    assert status != 0
    assert len(_coded(err, "C2T1007")) == 1


# --- help text -------------------------------------------------------------------------------------------
def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def options_without_help(parser: argparse.ArgumentParser) -> list[str]:
    """`command option` of every action of every subparser whose help is empty."""
    missing = []
    for name, sub in _subparsers(parser).items():
        for action in sub._actions:
            if isinstance(action, argparse._HelpAction):
                continue
            if not (action.help or "").strip() or action.help == argparse.SUPPRESS:
                missing.append(f"{name} {'/'.join(action.option_strings) or action.dest}")
    return missing


def test_every_option_has_help():
    assert not options_without_help(cli.build_parser())


def test_an_option_without_help_is_caught():
    parser = cli.build_parser()
    _subparsers(parser)["convert"].add_argument("--planted")
    assert options_without_help(parser) == ["convert --planted"]
