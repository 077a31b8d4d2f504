"""Remember check outcomes in TileLang's cache directory, so an unchanged kernel is not rebuilt.

TileLang 0.1.15 caches compiled C kernels (`<cache>/<version>/<platform>/kernels/`) and nvcc
cubins (`.../cuda-binaries/`), but not a bare `tilelang.lower` for HIP, Metal or WebGPU, and never a
failure. `cuda2tile check` therefore stores each (kernel IR, target) outcome beside TileLang's own
entries, in `<TILELANG_CACHE_DIR>/<version>/<platform>/cuda2tile-check/`, keyed the way TileLang keys
its kernels: the SHA-256 of the prim_func's TVMScript plus the target, pass configs, TileLang's
version and library stamp, and whatever else decides the outcome (the nvcc version, the WGSL
validator). Only the outcome is stored (status, stage, code, TileLang's message, the construct);
locations are recomputed on every run from the current module, so moving code never shows a stale
line. `TILELANG_DISABLE_CACHE=1` (TileLang's own switch) or `check --no-cache` turns it off.
"""

from __future__ import annotations

import json
import os
import tempfile
from hashlib import sha256
from pathlib import Path

SCHEMA = 1


def enabled() -> bool:
    return os.environ.get("TILELANG_DISABLE_CACHE", "0").lower() not in ("1", "true", "yes", "on")


def cache_dir() -> Path:
    from tilelang import env

    try:
        from tilelang.cache.kernel_cache import KernelCache

        namespace = KernelCache._get_cache_namespace()
    except Exception:  # a TileLang without that helper: still per version
        import tilelang

        namespace = str(tilelang.__version__)
    return Path(env.TILELANG_CACHE_DIR) / namespace / "cuda2tile-check"


def _base_key() -> dict:
    try:
        from tilelang.cache.kernel_cache import KernelCache

        return KernelCache._get_base_key()
    except Exception:
        import tilelang

        return {"version": tilelang.__version__}


def make_key(func, target_key: str, extra: dict) -> str:
    script = func.script(show_meta=True).encode()
    data = {"schema": SCHEMA, "func": sha256(script).hexdigest(), "target": target_key, "extra": extra,
            **_base_key()}
    return sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()


def load(key: str) -> dict | None:
    path = cache_dir() / key[:2] / f"{key}.json"
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return record if isinstance(record, dict) and record.get("schema") == SCHEMA else None


def store(key: str, record: dict) -> None:
    folder = cache_dir() / key[:2]
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".tmp-", dir=folder)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump({"schema": SCHEMA, **record}, handle)
        os.replace(tmp, folder / f"{key}.json")
    except OSError:
        pass  # a read-only or full cache only costs time
