"""cuda2tile: move CUDA C++ kernels to TileLang, and prove the result numerically equal."""

__version__ = "0.1.0"
