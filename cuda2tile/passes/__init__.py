"""Passes over the tile IR: pure `Kernel -> Kernel` functions, one per module, each with a test of
the same name (`tests/translation/<pass>.cu`); and the lowering to TileLang-level IR."""
