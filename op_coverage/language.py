"""Built-in variables, types, qualifiers, control flow and the cooperative constructs.

The lift consults `status` and `code` here when it meets a construct; anything not `supported`
is reported with the record's diagnostic code at the user's source line.
"""

from __future__ import annotations

from op_coverage.records import Construct, Status

S, P, U, PL = Status.SUPPORTED, Status.PARTIAL, Status.UNSUPPORTED, Status.PLANNED
_IDX = ("tests/translation/indexing_2d.cu", "corpus")


def _c(cuda, category, status, tilelang="", code=None, effort="none", note="", tests=()):
    return Construct(cuda=cuda, category=category, status=status, tilelang=tilelang, code=code, effort=effort,
                     note=note, tests=tuple(tests))


LANGUAGE: list[Construct] = [
    # built-in variables
    *[_c(f"threadIdx.{a}", "builtin-variable", S, f"t{a} (T.Parallel variable)", tests=_IDX) for a in "xyz"],
    *[_c(f"blockIdx.{a}", "builtin-variable", S, f"b{a} (T.Kernel binding)", tests=_IDX) for a in "xyz"],
    *[_c(f"blockDim.{a}", "builtin-variable", S, f"block_{a} (factory constant)", tests=_IDX) for a in "xyz"],
    *[_c(f"gridDim.{a}", "builtin-variable", S, f"grid_{a} (int32 kernel argument)",
         tests=("tests/translation/grid_stride.cu",)) for a in "xyz"],
    _c("warpSize", "builtin-variable", S, "32"),
    # qualifiers
    _c("__global__", "qualifier", S, "factory + @T.prim_func", tests=("corpus",)),
    _c("__device__", "qualifier", S, "@T.macro", tests=("tests/translation/device_function.cu",)),
    _c("__forceinline__", "qualifier", S, "(ignored: macros are always inlined)"),
    _c("__restrict__", "qualifier", S, "(ignored)", tests=("tests/translation/saxpy.cu",)),
    _c("const", "qualifier", S, "(read-only buffer)", tests=("tests/translation/saxpy.cu",)),
    _c("template", "qualifier", S, "one factory per instantiation", tests=("tests/translation/template.cu",)),
    _c("__launch_bounds__", "qualifier", S, "(ignored)"),
    _c("__shared__", "memory-space", PL, "T.alloc_shared", "C2T1204", "high", "needs the cooperative lift"),
    _c("extern __shared__", "memory-space", PL, "T.alloc_shared", "C2T1204", "high"),
    _c("__constant__", "memory-space", U, "", "C2T1204", "medium", "pass the table as a buffer argument"),
    # types
    *[_c(t, "type", S, d, tests=("tests/translation/types.cu",)) for t, d in (
        ("float", "float32"), ("double", "float64"), ("int", "int32"), ("unsigned int", "uint32 (int32 carrier)"),
        ("long long", "int64"), ("bool", "bool"), ("__half", "float16"), ("char", "int8"),
        ("unsigned char", "uint8"), ("short", "int16"), ("size_t", "uint64 (int64 carrier)"))],
    _c("__nv_bfloat16", "type", P, "bfloat16", "C2T1207", "medium", "lowers for CUDA; no C back end support"),
    _c("float2", "vector-type", S, "scalarised", tests=("tests/translation/vectors.cu",)),
    _c("float4", "vector-type", S, "scalarised", tests=("tests/translation/vectors.cu",)),
    _c("int2", "vector-type", S, "scalarised"), _c("int4", "vector-type", S, "scalarised"),
    _c("make_float2", "vector-type", S, "scalarised"), _c("make_float4", "vector-type", S, "scalarised",
                                                          tests=("tests/translation/vectors.cu",)),
    _c("struct parameter", "type", U, "", "C2T1207", "medium"),
    # control flow
    _c("if/else", "control-flow", S, "if/else", tests=("corpus",)),
    _c("?:", "control-flow", S, "T.if_then_else", tests=("tests/translation/control_flow.cu",)),
    _c("for (canonical)", "control-flow", S, "T.serial(start, stop, step)", tests=("tests/translation/grid_stride.cu",)),
    _c("for (general)", "control-flow", S, "while loop", tests=("tests/translation/control_flow.cu",)),
    _c("while", "control-flow", S, "while", tests=("tests/translation/control_flow.cu",)),
    _c("do/while", "control-flow", S, "while with a flag", tests=("tests/translation/control_flow.cu",)),
    _c("break/continue", "control-flow", S, "break/continue", tests=("tests/translation/control_flow.cu",)),
    _c("early return", "control-flow", S, "guarded remainder", tests=("tests/translation/early_return.cu",)),
    _c("return inside loop", "control-flow", U, "", "C2T1206", "medium"),
    _c("switch", "control-flow", U, "", "C2T1201", "medium"),
    _c("goto", "control-flow", U, "", "C2T1201", "high"),
    _c("asm", "control-flow", U, "", "C2T1201", "high"),
    _c("recursion", "control-flow", U, "", "C2T1209", "high"),
    # cooperation (issue: cooperative lift)
    _c("__syncthreads", "barrier", PL, "phase split + T.sync_threads()", "C2T1204", "high"),
    _c("__syncwarp", "barrier", PL, "", "C2T1204", "high"),
    _c("__threadfence", "barrier", PL, "", "C2T1204", "medium"),
    *[_c(n, "warp", PL, "shared scratch + phases", "C2T1204", "high") for n in (
        "__shfl_sync", "__shfl_up_sync", "__shfl_down_sync", "__shfl_xor_sync", "__ballot_sync", "__any_sync",
        "__all_sync", "__activemask")],
    _c("atomicAdd", "atomic", S, "T.atomic_add(buf[i], v)", tests=("tests/translation/atomics.cu",)),
    _c("atomicMax", "atomic", S, "T.atomic_max(buf[i], v)"),
    _c("atomicMin", "atomic", S, "T.atomic_min(buf[i], v)"),
    _c("atomicSub", "atomic", S, "T.atomic_add(buf[i], -v)"),
    *[_c(n, "atomic", PL, "guarded T.import_source helper", "C2T1205", "medium") for n in (
        "atomicCAS", "atomicExch", "atomicAnd", "atomicOr", "atomicXor", "atomicInc", "atomicDec")],
    _c("cooperative_groups", "cooperative-groups", PL, "", "C2T1204", "high"),
    _c("texture/surface objects", "memory-space", U, "", "C2T1203", "high"),
    _c("wmma / mma", "tensor-core", PL, "T.gemm", "C2T1203", "high"),
    _c("dynamic parallelism", "launch", U, "", "C2T1211", "high"),
    _c("printf (device)", "io", U, "", "C2T1203", "low", "remove or guard debugging output"),
]
