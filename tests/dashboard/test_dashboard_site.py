"""`cuda2tile dashboard` without a browser: pages, links, accessibility structure, the kernel page's
line-to-line links and inline diagnostics, parity figures, the chart's SVG, errors and exit statuses,
and the time to build 1,000 kernels x 20 runs."""

from __future__ import annotations

import argparse
import json
import re
import sqlite3
import time
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from dashboard_helpers import fresh_copy, generate, history_site, kernel_page, parity_document, run
from cuda2tile.reports import history as H
from cuda2tile.cli import dashboard as dashboard_cli
from cuda2tile.dashboard import chart
from cuda2tile.dashboard.parity import load_parity
from cuda2tile.dashboard.site import MANIFEST, build_site
from cuda2tile.dashboard.views import factory_span, kernel_view


class Page(HTMLParser):
    """Every element's tag and attributes, ids, links, and the text, of one HTML page."""

    def __init__(self, path: Path):
        super().__init__(convert_charrefs=True)
        self.path = path
        self.tags: list[tuple[str, dict]] = []
        self.ids: list[str] = []
        self.text: list[str] = []
        self.feed(path.read_text(encoding="utf-8"))

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.tags.append((tag, attrs))
        if "id" in attrs:
            self.ids.append(attrs["id"])

    def handle_data(self, data):
        self.text.append(data)

    def all(self, tag: str) -> list[dict]:
        return [a for t, a in self.tags if t == tag]

    @property
    def content(self) -> str:
        return " ".join(" ".join(self.text).split())


def pages(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


def test_site_files(tmp_path):
    _, _, site = history_site()
    names = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}
    assert {"index.html", "kernels.html", "constructs.html", "assets/dashboard.css", "assets/dashboard.js",
            MANIFEST, ".nojekyll"} <= names
    manifest = json.loads((site / MANIFEST).read_text())
    assert manifest["schema"] == "cuda2tile.dashboard/1" and manifest["runs"] == 4 and manifest["kernels"] == 10
    assert len([n for n in names if n.startswith("kernels/")]) == 10


def test_every_link_resolves_and_nothing_is_fetched_from_elsewhere():
    _, _, site = history_site()
    ids: dict[Path, set[str]] = {}
    for path in pages(site):
        page = Page(path)
        for attrs in page.tags:
            tag, a = attrs
            for attr in ("href", "src"):
                url = a.get(attr)
                if url is None:
                    continue
                parts = urlsplit(url)
                assert parts.scheme in ("", "data"), f"{path.name}: {tag} {attr}={url} leaves the site"
                if parts.scheme == "data":
                    continue
                target = (path.parent / unquote(parts.path)).resolve() if parts.path else path
                assert target.is_file(), f"{path.name}: broken link {url}"
                if parts.fragment:
                    if target not in ids:
                        ids[target] = set(Page(target).ids)
                    assert parts.fragment in ids[target], f"{path.name}: no #{parts.fragment} in {target.name}"
        for a in page.all("script") + page.all("link") + page.all("img"):
            assert not re.match(r"^(https?:)?//", a.get("src", a.get("href", ""))), path.name
        csp = [a for a in page.all("meta") if a.get("http-equiv") == "Content-Security-Policy"]
        assert csp and "default-src 'none'" in csp[0]["content"], path.name


