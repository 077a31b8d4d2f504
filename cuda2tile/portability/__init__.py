"""Portability check: every converted kernel lowered for CUDA, HIP, Metal, WebGPU and the C back end.

`check.py` collects the modules (`collect_jobs`) and checks them (`check_jobs(CheckOptions)`);
`cuda2tile check` is cuda2tile/cli/check.py.
"""
