"""Run a callable on numpy buffers in a forked child, so that a hang or a crash is contained.

The buffers are copied into one shared anonymous mapping; the child gets views of it and runs
`fn(views)`; the parent waits at most `timeout` seconds, then kills the child. On success the
buffers are read back from the mapping. A converted kernel that loops forever or segfaults thus
fails its own check and the parity run goes on with the next kernel.

    results, seconds = run_forked(lambda bufs: kernel(*args_over(bufs)), {"y": y}, timeout=10.0)

Only for CPU work: a CUDA context does not survive `fork`.
"""

from __future__ import annotations

import mmap
import os
import select
import signal as _signal
import struct
import sys
import time
import traceback
import warnings

import numpy as np

_HEADER = 8192  # status (int32), elapsed (float64), message length (int32), message bytes


class IsolatedError(RuntimeError):
    """The child failed: `kind` is "timeout", "crash" or "error"."""

    def __init__(self, kind: str, message: str):
        super().__init__(message)
        self.kind = kind


def _align(n: int) -> int:
    return (n + 63) // 64 * 64


def run_forked(fn, buffers: dict[str, np.ndarray], timeout: float | None = 10.0,
               prepare=None) -> tuple[dict[str, np.ndarray], float]:
    """Run `fn(views)` in a child; return (copies of the buffers after the call, seconds inside `fn`).

    `prepare(views)`, when given, runs in the parent before the fork and its result is passed to
    `fn` instead of the views (e.g. to build torch tensors over them ahead of time).
    """
    layout, total = {}, _HEADER
    for name, array in buffers.items():
        layout[name] = total
        total += _align(max(array.nbytes, 1))
    mm = mmap.mmap(-1, total)
    views: dict[str, np.ndarray] = {}
    try:
        for name, array in buffers.items():
            flat = np.ascontiguousarray(array).reshape(-1)
            view = np.frombuffer(mm, dtype=flat.dtype, count=flat.size, offset=layout[name])
            view[...] = flat
            views[name] = view
        payload = prepare(views) if prepare is not None else views
        sys.stdout.flush()
        sys.stderr.flush()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)  # "fork() may lead to deadlocks" (threads)
            pid = os.fork()
        if pid == 0:  # child
            status, message, elapsed = 0, "", 0.0
            try:
                start = time.perf_counter()
                fn(payload)
                elapsed = time.perf_counter() - start
            except BaseException as err:  # pragma: no cover - reported to the parent
                status = 1
                message = f"{type(err).__name__}: {err}\n{traceback.format_exc(limit=4)}"
            data = message.encode(errors="replace")[: _HEADER - 32]
            mm[0:16 + len(data)] = struct.pack("<idi", status, elapsed, len(data)) + data
            os._exit(0)
        status, killed = _wait(pid, timeout)
        if killed:
            raise IsolatedError("timeout", f"did not finish within the {timeout:g} s timeout and was stopped")
        if os.WIFSIGNALED(status):
            sig = os.WTERMSIG(status)
            try:
                name = _signal.Signals(sig).name
            except ValueError:
                name = f"signal {sig}"
            raise IsolatedError("crash", f"crashed with {name}")
        code, elapsed, length = struct.unpack("<idi", bytes(mm[0:16]))
        if os.WEXITSTATUS(status) != 0:
            raise IsolatedError("error", f"child exited with status {os.WEXITSTATUS(status)}")
        if code != 0:
            raise IsolatedError("error", bytes(mm[16:16 + length]).decode(errors="replace"))
        return {name: view.copy() for name, view in views.items()}, elapsed
    finally:
        payload = None
        views.clear()
        try:
            mm.close()
        except BufferError:  # a view still exported (kept alive by a traceback): let GC close it
            pass


def _wait(pid: int, timeout: float | None) -> tuple[int, bool]:
    """Wait for a forked child; kill it at the deadline."""
    deadline = None if timeout is None else time.monotonic() + float(timeout)
    return wait_child(pid, deadline)


def wait_child(pid: int, deadline: float | None) -> tuple[int, bool]:
    """Wait for a forked child until `deadline` (monotonic), killing it then: (status, killed).
    Shared with the CPU SIMT runtime of the originals (parity/cpu_runtime), which forks the same way."""
    pidfd = None
    try:
        pidfd = os.pidfd_open(pid)  # type: ignore[attr-defined]
    except (AttributeError, OSError):
        pidfd = None
    try:
        while True:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                return status, False
            now = time.monotonic()
            if deadline is not None and now >= deadline:
                os.kill(pid, _signal.SIGKILL)
                _, status = os.waitpid(pid, 0)
                return status, True
            wait = 0.05 if deadline is None else max(0.0, min(0.05, deadline - now))
            if pidfd is not None:
                select.select([pidfd], [], [], wait if deadline is not None else 1.0)
            else:
                time.sleep(min(wait, 0.002))
    finally:
        if pidfd is not None:
            os.close(pidfd)


__all__ = ["IsolatedError", "run_forked", "wait_child"]