def test_pages_are_semantic_and_accessible():
    _, _, site = history_site()
    for path in pages(site):
        page = Page(path)
        name = path.relative_to(site).as_posix()
        assert page.all("html")[0].get("lang") == "en", name
        assert len(page.all("main")) == 1 and len(page.all("h1")) == 1, name
        assert page.all("nav") and any(a.get("aria-current") == "page" for a in page.all("a") + page.all("span")), name
        assert any(a.get("class") == "skip" and a.get("href") == "#main" for a in page.all("a")), name
        assert any(a.get("name") == "viewport" for a in page.all("meta")), name
        duplicates = [i for i, n in Counter(page.ids).items() if n > 1]
        assert not duplicates, (name, duplicates)
        html = path.read_text()
        for table in re.findall(r"<table.*?</table>", html, re.S):  # every table has a caption and scoped headers
            assert "<caption" in table, name
            assert not re.search(r"<th(?=[\s>])(?![^>]*scope=)[^>]*>", table), name
        for a in page.all("select") + page.all("input"):  # every control has a label
            assert f'for="{a["id"]}"' in html, (name, a)
        for a in page.all("svg"):
            assert a.get("role") == "img" or a.get("aria-hidden") == "true", (name, a)
        assert ' style="' not in html, f"{name}: inline style (the CSP forbids it)"
        assert "<script>" not in html, f"{name}: inline script (the CSP forbids it)"


def test_status_is_spelled_out_not_only_coloured():
    _, _, site = history_site()
    html = (site / "kernels.html").read_text()
    for badge in re.findall(r'<span class="badge [^"]*">(.*?)</span>\s*</', html):
        assert re.search(r"[a-z]{3,}", re.sub(r"<[^>]+>", "", badge)), badge
    rows = re.findall(r"<tr data-status=\"(\w+)\".*?</tr>", html, re.S)
    assert Counter(rows) == {"converted": 8, "unsupported": 2}
    assert "✗</span> unsupported" in html and "✓</span> converted" in html


def test_overview_figures():
    _, db, site = history_site()
    page = Page(site / "index.html")
    text = page.content
    assert "Kernels 10 (-1 since the previous run)" in text
    assert "Converted 8 80.0%" in text and "Unsupported 2 20.0%" in text
    assert "removed: 1 old.cu:old_kernel" in text  # shown relative to the tree, not as an absolute path
    hrefs = [a["href"] for a in page.all("a")]
    assert "constructs.html#c-__syncthreads_count" in hrefs and "kernels.html?construct=__syncthreads_count" in hrefs
    assert "kernels.html?dir=misc" in hrefs and "constructs.html#code-C2T1204" in hrefs
    svg = re.search(r"<svg class=\"chart\" data-chart=\"progress\".*?</svg>", (site / "index.html").read_text(),
                    re.S).group(0)
    assert svg.count("<polyline") == 3  # kernels, converted, unsupported; no run checked parity
    assert "4 runs from" in svg and "Kernels converted went from 4 of 5 to 8 of 10" in svg


def test_kernel_page_links_cuda_and_tilelang_lines():
    _, _, site = history_site()
    path = kernel_page(site, "shade")
    html = path.read_text()
    page = Page(path)
    cuda_ids = {i for i in page.ids if i.startswith("cuda-L")}
    tl_ids = {i for i in page.ids if i.startswith("tl-L")}
    assert {"cuda-L41", "cuda-L46", "cuda-L7", "cuda-L15"} <= cuda_ids  # the kernel and its __device__ helpers
    to_cuda = re.findall(r'id="tl-L(\d+)"><a class="ln" href="#cuda-L(\d+)"', html)
    to_tl = re.findall(r'id="cuda-L(\d+)"><a class="ln" href="#tl-L(\d+)"', html)
    assert len(to_cuda) >= 10 and len(to_tl) >= 10
    for _, line in to_cuda:
        assert f"cuda-L{line}" in cuda_ids
    for _, line in to_tl:
        assert f"tl-L{line}" in tl_ids
    # the comment line that names CUDA line 46 links to it, and line 46 links back to that comment
    back = dict(to_tl)["46"]
    assert (back, "46") in to_cuda
    assert re.search(rf'id="tl-L{back}">.*?# misc/device_helpers.cu:46: y\[i\] = smoothstep', html)
    assert "lines not shown" in html  # the lines between the helpers and the kernel are left out, and counted


