"""The overview's inventory, to-do list, owners, per-directory remaining work and burn-down (issue 22).

Two `coverage --db` runs of tests/c2t_testsupport.py's INVENTORY_TREE (kernels in a header included by a
`.cu` without kernels, a header not found blocking a kernel, clang errors, a kernel in a branch not
taken and one the parser misses, a CODEOWNERS file, two directories); between them a clang error is
fixed. Checked in the HTML, then in headless Chromium (skipped, saying why, without it): the figures
are shown, and the per-directory table is not clipped at 1024 px. A history written before the
inventory still builds, saying what is missing.
"""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest

from c2t_testsupport import write_inventory_tree
from dashboard_helpers import ARTIFACTS, browser, run  # noqa: F401 (browser: a fixture)
from cuda2tile.reports import history as H



@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    base = tmp_path_factory.mktemp("inventory-site")
    tree = write_inventory_tree(base)
    db, cache = base / "coverage.db", base / "cache"
    for step in range(2):
        if step == 1:  # the clang error in `typo` fixed: one kernel less to do
            scale = tree / "blas" / "scale.cu"
            scale.write_text(scale.read_text().replace("undeclared_t v", "float v"))
        code, _, err = run("coverage", str(tree), "--db", str(db), "--cache-dir", str(cache), "-j", "1",
                           "--report-format", "json")
        assert code == 0, err
    out = base / "site"
    code, _, err = run("dashboard", "--db", str(db), "-o", str(out), "--src", str(tree), "--cache-dir", str(cache),
                       "-j", "1", "--quiet")
    assert code == 0, err
    return out


def _text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html.replace("<wbr>", "")).split())


def _element(html: str, ident: str) -> str:
    match = re.search(rf'<(\w+)[^>]* id="{ident}"[^>]*>(.*?)</\1>', html, re.S)
    assert match, ident
    return _text(match.group(2))


def test_overview_shows_the_inventory_and_parse_health(site):
    html = (site / "index.html").read_text()
    assert _element(html, "inv-defined").startswith("9 ")
    assert _element(html, "inv-found") == "7" and _element(html, "inv-not-compiled").startswith("1 ")
    assert _element(html, "inv-missed").startswith("1 ") and _element(html, "inv-kernels").startswith("7 ")
    assert _element(html, "inv-refused") == "2 1 by parse errors, 1 by unsupported constructs, 0 by other lift limits (each diagnostic says which)"
    assert _element(html, "inv-wrapped").startswith("0 ") and _element(html, "inv-files-without") == "1"
    assert _element(html, "inv-parse-errors") == "2" and _element(html, "inv-missing-headers") == "1"
    assert _element(html, "total-remaining").startswith("3 kernels: 2 refused + 1 missed by the parser (-1 since")
    assert "the unsupported ones block 1 of 7 kernels" in _element(html, "total-constructs")
    assert "Estimated manual effort" not in html and " h <" not in html


def test_overview_todo_list_owners_and_burndown(site):
    html = (site / "index.html").read_text()
    todo = re.search(r'<table class="todo" id="todo-table">.*?</table>', html, re.S).group(0)
    rows = [_text(r) for r in re.findall(r"<tr data-kind.*?</tr>", todo, re.S)]
    assert rows[0].startswith("1 missing header vendor/missing_math.h") and "ops/broken.cu:needs_header" in rows[0]
    assert any(r.startswith("0 parse error string literal with user-defined suffix") for r in rows)
    assert not any("undeclared_t" in r for r in rows)  # fixed in the latest run
    assert re.search(r'<a href="kernels/[^"]+\.html"><code>ops/<wbr>broken.cu:needs_header</code></a>', todo)
    dirs = re.search(r'<table class="dirs" id="dirs-table">.*?</table>', html, re.S).group(0)
    header = [_text(h) for h in re.findall(r'<th scope="col">(.*?)</th>', dirs)]
    assert header[:4] == ["directory", "owners", "files", "defined"] and "remaining" in header
    body = {(_text(r).split(" ")[0]): _text(r) for r in re.findall(r"<tr><th scope=\"row\">.*?</tr>", dirs, re.S)}
    assert body["blas"].startswith("blas @core 1 5 3 3 ") and "C2T1009 (1)" in body["blas"]
    assert body["ops"].startswith("ops @header-owners @ops-team 3 4 4 4 ")
    burndown = re.search(r'<svg class="chart" data-chart="burndown".*?</svg>', html, re.S).group(0)
    assert "went from 4 to 3" in burndown and burndown.count("<polyline") == 2  # remaining and missed


