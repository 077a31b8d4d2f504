"""cuda2tile/passes/lower_bfloat16.py: bfloat16 values become float32 values rounded as bfloat16 rounds,
bfloat16 memory holds bits; the rounding agrees with the launch specs' (spec/bfloat16.py), nothing of
dtype bfloat16 is left for the back ends, and a conversion that skips a rounding is caught."""

from __future__ import annotations

import numpy as np
import pytest

from c2t_testsupport import CORPUS
from cuda2tile.ir import tile_ir as I
from cuda2tile.ir.errors import LiftError
from cuda2tile.ir.ir_names import nodes
from cuda2tile.lift.lift_kernel import lift_kernel
from cuda2tile.parity.verify_references import check_kernel
from cuda2tile.parse.frontend import parse_file
from cuda2tile.passes.lower_bfloat16 import lower_bfloat16, round_to_bf16
from cuda2tile.runtime import load_module
from cuda2tile.spec import bfloat16
from cuda2tile.spec.launch_spec import load_spec
from ir_mutations import emit_mutant, map_exprs

SOURCE = CORPUS / "types/bfloat16_ops.cu"


def test_rounding_matches_the_spec_conversion_on_ties_infinities_and_nans():
    rng = np.random.default_rng(3)
    bits = rng.integers(0, 2**32, 20000, dtype=np.uint64).astype(np.uint32)
    ties = (rng.integers(0, 2**16, 2000).astype(np.uint32) << 16) | 0x8000  # exactly halfway
    special = np.array([0x7F800000, 0xFF800000, 0x7FC00000, 0xFFFFFFFF, 0x7F7FFFFF, 0, 0x80000000], np.uint32)
    values = np.concatenate([bits, ties, special]).view(np.float32)
    want = bfloat16.to_float32(bfloat16.to_bits(values))
    got = np.array([round_to_bf16(v) for v in values], np.float32)
    assert np.array_equal(got.view(np.uint32), want.view(np.uint32))
    assert round_to_bf16(1.0 + 2**-8) == 1.0 and round_to_bf16(1.0 + 3 * 2**-8) == 1.0 + 2**-6  # ties to even


def _lowered(tmp_path, source: str, name: str) -> I.Kernel:
    path = tmp_path / "k.cu"
    path.write_text("#include <cuda_bf16.h>\n" + source)
    parsed = parse_file(str(path))
    functions = {f.name: f for f in parsed.unit.functions if not f.is_kernel}
    fn = next(f for f in parsed.unit.functions if f.is_kernel and f.name == name)
    steps = {}
    lift_kernel(fn, functions, parsed.unit.launches, after_each_pass=lambda step, k: steps.setdefault(step, k))
    return steps["lift"], steps["lower_bfloat16"]


def test_no_bfloat16_value_is_left_and_memory_is_read_as_bits(tmp_path):
    lifted, lowered = _lowered(tmp_path, (
        "__device__ __nv_bfloat16 twice(__nv_bfloat16 v) { return v + v; }\n"
        "__global__ void k(const __nv_bfloat16* x, __nv_bfloat16* y, float* f) {\n"
        "  __shared__ __nv_bfloat16 t[32];\n  t[threadIdx.x] = twice(x[threadIdx.x]);\n  __syncthreads();\n"
        "  y[threadIdx.x] = t[31 - threadIdx.x] * x[0];\n  f[threadIdx.x] = __bfloat162float(t[threadIdx.x]);\n}\n"),
        "k")
    assert any(getattr(n, "dtype", None) == "bfloat16" for n in nodes((lifted.body, lifted.macros)))
    assert not any(getattr(n, "dtype", None) == "bfloat16" for n in nodes((lowered.body, lowered.macros)))
    assert {p.dtype for p in lowered.params if isinstance(p, I.BufferParam)} == {"bfloat16", "float32"}  # the API
    loads = {n.buffer: n.dtype for n in nodes(lowered.body) if isinstance(n, I.Load)}
    assert loads == {"x": "int16", "t": "int16"}
    assert [s.dtype for s in nodes(lowered.body) if isinstance(s, I.DeclShared)] == ["int16"]
    assert lowered.macros[0].result == "float32"
    assert lower_bfloat16(lowered) is lowered  # nothing left to lower


@pytest.mark.parametrize("body,code,message", [
    ("atomicAdd(&y[0], x[threadIdx.x]);", "C2T1207", "atomic on bfloat16 memory"),
    # (bit casts to and from 16-bit integers have an exact float form since 97bc0c2:
    # tests/coverage/constructs/half_bits.cu)
])
def test_what_has_no_float_form_is_refused(tmp_path, body, code, message):
    with pytest.raises(LiftError) as err:
        _lowered(tmp_path, f"__global__ void k(const __nv_bfloat16* x, __nv_bfloat16* y) {{ {body} }}\n", "k")
    assert err.value.code == code and message in err.value.message


def _skip_roundings(kernel: I.Kernel) -> I.Kernel:
    """A wrong lowering: bfloat16 arithmetic left in float32 (no rounding after `a * b`)."""
    def fn(n):
        if isinstance(n, I.Intrinsic) and n.op == "bf16_round":
            return map_exprs(n.args[0], fn)
        return None

    return map_exprs(kernel, fn)


@pytest.mark.slow
def test_a_rounding_skipped_is_caught(tmp_path):
    spec = next(s for s in load_spec(SOURCE.with_suffix(".toml")) if s.name == "bf16_mul_add")
    healthy = check_kernel(SOURCE, load_module(emit_mutant(SOURCE, "bf16_mul_add", None, tmp_path / "ok.py")),
                           spec, "types/bfloat16_ops.cu")
    assert healthy.ok, healthy.describe()
    mutant = load_module(emit_mutant(SOURCE, "bf16_mul_add", _skip_roundings, tmp_path / "mutant.py"))
    result = check_kernel(SOURCE, mutant, spec, "types/bfloat16_ops.cu")
    assert not result.ok and any(c.mismatches > 0 for c in result.comparisons if not c.ok), result.describe()
