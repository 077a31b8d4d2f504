"""One runtime for converted kernels, used by verify, parity, tune and check.

* `modules`: convert through a session, write and import emitted modules (`converted_modules`,
  `load_module`);
* `build`: TileLang set up (`prepare_tilelang`), a kernel built on the C back end or lowered and
  compiled for CUDA (`build_c`, `lower_cuda`), compiled kernels cached per run (`KernelCache`), TileLang's
  warnings captured per kernel (`tilelang_warnings`, docs/tilelang-warnings.md);
* `marshal`: numpy inputs -> the compiled kernel's arguments (carrier dtypes for what the C back end
  cannot pass), grid arguments, outputs read back (`split_inputs`, `call_args`, `grid_args`, `run_c`);
* `execute`: runners for a check, on C in a forked child with a timeout (`ConvertedC`) or on CUDA
  with event timing (`ConvertedCuda`); `isolation` and `timing` are what they use.

The originals' runners (the CPU SIMT runtime, CuPy) are in `cuda2tile.parity`. TileLang is imported
only when a kernel is built (`prepare_tilelang`), never by importing this package.
"""

from cuda2tile.runtime.build import (C_PASS_CONFIGS, ConvertedError, KernelCache, build_c, compile_c, cuda_target,
                                     factory_kwargs, last_line, lower_cuda, prepare_tilelang,
                                     tilelang_warnings)
from cuda2tile.runtime.execute import ConvertedC, ConvertedCuda
from cuda2tile.runtime.marshal import (call_args, grid_args, null_inputs, read_outputs, run_c, scalar_value,
                                       split_inputs, tensor_call)
from cuda2tile.runtime.modules import ConvertedModule, converted_modules, load_converted, load_module

__all__ = ["C_PASS_CONFIGS", "ConvertedC", "ConvertedCuda", "ConvertedError", "ConvertedModule", "KernelCache",
           "build_c", "call_args", "compile_c", "converted_modules", "cuda_target", "factory_kwargs", "grid_args",
           "last_line", "load_converted", "load_module", "lower_cuda", "null_inputs", "prepare_tilelang", "read_outputs", "run_c",
           "scalar_value", "split_inputs", "tensor_call", "tilelang_warnings"]
