"""Warp shuffles / votes / match / reduce, __activemask, cooperative groups."""

import numpy as np
import pytest

from cuda2tile.parity.cpu_runtime import WarpDivergence


def ref_shuffle(vals, mode, arg, width):
    """CUDA semantics (PTX shfl.sync with c = ((32 - width) << 8) | 0x1f, or 0 for up)."""
    out = np.empty_like(vals)
    for t in range(len(vals)):
        lane, warp0 = t % 32, t - t % 32
        seg = lane & ~(width - 1)
        if mode == 0:
            j = seg + (arg & (width - 1))
        elif mode == 1:
            j = lane - arg if lane - arg >= seg else lane
        elif mode == 2:
            j = lane + arg if lane + arg < seg + width else lane
        else:
            j = lane ^ arg if (lane ^ arg) < seg + width else lane
        out[t] = vals[warp0 + j]
    return out


@pytest.mark.parametrize("width", [32, 16, 8])
@pytest.mark.parametrize("mode,arg", [(0, 0), (0, 5), (0, 37), (1, 1), (1, 3), (2, 1), (2, 4), (3, 1), (3, 2), (3, 4)])
def test_shuffles(warp_mod, mode, arg, width):
    n = 64
    fin = (np.arange(n, dtype=np.float32) * 1.5 - 7).astype(np.float32)
    fo, io, do = np.zeros(n, np.float32), np.zeros(n, np.int32), np.zeros(n, np.float64)
    warp_mod.launch("shuffles", 1, n, [fin, fo, io, do, mode, arg, width], isolate=False)
    np.testing.assert_array_equal(fo, ref_shuffle(fin, mode, arg, width))
    np.testing.assert_array_equal(io, ref_shuffle(np.arange(n, dtype=np.int32) * 7 - 100, mode, arg, width))
    np.testing.assert_array_equal(do, ref_shuffle(fin.astype(np.float64) * 1e10, mode, arg, width))


def test_ballot_any_all(warp_mod):
    rng = np.random.default_rng(4)
    n = 128
    pred = (rng.random(n) < 0.5).astype(np.int32)
    pred[64:96] = 1      # warp 2: all true
    pred[96:128] = 0     # warp 3: all false
    ballot, half = np.zeros(n, np.uint32), np.zeros(n, np.uint32)
    any_, all_ = np.zeros(n, np.int32), np.zeros(n, np.int32)
    warp_mod.launch("votes", 1, n, [pred, ballot, any_, all_, half])
    for w in range(4):
        p = pred[32 * w:32 * w + 32]
        bits = int(sum(int(p[l]) << l for l in range(32)))
        assert (ballot[32 * w:32 * w + 32] == bits).all()
        assert (any_[32 * w:32 * w + 32] == int(p.any())).all()
        assert (all_[32 * w:32 * w + 32] == int(p.all())).all()
        assert (half[32 * w:32 * w + 16] == bits & 0xFFFF).all()
        assert (half[32 * w + 16:32 * w + 32] == bits & 0xFFFF0000).all()


def test_match_and_reduce(warp_mod):
    n = 64
    v = (np.arange(n) % 5 - 2).astype(np.int32)
    v[32:] = 6  # warp 1: all equal
    outs = [np.zeros(n, np.uint32), np.zeros(n, np.uint32), np.zeros(n, np.int32), np.zeros(n, np.int32),
            np.zeros(n, np.int32), np.zeros(n, np.int32), np.zeros(n, np.uint32)]
    warp_mod.launch("match_and_reduce", 1, n, [v, *outs])
    many, mall, mpred, radd, rmin, rmax, ror = outs
    for w in range(2):
        x = v[32 * w:32 * w + 32]
        for l in range(32):
            t = 32 * w + l
            assert many[t] == sum(1 << k for k in range(32) if x[k] == x[l])
        uniform = len(set(x & 1)) == 1
        assert (mall[32 * w:32 * w + 32] == (0xFFFFFFFF if uniform else 0)).all()
        assert (mpred[32 * w:32 * w + 32] == int(uniform)).all()
        assert (radd[32 * w:32 * w + 32] == x.sum()).all()
        assert (rmin[32 * w:32 * w + 32] == x.min()).all()
        assert (rmax[32 * w:32 * w + 32] == x.max()).all()
        assert (ror[32 * w:32 * w + 32] == np.bitwise_or.reduce(x.astype(np.uint32))).all()


