"""The report formats: SARIF validates against the SARIF 2.1.0 schema, JUnit parses as JUnit XML,
Markdown renders tables; --fail-under and -o (--parity: test_coverage_parity.py)."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from junitparser import Error, Failure, JUnitXml
from markdown_it import MarkdownIt

from coverage_helpers import CORPUS, INPUTS, corpus_cache_dir, corpus_report, run

SARIF_SCHEMA = json.loads((Path(__file__).parent / "data" / "sarif-schema-2.1.0.json").read_text())
SINK = str(INPUTS / "sink.cu")


def _report(fmt: str, *paths: str, extra: tuple[str, ...] = ()) -> str:
    cache = () if "--cache-dir" in extra else ("--no-cache",)
    code, out, err = run("coverage", *paths, "--report-format", fmt, *cache, *extra)
    assert code == 0, err
    return out


# ------------------------------------------------------------------ SARIF

def test_sarif_validates_against_the_sarif_2_1_0_schema():
    validator = jsonschema.Draft4Validator(SARIF_SCHEMA)
    for log in (_report("sarif", SINK), _report("sarif", str(CORPUS), extra=("--cache-dir", corpus_cache_dir()))):
        errors = sorted(validator.iter_errors(json.loads(log)), key=str)
        assert errors == [], errors[:3]


def test_schema_check_is_not_vacuous():
    log = json.loads(_report("sarif", SINK))
    log["runs"][0]["results"][0]["level"] = "fatal"  # not a SARIF level
    assert not jsonschema.Draft4Validator(SARIF_SCHEMA).is_valid(log)


def test_sarif_results_are_the_blocking_constructs_at_their_locations():
    log = json.loads(_report("sarif", SINK))
    run_ = log["runs"][0]
    report = json.loads(_report("json", SINK))
    blocking = [o for f in report["files"] for o in f["occurrences"]
                if o["scope"] == "device" and o["status"] in ("unsupported", "planned", "unknown")]
    constructs = [r for r in run_["results"] if "construct" in r.get("properties", {})]
    assert len(constructs) == len(blocking)
    located = {(r["properties"]["construct"], r["locations"][0]["physicalLocation"]["region"]["startLine"])
               for r in constructs}
    assert {("asm", 31), ("tex1Dfetch", 29), ("dynamic parallelism", 65)} <= located
    assert ("switch", 30) not in located  # partial, and this switch is of the lifted form: not blocking
    rule_ids = [rule["id"] for rule in run_["tool"]["driver"]["rules"]]
    assert len(rule_ids) == len(set(rule_ids)) and {"C2T1201", "C2T1203", "C2T1211"} <= set(rule_ids)
    for r in run_["results"]:
        assert rule_ids[r["ruleIndex"]] == r["ruleId"]
        assert r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].endswith("sink.cu")
    # kernel diagnostics no construct explains (clang's parse error in wmma_kernel) are results too
    assert any(r["ruleId"] == "C2T1101" for r in run_["results"])


# ------------------------------------------------------------------ JUnit

def test_junit_parses_as_junit_xml_with_a_case_per_kernel(tmp_path):
    out = tmp_path / "junit.xml"
    code, _, err = run("coverage", SINK, "--report-format", "junit", "--no-cache", "-o", str(out))
    assert code == 0, err
    xml = JUnitXml.fromfile(str(out))
    cases = [case for suite in xml for case in suite]
    report = json.loads(_report("json", SINK))
    kernels = report["files"][0]["kernels"]
    assert sorted(c.name for c in cases) == sorted(f"{k['name']} [conversion]" for k in kernels)
    failed = sorted(c.name for c in cases if any(isinstance(r, Failure) for r in c.result))
    assert failed == sorted(f"{k['name']} [conversion]" for k in kernels if k["status"] == "unsupported")
    suite = next(iter(xml))
    assert suite.tests == len(kernels) and suite.failures == len(failed)


def test_junit_of_an_unreadable_file_is_an_error():
    """A file that yields no kernels and an error (here C2T1004, too large to read) is one errored case."""
    from cuda2tile.reports import report_junit

    report = json.loads(_report("json", SINK))
    report["files"] = [{"path": "big.cu", "display": "big.cu", "cached": False, "seconds": 0.0, "kernels": [],
                        "occurrences": [], "diagnostics": [{"code": "C2T1004", "severity": "error",
                                                            "message": "file is too large", "line": 0, "col": 0}]}]
    xml = JUnitXml.fromstring(report_junit.render(report).split("\n", 1)[1])
    (case,) = [c for s in xml for c in s]
    assert isinstance(case.result[0], Error) and case.result[0].type == "C2T1004"


# ------------------------------------------------------------------ Markdown and text

def test_markdown_renders_tables():
    text = _report("markdown", str(CORPUS), extra=("--cache-dir", corpus_cache_dir()))
    html = MarkdownIt("commonmark").enable("table").render(text)
    assert html.count("<table>") >= 2
    summary = corpus_report()["summary"]["kernels"]
    assert f"<td>kernels converted</td>\n<td>{summary['converted'] + summary['partial']} / {summary['total']}" in html
    sink_html = MarkdownIt("commonmark").enable("table").render(_report("markdown", SINK))
    top = json.loads(_report("json", SINK))["top_unsupported"]
    assert top and all(f"<td><code>{t['construct']}</code></td>" in sink_html for t in top)
    assert "<td><code>wmma_kernel</code></td>" in sink_html  # kernels not converted


def test_text_report_is_plain_when_written_to_a_file(tmp_path):
    out = tmp_path / "coverage.txt"
    assert run("coverage", SINK, "--no-cache", "-o", str(out))[0] == 0
    text = out.read_text()
    assert "\x1b[" not in text
    assert "kernels converted" in text and "3 / 6 (50.0%)" in text and "wmma_kernel" in text


# ------------------------------------------------------------------ exit status

@pytest.mark.parametrize("metric, threshold, status", [
    ("kernels", "50", 0), ("kernels", "51", 1), ("constructs", "99", 1), ("lines", "1", 0)])
def test_fail_under(metric, threshold, status):
    # sink.cu: 3 of 6 kernels convert (50.0%)
    code, _, err = run("coverage", SINK, "--no-cache", "--report-format", "json", "--fail-under", threshold,
                       "--fail-under-metric", metric)
    assert code == status, err
    if status:
        assert "below --fail-under" in err


def test_missing_source_fails():
    code, _, _ = run("coverage", "/no/such/dir", "--no-cache", "--report-format", "json")
    assert code == 1


def test_the_cuda2tile_command_has_coverage_and_history(tmp_path):
    """`cuda2tile coverage` / `cuda2tile history`: cuda2tile/cli registers them (cli/coverage.py, cli/history.py)."""
    from cuda2tile import cli as main_cli

    out = tmp_path / "report.json"
    assert main_cli.main(["coverage", SINK, "--no-cache", "--report-format", "json", "-o", str(out),
                          "--db", str(tmp_path / "h.db")]) == 0
    assert json.loads(out.read_text())["schema"] == "cuda2tile.reports/2"
    assert main_cli.main(["history", "--db", str(tmp_path / "h.db"), "-o", str(tmp_path / "h.txt")]) == 0
