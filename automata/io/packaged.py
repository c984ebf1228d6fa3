"""Files that travel inside installed packages, found with `importlib.resources`.

A shipped spec is named the way a project names it, `specs/knight_tour.yaml`: a path whose first
folder is an importable package (here `specs`, which the project installs as package data). The
same name then works in a checkout, in an editable install and in an installed wheel, and never
depends on where the package happens to lie on disk. The framework knows nothing of which
packages those are.
"""

from __future__ import annotations

import importlib.util
import re
from importlib import resources
from pathlib import Path, PurePosixPath

_PACKAGE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*", re.ASCII)


def packaged_file(relative: str | Path) -> Path | None:
    """The file `relative` names inside an importable package (`specs/x.yaml` -> the file x.yaml of
    package `specs`), or None when there is no such package or file."""
    parts = PurePosixPath(Path(relative).as_posix()).parts
    if len(parts) < 2 or not _PACKAGE.fullmatch(parts[0]) or any(part in ("..", ".") for part in parts):
        return None
    try:
        found = importlib.util.find_spec(parts[0])
    except (ImportError, ValueError):
        return None
    if found is None or found.submodule_search_locations is None:
        return None
    target = resources.files(parts[0]).joinpath(*parts[1:])
    # setuptools installs packages as folders on disk, so a resource is a real file with a path.
    return Path(str(target)) if target.is_file() else None


def packaged_folder(package: str) -> Path | None:
    """The folder of an importable package (the shipped specs' package, say), or None."""
    try:
        found = importlib.util.find_spec(package)
    except (ImportError, ValueError):
        return None
    if found is None or found.submodule_search_locations is None:
        return None
    folder = Path(str(resources.files(package)))
    return folder if folder.is_dir() else None
