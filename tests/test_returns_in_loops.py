"""cuda2tile/lift/returns_in_loops.py: a `return` inside loops becomes a flag, a break out of each
enclosing loop and a return after the outermost; the rewrite is pure."""

from __future__ import annotations

from cuda2tile.lift.returns_in_loops import rewrite_returns_in_loops
from cuda2tile.parse import cuda_ast as A
from cuda2tile.parse.frontend import parse_file

SOURCE = """
__device__ int find(const int* m, int rows, int cols, int key) {
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      if (m[r * cols + c] == key) return r * cols + c;
  return -1;
}
__device__ int plain(int x) { if (x > 0) return x; return 0; }
__global__ void k(const int* m, int* out) { out[threadIdx.x] = find(m, 2, 3, 4) + plain(1); }
"""


def _functions(tmp_path) -> dict[str, A.Function]:
    src = tmp_path / "k.cu"
    src.write_text(SOURCE)
    return {f.name: f for f in parse_file(str(src)).unit.functions}


def _returns_in_loops(node) -> int:
    return sum(isinstance(r, A.Return) for loop in A.walk(node) if isinstance(loop, (A.For, A.While))
               for r in A.walk(loop.body))


def test_nested_loops_break_in_turn_and_return_after(tmp_path):
    fn = _functions(tmp_path)["find"]
    out = rewrite_returns_in_loops(fn)
    assert _returns_in_loops(out.body) == 0 and _returns_in_loops(fn.body) == 2  # (counted once per enclosing loop)
    flag, result = out.body.body[:2]
    assert isinstance(flag, A.VarDecl) and flag.name == "returned" and isinstance(flag.init, A.IntLit)
    assert isinstance(result, A.VarDecl) and result.name == "result" and result.init is None
    outer = out.body.body[2]  # the outer loop, then `if (returned != 0) return result;`
    assert isinstance(outer, A.Block)
    loop, after = outer.body
    assert isinstance(loop, A.For) and isinstance(after, A.If) and isinstance(after.then, A.Return)
    assert after.then.value.decl == result.decl
    inner_after = [s for s in A.walk(loop.body) if isinstance(s, A.If) and isinstance(s.then, A.Break)]
    assert len(inner_after) == 1  # the inner loop is followed by `if (returned != 0) break;`
    breaks = [s for s in A.walk(loop.body) if isinstance(s, A.Block) and any(isinstance(x, A.Break) for x in s.body)
              and any(isinstance(x, A.ExprStmt) for x in s.body)]
    assert len(breaks) == 1 and [type(x).__name__ for x in breaks[0].body] == ["ExprStmt", "ExprStmt", "Break"]


def test_function_without_return_in_a_loop_is_the_same_object(tmp_path):
    fns = _functions(tmp_path)
    assert rewrite_returns_in_loops(fns["plain"]) is fns["plain"]
    assert rewrite_returns_in_loops(fns["k"]) is fns["k"]
