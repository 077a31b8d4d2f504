"""A PyTorch CUDA extension converted to a drop-in Python package (issue 21, docs/pytorch.md).

`convert_extension(root, out_dir, converted, options)` runs after `convert` wrote the kernels' modules:

1. finds the compiled extension module the project's Python loads (`extension_cpp._C`: package.py);
2. reads every C++ file of the tree for host functions and registrations (parse/torch_host.py);
3. lifts the host functions that implement registered operators to Python (lift_host.py), with the
   project functions they call, each launch bound to the kernel's converted module;
4. writes the package: the original Python files copied unchanged, `_cuda2tile_runtime.py`, and the
   generated module in place of the compiled one, which defines the operators with the C++ schema strings
   in the same namespace (`torch.library`), registers each lifted implementation for CUDA tensors (CUDA
   back end) and CPU tensors (C back end), and a fake implementation derived from the same host code
   (its checks and allocations) where the package's Python does not register one.

Nothing is guessed: what does not lift is left out with a coded diagnostic (C2T16xx).
"""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from cuda2tile import __version__
from cuda2tile.diagnostics import Diagnostic, Location, Severity
from cuda2tile.files import write_atomically
from cuda2tile.parse import torch_host as H
from cuda2tile.parse.frontend import FrontendOptions
from cuda2tile.pytorch.lift_host import KernelTarget, LiftContext, Refusal, lift_function, py_name
from cuda2tile.pytorch.library_loader import write_loaders
from cuda2tile.pytorch.package import extension_modules, loaded_libraries, package_fakes, python_files

CXX_SUFFIXES = (".cu", ".cpp", ".cc", ".cxx", ".cuh", ".cu.cc")
# read for host functions too (inline helpers: pytorch_scatter's `list2vec` in utils.h), never to decide that a
# tree is an extension (a vendored pybind11 defines PYBIND11_MODULE in a header)
HEADER_SUFFIXES = (".h", ".hpp", ".hh")
RUNTIME_MODULE = "_cuda2tile_runtime"
_MARKERS = ("TORCH_LIBRARY", "PYBIND11_MODULE", "RegisterOperators")
# the generated module that registers the operators of a package loading its extension with
# torch.ops.load_library (library_loader.py builds the shared libraries that import it)
OPS_MODULE = "_cuda2tile_ops"
# dispatch keys whose implementation serves a device (and the device type its C++ was written for)
_DEVICE_KEYS = {"CUDA": "cuda", "CPU": "cpu"}
_COMPOSITE_KEYS = (None, "CompositeImplicitAutograd", "CompositeExplicitAutograd")


@dataclass(frozen=True)
class ConvertedKernel:
    """A kernel `convert` wrote: the real path of its CUDA source, its CUDA name, module and factory."""
    source: str
    cuda_name: str
    module: str  # path of the written module
    factory: str | None
    status: str  # converted | partial | unsupported


@dataclass
class OpReport:
    name: str  # ns::op
    schema: str
    registered: list[str] = field(default_factory=list)  # dispatch keys served: CPU, CUDA, fake...
    function: str | None = None  # the C++ function lifted for it
    switchable: bool = False  # CPU: the project's CPU implementation, or the converted kernels (CUDA2TILE_CPU_RUNS)


@dataclass
class ExtensionResult:
    module: str  # dotted name of the generated module
    written: list[str] = field(default_factory=list)
    ops: list[OpReport] = field(default_factory=list)
    functions: list[str] = field(default_factory=list)  # pybind11 functions defined
    diagnostics: list[Diagnostic] = field(default_factory=list)
    source_lines: dict[str, list[str]] = field(default_factory=dict)  # display -> lines (to render diagnostics)


def cxx_files(root: Path, headers: bool = False) -> list[Path]:
    suffixes = CXX_SUFFIXES + HEADER_SUFFIXES if headers else CXX_SUFFIXES
    out = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith(".") and d not in ("build", "dist", "__pycache__"))
        # regular files only: reading a FIFO would block, a dangling link fails (the convert run reports both)
        out += [Path(dirpath) / f for f in sorted(filenames)
                if f.endswith(suffixes) and (Path(dirpath) / f).is_file()]
    return out


