"""Parity tasks in persistent worker processes, each task under a time limit.

A task is `harness.check_file`'s arguments (one `.cu` file, usually narrowed to one kernel by
`ParityOptions.kernels`). Each worker is a spawned process (a CUDA context does not survive
`fork`) that imports TileLang once and then runs task after task. A task that outlives its limit
(a GPU kernel that never ends, a build that hangs) gets its worker killed: its kernels fail with
`failure = "timeout"`, a fresh worker takes the next task, and the run goes on. A worker that dies
(out of memory, a crash in a driver) fails its task the same way, as "crash".

    results = run_tasks(tasks, jobs=1, timeout=120.0, progress=print)

After each task a worker hands back what the device memory pools of cupy and torch cached, so
one kernel's buffers do not count against the next one's.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import time
from multiprocessing.connection import wait

from cuda2tile.parity.report import FAIL, SKIP, KernelParity


def _release_device_pools() -> None:
    if "cupy" in sys.modules:
        try:
            sys.modules["cupy"].get_default_memory_pool().free_all_blocks()
        except Exception:  # no GPU, or a stand-in module without pools
            pass
    if "torch" in sys.modules:
        try:
            torch = sys.modules["torch"]
            if torch.cuda.is_available():
                torch.cuda.empty_cache()
        except Exception:
            pass


def _serve(conn) -> None:
    """A worker's loop: receive a task, send back ("ok", results) or ("error", message)."""
    from cuda2tile.parity.harness import check_file

    os.environ.setdefault("TILELANG_PRINT_ON_COMPILATION", "0")
    while True:
        try:
            task = conn.recv()
        except EOFError:
            return
        if task is None:
            return
        try:
            reply = ("ok", check_file(*task))
        except Exception as err:  # the harness's own failure on this task
            reply = ("error", f"{type(err).__name__}: {err}")
        _release_device_pools()
        conn.send(reply)


class _Worker:
    def __init__(self, ctx):
        self.conn, child = ctx.Pipe()
        self.process = ctx.Process(target=_serve, args=(child,), daemon=True)
        self.process.start()
        child.close()
        self.task = None
        self.index = -1
        self.limit = 0.0
        self.deadline = 0.0

    def submit(self, index: int, task, timeout: float) -> None:
        self.index, self.task, self.limit = index, task, timeout
        self.deadline = time.monotonic() + timeout
        self.conn.send(task)

    def stop(self, kill: bool = False) -> None:
        if kill:
            self.process.kill()
        else:
            try:
                self.conn.send(None)
            except OSError:
                pass
        self.process.join(5)
        if self.process.is_alive():
            self.process.kill()
            self.process.join()
        self.conn.close()


def failed_task(task, failure: str | None, message: str, status: str = FAIL) -> list[KernelParity]:
    """The result of a task that did not finish (or, with status SKIP, did not start): one per kernel."""
    _cu, display, options, _out = task
    kernels = options.kernels or ("*",)
    return [KernelParity(display, k, status, message=message, failure=failure, original=options.original,
                         converted=options.converted) for k in kernels]


def out_of_time(task) -> list[KernelParity]:
    return failed_task(task, None, "not run: the run's time budget was spent", status=SKIP)


def run_tasks(tasks: list, jobs: int = 1, timeout: float = 120.0, progress=None,
              deadline: float | None = None) -> list[list[KernelParity]]:
    """Every task's results, in task order; `progress(index, results)` sees each as it finishes.
    No task starts after `deadline` (a `time.monotonic()` value): those left are skipped; one
    already running keeps its whole `timeout`."""
    ctx = multiprocessing.get_context("spawn")
    results: list = [None] * len(tasks)
    pending = list(range(len(tasks)))
    idle: list[_Worker] = []
    busy: dict = {}  # connection -> its worker

    def finish(worker: _Worker, value: list[KernelParity]) -> None:
        results[worker.index] = value
        worker.task = None
        if progress:
            progress(worker.index, value)

    try:
        while pending or busy:
            if deadline is not None and time.monotonic() >= deadline:
                for index in pending:
                    results[index] = out_of_time(tasks[index])
                    if progress:
                        progress(index, results[index])
                pending = []
            while pending and len(busy) < max(1, jobs):
                worker = idle.pop() if idle else _Worker(ctx)
                index = pending.pop(0)
                worker.submit(index, tasks[index], timeout)
                busy[worker.conn] = worker
            if not busy:
                continue
            soonest = min(w.deadline for w in busy.values())
            ready = wait(list(busy), timeout=max(0.0, soonest - time.monotonic()))
            for conn in ready:
                worker = busy.pop(conn)
                try:
                    kind, value = conn.recv()
                except (EOFError, OSError):  # the worker died mid-task
                    code = worker.process.exitcode
                    worker.stop(kill=True)
                    finish(worker, failed_task(worker.task, "crash", f"the worker process died (exit status "
                                                                     f"{code}) while checking this kernel"))
                    continue
                finish(worker, value if kind == "ok" else failed_task(worker.task, "internal",
                                                                      f"internal error: {value}"))
                idle.append(worker)
            now = time.monotonic()
            for conn, worker in list(busy.items()):
                if worker.deadline <= now:
                    del busy[conn]
                    worker.stop(kill=True)
                    finish(worker, failed_task(worker.task, "timeout", f"not finished within its "
                                                                       f"{worker.limit:g} s (build and run of both "
                                                                       f"sides); the worker was killed"))
    finally:
        for worker in idle + list(busy.values()):
            worker.stop(kill=worker in busy.values())
    return results