def test_kernel_page_shows_diagnostics_inline():
    _, _, site = history_site()
    html = kernel_page(site, "fence").read_text()
    inline = re.search(r'id="cuda-L6">.*?</span></span><span class="diag sev-warning" role="note">(.*?)</span></span>',
                       html, re.S)
    assert inline and "C2T1204" in inline.group(1) and "__syncthreads_count" in inline.group(1)
    assert "Not converted: the emitted module only names it" in html
    assert 'href="../constructs.html#c-__syncthreads_count"' in html


def test_parity_figures_and_gpu_speed_ratio():
    _, _, site = history_site()
    saxpy = Page(kernel_page(site, "saxpy")).content
    assert "original on cupy , conversion on cuda" in saxpy
    assert "1.19e-07" in saxpy and "2.4e-08" in saxpy and "0 / 4096" in saxpy
    assert "Speed ratio 0.80× (faster)" in saxpy  # TileLang time / original time, as `cuda2tile parity` gives it
    axpby = Page(kernel_page(site, "axpby")).content
    assert "✗ failed" in axpby and "3 / 4096" in axpby and "4.19e+06" in axpby
    assert "Speed ratio" not in axpby and "did not both run on a GPU" in axpby
    table = (site / "kernels.html").read_text()
    assert "GPU speed ratio" in table and "0.80× (faster)" in table
    assert 'data-parity="passed"' in table and 'data-parity="failed"' in table


def test_verify_json_is_read_too(tmp_path):
    doc = [{"source": "blas1/level1.cu", "kernel": "saxpy", "ok": True, "error": None, "seconds": 1.5, "cuda": None,
            "outputs": [{"name": "y", "ok": True, "mismatches": 0, "total": 100, "max_abs_error": 0.0,
                         "max_rel_error": 0.0, "worst_index": None}]}]
    (tmp_path / "v.json").write_text(json.dumps(doc))
    (tmp_path / "p.json").write_text(json.dumps(parity_document()))
    found = load_parity([str(tmp_path / "v.json"), str(tmp_path / "p.json")])
    assert found[("blas1/level1.cu", "saxpy")]["speed_ratio"] == pytest.approx(0.8)  # the later file wins
    found = load_parity([str(tmp_path / "v.json")])
    detail = found[("blas1/level1.cu", "saxpy")]
    assert detail["status"] == "passed" and detail["speed_ratio"] is None and detail["outputs"][0]["total"] == 100


def test_site_without_sources_says_how_to_get_them(tmp_path):
    _, db, _ = history_site()
    code, _, err = run("dashboard", "--db", str(db), "-o", str(tmp_path / "site"), "--quiet")
    assert code == 0 and err == ""
    html = kernel_page(tmp_path / "site", "saxpy").read_text()
    assert "Build the dashboard with <code>--src DIR</code>" in html and "cuda-L" not in html


def test_chart_svg():
    Run = H.Run
    runs = [Run(i + 1, f"2026-11-{i + 1:02d}T10:00:00+00:00", 1.0, "0.1.0", None, None, None, 100 + i, 50 + 2 * i,
                0, 50 - i, i >= 2 and i != 4, 40 + i if i >= 2 else 0, 0, 10, 9, 1.0) for i in range(8)]
    svg = chart.render(runs)
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert svg.count("<polyline") == 5  # kernels, converted, unsupported, and parity split where a run skipped it
    for x, y in re.findall(r"(?:cx|x)=\"([\d.]+)\" (?:cy|y)=\"([\d.]+)\"", svg):
        assert 0 <= float(x) <= chart.WIDTH and 0 <= float(y) <= chart.HEIGHT
    assert svg.count("<circle") == 8 and svg.count("<rect") == 5  # one marker per point with a value
    assert "<title id=\"chart-title\">" in svg and "8 runs from 2026-11-01 to 2026-11-08" in svg
    assert chart.nice_ticks(1000) == [0, 200, 400, 600, 800, 1000] and chart.nice_ticks(3) == [0, 1, 2, 3]
    one = chart.render(runs[:1])
    assert "<polyline" not in one and one.count("<circle") == 2  # a lone point still shows, with no line
    many = chart.render([runs[0]] * 200)
    assert many.count("<circle") < 10  # beyond 60 runs only the last point of each line is marked


