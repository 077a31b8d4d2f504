"""CUDA math library and intrinsics -> tile-IR operations -> TileLang spellings.

Each tile op says how the emitter writes it. `T.*` spellings are used where TileLang 0.1.15
lowers them on both CUDA and the C back end (TILELANG_FACTS §9.2); otherwise the C function of
the same name (present in libm and in CUDA's device library) is called through `T.call_extern`,
which is exact on both back ends: e.g. `fabsf(x)` -> `T.call_extern("float32", "fabsf", x)`.
"""

from __future__ import annotations

from op_coverage.records import Construct, Status, TileOp

S = Status.SUPPORTED

# ir_op -> TileLang form. "call" ops were checked on both back ends in TILELANG_FACTS §9.2.
_T_CALLS = ("exp", "exp2", "log", "log2", "log1p", "sqrt", "rsqrt", "tanh", "erf", "pow", "floor", "ceil",
            "trunc", "sin", "cos", "atan2", "hypot", "copysign")
# ops spelled through libm/CUDA C functions: (ir_op, float32 name, float64 name)
_EXTERNS = (
    ("fabs", "fabsf", "fabs"), ("fmod", "fmodf", "fmod"), ("fma", "fmaf", "fma"), ("fmin", "fminf", "fmin"),
    ("fmax", "fmaxf", "fmax"), ("round", "roundf", "round"), ("rint", "rintf", "rint"),
    ("log10", "log10f", "log10"), ("expm1", "expm1f", "expm1"), ("exp10", "exp10f", "exp10"),
    ("cbrt", "cbrtf", "cbrt"), ("tan", "tanf", "tan"), ("asin", "asinf", "asin"), ("acos", "acosf", "acos"),
    ("atan", "atanf", "atan"), ("sinh", "sinhf", "sinh"), ("cosh", "coshf", "cosh"), ("asinh", "asinhf", "asinh"),
    ("acosh", "acoshf", "acosh"), ("atanh", "atanhf", "atanh"), ("erfc", "erfcf", "erfc"),
    ("lgamma", "lgammaf", "lgamma"), ("tgamma", "tgammaf", "tgamma"), ("remainder", "remainderf", "remainder"),
)

TILE_OPS: dict[str, TileOp] = {}
for _op in _T_CALLS:
    TILE_OPS[_op] = TileOp(op=_op, form="call", name=_op)
for _op, _f, _d in _EXTERNS:
    TILE_OPS[_op] = TileOp(op=_op, form="extern", extern=(("float32", _f), ("float64", _d)))
TILE_OPS["min"] = TileOp(op="min", form="call", name="min", note="integers only; floats use fmin")
TILE_OPS["max"] = TileOp(op="max", form="call", name="max", note="integers only; floats use fmax")
TILE_OPS["abs"] = TileOp(op="abs", form="call", name="abs", note="integers only (T.abs works on C for ints)")
# bit intrinsics: helpers compiled into the kernel (cuda2tile/emit/helpers.py); T.popcount has no C lowering
for _op in ("popc", "popcll", "clz", "clzll", "ffs", "ffsll", "brev", "brevll"):
    TILE_OPS[_op] = TileOp(op=_op, form="helper", name=f"c2t_{_op}")
# the C/C++ spelling of each dtype in the helpers' code (both back ends): TileLang's generated code says
# `int64_t` (`long` on Linux), which a `long long*` parameter does not accept; float16 is `half` in its
# C code (half_float::half) and `half_t` in its CUDA code, where a helper takes `void*` instead
HELPER_C_TYPES: dict[str, str] = {"int8": "int8_t", "uint8": "uint8_t", "int16": "int16_t", "int32": "int32_t",
                                  "uint32": "uint32_t", "int64": "int64_t", "uint64": "uint64_t",
                                  "float16": "half", "float32": "float", "float64": "double"}
BIT_OPS = frozenset(("popc", "popcll", "clz", "clzll", "ffs", "ffsll", "brev", "brevll"))
# memory fences (`__threadfence()` and its block and system scopes): helpers, evaluated for their effect
for _op in ("threadfence", "threadfence_block", "threadfence_system"):
    TILE_OPS[_op] = TileOp(op=_op, form="helper", name=f"c2t_{_op}")
# opaque identities of passes/block_float_folds.py: TVM folds float algebra as real-number algebra
# (`(a + y) - a` -> y, `a != a` -> false), and no rule of its simplifier sees through a call
for _op in ("keep_f32", "keep_f64", "keep_bool"):
    TILE_OPS[_op] = TileOp(op=_op, form="helper", name=f"c2t_{_op}")
# bfloat16 conversions of passes/lower_bfloat16.py: helpers too (the C back end has no bfloat16)
for _op in ("bf16_from_bits", "bf16_bits", "bf16_raw_bits", "bf16_round"):
    TILE_OPS[_op] = TileOp(op=_op, form="helper", name=f"c2t_{_op}")
# CUDA's min, max and abs are overloaded: on a float they are fminf, fmaxf, fabsf (NaN rules included)
FLOAT_FORMS = {"min": "fmin", "max": "fmax", "abs": "fabs"}


