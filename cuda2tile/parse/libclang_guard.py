"""A child list that libclang cut short raises instead of reading as a shorter list.

`Cursor.get_children` collects children through a ctypes callback. An exception inside a ctypes callback
cannot propagate: ctypes prints "Exception ignored on calling ctypes callback function" and returns 0,
which libclang reads as CXChildVisit_Break. A walk that reaches Python's recursion limit inside that
callback gets the children listed so far and goes on, silently (converting apex, whose group_norm selects
among 1,008 launchers through a macro-written chain of `else if`s, printed that message). Here the visitor never asks to stop, so a stop means its callback failed: the walk raises ClangWalkCut
(a RecursionError, so the depth guards and error boundaries that handle a deep walk handle this one too).
Importing the module installs the check on `clang.cindex.Cursor`, once.
"""

from __future__ import annotations

import clang.cindex as ci


class ClangWalkCut(RecursionError):
    """libclang's child visitor stopped early: the Python callback failed (at the recursion limit)."""


def _checked_children(self: ci.Cursor):
    def visitor(child, _parent, children):
        child._tu = self._tu  # the translation unit outlives the cursors that reference it (as cindex does)
        children.append(child)
        return 1  # CXChildVisit_Continue

    children: list[ci.Cursor] = []
    stopped = ci.conf.lib.clang_visitChildren(self, ci.callbacks["cursor_visit"](visitor), children)
    if stopped:
        raise ClangWalkCut(f"libclang's child visitor failed after {len(children)} children of cursor kind "
                           f"{self._kind_id} (Python's recursion limit)")
    return iter(children)


UNCHECKED_GET_CHILDREN = getattr(ci.Cursor.get_children, "unchecked", ci.Cursor.get_children)
_checked_children.unchecked = UNCHECKED_GET_CHILDREN
ci.Cursor.get_children = _checked_children
