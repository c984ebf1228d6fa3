"""Finding source files and classes without running anything.

Derive reads programs; it never imports them. A module is found the way Python's import system
would find a plain source module (a `name.py` or a `name/__init__.py` under a folder of the search
path: the working directory, then `sys.path`, then where the import system places an installed
top-level package, which an editable install keeps off `sys.path`), and a class is followed through `from ... import`
and `import ... as` statements to the file that defines it, whose methods' docstrings become the
docs of the spec's inputs and outputs.
"""

from __future__ import annotations

import ast
import importlib.util
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

MODULE_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*", re.ASCII)
_MAX_HOPS = 12  # re-exports and base classes followed before giving up


@dataclass(frozen=True)
class ContextClass:
    """Where the context class is (`module:Class`), and its methods' docs when its source was found."""

    path: str
    file: Path | None
    docs: dict[str, str] | None  # method name -> first paragraph of its docstring ("" without one)
    complete: bool  # every base class was found too, so a method missing from `docs` is missing


def search_path(extra: Sequence[Path | str] = ()) -> list[Path]:
    """Where modules are looked for: `extra` first, then the working directory and `sys.path`."""
    roots = [*map(Path, extra), Path.cwd()]
    roots += [Path(entry) if entry else Path.cwd() for entry in sys.path]
    return [root for root in roots if root.is_dir()]


def find_module(module: str, roots: Sequence[Path]) -> Path | None:
    """The source file of `module` under the first root that has it, or None."""
    if not MODULE_NAME.fullmatch(module):
        return None
    *packages, last = module.split(".")
    for root in [*roots, *installed_locations(module.split(".")[0])]:
        folder = root.joinpath(*packages)
        for candidate in (folder / f"{last}.py", folder / last / "__init__.py"):
            if candidate.is_file():
                return candidate
    return None


def installed_locations(top: str) -> list[Path]:
    """The folders holding the top-level package `top` when no folder of sys.path does: an editable
    install (`pip install -e`, as .ci/install makes) puts its packages behind an import hook, not
    on sys.path. Asking the import system where a top-level name lives runs none of its code."""
    try:
        spec = importlib.util.find_spec(top)
    except (ImportError, ValueError):  # a broken hook, or a module in sys.modules without a spec
        return []
    if spec is None:
        return []
    if spec.submodule_search_locations:  # a package: its parent folders
        return [Path(location).parent for location in spec.submodule_search_locations]
    return [Path(spec.origin).parent] if spec.origin and spec.origin.endswith(".py") else []


def parse_file(file: Path) -> ast.Module | None:
    try:
        return ast.parse(file.read_text(encoding="utf-8"), filename=str(file))
    except (OSError, UnicodeDecodeError, SyntaxError, ValueError):
        return None


def first_paragraph(docstring: str | None) -> str:
    if not docstring:
        return ""
    return " ".join(docstring.strip().split("\n\n")[0].split())


def resolve_annotation(annotation: ast.expr, tree: ast.Module, module: str, file: Path,
                       roots: Sequence[Path]) -> ContextClass | None:
    """The class a parameter annotation names, followed to its definition; None when the
    annotation names no class derive can place (then `--context` must say)."""
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        try:
            annotation = ast.parse(annotation.value, mode="eval").body
        except SyntaxError:
            return None
    dotted = _dotted(annotation)
    if dotted is None:
        return None
    found = _resolve(dotted, tree, module, file, roots, _MAX_HOPS)
    return found if found is None else _with_docs(found, roots)


def class_at(path: str, roots: Sequence[Path]) -> ContextClass:
    """The class `module:Class` names (from `--context`), with its docs when its source is found."""
    module, _, name = path.partition(":")
    file = find_module(module, roots)
    tree = parse_file(file) if file else None
    if tree is not None:
        found = _resolve(name, tree, module, file, roots, _MAX_HOPS)
        if found is not None:
            return _with_docs(found, roots)
    return ContextClass(path, None, None, False)


# -- following names to definitions -------------------------------------------------------------

@dataclass(frozen=True)
class _Found:
    module: str
    name: str
    file: Path | None
    node: ast.ClassDef | None
    tree: ast.Module | None


def _dotted(node: ast.expr) -> str | None:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    parts.append(node.id)
    return ".".join(reversed(parts))


def _absolute(module: str, file: Path, level: int, target: str | None) -> str:
    """The module a relative import names, seen from `module` (a package when `file` is __init__)."""
    if not level:
        return target or ""
    package = module.split(".") if file.name == "__init__.py" else module.split(".")[:-1]
    base = package[: len(package) - level + 1] if level > 1 else package
    return ".".join([*base, *([target] if target else [])])


def _resolve(dotted: str, tree: ast.Module, module: str, file: Path, roots: Sequence[Path],
             hops: int) -> _Found | None:
    """Follow `dotted`, a name as written in `module`, to the class it names."""
    if hops <= 0:
        return None
    head, _, rest = dotted.partition(".")
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == dotted:
            return _Found(module, node.name, file, node, tree)
    for node in tree.body:
        if isinstance(node, ast.ImportFrom):
            source = _absolute(module, file, node.level, node.module)
            for alias in node.names:
                if (alias.asname or alias.name) != head:
                    continue
                # `from pkg import mod` then `mod.Class`, or `from mod import Class`
                target = f"{source}.{alias.name}" if rest else source
                name = rest or alias.name
                return _in_module(target, name, roots, hops - 1)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                bound = alias.asname or alias.name.partition(".")[0]
                if bound != head or not rest:
                    continue
                # `import a.b` then `a.b.Class`, or `import a.b as m` then `m.Class`
                expanded = f"{alias.name}.{rest}" if alias.asname else dotted
                target, _, name = expanded.rpartition(".")
                return _in_module(target, name, roots, hops - 1)
    return None


def _in_module(module: str, name: str, roots: Sequence[Path], hops: int) -> _Found | None:
    file = find_module(module, roots)
    tree = parse_file(file) if file else None
    if tree is None:  # the import says where it is, but its source is not to be read
        return _Found(module, name, None, None, None) if "." not in name else None
    return _resolve(name, tree, module, file, roots, hops)


def _with_docs(found: _Found, roots: Sequence[Path]) -> ContextClass:
    path = f"{found.module}:{found.name}"
    if found.node is None:
        return ContextClass(path, None, None, False)
    docs: dict[str, str] = {}
    complete = _collect_methods(found, roots, docs, _MAX_HOPS)
    return ContextClass(path, found.file, docs, complete)


def _collect_methods(found: _Found, roots: Sequence[Path], docs: dict[str, str], hops: int) -> bool:
    """Add the methods of `found` and of its bases (a subclass's own first) to `docs`; True when
    every base class was found."""
    for node in found.node.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            docs.setdefault(node.name, first_paragraph(ast.get_docstring(node)))
    complete = True
    for base in found.node.bases:
        dotted = _dotted(base)
        if dotted == "object":
            continue
        parent = _resolve(dotted, found.tree, found.module, found.file, roots, hops - 1) if dotted else None
        if parent is None or parent.node is None or hops <= 1:
            complete = False
            continue
        complete = _collect_methods(parent, roots, docs, hops - 1) and complete
    return complete
