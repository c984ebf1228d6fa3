"""Where the project's own folders are (the package lives at the root of the checkout)."""

from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent
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
