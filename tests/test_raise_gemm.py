"""raise_gemm: matrix-product kernels raised to one tiled product, checked numerically on the C back end
against their own faithful (--no-raise) form, plus the index polynomials and the verifier it relies on.

The kernels are those of tests/translation/raise_gemm.cu, where the emitted forms are shown.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from c2t_testsupport import ROOT, run_cli
from cuda2tile.ir import tile_ir as I
from cuda2tile.raising.gemm_match import conjuncts
from cuda2tile.ir.index_poly import Poly, poly, to_expr
from cuda2tile.lift.lift_kernel import lift_kernel
from cuda2tile.ir.verifier import verify_kernel
from cuda2tile.parse.frontend import parse_file

SOURCE = ROOT / "tests" / "translation" / "raise_gemm.cu"


def _v(name):
    return I.Var(name, "int32")


def _b(op, a, b, dtype="int32"):
    return I.Binary(op, a, b, dtype)


# ------------------------------------------------------------------ index polynomials

def test_polynomials_decide_index_identities():
    row, k, K = _v("row"), _v("k"), _v("K")
    lets = {"a_row": _b("mul", row, K)}
    # a_row[k] with a_row = A + row * K  ==  A[k + K * row]
    assert poly(_b("add", _v("a_row"), k), lets.get) == poly(_b("add", k, _b("mul", K, row)))
    # (t * 16 + k) * N == 16 * t * N + k * N, and x << 4 == 16 * x
    t, n = _v("t"), _v("N")
    assert poly(_b("mul", _b("add", _b("mul", t, I.Const(16, "int32")), k), n)) == \
        poly(_b("add", _b("mul", _b("mul", I.Const(16, "int32"), t), n), _b("mul", k, n)))
    assert poly(_b("shl", k, I.Const(4, "int32"))) == Poly.const(16) * Poly.atom("k")
    assert poly(_b("truncdiv", k, I.Const(2, "int32"))) is None  # division is not a ring operation
    assert poly(I.Load("x", k, "int32")) is None


def test_polynomial_identities_hold_in_wrapping_int32():
    """The polynomial of a random int32 expression evaluates, modulo 2^32, to what C computes."""
    rng = np.random.default_rng(7)
    for _ in range(200):
        env = {n: int(rng.integers(-2**31, 2**31)) for n in "abc"}
        terms = [_v(n) for n in "abc"] + [I.Const(int(rng.integers(-99, 99)), "int32")]
        e = terms[0]
        for _ in range(4):
            e = _b(str(rng.choice(["add", "sub", "mul"])), e, terms[int(rng.integers(len(terms)))])
        wrapped = _eval_int32(e, env)
        p = poly(e)
        total = sum(c * np.prod([env[a] for a in m], dtype=object) for m, c in p.terms)
        assert (total - wrapped) % 2**32 == 0
        assert (_eval_int32(to_expr(p), env) - wrapped) % 2**32 == 0


def _eval_int32(e, env):
    """C's value of an int32 expression of +, -, * and unary minus (wrapping)."""
    if isinstance(e, I.Const):
        return e.value
    if isinstance(e, I.Var):
        return env[e.name]
    if isinstance(e, I.Unary):
        return _wrap(-_eval_int32(e.operand, env))
    a, b = _eval_int32(e.lhs, env), _eval_int32(e.rhs, env)
    return _wrap({"add": a + b, "sub": a - b, "mul": a * b}[e.op])


def _wrap(x):
    return (x + 2**31) % 2**32 - 2**31


def test_conjuncts_negate_integer_comparisons_exactly():
    row, m, col, n = _v("row"), _v("M"), _v("col"), _v("N")
    cond = I.Unary("not", _b("or", _b("ge", row, m, "bool"), _b("ge", col, n, "bool"), "bool"), "bool")
    assert conjuncts(cond) == [_b("lt", row, m, "bool"), _b("lt", col, n, "bool")]
    f = I.Var("x", "float32")
    floats = I.Unary("not", _b("lt", f, f, "bool"), "bool")
    assert conjuncts(floats) == [floats]  # !(x < y) is not x >= y when x is NaN


# ------------------------------------------------------------------ the pass and the verifier

def _kernels(raise_idioms=None) -> dict[str, I.Kernel]:
    parsed = parse_file(str(SOURCE))
    functions = {f.name: f for f in parsed.unit.functions if not f.is_kernel}
    return {f.name: lift_kernel(f, functions, parsed.unit.launches, raise_idioms=raise_idioms)
            for f in parsed.unit.functions if f.is_kernel}


def test_raised_kernels_and_near_misses():
    kernels = _kernels()
    raised = {name for name, k in kernels.items() if isinstance(k.body[0], I.Raised) and k.body[0].idiom == "gemm"}
    assert raised == {"sgemm_naive", "sgemm_nt_epilogue", "hgemm_tiles"}
    products = {name: kernels[name].body[0].raised[0].product for name in raised}
    assert products == {"sgemm_naive": "exact", "sgemm_nt_epilogue": "exact", "hgemm_tiles": "mma"}
    assert all(verify_kernel(k) == [] for k in kernels.values())


