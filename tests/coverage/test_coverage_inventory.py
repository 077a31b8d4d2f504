"""Inventory, parse health, constructs weighted by kernels, remaining work and owners in every coverage
format and in the history (issue 22); no effort estimate anywhere.

The tree (tests/c2t_testsupport.py INVENTORY_TREE): kernels in a header included by a `.cu` without
kernels of its own, a header not found blocking a kernel, a clang error in a kernel, one no kernel
reaches, a kernel in a preprocessor branch not taken, one the parser misses, a CODEOWNERS, two
directories.
"""

from __future__ import annotations

import json
import sqlite3
import xml.etree.ElementTree as ET

import jsonschema
import pytest
from markdown_it import MarkdownIt

from c2t_testsupport import write_inventory_tree
from coverage_helpers import run
from cuda2tile.reports import history as H
from cuda2tile.reports import inventory, report_junit, report_markdown, report_sarif, report_text
from cuda2tile.reports.json_schema import SCHEMA
from cuda2tile.reports.model import Diag, FileCoverage, KernelCoverage


@pytest.fixture(scope="module")
def scanned(tmp_path_factory) -> tuple[dict, object]:
    base = tmp_path_factory.mktemp("inventory")
    tree = write_inventory_tree(base)
    db = base / "h.db"
    code, out, err = run("coverage", str(tree), "--no-cache", "-j", "1", "--report-format", "json", "--db", str(db))
    assert code == 0, err
    return json.loads(out), db


def test_inventory_and_parse_health_in_the_json(scanned):
    report, _ = scanned
    jsonschema.validate(report, SCHEMA)
    assert report["schema"] == "cuda2tile.reports/2"
    s = report["summary"]
    assert s["inventory"] == {"defined": 9, "found": 7, "not_compiled": 1, "missed": 1, "kernels": 7, "converted": 4,
                              "partial": 0, "refused": 3, "wrapped": 0, "files": 4, "files_without_kernels": 1,
                              "files_not_parsed": 0}
    assert s["refused_by"] == {"parse_errors": 2, "constructs": 1, "other": 0}
    assert s["remaining"] == {"kernels": 4, "refused": 3, "missed": 1}
    assert s["parse_health"] == {"parse_errors": 3, "files_with_parse_errors": 2, "missing_headers": 1,
                                 "files_with_missing_headers": 1, "kernels_blocked_by_parse_errors": 2}
    files = {f["display"]: f for f in report["files"]}
    assert files["ops/kernels.cuh"]["inventory"] == {"defined": 2, "found": 2, "not_compiled": 0, "missed": 0}
    assert files["ops/fill.cu"]["inventory"]["defined"] == 0 and files["ops/fill.cu"]["status"] == "no kernels"
    assert files["ops/broken.cu"]["missing_headers"] == ["vendor/missing_math.h"]
    assert files["blas/scale.cu"]["parse_errors"] == 2 and files["blas/scale.cu"]["directory"] == "blas"
    kernels = {k["name"]: k for f in report["files"] for k in f["kernels"]}
    assert kernels["typo"]["refused_by"] == "parse_errors" and kernels["fence"]["refused_by"] == "constructs"
    assert kernels["scale"]["refused_by"] is None
    assert "effort_hours" not in json.dumps(report)


def test_owners_from_codeowners_last_match_wins(scanned):
    report, _ = scanned
    owners = {f["display"]: f["owners"] for f in report["files"]}
    assert owners == {"blas/scale.cu": ["@core"], "ops/broken.cu": ["@ops-team"], "ops/fill.cu": ["@ops-team"],
                      "ops/kernels.cuh": ["@header-owners"]}
    assert report["codeowners"]["path"].endswith(".github/CODEOWNERS") and report["codeowners"]["rules"] == 3


def test_todo_list_most_kernels_blocked_first(scanned):
    report, _ = scanned
    todo = report["todo"]
    assert [(t["kind"], t["item"], t["blocked"]) for t in todo] == [
        ("missing header", "vendor/missing_math.h", 1),
        ("parse error", "unknown type name 'undeclared_t'", 1),
        ("parse error", "use of undeclared identifier 'vendor_sqrt'", 1),
        ("parse error", "string literal with user-defined suffix cannot be used here", 0)]  # blocks no kernel
    assert todo[0]["files"] == ["ops/broken.cu"] and todo[0]["kernels"] == ["ops/broken.cu:needs_header"]
    assert todo[1]["where"] == "blas/scale.cu:3:41" and todo[1]["kernels"] == ["blas/scale.cu:typo"]
    assert todo[2]["after_missing_header"] is True and todo[1]["after_missing_header"] is False