def is_extension(root: Path) -> bool:
    """A tree whose C++ registers operators or a Python module (TORCH_LIBRARY*, PYBIND11_MODULE,
    torch::RegisterOperators)."""
    if not root.is_dir():
        return False
    for path in cxx_files(root):
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        if any(m in text for m in _MARKERS):
            return True
    return False


class _Builder:
    def __init__(self, root: Path, out_dir: Path, module: str, converted: list[ConvertedKernel],
                 options: FrontendOptions):
        self.root = root.resolve()
        self.out_dir = out_dir
        self.module = module
        self.options = options
        self.result = ExtensionResult(module)
        self.kernels = {(k.source, k.cuda_name): k for k in converted}
        parts = module.split(".")
        self.package = ".".join(parts[:-1])
        self.module_path = out_dir.joinpath(*parts[:-1], parts[-1] + ".py")
        self.kernel_vars: dict[str, str] = {}  # written module path -> _K<n>
        self.kernel_lines: list[str] = []
        self.moved_kernels: list[tuple[Path, Path]] = []  # (written kernel module, where it moves)

    def note(self, code: str, message: str, loc: Location, severity: Severity | None = None) -> None:
        self.result.diagnostics.append(Diagnostic(code, message, loc, severity=severity))

    # ------------------------------------------------------------ reading
    def read(self):
        root = str(self.root) + os.sep
        files = []
        for path in cxx_files(self.root, headers=True):
            display = str(path.resolve().relative_to(self.root))
            try:
                host = H.read_host(str(path), self.options, display, project_files=lambda p: p.startswith(root))
            except Exception as err:  # noqa: BLE001 - one file's host code must not stop the package
                self.note("C2T9001", f"host code not read: internal error {type(err).__name__}: {err}",
                          Location(display))
                continue
            if host.error:
                self.note("C2T1601", f"host code not read: {host.error}", Location(display))
                continue
            try:
                self.result.source_lines[display] = path.read_text(encoding="utf-8", errors="replace").splitlines()
            except OSError:
                self.result.source_lines[display] = []
            files.append(host)
        return files

    # ------------------------------------------------------------ kernels
    def kernel_target(self, launch: H.HLaunch) -> KernelTarget:
        cuda_name = f"{launch.kernel}<{', '.join(launch.template_args)}>" if launch.template_args else launch.kernel
        kernel = self.kernels.get((launch.kernel_file, cuda_name))
        if kernel is None:
            kernel = next((k for (src, name), k in self.kernels.items()
                           if src == launch.kernel_file and name.replace(" ", "") == cuda_name.replace(" ", "")), None)
        if kernel is None or kernel.status != "converted" or not kernel.factory:
            why = "was not found among the converted kernels" if kernel is None else \
                f"is {kernel.status}, not converted"
            raise Refusal("C2T1603", f"the launched kernel `{cuda_name}` {why}", launch.loc)
        var = self.kernel_vars.get(kernel.module)
        if var is None:
            var = self.kernel_vars[kernel.module] = f"_K{len(self.kernel_vars)}"
            module = Path(kernel.module)
            if module.resolve() == self.module_path.resolve():
                # `pyext.cu` converts to `pyext.py`, the name the generated extension module takes: the
                # kernels move beside it (`_pyext_kernels.py`)
                moved = module.with_name(f"_{module.stem}_kernels.py")
                self.moved_kernels.append((module, moved))
                module = moved
            relative = os.path.relpath(module, self.module_path.parent)
            self.kernel_lines.append(f"{var} = {RUNTIME_ALIAS}.KernelModule(__file__, {relative!r})")
        return KernelTarget(var, kernel.cuda_name)  # KERNELS is keyed by the CUDA name

    # ------------------------------------------------------------ lifting
    def lift_all(self, files: list[H.HostFile]):
        # keyed by clang's USR: a project's overloads (apex's `check_args` of 2, 4 and 5 arguments) share
        # their qualified name, and a call must reach the overload clang resolved, under a name of its own
        functions = {(f.usr or f.qualified): f for host in files for f in host.functions}
        # C++ autograd functions (`class ScatterSum : torch::autograd::Function<ScatterSum>`): a Python
        # class of that name around their forward and backward, lifted as `ScatterSum_forward`...
        self.autograd = {a.usr: a for host in files for a in host.autograd_classes}
        methods = {a.forward: a for a in self.autograd.values()} | {a.backward: a for a in self.autograd.values()}
        names: dict[str, str] = {}
        by_name: dict[str, list[str]] = {}
        used: set[str] = set()

        def unique(name: str) -> str:
            while name in used:
                name += "_"
            used.add(name)
            return name

        for usr, autograd in self.autograd.items():
            names[usr] = unique(py_name(autograd.qualified.replace("::", "_")))
        for key, fn in functions.items():
            by_name.setdefault(fn.qualified, []).append(key)
            name = py_name(fn.qualified.replace("::", "_") if key in methods else fn.name)
            if len(by_name[fn.qualified]) > 1:
                name = f"{name}__overload{len(by_name[fn.qualified])}"
            names[key] = unique(name)
        self.functions, self.names, self.by_name = functions, names, by_name
        self.lifted: dict[str, list[str]] = {}
        self.refused: dict[str, Refusal] = {}
        self.unreported: set[str] = set()  # refused while lifted quietly, not yet noted
        self.launches: dict[str, bool] = {}
        self.cpu_as_cuda: dict[str, bool] = {}  # lifted function -> a CPU path replaced by the CUDA one (C2T1605)

    def qualified(self, key: str) -> str:
        fn = self.functions.get(key)
        return fn.qualified if fn is not None else key

    def resolve(self, function: str | None, loc: Location) -> str | None:
        """The key of the function a registration names (`&f`: a qualified name); None, with a note, when
        the project has several overloads of it (which one `&f` means is not read)."""
        if function is None or function == "<lambda>":
            return function
        keys = self.by_name.get(function, [])
        if len(keys) > 1:
            self.note("C2T1601", f"`{function}` is registered, and the project has {len(keys)} overloads of it: "
                                 "which one the registration means is not read", loc)
            return _OVERLOADED
        return keys[0] if keys else function

    def lift(self, qualified: str, quiet: bool = False) -> bool:
        """Lift the function of key `qualified` (see lift_all) and the project functions it calls; False
        (with a diagnostic once, unless `quiet`: the caller reports the refusal in its own note) if refused."""
        if qualified in self.lifted:
            return True
        if qualified in self.refused:
            if not quiet and qualified in self.unreported:  # refused quietly before: say why now
                self.unreported.discard(qualified)
                refusal = self.refused[qualified]
                self.note_refusal(qualified, refusal)
            return False
        fn = self.functions.get(qualified)
        if fn is None:
            return False
        self.lifted[qualified] = []  # a recursive call finds it
        ctx = LiftContext(self.kernel_target, self.functions, self.names, self.by_name,
                          refusal_of=self.refusal_of, launches_kernels=lambda key: self.launches.get(key, False),
                          autograd_classes=self.autograd)
        try:
            lines = lift_function(fn, ctx, self.result.source_lines.get(fn.loc.file, []), self.names[qualified])
            # every callee is lifted (or says why not), so that a refusal names all the functions it waits on
            refused = [callee for callee in sorted(ctx.called) if not self.lift(callee, quiet)]
            if refused:
                names = ", ".join(f"`{self.functions[c].qualified}`" for c in refused)
                raise Refusal("C2T1601", f"host code not lifted: it calls {names}, "
                                         f"which {'is' if len(refused) == 1 else 'are'} not lifted", fn.loc)
        except Exception as err:  # noqa: BLE001 - Refusal, or an internal error refused the same way
            refusal = err if isinstance(err, Refusal) else Refusal(
                "C2T9001", f"internal error {type(err).__name__}: {err}", fn.loc)
            del self.lifted[qualified]
            self.refused[qualified] = refusal
            if quiet:
                self.unreported.add(qualified)
            else:
                self.note_refusal(qualified, refusal)
            return False
        self.lifted[qualified] = lines
        self.launches[qualified] = any(f"{RUNTIME_ALIAS}.launch(" in ln for ln in lines) or any(
            self.launches.get(c, False) for c in ctx.called)
        for refusal in ctx.refused_cases:
            self.note(refusal.code, f"`{fn.qualified}`: {refusal.message}; calling it for that dtype raises "
                                    "NotImplementedError saying so, the other dtypes are served", refusal.loc)
        for loc, why in ctx.replaced_cpu_branches:
            self.note("C2T1605", f"`{fn.qualified}`: the CPU path of this device test is replaced by its CUDA path, "
                                 f"lifted, running the converted kernels on the C back end (the CPU path is not "
                                 f"lifted: {why})", loc)
        # CPU tensors must be read as CUDA ones where a CPU path was replaced, here or in a callee
        self.cpu_as_cuda[qualified] = bool(ctx.replaced_cpu_branches) or any(
            self.cpu_as_cuda.get(c, False) for c in ctx.called)
        return True

    def autograd_class(self, usr: str, autograd: H.HAutogradClass) -> list[str]:
        """The torch.autograd.Function subclass of a C++ autograd function. `apply` passes the served device
        last (apply takes no keywords); forward returns the variable_list as a tuple, backward the gradients
        with None for that extra argument."""
        name, rt = self.names[usr], RUNTIME_ALIAS
        forward, backward = self.names[autograd.forward], self.names[autograd.backward]
        return [f"class {name}(torch.autograd.Function):",
                f'    """`{autograd.qualified}` ({autograd.loc.file}:{autograd.loc.line}), a torch::autograd::Function, '
                'lifted by cuda2tile."""',
                "",
                "    @staticmethod",
                "    def forward(ctx, *args):",
                "        ctx.cuda2tile_on = args[-1]",
                f"        return {rt}.autograd_outputs({forward}(ctx, *args[:-1], _on=args[-1]))",
                "",
                "    @staticmethod",
                "    def backward(ctx, *grad_outputs):",
                f"        return {rt}.autograd_gradients({backward}(ctx, list(grad_outputs), _on=ctx.cuda2tile_on), 1)"]

    def note_refusal(self, key: str, refusal: Refusal) -> None:
        self.note(refusal.code, f"`{self.qualified(key)}` is not lifted to Python: {refusal.message}", refusal.loc)

    def refusal_of(self, key: str) -> Refusal | None:
        """None when the project function `key` lifts (lifting it quietly), else its Refusal."""
        if self.lift(key, quiet=True):
            return None
        fn = self.functions.get(key)
        return self.refused.get(key) or Refusal("C2T1601", "not a function of the project that lifts",
                                                fn.loc if fn is not None else Location(self.module))

    # ------------------------------------------------------------ the module
    def build(self, files: list[H.HostFile], fakes: set[str]) -> str:
        self.lift_all(files)
        registrations = [r for host in files for r in host.registrations]
        defs, impls, pybind = [], {}, []
        for r in registrations:
            if r.function == "<unread>":
                self.note("C2T1601", f"operator registration not read (`{r.schema}`): its name, schema or function "
                                     "is not a form cuda2tile reads, so the operator is not defined", r.loc)
                continue
            if r.block == "pybind11":
                pybind.append(r)
                continue
            op = f"{r.namespace}::{H.op_name(r.schema)}"
            if r.call == "def":
                defs.append((r, op))
                if r.function:
                    impls.setdefault(op, []).append((r.key, self.resolve(r.function, r.loc), r))
            else:
                impls.setdefault(op, []).append((r.key, self.resolve(r.function, r.loc), r))
        body: list[str] = []
        registration_lines: list[str] = []
        namespaces: list[str] = []
        defined = set()
        for r, op in defs:
            if r.namespace not in namespaces:
                namespaces.append(r.namespace)
            defined.add(op)
            report = OpReport(op, r.schema)
            self.result.ops.append(report)
            if r.block == "register_operators":
                # c10's RegisterOperators gives its operators CONSERVATIVE alias analysis (the schema's default):
                # TorchScript assumes they may write their arguments and never drops a call whose result is
                # unused (pytorch_scatter's logsumexp calls scatter_max for the `out` it fills in place)
                registration_lines.append(f"_DEF_{py_name(r.namespace)}.define({r.schema!r}, "
                                          "alias_analysis='CONSERVATIVE')")
            else:
                registration_lines.append(f"_DEF_{py_name(r.namespace)}.define({r.schema!r})")
        impl_namespaces: list[str] = []
        # op -> served device type -> the Python expression of (function, the device type its C++ was written
        # for), or of the choice between two such pairs (CUDA2TILE_CPU_RUNS)
        served_ops: dict[str, dict[str, str]] = {}
        for op, entries in impls.items():
            namespace, name = op.split("::", 1)
            if namespace not in impl_namespaces:
                impl_namespaces.append(namespace)
            lib = f"_IMPL_{py_name(namespace)}"
            by_key = {}
            for key, function, r in entries:
                by_key.setdefault(key, (function, r))
            report = next((o for o in self.result.ops if o.name == op), None)
            if report is None:
                report = OpReport(op, name)
                self.result.ops.append(report)
            # Each device key gets the project's own implementation for it where that lifts: an extension
            # whose CPU and CUDA implementations differ (LLTM's CPU one returns 2-D gates, its CUDA one 3-D,
            # and the package's fake implementation says so) keeps both behaviours. A CPU implementation that
            # does not lift (a host loop over data_ptr) is replaced by the CUDA one on the C back end.
            lifted = {}
            for key in ("CUDA", "CPU"):
                if key not in by_key:
                    continue
                function, r = by_key[key]
                if function == _OVERLOADED:
                    continue  # noted by resolve
                if function is None or function == "<lambda>":
                    self.note("C2T1601", f"`{op}`: the {key} implementation is not a named function", r.loc)
                    continue
                if self.lift(function, quiet=key == "CPU" and "CUDA" in lifted):
                    lifted[key] = function
            cuda_function = lifted.get("CUDA")
            for key in ("CUDA", "CPU"):
                function = lifted.get(key)
                if function is None and key == "CPU" and cuda_function is not None \
                        and self.launches.get(cuda_function):
                    function = cuda_function
                    if "CPU" in by_key and by_key["CPU"][0] not in (None, "<lambda>", _OVERLOADED):
                        other, other_r = by_key["CPU"]
                        refusal = self.refused.get(other)
                        why = f" (not lifted: {refusal.message})" if refusal is not None else ""
                        self.unreported.discard(other)
                        self.note("C2T1605", f"`{op}`: the CPU implementation `{self.qualified(other)}`{why} is "
                                  f"replaced by `{self.qualified(function)}`, lifted, running the converted kernels "
                                  "on the C back end", other_r.loc)
                elif function is None and key == "CPU" and cuda_function is not None and key in by_key \
                        and by_key[key][0] in self.refused:
                    self.lift(by_key[key][0])  # refused quietly above, in case the CUDA one replaced it: say why
                if function is None:
                    continue
                original = _DEVICE_KEYS["CUDA" if function == cuda_function else key]
                py = self.names[function]
                report.function = report.function or self.qualified(function)
                serving = f"({py}, {original!r})"  # (function, the device type its C++ was written for)
                serve_args = f"{py}, {original!r}"
                if key == "CPU" and function != cuda_function and cuda_function is not None \
                        and self.launches.get(cuda_function):
                    # the project's CPU implementation by default; CUDA2TILE_CPU_RUNS=converted serves CPU
                    # tensors with the CUDA one on the C back end, to test the converted kernels without a GPU
                    converted = f"({self.names[cuda_function]}, 'cuda')"
                    serving = f"({converted} if {RUNTIME_ALIAS}.CPU_RUNS_CONVERTED else {serving})"
                    serve_args = f"*{serving}"
                    report.switchable = True
                registration_lines.append(f"{lib}.impl({name!r}, {RUNTIME_ALIAS}.serve({serve_args}, "
                                          f"{key.lower()!r}), {key!r})")
                report.registered.append(key)
                served_ops.setdefault(op, {})[key.lower()] = serving
            for key, (function, r) in by_key.items():
                if key in ("CUDA", "CPU"):
                    continue
                if key in _COMPOSITE_KEYS and function and function not in ("<lambda>", _OVERLOADED):
                    if self.lift(function):
                        dispatch = key or "CompositeImplicitAutograd"
                        # one function for every device (a catch-all: `torch::RegisterOperators().op(...)`,
                        # `m.def("f", &f)`), which may branch on the device itself (`x.device().is_cuda()`):
                        # the C++ as written by default; CUDA2TILE_CPU_RUNS=converted reads CPU tensors as
                        # the CUDA ones, so the CUDA branch runs the converted kernels on the C back end
                        original = "'cuda'" if self.cpu_as_cuda.get(function) else \
                            f"'cuda' if {RUNTIME_ALIAS}.CPU_RUNS_CONVERTED else None" \
                            if self.launches.get(function) else "None"
                        registration_lines.append(f"{lib}.impl({name!r}, {RUNTIME_ALIAS}.dynamic("
                                                  f"{self.names[function]}, {original}), {dispatch!r})")
                        report.switchable = report.switchable or bool(
                            self.launches.get(function) and not self.cpu_as_cuda.get(function))
                        report.registered.append(dispatch)
                        report.function = report.function or self.qualified(function)
                    continue
                if function == _OVERLOADED:
                    continue
                self.note("C2T1604", f"`{op}`: the implementation for dispatch key {key} is not converted", r.loc)
        for op in [o.name for o in self.result.ops]:
            report = next(o for o in self.result.ops if o.name == op)
            if op in served_ops and op in defined:
                if op in fakes:
                    loc = next((r.loc for r, o in defs if o == op), Location(self.module))
                    self.note("C2T1606", f"`{op}`: the package's own Python registers its fake implementation; "
                                         "the generated one is left out", loc)
                else:
                    by_device = ", ".join(f"{device!r}: {serving}" for device, serving in served_ops[op].items())
                    registration_lines.append(f"torch.library.register_fake({op!r}, {RUNTIME_ALIAS}.fake("
                                              f"{{{by_device}}}), lib=_IMPL_{py_name(op.split('::')[0])})")
                    report.registered.append("fake")
            if not report.registered and not any(k in _COMPOSITE_KEYS for k, _, _ in impls.get(op, [])):
                loc = next((r.loc for r, o in defs if o == op), Location(self.module))
                self.note("C2T1607", f"`{op}` is defined but no implementation of it was lifted: calling it raises "
                                     "PyTorch's own error for an operator with no kernel", loc)
        pybind_lines = []
        for r in pybind:
            if not r.function or r.function == "<lambda>":
                self.note("C2T1601", f"`{r.schema}` of module {r.namespace}: not a named function", r.loc)
                continue
            function = self.resolve(r.function, r.loc)
            if function != _OVERLOADED and self.lift(function):
                original = "cuda" if self.launches.get(function) else None
                pybind_lines.append(f"{py_name(r.schema)} = {RUNTIME_ALIAS}.dynamic({self.names[function]}, "
                                    f"{original!r})")
                self.result.functions.append(r.schema)
        # the module text
        sources = sorted({fn.loc.file for q, fn in self.functions.items() if q in self.lifted}
                         | {r.loc.file for r in registrations})
        head = [f"# Generated by cuda2tile {__version__} from {', '.join(sources)}. "
                "Re-run `cuda2tile convert` instead of editing.",
                f'"""Drop-in replacement of the compiled extension `{self.module}`, generated by cuda2tile.',
                "",
                "The C++ host functions are lifted to Python; their kernels run as converted TileLang kernels, on",
                "CUDA tensors through TileLang's CUDA back end and on CPU tensors through its C back end",
                '(docs/pytorch.md in cuda2tile)."""', "",
                "import torch", ""]
        if self.package:
            head.append(f"from . import {RUNTIME_MODULE} as {RUNTIME_ALIAS}")
        else:
            head.append(f"import {RUNTIME_MODULE} as {RUNTIME_ALIAS}")
        body = []
        for qualified, lines in self.lifted.items():
            body += ["", ""] + lines
        for usr, autograd in self.autograd.items():
            if autograd.forward in self.lifted and autograd.backward in self.lifted:
                body += ["", ""] + self.autograd_class(usr, autograd)
        libs = [f"_DEF_{py_name(ns)} = torch.library.Library({ns!r}, 'DEF')" for ns in namespaces]
        libs += [f"_IMPL_{py_name(ns)} = torch.library.Library({ns!r}, 'IMPL')" for ns in impl_namespaces]
        text = head + [""] + self.kernel_lines + body + ["", ""] + libs + registration_lines + pybind_lines
        return "\n".join(text).rstrip() + "\n"


