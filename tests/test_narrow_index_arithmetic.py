"""narrow_index_arithmetic: each rule's identity proved by z3 on 32-bit integers, each rule applied to
every value at a small width (C's `int` as 8 bits), a seeded fuzzer over launch-coordinate index
expressions, and brute-force checks against 32-bit C arithmetic."""

from __future__ import annotations

import itertools
import os
import random

import numpy as np
import pytest

from cuda2tile.ir import tile_ir as I
from cuda2tile.passes.narrow_index_arithmetic import RULES, narrow_expr

RULE_NAMES = {rule.name for rule in RULES}
_CMPS = ("lt", "le", "gt", "ge", "eq", "ne")


# ---------------------------------------------------------------- the identities, proved by z3

def _proofs(z3):
    """Rule name -> the claims (over 32-bit vectors a, b) its identity rests on."""
    a, b = z3.BitVecs("a b", 32)
    nonneg = z3.And(a >= 0, b >= 0)  # signed comparison: a, b in [0, 2^31)

    def wide(x, signed):  # exact (64-bit) value of x read as unsigned or as signed
        return z3.SignExt(32, x) if signed else z3.ZeroExt(32, x)

    def low32(x):
        return z3.Extract(31, 0, x)

    exact = {"add": lambda x, y: x + y, "sub": lambda x, y: x - y, "mul": lambda x, y: x * y}
    fits = {op: z3.ULT(fn(wide(a, False), wide(b, False)), 2 ** 31) for op, fn in exact.items()}
    # op: (the unsigned operation, the signed one, when it is defined)
    ops = {"truncdiv": (z3.UDiv(a, b), a / b, b != 0), "truncmod": (z3.URem(a, b), z3.SRem(a, b), b != 0),
           "shr": (z3.LShR(a, b), a >> b, z3.ULT(b, 32)), "bitand": (a & b, a & b, True),
           "add": (a + b, a + b, fits["add"]), "mul": (a * b, a * b, fits["mul"])}
    cmps = {"lt": (z3.ULT(a, b), a < b), "le": (z3.ULE(a, b), a <= b), "gt": (z3.UGT(a, b), a > b),
            "ge": (z3.UGE(a, b), a >= b), "eq": (a == b, a == b), "ne": (a != b, a != b)}
    return {
        # the same low 32 bits whether a and b are read as unsigned or signed
        "wrapping": [low32(fn(wide(a, False), wide(b, False))) == low32(fn(wide(a, True), wide(b, True)))
                     for fn in exact.values()],
        # the same result, itself in [0, 2^31) (so that the rule applies again one level up)
        "non_negative": [z3.Implies(z3.And(nonneg, when), z3.And(unsigned == signed, signed >= 0))
                         for unsigned, signed, when in ops.values()],
        "widening": [z3.Implies(a >= 0, wide(a, False) == wide(a, True))],
        "comparison": [z3.Implies(nonneg, unsigned == signed) for unsigned, signed in cmps.values()],
        "index": [z3.Implies(a >= 0, wide(a, False) == wide(a, True))],
    }


def test_every_rule_identity_is_proved_by_z3():
    z3 = pytest.importorskip("z3")
    proofs = _proofs(z3)
    assert set(proofs) == RULE_NAMES, "a rule without a proof, or a proof without a rule"
    for name, claims in proofs.items():
        for claim in claims:
            solver = z3.Solver()
            solver.add(z3.Not(claim))
            assert solver.check() == z3.unsat, f"{name}: counterexample {solver.model()} to {claim}"


def test_z3_finds_a_wrong_identity():
    """The proof harness can fail: unsigned and signed division differ once a value may be negative."""
    z3 = pytest.importorskip("z3")
    a, b = z3.BitVecs("a b", 32)
    solver = z3.Solver()
    solver.add(z3.Not(z3.Implies(b != 0, z3.UDiv(a, b) == a / b)))
    assert solver.check() == z3.sat


# ---------------------------------------------------------------- every rule on every value, at 8 bits

W = 8  # C's `int` as W bits: int32 is a signed W-bit integer, uint32 an unsigned one, int64 2W bits


class _Undefined(Exception):
    """The C expression has no defined value here (a division by zero, a shift by the width or more)."""


def _bits(dtype: str, width: int) -> int:
    return width if dtype in ("int32", "uint32") else 2 * width


def _wrap(value: int, dtype: str, width: int) -> int:
    if dtype == "bool":
        return int(bool(value))
    bits = _bits(dtype, width)
    value &= (1 << bits) - 1
    return value - (1 << bits) if not dtype.startswith("u") and value >= 1 << (bits - 1) else value


