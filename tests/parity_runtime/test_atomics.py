"""Atomics return old values; CAS loops; spin locks."""

import numpy as np

U32 = 0xFFFFFFFF


def test_slot_allocation(atomic_mod):
    n = 1024
    pred = (np.random.default_rng(8).random(n) < 0.3).astype(np.int32)
    counter = np.zeros(1, np.int32)
    slot_of = np.zeros(n, np.int32)
    owner = np.full(n, -1, np.int32)
    atomic_mod.launch("allocate_slots", 8, 128, [pred, counter, slot_of, owner])
    k = int(pred.sum())
    assert counter[0] == k
    assert sorted(slot_of[pred == 1]) == list(range(k))          # unique, dense slots
    assert (slot_of[pred == 0] == -1).all()
    np.testing.assert_array_equal(slot_of[owner[:k]], np.arange(k))  # owner <-> slot consistent


def test_cas_loop_float_max(atomic_mod):
    x = np.random.default_rng(9).standard_normal(10_000).astype(np.float32)
    res = np.array([-np.inf], np.float32)
    atomic_mod.launch("cas_max", 4, 64, [x, res, x.size])
    assert res[0] == x.max()


def test_atomic_ops_return_old_values(atomic_mod):
    n = 40
    rng = np.random.default_rng(10)
    cells = rng.integers(0, 20, n).astype(np.uint32)
    cells[9::10] = 7           # CAS succeeds on these ...
    cells[19] = 8              # ... but not this one
    arg = rng.integers(1, 20, n).astype(np.uint32)
    arg[0] = 3                 # atomicInc wraps when old >= 3
    cells[0] = 5
    arg[1], cells[1] = 10, 0   # atomicDec of 0 wraps to val
    before = cells.copy()
    olds = np.zeros(n, np.uint32)
    atomic_mod.launch("atomic_ops", 1, n, [cells, olds, arg])
    np.testing.assert_array_equal(olds, before)
    for t in range(n):
        o, v = int(before[t]), int(arg[t])
        expect = [
            0 if o >= v else o + 1,
            v if (o == 0 or o > v) else o - 1,
            v, min(o, v), max(o, v), o & v, o | v, o ^ v, (o - v) & U32,
            v if o == 7 else o,
        ][t % 10]
        assert cells[t] == expect, (t, o, v)


def test_histogram_64bit_and_double_atomics(atomic_mod):
    data = np.random.default_rng(11).integers(0, 1000, 5000).astype(np.int32)
    bins = np.zeros(8, np.uint64)
    sums = np.zeros(8, np.float64)
    atomic_mod.launch("histogram", 5, 96, [data, data.size, bins, sums])
    np.testing.assert_array_equal(bins, np.bincount(data & 7, minlength=8))
    np.testing.assert_array_equal(sums, [data[(data & 7) == b].sum() for b in range(8)])


def test_spin_lock_with_fibers(atomic_mod):
    x = np.arange(256, dtype=np.float32)
    lock = np.zeros(1, np.int32)
    total = np.zeros(1, np.float32)
    atomic_mod.launch("spin_lock_sum", 2, 128, [lock, total, x], timeout=20)
    assert total[0] == x.sum() and lock[0] == 0
