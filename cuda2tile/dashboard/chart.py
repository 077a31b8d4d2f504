"""The overview's charts, as inline SVG: kernels converted, parity-verified and unsupported per run, and
the burn-down of kernels remaining (refused + definitions the parser missed) per run.

Hand-written SVG (no chart library, nothing fetched): one polyline per series, each with its own
dash pattern and marker shape and a label at its end, so colour is never the only way to tell the
lines apart. The SVG is an image with a title and a description summarising the trend; the page
gives the same figures as a table.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from html import escape

WIDTH, HEIGHT = 760, 300
LEFT, RIGHT, TOP, BOTTOM = 52, 132, 18, 46
MARKERS_UP_TO = 60  # runs; beyond that the lines alone stay readable


@dataclass(frozen=True)
class Series:
    key: str
    label: str
    css: str  # class: colour, dash pattern and marker come from the stylesheet
    marker: str  # circle | square | triangle | none


SERIES = (Series("kernels", "kernels", "s-total", "none"),
          Series("converted", "converted", "s-converted", "circle"),
          Series("verified", "parity-verified", "s-verified", "square"),
          Series("unsupported", "unsupported", "s-unsupported", "triangle"))


BURNDOWN = (Series("remaining", "remaining", "s-remaining", "circle"),
            Series("missed", "missed", "s-missed", "square"))


def values(run) -> dict[str, int | None]:
    return {"kernels": run.kernels, "converted": run.converted + run.partial,
            "verified": run.parity_passed if run.parity_ran else None, "unsupported": run.unsupported}


def burndown_values(run) -> dict[str, int | None]:
    """Kernels still to convert: refused plus definitions the parser missed (not recorded before schema 3)."""
    return {"remaining": run.remaining, "missed": run.missed}


def nice_ticks(top: float, most: int = 5) -> list[int]:
    """0, step, 2*step, ... up to at least `top`, with step 1, 2 or 5 times a power of ten."""
    if top <= 0:
        return [0, 1]
    raw = top / most
    power = 10 ** math.floor(math.log10(raw)) if raw >= 1 else 1
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    step = max(int(step), 1)
    count = math.ceil(top / step)
    return [i * step for i in range(count + 1)]


def _marker(shape: str, x: float, y: float) -> str:
    if shape == "circle":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="5"/>'
    if shape == "square":
        return f'<rect x="{x - 3.4:.1f}" y="{y - 3.4:.1f}" width="6.8" height="6.8"/>'
    if shape == "triangle":
        return f'<path d="M{x:.1f} {y - 4.4:.1f}L{x + 4.2:.1f} {y + 3.2:.1f}L{x - 4.2:.1f} {y + 3.2:.1f}Z"/>'
    return ""


def _spread(labels: list[tuple[float, str, str]], gap: float = 13.0) -> list[tuple[float, str, str]]:
    """End labels sorted by height, pushed apart so none overlaps the next."""
    labels = sorted(labels)
    for i in range(1, len(labels)):
        if labels[i][0] - labels[i - 1][0] < gap:
            labels[i] = (labels[i - 1][0] + gap, *labels[i][1:])
    overflow = labels[-1][0] - (HEIGHT - BOTTOM) if labels else 0
    if overflow > 0:
        labels = [(y - overflow, *rest) for y, *rest in labels]
    return labels


def describe(runs) -> str:
    if not runs:
        return "No runs recorded yet."
    first, last = runs[0], runs[-1]
    a, b = values(first), values(last)
    text = (f"{len(runs)} runs from {first.started_at[:10]} to {last.started_at[:10]}. "
            f"Kernels converted went from {a['converted']} of {a['kernels']} to {b['converted']} of {b['kernels']}; "
            f"unsupported from {a['unsupported']} to {b['unsupported']}.")
    checked = [r for r in runs if r.parity_ran]
    if checked:
        text += f" Parity-verified kernels in the latest run with parity checks: {checked[-1].parity_passed}."
    return text


def describe_burndown(runs) -> str:
    if not runs:
        return "No runs recorded yet."
    first, last = runs[0], runs[-1]
    text = (f"{len(runs)} runs from {first.started_at[:10]} to {last.started_at[:10]}. Kernels remaining (refused, "
            f"plus definitions the parser missed) went from {first.remaining} to {last.remaining}.")
    if last.missed is not None:
        text += f" Missed by the parser in the latest run: {last.missed}."
    return text


def render(runs, title: str = "Kernels per run", *, series: tuple[Series, ...] = SERIES, value_of=values,
           ident: str = "chart", kind: str = "progress", description=describe) -> str:
    """The chart as an SVG element (a string of markup, every text escaped). `ident` prefixes the ids of
    its title and description (unique on a page); `kind` is its `data-chart`."""
    n = len(runs)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    series_values = [value_of(r) for r in runs]
    top = max([v for values_ in series_values for v in values_.values() if v is not None] + [1])
    ticks = nice_ticks(top)
    ymax = ticks[-1]

    def x(i: int) -> float:
        return LEFT + (plot_w / 2 if n == 1 else plot_w * i / (n - 1))

    def y(v: float) -> float:
        return TOP + plot_h - plot_h * v / ymax

    out = [f'<svg class="chart" data-chart="{kind}" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
           f'aria-labelledby="{ident}-title {ident}-desc" '
           f'xmlns="http://www.w3.org/2000/svg" preserveAspectRatio="xMidYMid meet">',
           f'<title id="{ident}-title">{escape(title)}</title>',
           f'<desc id="{ident}-desc">{escape(description(runs))}</desc>',
           '<g class="grid">']
    for t in ticks:
        out.append(f'<line x1="{LEFT}" x2="{LEFT + plot_w}" y1="{y(t):.1f}" y2="{y(t):.1f}"/>'
                   f'<text class="tick" x="{LEFT - 8}" y="{y(t) + 4:.1f}" text-anchor="end">{t}</text>')
    out.append('</g><g class="axis">')
    if n:
        labelled = sorted({round(i * (n - 1) / max(min(n, 6) - 1, 1)) for i in range(min(n, 6))})
        days = {runs[i].started_at[:10] for i in labelled}
        minutes = {runs[i].started_at[:16] for i in labelled}
        for i in labelled:  # the date; the time of day when the runs share a date; nothing when that too
            run = runs[i]
            when = run.started_at[5:10] if len(days) > 1 else run.started_at[11:16] if len(minutes) > 1 else ""
            which = run.git_commit[:7] if run.git_commit else f"run {run.id}"
            out.append(f'<line x1="{x(i):.1f}" x2="{x(i):.1f}" y1="{TOP + plot_h}" y2="{TOP + plot_h + 5}"/>'
                       f'<text class="tick" x="{x(i):.1f}" y="{TOP + plot_h + 19}" text-anchor="middle">'
                       f'{escape(when)}</text>'
                       f'<text class="tick sub" x="{x(i):.1f}" y="{TOP + plot_h + 33}" text-anchor="middle">'
                       f'{escape(which)}</text>')
    out.append(f'<line x1="{LEFT}" x2="{LEFT + plot_w}" y1="{TOP + plot_h}" y2="{TOP + plot_h}"/></g>')
    ends = []
    markers: dict[str, list[str]] = {}
    for s in series:
        points = [(i, v[s.key]) for i, v in enumerate(series_values)]
        runs_of_points: list[list[tuple[int, int]]] = [[]]
        for i, v in points:
            if v is None:
                if runs_of_points[-1]:
                    runs_of_points.append([])
            else:
                runs_of_points[-1].append((i, v))
        out.append(f'<g class="series {s.css}" data-series="{s.key}">')
        for part in runs_of_points:
            if len(part) > 1:
                coords = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in part)
                out.append(f'<polyline points="{coords}"/>')
        out.append('</g>')
        mine = markers.setdefault(s.key, [])
        lone = [part[0] for part in runs_of_points if len(part) == 1]
        if s.marker == "none" and lone:  # a point with no line through it still shows
            mine += [f'<circle cx="{x(i):.1f}" cy="{y(v):.1f}" r="2.4"/>' for i, v in lone]
        if s.marker != "none" and n <= MARKERS_UP_TO:
            for part in runs_of_points:
                for i, v in part:
                    run = runs[i]
                    mine.append(f'<g>{_marker(s.marker, x(i), y(v))}<title>run {run.id}, '
                                f'{escape(run.started_at[:16].replace("T", " "))}: {v} {escape(s.label)}</title></g>')
        elif s.marker != "none":  # many runs: mark the last point only
            last = next((p for part in reversed(runs_of_points) for p in reversed(part)), None)
            if last:
                mine.append(_marker(s.marker, x(last[0]), y(last[1])))
        last = next((p for part in reversed(runs_of_points) for p in reversed(part)), None)
        if last is not None:
            ends.append((y(last[1]) + 4, f"{last[1]} {s.label}", s.css))
    # markers above every line; converted's hollow rings around verified's squares, both visible when equal
    order = ("kernels", "verified", "converted", "unsupported")
    for key in sorted(markers, key=lambda k: order.index(k) if k in order else len(order)):
        if markers.get(key):
            css = next(s.css for s in series if s.key == key)
            out.append(f'<g class="markers {css}">' + "".join(markers[key]) + "</g>")
    label_x = LEFT + plot_w + 10
    for ly, text, css in _spread(ends):
        out.append(f'<text class="end {css}" x="{label_x}" y="{ly:.1f}">{escape(text)}</text>')
    out.append("</svg>")
    return "".join(out)
