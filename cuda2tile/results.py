"""What converting a file gives: its kernels' statuses and diagnostics, and the `--report` JSON.

A leaf module (it imports only `diagnostics` and the version), so that the cache can read results
back and the tools can hold them without importing the driver that produces them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cuda2tile import __version__
from cuda2tile.diagnostics import Diagnostic

REPORT_SCHEMA = "cuda2tile.report/1"


@dataclass
class KernelResult:
    cuda_name: str
    factory: str | None
    status: str  # converted | partial | unsupported
    line: int
    end_line: int
    diagnostics: list[Diagnostic] = field(default_factory=list)
    raised: list[str] = field(default_factory=list)  # idioms raised to tile operations (op_coverage/idioms.py)

    def to_json(self) -> dict:
        return {"name": self.cuda_name, "factory": self.factory, "status": self.status, "line": self.line,
                "end_line": self.end_line, "diagnostics": [d.to_json() for d in self.diagnostics],
                "raised": list(self.raised)}


@dataclass
class FileResult:
    source: str
    output: str | None
    kernels: list[KernelResult] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)  # file-level (parse, I/O)
    source_lines: list[str] = field(default_factory=list)
    internal_errors: list[str] = field(default_factory=list)
    includes: tuple[str, ...] = ()  # user headers clang read (the cache re-hashes them); not reported
    cached: bool = False  # read back from the cache (cuda2tile/cache.py), not converted in this run

    def all_diagnostics(self) -> list[Diagnostic]:
        out = list(self.diagnostics)
        for k in self.kernels:
            out += k.diagnostics
        return sorted(out, key=lambda d: (d.loc.line, d.loc.col, d.code))

    def to_json(self) -> dict:
        return {"source": self.source, "output": self.output,
                "diagnostics": [d.to_json() for d in self.diagnostics],
                "kernels": [k.to_json() for k in self.kernels]}


def report_json(results: list[FileResult]) -> dict:
    """The `convert --report` document (schema `cuda2tile.report/1`)."""
    statuses = [k.status for r in results for k in r.kernels]
    return {
        "schema": REPORT_SCHEMA,
        "tool_version": __version__,
        "summary": {"files": len(results), "kernels": len(statuses),
                    "converted": statuses.count("converted"), "partial": statuses.count("partial"),
                    "unsupported": statuses.count("unsupported"),
                    "raised": _raised_counts(results)},
        "files": [r.to_json() for r in results],
    }


def _raised_counts(results: list[FileResult]) -> dict[str, int]:
    """How many kernels raised each idiom, by idiom name (sorted)."""
    counts: dict[str, int] = {}
    for name in sorted(n for r in results for k in r.kernels for n in k.raised):
        counts[name] = counts.get(name, 0) + 1
    return counts
