"""The dashboard in a real headless browser (Debian's `chromium`, driven over the DevTools protocol).

Pages load with no console error, no uncaught exception, no failed load and no request leaving the
machine; the chart renders; filtering and sorting the kernel table work, with the keyboard too;
without JavaScript the full table shows; nothing overflows a narrow window. Screenshots of the
overview are kept in tests/dashboard/artifacts/ (CI uploads them).

Skipped, saying why, where Chromium is not installed (`.ci/run` installs it when apt is available;
set CUDA2TILE_CHROMIUM to use another Chromium or Chrome binary).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dashboard_cdp import Browser, find_chromium
from dashboard_helpers import ARTIFACTS, history_site, kernel_page

CHROMIUM = find_chromium()
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="headless browser checks skipped: no Chromium found (install Debian's package with "
                             "`apt-get install -y chromium`, as .ci/run does when apt is available, or set "
                             "CUDA2TILE_CHROMIUM to a Chromium/Chrome binary)")


@pytest.fixture(scope="module")
def browser():
    try:
        b = Browser.launch(CHROMIUM)
    except Exception as err:  # installed but cannot start here (no /dev/shm, missing libraries, ...)
        pytest.skip(f"headless browser checks skipped: Chromium ({CHROMIUM}) did not start: {err}")
    yield b
    b.close()


@pytest.fixture(scope="module")
def site() -> Path:
    return history_site()[2]


@pytest.fixture()
def tab(browser):
    page = browser.page(1280, 900)
    yield page
    page.close()


def _clean(tab, what: str) -> None:
    assert tab.errors == [], f"{what}: {tab.errors}"
    assert tab.external_requests() == [], f"{what}: requests leaving the machine: {tab.external_requests()}"


def _visible_rows(tab, table: str = "kernel-table") -> list[str]:
    return tab.evaluate(f"Array.from(document.querySelectorAll('#{table} tbody tr'))"
                        ".filter(r => !r.hidden && r.offsetParent !== null).map(r => r.cells[0].textContent.trim())")


def test_pages_load_cleanly_offline(tab, site):
    paths = [site / "index.html", site / "kernels.html", site / "constructs.html",
             kernel_page(site, "shade"), kernel_page(site, "fence"), kernel_page(site, "saxpy")]
    for path in paths:
        tab.errors.clear()
        tab.requests.clear()
        tab.goto(path.as_uri())
        _clean(tab, path.name)
        assert tab.requests and all(u.startswith("file:") for u in tab.requests if not u.startswith("data:"))
        assert tab.evaluate("document.styleSheets.length") == 1, path.name  # the stylesheet loaded from disk
        assert tab.evaluate("getComputedStyle(document.querySelector('header.site')).borderBottomStyle") == "solid"


def test_chart_renders(tab, site):
    tab.goto((site / "index.html").as_uri())
    box = tab.evaluate("(() => { const r = document.querySelector('svg.chart[data-chart=progress]')"
                       ".getBoundingClientRect(); return [r.width, r.height]; })()")
    assert box[0] > 600 and box[1] > 200
    lines = tab.evaluate("Array.from(document.querySelectorAll('svg.chart[data-chart=progress] polyline')).map(p => "
                         "[p.closest('[data-series]').dataset.series, p.getTotalLength(), "
                         "getComputedStyle(p).stroke, getComputedStyle(p).strokeDasharray])")
    assert {s for s, *_ in lines} == {"kernels", "converted", "unsupported"}
    assert all(length > 100 for _, length, _, _ in lines)
    assert len({(stroke, dash) for _, _, stroke, dash in lines}) == 3  # each line looks different
    assert len({dash for *_, dash in lines}) == 3  # ... even without colour
    assert tab.evaluate("document.querySelectorAll('svg.chart[data-chart=progress] circle').length") >= 4
    _clean(tab, "overview")


def test_filtering_the_kernel_table(tab, site):
    tab.goto((site / "kernels.html").as_uri())
    assert tab.evaluate("document.getElementById('kernel-filters').hidden") is False
    assert len(_visible_rows(tab)) == 10

    def choose(select: str, value: str) -> None:
        tab.evaluate(f"(() => {{ const s = document.getElementById('{select}'); s.value = {json.dumps(value)};"
                     " s.dispatchEvent(new Event('change')); })()")

    choose("f-status", "unsupported")
    assert sorted(_visible_rows(tab)) == ["fence", "fetch"]
    assert tab.evaluate("document.getElementById('kernel-count').textContent") == "Showing 2 of 10 kernels"
    choose("f-construct", "__syncthreads_count")
    assert _visible_rows(tab) == ["fence"]
    choose("f-status", "")
    choose("f-construct", "")
    choose("f-dir", "blas1")
    assert sorted(_visible_rows(tab)) == ["axpby", "partial_asum", "partial_dot", "saxpy"]
    choose("f-dir", "misc")  # a directory filter covers the directories below it
    assert sorted(_visible_rows(tab)) == ["fence", "fetch", "periodic_diff", "shade"]
    choose("f-parity", "passed")
    assert _visible_rows(tab) == [] and "Showing 0 of 10" in tab.evaluate("document.getElementById('kernel-count').textContent")
    tab.evaluate("document.querySelector('#kernel-filters button[type=reset]').click()")
    tab.browser.pump(0.2)
    assert len(_visible_rows(tab)) == 10
    tab.evaluate("(() => { const q = document.getElementById('f-q'); q.value = 'SCALE';"
                 " q.dispatchEvent(new Event('input')); })()")
    assert sorted(_visible_rows(tab)) == ["scale", "shift"]  # by file name too, case-insensitively
    _clean(tab, "kernels.html filters")


def test_links_from_the_overview_open_the_table_filtered(tab, site):
    tab.goto((site / "kernels.html").as_uri() + "?construct=__syncthreads_count")
    assert _visible_rows(tab) == ["fence"]
    assert tab.evaluate("document.getElementById('f-construct').value") == "__syncthreads_count"
    tab.goto((site / "kernels.html").as_uri() + "?code=C2T1203")
    assert _visible_rows(tab) == ["fetch"]
    tab.goto((site / "constructs.html").as_uri() + "?category=barrier&used=yes")
    assert _visible_rows(tab, "construct-table") == ["__syncthreads_count"]
    _clean(tab, "filtered links")


def test_sorting_with_the_keyboard(tab, site):
    tab.goto((site / "kernels.html").as_uri())
    tab.key("Tab", key_code=9)
    assert tab.evaluate("document.activeElement.className") == "skip"  # the first stop skips to the content
    # walk with Tab to the sort button of the "line" column, then press Enter
    for _ in range(60):
        tab.key("Tab", key_code=9)
        if tab.evaluate("document.activeElement.classList.contains('sort') && "
                        "document.activeElement.textContent.trim().startsWith('line')"):
            break
    else:
        pytest.fail("the line column's sort button is not reachable with Tab")
    tab.key("Enter", key_code=13)
    tab.browser.pump(0.1)
    lines = tab.evaluate("Array.from(document.querySelectorAll('#kernel-table tbody tr')).map(r => +r.cells[2].textContent)")
    assert lines == sorted(lines)
    assert tab.evaluate("document.activeElement.closest('th').getAttribute('aria-sort')") == "ascending"
    tab.key("Enter", key_code=13)
    lines = tab.evaluate("Array.from(document.querySelectorAll('#kernel-table tbody tr')).map(r => +r.cells[2].textContent)")
    assert lines == sorted(lines, reverse=True)
    assert tab.evaluate("document.activeElement.closest('th').getAttribute('aria-sort')") == "descending"
    outline = tab.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none"  # focus is visible
    _clean(tab, "sorting")


def test_line_links_jump_between_panes(tab, site):
    tab.goto(kernel_page(site, "shade").as_uri())
    href = tab.evaluate("document.getElementById('cuda-L46').querySelector('a.ln').getAttribute('href')")
    tab.evaluate("document.querySelector('#cuda-L46 a.ln').click()")
    tab.browser.pump(0.2)
    assert tab.evaluate("location.hash") == href
    assert tab.evaluate(f"getComputedStyle(document.querySelector('{href}')).backgroundColor") != "rgba(0, 0, 0, 0)"
    assert "cuda-L46" in tab.evaluate(f"document.querySelector('{href} a.ln').getAttribute('href')")
    _clean(tab, "line links")


def test_full_table_without_javascript(browser, site):
    tab = browser.page(1280, 900)
    tab.call("Emulation.setScriptExecutionDisabled", {"value": True})
    tab.goto((site / "kernels.html").as_uri() + "?status=unsupported")
    assert tab.evaluate("document.querySelectorAll('#kernel-table tbody tr').length") == 10
    assert tab.evaluate("document.querySelectorAll('#kernel-table tbody tr:not([hidden])').length") == 10
    assert tab.evaluate("document.getElementById('kernel-filters').hidden") is True  # no controls that do nothing
    _clean(tab, "no JavaScript")
    tab.close()


def test_narrow_window_does_not_overflow(tab, site):
    tab.resize(360, 740)
    for path in (site / "index.html", site / "kernels.html", site / "constructs.html", kernel_page(site, "shade")):
        tab.goto(path.as_uri())
        width = tab.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert width[0] <= width[1], f"{path.name} overflows a 360 px window: {width}"
    tab.goto(kernel_page(site, "shade").as_uri())
    panes = tab.evaluate("Array.from(document.querySelectorAll('.pane')).map(p => p.getBoundingClientRect().top)")
    assert panes[1] > panes[0]  # CUDA above TileLang, not squeezed side by side
    _clean(tab, "narrow window")


def test_overview_screenshot_artifact(tab, site):
    tab.goto((site / "index.html").as_uri())
    wide = tab.screenshot(ARTIFACTS / "overview.png", full_page=True)
    tab.resize(390, 844)
    tab.goto((site / "index.html").as_uri())
    narrow = tab.screenshot(ARTIFACTS / "overview-narrow.png", full_page=True)
    for shot in (wide, narrow):
        data = shot.read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 20_000
    _clean(tab, "screenshots")
