"""`cuda2tile tune`: choose the tile shape of raised matrix products with TileLang's autotuner.

A kernel raised to a tiled matrix product (op_coverage/idioms.py, `gemm`) takes `tile=(tile_m,
tile_n, tile_k, threads, stages)`; without it the factory uses its target's default
(`_GEMM_TILES` in the emitted module). `space.py` lists the shapes worth trying per target,
`autotune.py` checks each one's results against the default shape's on the launch spec's inputs,
then times the ones that agree with `tilelang.autotuner.AutoTuner`, and `command.py` runs it over a tree
(`tune_all`; the command line is cuda2tile/cli/tune.py).
"""
