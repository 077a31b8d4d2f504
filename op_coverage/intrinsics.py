"""Device intrinsics the lift does not map yet: half/bf16 arithmetic, integer bit tricks, cache-hinted
loads and stores, the rest of the math library, and debugging calls.

They are listed so that a scan can name them and estimate the work (`effort`); the lift reports
each with its record's `code` (e.g. `__hadd(a, b)` -> C2T1203 at the call).
"""

from __future__ import annotations

from op_coverage.records import Construct, Status

PL, U = Status.PLANNED, Status.UNSUPPORTED

_HALF_SCALAR = ("__hadd", "__hsub", "__hmul", "__hdiv", "__hfma", "__hneg", "__habs", "__hmax", "__hmin",
                "__heq", "__hne", "__hlt", "__hle", "__hgt", "__hge", "__hisnan", "__hisinf", "__hadd_sat",
                "__hmul_sat", "__hfma_sat")
_HALF_MATH = ("hexp", "hexp2", "hexp10", "hlog", "hlog2", "hlog10", "hsqrt", "hrsqrt", "hrcp", "hsin", "hcos",
              "hfloor", "hceil", "htrunc", "hrint")
_HALF2 = ("__hadd2", "__hsub2", "__hmul2", "__hfma2", "__hneg2", "__habs2", "__h2div", "h2exp", "h2log",
          "h2sqrt", "h2rsqrt", "h2sin", "h2cos", "__floats2half2_rn", "__float2half2_rn", "__halves2half2",
          "__half22float2", "__float22half2_rn", "__low2half", "__high2half", "__high2float", "__lows2half2",
          "__highs2half2", "__hbeq2", "__hblt2")
_BF16 = ("__floats2bfloat162_rn", "__bfloat1622float2")
_INTEGER = ("__byte_perm",
            "__funnelshift_l", "__funnelshift_r", "__funnelshift_lc", "__funnelshift_rc", "__mulhi", "__umulhi",
            "__mul64hi", "__umul64hi", "__mul24", "__umul24", "__sad", "__usad", "__rhadd", "__urhadd", "__uhadd",
            "__dp4a", "__dp2a_lo", "__dp2a_hi", "__vabsdiffu4", "__vadd2", "__vadd4")
# cache-hinted stores (`__stcs(&out[i], v)`): a plain store `out[i] = v` (the loads are conversions.py's)
CACHE_STORES = ("__stcg", "__stcs", "__stwb", "__stwt")
_MATH = ("sincospif", "sinpif", "cospif", "sinpi", "cospi", "fdimf", "fdim", "frexpf",
         "frexp", "ldexpf", "ldexp", "modff", "modf", "nextafterf", "nextafter", "scalbnf", "scalbn", "ilogbf",
         "logbf", "nanf", "nan", "normf", "norm3df", "norm4df", "rnorm3df", "rnormf", "rhypotf", "rcbrtf",
         "erfinvf", "erfinv", "erfcinvf", "normcdff", "normcdf", "normcdfinvf", "erfcxf", "j0f", "j1f", "y0f",
         "y1f", "jnf", "ynf", "cyl_bessel_i0f", "cyl_bessel_i1f", "lrintf", "llrintf", "lroundf", "llroundf",
         "nearbyintf", "remquof", "fdividef", "__fsub_rn", "__fdiv_rn",
         "__fsqrt_rd", "__fsqrt_ru", "__fsqrt_rz", "__fmaf_rz", "__frsqrt_rn", "__dadd_rn", "__dsub_rn",
         "__dmul_rn", "__ddiv_rn", "__drcp_rn", "__dsqrt_rn", "__fma_rn", "__exp10f", "__tanhf",
         "__float2uint_rz", "__float2uint_rn", "__float2ll_rz", "__float2ll_rn", "__ll2float_rn", "__double2float_rn",
         "__double2int_rz", "__int2double_rn", "__uint2double_rn", "__float2half_rz", "__half2uint_rz",
         "__uint2half_rn")

# sincos functions and the sine and cosine they store: `sincosf(x, &s, &c)` is `s = sinf(x); c = cosf(x);`
SINCOS_HALVES: dict[str, tuple[str, str]] = {"sincosf": ("sinf", "cosf"), "sincos": ("sin", "cos")}