def _run(e, env: dict, exact: bool = False, width: int = W) -> int:
    """`e` as C computes it with `width`-bit `int`; `exact`: unsigned sums and products not wrapped (to
    tell the launches whose index overflows `int`, which the rules leave aside)."""
    if isinstance(e, I.Const):
        return _wrap(int(e.value), e.dtype, width)
    if isinstance(e, I.Cast):
        value = _run(e.operand, env, exact, width)
        return value if exact and e.dtype == "uint32" and value >= 0 else _wrap(value, e.dtype, width)
    if not isinstance(e, I.Binary):
        return env[e]
    a, b = _run(e.lhs, env, exact, width), _run(e.rhs, env, exact, width)
    if e.op in _CMPS:
        return int({"lt": a < b, "le": a <= b, "gt": a > b, "ge": a >= b, "eq": a == b, "ne": a != b}[e.op])
    if e.op in ("truncdiv", "truncmod"):
        if b == 0:
            raise _Undefined
        q = abs(a) // abs(b) * (1 if (a >= 0) == (b >= 0) else -1)
        value = q if e.op == "truncdiv" else a - q * b
    elif e.op == "shr":
        if not 0 <= b < _bits(e.dtype, width):
            raise _Undefined
        value = a >> b
    else:
        value = {"add": a + b, "sub": a - b, "mul": a * b, "bitand": a & b}[e.op]
    return value if exact and e.dtype == "uint32" else _wrap(value, e.dtype, width)


def _u32(e):
    return I.Cast(e, "uint32")


_A, _B = I.Var("a", "int32"), I.Var("b", "int32")
_T, _D = I.ThreadIdx("x"), I.BlockDim("x")


def _samples():
    """Rule name -> (expressions the rule applies to, their atoms, whether the atoms are launch
    coordinates, in [0, 2^(W-1)), or any int)."""
    t, d = _u32(_T), _u32(_D)
    family = [I.Binary(op, t, d, "uint32") for op in ("add", "mul", "truncdiv", "truncmod", "shr", "bitand")]
    return {
        "wrapping": ([I.Cast(I.Binary(op, _u32(_A), _u32(_B), "uint32"), "int32") for op in ("add", "sub", "mul")]
                     + [I.Cast(I.Binary("sub", I.Binary("mul", _u32(_A), _u32(_B), "uint32"),
                                        I.Const(3, "uint32"), "uint32"), "int32")], (_A, _B), False),
        # (+ and * alone are the wrapping rule's: it comes first)
        "non_negative": ([I.Cast(x, "int32") for x in family if x.op not in ("add", "mul")]
                         + [I.Cast(I.Binary("truncdiv", I.Binary("add", I.Binary("mul", t, d, "uint32"), t, "uint32"),
                                            d, "uint32"), "int32")], (_T, _D), True),
        "widening": ([I.Cast(x, dtype) for x in family[:2] + [t] for dtype in ("int64", "uint64")], (_T, _D), True),
        "comparison": ([I.Binary(op, t, d, "bool") for op in _CMPS]
                       + [I.Binary("lt", I.Binary("add", t, d, "uint32"), I.Const(100, "uint32"), "bool")],
                       (_T, _D), True),
        "index": ([I.Load("buf", x, "float32") for x in family], (_T, _D), True),
    }


def _value(e, env, width=W):
    return _run(e.index if isinstance(e, I.Load) else e, env, width=width)  # an access: the element it reaches


@pytest.mark.parametrize("name", sorted(RULE_NAMES))
def test_rule_holds_for_every_value_at_8_bits(name):
    samples, atoms, launch = _samples()[name]
    values = range(0, 2 ** (W - 1)) if launch else range(-2 ** (W - 1), 2 ** (W - 1))
    rule = next(r for r in RULES if r.name == name)
    for e in samples:
        assert rule.pattern(e, frozenset()) and next(r for r in RULES if r.pattern(e, frozenset())) is rule, e
        narrowed = narrow_expr(e)
        assert narrowed != e and narrowed == rule.fn(e, frozenset())
        checked = 0
        for combo in itertools.product(values, repeat=len(atoms)):
            env = dict(zip(atoms, combo))
            try:
                if launch and any(not 0 <= _run(x, env, exact=True) < 2 ** (W - 1)
                                  for x in _unsigned_parts(e)):
                    continue  # the launch's index overflows `int` in CUDA already
                want = _value(e, env)
            except _Undefined:
                continue
            assert _value(narrowed, env) == want, f"{name}: {e} -> {narrowed} at {env}"
            checked += 1
        assert checked > 0, e


def _unsigned_parts(e):
    """The unsigned sums, products and other operations inside `e` (each must fit in `int`)."""
    if isinstance(e, I.Binary) and e.dtype == "uint32":
        yield e
    for child in (getattr(e, f, None) for f in ("operand", "lhs", "rhs", "index")):
        if child is not None:
            yield from _unsigned_parts(child)


def test_small_width_check_finds_a_wrong_rule():
    """The exhaustive check can fail: narrowing a comparison with a possibly negative int is wrong."""
    e = I.Binary("lt", _u32(_T), _u32(_A), "bool")  # threadIdx.x < n with int n
    wrong = I.Binary("lt", _T, _A, "bool")
    assert any(_run(e, {_T: t, _A: n}) != _run(wrong, {_T: t, _A: n})
               for t in range(2 ** (W - 1)) for n in range(-2 ** (W - 1), 0))


# ---------------------------------------------------------------- a seeded fuzzer at 32 bits

