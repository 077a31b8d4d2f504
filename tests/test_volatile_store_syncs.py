"""cuda2tile/passes/volatile_store_syncs.py: the warp barriers the lift puts around a store through a
volatile pointer are dropped only where no lane can read the buffer across them before a block
barrier; the warp-synchronous tail that reads its neighbours keeps every one of them, and a pass
that dropped those too computes a different result (caught by the numpy reference)."""

from __future__ import annotations

import pytest

from c2t_testsupport import CORPUS
from cuda2tile.ir import tile_ir as I
from cuda2tile.ir.ir_names import nodes
from cuda2tile.lift import lift_kernel as lift_kernel_module
from cuda2tile.lift.lift_kernel import lift_kernel
from cuda2tile.parity.verify_references import check_kernel
from cuda2tile.parse.frontend import parse_file
from cuda2tile.passes.volatile_store_syncs import volatile_store_syncs
from cuda2tile.runtime import load_module
from cuda2tile.spec.launch_spec import load_spec
from ir_mutations import emit_mutant

SOURCE = CORPUS / "cooperative/volatile_tiles.cu"


def _before_pass(tmp_path, source: str, name: str) -> I.Kernel:
    """The kernel `name` of `source` as it reaches volatile_store_syncs."""
    path = tmp_path / "k.cu"
    path.write_text(source)
    parsed = parse_file(str(path))
    functions = {f.name: f for f in parsed.unit.functions if not f.is_kernel}
    fn = next(f for f in parsed.unit.functions if f.is_kernel and f.name == name)
    seen = {}

    def keep(step, kernel):
        seen.setdefault(step, kernel)

    try:
        lift_kernel(fn, functions, parsed.unit.launches, after_each_pass=keep)
    except Exception:  # noqa: BLE001 - a later pass may refuse it; the input of this pass is what counts
        pass
    return seen["eliminate_early_returns"]


def _volatile_barriers(kernel: I.Kernel, buffer: str) -> int:
    return sum(isinstance(n, I.Barrier) and n.volatile_store == buffer for n in nodes(kernel.body))


def test_fill_loops_read_after_a_block_barrier_lose_their_warp_barriers(tmp_path):
    kernel = _before_pass(tmp_path, SOURCE.read_text(), "fir_tile<7, 128>")
    assert _volatile_barriers(kernel, "sf") == 2 and _volatile_barriers(kernel, "sx") == 2
    out = volatile_store_syncs(kernel)
    assert _volatile_barriers(out, "sf") == 0 and _volatile_barriers(out, "sx") == 0
    assert _volatile_barriers(kernel, "sf") == 2  # the input is left as it was


def test_warp_synchronous_tail_keeps_every_barrier(tmp_path):
    kernel = _before_pass(tmp_path, SOURCE.read_text(), "fir_tile_energy")
    before = _volatile_barriers(kernel, "ssq")
    assert before == 12  # six `v[t] += v[t + k]`: read, sync, write, sync each
    assert _volatile_barriers(volatile_store_syncs(kernel), "ssq") == before


@pytest.mark.parametrize("body,kept", [
    # a read of the tile after the fill and before any block barrier: the write must be ordered before it
    ("for (int k = threadIdx.x; k < 40; k += blockDim.x) s[k] = x[k];\n y[threadIdx.x] = s[threadIdx.x + 1];", 1),
    # the next iteration reads what another lane wrote in this one
    ("for (int k = threadIdx.x; k < 40; k += blockDim.x) { y[k] = s[k + 1]; s[k] = x[k]; }", 2),
    # a read before the fill, since the last block barrier: the write must wait for it
    ("float a = s[threadIdx.x + 1];\n for (int k = threadIdx.x; k < 40; k += blockDim.x) s[k] = x[k];\n"
     " __syncthreads();\n y[threadIdx.x] = a + s[threadIdx.x];", 1),
    # the same read, but behind a block barrier: nothing to order
    ("float a = s[threadIdx.x + 1];\n __syncthreads();\n for (int k = threadIdx.x; k < 40; k += blockDim.x) "
     "s[k] = x[k];\n __syncthreads();\n y[threadIdx.x] = a + s[threadIdx.x];", 0),
    # a read in a loop condition after the fill
    ("for (int k = threadIdx.x; k < 40; k += blockDim.x) s[k] = x[k];\n int j = 0;\n"
     " while (s[j] > 0.0f && j < 8) j++;\n y[threadIdx.x] = j;", 1),
])
def test_a_read_on_either_side_keeps_the_barrier_on_that_side(tmp_path, body, kept):
    source = ("__global__ void k(const float* x, float* y) {\n __shared__ volatile float s[64];\n"
              f" {body}\n}}\n")
    out = volatile_store_syncs(_before_pass(tmp_path, source, "k"))
    assert _volatile_barriers(out, "s") == kept


def test_a_barrier_the_code_wrote_is_never_dropped(tmp_path):
    source = ("__global__ void k(const float* x, float* y) {\n __shared__ volatile float s[64];\n"
              " s[threadIdx.x] = x[threadIdx.x];\n __syncwarp();\n __syncthreads();\n"
              " y[threadIdx.x] = s[63 - threadIdx.x];\n}\n")
    kernel = _before_pass(tmp_path, source, "k")
    written = sum(isinstance(n, I.Barrier) and n.kind == "warp" and not n.volatile_store for n in nodes(kernel.body))
    out = volatile_store_syncs(kernel)
    assert written == 1 and _volatile_barriers(out, "s") == 0
    assert sum(isinstance(n, I.Barrier) and n.kind == "warp" and not n.volatile_store for n in nodes(out.body)) == 1


def _drop_every_volatile_barrier(kernel: I.Kernel) -> I.Kernel:
    """A wrong pass: every barrier of a volatile store dropped, whatever reads follow."""
    from ir_mutations import map_exprs  # noqa: PLC0415

    def strip(n):
        if isinstance(n, tuple) and any(isinstance(s, I.Barrier) and s.volatile_store for s in n):
            return tuple(map_exprs(s, strip) for s in n if not (isinstance(s, I.Barrier) and s.volatile_store))
        return None

    return map_exprs(kernel, strip)


@pytest.mark.slow
def test_dropping_the_tails_barriers_is_caught(tmp_path, monkeypatch):
    spec = next(s for s in load_spec(SOURCE.with_suffix(".toml")) if s.name == "fir_tile_energy")
    healthy = check_kernel(SOURCE, load_module(emit_mutant(SOURCE, "fir_tile_energy", None, tmp_path / "ok.py")),
                           spec, "cooperative/volatile_tiles.cu")
    assert healthy.ok, healthy.describe()
    wrong = tuple(_drop_every_volatile_barrier if p is volatile_store_syncs else p for p in lift_kernel_module.PASSES)
    monkeypatch.setattr(lift_kernel_module, "PASSES", wrong)
    mutant = load_module(emit_mutant(SOURCE, "fir_tile_energy", None, tmp_path / "mutant.py"))
    result = check_kernel(SOURCE, mutant, spec, "cooperative/volatile_tiles.cu")
    assert not result.ok and any(c.mismatches > 0 for c in result.comparisons if not c.ok), result.describe()
