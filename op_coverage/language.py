"""Built-in variables, types, qualifiers, control flow and the cooperative constructs.

The lift consults `status` and `code` here when it meets a construct; anything not `supported`
is reported with the record's diagnostic code at the user's source line.
"""

from __future__ import annotations

from op_coverage.records import Construct, Status

S, P, U, PL = Status.SUPPORTED, Status.PARTIAL, Status.UNSUPPORTED, Status.PLANNED
_IDX = ("tests/translation/indexing_2d.cu", "corpus")
_CONSTRUCTS = "tests/coverage/constructs/"
_VECTOR_ELEMS = ("char", "uchar", "short", "ushort", "int", "uint", "long", "ulong", "longlong", "ulonglong",
                 "float", "double")
_OTHER_VECTORS = tuple(f"{e}{n}" for e in _VECTOR_ELEMS for n in (1, 2, 3, 4)
                       if f"{e}{n}" not in ("float2", "float4", "int2", "int4"))


def _c(cuda, category, status, tilelang="", code=None, effort="none", note="", tests=(), aliases=()):
    return Construct(cuda=cuda, category=category, status=status, tilelang=tilelang, code=code, effort=effort,
                     note=note, tests=tuple(tests), aliases=tuple(aliases))


LANGUAGE: list[Construct] = [
    # built-in variables
    *[_c(f"threadIdx.{a}", "builtin-variable", S, f"t{a} (T.Parallel variable)", tests=_IDX) for a in "xyz"],
    *[_c(f"blockIdx.{a}", "builtin-variable", S, f"b{a} (T.Kernel binding)", tests=_IDX) for a in "xyz"],
    *[_c(f"blockDim.{a}", "builtin-variable", S, f"block_{a} (factory constant)", tests=_IDX) for a in "xyz"],
    *[_c(f"gridDim.{a}", "builtin-variable", S, f"grid_{a} (int32 kernel argument)",
         tests=("tests/translation/grid_stride.cu", _CONSTRUCTS + "grid3d.cu")) for a in "xyz"],
    _c("warpSize", "builtin-variable", S, "32", tests=(_CONSTRUCTS + "qualifiers.cu",)),
    # qualifiers
    _c("__global__", "qualifier", S, "factory + @T.prim_func", tests=("corpus",)),
    _c("__device__", "qualifier", S, "@T.macro", tests=("tests/translation/device_function.cu",)),
    _c("__forceinline__", "qualifier", S, "(ignored: macros are always inlined)", tests=(_CONSTRUCTS + "qualifiers.cu",)),
    _c("__restrict__", "qualifier", S, "(ignored)", tests=("tests/translation/saxpy.cu",)),
    _c("const", "qualifier", S, "(read-only buffer)", tests=("tests/translation/saxpy.cu",)),
    _c("template", "qualifier", S, "one factory per instantiation", tests=("tests/translation/template.cu",)),
    _c("__launch_bounds__", "qualifier", S, "(ignored)", tests=(_CONSTRUCTS + "qualifiers.cu",)),
    _c("__shared__", "memory-space", S, "T.alloc_shared(..., scope=smem_scope)", tests=(
        "tests/translation/barrier_fission.cu", "tests/translation/privatization.cu")),
    _c("extern __shared__", "memory-space", S, "T.alloc_shared((shared_bytes // itemsize,), ...)",
       tests=("tests/translation/dynamic_shared.cu",)),
    _c("__constant__", "memory-space", U, "", "C2T1204", "medium", "pass the table as a buffer argument"),
    _c("__device__ variable", "memory-space", U, "", "C2T1204", "medium",
       "a file-scope device variable; pass it as a one-element buffer argument"),
    _c("__managed__", "memory-space", U, "", "C2T1204", "medium", "unified memory variable; pass a buffer"),
    _c("global variable", "memory-space", U, "", "C2T1204", "medium",
       "a file-scope variable read by device code whose qualifier is not visible; pass it as an argument"),
    # types (the scanner sees dtypes, so each record names the dtype's C spellings as aliases)
    *[_c(t, "type", S, d, tests=("tests/translation/types.cu",), aliases=a) for t, d, a in (
        ("float", "float32", ()), ("double", "float64", ()), ("int", "int32", ("int32_t",)),
        ("unsigned int", "uint32 (int32 carrier)", ("unsigned", "uint32_t")),
        ("long long", "int64", ("long", "int64_t")), ("bool", "bool", ()), ("__half", "float16", ("half",)))],
    *[_c(t, "type", S, d, tests=(_CONSTRUCTS + "types.cu",), aliases=a) for t, d, a in (
        ("char", "int8", ("signed char", "int8_t")), ("unsigned char", "uint8", ("uint8_t",)),
        ("short", "int16", ("int16_t",)), ("unsigned short", "uint16", ("uint16_t",)),
        ("size_t", "uint64 (int64 carrier)", ("unsigned long long", "unsigned long", "uint64_t")))],
    _c("__nv_bfloat16", "type", P, "bfloat16", "C2T1207", "medium", "lowers for CUDA; no C back end support",
       aliases=("nv_bfloat16",)),
    _c("__half2", "type", PL, "two float16 lanes", "C2T1207", "medium",
       "packed half pairs are not modelled; unpack with __low2float/__high2float", aliases=("half2",)),
    _c("__nv_bfloat162", "type", PL, "two bfloat16 lanes", "C2T1207", "medium", aliases=("nv_bfloat162",)),
    _c("float2", "vector-type", S, "scalarised", tests=("tests/translation/vectors.cu",)),
    _c("float4", "vector-type", S, "scalarised", tests=("tests/translation/vectors.cu",)),
    _c("int2", "vector-type", S, "scalarised", tests=(_CONSTRUCTS + "vectors.cu",)),
    _c("int4", "vector-type", S, "scalarised", tests=(_CONSTRUCTS + "vectors.cu",)),
    _c("make_float2", "vector-type", S, "scalarised", tests=(_CONSTRUCTS + "vectors.cu",)),
    _c("make_float4", "vector-type", S, "scalarised", tests=("tests/translation/vectors.cu", "corpus")),
    _c("other vector types", "vector-type", P, "scalarised", "C2T1207", "low",
       "scalarised by the same code as float4, but no test covers them yet", aliases=_OTHER_VECTORS),
    _c("other make_<vector> functions", "vector-type", P, "scalarised", "C2T1207", "low",
       "scalarised by the same code as make_float4, but no test covers them yet",
       aliases=tuple("make_" + v for v in _OTHER_VECTORS)),
    _c("struct parameter", "type", U, "", "C2T1207", "medium", "pass each field as its own argument or buffer"),
    _c("struct or class type", "type", U, "", "C2T1207", "medium",
       "a local or value of a user struct/class type; scalarise it by hand"),
    # language features beyond plain C expressions
    _c("cast", "language", S, "T.cast(x, dtype)", tests=("corpus",), note="C casts, static_cast, T(x)",
       aliases=("static_cast",)),
    _c("reinterpret_cast", "language", S, "element offset scaled by the lane count",
       tests=("corpus",), note="pointer casts between a scalar and its vector type only"),
    _c("string literal", "language", U, "", "C2T1202", "low", "only meaningful as printf's format"),
    _c("function pointer", "language", U, "", "C2T1202", "high", "call the function directly"),
    _c("lambda", "language", U, "", "C2T1202", "medium", "turn it into a __device__ function"),
    _c("initializer list", "language", U, "", "C2T1202", "low", "assign the elements one by one"),
    _c("overloaded operator", "language", P, "plain arithmetic", "C2T1202", "medium",
       "arithmetic and comparison operators of CUDA's own types lift; user operators do not"),
    _c("try/catch", "language", U, "", "C2T1201", "low", "device code cannot throw", aliases=("try block",)),
    _c("range-based for", "control-flow", U, "", "C2T1201", "low", "write an indexed for loop"),
    # control flow
    _c("if/else", "control-flow", S, "if/else", tests=("corpus",)),
    _c("?:", "control-flow", S, "T.if_then_else", tests=("tests/translation/control_flow.cu",)),
    _c("for (canonical)", "control-flow", S, "T.serial(start, stop, step)", tests=("tests/translation/grid_stride.cu",),
       note="`for (int i = a; i < b; i += s)`; a run-time s (grid-stride) becomes the cursor form"),
    _c("for (general)", "control-flow", S, "while loop", tests=("tests/translation/control_flow.cu",)),
    _c("while", "control-flow", S, "while", tests=("tests/translation/control_flow.cu",)),
    _c("do/while", "control-flow", S, "while with a flag", tests=("tests/translation/control_flow.cu",)),
    _c("break/continue", "control-flow", S, "break/continue", tests=("tests/translation/control_flow.cu",)),
    _c("early return", "control-flow", S, "guarded remainder (an `active` flag before barriers)",
       tests=("tests/translation/early_return.cu", "tests/translation/early_return_barrier.cu")),
    _c("return inside loop", "control-flow", U, "", "C2T1206", "medium"),
    _c("switch", "control-flow", U, "", "C2T1201", "medium", "rewrite as an if/else chain",
       aliases=("switch statement",)),
    _c("goto", "control-flow", U, "", "C2T1201", "high", aliases=("label", "computed goto")),
    _c("asm", "inline-ptx", U, "", "C2T1201", "high", "inline PTX has no TileLang equivalent; use the intrinsic "
       "it implements", aliases=("inline asm",)),
    _c("recursion", "control-flow", U, "", "C2T1209", "high"),
    # cooperation (issue: cooperative lift)
    _c("__syncthreads", "barrier", S, "phase split + T.sync_threads()", tests=("tests/translation/barrier_fission.cu",)),
    _c("__syncwarp", "barrier", S, "phase split + T.sync_threads()", tests=("corpus/cooperative/block_reduce.cu",)),
    _c("__threadfence", "barrier", PL, "", "C2T1204", "medium"),
    *[_c(n, "warp", S, "shared scratch + phases", tests=("tests/translation/warp_shuffle.cu", t)) for n, t in (
        ("__shfl_sync", "corpus/cooperative/warp_shuffle.cu"), ("__shfl_up_sync", "corpus/cooperative/block_scan.cu"),
        ("__shfl_down_sync", "corpus/cooperative/warp_shuffle.cu"),
        ("__shfl_xor_sync", "corpus/cooperative/warp_shuffle.cu"))],
    *[_c(n, "warp", S, "staged predicate + per-warp OR", tests=("tests/translation/warp_vote.cu",
                                                                 "corpus/cooperative/warp_shuffle.cu")) for n in (
        "__ballot_sync", "__any_sync", "__all_sync")],
    _c("__activemask", "warp", S, "0xffffffff (no divergence modelled)", note="all lanes of the warp are active",
       tests=("tests/translation/warp_vote.cu", _CONSTRUCTS + "warp_extras.cu")),
    _c("volatile shared (warp-synchronous)", "warp", S, "read, warp barrier, write, warp barrier",
       tests=("tests/translation/volatile_warp.cu",)),
    _c("atomicAdd", "atomic", S, "T.atomic_add(buf[i], v)", tests=("tests/translation/atomics.cu",
                                                                    "tests/translation/dynamic_shared.cu")),
    _c("atomicMax", "atomic", S, "T.atomic_max(buf[i], v)", tests=(_CONSTRUCTS + "atomics.cu",)),
    _c("atomicMin", "atomic", S, "T.atomic_min(buf[i], v)", tests=(_CONSTRUCTS + "atomics.cu",)),
    _c("atomicSub", "atomic", S, "T.atomic_add(buf[i], -v)", tests=(_CONSTRUCTS + "atomics.cu",)),
    *[_c(n, "atomic", P, "helper via T.import_source (atomic on CUDA, read-modify-write on C)", "C2T1205", "low",
         "32-bit int (atomicExch: and float) only", tests=("corpus/cooperative/atomic_cas.cu",)) for n in (
        "atomicCAS", "atomicExch", "atomicAnd", "atomicOr", "atomicXor")],
    *[_c(n, "atomic", PL, "guarded T.import_source helper", "C2T1205", "medium") for n in (
        "atomicInc", "atomicDec")],
    _c("cooperative_groups", "cooperative-groups", PL, "", "C2T1204", "high",
       "any other cooperative_groups type or call"),
    _c("texture/surface objects", "texture-surface", U, "", "C2T1203", "high",
       "read the underlying array as a buffer (interpolation and addressing modes by hand)"),
    _c("wmma / mma", "tensor-core", PL, "T.gemm", "C2T1203", "high"),
    _c("dynamic parallelism", "dynamic-parallelism", U, "", "C2T1211", "high",
       "launch the child grid from the host", aliases=("kernel launch from device code",)),
    _c("printf (device)", "debug", U, "", "C2T1203", "low", "remove or guard debugging output",
       aliases=("printf",)),
]
