"""The lift's error type: an unsupported construct at a CUDA source location, with a stable code."""

from __future__ import annotations

from cuda2tile.diagnostics import Location


class LiftError(Exception):
    def __init__(self, code: str, message: str, loc: Location):
        super().__init__(message)
        self.code = code
        self.message = message
        self.loc = loc
