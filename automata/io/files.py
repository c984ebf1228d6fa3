"""Where the project's own folders are (the package lives at the root of the checkout), and how
paths are shown to a user."""

import contextlib
from collections.abc import Iterator
from pathlib import Path

from ..errors import InputError

PROJECT_ROOT = Path(__file__).resolve().parents[2]
SPECS_DIR = PROJECT_ROOT / "specs"
DIAGRAMS_DIR = PROJECT_ROOT / "diagrams"


def project_path(path: str | Path) -> Path:
    """Resolve a path given relative to the project root (as specs and problems name them)."""
    path = Path(path)
    return path if path.is_absolute() else PROJECT_ROOT / path


def display_path(path: str | Path) -> str:
    """A path as a user should read it in a message: relative to the working directory when possible."""
    path = Path(path)
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def project_relative(path: str | Path) -> str:
    """A project file named as the project names it (`specs/knight_tour.yaml`), wherever the user stands."""
    path = Path(path)
    try:
        return str(path.resolve().relative_to(PROJECT_ROOT))
    except ValueError:
        return str(path)


@contextlib.contextmanager
def writing(path: str | Path) -> Iterator[None]:
    """Report a failure to write `path` (or to make its folder) as the one-line InputError a user
    can act on (a missing or read-only folder), not as a traceback."""
    try:
        yield
    except OSError as error:
        raise InputError(f"cannot write {display_path(path)}: {error.strerror or error}") from None
