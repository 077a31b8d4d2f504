"""The project's name and git state in the dashboard, and wide tables at common desktop widths.

The title comes from the git work tree holding the tree (else the tree's folder, or its parent's
for a generic name such as `src`; `--title` wins); commit and branch come from git, and a tree
outside git says "not a git checkout". At 1024 and 1400 px a directory table wider than the window
scrolls inside its own region and the page itself never scrolls sideways, with the owners column that
the tree's `CODEOWNERS` files add. Browser checks are skipped, saying why, without Chromium.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from dashboard_helpers import ARTIFACTS, SCALE_V1, browser, run  # noqa: F401 (browser: a fixture)
from cuda2tile.dashboard.project import folder_name

LONG = "a_directory_name_far_too_long_to_fit_beside_its_numbers_" * 4  # one path component, no place to wrap
GIT = shutil.which("git")


def _git(cwd: Path, *args: str) -> str:
    env = {**os.environ, "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": os.devnull, "GIT_AUTHOR_NAME": "t",
           "GIT_AUTHOR_EMAIL": "t@example.invalid", "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.invalid"}
    return subprocess.run(["git", *args], cwd=cwd, env=env, check=True, capture_output=True, text=True).stdout.strip()


def _tree(base: Path, name: str = "src") -> Path:
    tree = base / name
    for sub in ("blas", f"ops/{LONG}", "ops/fused"):
        (tree / sub).mkdir(parents=True)
        (tree / sub / "k.cu").write_text(SCALE_V1)
    (tree / "CODEOWNERS").write_text("* @core\n/ops/ @ops-team\n")
    (tree / ".github").mkdir()
    (tree / ".github" / "CODEOWNERS").write_text("* @core\n")
    return tree


def _build(tree: Path, base: Path, *extra: str, record: bool = True) -> Path:
    db, site = base / "coverage.db", base / "site"
    if record:
        code, _, err = run("coverage", str(tree), "--db", str(db), "--report-format", "json", "-j", "1", "--no-cache")
        assert code == 0, err
    code, _, err = run("dashboard", "--db", str(db), "-o", str(site), "--src", str(tree), "-j", "1", "--no-cache",
                       "--quiet", *extra)
    assert code == 0, err
    return site


def _git_repo(base: Path) -> tuple[Path, str]:
    repo = base / "widget-lib"
    repo.mkdir()
    _git(repo, "-c", "init.defaultBranch=main", "init", "-q")
    tree = _tree(repo, "csrc")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-q", "-m", "kernels")
    _git(repo, "checkout", "-q", "-b", "feature/port")
    return tree, _git(repo, "rev-parse", "HEAD")


@pytest.fixture(scope="module")
def sites(tmp_path_factory) -> dict[str, tuple[Path, str | None]]:
    """name -> (site, commit): a tree outside git, one inside a fresh repository."""
    out: dict[str, tuple[Path, str | None]] = {}
    plain = tmp_path_factory.mktemp("plain") / "gadget-project"
    plain.mkdir()
    out["plain"] = (_build(_tree(plain), plain), None)
    if GIT:
        base = tmp_path_factory.mktemp("repo")
        tree, commit = _git_repo(base)
        out["git"] = (_build(tree, base), commit)
    return out


def test_folder_name_skips_generic_names():
    assert folder_name("/work/proj/src") == "proj"
    assert folder_name("/work/proj/csrc/cuda") == "proj"
    assert folder_name("/work/kernels") == "kernels"
    assert folder_name("/src") == "src"  # never the file system's root
    assert folder_name(".") == os.path.basename(os.getcwd()) or os.getcwd() == "/"


def test_title_and_git_outside_a_checkout(sites):
    site, _ = sites["plain"]
    index = (site / "index.html").read_text()
    assert "<title>Overview · gadget-project CUDA → TileLang migration</title>" in index
    assert '<dd id="fact-commit">not a git checkout</dd>' in index
    assert '<td colspan="2" class="muted">not a git checkout</td>' in index  # the runs table: no bare dash
    assert "<td>–</td>" not in index
    assert "not a git checkout" in (site / "kernels.html").read_text()  # the footer of every page


@pytest.mark.skipif(GIT is None, reason="no git on this machine")
def test_title_and_git_inside_a_checkout(sites):
    site, commit = sites["git"]
    index = (site / "index.html").read_text()
    assert "<title>Overview · widget-lib CUDA → TileLang migration</title>" in index  # the git root, not csrc
    assert f'<code title="{commit}">{commit[:10]}</code>' in index
    assert "<code>feature/port</code>" in index
    assert "not a git checkout" not in index


@pytest.mark.skipif(GIT is None, reason="no git on this machine")
def test_git_read_now_when_the_run_recorded_none(tmp_path):
    """A run recorded outside git, the tree committed since: the site says what git says now, and that it is now."""
    plain = tmp_path / "later-repo"
    plain.mkdir()
    tree = _tree(plain)
    _build(tree, tmp_path)
    _git(plain, "-c", "init.defaultBranch=trunk", "init", "-q")
    _git(plain, "add", "-A")
    _git(plain, "commit", "-q", "-m", "x")
    site = _build(tree, tmp_path, record=False)
    index = (site / "index.html").read_text()
    assert "Commit (now)" in index and _git(plain, "rev-parse", "HEAD")[:10] in index and "<code>trunk</code>" in index
    assert "<title>Overview · later-repo CUDA" in index


def test_title_option_wins_and_the_recorded_tree_is_used_without_src(sites, tmp_path):
    plain = tmp_path / "gizmo"
    plain.mkdir()
    tree = _tree(plain)
    site = _build(tree, tmp_path, "--title", "My Port")
    assert "<title>Overview · My Port CUDA" in (site / "index.html").read_text()
    code, _, err = run("dashboard", "--db", str(tmp_path / "coverage.db"), "-o", str(tmp_path / "site2"), "--quiet")
    assert code == 0, err
    assert "<title>Overview · gizmo CUDA" in (tmp_path / "site2" / "index.html").read_text()


WRAPPERS = ("Array.from(document.querySelectorAll('.scroll')).map(s => ({label: s.getAttribute('aria-label') || "
            "s.getAttribute('aria-labelledby'), scroll: s.scrollWidth, client: s.clientWidth, "
            "overflow: getComputedStyle(s).overflowX, right: s.getBoundingClientRect().right}))")


@pytest.mark.parametrize("width", [1024, 1400])
@pytest.mark.parametrize("which", ["plain", "git"])
def test_wide_tables_scroll_inside_their_region(browser, sites, which, width):
    if which not in sites:
        pytest.skip("no git on this machine")
    site, commit = sites[which]
    tab = browser.page(width, 900)
    try:
        for name in ("index.html", "kernels.html", "constructs.html"):
            tab.goto((site / name).as_uri())
            assert tab.errors == [], (name, tab.errors)
            page = tab.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
            assert page[0] <= page[1], f"{name} scrolls sideways at {width} px: {page}"
            for w in tab.evaluate(WRAPPERS):
                assert w["right"] <= width + 0.5, (name, w)  # the region itself stays on the page
                if w["scroll"] > w["client"]:
                    assert w["overflow"] in ("auto", "scroll"), (name, w)
        tab.goto((site / "index.html").as_uri())
        dirs = next(w for w in tab.evaluate(WRAPPERS) if w["label"] == "Kernels by directory")
        assert dirs["scroll"] > dirs["client"] > 0, dirs  # wider than the window: scrollable, not cut off
        assert dirs["overflow"] == "auto"
        if width == 1024:
            shot = tab.screenshot(ARTIFACTS / f"overview-1024-{which}.png", full_page=True)
            assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        # every cell can be brought into view: scrolled to the end, the last column's right edge is in the region
        last = tab.evaluate("(() => { const s = document.querySelector('[aria-label=\"Kernels by directory\"]');"
                            " s.scrollLeft = s.scrollWidth; const r = s.getBoundingClientRect();"
                            " const c = s.querySelector('tbody tr td:last-child').getBoundingClientRect();"
                            " return [c.left >= r.left - 0.5, c.right <= r.right + 0.5]; })()")
        assert last == [True, True]
        title = tab.evaluate("document.title")
        brand = tab.evaluate("document.querySelector('header.site .brand').textContent")
        facts = tab.evaluate("[document.getElementById('fact-commit').textContent.trim(),"
                             " document.getElementById('fact-branch').textContent.trim()]")
        expected = "widget-lib" if which == "git" else "gadget-project"
        assert title.startswith(f"Overview · {expected} ") and brand.startswith(expected), (title, brand)
        if which == "git":
            assert facts == [commit[:10], "feature/port"]
        else:
            assert facts == ["not a git checkout", "not a git checkout"]
    finally:
        tab.close()
