"""Barriers, shared memory (static and dynamic), block / grid geometry, templates, argument passing."""

import numpy as np
import pytest

from cuda2tile.parity.cpu_runtime import ArgumentError, LaunchError


def test_reverse_through_shared_memory(sync_mod):
    d = np.arange(4 * 256, dtype=np.float32)
    sync_mod.launch("reverse_block", 4, 256, [d])
    expect = np.arange(4 * 256, dtype=np.float32).reshape(4, 256)[:, ::-1].ravel()
    np.testing.assert_array_equal(d, expect)
    assert not sync_mod.uses_fast_path("reverse_block")


def test_shared_memory_reused_across_phases(sync_mod):
    n, blocks = 128, 3
    x = np.random.default_rng(0).standard_normal(blocks * n).astype(np.float32)
    out = np.zeros_like(x)
    sync_mod.launch("two_phase", blocks, n, [x, out, n])
    xs = x.reshape(blocks, n)
    phase2 = np.roll(xs, -1, axis=1) * np.float32(2)
    np.testing.assert_array_equal(out.reshape(blocks, n), phase2[:, ::-1])


@pytest.mark.parametrize("mode,first,later", [("zero", 0, 0), ("poison", -1, -1), ("keep", 0, "written")])
def test_static_shared_memory_is_fresh_per_block(sync_mod, mode, first, later):
    out = np.full(3 * 64, 7, dtype=np.int32)
    sync_mod.launch("shared_start_value", 3, 64, [out], shared_init=mode, isolate=(mode != "keep"))
    out = out.reshape(3, 64)
    assert (out[0] == first).all() or mode == "keep"
    if later == "written":  # previous block's values are still there
        np.testing.assert_array_equal(out[1], 1000 + np.arange(64))
        np.testing.assert_array_equal(out[2], 1000 + np.arange(64))
    else:
        assert (out[1:] == later).all()


def test_syncthreads_count_and_or(sync_mod):
    rng = np.random.default_rng(1)
    pred = (rng.random(2 * 96) < 0.4).astype(np.int32)
    pred[96:] = 1  # second block: all true
    out = np.zeros(2 * 96 * 3, np.int32)
    sync_mod.launch("sync_count_and_or", 2, 96, [pred, out])
    out = out.reshape(2, 96, 3)
    for b in range(2):
        p = pred[b * 96:(b + 1) * 96]
        assert (out[b, :, 0] == p.sum()).all()
        assert (out[b, :, 1] == int(p.all())).all()
        assert (out[b, :, 2] == int(p.any())).all()


def test_dynamic_shared_memory_two_views(sync_mod):
    n = 64
    f = np.linspace(-3, 3, n).astype(np.float32)
    i = np.arange(n, dtype=np.int32) * 5 - 17
    fo, io = np.zeros(n, np.float32), np.zeros(n, np.int32)
    sync_mod.launch("dyn_two_views", 1, n, [f, i, fo, io, n], smem=n * 8)
    np.testing.assert_array_equal(fo, f[::-1] + np.float32(0.5))
    np.testing.assert_array_equal(io, i[::-1] * 3)


def test_dynamic_shared_memory_same_name_other_type_and_namespace_scope(sync_mod):
    out = np.zeros(32, np.float64)
    sync_mod.launch("dyn_same_name_double", 1, 32, [out, 32], smem=32 * 8)
    np.testing.assert_array_equal(out, (31 - np.arange(32)) * 0.25 + 1000.0)  # both views alias
    g = np.zeros(48, np.float32)
    sync_mod.launch("dyn_namespace_scope", 1, 48, [g], smem=48 * 4)
    np.testing.assert_array_equal(g, 2.0 * ((np.arange(48) + 1) % 48))


