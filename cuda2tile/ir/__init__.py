"""The tile IR and what reads it: nodes (`tile_ir`, `tile_lang_ir`), walkers (`ir_names`), index
polynomials, uniformity, the verifier, dtype rules and the lift's error type."""
