"""PyTorch's PackedTensorAccessor parameters (parse/build_ast.py `_packed_accessor_type`, `_accessor_call`).

An accessor parameter flattens into its data buffer and its sizes and strides, and `a[n][c]` reads
`a_data[n * a_stride0 + c * a_stride1]`. The corpus file `corpus/pytorch/accessors.cu` passes parity with
views that are not contiguous (padded rows, every other element, a transposed input); here the same
check is shown to catch a conversion that indexes with the strides swapped, and the accessor's flattened
layout is checked against the C++ one PyTorch and the CPU runtime use.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from c2t_testsupport import CORPUS, run_cli  # noqa: E402

from cuda2tile.parse.frontend import FrontendOptions, parse_file  # noqa: E402

ACCESSORS = CORPUS / "pytorch" / "accessors.cu"


def test_the_flattened_fields_sit_at_pytorchs_offsets():
    unit = parse_file(str(ACCESSORS), FrontendOptions(instantiate=(("gate_mix_kernel", ("double",)),))).unit
    kernel = next(f for f in unit.functions if f.name == "gate_mix_kernel<double>")
    gates = kernel.params[0].type
    # `T* data_; index_t sizes_[3]; index_t strides_[3];` with index_t = size_t: 8 + 3 * 8 + 3 * 8 bytes
    assert [(f.name, f.offset) for f in gates.fields] == [
        ("data", 0), ("size0", 8), ("size1", 16), ("size2", 24), ("stride0", 32), ("stride1", 40), ("stride2", 48)]
    assert gates.size == 56 and gates.field("stride0").type.dtype == "uint64"
    row_sum = next(f for f in unit.functions if f.name == "row_sum_kernel")
    x = row_sum.params[0].type  # PackedTensorAccessor64<float, 2>: int64_t
    assert [(f.name, f.offset) for f in x.fields][-1] == ("stride1", 32) and x.size == 40


def test_parity_catches_strides_used_the_wrong_way_round(tmp_path):
    out = tmp_path / "converted"
    done = run_cli("convert", str(ACCESSORS), "-o", str(out), "--no-cache")
    assert done.returncode == 0, done.stderr
    module = out / "accessors.py"
    good = run_cli("parity", str(ACCESSORS), "--kernel", "row_sum_kernel", "--converted-tree", str(out))
    assert good.returncode == 0 and "PASS accessors.cu:row_sum_kernel" in good.stdout, good.stdout + good.stderr
    text = module.read_text()
    swapped, count = re.subn(r"x_data\[r \* x_stride0 \+ k \* x_stride1\]", "x_data[r * x_stride1 + k * x_stride0]",
                             text)
    assert count == 1
    module.write_text(swapped)
    bad = run_cli("parity", str(ACCESSORS), "--kernel", "row_sum_kernel", "--converted-tree", str(out))
    assert bad.returncode == 1 and "FAIL accessors.cu:row_sum_kernel" in bad.stdout, bad.stdout + bad.stderr
