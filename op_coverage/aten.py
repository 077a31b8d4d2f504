"""The host API of PyTorch C++ extensions and its `torch` spelling: what `cuda2tile/pytorch` lifts.

A PyTorch extension's host functions check their tensors, allocate outputs, take raw pointers and
launch kernels through ATen. Each record maps one C++ spelling, as clang names its declaration
(`at::empty`; `torch::empty` is the same declaration; `Tensor.sizes` for a method of `at::Tensor`),
to a Python template the lifter fills in:

    {self}        the receiver of a method
    {0}, {1}...   the arguments written (default arguments left out count as not written)
    {args}        all written arguments, comma-separated
    {dtype}       the torch dtype of the pointer a `data_ptr<T>()` returns (`torch.float32`), or of the
                  elements of a TensorInfo<T, IndexType> a `getTensorInfo<T, IndexType>(t)` returns
    {ctype0}      the first template argument of a call, as a Python string (`'c10::Half'` of
                  `std::numeric_limits<c10::Half>::max()`)
    {rt}          the converted package's runtime module (`_cuda2tile_runtime`)
    {rank}, {index_bits}  an accessor's N and the bits of its index_t (`packed_accessor<T, N, Traits, index_t>`),
                  or the bits of a TensorInfo's IndexType
    {on}          the device the lifted function serves (a `Served`: on CPU tensors through TileLang's C
                  back end, on CUDA tensors through its CUDA back end); a device-type constant is read
                  through it, so that `x.device().type() == at::kCUDA` in a CUDA implementation holds
                  for the CPU tensors the same function serves on the C back end

`arity` lists the numbers of written arguments a record covers (None: any). A call with no record, or
with an arity no record covers, is refused (C2T1603) rather than guessed.

Like `host.py`, these records are host code: they are not in `ALL_CONSTRUCTS` (docs/coverage.md counts
device constructs); docs/pytorch.md documents them.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True, kw_only=True)
class AtenMapping:
    cpp: str  # "at::empty", "Tensor.sizes", "c10::kFloat"
    kind: str  # "function" | "method" | "constant"
    python: str  # template (above)
    arity: tuple[int, ...] | None = None
    note: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class CheckMacro:
    """A check macro and the Python exception PyTorch raises for it (c10::Error -> RuntimeError...)."""
    macro: str
    exception: str
    note: str = ""


def _f(cpp, python, arity=None, note=""):
    return AtenMapping(cpp=cpp, kind="function", python=python, arity=arity, note=note)


def _m(cpp, python, arity=None, note=""):
    return AtenMapping(cpp=cpp, kind="method", python=python, arity=arity, note=note)


def _c(cpp, python, note=""):
    return AtenMapping(cpp=cpp, kind="constant", python=python, note=note)


# ATen's scalar types (c10/core/ScalarType.h) -> torch dtypes; each is reachable as `c10::kFloat`,
# `c10::ScalarType::Float` (at::, torch:: and the `kFloat32` aliases are the same declarations)
SCALAR_TYPES = {
    "Float": "float32", "Double": "float64", "Half": "float16", "BFloat16": "bfloat16", "Int": "int32",
    "Long": "int64", "Short": "int16", "Char": "int8", "Byte": "uint8", "Bool": "bool",
    "ComplexFloat": "complex64", "ComplexDouble": "complex128",
}
_SCALAR_ALIASES = {"Float32": "Float", "Float64": "Double", "Float16": "Half", "Int32": "Int", "Int64": "Long",
                   "Int16": "Short", "Int8": "Char", "UInt8": "Byte"}
DEVICE_TYPES = {"CPU": "cpu", "CUDA": "cuda", "Meta": "meta", "HIP": "hip", "XPU": "xpu", "MPS": "mps"}

# Tensor methods and ATen functions whose torch spelling is the same name with the same arguments
_SAME_METHODS = ("contiguous", "numel", "dim", "is_contiguous", "zero_", "fill_", "view", "reshape", "clone",
                 "element_size", "sum", "mean", "max", "min", "abs", "exp", "log", "sqrt", "sigmoid", "tanh", "relu",
                 "t", "transpose", "permute", "narrow", "select", "index_select", "unsqueeze", "squeeze", "flatten",
                 "expand", "expand_as", "copy_", "add_", "mul_", "sub_", "div_", "add", "mul", "sub", "div", "pow",
                 "matmul", "mm", "neg", "chunk", "split", "detach", "masked_fill", "masked_fill_", "clamp", "clamp_",
                 "gather", "scatter_", "index_add_", "cumsum", "argmax", "argmin", "all", "any", "nonzero",
                 "new_empty", "new_zeros", "new_ones", "new_full", "is_floating_point", "storage_offset",
                 "requires_grad", "is_meta", "type_as", "flip", "roll", "ceil", "floor", "round", "true_divide",
                 "true_divide_", "pow_", "cumprod", "prod", "sort", "argsort", "topk", "repeat", "repeat_interleave",
                 "masked_select", "scatter", "scatter_add", "scatter_add_", "index_fill_", "index_put_", "lt", "le",
                 "gt", "ge", "eq", "ne", "logical_and", "logical_or", "logical_not", "sign", "floor_divide",
                 "remainder", "fmod", "norm", "log1p", "expm1", "sin", "cos", "square", "reciprocal", "rsqrt",
                 "view_as", "reshape_as", "uniform_", "normal_", "bernoulli_", "isnan", "isinf", "isfinite",
                 "minimum", "maximum", "div_", "neg_", "exp_", "log_", "sqrt_", "abs_", "sign_", "clamp_min",
                 "clamp_max", "clamp_min_", "clamp_max_", "bitwise_and", "bitwise_or", "bitwise_xor", "bitwise_not",
                 "cpu", "item")
_SAME_FUNCTIONS = ("empty_like", "zeros_like", "ones_like", "full_like", "rand_like", "randn_like", "cat", "stack",
                   "addmm", "mm", "bmm", "matmul", "sigmoid", "tanh", "exp", "log", "sqrt", "relu", "where", "clamp",
                   "sum", "mean", "max", "min", "abs", "add", "mul", "sub", "div", "arange", "linspace", "softmax",
                   "log_softmax", "zeros_like", "index_select", "gather", "cumsum", "floor", "ceil", "round",
                   "cumprod", "prod", "sort", "argsort", "topk", "true_divide", "pow", "norm", "repeat_interleave",
                   "masked_select", "logical_and", "logical_or", "logical_not", "eq", "ne", "lt", "le", "gt", "ge",
                   "minimum", "maximum", "floor_divide", "remainder", "bucketize", "searchsorted", "unsqueeze",
                   "squeeze", "transpose", "narrow", "isnan", "isinf", "isfinite", "full")

# C++ passes every argument by position; torch's Python API takes these only by keyword (they are keyword-only
# in ATen's schemas): name -> (how many of the C++ arguments, the receiver not counted, come before them, the
# keywords in order). `out.div_(count, "floor")` is `out.div_(count, rounding_mode='floor')`.
_KEYWORD_ONLY = {"div": (1, ("rounding_mode",)), "div_": (1, ("rounding_mode",)), "add": (1, ("alpha",)),
                 "add_": (1, ("alpha",)), "sub": (1, ("alpha",)), "sub_": (1, ("alpha",)), "sum": (2, ("dtype",)),
                 "mean": (2, ("dtype",)), "cumsum": (1, ("dtype",)), "cumprod": (1, ("dtype",)),
                 "gather": (2, ("sparse_grad",)), "scatter": (3, ("reduce",)), "scatter_": (3, ("reduce",)),
                 "repeat_interleave": (2, ("output_size",)), "searchsorted": (1, ("out_int32", "right")),
                 "bucketize": (1, ("out_int32", "right"))}


def _keyword_records() -> list:
    """The calls of _KEYWORD_ONLY's names that pass a keyword-only argument (more arguments than come before
    them), as a method and as a function (whose first argument is the tensor)."""
    out = []
    for name, (before, keywords) in _KEYWORD_ONLY.items():
        for extra in range(1, len(keywords) + 1):
            written = [f"{{{i}}}" for i in range(before)]
            named = [f"{k}={{{before + i}}}" for i, k in enumerate(keywords[:extra])]
            out.append(_m(f"Tensor.{name}", f"{{self}}.{name}({', '.join(written + named)})", (before + extra,),
                          "a keyword-only argument in Python"))
            written = [f"{{{i}}}" for i in range(before + 1)]
            named = [f"{k}={{{before + 1 + i}}}" for i, k in enumerate(keywords[:extra])]
            out.append(_f(f"at::{name}", f"torch.{name}({', '.join(written + named)})", (before + 1 + extra,),
                          "a keyword-only argument in Python"))
    return out


ATEN: list[AtenMapping] = [
    *_keyword_records(),
    # ---- factories: the TensorOptions overloads (the stand-in headers declare only those)
    *[_f(f"at::{name}", f"torch.{name}({{0}}, **{{1}})", (2,)) for name in ("empty", "zeros", "ones", "rand", "randn")],
    *[_f(f"at::{name}", f"torch.{name}({{0}})", (1,)) for name in ("empty", "zeros", "ones", "rand", "randn")],
    _f("at::randperm", "torch.randperm({0}, **{1})", (2,)),
    _f("at::randperm", "torch.randperm({0})", (1,)),
    _f("at::full", "torch.full({0}, {1}, **{2})", (3,)),
    _f("at::full", "torch.full({0}, {1})", (2,)),
    *[_f(f"at::{name}", f"torch.{name}({{0}}, **{{1}})", (2,), "with TensorOptions")
      for name in ("empty_like", "zeros_like", "ones_like")],
    *[_f(f"at::{name}", f"torch.{name}({{args}})") for name in _SAME_FUNCTIONS],
    _f("at::empty_strided", "torch.empty_strided({0}, {1}, **{2})", (3,)),
    # ---- activations: ATen's own operators (torch.nn.functional's spellings differ in arguments)
    *[_f(f"at::{name}", f"torch.ops.aten.{name}({{args}})")
      for name in ("elu", "celu", "selu", "silu", "mish", "gelu", "leaky_relu", "hardtanh", "softplus", "threshold")],
    # ---- TensorOptions
    _f("c10::dtype", "{{'dtype': {0}}}", (1,)),
    _f("c10::cuda::MaybeSetDevice", "{rt}.maybe_set_device({0}, {on})", (1,),
       "the current CUDA device, when serving CUDA tensors (TileLang launches on the current device)"),
    _f("c10::cuda::set_device", "{rt}.maybe_set_device({0}, {on})", (1,)),
    _f("c10::str", "{rt}.cstr({args})", None, "each part as a C++ stream writes it (`AT_ERROR(\"...\", x)`)"),
    _f("std::make_tuple", "({args},)", None, "a std::tuple of returns is the schema's tuple"),
    _f("std::get", "{0}[{targ0}]", (1,), "`std::get<0>(t.max(0))`: the element at a constant index"),
    _f("c10::device", "{{'device': {0}}}", (1,)),
    _m("TensorOptions.dtype", "{rt}.with_options({self}, dtype={0})", (1,)),
    _m("TensorOptions.device", "{rt}.with_options({self}, device={0})", (1,)),
    _m("TensorOptions.requires_grad", "{rt}.with_options({self}, requires_grad={0})", (1,)),
    _m("TensorOptions.layout", "{rt}.with_options({self}, layout={0})", (1,)),
    # ---- Tensor methods
    _m("Tensor.sizes", "{self}.size()", (0,)),
    _m("Tensor.size", "{self}.size({0})", (1,)),
    _m("Tensor.strides", "{self}.stride()", (0,)),
    _m("Tensor.stride", "{self}.stride({0})", (1,)),
    _m("Tensor.ndimension", "{self}.dim()", (0,)),
    _m("Tensor.dtype", "{self}.dtype", (0,)),
    _m("Tensor.scalar_type", "{self}.dtype", (0,)),
    _m("Tensor.options", "{rt}.options({self})", (0,)),
    _m("Tensor.device", "{self}.device", (0,)),
    _m("Tensor.get_device", "{rt}.get_device({self})", (0,)),
    _m("Tensor.is_cuda", "{rt}.is_on({self}.device, 'cuda', {on})", (0,)),
    _m("Tensor.is_cpu", "{rt}.is_on({self}.device, 'cpu', {on})", (0,)),
    _m("Tensor.defined", "({self} is not None)", (0,)),
    _m("Tensor.data_ptr", "{rt}.data_ptr({self}, {dtype})", (0,), "checks the dtype as ATen does"),
    _m("Tensor.mutable_data_ptr", "{rt}.data_ptr({self}, {dtype})", (0,)),
    _m("Tensor.const_data_ptr", "{rt}.data_ptr({self}, {dtype})", (0,)),
    _m("Tensor.data", "{rt}.data_ptr({self}, {dtype})", (0,), "the deprecated data<T>()"),
    _m("Tensor.item", "{self}.item()", (0,)),
    *[_m(f"Tensor.{name}", "{rt}.accessor({self}, {dtype}, {rank}, {index_bits})", (0,),
         "the data pointer, sizes and strides a kernel's accessor parameter receives; ATen's checks")
      for name in ("packed_accessor", "packed_accessor32", "packed_accessor64", "generic_packed_accessor")],
    _m("Tensor.slice", "torch.ops.aten.slice.Tensor({self}, {args})", (0, 1, 2, 3, 4),
       "no Python method: ATen's operator, with its clamping of start and end"),
    _m("Tensor.to", "{rt}.tensor_to({self}, {args})", None,
       "TensorOptions as the dtype and device they give (Tensor.to takes no layout)"),
    _m("Tensor.type", "{self}.dtype", (0,), "`x.type().scalarType()` reads the dtype"),
    _m("Tensor.toType", "{self}.to({0})", (1,), "`x.toType(torch::kLong)`: a copy converted to the dtype"),
    # std::optional<T> (`std::optional<Tensor> out`, `std::optional<int64_t> dim_size`): None when empty
    # torch::autograd::AutogradContext (`ctx` of a C++ autograd function) as torch.autograd.Function's ctx
    _m("AutogradContext.save_for_backward", "{self}.save_for_backward(*{0})", (1,)),
    _m("AutogradContext.mark_dirty", "{self}.mark_dirty(*{0})", (1,)),
    _m("AutogradContext.mark_non_differentiable", "{self}.mark_non_differentiable(*{0})", (1,)),
    _m("AutogradContext.set_materialize_grads", "{self}.set_materialize_grads({0})", (1,)),
    _m("AutogradContext.get_saved_variables", "list({self}.saved_tensors)", (0,)),
    _m("AutogradContext.needs_input_grad", "{self}.needs_input_grad[{0}]", (1,)),
    # c10::IValue, the boxed values of `ctx->saved_data`: kept unboxed in Python
    _m("IValue.toInt", "int({self})", (0,)),
    _m("IValue.toDouble", "float({self})", (0,)),
    _m("IValue.toBool", "bool({self})", (0,)),
    _m("IValue.toTensor", "{self}", (0,)),
    _m("IValue.toIntList", "list({self})", (0,)),
    _m("IValue.toIntVector", "list({self})", (0,)),
    _m("IValue.isNone", "({self} is None)", (0,)),
    _m("optional.has_value", "({self} is not None)", (0,)),
    _m("optional.value", "{rt}.optional_value({self})", (0,), "an empty one raises, as bad_optional_access"),
    _m("optional.value_or", "({self} if {self} is not None else {0})", (1,)),
    *[_m(f"Tensor.{name}", f"{{self}}.{name}({{args}})") for name in _SAME_METHODS],
    # ---- small value types
    _m("TypeMeta.toScalarType", "{self}", (0,)),
    _m("TypeMeta.name", "{rt}.dtype_name({self})", (0,)),
    _m("DeprecatedTypeProperties.scalarType", "{self}", (0,)),
    _m("Device.type", "{self}.type", (0,)),
    _m("Device.index", "{rt}.device_index({self})", (0,)),
    _m("Device.is_cuda", "{rt}.is_on({self}, 'cuda', {on})", (0,)),
    _m("Device.is_cpu", "{rt}.is_on({self}, 'cpu', {on})", (0,)),
    _m("IntArrayRef.size", "len({self})", (0,)),
    _m("IntArrayRef.vec", "list({self})", (0,)),
    # std::vector<int64_t> built in host code (`result.reserve(n); result.push_back(x)`): a Python list
    _m("IntArrayRef.reserve", "{rt}.reserve({self}, {0})", (1,), "capacity only: nothing to do"),
    _m("IntArrayRef.push_back", "{self}.append({0})", (1,)),
    _m("IntArrayRef.emplace_back", "{self}.append({0})", (1,)),
    _m("IntArrayRef.clear", "{self}.clear()", (0,)),
    _m("IntArrayRef.empty", "(len({self}) == 0)", (0,)),
    _m("IntArrayRef.equals", "(tuple({self}) == tuple({0}))", (1,)),
    _m("vector.size", "len({self})", (0,)),
    _m("CUDAStream.stream", "{self}", (0,)),
    # ---- CUDA runtime around launches
    _f("c10::cuda::getCurrentCUDAStream", "{rt}.current_stream({on})", (0, 1)),
    _f("c10::cuda::getDefaultCUDAStream", "{rt}.current_stream({on})", (0, 1)),
    # host memory the host program allocates and fills from the device (`auto n = (int64_t *)malloc(8);
    # cudaMemcpy(n, out_ptr[-1].data_ptr<int64_t>(), 8, cudaMemcpyDeviceToHost); ... n[0]`): a CPU tensor
    # of bytes, copied into byte for byte
    _f("malloc", "{rt}.host_alloc({0})", (1,), "a CPU tensor of that many bytes"),
    _f("free", "{rt}.host_free({0})", (1,), "nothing: the tensor is freed with its last reference"),
    _f("cudaMemcpy", "{rt}.memcpy({0}, {1}, {2})", (4,), "bytes from one tensor's storage to another's, "
       "whatever the devices (the direction argument is implied by them)"),
    _f("cudaMemcpyAsync", "{rt}.memcpy({0}, {1}, {2})", (4, 5), "as cudaMemcpy, then synchronised"),
    *[_c(f"{scope}cudaMemcpy{kind}", repr(kind)) for kind in ("HostToHost", "HostToDevice", "DeviceToHost",
                                                               "DeviceToDevice", "Default")
      for scope in ("cudaMemcpyKind::", "")],
    _f("cudaGetLastError", "0", (0,), "launches raise instead"),
    _f("cudaPeekAtLastError", "0", (0,), "launches raise instead"),
    _f("c10::cuda::c10_cuda_check_implementation", "None", None, "C10_CUDA_CHECK / C10_CUDA_KERNEL_LAUNCH_CHECK"),
    # ---- arithmetic helpers host code uses in grid formulas
    *[_f(f"std::numeric_limits::{which}", f"{{rt}}.numeric_limit({{ctype0}}, {which!r})", (0,),
         "of the C++ type named, which the package's runtime maps to its torch dtype")
      for which in ("max", "min", "lowest", "epsilon", "infinity", "quiet_NaN")],
    # a project's constant table (`const std::map<std::string, R> m = {...}`) is a dict
    _m("map.at", "{rt}.map_at({self}, {0})", (1,), "std::out_of_range (RuntimeError) for a missing key"),
    _m("map.count", "int({0} in {self})", (1,)),
    _m("map.size", "len({self})", (0,)),
    _m("map.empty", "(len({self}) == 0)", (0,)),
    # ATen's kernel-argument struct (ATen/cuda/detail/TensorInfo.cuh): data, sizes, strides, dims, which a
    # converted kernel takes as four parameters (cuda2tile flattens a struct parameter field by field)
    _f("at::cuda::detail::getTensorInfo", "{rt}.tensor_info({0}, {dtype}, {index_bits})", (1,),
       "sizes and strides as IndexType, the dtype checked as data_ptr checks it"),
    _f("std::min", "min({0}, {1})", (2,)),
    _f("std::max", "max({0}, {1})", (2,)),
    _f("at::ceil_div", "{rt}.ceil_div({0}, {1})", (2,)),
    _f("at::cuda::ATenCeilDiv", "{rt}.ceil_div({0}, {1})", (2,)),
    _f("ATenCeilDiv", "{rt}.ceil_div({0}, {1})", (2,)),
    _f("THCCeilDiv", "{rt}.ceil_div({0}, {1})", (2,)),
    # ---- constants
    *[_c(f"c10::k{name}", f"torch.{dtype}") for name, dtype in SCALAR_TYPES.items()],
    *[_c(f"c10::k{alias}", f"torch.{SCALAR_TYPES[name]}") for alias, name in _SCALAR_ALIASES.items()],
    *[_c(f"c10::ScalarType::{name}", f"torch.{dtype}") for name, dtype in SCALAR_TYPES.items()],
    *[_c(f"c10::k{name}", f"{{on}}.type_of('{value}')") for name, value in DEVICE_TYPES.items()],
    *[_c(f"c10::DeviceType::{name}", f"{{on}}.type_of('{value}')") for name, value in DEVICE_TYPES.items()],
    # cuda.h's and cuda_runtime_api.h's version macros (12040 is CUDA 12.4): in a drop-in, the CUDA it runs
    # with (torch's, else the toolkit's nvcc, else -1 as a build without CUDA returns), which its kernels
    # are compiled for at run time. pytorch_scatter's `cuda_version()` compares it with torch.version.cuda.
    _c("CUDA_VERSION", "{rt}.cuda_version()", "the CUDA the converted package runs with"),
    _c("CUDART_VERSION", "{rt}.cuda_version()", "the CUDA the converted package runs with"),
    _c("std::nullopt", "None"),
    _c("c10::nullopt", "None"),
    _c("c10::MemoryFormat::Contiguous", "torch.contiguous_format"),
    _c("c10::MemoryFormat::Preserve", "torch.preserve_format"),
    _c("c10::MemoryFormat::ChannelsLast", "torch.channels_last"),
    _c("c10::kStrided", "torch.strided"),
    _c("c10::Layout::Strided", "torch.strided"),
]

CHECK_MACROS: list[CheckMacro] = [
    CheckMacro(macro="TORCH_CHECK", exception="RuntimeError", note="c10::Error"),
    CheckMacro(macro="TORCH_INTERNAL_ASSERT", exception="RuntimeError", note="c10::Error, with ATen's wording"),
    CheckMacro(macro="TORCH_CHECK_VALUE", exception="ValueError"),
    CheckMacro(macro="TORCH_CHECK_TYPE", exception="TypeError"),
    CheckMacro(macro="TORCH_CHECK_INDEX", exception="IndexError"),
    CheckMacro(macro="TORCH_CHECK_NOT_IMPLEMENTED", exception="NotImplementedError"),
    CheckMacro(macro="TORCH_CHECK_LINALG", exception="torch.linalg.LinAlgError"),
    CheckMacro(macro="AT_CHECK", exception="RuntimeError", note="removed in PyTorch 1.5, still in old extensions"),
    CheckMacro(macro="AT_ASSERTM", exception="RuntimeError"),
    CheckMacro(macro="AT_ASSERT", exception="RuntimeError"),
]

# the message PyTorch gives a TORCH_CHECK written without one (c10/util/Exception.h, TORCH_CHECK_MSG)
DEFAULT_CHECK_MESSAGE = ("Expected {cond} to be true, but got false.  (Could this error message be improved?  "
                         "If so, please report an enhancement request to PyTorch.)")
# TORCH_INTERNAL_ASSERT's message: `#cond " INTERNAL ASSERT FAILED at " __FILE__ ":" __LINE__ ", please ..."`
INTERNAL_ASSERT_MESSAGE = '{cond} INTERNAL ASSERT FAILED at "{file}":{line}, please report a bug to PyTorch. '

_BY_KEY: dict[tuple[str, str], list[AtenMapping]] = {}
for _r in ATEN:
    _BY_KEY.setdefault((_r.kind, _r.cpp), []).append(_r)
_CHECKS = {c.macro: c for c in CHECK_MACROS}


def aten_lookup(kind: str, cpp: str, arity: int) -> AtenMapping | None:
    """The record for `cpp` (a qualified function, `Class.method` or constant) taking `arity` written
    arguments; `torch::` and `at::` spellings are tried as the same namespace."""
    names = [cpp]
    for a, b in (("torch::", "at::"), ("at::", "c10::"), ("torch::", "c10::"), ("at::cuda::", "c10::cuda::")):
        if cpp.startswith(a):
            names.append(b + cpp[len(a):])
    for name in names:
        for record in _BY_KEY.get((kind, name), ()):
            if record.arity is None or arity in record.arity:
                return record
    return None


def check_exception(macro: str) -> str:
    """The Python exception of a check macro; a project's own macro over TORCH_CHECK raises RuntimeError."""
    record = _CHECKS.get(macro)
    return record.exception if record else "RuntimeError"
