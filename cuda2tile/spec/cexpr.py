"""Safe evaluation of C expressions in launch specs, e.g. `(n + 255) / 256`.

Parsed with pycparser's C grammar and interpreted over a fixed set of names, never with Python's
`eval`. Integer `/` and `%` follow C (truncate toward zero); comparisons and logic give 0 or 1.
"""

from __future__ import annotations

import math

from pycparser import c_ast, c_parser


class CExprError(ValueError):
    pass


_PARSER = c_parser.CParser()


def _div(a, b):
    if b == 0:
        raise CExprError("division by zero")
    if isinstance(a, int) and isinstance(b, int):
        q = abs(a) // abs(b)
        return q if (a >= 0) == (b >= 0) else -q
    return a / b


def _mod(a, b):
    if not (isinstance(a, int) and isinstance(b, int)):
        raise CExprError("% needs integer operands")
    return a - _div(a, b) * b


_BINARY = {
    "+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b, "/": _div, "%": _mod,
    "<<": lambda a, b: a << b, ">>": lambda a, b: a >> b, "&": lambda a, b: a & b, "|": lambda a, b: a | b,
    "^": lambda a, b: a ^ b, "<": lambda a, b: int(a < b), ">": lambda a, b: int(a > b),
    "<=": lambda a, b: int(a <= b), ">=": lambda a, b: int(a >= b), "==": lambda a, b: int(a == b),
    "!=": lambda a, b: int(a != b), "&&": lambda a, b: int(bool(a) and bool(b)),
    "||": lambda a, b: int(bool(a) or bool(b)),
}
_UNARY = {"-": lambda a: -a, "+": lambda a: a, "~": lambda a: ~a, "!": lambda a: int(not a)}


def _constant(node: c_ast.Constant):
    # suffixes: 10u, 1ULL (integers), 1.5f (floats); never strip hex digits such as the F of 0x1F
    text = node.value.rstrip("uUlL") if "int" in node.type else node.value.rstrip("fFlL")
    if node.type in ("int", "unsigned int", "long int", "unsigned long int", "long long int",
                     "unsigned long long int"):
        return int(text, 0) if not (text.startswith("0") and len(text) > 1 and text[1].isdigit()) else int(text, 8)
    if node.type in ("float", "double", "long double"):
        return float(text)
    raise CExprError(f"unsupported constant {node.value}")


def _eval(node, names: dict):
    if isinstance(node, c_ast.Constant):
        return _constant(node)
    if isinstance(node, c_ast.ID):
        if node.name not in names:
            raise CExprError(f"unknown name '{node.name}'")
        return names[node.name]
    if isinstance(node, c_ast.BinaryOp):
        return _BINARY[node.op](_eval(node.left, names), _eval(node.right, names))
    if isinstance(node, c_ast.UnaryOp) and node.op in _UNARY:
        return _UNARY[node.op](_eval(node.expr, names))
    if isinstance(node, c_ast.TernaryOp):
        return _eval(node.iftrue, names) if _eval(node.cond, names) else _eval(node.iffalse, names)
    if isinstance(node, c_ast.Cast):
        value = _eval(node.expr, names)
        type_name = " ".join(getattr(node.to_type.type.type, "names", []))
        if type_name in ("float", "double"):
            return float(value)
        return math.trunc(value) if isinstance(value, float) else value
    raise CExprError(f"unsupported C expression element: {type(node).__name__}")


def evaluate(text: str | int | float, names: dict[str, int | float]) -> int | float:
    """Value of a C expression over `names`. Numbers pass through unchanged."""
    if isinstance(text, bool):
        return int(text)
    if isinstance(text, (int, float)):
        return text
    if not isinstance(text, str) or not text.strip():
        raise CExprError(f"expected a C expression, got {text!r}")
    if len(text) > 1000:
        raise CExprError("expression too long")
    try:
        ast = _PARSER.parse(f"int __c2t_value = ({text});")
    except Exception as err:  # pycparser raises ParseError with the position
        raise CExprError(f"cannot parse C expression '{text}': {err}") from None
    init = ast.ext[0].init
    try:
        return _eval(init, names)
    except RecursionError:
        raise CExprError("expression nested too deeply") from None
