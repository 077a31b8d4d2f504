"""numpy references for corpus/pytorch/accessors.cu. An accessor parameter arrives as an object whose
attributes are its fields (`x.data`, `x.size0`, `x.stride0`), and each view is rebuilt from them with
numpy's own strides, so the reference reads the elements the kernel must read."""
import numpy as np


def _view(a, rank):
    shape = tuple(int(getattr(a, f"size{k}")) for k in range(rank))
    strides = tuple(int(getattr(a, f"stride{k}")) * a.data.itemsize for k in range(rank))
    return np.lib.stride_tricks.as_strided(a.data, shape, strides, writeable=False)


def channel_affine_kernel_float(x, scale, shift, y):
    out = _view(x, 2) * _view(scale, 1)[None, :] + _view(shift, 1)[None, :]
    return {"y.data": out.astype(x.data.dtype).reshape(-1)}


channel_affine_kernel_double = channel_affine_kernel_float


def gate_mix_kernel_double(gates, out):
    g = _view(gates, 3)
    mixed = g[:, 0, :] * g[:, 2, :] + g[:, 1, :] + g.dtype.type(out.stride0)
    return {"out.data": mixed.reshape(-1)}


gate_mix_kernel_float = gate_mix_kernel_double


def row_sum_kernel(x, sums):
    v = _view(x, 2)
    acc = np.zeros(v.shape[0], dtype=np.float32)
    for k in range(v.shape[1]):  # in the kernel's order, in float32
        acc += v[:, k]
    result = np.zeros(2 * v.shape[0], dtype=np.float32)
    result[::2] = acc
    return {"sums.data": result}