def test_factory_span_and_view():
    module = ["import x", "", "def k(*, block=(1,)):", '    """CUDA kernel `k` (a.cu:3)."""', "",
              "    # a.cu:4: x = 1;", "    x = 1", "", "    return k", "", "", "KERNELS = {}"]
    assert factory_span(module, "k") == (2, 9)
    assert factory_span(module, "missing") is None
    source = ["// c", "", "__global__ void k() {", "  x = 1;", "}"]
    view = kernel_view(source, "\n".join(module), "a.cu", "k", 3, 5, "k",
                       [{"code": "C2T1103", "severity": "warning", "message": "m", "line": 4, "col": 3},
                        {"code": "C2T1103", "severity": "warning", "message": "far", "line": 1, "col": 1}])
    assert [ln.number for seg in view.cuda for ln in seg.lines] == [3, 4, 5]
    assert view.cuda[0].skipped_before == 2
    assert {ln.number: ln.link for seg in view.cuda for ln in seg.lines} == {3: 4, 4: 6, 5: None}
    assert [(t.number, t.link) for t in view.tilelang if t.link] == [(4, 3), (6, 4)]
    assert view.cuda[0].lines[1].diagnostics[0]["message"] == "m" and view.outside[0]["message"] == "far"


def test_rebuild_replaces_an_earlier_dashboard_only(tmp_path):
    _, db, site = history_site()
    copy = fresh_copy(site)
    stale = copy / "kernels" / "gone-0123456789.html"
    stale.write_text("old")
    code, _, err = run("dashboard", "--db", str(db), "-o", str(copy), "--quiet")
    assert code == 0, err
    assert not stale.exists() and (copy / "index.html").is_file()
    assert not [p for p in copy.parent.iterdir() if p.name.startswith(".site.")]  # no staging or backup left
    project = tmp_path / "project"
    project.mkdir()
    (project / "keep.txt").write_text("mine")
    code, _, err = run("dashboard", "--db", str(db), "-o", str(project))
    assert code == 1 and "refusing to replace" in err and (project / "keep.txt").read_text() == "mine"
    assert sorted(p.name for p in project.iterdir()) == ["keep.txt"]


def test_unusable_inputs(tmp_path):
    code, _, err = run("dashboard", "--db", str(tmp_path / "none.db"), "-o", str(tmp_path / "s"))
    assert code == 2 and "no such history database" in err and not (tmp_path / "none.db").exists()
    newer = tmp_path / "newer.db"
    with sqlite3.connect(newer) as conn:
        conn.execute(f"PRAGMA user_version = {H.SCHEMA_VERSION + 1}")
    code, _, err = run("dashboard", "--db", str(newer), "-o", str(tmp_path / "s"))
    assert code == 2 and "newer" in err
    text = tmp_path / "text.db"
    text.write_text("not sqlite " * 100)
    code, _, err = run("dashboard", "--db", str(text), "-o", str(tmp_path / "s"))
    assert code == 2 and "not a cuda2tile history" in err
    _, db, _ = history_site()
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    code, _, err = run("dashboard", "--db", str(db), "-o", str(tmp_path / "s"), "--parity-json", str(bad))
    assert code == 1 and "neither" in err and not (tmp_path / "s").exists()


def test_empty_history(tmp_path):
    db = tmp_path / "empty.db"
    H.connect(db).close()
    result = build_site(db, tmp_path / "site")
    assert result.kernels == 0 and result.runs == 0
    assert "No runs recorded yet" in (tmp_path / "site" / "index.html").read_text()
    assert "No runs recorded yet" in (tmp_path / "site" / "kernels.html").read_text()


