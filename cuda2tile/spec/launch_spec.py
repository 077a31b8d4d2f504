"""Load launch specs (TOML, format in docs/launch-spec.md) and make a kernel's inputs from them.

A spec says how to run one kernel: block, grid (C expressions over named sizes), and each
argument (a scalar value, or a buffer's dtype, shape and initial distribution). Errors are
`SpecError`s carrying diagnostic code C2T1301 and the spec file's path.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from cuda2tile.spec.cexpr import CExprError, evaluate

BUFFER_DTYPES = ("float16", "float32", "float64", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
                 "uint64")
INITS = ("normal", "uniform", "int", "zeros", "ones", "arange", "permutation", "index")
# dtype-appropriate default tolerances: (rtol, atol); integers compare exactly
DEFAULT_TOLERANCE = {"float16": (1e-3, 1e-3), "float32": (1e-5, 1e-6), "float64": (1e-12, 1e-12)}


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

    @property
    def is_buffer(self) -> bool:
        return self.dtype is not None


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

    @property
    def cuda_name(self) -> str:
        return f"{self.name}<{', '.join(self.template)}>" if self.template else self.name

    @property
    def outputs(self) -> list[str]:
        return [a.name for a in self.args.values() if a.output]

    def grid_values(self) -> tuple[int, ...]:
        return tuple(int(self._eval(g)) for g in self.grid)

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
            data = rng.integers(int(o.get("low", 0)), int(o.get("high", 100)), count)
        elif arg.init == "zeros":
            data = np.zeros(count)
        elif arg.init == "ones":
            data = np.ones(count)
        elif arg.init == "arange":
            data = np.arange(count)
        elif arg.init == "permutation":
            data = rng.permutation(count)
        else:  # index
            data = rng.integers(0, int(self._eval(o.get("high", count))), count)
        return np.ascontiguousarray(data.astype(arg.dtype).reshape(shape))


def _fail(path, message):
    raise SpecError(str(path), message)


def _arg(path, kernel: str, name: str, raw) -> ArgSpec:
    if not isinstance(raw, dict):
        _fail(path, f"kernel {kernel}: argument '{name}' must be a table")
    known = {"value", "dtype", "shape", "init", "output", "low", "high", "mean", "std"}
    unknown = set(raw) - known
    if unknown:
        _fail(path, f"kernel {kernel}: argument '{name}' has unknown keys {sorted(unknown)}")
    if "dtype" in raw:
        if raw["dtype"] not in BUFFER_DTYPES:
            _fail(path, f"kernel {kernel}: argument '{name}': dtype must be one of {', '.join(BUFFER_DTYPES)}")
        init = raw.get("init", "zeros")
        if init not in INITS:
            _fail(path, f"kernel {kernel}: argument '{name}': init must be one of {', '.join(INITS)}")
        shape = raw.get("shape")
        if not isinstance(shape, list) or not shape:
            _fail(path, f"kernel {kernel}: buffer '{name}' needs a non-empty shape list")
        options = {k: raw[k] for k in ("low", "high", "mean", "std") if k in raw}
        return ArgSpec(name, dtype=raw["dtype"], shape=tuple(shape), init=init, options=options,
                       output=bool(raw.get("output", False)))
    if "value" not in raw:
        _fail(path, f"kernel {kernel}: argument '{name}' needs `value` (scalar) or `dtype` (buffer)")
    return ArgSpec(name, value=raw["value"])


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
        tolerance = raw.get("tolerance")
        tol, reason = None, ""
        if tolerance is not None:
            reason = tolerance.get("reason", "")
            if not reason:
                _fail(path, f"kernel {name}: a [kernel.tolerance] needs a `reason`")
            tol = (float(tolerance.get("rtol", 0.0)), float(tolerance.get("atol", 0.0)))
        specs.append(KernelSpec(
            name=name, path=str(path), block=tuple(block), grid=tuple(grid), sizes=dict(raw.get("sizes", {})),
            args={n: _arg(path, name, n, a) for n, a in args.items()},
            template=tuple(str(t) for t in raw.get("template", ())), reference=raw.get("reference"),
            tolerance=tol, tolerance_reason=reason))
    return specs
