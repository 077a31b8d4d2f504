"""Timing repeated GPU launches with CUDA events, shared by both sides of a parity run.

    times = time_launches(lambda: fn(grid, block, args), cupy_events, warmup=5, repeat=50)
    median, fastest = float(np.median(times)), min(times)

`events` is a pair of callables: `new()` makes a started-or-not event object with `record()`,
and `elapsed(start, end)` gives the seconds between two recorded events after synchronising
on the end one. CuPy's and torch's events each get a two-line adapter below, so the original
(cupy) and the converted kernel (TileLang through torch) are timed the same way: `warmup`
untimed launches, then `repeat` launches each between its own pair of events.
"""

from __future__ import annotations

from typing import Callable, NamedTuple


class Events(NamedTuple):
    new: Callable[[], object]
    elapsed: Callable[[object, object], float]  # seconds; synchronises on the end event


def cupy_events() -> Events:
    import cupy

    def elapsed(start, end) -> float:
        end.synchronize()
        return cupy.cuda.get_elapsed_time(start, end) / 1e3

    return Events(cupy.cuda.Event, elapsed)


def torch_events() -> Events:
    import torch

    def elapsed(start, end) -> float:
        torch.cuda.synchronize()
        return start.elapsed_time(end) / 1e3

    return Events(lambda: torch.cuda.Event(enable_timing=True), elapsed)


def time_launches(launch: Callable[[], object], events: Events, warmup: int = 1, repeat: int = 1) -> list[float]:
    """Seconds of each of `repeat` timed launches, after `warmup` untimed ones."""
    if warmup > 0:
        for _ in range(warmup):
            launch()
        start, end = events.new(), events.new()
        start.record()
        end.record()
        events.elapsed(start, end)  # wait for the warm-up launches
    times = []
    for _ in range(repeat):
        start, end = events.new(), events.new()
        start.record()
        launch()
        end.record()
        times.append(events.elapsed(start, end))
    return times
