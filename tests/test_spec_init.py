"""`cuda2tile spec init FILE --kernel K`: a launch spec drafted from the kernel's signature and its host
launch (cuda2tile/spec/draft.py), with only what the source does not say left as TODO, and usable once
those are filled: it loads and runs parity."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from c2t_testsupport import run_cli
from cuda2tile import cli
from cuda2tile.spec.launch_spec import SpecError, load_spec

SAXPY = """\
#include <cuda_runtime.h>

__global__ void saxpy(int n, float a, const float* x, float* y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}

void run(int n, const float* x, float* y)
{
    saxpy<<<(n + 255) / 256, 256>>>(n, 2.0f, x, y);
}
"""

TEMPLATE = """\
template <typename T>
__global__ void k(int n, T alpha, T* y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = alpha * y[i];
}

void run(int n, float* y)
{
    k<float><<<(n + 127) / 128, 128>>>(n, 0.5f, y);
}
"""

NO_LAUNCH = """\
__global__ void copy(int n, const double* x, double* y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = x[i];
}
"""

STRUCT = """\
struct Params { float a; int n; };

__global__ void fill(Params p, float* y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < p.n) y[i] = p.a;
}
"""

CONSTANTS = """\
#define THREADS 128
const int ROWS = 4 * 8;

__global__ void gather(int n, int cols, const int* idx, const float* src, float* dst, bool flag)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) dst[i] = flag ? src[idx[i]] : 0.0f;
}

void run(int n, int* idx, float* src, float* dst)
{
    int blocks = (n + THREADS - 1) / THREADS;
    gather<<<dim3(blocks, ROWS), THREADS>>>(n, n / 4, idx, src, dst, true);
}
"""


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def _init(capsys, *argv: str) -> tuple[int, str, str]:
    status = cli.main(["spec", "init", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def _todo_lines(text: str) -> dict[int, str]:
    """The header's `line N: what` list, checked against the lines it names."""
    listed = {int(m.group(1)): m.group(2) for m in re.finditer(r"^#   line (\d+): (.*)$", text, re.M)}
    lines = text.splitlines()
    for number in listed:
        assert "TODO" in lines[number - 1].split("#")[0], (number, lines[number - 1])
    unlisted = [i + 1 for i, line in enumerate(lines) if "TODO" in line.split("#")[0] and i + 1 not in listed]
    assert not unlisted, unlisted
    return listed


def test_saxpy_draft_is_filled_loaded_and_passes_parity(capsys, tmp_path):
    cu = _write(tmp_path, "saxpy.cu", SAXPY)
    status, text, err = _init(capsys, str(cu), "--kernel", "saxpy")
    assert status == 0, err
    assert "1 entry (saxpy), 3 TODOs left to fill" in err
    assert f"# file: {cu}" in text and f"from the launch at {cu}:11" in text
    assert 'grid = ["(n + 255) / 256"]' in text
    assert "block = [256]" in text
    assert re.search(r"^n = TODO  # TODO: `n` at the launch", text, re.M)
    assert 'n = { value = "n" }' in text and "a = { value = 2.0 }" in text
    x_line = next(line for line in text.splitlines() if line.startswith("x = "))
    y_line = next(line for line in text.splitlines() if line.startswith("y = "))
    assert 'init = "uniform"' in x_line and "output" not in x_line.split("#")[0] and "const: an input" in x_line
    assert 'init = "zeros", output = true' in y_line and "not const" in y_line and "reads it too" in y_line
    assert sorted(_todo_lines(text).values()) == ["saxpy: shape of x", "saxpy: shape of y", "saxpy: size n"]

    # unfilled, the draft is refused when loaded (never run with a made-up size)
    spec = tmp_path / "saxpy.toml"
    spec.write_text(text)
    with pytest.raises(SpecError) as refused:
        load_spec(spec)
    assert refused.value.code == "C2T1301" and "invalid TOML" in refused.value.message

    # filled: it loads with the launch the source describes, and runs
    spec.write_text(text.replace("n = TODO", "n = 1000").replace("shape = [TODO]", 'shape = ["n"]'))
    (entry,) = load_spec(spec)
    assert entry.name == "saxpy" and entry.template == ()
    assert entry.block == (256,) and entry.grid_values() == (4,) and entry.sizes == {"n": 1000}
    assert entry.outputs == ["y"]
    inputs = entry.make_inputs()
    assert inputs["n"] == 1000 and inputs["a"] == 2.0 and inputs["x"].shape == (1000,)
    result = run_cli("parity", str(cu), "--spec", str(spec), "--original", "cpu", "--converted", "c", "-j", "1")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "PASS saxpy.cu:saxpy" in result.stdout and "1 passed, 0 failed" in result.stdout + result.stderr


