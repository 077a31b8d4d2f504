"""The front end: CUDA source read with libclang into cuda_ast (every walk of it through libclang_guard)."""

from cuda2tile.parse import libclang_guard  # noqa: F401  (installs the cut-walk check on clang.cindex)
