"""The data of a coverage scan: construct occurrences, kernels, files. Plain data, JSON round-trip.

A `FileCoverage` is what the cache stores for one source file, so every field here survives
`to_json()` -> `from_json()` unchanged (a test checks the round trip).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

STATUSES = ("supported", "partial", "unsupported", "planned", "unknown")
BLOCKING = ("unsupported", "planned", "unknown")  # statuses a user has to deal with by hand


@dataclass(frozen=True, slots=True)
class Occurrence:
    """One use of a construct, e.g. `__syncthreads` at reduce.cu:14:5 inside `block_sum`."""
    construct: str  # the op_coverage record's name, or the spelling itself when status is "unknown"
    category: str
    status: str  # one of STATUSES
    code: str | None  # diagnostic code of the record (None for supported/host constructs)
    effort: str  # none | low | medium | high
    line: int
    col: int
    function: str | None  # the kernel or __device__ function it lies in; None at file scope / host code
    scope: str = "device"  # device | host
    spelling: str = ""  # what the source wrote when it differs from `construct` (aliases, family members)

    @property
    def key(self) -> tuple:
        return (self.construct, self.spelling, self.line, self.col)


@dataclass(frozen=True, slots=True)
class Diag:
    code: str
    severity: str
    message: str
    line: int
    col: int
    file: str = ""  # where it is, as the converter names it (a header's path, relative to the file's folder)


@dataclass
class KernelCoverage:
    name: str  # CUDA name; template instantiations as `scale<float>`
    status: str  # converted | partial | unsupported
    line: int
    end_line: int
    factory: str | None = None
    functions: list[str] = field(default_factory=list)  # the kernel and the __device__ functions it calls
    diagnostics: list[Diag] = field(default_factory=list)
    parity: dict | None = None  # with --parity: {"status": passed|failed|not checked, ...} (reports/parity.py)
    raised: list[str] = field(default_factory=list)  # idioms raised to tile operations (op_coverage/idioms.py)

    @property
    def lines(self) -> int:
        return max(self.end_line - self.line + 1, 1)


@dataclass
class FileCoverage:
    path: str  # as found on disk (relative to the working directory when given so)
    display: str  # relative to the SRC argument it was found under
    kernels: list[KernelCoverage] = field(default_factory=list)
    occurrences: dict[str, list[Occurrence]] = field(default_factory=dict)  # by function; "" = file scope
    diagnostics: list[Diag] = field(default_factory=list)  # file-level (parse, I/O)
    seconds: float = 0.0  # time the conversion and scan took when it was computed (not when cached)
    cached: bool = False
    # `__global__` definitions written in the file against those the parser found (the converter's
    # inventory): {"defined", "found", "not_compiled", "missed"}; None when the file was not parsed
    inventory: dict[str, int] | None = None

    def all_occurrences(self) -> list[Occurrence]:
        """Each source location once: template instantiations share their template's locations."""
        seen: dict[tuple, Occurrence] = {}
        for occs in self.occurrences.values():
            for o in occs:
                seen.setdefault(o.key, o)
        return sorted(seen.values(), key=lambda o: (o.line, o.col, o.construct))

    def kernel_occurrences(self, kernel: KernelCoverage) -> list[Occurrence]:
        seen: dict[tuple, Occurrence] = {}
        for fn in kernel.functions:
            for o in self.occurrences.get(fn, []):
                seen.setdefault(o.key, o)
        return sorted(seen.values(), key=lambda o: (o.line, o.col, o.construct))

    def to_json(self) -> dict:
        return {"path": self.path, "display": self.display, "seconds": round(self.seconds, 4),
                "diagnostics": [asdict(d) for d in self.diagnostics],
                "kernels": [{**asdict(k), "diagnostics": [asdict(d) for d in k.diagnostics]} for k in self.kernels],
                "occurrences": {fn: [asdict(o) for o in occs] for fn, occs in self.occurrences.items()},
                "inventory": self.inventory}

    @classmethod
    def from_json(cls, data: dict) -> "FileCoverage":
        kernels = [KernelCoverage(**{**k, "diagnostics": [Diag(**d) for d in k["diagnostics"]]})
                   for k in data["kernels"]]
        occurrences = {fn: [Occurrence(**o) for o in occs] for fn, occs in data["occurrences"].items()}
        return cls(data["path"], data["display"], kernels, occurrences, [Diag(**d) for d in data["diagnostics"]],
                   data.get("seconds", 0.0), inventory=data.get("inventory"))
