"""Load launch specs (TOML, format in docs/launch-spec.md) and make a kernel's inputs from them.

A spec says how to run one kernel: block, grid (C expressions over named sizes), and each
argument (a scalar value, or a buffer's dtype, shape and initial distribution). An optional
`[kernel.gpu]` table gives the same launch at a size worth timing on a GPU (`GpuSize`;
`KernelSpec.at_gpu_size()`), read by benchmarks/gpu_speed.py. Errors are `SpecError`s carrying
diagnostic code C2T1301 and the spec file's path.
"""

from __future__ import annotations

import re
try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: the same parser, from PyPI (pyproject's tomli dependency)
    import tomli as tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np

from cuda2tile.spec import bfloat16
from cuda2tile.spec.cexpr import CExprError, evaluate

BUFFER_DTYPES = ("float16", "bfloat16", "float32", "float64", "int8", "int16", "int32", "int64", "uint8", "uint16",
                 "uint32", "uint64")
INITS = ("normal", "uniform", "int", "zeros", "ones", "arange", "permutation", "index", "values")
# dtype-appropriate default tolerances: (rtol, atol); integers compare exactly
DEFAULT_TOLERANCE = {"float16": (1e-3, 1e-3), "bfloat16": (1e-2, 1e-2), "float32": (1e-5, 1e-6),
                     "float64": (1e-12, 1e-12)}
# CUDA's grid limits (x, y, z) and the element count past which `int` indexing overflows
GRID_LIMITS = (2**31 - 1, 65535, 65535)
INT32_ELEMENTS = 2**31 - 1
_GPU_KEYS = {"sizes", "group", "flops", "bytes", "tolerance"}
_GROUP = re.compile(r"[a-z][a-z0-9_-]*\Z")


class SpecError(ValueError):
    code = "C2T1301"

    def __init__(self, path: str, message: str):
        super().__init__(f"{path}: {message}")
        self.path = path
        self.message = message


@dataclass(frozen=True)
class ArgSpec:
    name: str
    value: object = None  # scalars: a number or a C expression over sizes
    dtype: str | None = None  # buffers
    shape: tuple = ()
    init: str = "zeros"
    options: dict = field(default_factory=dict)  # low, high, mean, std
    output: bool = False
    null: bool = False  # `null = true`: the launch passes NULL for this pointer (the kernel tests it)

    @property
    def is_buffer(self) -> bool:
        return self.dtype is not None


@dataclass(frozen=True)
class GpuSize:
    """`[kernel.gpu]`: the entry's launch at GPU size.

    sizes:     overrides of the entry's `sizes` (every other field is evaluated over the result)
    group:     a summary group of the benchmark's geometric means ("matmul", "reduction", ...)
    flops:     useful floating-point operations of one launch (C expression), for TFLOP/s
    bytes:     bytes one launch moves (C expression), for GB/s; None: every buffer once
    tolerance: (rtol, atol) replacing the entry's at this size, with its reason
    """
    sizes: dict
    group: str = ""
    flops: object = None
    bytes: object = None
    tolerance: tuple[float, float] | None = None
    tolerance_reason: str = ""


@dataclass(frozen=True)
class KernelSpec:
    name: str
    path: str
    block: tuple[int, ...]
    grid: tuple
    sizes: dict
    args: dict[str, ArgSpec]
    template: tuple[str, ...] = ()
    reference: str | None = None
    tolerance: tuple[float, float] | None = None
    tolerance_reason: str = ""
    gpu: GpuSize | None = None

    @property
    def cuda_name(self) -> str:
        return f"{self.name}<{', '.join(self.template)}>" if self.template else self.name

    @property
    def outputs(self) -> list[str]:
        return [a.name for a in self.args.values() if a.output]

    def grid_values(self) -> tuple[int, ...]:
        return tuple(int(self._eval(g)) for g in self.grid)

    def at_gpu_size(self) -> KernelSpec:
        """This entry with its `[kernel.gpu]` sizes (and tolerance, if it gives one); needs `gpu`."""
        if self.gpu is None:
            raise SpecError(self.path, f"kernel {self.name}: no [kernel.gpu] table")
        tolerance = (self.gpu.tolerance, self.gpu.tolerance_reason) if self.gpu.tolerance else \
            (self.tolerance, self.tolerance_reason)
        return replace(self, sizes={**self.sizes, **self.gpu.sizes}, tolerance=tolerance[0],
                       tolerance_reason=tolerance[1])

    def buffer_elements(self) -> dict[str, int]:
        """Element count of every buffer argument at this entry's sizes."""
        return {a.name: 0 if a.null else int(np.prod([int(self._eval(s)) for s in a.shape]))
                for a in self.args.values() if a.is_buffer}

    def buffer_bytes(self) -> int:
        """Bytes of all buffer arguments together (one copy of each)."""
        counts = self.buffer_elements()
        return sum(counts[a.name] * element_size(a.dtype) for a in self.args.values() if a.is_buffer)

    def work(self) -> tuple[float | None, float]:
        """(floating-point operations of one launch or None, bytes it moves) from `[kernel.gpu]`;
        without `bytes`, every buffer is counted once."""
        gpu = self.gpu or GpuSize({})
        flops = float(self._eval(gpu.flops)) if gpu.flops is not None else None
        moved = float(self._eval(gpu.bytes)) if gpu.bytes is not None else float(self.buffer_bytes())
        return flops, moved

    def _eval(self, expr):
        try:
            return evaluate(expr, self.sizes)
        except CExprError as err:
            raise SpecError(self.path, f"kernel {self.name}: {err}") from None

    def make_inputs(self, seed: int = 0) -> dict[str, object]:
        """The kernel's arguments: numpy arrays (flat, as the kernel sees them) and Python scalars."""
        rng = np.random.default_rng(seed)
        values: dict[str, object] = {}
        for arg in self.args.values():
            if not arg.is_buffer:
                values[arg.name] = self._eval(arg.value)
                continue
            if arg.null:
                values[arg.name] = None  # a NULL pointer (the reference gets None too)
                continue
            shape = tuple(int(self._eval(s)) for s in arg.shape)
            values[arg.name] = self._buffer(arg, shape, rng)
        return values

    def _buffer(self, arg: ArgSpec, shape: tuple[int, ...], rng) -> np.ndarray:
        count = int(np.prod(shape)) if shape else 1
        o = arg.options
        if arg.init == "normal":
            data = rng.normal(o.get("mean", 0.0), o.get("std", 1.0), count)
        elif arg.init == "uniform":
            data = rng.uniform(o.get("low", -1.0), o.get("high", 1.0), count)
        elif arg.init == "int":
            low, high = int(o.get("low", 0)), int(o.get("high", 100))
            # keys above 2^63 (`high = 18446744073709551616` for uint64) need numpy's unsigned generator
            wide = np.uint64 if low >= 0 and high > np.iinfo(np.int64).max + 1 else np.int64
            data = rng.integers(low, high, count, dtype=wide)
        elif arg.init == "zeros":
            data = np.zeros(count)
        elif arg.init == "ones":
            data = np.ones(count)
        elif arg.init == "arange":
            data = np.arange(count)
        elif arg.init == "permutation":
            data = rng.permutation(count)
        elif arg.init == "values":  # a literal list, element by element: `values = [100, 1]`
            data = np.array(o["values"])
            if data.size != count:
                _fail(self.path, f"kernel {self.name}: argument '{arg.name}' has {count} elements and "
                                 f"{data.size} values")
        else:  # index
            data = rng.integers(0, int(self._eval(o.get("high", count))), count)
        if arg.dtype == "bfloat16":  # the elements' bits (spec/bfloat16.py): what `__nv_bfloat16*` points to
            return np.ascontiguousarray(bfloat16.to_bits(data.astype(np.float32)).reshape(shape))
        return np.ascontiguousarray(data.astype(arg.dtype).reshape(shape))


def element_size(dtype: str) -> int:
    return bfloat16.ITEMSIZE if dtype == "bfloat16" else np.dtype(dtype).itemsize


def numpy_dtype(dtype: str) -> np.dtype:
    """The numpy dtype a buffer of `dtype` is held in: bfloat16 as its uint16 bits."""
    return np.dtype(bfloat16.BITS_DTYPE) if dtype == "bfloat16" else np.dtype(dtype)


def _fail(path, message):
    raise SpecError(str(path), message)


def _arg(path, kernel: str, name: str, raw) -> ArgSpec:
    if not isinstance(raw, dict):
        _fail(path, f"kernel {kernel}: argument '{name}' must be a table")
    known = {"value", "dtype", "shape", "init", "output", "low", "high", "mean", "std", "values", "null"}
    unknown = set(raw) - known
    if unknown:
        _fail(path, f"kernel {kernel}: argument '{name}' has unknown keys {sorted(unknown)}")
    if "dtype" in raw:
        if raw["dtype"] not in BUFFER_DTYPES:
            _fail(path, f"kernel {kernel}: argument '{name}': dtype must be one of {', '.join(BUFFER_DTYPES)}")
        if "null" in raw and not isinstance(raw["null"], bool):
            _fail(path, f"kernel {kernel}: argument '{name}': `null` must be true or false")
        if raw.get("null"):  # `w = { dtype = "float32", null = true }`: a NULL pointer, nothing else to say
            if set(raw) - {"dtype", "null"}:
                _fail(path, f"kernel {kernel}: argument '{name}': a `null = true` buffer takes only `dtype`")
            return ArgSpec(name, dtype=raw["dtype"], shape=(1,), null=True)
        init = raw.get("init", "zeros")
        if init not in INITS:
            _fail(path, f"kernel {kernel}: argument '{name}': init must be one of {', '.join(INITS)}")
        shape = raw.get("shape")
        if not isinstance(shape, list) or not shape:
            _fail(path, f"kernel {kernel}: buffer '{name}' needs a non-empty shape list")
        if (init == "values") != ("values" in raw):
            _fail(path, f"kernel {kernel}: argument '{name}': `values = [...]` goes with `init = \"values\"`")
        if "values" in raw and (not isinstance(raw["values"], list) or
                                not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in raw["values"])):
            _fail(path, f"kernel {kernel}: argument '{name}': `values` must be a list of numbers")
        options = {k: raw[k] for k in ("low", "high", "mean", "std", "values") if k in raw}
        return ArgSpec(name, dtype=raw["dtype"], shape=tuple(shape), init=init, options=options,
                       output=bool(raw.get("output", False)))
    if "value" not in raw:
        _fail(path, f"kernel {kernel}: argument '{name}' needs `value` (scalar) or `dtype` (buffer)")
    return ArgSpec(name, value=raw["value"])


