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


LANGUAGE: list[Construct] = [
    # built-in variables
    *[Construct(cuda=f"threadIdx.{a}", category="builtin-variable", status=S, tilelang=f"t{a} (T.Parallel variable)",
                tests=_IDX) for a in "xyz"],
    *[Construct(cuda=f"blockIdx.{a}", category="builtin-variable", status=S, tilelang=f"b{a} (T.Kernel binding)",
                tests=_IDX) for a in "xyz"],
    *[Construct(cuda=f"blockDim.{a}", category="builtin-variable", status=S, tilelang=f"block_{a} (factory constant)",
                tests=_IDX) for a in "xyz"],
    *[Construct(cuda=f"gridDim.{a}", category="builtin-variable", status=S,
                tilelang=f"grid_{a} (int32 kernel argument)",
                tests=("tests/translation/grid_stride.cu", _CONSTRUCTS + "grid3d.cu")) for a in "xyz"],
    Construct(cuda="warpSize", category="builtin-variable", status=S, tilelang="32",
              tests=(_CONSTRUCTS + "qualifiers.cu",)),
    # qualifiers
    Construct(cuda="__global__", category="qualifier", status=S, tilelang="factory + @T.prim_func",
              tests=("corpus",)),
    Construct(cuda="__device__", category="qualifier", status=S, tilelang="@T.macro",
              tests=("tests/translation/device_function.cu",)),
    Construct(cuda="__forceinline__", category="qualifier", status=S, tilelang="(ignored: macros are always inlined)",
              tests=(_CONSTRUCTS + "qualifiers.cu",)),
    Construct(cuda="__restrict__", category="qualifier", status=S, tilelang="(ignored)",
              tests=("tests/translation/saxpy.cu",)),
    Construct(cuda="const", category="qualifier", status=S, tilelang="(read-only buffer)",
              tests=("tests/translation/saxpy.cu",)),
    Construct(cuda="template", category="qualifier", status=S, tilelang="one factory per instantiation",
              tests=("tests/translation/template.cu",)),
    Construct(cuda="__launch_bounds__", category="qualifier", status=S, tilelang="(ignored)",
              tests=(_CONSTRUCTS + "qualifiers.cu",)),
    Construct(cuda="__shared__", category="memory-space", status=S, tilelang="T.alloc_shared(..., scope=smem_scope)",
              tests=("tests/translation/split_phases.cu", "tests/translation/privatize.cu")),
    Construct(cuda="extern __shared__", category="memory-space", status=S,
              tilelang="T.alloc_shared((shared_bytes // itemsize,), ...)",
              tests=("tests/translation/dynamic_shared.cu",)),
    Construct(cuda="__constant__", category="memory-space", status=U, code="C2T1204", effort="medium",
              note="pass the table as a buffer argument"),
    Construct(cuda="__device__ variable", category="memory-space", status=U, code="C2T1204", effort="medium",
              note="a file-scope device variable; pass it as a one-element buffer argument"),
    Construct(cuda="__managed__", category="memory-space", status=U, code="C2T1204", effort="medium",
              note="unified memory variable; pass a buffer"),
    Construct(cuda="global variable", category="memory-space", status=U, code="C2T1204", effort="medium",
              note="a file-scope variable read by device code whose qualifier is not visible; pass it as an "
                   "argument"),
    # types (the scanner sees dtypes, so each record names the dtype's C spellings as aliases)
    *[Construct(cuda=t, category="type", status=S, tilelang=d, tests=("tests/translation/types.cu",), aliases=a)
      for t, d, a in (
        ("float", "float32", ()), ("double", "float64", ()), ("int", "int32", ("int32_t",)),
        ("unsigned int", "uint32 (int32 carrier)", ("unsigned", "uint32_t")),
        ("long long", "int64", ("long", "int64_t")), ("bool", "bool", ()),
        # PyTorch's c10::Half is float16 too, with the conversions and mixed arithmetic c10 defines
        # (Half * float is float, Half * int is Half): tests/translation/torch_half.cu
        ("__half", "float16", ("half", "c10::Half", "at::Half")))],
    *[Construct(cuda=t, category="type", status=S, tilelang=d, tests=(_CONSTRUCTS + "types.cu",), aliases=a)
      for t, d, a in (
        ("char", "int8", ("signed char", "int8_t")), ("unsigned char", "uint8", ("uint8_t",)),
        ("short", "int16", ("int16_t",)), ("unsigned short", "uint16", ("uint16_t",)),
        ("size_t", "uint64 (int64 carrier)", ("unsigned long long", "unsigned long", "uint64_t")))],
    Construct(cuda="__nv_bfloat16", category="type", status=S,
              tilelang="float32 values rounded as bfloat16; memory holds the bits as int16",
              tests=("tests/translation/lower_bfloat16.cu", "corpus/types/bfloat16_ops.cu"),
              note="every target, the C back end included (passes/lower_bfloat16.py); sums are rounded twice "
                   "(float32, then bfloat16), as below sm_80; bit casts to 16-bit integers and c10::BFloat16's "
                   "bits member `x` are exact, and so are CAS loops on the 32-bit word holding elements; "
                   "atomics on the elements themselves and bfloat16 scalar kernel parameters are refused",
              aliases=("nv_bfloat16", "c10::BFloat16", "at::BFloat16")),
    Construct(cuda="c10::Half::x", category="type", status=S, tilelang="T.reinterpret(h, \"uint16\")",
              tests=("tests/translation/half_bits_member.cu", "tests/test_half_bits_member.py"),
              note="the public bits member of c10::Half and c10::BFloat16 (`h.x = old >> 16;`, "
                   "`old | (h.x << 16)`), read and written as the value's 16 bits; CUDA's own __half keeps "
                   "its bits private (use __half_as_ushort)", aliases=("c10::BFloat16::x",)),
    Construct(cuda="__half2", category="type", status=PL, tilelang="two float16 lanes", code="C2T1207",
              effort="medium", note="packed half pairs are not modelled; unpack with __low2float/__high2float",
              aliases=("half2",)),
    Construct(cuda="__nv_bfloat162", category="type", status=PL, tilelang="two bfloat16 lanes", code="C2T1207",
              effort="medium", aliases=("nv_bfloat162",)),
    Construct(cuda="float2", category="vector-type", status=S, tilelang="scalarised",
              tests=("tests/translation/vectors.cu",)),
    Construct(cuda="float4", category="vector-type", status=S, tilelang="scalarised",
              tests=("tests/translation/vectors.cu",)),
    Construct(cuda="int2", category="vector-type", status=S, tilelang="scalarised",
              tests=(_CONSTRUCTS + "vectors.cu",)),
    Construct(cuda="int4", category="vector-type", status=S, tilelang="scalarised",
              tests=(_CONSTRUCTS + "vectors.cu",)),
    Construct(cuda="make_float2", category="vector-type", status=S, tilelang="scalarised",
              tests=(_CONSTRUCTS + "vectors.cu",)),
    Construct(cuda="make_float4", category="vector-type", status=S, tilelang="scalarised",
              tests=("tests/translation/vectors.cu", "corpus")),
    Construct(cuda="other vector types", category="vector-type", status=P, tilelang="scalarised", code="C2T1207",
              effort="low", note="scalarised by the same code as float4, but no test covers them yet",
              aliases=_OTHER_VECTORS),
    Construct(cuda="other make_<vector> functions", category="vector-type", status=P, tilelang="scalarised",
              code="C2T1207", effort="low",
              note="scalarised by the same code as make_float4, but no test covers them yet",
              aliases=tuple("make_" + v for v in _OTHER_VECTORS)),
    Construct(cuda="struct parameter", category="type", status=P, code="C2T1202", effort="medium",
              tilelang="one argument per field: scalars, vector lanes, buffers for pointer and array fields",
              tests=("tests/translation/struct_params.cu", "corpus"),
              note="plain structs passed by value, nested too (`p.shape.rows` is `p_shape_rows`); a kernel that "
                   "writes a field of its struct parameter, or a struct with bases, virtuals or bit-fields, "
                   "is refused"),
    Construct(cuda="struct or class type", category="type", status=P, code="C2T1207", effort="medium",
              tilelang="a struct of one scalar type: the vector it is laid out as, one local per field",
              tests=("tests/translation/struct_lanes.cu", "corpus/misc/point_structs.cu"),
              note="a local, element or __device__ parameter of a struct whose fields are all of one scalar type "
                   "(`struct Point3 { float x, y, z; }`: no padding) is read and written field by field, copied "
                   "whole, passed by value or reference, returned by a __device__ function (lifted into its "
                   "caller, one `return` at its end) (lift/struct_lanes.py); a struct of mixed types as a local "
                   "or value is refused: scalarise it by hand. Its __device__ member functions take the object as a "
                   "first parameter `this` (by reference when they write it: `m.add(v)`, `++it`; `return *this;` "
                   "returns nothing new); its constructors return the object they build (fields in declaration "
                   "order, from the constructor's list or their default initialisers), and a default constructor "
                   "that sets fields runs where the object is declared (`Acc a;`)"),
    Construct(cuda="functor struct", category="type", status=S,
              aliases=("stateless struct",),
              tilelang="nothing for the object; each member function called is a macro of its own",
              tests=("tests/translation/functors.cu", "corpus/misc/functors.cu"),
              note="a struct holding nothing (`template <typename T> struct Max { T operator()(T a, T b) const; }`): "
                   "`ReduceOp<T> r; r(a, b)`, `Max<float>()(a, b)`, a functor passed by value; an object computed "
                   "by a call that may have effects is refused"),
    Construct(cuda="union", category="type", status=P, code="C2T1207", effort="medium",
              tests=("tests/translation/struct_lanes.cu", "corpus/misc/point_structs.cu"),
              note="a union of one member is that member's struct (`union Slot { unsigned long long data; }`); "
                   "a union of several (type punning) is refused: use __float_as_int and the other bit casts"),
    Construct(cuda="array of structs", category="type", status=P, code="C2T1207", effort="high",
              tilelang="a buffer of the fields' dtype, N scalars per element (`pts[3 * i + 1]` is `pts[i].y`)",
              tests=("tests/translation/struct_lanes.cu", "corpus/misc/point_structs.cu"),
              note="structs of one scalar type (clang's layout checked: field k at k * sizeof, sizeof N times "
                   "the field's); a struct of mixed types in memory (`const Node* nodes` with ints and floats) is "
                   "refused: planned as a byte buffer read through typed views"),
    Construct(cuda="PackedTensorAccessor32", category="type", status=P, code="C2T1207", effort="low",
              aliases=("PackedTensorAccessor64", "PackedTensorAccessor", "GenericPackedTensorAccessor"),
              tilelang="a buffer (`a_data`) and the sizes and strides as scalars of the index type (`a_size0`, "
                       "`a_stride0`...); `a[n][c]` reads `a_data[n * a_stride0 + c * a_stride1]`",
              tests=("tests/translation/packed_accessor.cu", "corpus/pytorch/accessors.cu"),
              note="PyTorch's n-D strided view, a kernel parameter passed by value, any element type and index "
                   "type (`int`, `int64_t`, `size_t`): elements, `size(d)`, `stride(d)`, `data()`; a view not "
                   "indexed down to an element (`auto row = a[n];`, a `TensorAccessor` parameter) and a "
                   "dimension that is not a constant are refused"),
    Construct(cuda="curandState", category="type", status=U, code="C2T1207", effort="high",
              aliases=("curand_init", "curand_uniform", "curand_normal", "curandStateXORWOW"),
              note="cuRAND's device generator has no TileLang counterpart: generate the random numbers on "
                   "the host (or with torch) and pass them in a buffer"),
    Construct(cuda="reference parameter", category="language", status=P, code="C2T1207", effort="medium",
              aliases=("T&",), tilelang="the value it refers to when only read; when written, the function "
                                        "lifted into its caller with the caller's variable or buffer element",
              tests=("tests/translation/references.cu", "corpus/misc/out_parameters.cu",
                     "tests/regressions/cases/references_passed_on.cu", "tests/translation/element_references.cu",
                     "corpus/misc/point_methods.cu"),
              note="`const float& w` read only is passed by value; `float& acc` written (`acc += v`, or passed "
                   "on to another function's reference parameter that it writes) writes the caller's local or "
                   "`out[i]` it is bound to; a written struct or vector reference to a variable is that variable, "
                   "to an element (`rotate(c, corners[k])`, `pts[i].shift(d)`) its lanes copied in and stored "
                   "back, when no other argument names its array or may write its index; refused: a written "
                   "`float*&`, `swap(a[i], a[j])`, an argument of another type, the call inside a larger "
                   "expression"),
    Construct(cuda="pointer to a variable", category="language", status=P, code="C2T1210", effort="medium",
              aliases=("&local",), tilelang="the caller's variable itself, in the inlined helper",
              tests=("tests/translation/references.cu", "corpus/misc/out_parameters.cu"),
              note="`update(&acc, v)` with `*acc = *acc + v` inside, and `atomicAdd(&count, 1)` of a "
                   "`__shared__ int count`; refused: `p[1]` or `p + 1` of such a pointer, the call inside a "
                   "larger expression"),
    Construct(cuda="nullable pointer parameter", category="language", status=S,
              aliases=("NULL", "nullptr"),
              tilelang="a compile-time flag of the factory: `null=(\"weight\",)` builds the kernel for a NULL weight",
              tests=("tests/translation/nullable_pointers.cu", "corpus/misc/optional_inputs.cu"),
              note="`if (weight != NULL)`, `bias == nullptr ? 0 : bias[c]`, `if (mask)`, `!p` on a kernel's pointer "
                   "parameter (or struct field); a NULL test of a __device__ function's own pointer parameter "
                   "that is not inlined is refused. `nullptr` passed to an inlined __device__ function "
                   "(`norm_(out, nullptr, x)`, apex's RMS norm; corpus/types/half_io.cu): its tests fold to "
                   "true, any other use of it is refused (C2T1210)"),
    Construct(cuda="SharedMemory<T>", category="language", status=P, code="C2T1210", effort="low",
              tilelang="the block's one dynamic pool (`T.alloc_shared((shared_bytes // 4,), ...)`)",
              tests=("tests/translation/shared_memory_idiom.cu", "corpus/cooperative/dynamic_shared.cu"),
              note="a struct specialised per type whose member function declares `extern __shared__` and returns it "
                   "(`T* buf = SharedMemory<T>().getPointer();`, apex, SHOC), and any `__device__` function whose "
                   "body only declares and returns a pointer: the call names the pool, in the kernel and its "
                   "helpers alike. Refused: the samples' conversion-operator form (`operator T*()`), a pointer "
                   "function that computes anything else"),
    Construct(cuda="comma operator", category="language", status=S,
              tilelang="the left as a statement before, the right as the value",
              tests=("tests/translation/assignment_values.cu",),
              note="`(j = i + 1, x[j])` and `i++, j++` steps; not where C may skip it (right of && or in ?:)"),
    # language features beyond plain C expressions
    Construct(cuda="cast", category="language", status=S, tilelang="T.cast(x, dtype)", tests=("corpus",),
              note="C casts, static_cast, T(x)", aliases=("static_cast",)),
    Construct(cuda="reinterpret_cast", category="language", status=P, code="C2T1202", effort="medium",
              tilelang="element offset scaled by the lane count; T.reinterpret for another dtype of the same size",
              tests=("corpus", "tests/translation/bit_views.cu", "corpus/cooperative/atomic_cas.cu",
                     "corpus/types/half_io.cu"),
              note="pointer casts between a scalar and its vector type (`(float4*)x`); to another scalar of the "
                   "same size (`(int*)f`, `(unsigned long long*)d`): loads and stores bit-cast, atomicCAS/"
                   "atomicExch swap the element's bits (CAS loops); a copy of whole elements through a wider type "
                   "(`*((float2*)dst) = *((float2*)src)` over halves, a zero-fill `= make_float2(0.f, 0.f)`) is "
                   "that many element copies. To another size (`(uint32_t*)(address - ((size_t)address & 3))` "
                   "over bytes, `(char*)address`): byte positions; a 32/64-bit integer word there is read "
                   "atomically and atomicCAS/atomicExch swap it (sub-word CAS loops), and `(size_t)p` is the real "
                   "address on every back end (`T.reinterpret(T.address_of(buf[0]), \"uint64\")` plus the byte offset). "
                   "Refused: stores of another size, reading bits as "
                   "a vector"),
    Construct(cuda="string literal", category="language", status=U, code="C2T1202", effort="low",
              note="only meaningful as printf's format"),
    Construct(cuda="pointer parameter moved", category="language", status=S,
              tilelang="an int64 offset variable, 0 at entry, added to every index",
              tests=("tests/translation/pointer_params.cu", "corpus"),
              note="`x += row * n;`, `p = p + k;`, `p++` in kernels and __device__ helpers, also in loops"),
    Construct(cuda="pointer chosen at run time", category="language", status=PL, code="C2T1210", effort="medium",
              note="`p = flag ? a : b;`, ping-pong buffers swapped in a loop: its buffer is not statically known"),
    Construct(cuda="function pointer", category="language", status=U, code="C2T1202", effort="high",
              note="call the function directly"),
    Construct(cuda="lambda", category="language", status=U, code="C2T1202", effort="medium",
              note="turn it into a __device__ function"),
    Construct(cuda="initializer list", category="language", status=P, code="C2T1207", effort="low",
              tilelang="a store per item, zeros for the rest (a T.serial loop for a long run)",
              tests=("tests/translation/init_arrays.cu", "corpus"),
              note="local arrays of scalars, nested braces or not (`float w[5] = {...}`, `int h[8] = {0}`); "
                   "arrays of vectors or structs, and structs, are refused"),
    Construct(cuda="assignment as value", category="language", status=P, code="C2T1202", effort="low",
              tilelang="the assignment as a statement before, then a read of its target",
              tests=("tests/translation/assignment_values.cu", "corpus"),
              note="`a = b = 0`, `if ((n = count[i]) > 0)`, `while ((v = next[v]) != 0 && ++s < 8)`, "
                   "`out[k++] = v`, `int k = j++`; refused where C may not run it (right of `&&` with an "
                   "`else`, a branch of `?:`). A conditional lvalue (`((G == 0) ? x : xref) += b;`, mmcv's "
                   "bias_act) becomes an if when its condition and value have no effect "
                   "(tests/test_conditional_lvalues.py)"),
    Construct(cuda="overloaded operator", category="language", status=P, tilelang="plain arithmetic", code="C2T1202",
              effort="medium",
              note="arithmetic and comparison operators of CUDA's own types lift; a user's operators that are "
                   "__device__ member functions of a struct of one scalar type lift as its member functions "
                   "(`it != end`, `++it`, `*it`); free user operators do not"),
    Construct(cuda="try/catch", category="language", status=U, code="C2T1201", effort="low",
              note="device code cannot throw", aliases=("try block",)),
    Construct(cuda="range-based for", category="control-flow", status=P, code="C2T1201", effort="low",
              tilelang="the loop C++ defines: range, begin()/end() iterators, `!=`, `++`, `*` (a while loop); over "
                       "an array, T.serial over its length",
              tests=("tests/translation/range_for.cu", "corpus/indexing/range_loops.cu"),
              note="over a class whose begin()/end() and iterator operators are __device__ member functions (a "
                   "class template's too: libclang does not list a specialization's members, so the front end "
                   "parses the file again with a probe that calls them), or whose iterator is a pointer; over a "
                   "local array by value or by reference (`for (float& v : w)` is `w[k]`). Refused: free "
                   "begin/end or operators, `continue` in the body, a named range the body uses, an operator* "
                   "returning a reference"),
    # control flow
    Construct(cuda="if/else", category="control-flow", status=S, tilelang="if/else", tests=("corpus",)),
    Construct(cuda="?:", category="control-flow", status=S, tilelang="T.if_then_else",
              tests=("tests/translation/control_flow.cu",)),
    Construct(cuda="for (canonical)", category="control-flow", status=S, tilelang="T.serial(start, stop, step)",
              tests=("tests/translation/grid_stride.cu",),
              note="`for (int i = a; i < b; i += s)`; a run-time s (grid-stride) becomes the cursor form"),
    Construct(cuda="for (general)", category="control-flow", status=S, tilelang="while loop",
              tests=("tests/translation/control_flow.cu",)),
    Construct(cuda="while", category="control-flow", status=S, tilelang="while",
              tests=("tests/translation/control_flow.cu",)),
    Construct(cuda="do/while", category="control-flow", status=S, tilelang="while with a flag",
              tests=("tests/translation/control_flow.cu",)),
    Construct(cuda="break/continue", category="control-flow", status=S, tilelang="break/continue",
              tests=("tests/translation/control_flow.cu",)),
    Construct(cuda="early return", category="control-flow", status=S,
              tilelang="guarded remainder (an `active` flag before barriers)",
              tests=("tests/translation/eliminate_early_returns.cu", "tests/translation/early_return_barrier.cu")),
    Construct(cuda="return inside loop", category="control-flow", status=S,
              tilelang="a flag and `break` out of each loop, then the return after the outermost",
              tests=("tests/translation/returns_in_loops.cu", "corpus"),
              note="in kernels and __device__ functions, nested loops too"),
    Construct(cuda="switch", category="control-flow", status=P, code="C2T1201", effort="low",
              tilelang="the if/else chain it means, the value read once",
              tests=("tests/translation/switch_statements.cu", "corpus/misc/search_and_chains.cu"),
              note="clauses that end in break/return/continue (braced or not), shared labels, `default` anywhere; "
                   "refused: fallthrough into the next clause, a `break` leaving the switch from inside an `if`",
              aliases=("switch statement",)),
    Construct(cuda="goto", category="control-flow", status=U, code="C2T1201", effort="high",
              aliases=("label", "computed goto")),
    Construct(cuda="asm", category="inline-ptx", status=U, code="C2T1201", effort="high",
              note="inline PTX has no TileLang equivalent; use the intrinsic " "it implements",
              aliases=("inline asm",)),
    Construct(cuda="recursion", category="control-flow", status=U, code="C2T1209", effort="high"),
    # cooperation (issue: cooperative lift)
    Construct(cuda="__syncthreads", category="barrier", status=S, tilelang="phase split + T.sync_threads()",
              tests=("tests/translation/split_phases.cu",)),
    Construct(cuda="__syncwarp", category="barrier", status=S, tilelang="phase split + T.sync_threads()",
              tests=("corpus/cooperative/block_reduce.cu",)),
    Construct(cuda="__threadfence", category="barrier", status=S,
              tilelang="c2t_threadfence helper (CUDA's __threadfence on GPUs; on C, where blocks run in turn, a "
                       "compiler barrier)", tests=("corpus/cooperative/last_block_sum.cu",),
              note="the last-block-done pattern: partials written, fence, atomic ticket, the last block combines"),
    *[Construct(cuda=n, category="warp", status=S, tilelang="shared scratch + phases",
                tests=("tests/translation/lower_warp_ops.cu", t)) for n, t in (
        ("__shfl_sync", "corpus/cooperative/warp_shuffle.cu"), ("__shfl_up_sync", "corpus/cooperative/block_scan.cu"),
        ("__shfl_down_sync", "corpus/cooperative/warp_shuffle.cu"),
        ("__shfl_xor_sync", "corpus/cooperative/warp_shuffle.cu"))],
    *[Construct(cuda=n, category="warp", status=S, tilelang="staged predicate + per-warp OR",
                tests=("tests/translation/warp_vote.cu", "corpus/cooperative/warp_shuffle.cu")) for n in (
        "__ballot_sync", "__any_sync", "__all_sync")],
    Construct(cuda="__activemask", category="warp", status=S, tilelang="0xffffffff (no divergence modelled)",
              note="all lanes of the warp are active",
              tests=("tests/translation/warp_vote.cu", _CONSTRUCTS + "warp_extras.cu")),
    Construct(cuda="volatile shared (warp-synchronous)", category="warp", status=S,
              tilelang="read, warp barrier, write, warp barrier; no barrier where no lane reads the buffer "
                       "across it before a block barrier",
              tests=("tests/translation/volatile_warp.cu", "tests/translation/volatile_store_syncs.cu")),
    Construct(cuda="atomicAdd", category="atomic", status=S, tilelang="T.atomic_add(buf[i], v)",
              tests=("tests/translation/atomics.cu", "tests/translation/dynamic_shared.cu")),
    Construct(cuda="atomicMax", category="atomic", status=S, tilelang="T.atomic_max(buf[i], v)",
              tests=(_CONSTRUCTS + "atomics.cu",)),
    Construct(cuda="atomicMin", category="atomic", status=S, tilelang="T.atomic_min(buf[i], v)",
              tests=(_CONSTRUCTS + "atomics.cu",)),
    Construct(cuda="atomicSub", category="atomic", status=S, tilelang="T.atomic_add(buf[i], -v)",
              tests=(_CONSTRUCTS + "atomics.cu",)),
    *[Construct(cuda=n, category="atomic", status=P,
                tilelang="helper via T.import_source (atomic on CUDA, read-modify-write on C)", code="C2T1205",
                effort="low", note="32-bit int (atomicExch: and float) only",
                tests=("corpus/cooperative/atomic_cas.cu",)) for n in (
        "atomicCAS", "atomicExch", "atomicAnd", "atomicOr", "atomicXor")],
    *[Construct(cuda=n, category="atomic", status=PL, tilelang="guarded T.import_source helper", code="C2T1205",
                effort="medium") for n in (
        "atomicInc", "atomicDec")],
    Construct(cuda="cooperative_groups", category="cooperative-groups", status=PL, code="C2T1204", effort="high",
              note="any other cooperative_groups type or call"),
    Construct(cuda="texture/surface objects", category="texture-surface", status=U, code="C2T1203", effort="high",
              note="read the underlying array as a buffer (interpolation and addressing modes by hand)"),
    Construct(cuda="wmma / mma", category="tensor-core", status=PL, tilelang="T.gemm", code="C2T1203", effort="high"),
    Construct(cuda="dynamic parallelism", category="dynamic-parallelism", status=U, code="C2T1211", effort="high",
              note="launch the child grid from the host", aliases=("kernel launch from device code",)),
    Construct(cuda="printf (device)", category="debug", status=P, code="C2T1217", effort="low",
              tilelang="left out, with a note at its line",
              note="debugging output is not compared by parity and TileLang's C back end has no stdio; a printf "
                   "whose arguments have effects is refused", tests=("tests/translation/device_assert.cu",),
              aliases=("printf",)),
]
