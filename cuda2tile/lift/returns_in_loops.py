"""`return` inside a loop, rewritten into a flag, `break` and a `return` after the loop.

TileLang has no `return` out of a loop (a kernel's thread leaves its `T.Parallel` iteration, a macro
is inlined into its caller), but the lift handles a `return` outside loops. So a function whose loops
return is rewritten before it is lifted, the way a programmer would write it by hand:

    for (int k = 0; k < n; ++k)                   int returned = 0; int result;
        if (keys[k] == key) return k;             for (int k = 0; k < n; ++k)
    return -1;                              ->        if (keys[k] == key) { result = k; returned = 1; break; }
                                                  if (returned != 0) return result;
                                                  return -1;

In nested loops each enclosing loop breaks in turn (`if (returned != 0) break;` after the inner loop), and
the outermost returns. A kernel's `return;` inside a grid-stride loop becomes the same flag and an
early `return;` after the loop. The rewrite is pure: `rewrite_returns_in_loops(fn)` returns a new
function (the same object when no loop returns).
"""

from __future__ import annotations

from dataclasses import replace

from cuda2tile.parse import cuda_ast as A

# the flag is an int, not a bool: TileLang's WebGPU back end turns a bool variable into an `array<i8>`
# that WGSL cannot declare (docs/portability.md), an int32 lowers everywhere
_FLAG = A.Scalar("int32")


def rewrite_returns_in_loops(fn: A.Function) -> A.Function:
    if fn.body is None or not any(_returns(loop) for loop in _loops(fn.body)):
        return fn
    loc = fn.body.loc
    flag = A.VarRef("returned", f"__c2t_returned@{fn.loc.line}", _FLAG, loc)
    result = None
    if not isinstance(fn.return_type, A.Void):
        result = A.VarRef("result", f"__c2t_result@{fn.loc.line}", fn.return_type, loc)
    rewriter = _Rewriter(flag, result)
    body = rewriter.stmt(fn.body, in_loop=False)
    decls: tuple[A.Stmt, ...] = (A.VarDecl(flag.name, flag.decl, _FLAG, A.IntLit(0, _FLAG, loc), loc),)
    if result is not None:
        decls += (A.VarDecl(result.name, result.decl, fn.return_type, None, loc),)
    return replace(fn, body=A.Block(decls + body.body, loc))


def _loops(node):
    return [n for n in A.walk(node) if isinstance(n, (A.For, A.While))]


def _returns(node) -> bool:
    return any(isinstance(n, A.Return) for n in A.walk(node))


class _Rewriter:
    def __init__(self, flag: A.VarRef, result: A.VarRef | None):
        self.flag = flag
        self.result = result

    def stmt(self, s: A.Stmt, in_loop: bool) -> A.Stmt:
        if isinstance(s, A.Return) and in_loop:
            parts: tuple[A.Stmt, ...] = ()
            if s.value is not None and self.result is not None:
                parts += (A.ExprStmt(A.Assign("=", self.result, s.value, self.result.type, s.loc), s.loc),)
            parts += (A.ExprStmt(A.Assign("=", self.flag, A.IntLit(1, _FLAG, s.loc), _FLAG, s.loc), s.loc),
                      A.Break(s.loc))
            return A.Block(parts, s.loc)
        if isinstance(s, A.Block):
            return A.Block(tuple(self.stmt(x, in_loop) for x in s.body), s.loc)
        if isinstance(s, A.If):
            return replace(s, then=self.stmt(s.then, in_loop),
                           other=self.stmt(s.other, in_loop) if s.other is not None else None)
        if isinstance(s, (A.For, A.While)) and _returns(s.body):
            # the loop, then what its return means for the code around it (a loop that is the body of an
            # `if` without braces gets its own block, so nothing else needs to know)
            return A.Block((replace(s, body=self.stmt(s.body, True)), self.after_loop(s.loc, in_loop)), s.loc)
        return s

    def after_loop(self, loc: A.Loc, in_loop: bool) -> A.Stmt:
        """What follows a loop that returned: leave the enclosing loop too, or return for real."""
        if in_loop:
            leave: A.Stmt = A.Break(loc)
        else:
            leave = A.Return(self.result if self.result is not None else None, loc)
        returned = A.BinOp("!=", self.flag, A.IntLit(0, _FLAG, loc), A.Scalar("bool"), loc)
        return A.If(returned, leave, None, loc)
