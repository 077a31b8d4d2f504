"""JUnit XML: one test suite per file, one test case per kernel for its conversion and, after
`--parity`, one for its numerical check. CI test tabs then list kernels like tests.

* conversion: `converted` passes; `partial` passes with its warnings in system-out;
  `unsupported` fails with the diagnostics and blocking constructs as the failure text.
* parity (`--parity`: the original against its conversion): `passed` passes (its worst error in
  system-out), `failed` fails with what went wrong, `not checked` (no launch spec, not converted...)
  is skipped with the reason.
* a file that could not be parsed at all is one errored test case.
* each suite's properties: the file's inventory (`kernels.defined`, `kernels.found`, ...), its clang
  errors, the headers it misses and its owners (CODEOWNERS).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from cuda2tile.reports.parity import describe as parity_describe


def _case(suite: ET.Element, classname: str, name: str, seconds: float) -> ET.Element:
    return ET.SubElement(suite, "testcase", {"classname": classname, "name": name, "time": f"{seconds:.3f}"})


def _properties(suite: ET.Element, f: dict) -> None:
    """The file's inventory and parse health, as the suite's properties."""
    values = {**{f"kernels.{k}": v for k, v in (f.get("inventory") or {}).items()},
              "parse_errors": f.get("parse_errors", 0), "missing_headers": " ".join(f.get("missing_headers") or [])}
    if f.get("owners") is not None:
        values["owners"] = " ".join(f["owners"])
    props = ET.SubElement(suite, "properties")
    for name, value in values.items():
        ET.SubElement(props, "property", {"name": name, "value": str(value)})


def render(report: dict) -> str:
    root = ET.Element("testsuites", {"name": "cuda2tile coverage"})
    totals = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
    for f in report["files"]:
        suite = ET.SubElement(root, "testsuite", {"name": f["path"], "timestamp": report["generated_at"][:19]})
        _properties(suite, f)
        counts = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
        classname = f["display"].rsplit(".", 1)[0].replace("/", ".")
        per_kernel = f["seconds"] / max(len(f["kernels"]), 1)
        for k in f["kernels"]:
            case = _case(suite, classname, f"{k['name']} [conversion]", per_kernel)
            counts["tests"] += 1
            details = "\n".join(f"{f['path']}:{d['line']}:{d['col']}: {d['code']}: {d['message']}"
                                for d in k["diagnostics"])
            if k["status"] == "unsupported":
                counts["failures"] += 1
                codes = sorted({d["code"] for d in k["diagnostics"]})
                failure = ET.SubElement(case, "failure", {"message": f"not converted: {', '.join(codes) or '?'}",
                                                          "type": codes[0] if codes else "unsupported"})
                failure.text = details + ("\nblocking constructs: " + ", ".join(k["blocking"]) if k["blocking"] else "")
            elif details:
                ET.SubElement(case, "system-out").text = details
            parity = k.get("parity")
            if parity is None:
                continue
            case = _case(suite, classname, f"{k['name']} [parity]", parity["seconds"])
            counts["tests"] += 1
            if parity["status"] == "failed":
                counts["failures"] += 1
                ET.SubElement(case, "failure", {"message": parity["error"] or "outputs differ",
                                                "type": "parity"}).text = parity_describe(parity)
            elif parity["status"] == "not checked":
                counts["skipped"] += 1
                ET.SubElement(case, "skipped", {"message": f"not checked: {parity.get('reason') or 'no launch spec'}"})
            else:
                ET.SubElement(case, "system-out").text = parity_describe(parity)
        errors = [d for d in f["diagnostics"] if d["severity"] == "error"]
        if not f["kernels"] and errors:
            case = _case(suite, classname, "(file)", f["seconds"])
            counts["tests"] += 1
            counts["errors"] += 1
            ET.SubElement(case, "error", {"message": errors[0]["message"], "type": errors[0]["code"]}).text = "\n".join(
                f"{f['path']}:{d['line']}:{d['col']}: {d['code']}: {d['message']}" for d in errors)
        suite.attrib.update({key: str(v) for key, v in counts.items()}, time=f"{f['seconds']:.3f}")
        for key in totals:
            totals[key] += counts[key]
    root.attrib.update({key: str(v) for key, v in totals.items()}, time=f"{report['timing']['seconds']:.3f}")
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
