"""op_coverage/ is the only place where CUDA is spelled: the lift and the emitter read every CUDA name
they handle from its records, so that the coverage docs and statistics generated from those records
tell the whole story. This test fails when a string literal in cuda2tile/{ir,lift,passes,raising,emit}/
spells a CUDA construct, either whole (`"__shfl_down_sync"`, `"threadIdx"`) or as the prefix a
mapping tests names against (`name.startswith("atomic")`, `"cooperative_groups::"`).

The list of spellings comes from op_coverage itself: every construct's name and aliases and every
lift record. Words that the tile IR and TileLang use for themselves are not CUDA spellings even
where CUDA spells alike (the dtype `bool`, the IR operations `min`, `exp`, `cast`, the vote kind
`any`). A literal with a space is a message or a piece of code: a message may name what it is about
(`"'__syncthreads' is not lifted yet"`), but code calling CUDA (`"{ return __popc(x); }"`,
`f"atomic{name}(p, v)"`) is a mapping too.
"""

from __future__ import annotations

import ast
import keyword
import re
from pathlib import Path

import op_coverage
from op_coverage import lifting
from op_coverage.idioms import REDUCTIONS

ROOT = Path(__file__).resolve().parent.parent
SCANNED = ("cuda2tile/ir", "cuda2tile/lift", "cuda2tile/passes", "cuda2tile/raising", "cuda2tile/emit")
# A name as a mapping would test it: an identifier, possibly namespaced or a member (`threadIdx.x`).
_NAME = re.compile(r"[A-Za-z_][\w]*(?:(?:::|\.)[A-Za-z_]\w*)*")
_DTYPE = re.compile(r"(?:u?int|b?float)\d+|bool")
# TEMPORARY: CUDA spelled in the emitter, left to the emitter's own move into op_coverage (issue 16);
# each entry is (file, the spelling). The test fails once an entry is no longer needed.
PENDING_EMIT_MOVES: frozenset[tuple[str, str]] = frozenset(
    # the helpers' CUDA definitions (and the C ones beside them, which call libc's memcpy): their home
    # is the "helper" TileOp records of op_coverage/math_functions.py, which name them already
    ("cuda2tile/emit/helpers.py", spelling) for spelling in (
        "__popc", "__popcll", "__clz", "__ffs", "__brev", "__clzll", "__ffsll", "__brevll", "atomicCAS", "atomicExch",
        "atomic*", "memcpy"))
# Literals that must spell CUDA where they are, (file, literal): reason. Only user-facing messages
# that show the CUDA code they are about.
ALLOWED: dict[tuple[str, str], str] = {
    ("cuda2tile/lift/lift_function.py", "expression statement whose discarded value has side effects (e.g. "
                                        "`x + atomicAdd(p, 1);`): write the call or assignment as a statement of "
                                        "its own"): "C2T1202's message shows the user a statement it refuses",
    ("cuda2tile/passes/split_phases.py", "__syncthreads() in a branch taken by only some threads of the block"):
        "C2T1214's message (barrier under thread-dependent control) names the barrier the user wrote",
}


def _lifting_records() -> list:
    return [*lifting.OPERATORS, *lifting.BUILTIN_VARIABLE_RECORDS, *lifting.BARRIER_RECORDS,
            *lifting.WARP_OP_RECORDS, *lifting.ATOMIC_RECORDS, *lifting.CONSTANT_CALL_RECORDS,
            *lifting.DEBUG_CALL_RECORDS,            *lifting.GROUP_CALL_RECORDS, *lifting.GROUP_TYPE_RECORDS, *lifting.GROUP_OPERATOR_RECORDS]


def cuda_spellings() -> set[str]:
    """Every CUDA name op_coverage knows (descriptions such as `early return` and operators aside)."""
    names = {c.cuda for c in op_coverage.ALL_CONSTRUCTS} | {a for c in op_coverage.ALL_CONSTRUCTS for a in c.aliases}
    names |= {r.cuda for r in _lifting_records()} | {lifting.GROUP_NAMESPACE}
    return {n for n in names if _NAME.fullmatch(n) and not keyword.iskeyword(n)}


def ir_words() -> set[str]:
    """Words of the tile IR and of TileLang's vocabulary, which the compiler spells for its own sake."""
    words = {c.ir_op for c in op_coverage.ALL_CONSTRUCTS if c.ir_op} | set(op_coverage.TILE_OPS)
    words |= {o.ir_op for o in lifting.OPERATORS} | {a.ir_op for a in lifting.ATOMIC_RECORDS}
    words |= {w.kind for w in lifting.WARP_OP_RECORDS} | {r.op for r in REDUCTIONS}
    words |= {r.binary or r.intrinsic for r in REDUCTIONS} | set(op_coverage.FLOAT_FORMS.values())
    words |= {b.scope for b in lifting.BARRIER_RECORDS if b.scope} | {g.kind for g in lifting.GROUP_TYPE_RECORDS}
    return words


def _boundary_prefix(literal: str, spelling: str) -> bool:
    """Whether `literal` starts `spelling` and stops where a name part ends: `atomic` of `atomicAdd`,
    `make_` of `make_float4`, `blockIdx.` of `blockIdx.x` (not `atom` of `atomicAdd`)."""
    if len(literal) < 4 or len(literal) >= len(spelling) or not spelling.startswith(literal):
        return False
    after = spelling[len(literal)]
    return literal[-1] in "_:." or after.isupper() or after.isdigit() or after in "_:."


def _family(literal: str, spellings: set[str]) -> list[str]:
    """The spellings `literal` is the common start of, when it starts a family of them (two or more:
    `atomic` of atomicAdd, atomicCAS...): what a mapping tests with startswith."""
    members = sorted(s for s in spellings if _boundary_prefix(literal, s))
    return members if len(members) >= 2 else []


