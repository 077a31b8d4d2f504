"""Deliberately broken conversions laid out as a converted tree, the layout `--converted-tree` reads.

The mutations themselves live in `tests/ir_mutations.py`, shared with the reference-check tests.
"""

from __future__ import annotations

from pathlib import Path

from ir_mutations import (drop_first_barrier, emit_mutant, off_by_one_load, read_sibling_field, shift_raised_scan,
                          shift_tile_copies, shorten_gemm_reduction, skip_raised_warp_scans, wrong_reduction_operator)

__all__ = ["drop_first_barrier", "off_by_one_load", "read_sibling_field", "shift_raised_scan", "shift_tile_copies",
           "shorten_gemm_reduction", "skip_raised_warp_scans", "wrong_reduction_operator", "write_converted_tree"]


def write_converted_tree(cu: Path, name: str, mutate, out_dir: Path, raise_idioms: frozenset[str] | None = None) -> Path:
    """Emit `cu`'s kernel `name` (mutated; raising `raise_idioms`, None: all) as OUT/<stem>.py."""
    return emit_mutant(cu, name, mutate, out_dir / (cu.stem + ".py"), raise_idioms)
