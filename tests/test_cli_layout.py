"""One command-line face: arguments are parsed only in `cuda2tile/cli/`, one module per command, and
`cuda2tile` (`python -m cuda2tile`) is the only entry point.

Each rule is a function over module texts, so that a planted violation shows the rule can fail.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import os
import subprocess
import sys
import tomllib
from pathlib import Path

from cuda2tile import cli

ROOT = Path(__file__).resolve().parents[1]
CLI = ROOT / "cuda2tile" / "cli"
COMMANDS = ("convert", "verify", "coverage", "history", "dashboard", "parity", "check", "tune", "spec")
NOT_COMMANDS = {"__init__", "common"}  # the entry point and the options/exit statuses the commands share
# `python -m cuda2tile.docs` regenerates docs/*.md from the tables; a developer's tool, not a command
MAIN_GUARD_ALLOWED = {"cuda2tile/docs.py"}


def _library_sources() -> dict[str, str]:
    """Every module of the two packages outside cuda2tile/cli, by path relative to the repository."""
    files = list((ROOT / "cuda2tile").rglob("*.py")) + list((ROOT / "op_coverage").rglob("*.py"))
    return {p.relative_to(ROOT).as_posix(): p.read_text() for p in files if not p.is_relative_to(CLI)}


def argparse_imports(sources: dict[str, str]) -> list[str]:
    """`path:line` of every `import argparse` / `from argparse import ...` in `sources`."""
    found = []
    for path, text in sorted(sources.items()):
        for node in ast.walk(ast.parse(text)):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            if any(n == "argparse" or n.startswith("argparse.") for n in names):
                found.append(f"{path}:{node.lineno}")
    return found


def main_guards(sources: dict[str, str]) -> list[str]:
    """Modules runnable on their own: a `__main__.py`, or an `if __name__ == "__main__":` block."""
    found = []
    for path, text in sorted(sources.items()):
        if path.endswith("/__main__.py") and path != "cuda2tile/__main__.py":
            found.append(path)
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.If) and isinstance(node.test, ast.Compare) \
                    and isinstance(node.test.left, ast.Name) and node.test.left.id == "__name__":
                found.append(f"{path}:{node.lineno}")
    return [f for f in found if f.split(":")[0] not in MAIN_GUARD_ALLOWED]


def test_no_module_outside_cli_imports_argparse():
    problems = argparse_imports(_library_sources())
    assert not problems, "argument parsing belongs in cuda2tile/cli: " + ", ".join(problems)


def test_a_planted_argparse_import_is_caught():
    sources = _library_sources()
    sources["cuda2tile/tune/command.py"] += "\nimport argparse\n"
    sources["cuda2tile/reports/summary.py"] += "\nfrom argparse import ArgumentParser\n"
    assert {p.split(":")[0] for p in argparse_imports(sources)} == {"cuda2tile/tune/command.py",
                                                                     "cuda2tile/reports/summary.py"}


def test_one_entry_point():
    problems = main_guards(_library_sources())
    assert not problems, "the only entry point is `cuda2tile` (cuda2tile/__main__.py): " + ", ".join(problems)
    planted = {"cuda2tile/reports/__main__.py": "import sys\n",
               "cuda2tile/parity/harness.py": "if __name__ == '__main__':\n    pass\n"}
    assert sorted(main_guards(planted)) == ["cuda2tile/parity/harness.py:1", "cuda2tile/reports/__main__.py"]
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts == {"cuda2tile": "cuda2tile.cli:main"}


def _registered() -> dict[str, argparse.ArgumentParser]:
    parser = cli.build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def test_every_command_has_its_module():
    registered = _registered()
    assert tuple(registered) == COMMANDS
    modules = {p.stem for p in CLI.glob("*.py")} - NOT_COMMANDS
    assert modules == set(COMMANDS), "one module per command in cuda2tile/cli, and no other"
    for name, parser in registered.items():
        module = importlib.import_module(f"cuda2tile.cli.{name}")
        assert parser.get_default("func") is module.run, f"`cuda2tile {name}` does not run cuda2tile/cli/{name}.py"


def test_help_lists_every_command():
    env = dict(os.environ, PYTHONPATH=str(ROOT), COLUMNS="100")
    proc = subprocess.run([sys.executable, "-m", "cuda2tile", "--help"], capture_output=True, text=True, cwd=ROOT,
                          env=env, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "{" + ",".join(COMMANDS) + "}" in proc.stdout, proc.stdout
    listed = [line.split()[0] for line in proc.stdout.split("positional arguments:")[1].splitlines()[2:]
              if line.startswith("    ") and not line.startswith("     ")]
    assert listed == list(COMMANDS), proc.stdout