def test_activemask_warp_aggregated_atomics(warp_mod):
    n = 96
    pred = (np.arange(n) % 3 != 1).astype(np.int32)
    counter = np.zeros(1, np.int32)
    slots = np.zeros(n, np.int32)
    masks = np.zeros(n, np.uint32)
    warp_mod.launch("aggregated_slots", 1, n, [pred, counter, slots, masks])
    assert counter[0] == pred.sum()
    taken = slots[pred == 1]
    assert sorted(taken) == list(range(pred.sum()))
    for w in range(3):
        expect = sum(1 << l for l in range(32) if pred[32 * w + l])
        sel = pred[32 * w:32 * w + 32] == 1
        assert (masks[32 * w:32 * w + 32][sel] == expect).all()


def test_block_reduce_with_shuffles(warp_mod):
    x = np.random.default_rng(5).standard_normal(6 * 256).astype(np.float32)
    out = np.zeros(6, np.float32)
    warp_mod.launch("block_reduce_shfl", 6, 256, [x, out])
    # same association as the kernel: shfl_down tree per warp, then over warp sums
    def warp_tree(v):  # lane l adds lane l+o (its own value when l+o >= 32)
        v = v.astype(np.float32).copy()
        for o in (16, 8, 4, 2, 1):
            src = np.array([v[l + o] if l + o < 32 else v[l] for l in range(32)], np.float32)
            v = (v + src).astype(np.float32)
        return v[0]
    for b in range(6):
        sums = np.array([warp_tree(x[b * 256 + 32 * w:b * 256 + 32 * w + 32]) for w in range(8)] + [0] * 24, np.float32)
        assert out[b] == warp_tree(sums)


def butterfly(v, size):
    v = v.astype(np.float32).copy()
    lanes = np.arange(len(v))
    m = size // 2
    while m > 0:
        v = (v + v[lanes ^ m]).astype(np.float32)
        m //= 2
    return v


def test_cg_tiled_partition_reduce(warp_mod):
    blocks, n = 3, 128
    x = np.random.default_rng(6).standard_normal(blocks * n).astype(np.float32)
    tile_out, block_out = np.zeros_like(x), np.zeros(blocks, np.float32)
    ranks = np.zeros(blocks * n, np.int32)
    warp_mod.launch("cg_reduce", blocks, n, [x, tile_out, block_out, ranks])
    for b in range(blocks):
        per_warp = []
        for w in range(n // 32):
            seg = x[b * n + 32 * w:b * n + 32 * w + 32]
            expect = butterfly(seg, 32)
            np.testing.assert_array_equal(tile_out[b * n + 32 * w:b * n + 32 * w + 32], expect)  # bit-exact
            per_warp.append(expect[0])
        partial = np.array(per_warp + [0.0] * (32 - len(per_warp)), np.float32)
        assert block_out[b] == butterfly(partial, 32)[0]
    np.testing.assert_array_equal(ranks[:n], np.arange(n) % 32 + 100 * (np.arange(n) // 32))


def test_cg_small_tiles(warp_mod):
    n = 64
    x = np.random.default_rng(7).integers(-1000, 1000, n).astype(np.int32)
    mx, mn, s4 = np.zeros(n, np.int32), np.zeros(n, np.int32), np.zeros(n, np.float32)
    warp_mod.launch("cg_small_tiles", 1, n, [x, mx, mn, s4])
    np.testing.assert_array_equal(mx, np.repeat(x.reshape(-1, 16).max(1), 16))
    np.testing.assert_array_equal(mn, np.repeat(x.reshape(-1, 8).min(1), 8))
    np.testing.assert_array_equal(s4, np.repeat(x.reshape(-1, 4).sum(1), 4).astype(np.float32))


def test_warp_divergence_detected(warp_mod):
    out = np.zeros(64, np.float32)
    with pytest.raises(WarpDivergence) as e:
        warp_mod.launch("bad_warp", 1, 64, [out])
    msg = str(e.value)
    assert "warp divergence: block (0,0,0)" in msg
    assert "exited" in msg and "__shfl_down_sync" in msg and "warp_kernels.cu:" in msg
    # lenient mode: exited lanes do not take part (like the hardware)
    warp_mod.launch("bad_warp", 1, 64, [out], barrier_mode="lenient")
