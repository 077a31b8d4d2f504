"""What converting a file gives: its kernels' statuses and diagnostics, and the `--report` JSON.

A leaf module (it imports only `diagnostics` and the version), so that the cache can read results
back and the tools can hold them without importing the driver that produces them.
"""

from __future__ import annotations

from collections.abc import Iterable
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
    # `__global__` definitions written in the file (a lexical count) against those the parser found:
    # {"defined", "found", "not_compiled" (in a preprocessor branch not taken), "missed"}; None: not parsed
    inventory: dict[str, int] | None = None

    def all_diagnostics(self) -> list[Diagnostic]:
        out = list(self.diagnostics)
        for k in self.kernels:
            out += k.diagnostics
        return sorted(out, key=lambda d: (d.loc.line, d.loc.col, d.code))

    def to_json(self) -> dict:
        return {"source": self.source, "output": self.output,
                "diagnostics": [d.to_json() for d in self.diagnostics],
                "kernels": [k.to_json() for k in self.kernels],
                "inventory": dict(self.inventory) if self.inventory is not None else None,
                "parse_errors": parse_error_count(self)}


def report_json(results: list[FileResult]) -> dict:
    """The `convert --report` document (schema `cuda2tile.report/1`)."""
    statuses = [k.status for r in results for k in r.kernels]
    return {
        "schema": REPORT_SCHEMA,
        "tool_version": __version__,
        "summary": {"files": len(results), "kernels": len(statuses),
                    "converted": statuses.count("converted"), "partial": statuses.count("partial"),
                    "unsupported": statuses.count("unsupported"),
                    "raised": _raised_counts(results),
                    "inventory": inventory_totals(results),
                    "parse_errors": sum(parse_error_count(r) for r in results),
                    "missing_headers": missing_headers(results)},
        "files": [r.to_json() for r in results],
    }


def _raised_counts(results: list[FileResult]) -> dict[str, int]:
    """How many kernels raised each idiom, by idiom name (sorted)."""
    counts: dict[str, int] = {}
    for name in sorted(n for r in results for k in r.kernels for n in k.raised):
        counts[name] = counts.get(name, 0) + 1
    return counts


INVENTORY_KEYS = ("defined", "found", "not_compiled", "missed")


def inventory_totals(results: list[FileResult]) -> dict[str, int]:
    """The lexical inventory summed over the files: `defined` `__global__` definitions written,
    `found` by the parser, `not_compiled` (preprocessor branches not taken), `missed`."""
    totals = dict.fromkeys(INVENTORY_KEYS, 0)
    for r in results:
        for key in INVENTORY_KEYS:
            totals[key] += (r.inventory or {}).get(key, 0)
    return totals


def parse_error_count(result: FileResult) -> int:
    """clang's errors in the file's parse (C2T1101 at a line: its own and its headers'), counted as reported."""
    return sum(1 for d in result.diagnostics if d.code == "C2T1101" and d.loc.line > 0)


def missing_headers(results: list[FileResult]) -> list[dict]:
    """Headers clang could not find, once each: how many files include them and the kernels of those
    files that were not converted (what the header blocks), most included first."""
    return missing_headers_table((r.diagnostics, [f"{r.source}:{k.cuda_name}" for k in r.kernels
                                                  if k.status == "unsupported"]) for r in results)


def missing_headers_table(files: Iterable[tuple[Iterable, list[str]]]) -> list[dict]:
    """`missing_headers` from (a file's diagnostics, its kernels not converted as `file:kernel`) pairs:
    the one table behind the convert report and the coverage reports, whose file models differ."""
    table: dict[str, dict] = {}
    for diagnostics, blocked in files:
        names = sorted({missing_header_name(d.message) for d in diagnostics if d.code == "C2T1102"} - {""})
        for name in names:
            entry = table.setdefault(name, {"header": name, "files": 0, "blocked_kernels": []})
            entry["files"] += 1
            entry["blocked_kernels"] += blocked
    return sorted(table.values(), key=lambda e: (-e["files"], e["header"]))


def missing_header_name(message: str) -> str:
    # clang: "'caffe/util/math_functions.hpp' file not found"
    if message.startswith("'") and "' file not found" in message:
        return message[1:message.index("' file not found")]
    return ""
