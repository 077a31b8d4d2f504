"""`cuda2tile dashboard`: a static, self-contained site showing where a CUDA -> TileLang migration stands.

    cuda2tile dashboard --db coverage.db -o site/ [--src corpus/] [--parity-json parity.json]

Inputs: the coverage history (`cuda2tile coverage SRC --db FILE`, read through
`cuda2tile.reports.history`), optionally the scanned tree (`--src`: the CUDA source and the
emitted TileLang of each kernel, from the coverage scan cache where it is warm) and parity results
(`--parity-json`: error figures, and the speed ratio when both sides ran on a GPU), and the
construct database (`op_coverage`).

Output: HTML pages, one stylesheet, one small script, no network access at view time (no CDN, no
fonts, no images from elsewhere): `index.html` (overview), `kernels.html` (the table),
`kernels/*.html` (one page per kernel), `constructs.html` (the construct database). See
docs/dashboard.md.
"""

from cuda2tile.dashboard.site import build_site

__all__ = ["build_site"]
