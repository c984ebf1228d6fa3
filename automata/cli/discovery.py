"""Which specs a command covers when it is given none: the specs in the current folder, and the
project's own when it runs in a checkout of the project (at its root)."""

from __future__ import annotations

import re
from pathlib import Path

import click

from ..io.files import PROJECT_ROOT, SPECS_DIR, is_checkout

# A YAML file is taken for a spec when a line starts with the spec's one required name key.
_SPEC_MARK = re.compile(rb"^automaton\s*:", re.MULTILINE)
_PEEK_BYTES = 65_536


def looks_like_spec_file(path: Path) -> bool:
    try:
        with path.open("rb") as stream:
            return bool(_SPEC_MARK.search(stream.read(_PEEK_BYTES)))
    except OSError:
        return False


def specs_here(folder: Path | None = None) -> list[Path]:
    """The spec files of a folder (the current one by default), by name."""
    folder = folder or Path.cwd()
    candidates = sorted(p for p in folder.iterdir() if p.suffix in (".yaml", ".yml") and p.is_file())
    return [path for path in candidates if looks_like_spec_file(path)]


def in_project_root() -> bool:
    return is_checkout() and Path.cwd().resolve() == PROJECT_ROOT


def project_specs() -> list[Path]:
    return sorted(SPECS_DIR.glob("*.yaml")) if is_checkout() else []


def local_spec_paths() -> list[Path]:
    """The specs of the current folder, then the project's own when run at the checkout's root."""
    paths = specs_here()
    if in_project_root():
        paths += [path.relative_to(PROJECT_ROOT) for path in project_specs()]
    return paths


def default_spec_paths() -> list[Path]:
    """The local specs (local_spec_paths); none is a usage error."""
    paths = local_spec_paths()
    if not paths:
        raise click.UsageError("no spec files here: name one (automata check SPEC.yaml), or run in a folder "
                               "with *.yaml specs (automata new NAME makes one)")
    return paths


def is_project_spec(path: Path) -> bool:
    """A spec of the project's own specs/ folder in a checkout (its diagrams live in diagrams/)."""
    if not is_checkout():
        return False
    try:
        return path.resolve().parent == SPECS_DIR.resolve()
    except OSError:
        return False
