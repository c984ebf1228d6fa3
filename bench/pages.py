"""Measured pages: the tables of README.md and docs/ that only the benchmarks write.

A page marks each measured table with two comments, which Markdown does not show:

    <!-- measured bench/run.py:speed code=3f2a… text=9c1b… (written by python bench/run.py --write-docs) -->
    | case | iterative | … |
    *Measured 2026-05-10 …: Python 3.11.7, transitions 0.9.3, …*
    <!-- /measured -->

`bench/run.py:speed` names the table: the entry "speed" of the `TABLES` dictionary of
bench/run.py, a `Table` whose `render(session)` runs the benchmark and returns Markdown.
`python bench/run.py --write-docs` finds every marked region in README.md and docs/**/*.md,
renders every table they name in one session (one run, one stamp: date, Python, machine),
and only then rewrites the regions, so a failing benchmark leaves every page as it was.

Beside the table the marker records two digests. `code` covers the code whose speed the table
reports: the benchmark module itself and the table's declared `sources` (the engine, the
generated modules, the models...). `text` covers what was written. `stale_regions` recomputes
both; tests/test_measured_pages.py fails when a region was edited by hand or when the code it
measured has changed since, so a change that moves a ratio forces a new measurement.

Python files are digested as their syntax tree without docstrings, specs as their YAML data
without documentation fields: editing a comment or a docstring changes no digest.
"""

from __future__ import annotations

import ast
import hashlib
import importlib
import json
import os
import platform
import re
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"
COMMAND = "python bench/run.py --write-docs"

# The pages searched for regions: the README and every page under docs/.
PAGE_GLOBS = ("README.md", "docs/**/*.md")

# Documentation fields of a spec: they change no measurement.
SPEC_DOC_KEYS = frozenset({"doc", "description", "title", "source"})


@dataclass(frozen=True)
class Table:
    """One measured table: `render(session)` measures and returns Markdown; `sources` are the
    files (glob patterns relative to the repository root) whose code the numbers depend on,
    besides the benchmark module that declares the table, which always counts."""

    render: Callable[[Session], str]
    sources: tuple[str, ...] = ()


@dataclass
class Session:
    """One run of the benchmarks: its options, its stamp, and the measurements made so far, so
    that two tables using the same measurement (the README's summary, the performance page's
    tables) show numbers from the same run."""

    repeat: int = 5
    stamp: str = ""
    _done: dict[str, Any] = field(default_factory=dict)

    def once(self, key: str, measure: Callable[[], Any]) -> Any:
        """The result of `measure()`, measured the first time `key` is asked for."""
        if key not in self._done:
            self._done[key] = measure()
        return self._done[key]


# ---------------------------------------------------------------------------------------------
# Regions

MARKER = re.compile(
    r"<!-- measured (?P<module>[\w./-]+\.py):(?P<name>[\w-]+)"
    r"(?: code=(?P<code>[0-9a-f]+) text=(?P<text>[0-9a-f]+))?[^>]*-->\n"
    r"(?P<body>.*?)"
    r"<!-- /measured -->",
    re.DOTALL,
)


@dataclass(frozen=True)
class Region:
    page: Path
    module: str  # the benchmark module, relative to the root: bench/run.py
    name: str  # the table's key in the module's TABLES
    code: str | None  # digests recorded when it was written (None: never written)
    text: str | None
    body: str
    line: int

    @property
    def key(self) -> str:
        return f"{self.module}:{self.name}"

    def where(self, root: Path) -> str:
        return f"{self.page.relative_to(root).as_posix()}:{self.line}"


def pages(root: Path = ROOT) -> list[Path]:
    found: set[Path] = set()
    for pattern in PAGE_GLOBS:
        found.update(path for path in root.glob(pattern) if path.is_file())
    return sorted(found)


def regions(page: Path) -> list[Region]:
    text = page.read_text(encoding="utf-8")
    return [Region(page, match["module"], match["name"], match["code"], match["text"], match["body"],
                   text.count("\n", 0, match.start()) + 1)
            for match in MARKER.finditer(text)]


