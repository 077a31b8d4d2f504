"""The project the dashboard is about: its name (the page titles) and its git state.

The tree is the first `--src`, else the latest run's recorded SRC (resolved against the working
directory, then the database's directory), else the common directory of the recorded absolute
paths, whichever exists on disk. Its name is that of the git work tree holding it, else the
tree's own folder, or the nearest ancestor whose name is not a generic one such as `src`.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from cuda2tile.reports.gitinfo import git_state, git_toplevel

# Folder names that say nothing about the project: the title is taken from a parent instead.
GENERIC_NAMES = frozenset({"src", "source", "sources", "csrc", "cuda", "code", "lib"})


@dataclass
class Project:
    title: str
    tree: str | None  # the tree on disk the name and git state come from (absolute), when one was found
    git_root: str | None = None  # the top of the git work tree holding it
    git: dict | None = None  # gitinfo.git_state of the tree when the site was built: {commit, branch, dirty}


def find_tree(sources, recorded, root: str, db_dir: str) -> str | None:
    """The first of `--src`, the recorded SRC arguments and the recorded files' common directory that exists."""
    candidates = [os.path.abspath(s) for s in sources]
    for s in recorded:
        candidates += [os.path.abspath(s)] if os.path.isabs(s) else [os.path.abspath(s), os.path.join(db_dir, s)]
    if root:
        candidates.append(root)
    for c in candidates:
        if os.path.exists(c):
            return os.path.realpath(c if os.path.isdir(c) else os.path.dirname(c))
    return None


def folder_name(path: str) -> str:
    """The name of the absolute folder `path`, or of its nearest ancestor whose name is not generic."""
    path = os.path.abspath(path)
    while os.path.basename(path).lower() in GENERIC_NAMES:
        parent = os.path.dirname(path)
        if not os.path.basename(parent):  # never the file system's root
            break
        path = parent
    return os.path.basename(path) or path


def describe(sources, recorded, root: str, db_dir: str, fallback: str) -> Project:
    tree = find_tree(sources, recorded, root, db_dir)
    if tree is None:
        return Project(folder_name(root) if root else fallback, None)
    top = git_toplevel(tree)
    title = os.path.basename(top.rstrip("/")) if top else ""
    return Project(title or folder_name(tree), tree, top, git_state(tree) if top else None)
