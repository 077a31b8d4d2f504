"""Owners of files from a GitHub `CODEOWNERS` file, for the remaining work per file and directory.

Where the file is looked for: the git work tree holding the tree (the nearest parent with a `.git`),
then the tree itself (the SRC directory); in each, `.github/CODEOWNERS`, `CODEOWNERS`, then
`docs/CODEOWNERS`, as GitHub does; the first found is the one used. Patterns are relative to the
directory the file belongs to (the parent of `.github/` and `docs/`).

Syntax (GitHub's, a subset of gitignore's): one `PATTERN OWNER...` per line; `#` starts a comment,
`\\#` is a literal `#` at the start of a pattern; blank lines are ignored. The last matching line
wins, and a line with no owners leaves its files without owners. In patterns `*` matches within one
path component, `?` one character of it, `**` any number of components (`docs/**`, `**/logs`,
`a/**/b`); a leading `/` or a `/` inside anchors the pattern at the root, otherwise it matches at any
depth (`*.cu`); a trailing `/` matches a directory and everything under it; a pattern that names a
directory matches everything under it, except that a last component `*` matches direct children only
(`docs/*`). `!` negation and `[...]` ranges are not supported by GitHub: such lines are skipped and
reported in `CodeOwners.errors`.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field

from cuda2tile.parse.tree_scan import repository_root

LOCATIONS = (".github/CODEOWNERS", "CODEOWNERS", "docs/CODEOWNERS")


@dataclass(frozen=True)
class Rule:
    pattern: str
    owners: tuple[str, ...]
    regex: re.Pattern
    line: int


@dataclass
class CodeOwners:
    path: str  # the CODEOWNERS file
    base: str  # the directory its patterns are relative to
    rules: list[Rule] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)  # `LINE: why` for each line skipped

    def owners(self, path: str) -> tuple[str, ...] | None:
        """The owners of `path` (a file on disk, absolute or relative to the working directory), () when
        the last matching line names none or no line matches; None when `path` is outside `base`."""
        # real paths on both sides: the git root is found through them (tree_scan.repository_root)
        rel = os.path.relpath(os.path.realpath(path), os.path.realpath(self.base)).replace(os.sep, "/")
        if rel == ".." or rel.startswith("../"):
            return None
        return owners_of(self.rules, rel)


def owners_of(rules: list[Rule], rel: str) -> tuple[str, ...]:
    """The owners of the last rule matching `rel` (a `/`-separated path relative to the base)."""
    for rule in reversed(rules):
        if rule.regex.match(rel):
            return rule.owners
    return ()


def _split(line: str) -> list[str]:
    """Whitespace-separated fields, `\\ ` and `\\#` kept as literal characters; `#` ends the line."""
    fields, current, i = [], "", 0
    while i < len(line):
        ch = line[i]
        if ch == "\\" and i + 1 < len(line):
            current += line[i + 1]
            i += 2
            continue
        if ch == "#":
            break
        if ch.isspace():
            if current:
                fields.append(current)
            current = ""
        else:
            current += ch
        i += 1
    if current:
        fields.append(current)
    return fields


def compile_pattern(pattern: str) -> re.Pattern:
    """A CODEOWNERS pattern as a regular expression over `/`-separated paths relative to the base."""
    dir_only = pattern.endswith("/")
    core = pattern.strip("/")
    anchored = pattern.startswith("/") or "/" in core
    parts = core.split("/") if core else []
    out: list[str] = []
    for i, part in enumerate(parts):
        last = i == len(parts) - 1
        if part == "**":
            out.append(".*" if last else "(?:[^/]+/)*")
            continue
        piece = "".join("[^/]*" if ch == "*" else "[^/]" if ch == "?" else re.escape(ch) for ch in part)
        out.append(piece if last else piece + "/")
    body = "".join(out)
    if parts and parts[-1] == "**":
        suffix = "$"  # `docs/**`: `.*` already takes everything below
    elif parts and parts[-1] == "*" and len(parts) > 1:
        suffix = "$"  # `docs/*`: the files directly in docs/, not those further down
    elif dir_only:
        suffix = "/.*$"
    else:
        suffix = "(?:/.*)?$"  # the file itself, or everything under a directory of that name
    prefix = "" if anchored else "(?:[^/]+/)*"
    return re.compile(prefix + body + suffix)


def parse(text: str, path: str = "CODEOWNERS", base: str = ".") -> CodeOwners:
    result = CodeOwners(path, base)
    for number, raw in enumerate(text.splitlines(), 1):
        fields = _split(raw.strip())
        if not fields:
            continue
        pattern, owners = fields[0], tuple(fields[1:])
        if pattern.startswith("!") or "[" in pattern:
            result.errors.append(f"{number}: `{pattern}`: negation and character ranges are not supported "
                                 f"in CODEOWNERS; line skipped")
            continue
        result.rules.append(Rule(pattern, owners, compile_pattern(pattern), number))
    return result


def find(source: str) -> CodeOwners | None:
    """The CODEOWNERS that governs the tree `source` (a directory or a file), or None."""
    tree = os.path.abspath(source if os.path.isdir(source) else os.path.dirname(source) or ".")
    bases = [b for b in (repository_root(tree), tree) if b]
    for base in dict.fromkeys(bases):
        for location in LOCATIONS:
            candidate = os.path.join(base, location)
            if os.path.isfile(candidate):
                try:
                    with open(candidate, encoding="utf-8", errors="replace") as handle:
                        text = handle.read()
                except OSError:
                    continue
                return parse(text, candidate, base)
    return None
