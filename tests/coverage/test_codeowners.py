"""CODEOWNERS: GitHub's pattern semantics (cuda2tile/reports/codeowners.py) and where the file is found."""

from __future__ import annotations

import pytest

from cuda2tile.reports import codeowners as C


def owners(text: str, path: str) -> tuple[str, ...]:
    return C.owners_of(C.parse(text).rules, path)


@pytest.mark.parametrize("pattern, matches, misses", [
    ("*", ["a.cu", "x/y/z.cuh"], []),
    ("*.cu", ["a.cu", "src/deep/k.cu"], ["a.cuh", "a.cu.txt", "cu"]),
    ("/src/", ["src/a.cu", "src/x/b.cu"], ["src", "lib/src/a.cu", "srcs/a.cu"]),
    ("src/", ["src/a.cu", "lib/src/a.cu"], ["src", "lib/srcs/a.cu"]),  # no leading or inner slash: any depth
    ("docs/**", ["docs/a.md", "docs/x/y/b.md"], ["docs", "other/docs/a.md"]),
    ("**/logs", ["logs/a", "x/logs/b.txt", "x/y/logs"], ["logsx/a", "x/alogs"]),
    ("a/**/b", ["a/b", "a/x/b", "a/x/y/b", "a/x/b/c.cu"], ["a/xb", "c/a/x/b"]),
    ("a/*/b", ["a/x/b", "a/x/b/k.cu"], ["a/b", "a/x/y/b", "z/a/x/b"]),
    ("docs/*", ["docs/a.md"], ["docs/x/b.md", "x/docs/a.md"]),
    ("/build/logs/", ["build/logs/x.log"], ["x/build/logs/x.log", "build/logs"]),
    ("k?.cu", ["k1.cu", "d/k2.cu"], ["k10.cu", "k/.cu"]),
    ("ops/fused", ["ops/fused", "ops/fused/k.cu"], ["x/ops/fused/k.cu", "ops/fusedx"]),  # a file or a directory
])
def test_pattern_semantics(pattern, matches, misses):
    regex = C.compile_pattern(pattern)
    for path in matches:
        assert regex.match(path), (pattern, path)
    for path in misses:
        assert not regex.match(path), (pattern, path)


def test_last_match_wins_and_a_rule_without_owners_clears():
    text = "* @core\n/ops/ @ops-team @alice\n/ops/fused/ \n*.cuh @headers\n"
    assert owners(text, "a.cu") == ("@core",)
    assert owners(text, "ops/k.cu") == ("@ops-team", "@alice")
    assert owners(text, "ops/fused/k.cu") == ()  # the later line names no owner
    assert owners(text, "ops/k.cuh") == ("@headers",)  # later than /ops/
    assert owners("/ops/ @ops\n", "blas/k.cu") == ()  # no line matches


def test_comments_blank_lines_and_escaped_hash():
    text = ("# owners of the kernels\n\n   \n*.cu @core # an inline comment\n"
            "\\#weird.cu @hash-owner\n# /ops/ @nobody\n")
    rules = C.parse(text).rules
    assert [(r.pattern, r.owners, r.line) for r in rules] == [("*.cu", ("@core",), 4),
                                                              ("#weird.cu", ("@hash-owner",), 5)]
    assert owners(text, "#weird.cu") == ("@hash-owner",)
    assert owners(text, "ops/k.cu") == ("@core",)  # the commented-out line does nothing


def test_unsupported_lines_are_skipped_and_reported():
    parsed = C.parse("* @core\n!skip.cu @x\n[ab].cu @y\n")
    assert [r.pattern for r in parsed.rules] == ["*"]
    assert len(parsed.errors) == 2 and parsed.errors[0].startswith("2: ")


def test_found_at_the_git_root_first_then_the_tree(tmp_path):
    repo = tmp_path / "repo"
    tree = repo / "csrc"
    (tree / "ops").mkdir(parents=True)
    (tree / "ops" / "k.cu").write_text("")
    (tree / "CODEOWNERS").write_text("/ops/ @tree-level\n")
    assert C.find(str(tree)) is not None and C.find(str(tree)).owners(str(tree / "ops" / "k.cu")) == ("@tree-level",)
    (repo / ".git").mkdir()
    (repo / "docs").mkdir()
    (repo / "docs" / "CODEOWNERS").write_text("/csrc/ops/ @from-docs\n")
    assert C.find(str(tree)).owners(str(tree / "ops" / "k.cu")) == ("@from-docs",)  # the repository's wins
    (repo / "CODEOWNERS").write_text("*.cu @root-file\n")
    assert C.find(str(tree)).owners(str(tree / "ops" / "k.cu")) == ("@root-file",)  # CODEOWNERS before docs/
    (repo / ".github").mkdir()
    (repo / ".github" / "CODEOWNERS").write_text("csrc/ @github-dir\n")
    found = C.find(str(tree / "ops" / "k.cu"))  # a file as the source: its directory's tree
    assert found.path == str(repo / ".github" / "CODEOWNERS") and found.base == str(repo)
    assert found.owners(str(tree / "ops" / "k.cu")) == ("@github-dir",)
    assert found.owners(str(tmp_path / "elsewhere.cu")) is None  # outside the repository
    assert C.find(str(tmp_path)) is None
