"""Metamorphic test (issue 15): host-code errors never change a kernel's conversion.

For every corpus kernel (and every regression case), 50 host-code errors are injected in the file
and in a header it includes, before and after its kernels; each kernel must convert to the same
factory text as before, or be refused with a coded diagnostic. Nothing may be converted differently:
that was the silent miscompile of a templated block reduction emitted as `total = v` once clang's
error limit was hit. Injections replace a comment or blank line, or follow the last line, so no
line number moves and the texts compare byte for byte."""

from __future__ import annotations

import ast
import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from c2t_testsupport import CORPUS  # noqa: E402
from regressions.expect import CASES  # noqa: E402
from regressions.host_noise import noise_header, noise_line  # noqa: E402

from cuda2tile.driver import convert_source  # noqa: E402

SOURCES = sorted(p for p in CORPUS.rglob("*.cu")) + sorted(CASES.glob("*.cu"))
NOISE_HEADER = "c2t_host_noise.h"


def _variants(text: str) -> dict[str, str]:
    """The file with errors injected at each place, line numbers unchanged."""
    lines = text.split("\n")
    first_comment = next((i for i, line in enumerate(lines) if line.lstrip().startswith("//")), None)
    out = {"errors-at-end": text.rstrip("\n") + "\n" + noise_line() + "\n",
           "header-at-end": text.rstrip("\n") + "\n" + f'#include "{NOISE_HEADER}"' + "\n"}
    if first_comment is not None:
        for name, injected in (("errors-first", noise_line()), ("header-first", f'#include "{NOISE_HEADER}"')):
            changed = list(lines)
            changed[first_comment] = injected
            out[name] = "\n".join(changed)
    # between kernels: every blank line right before a `__global__` line
    blanks = [i for i in range(len(lines) - 1) if not lines[i].strip() and "__global__" in lines[i + 1]]
    if blanks:
        changed = list(lines)
        for i in blanks:
            changed[i] = noise_line()
        out["errors-before-each-kernel"] = "\n".join(changed)
    return out


def _factories(text: str | None) -> dict[str, str]:
    """Each kernel factory's source text in an emitted module, by factory name."""
    if text is None:
        return {}
    tree = ast.parse(text)
    return {node.name: ast.get_source_segment(text, node) for node in tree.body
            if isinstance(node, ast.FunctionDef) and not node.name.startswith("_")}


def _convert(path: Path, display: str):
    result, text = convert_source(str(path), display)
    return result, _factories(text)


@pytest.mark.parametrize("source", SOURCES, ids=[str(p.relative_to(p.parents[1])) for p in SOURCES])
def test_host_errors_never_change_a_kernel(source: Path, tmp_path):
    work = tmp_path / "src"
    work.mkdir()
    copy = work / source.name
    shutil.copyfile(source, copy)
    if (source.parent / "inc").is_dir():
        shutil.copytree(source.parent / "inc", work / "inc")
    (work / NOISE_HEADER).write_text(noise_header())
    clean, clean_factories = _convert(copy, source.name)
    clean_status = {k.cuda_name: k for k in clean.kernels}
    assert clean_status, f"{source.name}: no kernels"
    variants = _variants(source.read_text())
    assert len(variants) >= 3
    for name, text in variants.items():
        copy.write_text(text)
        noisy, noisy_factories = _convert(copy, source.name)
        assert any(d.code == "C2T1101" for d in noisy.all_diagnostics()), f"{name}: the injected errors were not seen"
        assert noisy.internal_errors == [], noisy.internal_errors
        assert {k.cuda_name for k in noisy.kernels} == set(clean_status), name
        for kernel in noisy.kernels:
            if kernel.status == "unsupported":
                assert kernel.diagnostics and all(d.code.startswith("C2T") for d in kernel.diagnostics), name
                continue
            before = clean_status[kernel.cuda_name]
            assert before.factory == kernel.factory, (name, kernel.cuda_name)
            assert noisy_factories[kernel.factory] == clean_factories[before.factory], \
                f"{source.name} ({name}): kernel {kernel.cuda_name} converts differently behind host-code errors"