def test_directories_with_remaining_work_and_blockers(scanned):
    report, _ = scanned
    dirs = {d["directory"]: d for d in report["directories"]}
    assert sorted(dirs) == ["blas", "ops"]
    blas, ops = dirs["blas"], dirs["ops"]
    assert (blas["defined"], blas["found"], blas["kernels"], blas["refused"], blas["missed"], blas["remaining"]) == \
        (5, 3, 3, 2, 1, 3)
    assert {(b["kind"], b["name"]) for b in blas["blockers"]} == {("code", "C2T1009"), ("construct", "__syncthreads_count"),
                                                                   ("parse error", "C2T1101")}
    assert (ops["files"], ops["files_without_kernels"], ops["missing_headers"], ops["remaining"]) == (3, 1, 1, 1)
    assert ops["owners"] == ["@header-owners", "@ops-team"] and blas["owners"] == ["@core"]


def test_constructs_weighted_by_the_kernels_they_block(scanned):
    report, _ = scanned
    c = report["summary"]["constructs"]
    assert c["kernels_blocked"] == 1 and c["distinct_blocking"] >= 1 and c["distinct_supported"] < c["distinct"]
    top = {t["construct"]: t for t in report["top_unsupported"]}
    assert top["__syncthreads_count"]["kernels_blocked"] == 1
    assert report["top_unsupported"][0]["construct"] == "__syncthreads_count"  # blocks a kernel: first
    # a construct seen only in kernels refused for a clang error blocks nothing (the error does)
    assert all(t["kernels_blocked"] == 0 for t in report["top_unsupported"][1:])


def test_text_and_markdown_show_the_inventory_and_no_hours(scanned):
    report, _ = scanned
    text = report_text.render(report, width=200)
    assert "9 defined: 7 found, 1 not compiled, 1 missed by the parser; 7 kernels reported" in text
    assert "3 refused (2 by parse errors, 1 by unsupported constructs, 0 by other lift limits), 0 wrapped" in text
    assert "the 4 unsupported block 1 of 7 kernels" in text
    assert "3 clang errors in 2 files, 1 headers not found (in 1 files)" in text
    assert "4 kernels: 3 refused + 1 definitions the parser missed" in text
    assert "vendor/missing_math.h" in text and "remaining work by directory" in text and "@ops-team" in text
    markdown = report_markdown.render(report)
    html = MarkdownIt("commonmark").enable("table").render(markdown)
    assert "### To do: headers not found and clang errors" in markdown
    assert "<td>missing header</td>\n<td><code>vendor/missing_math.h</code></td>" in html
    assert "<td><code>blas</code></td>\n<td>5</td>\n<td>3</td>\n<td>3</td>\n<td>1</td>\n<td>2</td>\n<td>1</td>\n" \
           "<td>3</td>" in html  # defined, found, kernels, converted, refused, missed, remaining
    assert "<td>@header-owners @ops-team</td>" in html
    for rendered in (text, markdown):
        summary = rendered.lower().split("top unsupported")[0]  # the constructs' effort level stays, no hours
        assert "effort" not in summary and " h (device" not in rendered and "manual effort" not in rendered


def test_sarif_and_junit_carry_parse_health(scanned):
    report, _ = scanned
    sarif = json.loads(report_sarif.render(report))
    results = sarif["runs"][0]["results"]
    header = [r for r in results if r["ruleId"] == "C2T1102"]
    assert len(header) == 1 and header[0]["properties"] == {"kernelsBlocked": 1}
    unreached = [r for r in results if r["ruleId"] == "C2T1101" and "user-defined suffix" in r["message"]["text"]]
    assert unreached and unreached[0]["properties"] == {"kernelsBlocked": 0}
    assert sarif["runs"][0]["properties"]["summary"]["inventory"]["missed"] == 1
    suites = {s.get("name").rsplit("/proj/", 1)[-1]: s for s in ET.fromstring(report_junit.render(report).split("\n", 1)[1])}
    props = {p.get("name"): p.get("value") for p in suites["blas/scale.cu"].find("properties")}
    assert props["kernels.defined"] == "5" and props["kernels.missed"] == "1" and props["parse_errors"] == "2"
    assert props["owners"] == "@core"


