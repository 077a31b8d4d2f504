"""numpy references for local_chain, nested_helpers and lazy_arguments of repeated_values.cu, so that
tests/test_materialize_repeated_values.py can check a mutated conversion against numbers of its own.
C's integer semantics: truncating division and remainder, unsigned comparison through uint32."""
import numpy as np

U32 = 1 << 32


def _rem(a, b):
    """C's `a % b` (the sign of a)."""
    r = abs(a) % abs(b)
    return -r if a < 0 else r


def _div(a, b):
    """C's `a / b` (towards zero)."""
    q = abs(a) // abs(b)
    return -q if (a < 0) != (b < 0) else q


def _mix3(a, b):
    lhs = (1 if a >= b else -5) % U32
    rhs = (2654435769 - (a % U32)) % U32
    return a if lhs != rhs else _rem(b, 64) + (1 if b > 0 else b)


def local_chain(x, out, n):
    result = out.copy()
    for i in range(int(n)):
        a = _rem(int(x[i]), 1000)
        for j in range(1, 13):
            a = _rem(a * 3, 1009) if a > 2 * j + 1 else a + j
        result[i] = a
    return {"out": result}


def nested_helpers(x, y, out, n, k):
    result = out.copy()
    n, k = int(n), int(k)
    for i in range(n):
        xi, yi = int(x[i]), int(y[i])
        v = 2 | _mix3(_mix3(100, _mix3(xi, _mix3(-int(y[(i * 7) % n]), _div(3, (k & 7) + 1)))), 1)
        w = _mix3(_mix3(_mix3(_mix3(xi, yi), int(x[(i + 1) % n])), int(y[(i + 2) % n])), v)
        result[i] = v ^ w
    return {"out": result}


def lazy_arguments(x, d, out, n):
    result = out.copy()
    n = int(n)
    for i in range(n):
        big = _mix3(_mix3(_mix3(int(x[i]), 5), int(x[(i + 3) % n])), 7)
        result[i] = _mix3(_mix3(_div(int(x[i]), int(d[i])), 3), big) if d[i] != 0 else big
    return {"out": result}