_MATH_TESTS = ("tests/translation/math_functions.cu", "tests/coverage/constructs/math_library.cu")


def _float_pair(cuda_f: str, cuda_d: str, op: str, note: str = "") -> list[Construct]:
    spelling = f"T.{op}" if op in _T_CALLS else f"T.call_extern(dtype, \"{dict((e[0], e[1]) for e in _EXTERNS).get(op, op)}\", ...)"
    out = [Construct(cuda=cuda_f, category="math", status=S, ir_op=op, tilelang=spelling, note=note,
                     tests=_MATH_TESTS)]
    if cuda_d:
        out.append(Construct(cuda=cuda_d, category="math", status=S, ir_op=op, tilelang=spelling, note=note,
                             tests=_MATH_TESTS))
    return out


_PAIRS = [
    ("expf", "exp", "exp"), ("exp2f", "exp2", "exp2"), ("logf", "log", "log"), ("log2f", "log2", "log2"),
    ("log1pf", "log1p", "log1p"), ("sqrtf", "sqrt", "sqrt"), ("rsqrtf", "rsqrt", "rsqrt"), ("tanhf", "tanh", "tanh"),
    ("erff", "erf", "erf"), ("powf", "pow", "pow"), ("floorf", "floor", "floor"), ("ceilf", "ceil", "ceil"),
    ("truncf", "trunc", "trunc"), ("sinf", "sin", "sin"), ("cosf", "cos", "cos"), ("atan2f", "atan2", "atan2"),
    ("hypotf", "hypot", "hypot"), ("copysignf", "copysign", "copysign"),
] + [(f, d, op) for op, f, d in _EXTERNS]

MATH: list[Construct] = []
for _f, _d, _op in _PAIRS:
    MATH += _float_pair(_f, _d, _op)

# fast-math intrinsics: lifted to the precise operation (the original is an approximation of it)
_INTRINSICS = [("__expf", "exp"), ("__logf", "log"), ("__log2f", "log2"), ("__log10f", "log10"),
               ("__powf", "pow"), ("__sinf", "sin"), ("__cosf", "cos"), ("__tanf", "tan"), ("__fsqrt_rn", "sqrt"),
               ("__fmaf_rn", "fma"), ("fmaxf", "fmax"), ("fminf", "fmin")]
for _name, _op in _INTRINSICS:
    if any(c.cuda == _name for c in MATH):
        continue
    MATH.append(Construct(cuda=_name, category="math-intrinsic", status=S, ir_op=_op,
                          tilelang=f"as {_op}", note="fast-math intrinsic lifted to the precise operation; "
                                                     "results differ from the GPU original by its approximation error",
                          tests=_MATH_TESTS))

# operators in disguise: lifted to plain IR arithmetic
_INTR = ("tests/coverage/constructs/intrinsics.cu",)
MATH += [
    Construct(cuda="__fdividef", category="math-intrinsic", status=S, ir_op="div", tilelang="a / b",
              note="fast division lifted to IEEE division", tests=("tests/translation/math_functions.cu",)),
    Construct(cuda="__fadd_rn", category="math-intrinsic", status=S, ir_op="add", tilelang="a + b", tests=_INTR),
    Construct(cuda="__fmul_rn", category="math-intrinsic", status=S, ir_op="mul", tilelang="a * b", tests=_INTR),
    Construct(cuda="__frcp_rn", category="math-intrinsic", status=S, ir_op="rcp", tilelang="1 / a", tests=_INTR),
    Construct(cuda="__saturatef", category="math-intrinsic", status=S, ir_op="saturate",
              tilelang="T.max(T.min(x, 1), 0)", note="NaN maps to NaN instead of 0", tests=_INTR),
    Construct(cuda="min", category="math", status=S, ir_op="min", tilelang="T.min / fminf",
              tests=("tests/translation/math_functions.cu",)),
    Construct(cuda="max", category="math", status=S, ir_op="max", tilelang="T.max / fmaxf",
              tests=("tests/translation/math_functions.cu",)),
    Construct(cuda="abs", category="math", status=S, ir_op="abs", tilelang="T.abs / fabsf",
              tests=("tests/translation/math_functions.cu",)),
    Construct(cuda="labs", category="math", status=S, ir_op="abs", tilelang="T.abs", tests=_INTR),
    Construct(cuda="llabs", category="math", status=S, ir_op="abs", tilelang="T.abs", tests=_INTR),
]

# float classification from the bits (T.reinterpret): the same on every back end, and safe from a
# compiler's fast-math folding of `x != x` (ir_op -> the test on the magnitude bits `m` and all bits `b`)
FLOAT_CLASS = {"isnan": "m > inf", "isinf": "m == inf", "isfinite": "m < inf", "signbit": "b < 0"}
_CLASS_TESTS = ("tests/translation/float_class.cu", "corpus/elementwise/float_class.cu")
MATH += [Construct(cuda=name, category="math", status=S, ir_op=name,
                   tilelang="T.reinterpret(x, int) bit test: " + FLOAT_CLASS[name], tests=_CLASS_TESTS,
                   aliases=(f"std::{name}", f"__{name}f", f"__{name}d") if name != "signbit" else ("std::signbit",))
         for name in FLOAT_CLASS]
