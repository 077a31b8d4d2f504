"""Where a PyTorch extension's Python lives, and what it already registers.

`extension_modules(root)` names the compiled extension modules the project builds, read (never run) from
its `setup.py`: `CUDAExtension("extension_cpp._C", ...)`, `CppExtension(f"{library_name}._C", ...)` with
`library_name = "extension_cpp"` at module level, `load(name="lltm_cuda", ...)`; failing that, a Python
file of the project that imports a module its package does not hold (`from . import _C`).
`loaded_libraries(root)`: the libraries a package loads with `torch.ops.load_library` instead of importing.
`package_fakes(dir)`: the operators whose fake (meta) implementation the package's own Python registers
(`@torch.library.register_fake("ns::op")`, `impl_abstract`, `register_meta`), which the generated module
must leave to it.
"""

from __future__ import annotations

import ast
import os
from pathlib import Path

_EXTENSION_CALLS = ("CUDAExtension", "CppExtension", "Extension", "CUDAExtensionBuilder", "SyclExtension")
_FAKE_CALLS = ("register_fake", "impl_abstract", "register_meta", "register_kernel_fake")
_SKIP_DIRS = {".git", "build", "dist", "__pycache__", ".eggs", "third_party", "node_modules"}


def _constants(tree: ast.Module) -> dict[str, str]:
    out = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            value = _string(node.value, out)
            if value is not None:
                out[node.targets[0].id] = value
    return out


def _string(node, names: dict[str, str]) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Name):
        return names.get(node.id)
    if isinstance(node, ast.JoinedStr):
        parts = []
        for v in node.values:
            if isinstance(v, ast.Constant):
                parts.append(str(v.value))
            elif isinstance(v, ast.FormattedValue) and v.conversion == -1 and v.format_spec is None:
                inner = _string(v.value, names)
                if inner is None:
                    return None
                parts.append(inner)
            else:
                return None
        return "".join(parts)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        a, b = _string(node.left, names), _string(node.right, names)
        return a + b if a is not None and b is not None else None
    return None


def _call_name(node: ast.Call) -> str:
    f = node.func
    return f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""


def extension_modules(root: Path) -> list[str]:
    """Dotted names of the compiled extension modules `root`'s setup.py builds (in order, once each)."""
    names: list[str] = []
    for setup in (root / "setup.py",):
        try:
            tree = ast.parse(setup.read_text(encoding="utf-8", errors="replace"))
        except (OSError, SyntaxError, ValueError):
            continue
        consts = _constants(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _call_name(node) in _EXTENSION_CALLS + ("load",):
                arg = node.args[0] if node.args else next((k.value for k in node.keywords if k.arg == "name"), None)
                value = _string(arg, consts) if arg is not None else None
                if value and value not in names:
                    names.append(value)
    if names:
        return names
    return _imported_extensions(root)


def loaded_libraries(root: Path) -> dict[str, list[str]]:
    """Packages that load their compiled extension with `torch.ops.load_library` (the operators register
    when the shared library loads; pytorch_scatter, pytorch_cluster, torchvision), by dotted package name,
    with the library names they look for: the names passed to `importlib.machinery.PathFinder().find_spec`
    (a string, or an f-string over a `for` loop's variable bound to a literal list:
    `for library in ['_version', '_scatter']: find_spec(f'{library}_cpu', ...)`) and the file names given
    to `load_library` itself. Read, never run."""
    out: dict[str, list[str]] = {}
    for path in python_files(root):
        if path.name == "setup.py" or not (path.parent / "__init__.py").is_file():
            continue
        try:
            tree = ast.parse(path.read_text(encoding="utf-8", errors="replace"))
        except (OSError, SyntaxError, ValueError):
            continue
        if not any(isinstance(n, ast.Call) and _call_name(n) == "load_library" for n in ast.walk(tree)):
            continue
        consts = _constants(tree)
        names: list[str] = []
        for call, bindings in _calls_in_loops(tree, [{}]):
            name = _call_name(call)
            if name not in ("find_spec", "load_library") or not call.args:
                continue
            for binding in bindings:
                value = _string(call.args[0], {**consts, **binding})
                if value is None:
                    continue
                if name == "load_library":  # `torch.ops.load_library("lib/_C.so")`
                    value = os.path.basename(value).split(".", 1)[0]
                if value and value.isidentifier() and value not in names:
                    names.append(value)
        if names:
            package = ".".join(path.parent.relative_to(root).parts)
            out.setdefault(package, [])
            out[package] += [n for n in names if n not in out[package]]
    return out


def _calls_in_loops(node: ast.AST, bindings: list[dict[str, str]]):
    """Each call under `node` with the values its enclosing `for` loops over literal lists of strings give
    their variables (one dict per iteration)."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.For) and isinstance(child.target, ast.Name) and \
                isinstance(child.iter, (ast.List, ast.Tuple)) and \
                all(isinstance(e, ast.Constant) and isinstance(e.value, str) for e in child.iter.elts):
            inner = [{**b, child.target.id: e.value} for b in bindings for e in child.iter.elts]
            for part in child.body + child.orelse:  # statements: their calls are below them
                yield from _calls_in_loops(part, inner)
            continue
        if isinstance(child, ast.Call):
            yield child, bindings
        yield from _calls_in_loops(child, bindings)


def python_files(directory: Path) -> list[Path]:
    out = []
    for dirpath, dirnames, filenames in os.walk(directory):
        dirnames[:] = sorted(d for d in dirnames if d not in _SKIP_DIRS and not d.startswith("."))
        out += [Path(dirpath) / f for f in sorted(filenames) if f.endswith(".py")]
    return out


def _imported_extensions(root: Path) -> list[str]:
    """`from . import _C` in a package that holds no `_C.py` nor `_C/`: the package's compiled extension."""
    names = []
    for path in python_files(root):
        if path.name == "setup.py":
            continue
        try:
            tree = ast.parse(path.read_text(encoding="utf-8", errors="replace"))
        except (OSError, SyntaxError, ValueError):
            continue
        package_dir = path.parent
        if not (package_dir / "__init__.py").is_file():
            continue
        package = ".".join(package_dir.relative_to(root).parts)
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module is None:
                for alias in node.names:
                    if not (package_dir / f"{alias.name}.py").exists() and not (package_dir / alias.name).is_dir():
                        name = f"{package}.{alias.name}" if package else alias.name
                        if name not in names:
                            names.append(name)
    return names


def package_fakes(directory: Path) -> set[str]:
    """`ns::op` of every fake (meta) implementation the Python files under `directory` register."""
    found = set()
    for path in python_files(directory):
        try:
            tree = ast.parse(path.read_text(encoding="utf-8", errors="replace"))
        except (OSError, SyntaxError, ValueError):
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _call_name(node) in _FAKE_CALLS and node.args:
                arg = node.args[0]
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    found.add(arg.value.split(".")[0])
                else:  # torch.ops.ns.op(.default)
                    parts = []
                    while isinstance(arg, ast.Attribute):
                        parts.insert(0, arg.attr)
                        arg = arg.value
                    if len(parts) >= 3 and parts[0] == "ops":
                        found.add(f"{parts[1]}::{parts[2]}")
    return found
