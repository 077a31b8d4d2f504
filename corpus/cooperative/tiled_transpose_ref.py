"""numpy reference for corpus/cooperative/tiled_transpose.cu (exact copy)."""
import numpy as np


def transpose_tiled(rows, cols, src, dst):
    return {"dst": np.ascontiguousarray(src.reshape(rows, cols).T).reshape(dst.shape)}
