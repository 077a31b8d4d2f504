"""SARIF 2.1.0: each blocking device construct (unsupported, planned, unknown) is a result at its
source location, with the diagnostic code as the rule, so code-scanning UIs show it inline.

Kernel diagnostics that no construct result explains (a pointer with an unknown base, a parse
error...) are results too. Host-code constructs are left out: cuda2tile does not convert host code.
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

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
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


def render(report: dict) -> str:
    results, codes = [], []
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
            results.append({
                "ruleId": d["code"], "level": _LEVEL[d["severity"]], "message": {"text": d["message"]},
                "locations": [_location(uri, d["line"], d["col"], kernel)],
                "partialFingerprints": {"cuda2tileDiagnostic/v1": _fingerprint(
                    f["display"], kernel, d["code"], d["message"])}})
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
