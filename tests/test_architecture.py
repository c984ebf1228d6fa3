"""The package's shape, kept true by a test: layers import only the layers below them, no module
imports itself back through a cycle, and no module grows past about 400 lines."""

from __future__ import annotations

import ast
from pathlib import Path

import automata

PACKAGE = Path(automata.__file__).parent
# Lower layers first. `errors` is the base every layer may use. Modules at the top level of the
# package (other than errors and __init__) sit above the layers they use.
LAYERS = ("errors", "model", "io", "runtime", "analysis", "sweep", "testing", "sphinx", "cli")
MAX_LINES = 420


def _layer(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def _modules() -> dict[str, Path]:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE.parent).with_suffix("")
        parts = list(relative.parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _imports(module: str, path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    targets = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module or ""
            if name.startswith("automata"):
                targets.add(name)
                targets.update(f"{name}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names if alias.name.startswith("automata"))
    return targets


def test_layers_import_only_the_layers_below() -> None:
    modules = _modules()
    wrong = []
    for module, path in modules.items():
        layer = _layer(module)
        if layer == "__init__":
            continue  # the public API re-exports from every layer, lazily
        rank = LAYERS.index(layer)
        for target in _imports(module, path):
            if target not in modules:
                continue  # a name imported from a module, not a module
            target_layer = _layer(target)
            if target_layer != "__init__" and LAYERS.index(target_layer) > rank:
                wrong.append(f"{module} ({layer}) imports {target} ({target_layer})")
    assert not wrong, "\n".join(wrong)


def test_no_import_cycles_between_modules() -> None:
    modules = _modules()
    graph = {module: {t for t in _imports(module, path) if t in modules and t != module and t != "automata"}
             for module, path in modules.items()}
    # a package's __init__ re-exporting its own modules is not a cycle
    for module in graph:
        graph[module] = {t for t in graph[module] if not module.startswith(t + ".")}
    seen: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        seen[node] = 1
        stack.append(node)
        for target in sorted(graph[node]):
            if seen.get(target) == 1:
                return stack[stack.index(target):] + [target]
            if target not in seen:
                cycle = visit(target)
                if cycle:
                    return cycle
        stack.pop()
        seen[node] = 2
        return None

    for module in sorted(graph):
        if module not in seen:
            cycle = visit(module)
            assert cycle is None, " -> ".join(cycle)


def test_no_module_is_over_about_400_lines() -> None:
    long = {module: len(path.read_text(encoding="utf-8").splitlines()) for module, path in _modules().items()}
    assert not {m: n for m, n in long.items() if n > MAX_LINES}


def test_the_public_api_is_importable_from_the_package() -> None:
    assert set(automata.__all__) == {"__version__", *automata._PUBLIC}
    for name in automata.__all__:
        assert getattr(automata, name) is not None