def all_regions(root: Path = ROOT) -> list[Region]:
    return [region for page in pages(root) if "<!-- measured " in page.read_text(encoding="utf-8")
            for region in regions(page)]


def text_digest(body: str) -> str:
    return hashlib.sha256(body.encode("utf-8")).hexdigest()[:16]


def region_text(module: str, name: str, code: str, body: str) -> str:
    return (f"<!-- measured {module}:{name} code={code} text={text_digest(body)} "
            f"(written by {COMMAND}; do not edit) -->\n{body}<!-- /measured -->")


# ---------------------------------------------------------------------------------------------
# Tables and the digest of the code they measure


def load_table(module: str, name: str, root: Path = ROOT) -> Table:
    """The table `name` of benchmark module `module` (a path relative to `root`, e.g. bench/run.py)."""
    path = root / module
    if not path.is_file():
        raise LookupError(f"{module} does not exist")
    for folder in (str(path.parent), str(root)):
        if folder not in sys.path:
            sys.path.insert(0, folder)
    loaded = importlib.import_module(path.stem)
    if Path(loaded.__file__ or "").resolve() != path.resolve():
        raise LookupError(f"{module}: importing {path.stem!r} gives {loaded.__file__}, another module of that name")
    tables = getattr(loaded, "TABLES", {})
    if name not in tables:
        raise LookupError(f"{module} has no table {name!r} in TABLES (it has: {', '.join(tables) or 'none'})")
    return tables[name]


def source_files(module: str, table: Table, root: Path = ROOT) -> list[Path]:
    """The files a table's numbers depend on; a pattern that matches nothing is an error (a file
    was moved or renamed, and the declaration must follow it)."""
    files = {root / module}
    for pattern in table.sources:
        matched = [path for path in root.glob(pattern) if path.is_file() and "__pycache__" not in path.parts]
        if not matched:
            raise LookupError(f"{module}: source pattern {pattern!r} matches no file")
        files.update(matched)
    return sorted(files)


def code_digest(files: Iterable[Path], root: Path = ROOT) -> str:
    whole = hashlib.sha256()
    for path in sorted(files):
        whole.update(path.relative_to(root).as_posix().encode("utf-8") + b"\0")
        whole.update(file_digest(path).encode("ascii") + b"\n")
    return whole.hexdigest()[:16]


def file_digest(path: Path) -> str:
    """What of a file can change a measurement: a Python file's syntax tree without docstrings,
    a spec's data without its documentation fields, any other file's bytes."""
    if path.suffix == ".py":
        content = _tree_shape(ast.parse(path.read_text(encoding="utf-8"), str(path)))
    elif path.suffix in (".yaml", ".yml"):
        content = json.dumps(_without_docs(yaml.safe_load(path.read_text(encoding="utf-8"))), sort_keys=True, default=str)
    else:
        content = path.read_bytes().replace(b"\r\n", b"\n").decode("utf-8", "replace")
    return hashlib.sha256(content.encode("utf-8")).hexdigest()


def _tree_shape(node: Any) -> str:
    """A syntax tree as text, the same on every Python version this project supports: fields
    left empty are skipped (newer Pythons add fields such as `type_params`, empty in our code),
    positions and comments are not part of it, and docstrings are dropped."""
    if isinstance(node, list):
        return "[" + ",".join(_tree_shape(item) for item in node) + "]"
    if not isinstance(node, ast.AST):
        return repr(node)
    parts = []
    for name, value in ast.iter_fields(node):
        if name == "body" and isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            value = _without_docstring(value)
        if value is None or value == []:
            continue
        parts.append(f"{name}={_tree_shape(value)}")
    return f"{type(node).__name__}({','.join(parts)})"


def _without_docstring(body: list[ast.stmt]) -> list[ast.stmt]:
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
            and isinstance(body[0].value.value, str):
        return body[1:]
    return body


