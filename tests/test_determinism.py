"""Converting twice gives identical bytes; every output parses; CUDA names never shadow Python's."""

from __future__ import annotations

import ast

from c2t_testsupport import CORPUS, run_cli


def _tree_bytes(root):
    return {p.relative_to(root): p.read_bytes() for p in sorted(root.rglob("*.py"))}


def test_corpus_converts_to_identical_bytes(tmp_path, converted_corpus):
    again = tmp_path / "again"
    result = run_cli("convert", str(CORPUS), "-o", str(again), "--no-cache")  # converted again, not read back
    assert result.returncode == 0, result.stderr
    first, second = _tree_bytes(converted_corpus), _tree_bytes(again)
    assert first.keys() == second.keys() and len(first) == len(list(CORPUS.rglob("*.cu")))
    assert first == second


def test_every_output_parses(converted_corpus):
    outputs = sorted(converted_corpus.rglob("*.py"))
    assert outputs
    for path in outputs:
        ast.parse(path.read_text(), filename=str(path))


def test_names_that_would_shadow_python_are_mangled(tmp_path):
    src = tmp_path / "shadow.cu"
    src.write_text(
        "__global__ void print(int n, const float* T, float* lambda, float tilelang, int block_x) {\n"
        "  int len = blockIdx.x * blockDim.x + threadIdx.x;\n"
        "  if (len < n) lambda[len] = T[len] * tilelang + block_x;\n"
        "}\n"
        "__global__ void KERNELS(float* tx) { tx[threadIdx.x] = 1.0f; }\n")
    out = tmp_path / "out"
    result = run_cli("convert", str(src), "-o", str(out))
    assert result.returncode == 0, result.stderr
    text = (out / "shadow.py").read_text()
    tree = ast.parse(text)
    defined = {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
    assert {"print_", "KERNELS_"} <= defined and "print" not in defined
    args = {a.arg for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) for a in n.args.args}
    assert {"T_", "lambda_", "tilelang_", "block_x_", "tx_"} <= args
    assert not ({"T", "lambda", "tilelang", "print", "len"} & args)
    assigned = {t.id for n in ast.walk(tree) if isinstance(n, ast.Assign) for t in n.targets if isinstance(t, ast.Name)}
    assert "len_" in assigned and "len" not in assigned
    # the module still works as a module: its table names every kernel
    namespace: dict = {}
    exec(compile(text, "shadow.py", "exec"), namespace)
    assert set(namespace["KERNELS"]) == {"print", "KERNELS"}
