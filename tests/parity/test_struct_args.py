"""Struct arguments on the original side: the layout `struct_value` writes is the C++ compiler's
(checked against g++'s `offsetof`/`sizeof`), and a spec that leaves a field out is refused by name."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from cuda2tile.parity.harness import ParityOptions, run_parity  # noqa: E402
from cuda2tile.parity.struct_args import struct_fields, struct_value  # noqa: E402
from cuda2tile.parse import cuda_ast as A  # noqa: E402
from cuda2tile.parse.frontend import parse_file  # noqa: E402

KERNEL = Path(__file__).resolve().parent / "kernels" / "padded_struct.cu"


def _padded() -> A.Struct:
    parsed = parse_file(str(KERNEL))
    fn = next(f for f in parsed.unit.functions if f.name == "padded_struct")
    assert isinstance(fn.params[0].type, A.Struct)
    return fn.params[0].type


@pytest.mark.skipif(shutil.which("g++") is None, reason="needs g++ to measure the C++ layout")
def test_field_offsets_and_size_are_the_compilers(tmp_path):
    struct = _padded()
    fields = struct_fields("p", struct)
    prog = tmp_path / "layout.cpp"
    body = "".join(f'    std::printf("%zu\\n", offsetof(Padded, {name[2:]}));\n' for name, _, _ in fields)
    declarations = KERNEL.read_text().split("__global__")[0]  # the structs, not the kernel
    prog.write_text("#include <cstddef>\n#include <cstdio>\n" + declarations
                    + "int main() {\n" + body + '    std::printf("%zu\\n", sizeof(Padded));\n}\n')
    subprocess.run(["g++", "-std=c++17", "-o", str(tmp_path / "layout"), str(prog)], check=True)
    measured = [int(v) for v in subprocess.run([str(tmp_path / "layout")], capture_output=True, text=True,
                                               check=True).stdout.split()]
    assert [offset for _, _, offset in fields] == measured[:-1]
    assert struct.size == measured[-1] == 72
    # padding is there: the double after a char, the pointer after a short
    assert dict((n, o) for n, _, o in fields)["p.tag.weight"] == 16


def test_struct_value_writes_each_field_at_its_offset():
    struct = _padded()
    x, y = np.zeros(4, np.float32), np.zeros(4, np.float32)
    value = struct_value("p", struct, {"p.flag": 1, "p.tag.kind": 3, "p.tag.weight": 0.75, "p.count": -7,
                                       "p.x": x, "p.dims": np.array([2, -5, 11]), "p.base": 5000000123, "p.y": y})
    offsets = {n: o for n, _, o in struct_fields("p", struct)}
    data = value.data
    assert len(data) == struct.size
    assert data[offsets["p.flag"]] == 1 and data[offsets["p.tag.kind"]] == 3
    assert np.frombuffer(data, np.float64, 1, offsets["p.tag.weight"])[0] == 0.75
    assert np.frombuffer(data, np.int16, 1, offsets["p.count"])[0] == -7
    assert list(np.frombuffer(data, np.int32, 3, offsets["p.dims"])) == [2, -5, 11]
    assert np.frombuffer(data, np.int64, 1, offsets["p.base"])[0] == 5000000123
    assert [(o, a is x or a is y) for o, a in value.pointers] == [(offsets["p.x"], True), (offsets["p.y"], True)]
    with pytest.raises(ValueError, match="'p.dims' has 3 elements; the spec gives 2"):
        struct_value("p", struct, {"p.flag": 1, "p.tag.kind": 3, "p.tag.weight": 0.75, "p.count": -7, "p.x": x,
                                   "p.dims": np.array([2, -5]), "p.base": 1, "p.y": y})


@pytest.mark.slow
def test_padded_struct_passes_parity_and_a_missing_field_is_named(tmp_path):
    run = run_parity(ParityOptions((str(KERNEL),), original="cpu", converted="c", jobs=1))
    assert [r.status for r in run.results] == ["pass"], [r.describe() for r in run.results]

    spec = tmp_path / "no_count.toml"
    spec.write_text("\n".join(line for line in KERNEL.with_suffix(".toml").read_text().splitlines()
                              if not line.startswith('"p.count"')) + "\n")
    run = run_parity(ParityOptions((str(KERNEL),), original="cpu", converted="c", jobs=1, spec=str(spec)))
    result = run.results[0]
    assert result.status == "fail" and result.failure == "spec"
    assert "'p.count'" in result.message