RUNTIME_ALIAS = "_rt"
_OVERLOADED = "<overloaded>"  # a registration of a name the project overloads (resolve)


def convert_extension(root: str | os.PathLike, out_dir: str | os.PathLike, converted: list[ConvertedKernel],
                      options: FrontendOptions = FrontendOptions()) -> list[ExtensionResult]:
    """Write the drop-in package of the extension in `root` under `out_dir` (nothing when `root` is not a
    PyTorch extension). `converted`: the kernels `convert` wrote for the tree."""
    root = Path(root).resolve()
    out_dir = Path(out_dir)
    if not is_extension(root):
        return []
    # a package that loads its extension with torch.ops.load_library gets one generated module with the
    # operators, and shared-library stand-ins under the names it loads (library_loader.py)
    loaded = loaded_libraries(root)
    modules = [m for m in extension_modules(root) if m.rpartition(".")[0] not in loaded]
    modules += [f"{package}.{OPS_MODULE}" if package else OPS_MODULE for package in loaded]
    if not modules:
        result = ExtensionResult("")
        result.diagnostics.append(Diagnostic(
            "C2T1608", "the tree registers PyTorch operators or a module, but no Python package that loads the "
                       "compiled extension was found (setup.py's CUDAExtension/CppExtension name, or `from . import "
                       "_C` in a package): no package is written", Location(str(root))))
        return [result]
    results = []
    files = None
    for module in modules:
        builder = _Builder(root, out_dir, module, converted, options)
        if files is None:
            files = builder.read()
        else:
            builder.result.source_lines = results[0].source_lines
        package_dir = root.joinpath(*module.split(".")[:-1]) if builder.package else None
        fakes = package_fakes(package_dir) if package_dir is not None and package_dir.is_dir() else set()
        text = builder.build(files, fakes)
        written = builder.result.written
        if package_dir is not None and package_dir.is_dir():
            for path in python_files(package_dir):
                target = out_dir / path.relative_to(root)
                if target.resolve() == builder.module_path.resolve():
                    continue
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(path, target)
                written.append(str(target))
        for source, moved in builder.moved_kernels:
            write_atomically(moved, source.read_text())
            written.append(str(moved))
        runtime_target = builder.module_path.parent / f"{RUNTIME_MODULE}.py"
        runtime_target.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(runtime_target, (Path(__file__).with_name("package_runtime.py")).read_text())
        written.append(str(runtime_target))
        write_atomically(builder.module_path, text)
        written.append(str(builder.module_path))
        package = module.rpartition(".")[0]
        if package in loaded and module.rpartition(".")[2] == OPS_MODULE:
            libraries = loaded[package]
            built, error = write_loaders(builder.module_path.parent, libraries, module)
            written += built
            if error is not None:
                builder.note("C2T1609", f"the package loads {', '.join(libraries)} with torch.ops.load_library; "
                                        f"their stand-ins were not built: {error}", Location(str(root)))
        results.append(builder.result)
    return results