FUZZ_SEED = int(os.environ.get("C2T_FUZZ_SEED", "1616"))
_COORDS = (I.ThreadIdx("x"), I.BlockIdx("x"), I.BlockDim("x"), I.GridDim("x"))


def _random_index(rng: random.Random, depth: int):
    if depth == 0 or rng.random() < 0.3:
        return _u32(rng.choice(_COORDS)) if rng.random() < 0.8 else I.Const(rng.randrange(1, 64), "uint32")
    op = rng.choice(("add", "add", "mul", "mul", "truncdiv", "truncmod", "shr", "bitand"))
    rhs = I.Const(rng.randrange(0, 8), "uint32") if op == "shr" else _random_index(rng, depth - 1)
    return I.Binary(op, _random_index(rng, depth - 1), rhs, "uint32")


def test_fuzzed_index_expressions_narrow_exactly():
    """Random index expressions of launch coordinates at 32 bits (C2T_FUZZ_SEED=n to vary the seed)."""
    rng = random.Random(FUZZ_SEED)
    checked = 0
    for _ in range(400):
        index = _random_index(rng, 3)
        e = rng.choice((I.Cast(index, "int32"), I.Cast(index, "int64"), I.Load("buf", index, "float32"),
                        I.Binary(rng.choice(_CMPS), index, _random_index(rng, 2), "bool")))
        narrowed = narrow_expr(e)
        for _ in range(20):
            env = {c: rng.randrange(1, 1025) if isinstance(c, I.BlockDim) else rng.randrange(0, 65536)
                   for c in _COORDS}
            try:
                if any(_run(x, env, exact=True, width=32) >= 2 ** 31 for x in _unsigned_parts(e)):
                    continue  # the launch's index overflows `int` in CUDA already
                want = _value(e, env, width=32)
            except _Undefined:
                continue
            assert _value(narrowed, env, width=32) == want, f"seed {FUZZ_SEED}: {e} -> {narrowed} at {env}"
            checked += 1
    assert checked > 1000, f"seed {FUZZ_SEED}: only {checked} samples in range"


# ---------------------------------------------------------------- brute force against 32-bit C (numpy)

def _eval(e, env):
    """Evaluate IR with C's 32-bit semantics (numpy fixed-width integers wrap)."""
    if isinstance(e, I.Const):
        return np.array(e.value).astype(e.dtype)
    if isinstance(e, (I.Var, I.ThreadIdx, I.BlockIdx, I.BlockDim, I.GridDim)):
        return env[getattr(e, "name", None) or type(e).__name__]
    if isinstance(e, I.Cast):
        return _eval(e.operand, env).astype(e.dtype)
    a, b = _eval(e.lhs, env), _eval(e.rhs, env)
    op = {"add": np.add, "sub": np.subtract, "mul": np.multiply, "lt": np.less, "le": np.less_equal,
          "gt": np.greater, "eq": np.equal}[e.op]
    with np.errstate(over="ignore"):
        return op(a, b)


def test_narrowing_is_exact_mod_2_32_for_any_int32():
    # int32(u32(a) * u32(b) - u32(c)) == a * b - c, for negative and overflowing values too
    rng = np.random.default_rng(1234)
    env = {name: rng.integers(-2 ** 31, 2 ** 31, 5000, dtype=np.int64).astype(np.int32) for name in "abc"}
    a, b, c = (I.Var(n, "int32") for n in "abc")
    original = I.Cast(I.Binary("sub", I.Binary("mul", _u32(a), _u32(b), "uint32"), _u32(c), "uint32"), "int32")
    narrowed = narrow_expr(original)
    assert narrowed == I.Binary("sub", I.Binary("mul", a, b, "int32"), c, "int32")
    np.testing.assert_array_equal(_eval(original, env), _eval(narrowed, env))


def test_narrowed_comparison_of_launch_coordinates_is_exact():
    rng = np.random.default_rng(99)
    env = {"BlockIdx": rng.integers(0, 65536, 5000).astype(np.int32),
           "BlockDim": rng.integers(1, 1025, 5000).astype(np.int32),
           "ThreadIdx": rng.integers(0, 1024, 5000).astype(np.int32),
           "GridDim": rng.integers(1, 65536, 5000).astype(np.int32)}
    index = I.Binary("add", I.Binary("mul", _u32(I.BlockIdx("x")), _u32(I.BlockDim("x")), "uint32"),
                     _u32(I.ThreadIdx("x")), "uint32")
    original = I.Binary("lt", index, I.Binary("mul", _u32(I.GridDim("x")), _u32(I.BlockDim("x")), "uint32"), "bool")
    narrowed = narrow_expr(original)
    assert narrowed.lhs.dtype == "int32" and narrowed.rhs.dtype == "int32"
    np.testing.assert_array_equal(_eval(original, env), _eval(narrowed, env))


def test_comparison_with_a_possibly_negative_value_stays_unsigned():
    # threadIdx.x < n with int n: C compares as unsigned (n = -1 is huge); narrowing would be wrong
    original = I.Binary("lt", _u32(I.ThreadIdx("x")), _u32(I.Var("n", "int32")), "bool")
    assert narrow_expr(original) == original