def test_registers_as_a_subcommand():
    parser = argparse.ArgumentParser(prog="cuda2tile")
    dashboard_cli.add_parser(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["dashboard", "--db", "h.db", "-o", "site", "--src", "a", "--src", "b"])
    assert args.func is dashboard_cli.run and args.src == ["a", "b"] and args.history == 20


def test_thousand_kernels_twenty_runs_under_five_seconds(tmp_path):
    """Acceptance 2: the figure in docs/dashboard.md comes from benchmarks/dashboard_build.py."""
    db = tmp_path / "big.db"
    generate(db, kernels=1000, runs=20, seed=1)
    conn = H.connect(db)
    try:
        runs = H.runs(conn)
        assert len(runs) == 20 and runs[-1].kernels == 1000
    finally:
        conn.close()
    start = time.perf_counter()
    result = build_site(db, tmp_path / "site")
    seconds = time.perf_counter() - start
    assert result.kernels == 1000 and result.pages == 1003
    assert seconds < 5.0, f"dashboard of 1,000 kernels x 20 runs took {seconds:.2f} s"
    html = (tmp_path / "site" / "index.html").read_text()
    progress, burndown = (re.search(rf'<svg class="chart" data-chart="{kind}".*?</svg>', html, re.S).group(0)
                          for kind in ("progress", "burndown"))
    assert progress.count("<polyline") == 4 and "Top unsupported constructs" in html
    assert burndown.count("<polyline") == 1  # remaining; these runs recorded no inventory, so no `missed` line
    sizes = sum(p.stat().st_size for p in (tmp_path / "site").rglob("*") if p.is_file())
    assert sizes < 40 * 2**20, sizes


def test_recorded_files_missing_under_src_are_reported(tmp_path):
    _, db, _ = history_site()
    (tmp_path / "elsewhere").mkdir()
    code, _, err = run("dashboard", "--db", str(db), "-o", str(tmp_path / "site"), "--src",
                       str(tmp_path / "elsewhere"), "--no-cache")
    assert code == 0 and "4 recorded file(s) not found under --src" in err
    assert "was not found in the tree given with <code>--src</code>" in kernel_page(tmp_path / "site", "saxpy").read_text()


# ------------------------------------------------------------------ parity from the history and from files
PARITY_TREE = "".join(f"__global__ void {name}(int n, float* x) {{ int i = threadIdx.x; if (i < n) x[i] = {k}.0f; }}\n"
                      for k, name in enumerate(("good", "bad", "nospec", "extra", "lonely")))


def _parity_history(tmp_path, monkeypatch) -> Path:
    """One `coverage --parity --db` run whose harness (a stand-in) passed `good` and `extra`, failed `bad`
    (an infinite ULP error) and did not check `nospec` and `lonely`."""
    from cuda2tile.parity import harness
    from cuda2tile.parity.metrics import BufferCheck
    from cuda2tile.parity.report import FAIL, PASS, SKIP, KernelParity

    def buf(ok, abs_err, rel_err, ulp):
        return BufferCheck("x", ok, 0 if ok else 5, 64, abs_err, rel_err, ulp, 3, 1.0, 1.0, "rtol=1e-05 atol=1e-06")

    def run_parity(options, progress=None):
        sides = dict(original="cpu", converted="c", timings={"total": 0.1})
        return harness.ParityRun([
            KernelParity("p.cu", "good", PASS, "spec", outputs=[buf(True, 1.19e-07, 2.4e-08, 1.0)], **sides),
            KernelParity("p.cu", "good", PASS, "spec", outputs=[buf(True, 2e-08, 5e-08, 0.0)], **sides),
            KernelParity("p.cu", "bad", FAIL, "spec", failure="mismatch", outputs=[buf(False, 4.5, 57.0, float("inf"))],
                         **sides),
            KernelParity("p.cu", "extra", PASS, "spec", outputs=[buf(True, 0.0, 0.0, 0.0)], **sides),
            KernelParity("p.cu", "nospec", SKIP, message="no launch spec (p.toml), and no host launch with constant "
                                                         "sizes to infer one from"),
            KernelParity("p.cu", "lonely", SKIP, message="no launch spec (p.toml), and no host launch with constant "
                                                         "sizes to infer one from")], 1.0, {})

    monkeypatch.setattr(harness, "run_parity", run_parity)
    tree, db = tmp_path / "tree", tmp_path / "h.db"
    tree.mkdir()
    (tree / "p.cu").write_text(PARITY_TREE)
    code, _, err = run("coverage", str(tree), "--parity", "--db", str(db), "--no-cache", "-j", "1",
                       "--report-format", "json")
    assert code == 0, err
    return db


