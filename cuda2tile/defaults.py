"""Constants that command-line options show as choices or defaults, in a module that imports nothing.

`cuda2tile --help` and `cuda2tile convert` build every command's parser; taking these from the tools
themselves (the parity harness, the portability check, the reports) would import those tools, and
TileLang with them, on every run. Each tool imports its constant from here.
"""

from __future__ import annotations

DEFAULT_MAX_FILE_SIZE = 16 * 1024 * 1024  # parse/frontend.py: larger files are skipped with C2T1004
ORIGINAL_MODES = ("cpu", "cupy", "auto")  # parity/harness.py: where the original CUDA kernel runs
CONVERTED_MODES = ("c", "cuda", "auto")  # parity/harness.py: TileLang's back end for the conversion
DEFAULT_TARGETS = "cuda:sm_80,cuda:sm_90a,hip:gfx942,metal,webgpu,c"  # portability/targets.py
# reports/summary.py: what `coverage --fail-under` measures, as (summary group, percentage key)
METRICS = {"kernels": ("kernels", "converted_pct"), "constructs": ("constructs", "supported_pct"),
           "lines": ("lines", "converted_pct")}
REPORT_FORMATS = ("text", "json", "markdown", "sarif", "junit")  # `coverage --report-format`