def _is_ir_word(literal: str, words: set[str]) -> bool:
    return literal in words or _DTYPE.fullmatch(literal) is not None or any(
        _DTYPE.fullmatch(d) and d.startswith(literal) for d in ("int32", "uint32", "float32", "bfloat16"))


def _literals(tree: ast.AST):
    """(line, text) of each string literal that is not a docstring; an f-string as one literal, its
    holes as `{}`, plus its constant parts when it is not prose."""
    docstrings = {id(n.body[0].value) for n in ast.walk(tree)
                  if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                  and n.body and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
    in_fstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            parts = [v for v in node.values if isinstance(v, ast.Constant)]
            in_fstrings |= {id(v) for v in parts}
            text = "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
            yield node.lineno, text
            if not any(c.isspace() for c in text):
                yield from ((node.lineno, v.value) for v in parts)
    for node in ast.walk(tree):
        if (isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
                and id(node) not in in_fstrings):
            yield node.lineno, node.value


def _code_calls(text: str, spellings: set[str], words: set[str]) -> list[str]:
    """The CUDA functions a piece of code in `text` calls: `__popc(x)`, or `atomic{}(p, v)` (an f-string
    completing a family's spelling)."""
    found = []
    for match in re.finditer(r"(?<![\w:.])([A-Za-z_][\w:]*)(\{\})?\s*\(", text):
        name, hole = match.groups()
        if _is_ir_word(name, words):
            continue
        if hole and _family(name, spellings):
            found.append(name + "*")
        elif not hole and name in spellings:
            found.append(name)
    return found


def cuda_literals(source: str, spellings: set[str], words: set[str]) -> list[tuple[int, str, str]]:
    """(line, literal, the CUDA spelling it matches) for each literal of `source` that spells CUDA."""
    found = []
    for line, text in _literals(ast.parse(source)):
        if any(c.isspace() for c in text) and text not in spellings:
            found += [(line, text, called) for called in _code_calls(text, spellings, words)]
            continue  # otherwise prose: a message may name what it is about
        if _is_ir_word(text, words):
            continue
        if text in spellings:
            found.append((line, text, text))
            continue
        if _family(text, spellings):
            found.append((line, text, text + "*"))  # the start of a family: `atomic*`
    return found


def test_no_cuda_spelling_outside_op_coverage():
    spellings, words = cuda_spellings(), ir_words()
    problems, pending = [], set()
    for folder in SCANNED:
        for path in sorted((ROOT / folder).rglob("*.py")):
            rel = str(path.relative_to(ROOT))
            for line, literal, spelling in cuda_literals(path.read_text(), spellings, words):
                if (rel, literal) in ALLOWED:
                    continue
                if (rel, spelling) in PENDING_EMIT_MOVES:
                    pending.add((rel, spelling))
                    continue
                problems.append(f"{rel}:{line}: {literal!r} spells CUDA's `{spelling}`: read it from an "
                                "op_coverage record")
    assert not problems, "\n".join(problems)
    stale = PENDING_EMIT_MOVES - pending
    assert not stale, f"no longer in the emitter, drop from PENDING_EMIT_MOVES: {sorted(stale)}"


def test_the_check_catches_a_planted_spelling():
    spellings, words = cuda_spellings(), ir_words()
    planted = ('SHUFFLES = {"__shfl_down_sync": "down"}\n'
               'if name.startswith("atomic"):\n    pass\n'
               'PREFIX = "cooperative_groups::"\n'
               'AXIS = ("threadIdx", "x")\n'
               'KIND = f"__shfl_{kind}_sync"\n'
               'HELPER = "{ return __popc(x); }"\n'
               'ATOMIC = f"{{ return atomic{name}(p, v); }}"\n')
    caught = {(literal, spelling) for _, literal, spelling in cuda_literals(planted, spellings, words)}
    assert caught == {("__shfl_down_sync", "__shfl_down_sync"), ("atomic", "atomic*"),
                      ("cooperative_groups::", "cooperative_groups::*"), ("threadIdx", "threadIdx"),
                      ("__shfl_", "__shfl_*"), ("{ return __popc(x); }", "__popc"),
                      ("{ return atomic{}(p, v); }", "atomic*")}, caught


def test_the_check_leaves_ir_words_and_prose_alone():
    spellings, words = cuda_spellings(), ir_words()
    clean = ('OPS = {"min": "fmin", "max": "fmax", "abs": "fabs"}\n'
             'DTYPE = "bool" if dtype.startswith("float") else "int32"\n'
             'raise LiftError("C2T1204", f"\'{name}\' is not lifted yet")\n'
             'MSG = f"cooperative_groups::{method} is not lifted yet"\n'
             'VOTE = ("any", "all", "ballot")\n')
    assert cuda_literals(clean, spellings, words) == []


def test_lift_records_name_documented_constructs():
    """Each lift record refines a `Construct`, which documents it in docs/coverage.md (by name, or as one
    of its spellings: `__assert_fail` is how `assert (device)` reaches the lift)."""
    known = {c.cuda for c in op_coverage.ALL_CONSTRUCTS}
    spelled = known | {a for c in op_coverage.ALL_CONSTRUCTS for a in c.aliases}
    for record in _lifting_records():
        if isinstance(record, lifting.Operator):
            continue  # C's operators are not constructs of their own
        if isinstance(record, lifting.BuiltinVariable) and record.ir_node:
            assert {f"{record.cuda}.{axis}" for axis in "xyz"} <= known, record
        elif isinstance(record, lifting.DebugCall):
            assert record.cuda in spelled, record
        else:
            assert record.cuda in known, record
