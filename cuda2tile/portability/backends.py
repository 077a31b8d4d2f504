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
METAL_BUILTINS = frozenset((
    "abs fabs min max fmin fmax fma mad fmod copysign sqrt rsqrt exp exp2 exp10 log log2 log10 pow powr sin cos tan "
    "asin acos atan atan2 sinh cosh tanh asinh acosh atanh floor ceil round rint trunc fract isnan isinf isfinite "
    "signbit sign clamp mix step smoothstep select popcount clz ctz reverse_bits extract_bits insert_bits mulhi "
    "rotate as_type").split())
# WGSL built-in functions (overloaded; no `f` suffix, no fmod)
WGSL_BUILTINS = frozenset((
    "abs min max clamp fma sqrt inverseSqrt exp exp2 log log2 pow sin cos tan asin acos atan atan2 sinh cosh tanh "
    "asinh acosh atanh floor ceil round trunc fract sign select step smoothstep mix countOneBits countLeadingZeros "
    "countTrailingZeros reverseBits firstLeadingBit firstTrailingBit extractBits insertBits bitcast dot ldexp frexp "
    "modf saturate").split())


# WGSL keywords and reserved words (WGSL spec §15.1-15.2): TileLang writes variable names verbatim
WGSL_RESERVED = frozenset((
    "alias break case const const_assert continue continuing default diagnostic discard else enable false fn for if "
    "let loop override requires return struct switch true var while "
    "NULL Self abstract active alignas alignof as asm asm_fragment async attribute auto await become binding_array "
    "cast catch class co_await co_return co_yield coherent column_major common compile compile_fragment concept "
    "const_cast consteval constexpr constinit crate debugger decltype delete demote demote_to_helper do "
    "dynamic_cast enum explicit export extends extern external fallthrough filter final finally friend from fxgroup "
    "get goto groupshared highp impl implements import inline instanceof interface layout lowp macro macro_rules "
    "match mediump meta mod module move mut mutable namespace new nil noexcept noinline nointerpolation "
    "non_coherent noncoherent noperspective null nullptr of operator package packoffset partition pass patch "
    "pixelfragment precise precision premerge priv protected pub public readonly ref regardless register "
    "reinterpret_cast require resource restrict self set shared sizeof smooth snorm static static_assert "
    "static_cast std subroutine super target template this thread_local throw trait try type typedef typeid "
    "typename typeof union unless unorm unsafe unsized use using varying virtual volatile wgsl where with "
    "writeonly yield").split())
# Metal Shading Language words that are not C++ keywords (address spaces, function qualifiers)
METAL_RESERVED = frozenset("device constant thread threadgroup threadgroup_imageblock ray_data object_data kernel "
                           "vertex fragment visible stitchable".split())


@dataclass
class IRFacts:
    externs: list[str] = field(default_factory=list)  # C functions called by name, in order of first use
    imported: list[str] = field(default_factory=list)  # T.import_source texts
    dtypes: set[str] = field(default_factory=set)  # every expression and buffer dtype
    names: set[str] = field(default_factory=set)  # variable and buffer names, as TileLang will print them
    int_min: bool = False  # the int32 constant -2147483648 appears


def ir_facts(func) -> IRFacts:
    import tvm.tirx as tir
    from tvm.tirx import stmt_functor

    facts = IRFacts()
    facts.dtypes.update(str(buffer.dtype) for buffer in func.buffer_map.values())
    facts.names.update(str(buffer.name) for buffer in func.buffer_map.values())
    facts.names.update(str(param.name) for param in func.params)

    def visit(node):
        if isinstance(node, tir.PrimExpr):
            facts.dtypes.add(str(node.dtype))
        if isinstance(node, tir.Var):
            facts.names.add(str(node.name))
        elif isinstance(node, (tir.BufferLoad, tir.BufferStore)):
            facts.names.add(str(node.buffer.name))
        elif isinstance(node, tir.IntImm) and str(node.dtype) == "int32" and int(node.value) == -(1 << 31):
            facts.int_min = True
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


# macros each compiler predefines, for reading `#ifdef` branches of T.import_source text
_PREDEFINED = {"cuda": {"__CUDACC__", "__NVCC__", "__CUDA_ARCH__"},
               "hip": {"__HIPCC__", "__HIP__", "__HIP_DEVICE_COMPILE__"},
               "c": set()}
_DIRECTIVE = re.compile(r"^\s*#\s*(ifdef|ifndef|if|elif|else|endif)\b(.*)$")