def test_template_instantiation_from_its_launch(capsys, tmp_path):
    cu = _write(tmp_path, "tmpl.cu", TEMPLATE)
    status, text, err = _init(capsys, str(cu), "--kernel", "k")
    assert status == 0, err
    data = tomllib.loads(text.replace("TODO", "1"))
    (entry,) = data["kernel"]  # the one instantiation the file makes: no float/double defaults
    assert entry["name"] == "k" and entry["template"] == ["float"]
    assert entry["block"] == [128] and entry["grid"] == ["(n + 127) / 128"]
    assert entry["args"]["alpha"] == {"value": 0.5}
    assert entry["args"]["y"]["dtype"] == "float32" and entry["args"]["y"]["output"] is True
    # the instantiation by its C++ name gives the same entry
    status, same, _ = _init(capsys, str(cu), "--kernel", "k<float>")
    assert status == 0 and same == text


def test_no_launch_leaves_the_grid_to_write(capsys, tmp_path):
    cu = _write(tmp_path, "copy.cu", NO_LAUNCH)
    status, text, err = _init(capsys, str(cu), "--kernel", "copy")
    assert status == 0, err
    assert "from its signature (no launch in the file)" in text
    assert re.search(r"^block = \[256\]  # no launch: 256 threads is a default", text, re.M)
    assert re.search(r"^grid = \[TODO\]  # TODO: no launch", text, re.M)
    assert re.search(r"^n = \{ value = TODO \}  # TODO: int, ", text, re.M)
    listed = _todo_lines(text)
    assert "copy: grid (no launch)" in listed.values() and "copy: value of n" in listed.values()
    data = tomllib.loads(text.replace("TODO", "1"))
    assert data["kernel"][0]["args"]["x"]["dtype"] == "float64"


def test_unknown_kernel_is_c2t1008(capsys, tmp_path):
    cu = _write(tmp_path, "saxpy.cu", SAXPY)
    status, out, err = _init(capsys, str(cu), "--kernel", "saxpi")
    assert status != 0 and out == ""
    (line,) = [line for line in err.splitlines() if "C2T1008" in line]
    assert line.startswith("cuda2tile spec init: error: C2T1008: --kernel saxpi matches no kernel; closest: saxpy")


def test_output_file_is_not_overwritten_without_force(capsys, tmp_path):
    cu = _write(tmp_path, "saxpy.cu", SAXPY)
    target = tmp_path / "saxpy.toml"
    status, out, err = _init(capsys, str(cu), "--kernel", "saxpy", "-o", str(target))
    assert status == 0 and out == "" and f"wrote {target}" in err
    drafted = target.read_text()
    assert "[[kernel]]" in drafted
    target.write_text("# mine\n")
    status, _, err = _init(capsys, str(cu), "--kernel", "saxpy", "-o", str(target))
    assert status != 0 and "C2T1005" in err and "--force" in err
    assert target.read_text() == "# mine\n"
    status, _, err = _init(capsys, str(cu), "--kernel", "saxpy", "-o", str(target), "--force")
    assert status == 0, err
    assert target.read_text() == drafted
    # never onto the input, even with --force
    status, _, err = _init(capsys, str(cu), "--kernel", "saxpy", "-o", str(cu), "--force")
    assert status != 0 and "is the input file" in err and cu.read_text() == SAXPY


def test_struct_parameter_is_a_todo_naming_its_type(capsys, tmp_path):
    cu = _write(tmp_path, "fill.cu", STRUCT)
    status, text, err = _init(capsys, str(cu), "--kernel", "fill")
    assert status == 0, err
    (line,) = [line for line in text.splitlines() if line.startswith("p = ")]
    assert line.startswith("p = TODO  # TODO: parameter type `Params` has no launch-spec form")
    assert "fill: p: type `Params` has no launch-spec form" in _todo_lines(text).values()


def test_constants_local_grids_literals_and_index_buffers(capsys, tmp_path):
    cu = _write(tmp_path, "gather.cu", CONSTANTS)
    status, text, err = _init(capsys, str(cu), "--kernel", "gather")
    assert status == 0, err
    entry = tomllib.loads(text.replace("TODO", "7"))["kernel"][0]
    # `blocks` is the local set above the launch; THREADS and ROWS are the file's constants
    assert entry["grid"] == ["(n + THREADS - 1) / THREADS", "ROWS"]
    assert "`blocks` as set at line 12" in text
    assert entry["block"] == [128]
    assert entry["sizes"] == {"n": 7, "THREADS": 128, "ROWS": 32}
    assert re.search(r"^THREADS = 128  # from the constant at .*gather.cu:1$", text, re.M)
    args = entry["args"]
    assert args["cols"] == {"value": "n / 4"} and args["flag"] == {"value": True}
    assert args["idx"]["init"] == "index" and "used as indices" in text
    assert sorted(_todo_lines(text).values()) == ["gather: shape of dst", "gather: shape of idx, high of its indices",
                                                  "gather: shape of src", "gather: size n"]


def test_spec_needs_a_subcommand(capsys):
    with pytest.raises(SystemExit) as exit_:
        cli.main(["spec"])
    assert exit_.value.code == 2
    assert "init" in capsys.readouterr().err
