"""C/CUDA helper functions that emitted kernels call through `T.call_extern`.

Where TileLang 0.1.15 has no operation that lowers on both back ends (e.g. `T.popcount` has no C
lowering), the emitted module carries a small helper, compiled into the kernel by
`T.import_source`: the CUDA branch uses the CUDA intrinsic, the C branch a GCC builtin. The C
helpers are `extern "C"` because TileLang's C code generator declares call_extern targets that way.
"""

from __future__ import annotations

import re

import op_coverage

# name -> (CUDA definition, C definition); the call sites live in op_coverage.TILE_OPS ("helper" form)
HELPERS: dict[str, tuple[str, str]] = {
    "c2t_popc": ("__device__ __forceinline__ int c2t_popc(unsigned int x) { return __popc(x); }",
                 'extern "C" int32_t c2t_popc(uint32_t x) { return __builtin_popcount(x); }'),
    "c2t_popcll": ("__device__ __forceinline__ int c2t_popcll(unsigned long long x) { return __popcll(x); }",
                   'extern "C" int32_t c2t_popcll(uint64_t x) { return __builtin_popcountll(x); }'),
    "c2t_clz": ("__device__ __forceinline__ int c2t_clz(int x) { return __clz(x); }",
                'extern "C" int32_t c2t_clz(int32_t x) { return x == 0 ? 32 : __builtin_clz((uint32_t)x); }'),
    "c2t_ffs": ("__device__ __forceinline__ int c2t_ffs(int x) { return __ffs(x); }",
                'extern "C" int32_t c2t_ffs(int32_t x) { return __builtin_ffs(x); }'),
    "c2t_clzll": ("__device__ __forceinline__ int c2t_clzll(long long x) { return __clzll(x); }",
                  'extern "C" int32_t c2t_clzll(int64_t x) { return x == 0 ? 64 : __builtin_clzll((uint64_t)x); }'),
    "c2t_ffsll": ("__device__ __forceinline__ int c2t_ffsll(long long x) { return __ffsll(x); }",
                  'extern "C" int32_t c2t_ffsll(int64_t x) { return __builtin_ffsll(x); }'),
    "c2t_brevll": ("__device__ __forceinline__ unsigned long long c2t_brevll(unsigned long long x) "
                   "{ return __brevll(x); }",
                   'extern "C" uint64_t c2t_brevll(uint64_t x) { uint64_t r = 0; '
                   "for (int i = 0; i < 64; ++i) { r = (r << 1) | (x & 1u); x >>= 1; } return r; }"),
    "c2t_brev": ("__device__ __forceinline__ unsigned int c2t_brev(unsigned int x) { return __brev(x); }",
                 'extern "C" uint32_t c2t_brev(uint32_t x) { uint32_t r = 0; '
                 "for (int i = 0; i < 32; ++i) { r = (r << 1) | (x & 1u); x >>= 1; } return r; }"),
    # atomics TileLang has no op for (TILELANG_FACTS §6): CUDA's own on GPUs; a plain read-modify-write on
    # the C back end, where the blocks and threads of a kernel run one after another on one CPU thread
    # Each takes the buffer's first element and the element's index (`p + i`): TileLang's `T.address_of`
    # of an element at a data-dependent index (`&out[seg[i]]`) fails on C ("address_of argument must be
    # a BufferLoad": the memory-safety pass wraps that load in a bounds check), of element 0 it does not.
    "c2t_atomic_cas_i32": ("__device__ __forceinline__ int c2t_atomic_cas_i32(int* p, long long i, int c, int v) "
                           "{ return atomicCAS(p + i, c, v); }",
                           'extern "C" int32_t c2t_atomic_cas_i32(int32_t* p, int64_t i, int32_t c, int32_t v) '
                           "{ p += i; int32_t o = *p; if (o == c) *p = v; return o; }"),
    "c2t_atomic_exch_i32": ("__device__ __forceinline__ int c2t_atomic_exch_i32(int* p, long long i, int v) "
                            "{ return atomicExch(p + i, v); }",
                            'extern "C" int32_t c2t_atomic_exch_i32(int32_t* p, int64_t i, int32_t v) '
                            "{ p += i; int32_t o = *p; *p = v; return o; }"),
    "c2t_atomic_exch_f32": ("__device__ __forceinline__ float c2t_atomic_exch_f32(float* p, long long i, float v) "
                            "{ return atomicExch(p + i, v); }",
                            'extern "C" float c2t_atomic_exch_f32(float* p, int64_t i, float v) '
                            "{ p += i; float o = *p; *p = v; return o; }"),
    **{f"c2t_atomic_{op}_i32": (f"__device__ __forceinline__ int c2t_atomic_{op}_i32(int* p, long long i, int v) "
                                f"{{ return atomic{name}(p + i, v); }}",
                                f'extern "C" int32_t c2t_atomic_{op}_i32(int32_t* p, int64_t i, int32_t v) '
                                f"{{ p += i; int32_t o = *p; *p = o {sym} v; return o; }}")
       for op, name, sym in (("and", "And", "&"), ("or", "Or", "|"), ("xor", "Xor", "^"))},
    # memory fences: CUDA's own on GPUs. On the C back end a kernel's blocks run one after another on one
    # CPU thread, so every earlier write is already visible; a compiler barrier keeps it so (the int result,
    # always 0, is what `T.evaluate` of a call_extern takes)
    **{f"c2t_{fence}": (f"__device__ __forceinline__ int c2t_{fence}() {{ __{fence}(); return 0; }}",
                        f'extern "C" int32_t c2t_{fence}() {{ __sync_synchronize(); return 0; }}')
       for fence in ("threadfence", "threadfence_block", "threadfence_system")},
    # bfloat16 memory holds the elements' bits (passes/lower_bfloat16.py): to float32 (exact), and from
    # float32 to the nearest bfloat16 (ties to even, NaN to 0x7FFF, as __float2bfloat16_rn)
    "c2t_bf16_from_bits": ("__device__ __forceinline__ float c2t_bf16_from_bits(short b) "
                           "{ union { unsigned int u; float f; } v; v.u = ((unsigned int)(unsigned short)b) << 16; "
                           "return v.f; }",
                           'extern "C" float c2t_bf16_from_bits(int16_t b) '
                           "{ uint32_t u = ((uint32_t)(uint16_t)b) << 16; float f; memcpy(&f, &u, 4); return f; }"),
    "c2t_bf16_bits": ("__device__ __forceinline__ short c2t_bf16_bits(float x) "
                      "{ union { float f; unsigned int u; } v; v.f = x; unsigned int u = v.u; "
                      "if ((u & 0x7fffffffu) > 0x7f800000u) return 0x7fff; "
                      "return (short)((u + 0x7fffu + ((u >> 16) & 1u)) >> 16); }",
                      'extern "C" int16_t c2t_bf16_bits(float x) { uint32_t u; memcpy(&u, &x, 4); '
                      "if ((u & 0x7fffffffu) > 0x7f800000u) return 0x7fff; "
                      "return (int16_t)((u + 0x7fffu + ((u >> 16) & 1u)) >> 16); }"),
    # the bits of a bfloat16 value as they are (the value is one bfloat16 holds): `h.x`, __bfloat16_as_ushort
    "c2t_bf16_raw_bits": ("__device__ __forceinline__ short c2t_bf16_raw_bits(float x) "
                          "{ union { float f; unsigned int u; } v; v.f = x; return (short)(v.u >> 16); }",
                          'extern "C" int16_t c2t_bf16_raw_bits(float x) { uint32_t u; memcpy(&u, &x, 4); '
                          "return (int16_t)(u >> 16); }"),
    "c2t_bf16_round": ("__device__ __forceinline__ float c2t_bf16_round(float x) "
                       "{ union { float f; unsigned int u; } v; v.f = x; "
                       "v.u = (v.u & 0x7fffffffu) > 0x7f800000u ? 0x7fff0000u "
                       ": ((v.u + 0x7fffu + ((v.u >> 16) & 1u)) >> 16) << 16; return v.f; }",
                       'extern "C" float c2t_bf16_round(float x) { uint32_t u; memcpy(&u, &x, 4); '
                       "if ((u & 0x7fffffffu) > 0x7f800000u) u = 0x7fff0000u; "
                       "else u = ((u + 0x7fffu + ((u >> 16) & 1u)) >> 16) << 16; "
                       "memcpy(&x, &u, 4); return x; }"),
    # identities TVM's simplifier cannot see through (passes/block_float_folds.py); gcc and nvcc inline them
    "c2t_keep_f32": ("__device__ __forceinline__ float c2t_keep_f32(float x) { return x; }",
                     'extern "C" float c2t_keep_f32(float x) { return x; }'),
    "c2t_keep_f64": ("__device__ __forceinline__ double c2t_keep_f64(double x) { return x; }",
                     'extern "C" double c2t_keep_f64(double x) { return x; }'),
    "c2t_keep_bool": ("__device__ __forceinline__ bool c2t_keep_bool(bool x) { return x; }",
                      'extern "C" bool c2t_keep_bool(bool x) { return x; }'),
    # float constants rebuilt from their bits on C (the C back end prints 7 significant digits)
    "c2t_f64_from_bits": ("", 'extern "C" double c2t_f64_from_bits(int64_t bits) '
                              "{ double v; memcpy(&v, &bits, 8); return v; }"),
    "c2t_f32_from_bits": ("", 'extern "C" float c2t_f32_from_bits(int32_t bits) '
                              "{ float v; memcpy(&v, &bits, 4); return v; }"),
}