def _row(html: str, kernel: str) -> str:
    row = re.search(rf"<tr data-status=[^>]*>\s*<th scope=\"row\"><a [^>]*><code>{kernel}</code>.*?</tr>", html, re.S)
    assert row, kernel
    return row.group(0)


def _text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_parity_from_the_history_with_the_worst_error(tmp_path, monkeypatch):
    db = _parity_history(tmp_path, monkeypatch)
    site = tmp_path / "site"
    code, _, err = run("dashboard", "--db", str(db), "-o", str(site), "--quiet")
    assert code == 0, err
    table = (site / "kernels.html").read_text()
    good = _row(table, "good")
    assert 'data-parity="passed"' in good and "✓ parity verified" in _text(good)
    assert "worst error: abs 1.19e-07, rel 5e-08, 1 ULP" in _text(good) and "(run 1)" in good  # max over launches
    bad = _row(table, "bad")
    assert 'data-parity="failed"' in bad and "st-unsupported" in bad and "inf ULP" in _text(bad)
    lonely = _row(table, "lonely")  # not checked: greyed, with the reason, and no error figures
    assert 'data-parity="not checked"' in lonely and "badge st-none" in lonely and "worst error" not in lonely
    assert re.search(r'class="muted parity-reason">no launch spec \(p\.toml\)', lonely)
    page = _text(kernel_page(site, "good").read_text())
    assert "worst error over every buffer and launch: abs 1.19e-07, rel 5e-08, 1 ULP" in page
    assert "original on cpu , conversion on c" in page
    index = Page(site / "index.html").content
    assert "Parity-verified 2 40.0% 1 failed 2 not checked" in index


def test_a_parity_json_file_wins_for_the_kernels_it_names(tmp_path, monkeypatch):
    db = _parity_history(tmp_path, monkeypatch)
    doc = parity_document()
    doc["kernels"] = [dict(doc["kernels"][0], source="p.cu", kernel="nospec"),  # passed, on a GPU
                      dict(doc["kernels"][1], source="p.cu", kernel="extra")]  # failed: a mismatch
    (tmp_path / "p.json").write_text(json.dumps(doc))
    site = tmp_path / "site"
    code, _, err = run("dashboard", "--db", str(db), "-o", str(site), "--parity-json", str(tmp_path / "p.json"))
    assert code == 0, err
    table = (site / "kernels.html").read_text()
    nospec, extra = _row(table, "nospec"), _row(table, "extra")
    assert 'data-parity="passed"' in nospec and "(--parity-json p.json)" in nospec
    assert "worst error: abs 1.19e-07, rel 2.4e-08, 1 ULP" in _text(nospec)
    assert 'data-parity="failed"' in extra and "(--parity-json p.json)" in extra  # over the history's pass
    assert "(run 1)" in _row(table, "good")  # the history still speaks for the kernels no file names
    index = Page(site / "index.html").content  # the totals count either source
    assert "Parity-verified 2 40.0% 2 failed 1 not checked" in index and "2 from --parity-json" in index
    extra_page = _text(kernel_page(site, "extra").read_text())
    assert "Run 1 ( coverage --parity ), which the --parity-json file below overrides" in extra_page
