"""libclang_guard: a child list libclang cut short (its ctypes callback failed at Python's recursion limit)
raises, never reads as a shorter list. Without the guard the same walks come back short and silent."""

from __future__ import annotations

import ctypes
import sys

import clang.cindex as ci

from cuda2tile.parse import libclang_guard


def _walks_near_the_limit(get_children) -> tuple[int, int]:
    """(walks that returned a short child list, walks that raised), over every call depth up to the recursion
    limit: some of them put the visitor's callback exactly at the limit."""
    tu = ci.Index.create().parse("t.cpp", args=["-x", "c++"],
                                 unsaved_files=[("t.cpp", "int f(int x) { return x + 1; } int g(); int h();")])
    root = tu.cursor
    full = len(list(get_children(root)))
    assert full == 3

    def count_at(depth: int) -> int:
        return len(list(get_children(root))) if depth == 0 else count_at(depth - 1)

    short = raised = 0
    for depth in range(sys.getrecursionlimit()):
        try:
            short += count_at(depth) != full
        except (RecursionError, ctypes.ArgumentError):  # ArgumentError: the limit hit converting an argument
            raised += 1
    return short, raised


def test_a_cut_child_list_raises_instead_of_reading_short():
    assert ci.Cursor.get_children is libclang_guard._checked_children  # installed by importing cuda2tile.parse
    short, raised = _walks_near_the_limit(ci.Cursor.get_children)
    assert short == 0 and raised > 0


def test_without_the_guard_the_same_walks_come_back_short(monkeypatch):
    # proves the test above can fail: cindex's own get_children loses children silently at some depths (the
    # callbacks' failures go to sys.unraisablehook, a printed "Exception ignored" and nothing else)
    monkeypatch.setattr(sys, "unraisablehook", lambda _unraisable: None)
    short, _ = _walks_near_the_limit(libclang_guard.UNCHECKED_GET_CHILDREN)
    assert short > 0
