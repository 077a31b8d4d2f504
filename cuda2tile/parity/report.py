"""Parity results: one `KernelParity` per launch checked, printed as text or written as JSON.

Text (one block per kernel; details only when something is wrong or asked for):

    PASS blas1/level1.cu:saxpy [spec level1.toml#1] (original cpu 0.104 s, converted c 0.005 s)
    FAIL blas1/level1.cu:axpby [spec level1.toml#2] (original cpu 0.043 s, converted c 0.001 s)
        z: 9999/10000 elements differ (rtol=1e-05 atol=1e-06); worst at flat index 17: converted ...
    PASS misc/hash.cu:hash_keys [inferred line 63] (original cpu 0.051 s, converted c 0.002 s)
    SKIP linalg/matvec.cu:matvec: no launch spec (matvec.toml), and no host launch with constant sizes ...

JSON: `{"schema": "cuda2tile.parity/1", "summary": {...}, "kernels": [KernelParity.to_json(), ...]}`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cuda2tile.parity.metrics import BufferCheck

SCHEMA = "cuda2tile.parity/1"
PASS, FAIL, SKIP = "pass", "fail", "skip"


@dataclass
class KernelParity:
    source: str  # the .cu file as displayed (relative to the scanned directory)
    kernel: str  # CUDA name with template arguments
    status: str  # pass | fail | skip
    origin: str = ""  # "spec" (a .toml entry), "inferred" (host launch), "" when skipped before
    where: str = ""  # spec file / launch line that defined the run
    message: str | None = None  # why it failed or was skipped
    failure: str | None = None  # not-converted, compile error, barrier divergence, timeout, crash, mismatch, ...
    outputs: list[BufferCheck] = field(default_factory=list)
    timings: dict[str, float] = field(default_factory=dict)  # seconds: original_build, original_run, ...
    original: str = ""  # cpu | cupy
    converted: str = ""  # c | cuda
    launch: dict = field(default_factory=dict)  # grid, block, shared_bytes
    warnings: list[str] = field(default_factory=list)  # TileLang's own, from the build (docs/tilelang-warnings.md)

    @property
    def ok(self) -> bool:
        return self.status != FAIL

    @property
    def label(self) -> str:
        return f"{self.source}:{self.kernel}"

    def describe(self, verbose: bool = False) -> str:
        head = f"{self.status.upper()} {self.label}"
        if self.origin:
            head += f" [{self.origin}{' ' + self.where if self.where else ''}]"
        times = []
        if "original_run" in self.timings:
            times.append(f"original {self.original} {self.timings['original_run']:.3f} s")
        if "converted_run" in self.timings:
            times.append(f"converted {self.converted} {self.timings['converted_run']:.3f} s")
        if times:
            head += f" ({', '.join(times)})"
        if self.status == SKIP:
            return f"{head}: {self.message}"
        lines = [head]
        if self.message:
            lines += ["    " + ln for ln in self.message.splitlines()]
        for check in self.outputs:
            if verbose or not check.ok:
                lines.append("    " + check.describe())
        if verbose:
            lines += [f"    tilelang: {w}" for w in self.warnings]
        return "\n".join(lines)

    def to_json(self) -> dict:
        return {"source": self.source, "kernel": self.kernel, "status": self.status, "origin": self.origin,
                "where": self.where, "message": self.message, "failure": self.failure,
                "original": self.original, "converted": self.converted, "launch": self.launch,
                "timings": {k: round(v, 4) for k, v in self.timings.items()},
                "outputs": [c.to_json() for c in self.outputs], "tilelang_warnings": list(self.warnings)}


def summary(results: list[KernelParity], seconds: float | None = None) -> dict:
    out = {"kernels": len(results), "passed": sum(r.status == PASS for r in results),
           "failed": sum(r.status == FAIL for r in results), "skipped": sum(r.status == SKIP for r in results)}
    out["tilelang_warnings"] = sum(len(r.warnings) for r in results)
    if seconds is not None:
        out["seconds"] = round(seconds, 2)
    return out


def summary_line(results: list[KernelParity], seconds: float | None = None, verbose: bool = False) -> str:
    s = summary(results, seconds)
    text = f"parity: {s['passed']} passed, {s['failed']} failed, {s['skipped']} skipped"
    text += f" ({seconds:.1f} s)" if seconds is not None else ""
    caught = s["tilelang_warnings"]
    if caught:
        shown = "shown above" if verbose else "-v shows them"
        text += (f"; {caught} TileLang warning{'s' if caught != 1 else ''} ({shown}, "
                 "docs/tilelang-warnings.md explains them)")
    return text


def to_json(results: list[KernelParity], seconds: float | None = None, settings: dict | None = None) -> dict:
    return {"schema": SCHEMA, "settings": settings or {}, "summary": summary(results, seconds),
            "kernels": [r.to_json() for r in results]}