INTRINSICS: list[Construct] = [
    *[Construct(cuda=n, category="half-intrinsic", status=PL, tilelang="float32 arithmetic + cast to float16",
                code="C2T1203", effort="low", note="write it with __half2float/__float2half meanwhile")
      for n in _HALF_SCALAR],
    *[Construct(cuda=n, category="half-intrinsic", status=PL, tilelang="T.<op> computed in float32", code="C2T1203",
                effort="low") for n in _HALF_MATH],
    *[Construct(cuda=n, category="half-intrinsic", status=PL, tilelang="two float16 lanes", code="C2T1207",
                effort="medium", note="half2 lanes are not modelled; unpack with __low2float/__high2float")
      for n in _HALF2],
    *[Construct(cuda=n, category="bf16-intrinsic", status=PL, tilelang="two bfloat16 lanes", code="C2T1207",
                effort="medium", note="__nv_bfloat162 lanes are not modelled; convert each bfloat16 alone")
      for n in _BF16],
    *[Construct(cuda=n, category="integer-intrinsic", status=PL, tilelang="bit arithmetic or T.call_extern",
                code="C2T1203", effort="low", note="write the bit arithmetic in C meanwhile (e.g. a popcount loop)")
      for n in _INTEGER],
    # lifted: a helper compiled into the kernel (CUDA intrinsic on GPUs, GCC builtin on C; emit/helpers.py)
    *[Construct(cuda=n, category="integer-intrinsic", status=Status.SUPPORTED, ir_op=op, tilelang=f"c2t_{op} helper",
                tests={"popc": ("corpus/cooperative/warp_shuffle.cu",),
                       "popcll": ("tests/coverage/constructs/warp_extras.cu",)}.get(
                    op, ("tests/translation/bit_intrinsics.cu", "corpus/misc/int_ops.cu")))
      for n, op in (("__popc", "popc"), ("__popcll", "popcll"), ("__clz", "clz"), ("__ffs", "ffs"),
                    ("__brev", "brev"), ("__clzll", "clzll"), ("__ffsll", "ffsll"), ("__brevll", "brevll"))],
    *[Construct(cuda=n, category="cache-hint", status=Status.SUPPORTED, tilelang="a plain store (buf[i] = v)",
                note="cache hint: TileLang chooses its own caching", tests=("corpus/misc/cache_hints.cu",))
      for n in CACHE_STORES],
    *[Construct(cuda=n, category="math", status=PL, tilelang="T.call_extern of the libm function", code="C2T1203",
                effort="low") for n in _MATH],
    *[Construct(cuda=n, category="math", status=Status.SUPPORTED, tilelang="its sine and cosine, stored apart",
                tests=("tests/translation/math_functions.cu",),
                note="`sincosf(x, &s, &c)` is `s = sinf(x); c = cosf(x);` (the accuracy CUDA documents for both); "
                     "refused when `x` has an effect") for n in SINCOS_HALVES],
    Construct(cuda="INFINITY", category="math", status=Status.SUPPORTED, tilelang="T.infinity(dtype)",
              note="folded by clang to a constant", tests=("corpus/cooperative/block_reduce.cu",),
              aliases=("__builtin_huge_valf", "__builtin_huge_val", "__builtin_inff", "__builtin_inf", "HUGE_VALF")),
    Construct(cuda="NAN", category="math", status=Status.SUPPORTED, tilelang="T.call_extern(dtype, \"nanf\", \"\")",
              note="folded by clang to a constant", tests=("tests/translation/bit_intrinsics.cu",),
              aliases=("__builtin_nanf", "__builtin_nan")),
    Construct(cuda="assert (device)", category="debug", status=Status.PARTIAL, code="C2T1217", effort="low",
              tilelang="left out, with a note at its line",
              note="not checked by the conversion: same results whenever the assertion holds (CUDA_KERNEL_ASSERT "
                   "and glibc's assert both reach __assert_fail); an assertion whose condition has effects is refused",
              tests=("tests/translation/device_assert.cu",),
              aliases=("__assert_fail", "__assertfail", "__assert_rtn")),
    Construct(cuda="__builtin_expect", category="conversion", status=Status.SUPPORTED, ir_op="cast",
              tilelang="its first argument", note="a branch-prediction hint (C10_UNLIKELY): the value of its first "
                                                  "argument", tests=("tests/translation/device_assert.cu",)),
    Construct(cuda="__trap", category="debug", status=U, code="C2T1203", effort="low",
              note="report the condition through an output buffer", aliases=("__brkpt",)),
    Construct(cuda="clock", category="debug", status=U, code="C2T1203", effort="low",
              note="timing inside kernels has no TileLang equivalent", aliases=("clock64", "__globaltimer")),
    Construct(cuda="__nanosleep", category="debug", status=U, code="C2T1203", effort="low"),
    Construct(cuda="malloc (device)", category="memory-space", status=U, code="C2T1203", effort="high",
              note="allocate on the host and pass a buffer", aliases=("malloc", "free")),
    Construct(cuda="memcpy (device)", category="memory-space", status=PL, tilelang="element-wise copy loop",
              code="C2T1203", effort="low", aliases=("memcpy", "memset")),
]