def test_history_records_the_inventory_files_and_todo(scanned):
    _, db = scanned
    conn = H.connect(db)
    try:
        run_ = H.runs(conn)[-1]
        assert (run_.defined, run_.found, run_.not_compiled, run_.missed, run_.wrapped, run_.parse_errors,
                run_.missing_headers) == (9, 7, 1, 1, 0, 3, 1)
        assert run_.remaining == 4 and run_.effort_hours == 0.0  # the column stays, unused
        files = {f["display"]: f for f in H.file_results(conn, run_.id)}
        assert files["ops/fill.cu"]["kernels"] == 0 and files["ops/fill.cu"]["owners"] == ["@ops-team"]
        assert files["blas/scale.cu"]["missed"] == 1 and files["blas/scale.cu"]["refused"] == 2
        todo = H.todo_items(conn, run_.id)
        assert todo[0]["item"] == "vendor/missing_math.h" and todo[0]["blocked"] == 1 and todo[0]["where"] is None
    finally:
        conn.close()
    code, out, err = run("history", "--db", str(db), "--report-format", "json")
    assert code == 0, err
    last = json.loads(out)["runs"][-1]
    assert (last["defined"], last["missed"], last["parse_errors"], last["remaining"]) == (9, 1, 3, 4)
    assert "effort_hours" not in last
    code, out, err = run("history", "--db", str(db), "--report-format", "markdown")
    assert code == 0 and "| kernels | converted | remaining |" in out and "| 7 | 4 | 4 |" in out


def test_migration_2_to_3_keeps_old_runs_readable(tmp_path):
    db = tmp_path / "old.db"
    conn = H.connect(db, H.MIGRATIONS[:2])  # a history written before the inventory
    conn.execute("INSERT INTO runs (started_at, seconds, tool_version, sources, options, files, kernels, converted, "
                 "partial, unsupported, parity_ran, parity_passed, parity_failed, constructs, constructs_supported, "
                 "kernel_lines, converted_lines, effort_hours, files_cached) "
                 "VALUES ('2026-11-01T10:00:00+00:00', 1.0, '0.1.0', '[]', '{}', 2, 5, 3, 0, 2, 0, 0, 0, 40, 38, "
                 "50, 30, 41.5, 0)")
    conn.close()
    conn = H.connect(db)
    try:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == H.SCHEMA_VERSION == 3
        old = H.runs(conn)[0]
        assert old.defined is None and old.missed is None and old.remaining == 2 and old.effort_hours == 41.5
        assert H.file_results(conn, old.id) == [] and H.todo_items(conn, old.id) == []
    finally:
        conn.close()
    with sqlite3.connect(db) as raw:  # the migration made the tables the next run writes
        tables = {row[0] for row in raw.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert {"file_results", "todo_items"} <= tables


def test_todo_merges_a_header_error_across_its_includers():
    """The same clang error in a header, named absolutely by two includers in different folders and quoted by
    a kernel's refusal, is one item of the to-do list, located relative to the SRC root."""
    header = "/proj/common/defs.cuh"
    message = "unknown type name 'index_t'"

    def includer(display: str, kernel: str | None) -> FileCoverage:
        f = FileCoverage(f"/proj/{display}", display, inventory={"defined": 1, "found": 1, "not_compiled": 0,
                                                                 "missed": 0})
        f.diagnostics = [Diag("C2T1101", "error", message, 3, 5, header)]
        if kernel:
            f.kernels = [KernelCoverage(kernel, "unsupported", 1, 2, diagnostics=[Diag(
                "C2T1101", "error", f"kernel '{kernel}' is not converted: clang error at {header}:3:5: {message} "
                                    f"(and 2 more clang errors)", 1, 1, display)])]
        return f

    files = [includer("a/x.cu", "kx"), includer("b/deep/y.cu", "ky"), includer("c/z.cu", None)]
    todo = inventory.todo(files, ["/proj"])
    assert len(todo) == 1
    item = todo[0]
    assert item["where"] == "common/defs.cuh:3:5" and item["occurrences"] == 3 and item["blocked"] == 2
    assert item["files"] == ["a/x.cu", "b/deep/y.cu", "c/z.cu"] and item["kernels"] == ["a/x.cu:kx", "b/deep/y.cu:ky"]
    assert inventory.summary(files)["refused_by"] == {"parse_errors": 2, "constructs": 0, "other": 0}


def test_convert_report_counts_parse_errors_too(tmp_path):
    tree = write_inventory_tree(tmp_path)
    code, _, err = run("convert", str(tree), "-o", str(tmp_path / "out"), "--no-cache", "-j", "1",
                       "--report", str(tmp_path / "r.json"))
    assert code == 0, err
    report = json.loads((tmp_path / "r.json").read_text())
    assert report["summary"]["parse_errors"] == 3
    assert report["summary"]["inventory"] == {"defined": 9, "found": 7, "not_compiled": 1, "missed": 1}
    assert {f["source"]: f["parse_errors"] for f in report["files"]} == {
        "blas/scale.cu": 2, "ops/broken.cu": 1, "ops/fill.cu": 0, "ops/kernels.cuh": 0}
