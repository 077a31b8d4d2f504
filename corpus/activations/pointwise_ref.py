"""numpy references for corpus/activations/pointwise.cu (all float32)."""
import numpy as np

f32 = np.float32


def relu(n, x, y):
    out = y.copy()
    out[:n] = np.maximum(x[:n].astype(f32), f32(0.0))
    return {"y": out}


def relu_inplace(n, x):
    out = x.copy()
    v = out[:n]
    v[v < 0] = f32(0.0)
    return {"x": out}


def leaky_relu(n, slope, x, y):
    out = y.copy()
    v = x[:n].astype(f32)
    out[:n] = np.where(v > 0, v, f32(slope) * v)
    return {"y": out}


def sigmoid(n, x, y):
    out = y.copy()
    out[:n] = f32(1.0) / (f32(1.0) + np.exp(-x[:n].astype(f32)))
    return {"y": out}


def silu(n, x, y):
    out = y.copy()
    v = x[:n].astype(f32)
    out[:n] = v / (f32(1.0) + np.exp(-v))
    return {"y": out}


def softplus(n, beta, threshold, x, y):
    out = y.copy()
    b = f32(beta)
    v = x[:n].astype(f32)
    z = b * v
    with np.errstate(over="ignore"):
        soft = np.log(f32(1.0) + np.exp(z)) / b
    out[:n] = np.where(z > f32(threshold), v, soft)
    return {"y": out}