def active_text(text: str, kind: str) -> str:
    """The lines of `text` that `kind`'s compiler keeps: `#ifdef`/`#ifndef`/`#if defined(..)`/`#else` only."""
    defined = _PREDEFINED.get(kind, set())

    def holds(expr: str) -> bool:
        names = re.findall(r"defined\s*\(?\s*(\w+)\s*\)?", expr)
        if not names:
            return False
        values = {name: name in defined for name in names}
        py = re.sub(r"defined\s*\(?\s*(\w+)\s*\)?", lambda m: str(values[m[1]]), expr)
        py = py.replace("||", " or ").replace("&&", " and ").replace("!", " not ")
        try:
            return bool(eval(py, {"__builtins__": {}}, {}))  # only True/False/and/or/not remain
        except Exception:
            return False

    kept: list[str] = []
    stack: list[tuple[bool, bool]] = []  # (this branch active, some branch of the group taken)
    for line in text.splitlines():
        match = _DIRECTIVE.match(line)
        outer = all(active for active, _ in stack)
        if not match:
            if outer:
                kept.append(line)
            continue
        word, rest = match[1], match[2].strip()
        if word in ("ifdef", "ifndef", "if"):
            cond = (rest in defined) if word == "ifdef" else (rest not in defined) if word == "ifndef" else holds(rest)
            stack.append((cond, cond))
        elif word == "elif" and stack:
            _, taken = stack[-1]
            cond = not taken and holds(rest)
            stack[-1] = (cond, taken or cond)
        elif word == "else" and stack:
            _, taken = stack[-1]
            stack[-1] = (not taken, True)
        elif word == "endif" and stack:
            stack.pop()
    return "\n".join(kept)


def static_check(kind: str, facts: IRFacts, source: str | None = None) -> str | None:
    """A message when the kernel calls something `kind` cannot have, else None.

    TileLang passes `T.call_extern` names and `T.import_source` text through unchecked, and no HIP or
    Metal compiler (nor, by default, a WGSL validator) runs here, so these are checked by name.
    """
    if kind in ("metal", "webgpu") and facts.imported:
        return f"T.import_source text is pasted verbatim into the {kind} shader"
    reserved = {"webgpu": WGSL_RESERVED, "metal": METAL_RESERVED}.get(kind, frozenset())
    clash = sorted(facts.names & reserved)
    if clash:
        return f"the name `{clash[0]}` is a reserved word in {kind} (TileLang prints names verbatim)"
    if kind == "webgpu":
        small = sorted(facts.dtypes & {"int8", "uint8", "int16", "uint16"})
        if small:
            return f"WGSL has no 8- or 16-bit integer type: {small[0]}"
        if facts.int_min or (source and "-2147483648i" in source):
            return "WGSL cannot spell the int32 literal -2147483648 (TileLang writes `-2147483648i`)"
        if source and re.search(r"array<(u8|i8|u16|i16)\b", source):
            return ("several shared.dyn buffers are merged into one byte array (`array<u8>`), which WGSL "
                    "cannot declare")
    allowed = {"metal": METAL_BUILTINS, "webgpu": WGSL_BUILTINS, "hip": LIBM}.get(kind)
    if allowed is None:
        return None
    active = "\n".join(active_text(text, kind) for text in facts.imported)
    for name in facts.externs:
        if name in allowed:
            continue
        definition = re.search(rf"^.*\b{re.escape(name)}\s*\(.*$", active, re.M)
        if definition is None:
            anywhere = any(re.search(rf"\b{re.escape(name)}\s*\(", text) for text in facts.imported)
            if anywhere:
                return (f"`{name}` is defined only in a branch of the T.import_source text that {kind} does not "
                        f"compile (e.g. `#ifdef __CUDACC__`; hipcc defines __HIPCC__)")
            return f"`{name}` is not a {kind} built-in (TileLang emits the call verbatim)"
        if kind == "hip" and "__device__" not in definition.group(0):
            return f"`{name}` is defined as a host function in the T.import_source text that hip compiles"
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
    _id = "wgpu (naga)"

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
                    cls._id = f"wgpu {getattr(wgpu, '__version__', '?')} (naga) on {adapter.info.get('device', '?')}"
            except Exception as err:
                cls._reason = f"{type(err).__name__}: {str(err).strip().splitlines()[0] if str(err).strip() else ''}"
        return cls._device is not None, cls._reason or cls._id

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
            notes = [ln[2:].strip() for ln in lines if ln.startswith("= ")]  # naga's explanation
            head = useful[0] if useful else (lines[-1] if lines else type(err).__name__)
            return (head + (f": {notes[0]}" if notes else ""))[:400]
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
