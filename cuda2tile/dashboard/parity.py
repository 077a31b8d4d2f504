"""Parity results with error figures, from `--parity-json FILE` (the history keeps the verdict and the
worst errors that `coverage --parity --db` recorded; a file given here wins for the kernels it names).

Two formats are read:
* `cuda2tile parity --json FILE` (schema `cuda2tile.parity/1`): per launch, each buffer's mismatches,
  maximum absolute / relative / ULP error and the rule, the timings of both sides, and which side
  ran where (`original`: cpu | cupy, `converted`: c | cuda);
* `cuda2tile verify --json FILE` (a list): per kernel, each output's mismatches and maximum errors
  against the numpy reference.

The speed ratio is given only when both sides ran on a GPU (original through cupy, conversion on
TileLang's CUDA back end): converted run time / original run time, as `cuda2tile parity` gives
it, so below 1 means the TileLang kernel is faster (benchmarks/gpu_speed.py prints the inverse). CPU timings compare a SIMT emulator with TileLang's C back end and say nothing
about the migration, so they are not turned into a ratio.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

_STATUS = {"pass": "passed", "fail": "failed", "skip": "not checked"}  # as `coverage --parity` names them
_OUTPUT_FIELDS = ("name", "ok", "mismatches", "total", "max_abs_error", "max_rel_error", "max_ulp", "rule")


class ParityFileError(Exception):
    pass


def _number(x):
    return x if isinstance(x, (int, float)) and not isinstance(x, bool) else None


def _outputs(items, launch: str = "") -> list[dict]:
    out = []
    for o in items or []:
        if isinstance(o, dict):
            row = {f: o.get(f) for f in _OUTPUT_FIELDS}
            row["launch"] = launch
            out.append(row)
    return out


def _from_parity(doc: dict, origin: str) -> list[tuple[str, str, dict]]:
    rows = []
    for k in doc.get("kernels") or []:
        if not isinstance(k, dict) or "source" not in k or "kernel" not in k:
            continue
        launch = k.get("launch") or {}
        label = ", ".join(f"{key} {launch[key]}" for key in ("grid", "block") if launch.get(key) is not None)
        rows.append((str(k["source"]), str(k["kernel"]), {
            "status": _STATUS.get(k.get("status"), str(k.get("status"))), "from": origin,
            "original": k.get("original") or "", "converted": k.get("converted") or "",
            "message": k.get("message"), "failure": k.get("failure"),
            "timings": {t: v for t, v in (k.get("timings") or {}).items() if _number(v) is not None},
            "outputs": _outputs(k.get("outputs"), label)}))
    return rows


def _from_verify(doc: list, origin: str) -> list[tuple[str, str, dict]]:
    rows = []
    for k in doc:
        if not isinstance(k, dict) or "source" not in k or "kernel" not in k:
            continue
        rows.append((str(k["source"]), str(k["kernel"]), {
            "status": "passed" if k.get("ok") else "failed", "from": origin, "original": "numpy reference",
            "converted": "c", "message": k.get("error"), "failure": None,
            "timings": {"total": k["seconds"]} if _number(k.get("seconds")) is not None else {},
            "outputs": _outputs(k.get("outputs"))}))
    return rows


def _merge(a: dict, b: dict) -> dict:
    """Two launches of one kernel: fails when either fails; timings add up; outputs are listed together."""
    order = ["failed", "passed", "not checked"]
    status = min(a["status"], b["status"], key=lambda s: order.index(s) if s in order else len(order))
    timings = {t: a["timings"].get(t, 0.0) + b["timings"].get(t, 0.0) for t in {*a["timings"], *b["timings"]}}
    return {**a, "status": status, "message": a["message"] or b["message"], "failure": a["failure"] or b["failure"],
            "timings": timings, "outputs": a["outputs"] + b["outputs"]}


def load_parity(paths: list[str]) -> dict[tuple[str, str], dict]:
    """(source as the parity run displayed it, kernel) -> detail. Later files win over earlier ones."""
    found: dict[tuple[str, str], dict] = {}
    for path in paths:
        try:
            doc = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, ValueError) as err:
            raise ParityFileError(f"{path}: cannot read parity results: {err}") from err
        if isinstance(doc, dict) and str(doc.get("schema", "")).startswith("cuda2tile.parity/"):
            rows = _from_parity(doc, path)
        elif isinstance(doc, list):
            rows = _from_verify(doc, path)
        else:
            raise ParityFileError(f"{path}: neither `cuda2tile parity --json` nor `cuda2tile verify --json` output")
        mine: dict[tuple[str, str], dict] = {}
        for source, kernel, detail in rows:
            key = (source, kernel)
            mine[key] = _merge(mine[key], detail) if key in mine else detail
        found.update(mine)
    for detail in found.values():
        detail["gpu"] = detail["original"] == "cupy" and detail["converted"] == "cuda"
        t = detail["timings"]
        ratio = None
        if detail["gpu"] and (t.get("original_run") or 0) > 0 and (t.get("converted_run") or 0) > 0:
            ratio = t["converted_run"] / t["original_run"]
        detail["speed_ratio"] = ratio
    return found


def attach(kernels, details: dict[tuple[str, str], dict]) -> int:
    """Give each kernel the detail whose source is its file (or a path suffix of it); returns how many."""
    by_kernel: dict[str, list[tuple[str, dict]]] = {}
    for (source, name), detail in details.items():
        by_kernel.setdefault(name, []).append((os.path.normpath(source).replace("\\", "/"), detail))
    matched = 0
    for k in kernels:
        name = k.name.split("#")[0]
        candidates = [(s, d) for s, d in by_kernel.get(name, []) if k.file == s or k.file.endswith("/" + s)]
        if candidates:
            k.parity_detail = max(candidates, key=lambda sd: len(sd[0]))[1]  # the longest (most specific) path
            matched += 1
    return matched
