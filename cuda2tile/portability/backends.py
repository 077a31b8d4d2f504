"""What `cuda2tile check` does for each kind of target, and what each check proves.

| kind   | stages                                                                  |
|--------|-------------------------------------------------------------------------|
| cuda   | build the prim_func, `tilelang.lower`, nvcc on the generated CUDA (when nvcc is on PATH) |
| hip    | build, lower (HIP source generated), static check of C functions called by name |
| metal  | build, lower (Metal source generated), static check of called functions |
| webgpu | build, lower (WGSL generated), static check, WGSL validation when `wgpu` is importable |
| c      | build, `tilelang.compile` (TileLang passes + C++ compiler), one call on the launch spec's inputs |

No HIP or Metal compiler exists on Linux CI machines, so those targets stop at the generated source
plus a static check of the functions it calls by name (`T.call_extern`) and of pasted C text
(`T.import_source`): exactly the constructs TileLang passes through unchecked.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import tempfile
from dataclasses import dataclass, field

# C99 <math.h> (float, double) names, which CUDA and HIP device code also provide
_LIBM_BASE = ("acos acosh asin asinh atan atan2 atanh cbrt ceil copysign cos cosh erf erfc exp exp2 expm1 fabs fdim "
              "floor fma fmax fmin fmod frexp hypot ilogb ldexp lgamma llrint llround log log10 log1p log2 logb lrint "
              "lround modf nan nearbyint nextafter pow remainder remquo rint round scalbln scalbn sin sinh sqrt tan "
              "tanh tgamma trunc rsqrt sincos sinpi cospi exp10 rcbrt normcdf normcdfinv erfinv erfcinv").split()
LIBM = frozenset(_LIBM_BASE + [name + "f" for name in _LIBM_BASE])
# Metal Shading Language <metal_stdlib> functions (overloaded on float/half; no `f` suffix)
METAL_BUILTINS = frozenset(("abs fabs min max fmin fmax fma mad fmod copysign sqrt rsqrt exp exp2 exp10 log log2 log10 "
                            "pow powr sin cos tan asin acos atan atan2 sinh cosh tanh asinh acosh atanh floor ceil round "
                            "rint trunc fract isnan isinf isfinite signbit sign clamp mix step smoothstep select "
                            "popcount clz ctz reverse_bits extract_bits insert_bits mulhi rotate as_type").split())
# WGSL built-in functions (overloaded; no `f` suffix, no fmod)
WGSL_BUILTINS = frozenset(("abs min max clamp fma sqrt inverseSqrt exp exp2 log log2 pow sin cos tan asin acos atan atan2 "
                           "sinh cosh tanh asinh acosh atanh floor ceil round trunc fract sign select step smoothstep mix "
                           "countOneBits countLeadingZeros countTrailingZeros reverseBits firstLeadingBit "
                           "firstTrailingBit extractBits insertBits bitcast dot ldexp frexp modf saturate").split())


@dataclass
class IRFacts:
    externs: list[str] = field(default_factory=list)  # C functions called by name, in order of first use
    imported: list[str] = field(default_factory=list)  # T.import_source texts


def ir_facts(func) -> IRFacts:
    import tvm.tirx as tir
    from tvm.tirx import stmt_functor

    facts = IRFacts()

    def visit(node):
        if isinstance(node, tir.Call) and getattr(node.op, "name", "") in ("tirx.call_extern", "tirx.call_pure_extern"):
            name = getattr(node.args[0], "value", None) if len(node.args) else None
            if isinstance(name, str) and name not in facts.externs:
                facts.externs.append(name)
        elif isinstance(node, tir.SBlock):
            text = node.annotations.get("pragma_import_c") if node.annotations is not None else None
            if text is not None:
                facts.imported.append(str(text))

    stmt_functor.post_order_visit(func.body, visit)
    return facts


def static_check(kind: str, facts: IRFacts) -> str | None:
    """A message in TileLang's style when the kernel calls something `kind` cannot have, else None."""
    if kind in ("metal", "webgpu") and facts.imported:
        return f"T.import_source text is pasted verbatim into the {kind} shader"
    allowed = {"metal": METAL_BUILTINS, "webgpu": WGSL_BUILTINS, "hip": LIBM}.get(kind)
    if allowed is None:
        return None
    for name in facts.externs:
        defined = any(re.search(rf"\b{re.escape(name)}\s*\(", text) for text in facts.imported)
        if name not in allowed and not defined:
            return f"`{name}` is not a {kind} built-in (TileLang emits the call verbatim)"
    return None


def nvcc_path() -> str | None:
    """nvcc as TileLang finds it (CUDA_HOME/CUDA_PATH, else PATH)."""
    for var in ("CUDA_HOME", "CUDA_PATH"):
        root = os.environ.get(var)
        if root and os.path.exists(os.path.join(root, "bin", "nvcc")):
            return os.path.join(root, "bin", "nvcc")
    return shutil.which("nvcc")


def nvcc_version(path: str | None) -> str | None:
    if not path:
        return None
    import subprocess

    try:
        out = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=60).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    match = re.search(r"release [\d.]+, V[\d.]+", out)
    return match.group(0) if match else out.strip()[-80:]


class _Captured:
    text = ""


@contextlib.contextmanager
def captured_stderr():
    """Route file descriptor 2 to a temp file: the C++ compiler and TVM's C++ logging write there."""
    holder = _Captured()
    try:
        saved = os.dup(2)
    except OSError:  # no fd 2 (embedded use): nothing to capture
        yield holder
        return
    with tempfile.TemporaryFile(mode="w+b") as tmp:
        try:
            import sys

            sys.stderr.flush()
        except Exception:
            pass
        os.dup2(tmp.fileno(), 2)
        try:
            yield holder
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            tmp.seek(0)
            holder.text = tmp.read().decode("utf-8", errors="replace")


class WgslValidator:
    """Validate WGSL with naga through the optional `wgpu` package (needs a Vulkan driver; lavapipe works)."""

    _device = None
    _reason: str | None = None

    @classmethod
    def available(cls) -> tuple[bool, str]:
        if cls._device is None and cls._reason is None:
            try:
                with captured_stderr():
                    import wgpu

                    adapter = wgpu.gpu.request_adapter_sync(power_preference="high-performance")
                    if adapter is None:
                        raise RuntimeError("no WebGPU adapter")
                    features = ["shader-f16"] if "shader-f16" in adapter.features else []
                    cls._device = adapter.request_device_sync(required_features=features)
            except Exception as err:
                cls._reason = f"{type(err).__name__}: {str(err).strip().splitlines()[0] if str(err).strip() else ''}"
        return cls._device is not None, cls._reason or "wgpu (naga)"

    @classmethod
    def validate(cls, source: str) -> str | None:
        ok, _ = cls.available()
        if not ok:
            return None
        try:
            with captured_stderr():
                cls._device.create_shader_module(code=source)
        except Exception as err:
            lines = [ln.strip(" │|") for ln in str(err).splitlines() if ln.strip(" │|")]
            useful = [ln for ln in lines if "error" in ln.lower() and "Validation Error" not in ln]
            return (useful[0] if useful else (lines[-1] if lines else type(err).__name__))[:400]
        return None


def first_error(text: str) -> str | None:
    """The first compiler error line of nvcc or g++ output, without the temp file's path."""
    for line in (text or "").splitlines():
        match = re.search(r"(?:\(\d+\)|:\d+:\d+): (?:fatal )?error: (.*)", line)
        if match:
            return match.group(1).strip()
    for line in (text or "").splitlines():
        if "error" in line.lower() and "warning" not in line.lower():
            return line.strip()[:400]
    return None