def _without_docs(data: Any) -> Any:
    if isinstance(data, dict):
        return {key: _without_docs(value) for key, value in data.items() if key not in SPEC_DOC_KEYS}
    if isinstance(data, list):
        return [_without_docs(item) for item in data]
    return data


# ---------------------------------------------------------------------------------------------
# Checking and writing


def stale_regions(root: Path = ROOT) -> list[str]:
    """Why each stale region is stale (empty when every measured table is current)."""
    problems = []
    for region in all_regions(root):
        where = f"{region.where(root)} ({region.key})"
        if region.code is None or region.text is None:
            problems.append(f"{where}: never measured")
            continue
        if text_digest(region.body) != region.text:
            problems.append(f"{where}: the table was edited by hand (its text is not what the benchmark wrote)")
            continue
        try:
            files = source_files(region.module, load_table(region.module, region.name, root), root)
        except LookupError as error:
            problems.append(f"{where}: {error}")
            continue
        if code_digest(files, root) != region.code:
            named = ", ".join(path.relative_to(root).as_posix() for path in files)
            problems.append(f"{where}: the code it measures changed since it was measured (one of: {named})")
    return problems


def select(found: Iterable[Region], only: Iterable[str]) -> list[Region]:
    """The regions `only` names (a table's name, `module:name` or a module path); all when empty."""
    wanted = set(only)
    if not wanted:
        return list(found)
    return [region for region in found if wanted & {region.name, region.key, region.module}]


def write_pages(session: Session, root: Path = ROOT, only: Iterable[str] = (),
                progress: Callable[[str], None] = lambda line: None) -> list[Path]:
    """Render every table the pages' regions name (those `only` selects), in one session, then
    rewrite the regions; returns the pages written. Nothing is written if one table fails."""
    from automata.io.files import write_atomically

    chosen = select(all_regions(root), only)
    if not chosen:
        raise LookupError("no measured region matches " + (", ".join(only) or "(none in the pages)"))
    session.stamp = session.stamp or stamp()
    rendered: dict[str, tuple[str, str]] = {}
    for region in chosen:
        if region.key in rendered:
            continue
        table = load_table(region.module, region.name, root)
        code = code_digest(source_files(region.module, table, root), root)
        progress(f"measuring {region.key} ...")
        started = time.perf_counter()
        body = table.render(session).strip("\n") + f"\n\n{session.stamp}\n"
        progress(f"  {region.key}: {time.perf_counter() - started:.0f} s")
        rendered[region.key] = (code, body)
    written = []
    for page in sorted({region.page for region in chosen}):
        old = page.read_text(encoding="utf-8")
        new = MARKER.sub(lambda match: _rewritten(match, rendered), old)
        if new != old:
            write_atomically(page, new)
            written.append(page)
    return written


def _rewritten(match: re.Match[str], rendered: dict[str, tuple[str, str]]) -> str:
    key = f"{match['module']}:{match['name']}"
    if key not in rendered:
        return match.group(0)
    code, body = rendered[key]
    return region_text(match["module"], match["name"], code, body)


def stamp() -> str:
    """When, with what and on what the tables were measured."""
    try:
        from importlib.metadata import version

        transitions = f", transitions {version('transitions')}"
    except Exception:  # noqa: BLE001 - the stamp must not stop a measurement
        transitions = ""
    load = f", load {os.getloadavg()[0]:.1f} at the start" if hasattr(os, "getloadavg") else ""
    return (f"*Measured {time.strftime('%Y-%m-%d', time.gmtime())} by `{COMMAND}`: Python "
            f"{platform.python_version()}{transitions}; {platform.system()} {platform.machine()}, "
            f"{_processor()}, {os.cpu_count()} cores{load}.*")


def _processor() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                return " ".join(line.split(":", 1)[1].split())
    except OSError:
        pass
    return platform.processor() or "unknown processor"

