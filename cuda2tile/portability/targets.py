"""The targets `cuda2tile check` knows: how a user spells them and what TileLang is given.

A target spec is `kind[:arch]`: `cuda:sm_80`, `cuda:sm_90a`, `hip:gfx942`, `metal`, `webgpu`, `c`.
The emitted factory receives the kind (`factory(block=..., target="metal")`), so every per-target
choice stays inside the emitted module; TileLang receives the JSON-dict target (TILELANG_FACTS §12:
CLI target strings are rejected by 0.1.15).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from cuda2tile.defaults import DEFAULT_TARGETS  # noqa: F401  (re-exported)

KINDS = ("cuda", "hip", "metal", "webgpu", "c")
_DEFAULT_ARCH = {"cuda": "sm_90a", "hip": "gfx942"}
_ARCH_RE = {"cuda": re.compile(r"sm_\d{2,3}[af]?$"), "hip": re.compile(r"gfx[0-9a-f]{3,5}$")}


@dataclass(frozen=True)
class Target:
    name: str  # as printed: "cuda:sm_80"
    kind: str  # what the emitted factory receives
    arch: str | None = None

    @property
    def tvm(self) -> dict:
        """The target dict handed to TileLang."""
        if self.kind == "cuda":
            return {"kind": "cuda", "arch": self.arch}
        if self.kind == "hip":
            return {"kind": "hip", "mcpu": self.arch}
        return {"kind": self.kind}

    @property
    def key(self) -> str:
        return json.dumps(self.tvm, sort_keys=True)


def parse_target(text: str) -> Target:
    spec = text.strip()
    kind, _, arch = spec.partition(":")
    kind = kind.lower()
    if kind not in KINDS:
        raise ValueError(f"unknown target '{spec}' (known kinds: {', '.join(KINDS)})")
    if kind in _ARCH_RE:
        arch = arch or _DEFAULT_ARCH[kind]
        if not _ARCH_RE[kind].match(arch):
            example = "sm_80, sm_90a" if kind == "cuda" else "gfx942"
            raise ValueError(f"target '{spec}': '{arch}' is not a {kind} architecture (e.g. {example})")
        return Target(f"{kind}:{arch}", kind, arch)
    if arch:
        raise ValueError(f"target '{spec}': {kind} takes no architecture")
    return Target(kind, kind)


def parse_targets(text: str) -> list[Target]:
    targets: list[Target] = []
    for part in text.split(","):
        if part.strip():
            target = parse_target(part)
            if target not in targets:
                targets.append(target)
    if not targets:
        raise ValueError("no targets given")
    return targets
