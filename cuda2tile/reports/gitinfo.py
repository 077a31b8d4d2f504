"""Which commit of which branch was scanned, when the scanned tree is inside a git work tree."""

from __future__ import annotations

import os
import subprocess


def _git(directory: str, *args: str) -> str | None:
    try:
        done = subprocess.run(["git", "-C", directory, *args], capture_output=True, text=True, timeout=10,
                              stdin=subprocess.DEVNULL)
    except (OSError, subprocess.SubprocessError):
        return None  # no git on this machine
    return done.stdout.strip() if done.returncode == 0 else None


def git_state(path: str) -> dict | None:
    """{"commit", "branch", "dirty"} of the repository holding `path`; None outside a repository.
    `branch` is None on a detached HEAD (CI checkouts), where `GITHUB_HEAD_REF`/`GITHUB_REF_NAME` help."""
    directory = path if os.path.isdir(path) else os.path.dirname(os.path.abspath(path))
    commit = _git(directory, "rev-parse", "HEAD")
    if commit is None:
        return None
    branch = _git(directory, "rev-parse", "--abbrev-ref", "HEAD")
    if branch in (None, "HEAD"):
        branch = os.environ.get("GITHUB_HEAD_REF") or os.environ.get("GITHUB_REF_NAME") or None
    status = _git(directory, "status", "--porcelain", "--untracked-files=no", "--", ".")
    return {"commit": commit, "branch": branch, "dirty": bool(status)}


def git_toplevel(path: str) -> str | None:
    """The top directory of the git work tree holding `path`; None outside one (or without git)."""
    directory = path if os.path.isdir(path) else os.path.dirname(os.path.abspath(path))
    return _git(directory, "rev-parse", "--show-toplevel") or None