def _tolerance(path, kernel: str, raw, where: str) -> tuple[tuple[float, float] | None, str]:
    if raw is None:
        return None, ""
    if not isinstance(raw, dict):
        _fail(path, f"kernel {kernel}: {where} must be a table")
    reason = raw.get("reason", "")
    if not reason:
        _fail(path, f"kernel {kernel}: a {where} needs a `reason`")
    try:
        return (float(raw.get("rtol", 0.0)), float(raw.get("atol", 0.0))), reason
    except (TypeError, ValueError):
        _fail(path, f"kernel {kernel}: {where}: rtol and atol must be numbers")


def _gpu_size(path, spec: KernelSpec, raw) -> GpuSize:
    """`[kernel.gpu]`, checked: known keys, overrides of existing sizes, and a launch that is valid
    at those sizes (grid within CUDA's limits, buffers that `int` indexing reaches)."""
    name = spec.name
    if not isinstance(raw, dict):
        _fail(path, f"kernel {name}: [kernel.gpu] must be a table")
    unknown = set(raw) - _GPU_KEYS
    if unknown:
        _fail(path, f"kernel {name}: [kernel.gpu] has unknown keys {sorted(unknown)} (known: {sorted(_GPU_KEYS)})")
    sizes = raw.get("sizes")
    if not isinstance(sizes, dict) or not sizes:
        _fail(path, f"kernel {name}: [kernel.gpu] needs `sizes`, a non-empty table overriding the entry's `sizes`")
    for key, value in sizes.items():
        if key not in spec.sizes:
            _fail(path, f"kernel {name}: [kernel.gpu] size '{key}' is not one of the entry's `sizes` "
                        f"({', '.join(sorted(spec.sizes)) or 'none'})")
        if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
            _fail(path, f"kernel {name}: [kernel.gpu] size '{key}' must be a positive integer, not {value!r}")
    group = raw.get("group", "")
    if not isinstance(group, str) or (group and not _GROUP.match(group)):
        _fail(path, f"kernel {name}: [kernel.gpu] group must be a lower-case name such as \"matmul\"")
    for key in ("flops", "bytes"):
        if key in raw and (isinstance(raw[key], bool) or not isinstance(raw[key], (int, str))):
            _fail(path, f"kernel {name}: [kernel.gpu] {key} must be an integer or a C expression over sizes")
    tol, reason = _tolerance(path, name, raw.get("tolerance"), "[kernel.gpu.tolerance]")
    gpu = GpuSize(dict(sizes), group, raw.get("flops"), raw.get("bytes"), tol, reason)
    big = replace(spec, gpu=gpu).at_gpu_size()
    grid = big.grid_values()
    for axis, (g, limit) in enumerate(zip(grid, GRID_LIMITS)):
        if not 1 <= g <= limit:
            _fail(path, f"kernel {name}: at GPU size grid[{axis}] is {g}, outside CUDA's 1 .. {limit}")
    for buf, count in big.buffer_elements().items():
        if big.args[buf].null:
            continue
        if not 1 <= count <= INT32_ELEMENTS:
            _fail(path, f"kernel {name}: at GPU size buffer '{buf}' has {count} elements, outside 1 .. 2^31-1 "
                        f"(the kernels index with int)")
    for arg in big.args.values():
        if not arg.is_buffer:
            big._eval(arg.value)
    flops, moved = big.work()
    if (flops is not None and flops <= 0) or moved <= 0:
        _fail(path, f"kernel {name}: [kernel.gpu] flops and bytes must be positive at GPU size")
    return gpu


