"""The warp-synchronous kernels of `cases/audit_effects.cu` must run in lockstep once converted.

Parity alone cannot tell: the CPU runtime runs the original's lanes one after another, so a
conversion that lost `volatile` (the helper as a plain @T.macro, the reassigned pointer's plain
read-modify-writes) computes what the CPU runtime computes and passes. A faithful conversion reads
with every lane before any lane writes; it differs from the CPU runtime, and the harness then judges
it by the lockstep numpy reference (`cases/audit_effects_ref.py`) and says so in a note, which this
test requires."""

from __future__ import annotations

from pathlib import Path

import pytest

from cuda2tile.parity.harness import ParityOptions, run_parity

CASE = Path(__file__).resolve().parent / "cases" / "audit_effects.cu"
LOCKSTEP = ("helper_tail_sum", "helper_tail_value", "retargeted_volatile")


@pytest.mark.slow
def test_volatile_kernels_run_in_lockstep(tmp_path):
    run = run_parity(ParityOptions((str(CASE),), kernels=LOCKSTEP, original="cpu", converted="c", jobs=1,
                                   output=str(tmp_path)))
    by_kernel = {r.kernel: r for r in run.results}
    assert sorted(by_kernel) == sorted(LOCKSTEP), sorted(by_kernel)
    for kernel, r in by_kernel.items():
        assert r.status == "pass", r.describe()
        assert "compared with the numpy reference" in (r.message or ""), \
            f"{kernel}: the conversion computes what lanes run one after another compute, not lockstep"
