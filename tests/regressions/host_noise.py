"""Host-code errors to inject around kernels: 50 self-contained erroneous declarations.

Each is an error clang reports and recovers from at the next `;` or `}` (unknown types, undeclared
names, calls to undeclared functions, invalid typedefs), in names no kernel uses, so a kernel's own
code never changes meaning. Used by the metamorphic test of issue 15: injecting them before or after
a kernel, in its file or in a header it includes, must leave the kernel's conversion as it was, or
refuse the kernel with a coded diagnostic. Written on one line, so no line number of the file moves."""

from __future__ import annotations

_KINDS = (
    "void c2t_noise_f{i}(C2tUnknownType{i} p, C2tOtherUnknown{i} q);",
    "static int c2t_noise_v{i} = c2t_undeclared_{i};",
    "inline void c2t_noise_h{i}() {{ c2t_missing_call_{i}(1, 2); }}",
    "typedef C2tUnknownType{i} c2t_noise_t{i};",
    "static float c2t_noise_a{i} = c2t_noise_struct_{i}{{}}.value;",
)
COUNT = 50


def noise_line(count: int = COUNT) -> str:
    return " ".join(_KINDS[i % len(_KINDS)].format(i=i) for i in range(count))


def noise_header(count: int = COUNT) -> str:
    return "// host-code errors injected by tests/regressions/host_noise.py\n" + noise_line(count) + "\n"
