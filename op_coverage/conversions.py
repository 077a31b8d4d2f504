"""Type conversion intrinsics: lifted to IR casts (`cast`) or bit reinterpretations (`bitcast`)."""

from __future__ import annotations

from op_coverage.records import Construct, Status

S = Status.SUPPORTED
_T = ("tests/translation/conversions.cu", "tests/coverage/constructs/conversions.cu")

# (cuda name, ir op, target dtype, note)
_CONVERSIONS = [
    ("__half2float", "cast", "float32", ""), ("__float2half", "cast", "float16", "round to nearest even"),
    ("__float2half_rn", "cast", "float16", ""), ("__int2half_rn", "cast", "float16", ""),
    ("__half2int_rz", "cast", "int32", ""), ("__low2float", None, None, "half2 lanes are not modelled"),
    ("__float2int_rz", "cast", "int32", "C cast truncates toward zero"),
    ("__float2int_rn", "round_cast", "int32", "rint then cast"),
    ("__int2float_rn", "cast", "float32", ""), ("__uint2float_rn", "cast", "float32", ""),
    ("__float_as_int", "bitcast", "int32", ""), ("__int_as_float", "bitcast", "float32", ""),
    ("__float_as_uint", "bitcast", "uint32", ""), ("__uint_as_float", "bitcast", "float32", ""),
    ("__double_as_longlong", "bitcast", "int64", ""), ("__longlong_as_double", "bitcast", "float64", ""),
    ("__half_as_ushort", "bitcast", "uint16", ""), ("__ushort_as_half", "bitcast", "float16", ""),
    ("__half_as_short", "bitcast", "int16", ""), ("__short_as_half", "bitcast", "float16", ""),
    ("__ldg", "load", None, "read-only cache hint: a plain load"),
    *[(n, "load", None, "cache hint (TileLang chooses its own caching): a plain load")
      for n in ("__ldcg", "__ldca", "__ldcs", "__ldlu", "__ldcv")],
    # bfloat16 values are float32 values bfloat16 holds; memory holds their bits (passes/lower_bfloat16.py)
    ("__bfloat162float", "cast", "float32", "exact"),
    ("__float2bfloat16", "cast", "bfloat16", "round to nearest even"),
    ("__float2bfloat16_rn", "cast", "bfloat16", ""),
    ("__bfloat162int_rz", "cast", "int32", "C cast truncates toward zero"),
    ("__int2bfloat16_rn", "cast", "bfloat16", "through float32: rounded twice beyond 2^24"),
    ("__bfloat16_as_ushort", "bitcast", "uint16", "the bits memory holds"),
    ("__ushort_as_bfloat16", "bitcast", "bfloat16", ""),
    ("__bfloat16_as_short", "bitcast", "int16", ""), ("__short_as_bfloat16", "bitcast", "bfloat16", ""),
]
_BF16_TESTS = ("tests/translation/lower_bfloat16.cu", "corpus/types/bfloat16_ops.cu")
# the bits of 16-bit floats, as CAS loops on the 32-bit word holding an element use them
_BIT_CASTS_16 = {"__half_as_ushort", "__ushort_as_half", "__half_as_short", "__short_as_half", "__bfloat16_as_ushort",
                 "__ushort_as_bfloat16", "__bfloat16_as_short", "__short_as_bfloat16"}
_BITS_TESTS = ("tests/coverage/constructs/half_bits.cu", "corpus/cooperative/half_word_atomics.cu")

CONVERSIONS: list[Construct] = [
    Construct(cuda=name, category="conversion", status=S if op else Status.UNSUPPORTED, ir_op=op,
              tilelang={"cast": "T.cast(x, dtype)", "bitcast": "T.reinterpret(x, dtype)",
                        "round_cast": "T.cast(rintf(x), dtype)", "load": "buf[i]"}.get(op or "", ""),
              code=None if op else "C2T1203", effort="none" if op else "low", note=note,
              tests=(_BITS_TESTS if name in _BIT_CASTS_16 else _BF16_TESTS if "bfloat16" in name else
                     ("corpus/misc/cache_hints.cu",) if op == "load" and name != "__ldg" else _T)
              if op else ())
    for name, op, _dtype, note in _CONVERSIONS
]
CONVERSION_DTYPES = {name: dtype for name, _op, dtype, _note in _CONVERSIONS}
