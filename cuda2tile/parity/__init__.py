"""Numerical parity: run converted kernels (and originals) on the same inputs and compare."""