def test_verifier_rejects_a_thread_index_left_in_the_epilogue():
    kernel = _kernels()["sgemm_naive"]
    raised = kernel.body[0]
    gemm = raised.raised[0]
    broken = replace(gemm, epilogue=gemm.epilogue + (I.Store("C", I.ThreadIdx("x"), I.Const(0.0, "float32")),))
    problems = verify_kernel(replace(kernel, body=(replace(raised, raised=(broken,)),)))
    assert any("thread index" in p for p in problems), problems
    misplaced = replace(kernel, body=(I.Parallel((gemm,)),))
    assert any("alone in a raised kernel" in p for p in verify_kernel(misplaced))


# ------------------------------------------------------------------ numbers on the C back end

@pytest.fixture(scope="module")
def modules(tmp_path_factory):
    from cuda2tile.runtime import load_module

    out = {}
    for label, flags in (("raised", []), ("faithful", ["--no-raise"])):
        path = tmp_path_factory.mktemp(label) / "raise_gemm.py"
        result = run_cli("convert", str(SOURCE), "-o", str(path.parent), "--quiet", *flags)
        assert result.returncode == 0, result.stderr
        out[label] = load_module(path)
    return out


def _inputs(kind: str, m: int, n: int, k: int, rng) -> dict:
    dt = np.float16 if kind == "half" else np.float32
    c = np.full(m * n, -7.0, dt)  # a sentinel: elements no thread of the launch computes keep it
    inputs = {"M": m, "N": n, "K": k, "A": rng.uniform(-1, 1, m * k).astype(dt),
              "B": rng.uniform(-1, 1, k * n).astype(dt), "C": c}
    if kind == "nt":
        inputs.update(alpha=0.75, Bt=inputs.pop("B"), bias=rng.uniform(-0.5, 0.5, n).astype(np.float32))
    return inputs


CASES = [  # kernel, input kind, block, (M, N, K), grid (None: covering the matrix)
    ("sgemm_naive", "float", (16, 16), (67, 45, 40), None),
    ("sgemm_naive", "float", (8, 32), (70, 33, 1), None),
    ("sgemm_naive", "float", (16, 16), (40, 40, 0), None),
    ("sgemm_naive", "float", (16, 16), (67, 45, 40), (2, 1)),  # a launch that covers part of C
    ("sgemm_nt_epilogue", "nt", (16, 8), (35, 29, 53), None),
    ("hgemm_tiles", "half", (16, 16), (70, 45, 53), None),
    ("hgemm_tiles", "half", (16, 16), (20, 45, 53), (3, 1)),
]


@pytest.mark.slow
@pytest.mark.parametrize("name,kind,block,shape,grid", CASES,
                         ids=[f"{c[0]}-{'x'.join(map(str, c[3]))}-block{c[2][0]}x{c[2][1]}"
                              + ("-partial" if c[4] else "") for c in CASES])
def test_raised_product_matches_the_faithful_kernel(modules, name, kind, block, shape, grid):
    from cuda2tile.runtime import build_c, run_c

    m, n, k = shape
    grid = grid or (-(-n // block[0]), -(-m // block[1]))
    inputs = _inputs(kind, m, n, k, np.random.default_rng(sum(shape)))
    got, want = ({}, {})
    for label, out in (("raised", got), ("faithful", want)):
        info = getattr(modules[label], "KERNELS")[name]
        out.update(run_c(build_c(info, block), info, inputs, grid))
    if kind == "half":  # T.gemm: exact products, float32 sums in TileLang's order, one rounding to half
        np.testing.assert_allclose(got["C"].astype(np.float32), want["C"].astype(np.float32), rtol=2e-3, atol=2e-3)
        np.testing.assert_array_equal(got["C"] == np.float16(-7.0), want["C"] == np.float16(-7.0))
    else:  # one multiply-add per k in CUDA's order: bit for bit
        np.testing.assert_array_equal(got["C"], want["C"])
    untouched = (want["C"] == -7.0).sum()
    assert (untouched > 0) == (shape[2] >= 0 and grid != (-(-n // block[0]), -(-m // block[1])))


@pytest.mark.slow
def test_a_block_other_than_the_tiles_runs_the_faithful_form(modules):
    """hgemm_tiles is raised only for a 16x16 block (its tiles' shape): any other block builds the
    faithful kernel, so the raised module gives exactly what --no-raise gives."""
    raised = modules["raised"].KERNELS["hgemm_tiles"]["factory"](block=(8, 8), target="c")
    faithful = modules["faithful"].KERNELS["hgemm_tiles"]["factory"](block=(8, 8), target="c")
    assert raised.script() == faithful.script()
    assert "T.gemm" in modules["raised"].KERNELS["hgemm_tiles"]["factory"](block=(16, 16), target="c").script()


def test_tile_argument_is_checked(modules):
    factory = modules["raised"].KERNELS["sgemm_naive"]["factory"]
    with pytest.raises(ValueError, match="tile must be"):
        factory(block=(16, 16), target="c", tile=(32, 32, 0, 128, 0))
    assert Path(modules["raised"].__file__).read_text().count("_GEMM_TILES = {") == 1
