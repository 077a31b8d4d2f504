"""numpy references for corpus/linalg/matmul.cu.

The dot products are accumulated in the kernel's order, k = 0 .. K-1, in
float32; each acc + a*b is rounded once (the fused multiply-add nvcc emits).
"""
import numpy as np

f32 = np.float32
f64 = np.float64


def _fma(a, b, c):
    return (a.astype(f64) * b.astype(f64) + c.astype(f64)).astype(f32)


def _ordered_matmul(A, Bkn):
    """A: (M, K), Bkn: (K, N) -> (M, N) accumulated over k in order."""
    M, K = A.shape
    N = Bkn.shape[1]
    acc = np.zeros((M, N), dtype=f32)
    for k in range(K):
        acc = _fma(A[:, k:k + 1], Bkn[k:k + 1, :], acc)
    return acc


def matmul_naive(M, N, K, A, B, C):
    acc = _ordered_matmul(A.astype(f32).reshape(M, K), B.astype(f32).reshape(K, N))
    return {"C": acc.reshape(C.shape)}


def matmul_bias_relu(M, N, K, alpha, A, Bt, bias, C):
    acc = _ordered_matmul(A.astype(f32).reshape(M, K), Bt.astype(f32).reshape(N, K).T)
    v = _fma(np.full_like(acc, f32(alpha)), acc, np.broadcast_to(bias.astype(f32), acc.shape))
    res = np.where(v > 0, v, f32(0.0)).astype(f32)
    return {"C": res.reshape(C.shape)}