def test_a_history_from_before_the_inventory_still_builds(tmp_path):
    db = tmp_path / "old.db"
    conn = H.connect(db, H.MIGRATIONS[:2])
    conn.execute("INSERT INTO runs (started_at, seconds, tool_version, sources, options, files, kernels, converted, "
                 "partial, unsupported, parity_ran, parity_passed, parity_failed, constructs, constructs_supported, "
                 "kernel_lines, converted_lines, effort_hours, files_cached) VALUES ('2026-11-01T10:00:00+00:00', "
                 "1.0, '0.1.0', '[]', '{}', 1, 1, 0, 0, 1, 0, 0, 0, 4, 3, 5, 0, 41.5, 0)")
    conn.execute("INSERT INTO kernel_results (run_id, file, kernel, line, status, codes, blocking) "
                 "VALUES (1, 'a/k.cu', 'k', 1, 'unsupported', 'C2T1204', '[\"__threadfence\"]')")
    conn.close()
    code, _, err = run("dashboard", "--db", str(db), "-o", str(tmp_path / "site"), "--quiet")
    assert code == 0, err
    html = (tmp_path / "site" / "index.html").read_text()
    assert "was recorded before the inventory was (history schema 3)" in html
    assert "41.5" not in html and _element(html, "total-remaining").startswith("1 kernels: 1 refused")
    with sqlite3.connect(db) as raw:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == H.SCHEMA_VERSION


def test_in_a_browser_at_1024_px(browser, site):
    tab = browser.page(1024, 900)
    try:
        tab.goto((site / "index.html").as_uri())
        assert tab.errors == [] and all(u.startswith(("file:", "data:")) for u in tab.requests)
        shown = tab.evaluate("document.getElementById('inventory').innerText")
        assert "Kernel definitions written\n9" in shown and "Missed by the parser\n1" in shown
        todo = tab.evaluate("Array.from(document.querySelectorAll('#todo-table tbody tr')).filter(r => "
                            "r.offsetParent !== null).map(r => r.innerText)")
        assert "vendor/missing_math.h" in todo[0] and "ops/broken.cu:needs_header" in todo[0]
        owners = tab.evaluate("Array.from(document.querySelectorAll('#dirs-table td.owners')).map(c => c.innerText)")
        assert owners == ["@core", "@header-owners @ops-team"]
        page = tab.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert page[0] <= page[1], f"the overview scrolls sideways at 1024 px: {page}"
        # the directory table is not clipped: its region stays on the page, and every column can be reached
        fits = tab.evaluate("(() => { const s = document.querySelector('[aria-label=\"Kernels by directory\"]');"
                            " const r = s.getBoundingClientRect(); s.scrollLeft = s.scrollWidth;"
                            " const cells = Array.from(s.querySelectorAll('tbody tr td:last-child, thead th:last-child'));"
                            " return {right: r.right, overflow: getComputedStyle(s).overflowX,"
                            " wide: s.scrollWidth > s.clientWidth, cells: cells.map(c => { const b ="
                            " c.getBoundingClientRect(); return b.left >= r.left - 0.5 && b.right <= r.right + 0.5; })};"
                            " })()")
        assert fits["right"] <= 1024.5 and all(fits["cells"]), fits
        assert not fits["wide"] or fits["overflow"] == "auto", fits
        burndown = tab.evaluate("Array.from(document.querySelectorAll('svg.chart[data-chart=burndown] polyline'))"
                                ".map(p => [p.getTotalLength(), getComputedStyle(p).strokeDasharray])")
        assert len(burndown) == 2 and all(length > 100 for length, _ in burndown)
        assert burndown[0][1] != burndown[1][1]  # told apart without colour
        shot = tab.screenshot(ARTIFACTS / "overview-inventory-1024.png", full_page=True)
        assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        tab.resize(360, 740)
        tab.goto((site / "index.html").as_uri())
        page = tab.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert page[0] <= page[1], f"the overview scrolls sideways at 360 px: {page}"
        assert tab.errors == []
    finally:
        tab.close()
