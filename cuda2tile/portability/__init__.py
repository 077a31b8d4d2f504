"""Portability check: every converted kernel lowered for CUDA, HIP, Metal, WebGPU and the C back end.

`cuda2tile check` is `check.add_parser` / `check.run`; `python -m cuda2tile.portability check ...`
runs the same command on its own.
"""

from cuda2tile.portability.check import add_parser, run

__all__ = ["add_parser", "run"]
