"""The import rules of docs/architecture.md, enforced: a module imports only from its own layer or
the layers below it, and never a private name (`_x`) of another package.

Layers, lowest first (a name is a top-level module or package of `cuda2tile`, or `op_coverage`):
    0 data and leaves   op_coverage, __init__, defaults, diagnostics, extras, files, results
    1 parse             parse (clang -> our CUDA AST), spec (launch-spec files)
    2 ir                ir (the tile IR: nodes, walkers, verifier, analyses)
    3 passes, raising   passes (IR -> IR, lowering to TileLang-level IR), raising (idioms)
    4 lift              lift (AST -> tile IR, and the pipeline that runs the passes)
    5 emit              emit (TileLang-level IR -> TileLang text)
    6 session           session, driver, cache, raise_options
    7 runtime           runtime (build, marshal and run converted kernels; load converted modules)
    8 tools             parity, portability, tune, reports, dashboard, docs, pytorch (extension packages)
    9 command line      cli, __main__
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LAYERS = {
    0: {"op_coverage", "__init__", "defaults", "diagnostics", "extras", "files", "results"},
    1: {"parse", "spec"},
    2: {"ir"},
    3: {"passes", "raising"},
    4: {"lift"},
    5: {"emit"},
    6: {"session", "driver", "cache", "raise_options"},
    7: {"runtime"},
    8: {"parity", "portability", "tune", "reports", "dashboard", "docs", "pytorch"},
    9: {"cli", "__main__"},
}
RANK = {name: rank for rank, names in LAYERS.items() for name in names}


def _unit(module: str) -> str | None:
    """`cuda2tile.ir.tile_ir` -> "ir"; `op_coverage.idioms` -> "op_coverage"; others None."""
    parts = module.split(".")
    if parts[0] == "op_coverage":
        return "op_coverage"
    if parts[0] != "cuda2tile":
        return None
    return parts[1] if len(parts) > 1 else "__init__"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1] or ["__init__"]
    return ".".join(parts)


def violations(sources: dict[str, str]) -> list[str]:
    """Every import against the rules in `sources` (module name -> its text)."""
    found = []
    for module, text in sorted(sources.items()):
        unit = _unit(module)
        if unit is None:
            continue
        tree = ast.parse(text)
        for node in ast.walk(tree):
            imported: list[tuple[str, str | None]] = []
            if isinstance(node, ast.Import):
                imported = [(alias.name, None) for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                imported = [(node.module, alias.name) for alias in node.names]
            for target, name in imported:
                other = _unit(target)
                if other is None or other == unit:
                    continue
                where = f"{module}:{node.lineno}"
                if unit not in RANK or other not in RANK:
                    found.append(f"{where}: '{unit if unit not in RANK else other}' has no layer in tests/test_layers.py")
                elif RANK[other] > RANK[unit]:
                    found.append(f"{where}: {unit} (layer {RANK[unit]}) imports {target} (layer {RANK[other]}), "
                                 "an upper layer")
                if name is not None and name.startswith("_") and not name.startswith("__"):
                    found.append(f"{where}: imports the private name {target}.{name} of another package")
    return found


def _sources() -> dict[str, str]:
    files = list((ROOT / "cuda2tile").rglob("*.py")) + list((ROOT / "op_coverage").rglob("*.py"))
    return {_module_name(p): p.read_text() for p in files}


def test_every_import_respects_the_layers():
    problems = violations(_sources())
    assert not problems, "\n".join(problems)


def test_a_planted_upward_import_is_caught():
    sources = _sources()
    sources["cuda2tile.parse.frontend"] += "\nfrom cuda2tile.driver import convert_source\n"
    problems = violations(sources)
    assert any("cuda2tile.parse.frontend" in p and "an upper layer" in p for p in problems), problems


def test_a_planted_private_import_is_caught():
    sources = _sources()
    sources["cuda2tile.tune.autotune"] = "from cuda2tile.parity.harness import _call_args\n"
    assert any("private name" in p for p in violations(sources))


def test_every_package_has_a_layer():
    units = {_unit(m) for m in _sources()} - {None}
    assert units <= set(RANK), sorted(units - set(RANK))
