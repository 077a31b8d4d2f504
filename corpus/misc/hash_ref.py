"""numpy references for corpus/misc/hash.cu (uint32 arithmetic wraps mod 2^32)."""
import numpy as np

u32 = np.uint32


def _fmix32(h):
    h = h.astype(u32)
    h ^= h >> u32(16)
    h *= u32(0x85EBCA6B)
    h ^= h >> u32(13)
    h *= u32(0xC2B2AE35)
    h ^= h >> u32(16)
    return h


def hash_keys(n, seed, keys, out):
    res = out.copy()
    i = np.arange(n, dtype=u32)
    res[:n] = _fmix32(keys[:n] ^ u32(seed)) + i * u32(0x9E3779B9)
    return {"out": res}


def xorshift_rounds(n, rounds, state, out):
    res = out.copy()
    s = state[:n].astype(u32)
    for _ in range(rounds):
        s ^= s << u32(13)
        s ^= s >> u32(17)
        s ^= s << u32(5)
    res[:n] = s
    return {"out": res}


def hash_bucket(n, nbuckets, keys, bucket, rot):
    bucket, rot = bucket.copy(), rot.copy()
    k = keys[:n].astype(u32)
    bucket[:n] = (_fmix32(k) % u32(nbuckets)).astype(np.int32)
    rot[:n] = (k << u32(16)) | (k >> u32(16))
    return {"bucket": bucket, "rot": rot}
