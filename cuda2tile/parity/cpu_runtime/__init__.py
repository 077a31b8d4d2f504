"""CPU SIMT runtime: compile original CUDA device code with g++ and run kernels on numpy buffers.

See runtime.py for the Python API and include/c2t/c2t_sched.h for the execution model.
"""

from .runtime import (
    INCLUDE_DIR,
    ArgumentError,
    BarrierDivergence,
    CompileError,
    CpuRuntimeError,
    FastPathViolation,
    KernelCrash,
    KernelSig,
    KernelTimeout,
    LaunchError,
    LaunchInfo,
    Module,
    ParamInfo,
    StructValue,
    UnsupportedFeature,
    WarpDivergence,
    bf16_bits_to_float,
    build,
    default_cache_dir,
    float_to_bf16_bits,
)

__all__ = [
    "INCLUDE_DIR", "ArgumentError", "BarrierDivergence", "CompileError", "CpuRuntimeError", "FastPathViolation",
    "KernelCrash", "KernelSig", "KernelTimeout", "LaunchError", "LaunchInfo", "Module", "ParamInfo",
    "StructValue", "UnsupportedFeature", "WarpDivergence", "bf16_bits_to_float", "build", "default_cache_dir", "float_to_bf16_bits",
]
