"""JUnit XML: one test suite per file, one test case per kernel for its conversion and, after
`--parity`, one for its numerical check. CI test tabs then list kernels like tests.

* conversion: `converted` passes; `partial` passes with its warnings in system-out;
  `unsupported` fails with the diagnostics and blocking constructs as the failure text.
* parity: `passed` passes, `failed` fails, `skipped` (no launch spec) is skipped.
* a file that could not be parsed at all is one errored test case.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET


def _case(suite: ET.Element, classname: str, name: str, seconds: float) -> ET.Element:
    return ET.SubElement(suite, "testcase", {"classname": classname, "name": name, "time": f"{seconds:.3f}"})


def render(report: dict) -> str:
    root = ET.Element("testsuites", {"name": "cuda2tile coverage"})
    totals = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
    for f in report["files"]:
        suite = ET.SubElement(root, "testsuite", {"name": f["path"], "timestamp": report["generated_at"][:19]})
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
                ET.SubElement(case, "failure", {"message": parity["error"] or "outputs differ", "type": "parity"})
            elif parity["status"] == "skipped":
                counts["skipped"] += 1
                ET.SubElement(case, "skipped", {"message": parity["error"] or "skipped"})
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
