"""cuda2tile/lift/hoist_assignments.py: assignments used as values become statements of their own,
only where C runs them unconditionally, and the rewrite never changes its input."""

from __future__ import annotations

from cuda2tile.lift.hoist_assignments import hoist_assignments
from cuda2tile.parse import cuda_ast as A
from cuda2tile.parse.frontend import parse_file


def _kernel(tmp_path, body: str) -> A.Function:
    src = tmp_path / "k.cu"
    src.write_text("__global__ void k(int* a, int* b, const int* c, int n) {\n"
                   "  int i = threadIdx.x; int m = 0, v = 0, s = 0;\n" + body + "\n}\n")
    return next(f for f in parse_file(str(src)).unit.functions if f.name == "k")


def _shape(stmts) -> list[str]:
    """Statement kinds, assignments as `target=` with the target's variable name."""
    out = []
    for s in stmts:
        if isinstance(s, A.ExprStmt) and isinstance(s.expr, A.Assign):
            t = s.expr.target
            while not isinstance(t, A.VarRef):
                t = t.base
            out.append(f"{t.name}=")
        else:
            out.append(type(s).__name__)
    return out


def _embedded(node) -> int:
    """Assignments below another expression (what the lift refuses)."""
    count = 0
    for n in A.walk(node):
        if isinstance(n, A.ExprStmt) and isinstance(n.expr, A.Assign):
            count += sum(isinstance(m, A.Assign) for m in A.walk(n.expr.value))
        elif isinstance(n, (A.If, A.While)):
            count += sum(isinstance(m, A.Assign) for m in A.walk(n.cond))
        elif isinstance(n, A.VarDecl) and n.init is not None:
            count += sum(isinstance(m, A.Assign) for m in A.walk(n.init))
    return count


def test_chain_and_condition_move_in_front(tmp_path):
    fn = _kernel(tmp_path, "a[i] = b[i] = 0;\nif ((m = c[i]) > 2) a[i] = m;")
    out = hoist_assignments(fn)
    assert _shape(out.body.body[-4:]) == ["b=", "a=", "m=", "If"]
    assert _embedded(out.body) == 0 and _embedded(fn.body) == 2  # the input is left as it was


def test_while_condition_is_checked_term_by_term(tmp_path):
    fn = _kernel(tmp_path, "while ((v = c[v]) != 0 && ++s < 8) {}")
    loop = hoist_assignments(fn).body.body[-1]
    assert isinstance(loop, A.While) and isinstance(loop.cond, A.BoolLit) and loop.cond.value
    assert _shape(loop.body.body) == ["v=", "If", "s=", "If", "Block"]


def test_postfix_value_is_the_old_value(tmp_path):
    fn = _kernel(tmp_path, "int k = s++;\na[k] = s;")
    body = hoist_assignments(fn).body.body
    before, increment, k = body[-4:-1]
    assert isinstance(before, A.VarDecl) and before.name == "s_before" and isinstance(before.init, A.VarRef)
    assert _shape([increment]) == ["s="] and increment.expr.postfix
    assert isinstance(k, A.VarDecl) and isinstance(k.init, A.VarRef) and k.init.decl == before.decl


def test_index_increment_of_a_store_target(tmp_path):
    fn = _kernel(tmp_path, "a[s++] = c[i];")
    assert _shape(hoist_assignments(fn).body.body[-3:]) == ["VarDecl", "s=", "a="]


def test_what_c_may_not_run_stays_for_the_lift_to_refuse(tmp_path):
    for body in ("if (i > 0 && (v = c[i]) > 1) a[i] = v; else a[i] = 0;",  # && with an else
                 "a[i] = i > 0 ? (m = 3) : 4;",  # a branch of ?:
                 "a[s++] = s;"):  # the value reads what the target's index writes
        fn = _kernel(tmp_path, body)
        assert hoist_assignments(fn).body == fn.body, body


def test_no_assignment_used_as_value_returns_the_same_function(tmp_path):
    fn = _kernel(tmp_path, "for (int k = 0; k < n; k++, s++) a[k] = s;")
    assert hoist_assignments(fn) is fn


def test_comma_operator_value_runs_its_left_first(tmp_path):
    fn = _kernel(tmp_path, "a[i] = (m = i + 1, c[m]);")
    body = hoist_assignments(fn).body.body
    assert _shape(body[-2:]) == ["m=", "a="] and isinstance(body[-1].expr.value, A.Index)