def test_transpose_with_2d_blocks(sync_mod):
    rows, cols = 37, 50
    a = np.arange(rows * cols, dtype=np.float32).reshape(rows, cols)
    out = np.zeros((cols, rows), np.float32)
    grid = ((cols + 15) // 16, (rows + 15) // 16)
    sync_mod.launch("transpose_2d", grid, (16, 8), [a, out, rows, cols])
    np.testing.assert_array_equal(out, a.T)


def test_3d_indices(sync_mod):
    grid, block = (2, 3, 2), (4, 2, 3)
    nb, nt = 12, 24
    out = np.zeros(nb * nt * 4, np.int32)
    sync_mod.launch("index_3d", grid, block, [out])
    out = out.reshape(nb, nt, 4)
    assert sync_mod.uses_fast_path("index_3d")
    for b in range(nb):
        bx, by, bz = b % 2, (b // 2) % 3, b // 6
        for t in range(nt):
            tx, ty, tz = t % 4, (t // 4) % 2, t // 8
            assert tuple(out[b, t]) == (tx + 10 * ty + 100 * tz, bx + 10 * by + 100 * bz, 4 + 20 + 300, 2 + 30 + 200)


@pytest.mark.parametrize("isolate", [True, False])
def test_grid_stride_loop(sync_mod, isolate):
    n = 100_003
    x = np.random.default_rng(2).standard_normal(n).astype(np.float32)
    y = np.zeros_like(x)
    sync_mod.launch("grid_stride_scale", 7, 128, [x, y, 1.5, n], isolate=isolate)
    np.testing.assert_array_equal(y, np.float32(1.5) * x + np.float32(1.0))


def test_templated_kernels(sync_mod):
    xf = np.random.default_rng(3).random(5 * 128).astype(np.float32)
    of = np.zeros(5, np.float32)
    sync_mod.launch("sum_f", 5, 128, [xf, of])
    np.testing.assert_allclose(of, xf.reshape(5, 128).sum(1, dtype=np.float64), rtol=1e-5)
    xi = np.arange(3 * 64, dtype=np.int32)
    oi = np.zeros(3, np.int32)
    sync_mod.launch("sum_i", 3, 64, [xi, oi])
    np.testing.assert_array_equal(oi, xi.reshape(3, 64).sum(1))


def test_fast_path_and_device_functions(sync_mod):
    assert sync_mod.uses_fast_path("uses_helpers")  # its file has barriers, it has none
    y = np.arange(1000, dtype=np.float32)
    info = sync_mod.launch("uses_helpers", 8, 128, [y, 1000])
    assert info.fast_path
    np.testing.assert_array_equal(y, 2 * np.arange(1000, dtype=np.float32) + 1)


@pytest.mark.parametrize("isolate", [True, False])
def test_wrong_fast_path_guess_is_redone_on_fibers(sync_mod, isolate):
    k = sync_mod.kernels["via_lambda"]
    assert k.speculative  # the file synchronises, the kernel's own code does not (visibly)
    k.fast = True         # as freshly loaded (an earlier launch may have learnt better)
    out = np.ones(64, np.float32)
    info = sync_mod.launch("via_lambda", 1, 64, [out, 64], isolate=isolate)
    assert not info.fast_path and not sync_mod.uses_fast_path("via_lambda")
    np.testing.assert_array_equal(out, 1 + (63 - np.arange(64)))  # side effects applied once


def test_scalar_argument_kinds(sync_mod):
    out = np.zeros(11, np.float64)
    sync_mod.launch("scalar_kinds", 1, 1, [out, -5, 250, -300, 65000, -7, 4_000_000_000, -2**40, 2**63 + 5,
                                            True, 0.1, 0.1])
    np.testing.assert_array_equal(out[:6], [-5, 250, -300, 65000, -7, 4_000_000_000])
    assert out[6] == -2**40 and out[7] == float(2**63 + 5) and out[8] == 1
    assert out[9] == np.float32(0.1) and out[10] == 0.1
    with pytest.raises(ArgumentError, match="does not fit"):
        sync_mod.launch("scalar_kinds", 1, 1, [out, 300, 0, 0, 0, 0, 0, 0, 0, False, 0.0, 0.0])
    with pytest.raises(ArgumentError, match="expected an integer"):
        sync_mod.launch("scalar_kinds", 1, 1, [out, 1.5, 0, 0, 0, 0, 0, 0, 0, False, 0.0, 0.0])


def test_struct_and_vector_arguments(sync_mod):
    out = np.zeros(8, np.float32)
    params = np.array((2.5, 7), dtype=[("scale", np.float32), ("offset", np.int32)])
    sync_mod.launch("struct_and_vector_args", 1, 1, [out, params, (1, 2, 3, 4), (5, 6)])
    np.testing.assert_array_equal(out, [2.5, 7, 1, 2, 3, 4, 5, 6])


def test_argument_checks(sync_mod):
    d = np.zeros(256, np.float64)
    with pytest.raises(ArgumentError, match="dtype float64 does not match"):
        sync_mod.launch("reverse_block", 1, 256, [d])
    with pytest.raises(ArgumentError, match="takes 1 arguments"):
        sync_mod.launch("reverse_block", 1, 256, [d, d])
    with pytest.raises(ArgumentError, match="contiguous"):
        sync_mod.launch("reverse_block", 1, 128, [np.zeros(512, np.float32)[::2]])
    with pytest.raises(LaunchError, match="at most 1024"):
        sync_mod.launch("reverse_block", 1, (64, 32), [np.zeros(4096, np.float32)])
    with pytest.raises(LaunchError, match="unknown kernel"):
        sync_mod.launch("nope", 1, 1, [])


def test_printf_goes_to_stdout(sync_mod, capfd):
    sync_mod.launch("print_some", 2, 8, [3])
    out = capfd.readouterr().out
    lines = sorted(l for l in out.splitlines() if l.startswith("thread"))
    assert lines == sorted(f"thread {t} of block {b} says {t * 0.5:.2f}" for b in range(2) for t in range(3))


def test_constant_memory_symbol(sync_mod):
    sync_mod.write_symbol("c_coeffs", np.array([1.5, -2, 3, 4.25], np.float32))
    out = np.zeros(8, np.float32)
    sync_mod.launch("use_constant", 1, 8, [out])
    np.testing.assert_array_equal(out, [1.5, -2, 3, 4.25] * 2)
    np.testing.assert_array_equal(sync_mod.read_symbol("c_coeffs", np.float32, 4), [1.5, -2, 3, 4.25])