_C_TYPES = op_coverage.HELPER_C_TYPES  # the dtypes an atomic on another element's bits involves
_BITS_ATOMIC = re.compile(r"c2t_atomic_(cas|exch)_(bytes_)?(\w+?)_as_(\w+)")


def bits_atomic_helper(op: str, storage: str, bits: str, byte_addressed: bool = False) -> str:
    """The helper for atomicCAS/atomicExch on a `storage` element's bits read as `bits` (same size):
    `c2t_atomic_cas_float64_as_uint64(double* p, long long i, uint64_t compare, uint64_t value)`; with
    `byte_addressed`, on the `bits` word `i` bytes into a buffer of `storage` elements
    (`c2t_atomic_cas_bytes_uint8_as_uint32`). One per dtype pair, since TileLang's C code generator
    declares a call_extern target with its arguments' own types. `storage` is the buffer's carrier."""
    return f"c2t_atomic_{op}_{'bytes_' if byte_addressed else ''}{storage}_as_{bits}"


def _bits_atomic_definitions(name: str) -> tuple[str, str]:
    op, in_bytes, storage, bits = _BITS_ATOMIC.fullmatch(name).groups()
    word = "unsigned int" if bits in ("int32", "uint32") else "unsigned long long"
    view, cview, cstore = _C_TYPES[bits], _C_TYPES[bits], _C_TYPES[storage]
    # (TileLang's CUDA code declares no call_extern target, so `void*` takes its `half_t*` as it is)
    store = "void" if storage == "float16" else cstore
    base = f"{store}* p, long long i"
    params = f"{base}, {view} c, {view} v" if op == "cas" else f"{base}, {view} v"
    at = "(const char*)p + i" if in_bytes else "p + i" if store != "void" else f"({cstore}*)p + i"
    call = f"atomicCAS(({word}*)({at}), ({word})c, ({word})v)" if op == "cas" else \
        f"atomicExch(({word}*)({at}), ({word})v)"
    # (the helpers precede TileLang's own includes in the CUDA source: `uint64_t` needs its header)
    cuda = f"#include <stdint.h>\n__device__ __forceinline__ {view} {name}({params}) {{ return ({view}){call}; }}"
    cbase = f"{cstore}* p, int64_t i"
    cparams = f"{cbase}, {cview} c, {cview} v" if op == "cas" else f"{cbase}, {cview} v"
    swap = "if (o == c) memcpy(p, &v, sizeof v); " if op == "cas" else "memcpy(p, &v, sizeof v); "
    move = "char* q = (char*)p + i; " if in_bytes else "void* q = p + i; "
    swap = swap.replace("memcpy(p,", "memcpy(q,")
    c = f'extern "C" {cview} {name}({cparams}) {{ {move}{cview} o; memcpy(&o, q, sizeof o); {swap}return o; }}'
    return cuda, c


def _definitions(name: str) -> tuple[str, str]:
    return HELPERS[name] if name in HELPERS else _bits_atomic_definitions(name)


def helper_source(names: set[str]) -> str:
    """One `T.import_source` text defining the helpers in `names`, for both back ends."""
    chosen = sorted(names)
    cuda = "\n".join(_definitions(n)[0] for n in chosen if _definitions(n)[0])
    c = "\n".join(_definitions(n)[1] for n in chosen if _definitions(n)[1])
    # HIP compiles the CUDA branch too (hipcc defines __HIPCC__, not __CUDACC__)
    return f"\n#if defined(__CUDACC__) || defined(__HIPCC__)\n{cuda}\n#else\n#include <string.h>\n{c}\n#endif\n"
