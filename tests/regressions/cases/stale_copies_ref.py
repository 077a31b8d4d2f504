"""numpy references for stale_after_branch, stale_max_twice and stale_local_element of stale_copies.cu,
so that tests/test_pin_copied_reads.py can check a conversion with the pass undone against numbers of
its own. C's unsigned arithmetic: modulo 2^32."""
U32 = 1 << 32


def stale_after_branch(key, out, n):
    result = out.copy()
    for i in range(int(n)):
        h = (int(key) ^ i) % U32
        if max(h, 100) > 150:
            h = h * 3 % U32
        result[i] = (h * 7 + 1) % U32
    return {"out": result}


def stale_max_twice(key, out, n):
    result = out.copy()
    for i in range(int(n)):
        h = (int(key) ^ i) % U32
        a = max(h, 100)
        h = (h * 7 + 1) % U32
        b = min(max(h, 100), 4000000000)
        result[i] = a ^ b
    return {"out": result}


def stale_local_element(key, out, n):
    result = out.copy()
    for i in range(int(n)):
        s0 = int(key) - i
        a = s0 % U32
        b = (s0 * 3 + 1) % U32
        result[i] = a ^ (b << 1) % U32
    return {"out": result}
