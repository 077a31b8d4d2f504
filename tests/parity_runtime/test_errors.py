"""Divergence, deadlock, timeouts and crashes are reported clearly; the buffers stay intact."""

import time

import numpy as np
import pytest

from cuda2tile.parity.cpu_runtime import BarrierDivergence, KernelCrash, KernelTimeout


def test_barrier_divergence_exited_threads(error_mod):
    out = np.zeros(64, np.float32)
    with pytest.raises(BarrierDivergence) as e:
        error_mod.launch("early_exit_then_barrier", 2, 64, [out])
    msg = str(e.value)
    assert "barrier divergence: block (0,0,0): threads 0-15 exited while threads 16-63 wait at __syncthreads()" in msg
    assert "error_kernels.cu:8" in msg
    assert (out == 0).all()  # nothing copied back from a failed launch
    # lenient mode treats exited threads as arrived
    error_mod.launch("early_exit_then_barrier", 2, 64, [out], barrier_mode="lenient")
    src = 63 - np.arange(16, 64)  # s[0..15] were never written: zero (shared_init="zero")
    np.testing.assert_array_equal(out[16:], np.where(src >= 16, src, 0))


def test_barrier_divergence_different_barriers(error_mod):
    out = np.zeros(64, np.float32)
    with pytest.raises(BarrierDivergence, match=r"threads wait at different barriers: threads 0-31 at "
                                                r"__syncthreads\(\) \(.*error_kernels.cu:14\); threads 32-63 at "
                                                r"__syncthreads\(\) \(.*error_kernels.cu:16\)"):
        error_mod.launch("two_barriers", 1, 64, [out], isolate=False)
    error_mod.launch("two_barriers", 1, 64, [out], barrier_mode="lenient")
    assert (out == 1).all()


def test_infinite_loop_is_stopped_by_timeout(error_mod):
    flag = np.zeros(1, np.int32)
    out = np.zeros(32, np.float32)
    t0 = time.monotonic()
    with pytest.raises(KernelTimeout) as e:
        error_mod.launch("spin_forever", 3, 32, [flag, out], timeout=1.0)
    assert time.monotonic() - t0 < 5
    msg = str(e.value)
    assert "did not finish within the 1.0 s timeout" in msg and "block (0, 0, 0) (1 of 3" in msg
    assert (out == 0).all()
    # the module is still usable
    flag[0] = 1
    error_mod.launch("spin_forever", 3, 32, [flag, out], timeout=5.0)
    assert (out == 1).all()


def test_in_process_timeout_of_a_yielding_kernel(error_mod):
    out = np.zeros(32, np.float32)
    with pytest.raises(KernelTimeout, match="did not finish"):
        error_mod.launch("barrier_loop_forever", 1, 32, [out], timeout=0.3, isolate=False)


def test_segfault_reported_with_block_and_thread(error_mod):
    out = np.zeros(32, np.float32)
    with pytest.raises(KernelCrash) as e:
        error_mod.launch("null_write", 4, 32, [out])
    assert "SIGSEGV" in str(e.value) and "block (2,0,0), thread (5,0,0)" in str(e.value)
    assert (out == 0).all()


def test_trap_and_assert(error_mod, capfd):
    with pytest.raises(KernelCrash, match=r"SIGILL .*thread \(3,0,0\)"):
        error_mod.launch("trap_kernel", 1, 8, [])
    with pytest.raises(KernelCrash, match="SIGABRT") as e:
        error_mod.launch("assert_kernel", 1, 1, [41])
    assert "x == 42" in e.value.stderr
    error_mod.launch("assert_kernel", 1, 1, [42])


def test_fiber_stack_overflow(error_mod):
    out = np.zeros(4, np.int32)
    with pytest.raises(KernelCrash, match="stack overflow"):
        error_mod.launch("stack_hog", 1, 4, [out, 100], stack_size=64 * 1024)
    error_mod.launch("stack_hog", 1, 4, [out, 100], stack_size=1 << 20)
    assert (out == 5050).all()