def load_spec(path: str | Path) -> list[KernelSpec]:
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as err:
        _fail(path, f"cannot read: {err}")
    except tomllib.TOMLDecodeError as err:
        _fail(path, f"invalid TOML: {err}")
    kernels = data.get("kernel")
    if not isinstance(kernels, list) or not kernels:
        _fail(path, "expected one or more [[kernel]] tables")
    specs = []
    for raw in kernels:
        name = raw.get("name")
        if not isinstance(name, str):
            _fail(path, "every [[kernel]] needs a `name`")
        block = raw.get("block")
        if not (isinstance(block, list) and 1 <= len(block) <= 3 and all(isinstance(b, int) and b > 0 for b in block)):
            _fail(path, f"kernel {name}: block must be a list of 1 to 3 positive ints")
        grid = raw.get("grid")
        if not (isinstance(grid, list) and 1 <= len(grid) <= 3):
            _fail(path, f"kernel {name}: grid must be a list of 1 to 3 ints or C expressions")
        args = raw.get("args", {})
        tol, reason = _tolerance(path, name, raw.get("tolerance"), "[kernel.tolerance]")
        spec = KernelSpec(
            name=name, path=str(path), block=tuple(block), grid=tuple(grid), sizes=dict(raw.get("sizes", {})),
            args={n: _arg(path, name, n, a) for n, a in args.items()},
            template=tuple(str(t) for t in raw.get("template", ())), reference=raw.get("reference"),
            tolerance=tol, tolerance_reason=reason)
        if "gpu" in raw:
            spec = replace(spec, gpu=_gpu_size(path, spec, raw["gpu"]))
        specs.append(spec)
    return specs
