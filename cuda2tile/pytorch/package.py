"""Where a PyTorch extension's Python lives, and what it already registers.

`extension_modules(root)` names the compiled extension modules the project builds, read (never run) from
its `setup.py`: `CUDAExtension("extension_cpp._C", ...)`, `CppExtension(f"{library_name}._C", ...)` with
`library_name = "extension_cpp"` at module level, `load(name="lltm_cuda", ...)`; failing that, a Python
file of the project that imports a module its package does not hold (`from . import _C`).
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
