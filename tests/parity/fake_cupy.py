"""A stand-in for `cupy` that runs `RawModule` kernels on the CPU SIMT runtime.

It lets the tests drive the harness's GPU code path (`--original cupy`: the NVRTC source, name
expressions for templates, typed scalar arguments, dynamic shared memory, copies to and from the
device) on a machine without a GPU. Device arrays are numpy arrays; the "NVRTC" is g++ compiling
the very source the harness prepared for NVRTC.
"""

from __future__ import annotations

import hashlib
import tempfile
import types
from pathlib import Path

import numpy as np

from cuda2tile.parity.cpu_runtime import KernelSig, build

ndarray = np.ndarray
calls: list[dict] = []  # every launch: name, grid, block, shared_mem, argument types


def asarray(a):
    return np.array(a, copy=True)


def array(a):
    return np.array(a, copy=True)


def asnumpy(a):
    return np.array(a, copy=True)


class RawModule:
    def __init__(self, code: str, options=(), name_expressions=()):
        self.code = code
        self.options = tuple(options)
        self.name_expressions = list(name_expressions)
        self.module = None

    def compile(self):
        digest = hashlib.sha256(self.code.encode()).hexdigest()[:16]
        path = Path(tempfile.gettempdir()) / f"c2t_fake_cupy_{digest}.cu"
        path.write_text(self.code)
        defines = [o[2:] for o in self.options if o.startswith("-D")]
        self.module = build(path, [KernelSig(n, alias=n) for n in self.name_expressions], defines=defines)

    def get_function(self, name):
        if self.module is None:
            self.compile()
        if name not in self.name_expressions:
            raise KeyError(f"{name} is not a name expression")
        return _Function(self.module, name)


class _Function:
    def __init__(self, module, name):
        self.module, self.name = module, name
        self.max_dynamic_shared_size_bytes = 0

    def __call__(self, grid, block, args, shared_mem=0):
        types_ = [np.asarray(a).dtype.name for a in args]
        calls.append({"name": self.name, "grid": grid, "block": block, "shared_mem": shared_mem, "types": types_})
        plain = [a if isinstance(a, np.ndarray) else a.item() for a in args]
        self.module.launch(self.name, grid, block, plain, smem=shared_mem)


class _Event:
    def record(self):
        pass

    def synchronize(self):
        pass


cuda = types.SimpleNamespace(Event=_Event, get_elapsed_time=lambda a, b: 0.5,
                             runtime=types.SimpleNamespace(getDeviceCount=lambda: 1))
