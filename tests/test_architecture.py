"""The package's shape, kept true by a test: layers import only the layers below them, no module
imports itself back through a cycle, and no module grows past about 400 lines. And the problems'
shape: every shipped spec's program lives in a folder that holds the algorithm's iterative and
recursive programs beside it (docs/architecture.md, "Where the problems live")."""

from __future__ import annotations

import ast
import importlib.util
import itertools
import re
from pathlib import Path

import pytest

import automata
from automata.io.files import SPECS_DIR
from automata.io.loader import load_spec
from automata.runtime.program import program_module_name

PACKAGE = Path(automata.__file__).parent
# Lower layers first. `errors` is the base every layer may use. Modules at the top level of the
# package (other than errors and __init__) sit above the layers they use.
LAYERS = ("errors", "model", "io", "runtime", "analysis", "workers", "sweep", "testing", "sphinx", "cli")
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


# --- the problems' shape -----------------------------------------------------------------------

SHIPPED_SPECS = sorted(SPECS_DIR.glob("*.yaml"))


def _module_file(name: str) -> Path:
    found = importlib.util.find_spec(name)  # imports the parent packages only, never the module
    assert found is not None and found.origin, f"no module {name}"
    return Path(found.origin)


def _defines_a_function(path: Path) -> bool:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return any(isinstance(node, ast.FunctionDef) for node in tree.body)


@pytest.mark.parametrize("spec_path", SHIPPED_SPECS, ids=lambda path: path.stem)
def test_every_specs_program_is_in_a_folder_with_its_loop_and_its_recursion(spec_path: Path) -> None:
    """A newcomer who opens a spec's program finds the algorithm's three versions in one folder:
    iterative.py and recursive.py beside it, and the automaton's context there too."""
    spec = load_spec(spec_path)
    program, _ = program_module_name(spec)
    folder = _module_file(program).parent
    for name in ("iterative.py", "recursive.py"):
        assert (folder / name).is_file(), f"{spec_path.name}: {program} is in {folder}, which has no {name}"
        assert _defines_a_function(folder / name), f"{folder / name} defines no function"
    context_module = spec.context.partition(":")[0]
    assert _module_file(context_module).parent == folder, (
        f"{spec_path.name}: the context {spec.context} is not in the program's folder {folder}")


def _problem_readme(folder: Path) -> Path:
    """The README of the problem a program folder belongs to: the nearest one above it."""
    for parent in (folder, *folder.parents):
        if (parent / "README.md").is_file():
            return parent / "README.md"
    raise AssertionError(f"no README.md above {folder}")


def _opening_table(readme: Path) -> list[dict[str, list[Path]]]:
    """The table the README opens with (right under its title): one {column: linked files} per row."""
    lines = [line for line in readme.read_text(encoding="utf-8").splitlines()[1:] if line.strip()]
    assert lines and lines[0].startswith("|"), f"{readme} does not open with a table under its title"
    rows = [line for line in itertools.takewhile(lambda line: line.startswith("|"), lines)]
    header = [cell.strip() for cell in rows[0].strip("|").split("|")]
    table = []
    for row in rows[2:]:
        cells = re.split(r"(?<!\\)\|", row.strip().strip("|"))
        table.append({name: [(readme.parent / link).resolve() for link in re.findall(r"\]\(([^)#]+)\)", cell)]
                      for name, cell in zip(header, cells)})
    return table


@pytest.mark.parametrize("spec_path", SHIPPED_SPECS, ids=lambda path: path.stem)
def test_the_problems_readme_opens_with_a_table_linking_each_version(spec_path: Path) -> None:
    """algorithm -> spec -> loop -> recursion -> model, as links that lead somewhere."""
    program, _ = program_module_name(load_spec(spec_path))
    table = _opening_table(_problem_readme(_module_file(program).parent))
    rows = [row for row in table if spec_path.resolve() in row.get("automaton: spec, context", [])]
    assert rows, f"no row of the opening table links {spec_path.name}"
    for column in ("loop", "recursion", "model", "program"):
        links = rows[0].get(column, [])
        assert links and all(link.is_file() for link in links), f"{spec_path.name}: the {column} column links {links}"
