"""SARIF 2.1.0: each blocking device construct (unsupported, planned, unknown) is a result at its
source location, with the diagnostic code as the rule, so code-scanning UIs show it inline.

Kernel diagnostics that no construct result explains (a pointer with an unknown base, a parse
error...) are results too, and so is each kernel whose `--parity` check failed (C2T1701, at the
kernel's line; a kernel `not checked` is no result). Host-code constructs are left out: cuda2tile does not convert host code.
Paths are relative to the working directory when the scanned files lie under it (what GitHub
code scanning expects when run from the repository root).
"""

from __future__ import annotations

import hashlib
import json
import os
import re

from cuda2tile import __version__
from cuda2tile.diagnostics import CODES
from cuda2tile.reports.parity import describe as parity_describe
from cuda2tile.results import missing_header_name

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
PARITY_CODE = "C2T1701"  # a kernel whose `--parity` check failed
_LEVEL = {"error": "error", "warning": "warning", "note": "note"}


def _uri(path: str) -> str:
    rel = os.path.relpath(os.path.abspath(path))
    if rel.startswith(".."):
        return "file://" + os.path.abspath(path).replace(os.sep, "/")
    return rel.replace(os.sep, "/")


def _rule(code: str) -> dict:
    d = CODES.get(code)
    if d is None:
        return {"id": code}
    name = "".join(w.capitalize() for w in re.findall(r"[A-Za-z0-9]+", d.title))
    return {"id": code, "name": name, "shortDescription": {"text": d.title}, "fullDescription": {"text": d.explanation},
            "defaultConfiguration": {"level": _LEVEL[d.severity.value]}, "help": {"text": d.explanation},
            "properties": {"effort": d.effort, "tags": ["cuda2tile", "portability"]}}


def _location(uri: str, line: int, col: int, function: str | None) -> dict:
    physical: dict = {"artifactLocation": {"uri": uri}}
    if line >= 1:
        physical["region"] = {"startLine": line, **({"startColumn": col} if col >= 1 else {})}
    location: dict = {"physicalLocation": physical}
    if function:
        location["logicalLocations"] = [{"name": function, "kind": "function"}]
    return location


def _fingerprint(*parts) -> str:
    return hashlib.sha256("\0".join(map(str, parts)).encode()).hexdigest()[:32]


def _blocked(report: dict) -> dict[tuple[str, str], int]:
    """(kind, header or clang message) -> kernels it blocks, from the report's to-do list."""
    return {(t["kind"], t["item"]): t["blocked"] for t in report.get("todo") or []}


def render(report: dict) -> str:
    results, codes = [], []
    blocked = _blocked(report)
    for f in report["files"]:
        uri = _uri(f["path"])
        shown: set[tuple[str, int]] = set()
        for o in f["occurrences"]:
            if o["scope"] != "device" or o["status"] not in ("unsupported", "planned", "unknown"):
                continue
            code = o["code"] or "C2T1203"
            codes.append(code)
            shown.add((code, o["line"]))
            what = o["spelling"] if o["spelling"] == o["construct"] else f"{o['spelling']} ({o['construct']})"
            results.append({
                "ruleId": code, "level": _LEVEL[CODES[code].severity.value] if code in CODES else "warning",
                "message": {"text": f"'{what}' is {o['status']} in cuda2tile ({o['category']}); "
                                    f"manual effort: {o['effort']}"},
                "locations": [_location(uri, o["line"], o["col"], o["function"])],
                "partialFingerprints": {"cuda2tileConstruct/v1": _fingerprint(
                    f["display"], o["function"], o["construct"], o["spelling"], o["line"], o["col"])},
                "properties": {"construct": o["construct"], "category": o["category"], "status": o["status"],
                               "effort": o["effort"]}})
        diags = [(d, None) for d in f["diagnostics"]] + [(d, k["name"]) for k in f["kernels"] for d in k["diagnostics"]]
        for d, kernel in diags:
            if (d["code"], d["line"]) in shown:
                continue
            shown.add((d["code"], d["line"]))
            codes.append(d["code"])
            result = {
                "ruleId": d["code"], "level": _LEVEL[d["severity"]], "message": {"text": d["message"]},
                "locations": [_location(uri, d["line"], d["col"], kernel)],
                "partialFingerprints": {"cuda2tileDiagnostic/v1": _fingerprint(
                    f["display"], kernel, d["code"], d["message"])}}
            todo = {"C2T1101": "parse error", "C2T1102": "missing header"}.get(d["code"]) if kernel is None else None
            if todo:  # the to-do list's figure: the kernels this header or clang error blocks in the whole tree
                item = missing_header_name(d["message"]) if d["code"] == "C2T1102" else d["message"]
                result["properties"] = {"kernelsBlocked": blocked.get((todo, item), 0)}
            results.append(result)
        for k in f["kernels"]:  # `--parity`: a conversion that differs from its original (not checked: no result)
            parity = k.get("parity") or {}
            if parity.get("status") != "failed":
                continue
            codes.append(PARITY_CODE)
            results.append({
                "ruleId": PARITY_CODE, "level": "error",
                "message": {"text": f"parity: the conversion of '{k['name']}' differs from the original: "
                                    f"{parity_describe(parity)[len('failed: '):]}"},
                "locations": [_location(uri, k["line"], 0, k["name"])],
                "partialFingerprints": {"cuda2tileParity/v1": _fingerprint(f["display"], k["name"], "parity")},
                "properties": {"parity": parity}})
    rule_ids = sorted(set(codes))
    for r in results:
        r["ruleIndex"] = rule_ids.index(r["ruleId"])
    log = {"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [{
        "tool": {"driver": {"name": "cuda2tile", "version": __version__, "semanticVersion": __version__,
                            "rules": [_rule(c) for c in rule_ids]}},
        "invocations": [{"executionSuccessful": True}],
        "results": results,
        "properties": {"summary": report["summary"]}}]}
    return json.dumps(log, indent=1) + "\n"
