"""Where the project's own folders are (the package lives at the root of the checkout), and how
paths are shown to a user."""

import contextlib
import os
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path

from ..errors import InputError

PROJECT_ROOT = Path(__file__).resolve().parents[2]
SPECS_DIR = PROJECT_ROOT / "specs"
DIAGRAMS_DIR = PROJECT_ROOT / "diagrams"


def project_path(path: str | Path) -> Path:
    """Resolve a path the way specs and problems name shipped files (`specs/knight_tour.yaml`):
    inside the importable package its first folder names (automata/io/packaged.py), else under the
    project root of a checkout."""
    from .packaged import packaged_file

    path = Path(path)
    if path.is_absolute():
        return path
    return packaged_file(path) or PROJECT_ROOT / path


def is_checkout() -> bool:
    """Whether the package runs from a checkout of the project (where `codegen --all` and the
    committed diagrams live), not from an installed wheel."""
    return (PROJECT_ROOT / "pyproject.toml").is_file() and (PROJECT_ROOT / "automata").is_dir()


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


def write_atomically(path: str | Path, content: str | bytes) -> None:
    """Write `content` (text as UTF-8) through a temporary file in the same folder, renamed over
    `path`: a reader, or a run stopped mid-write, never meets half a file. The file keeps its
    predecessor's mode, or gets what a new file would."""
    path = Path(path)
    data = content.encode("utf-8") if isinstance(content, str) else content
    handle, temporary = tempfile.mkstemp(dir=path.parent if str(path.parent) else ".", prefix=f".{path.name}.",
                                         suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.chmod(temporary, file_mode(path))
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def file_mode(path: Path) -> int:
    """The mode a file written beside `path` and renamed over it gets: its predecessor's, or what
    the umask gives a new file (mkstemp's temporary file is private to its owner)."""
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0o022)
        os.umask(umask)
        return 0o666 & ~umask


@contextlib.contextmanager
def writing(path: str | Path) -> Iterator[None]:
    """Report a failure to write `path` (or to make its folder) as the one-line InputError a user
    can act on (a missing or read-only folder), not as a traceback."""
    try:
        yield
    except OSError as error:
        raise InputError(f"cannot write {display_path(path)}: {error.strerror or error}") from None


class UnreadableFile(Exception):
    """A path that cannot be read as a text file: what and why, in words for the user."""


def read_regular_file(path: str | Path, limit: int) -> bytes:
    """The bytes of the regular file at `path`, refusing before reading anything that would not end
    or not fit: a folder, a FIFO (opening one for reading waits for a writer), a device such as
    /dev/zero (endless), or a file of more than `limit` bytes. Raises FileNotFoundError when
    there is nothing at `path`, UnreadableFile otherwise."""
    # O_NONBLOCK: opening a FIFO must not wait for a writer; the file's kind is then read from
    # the open descriptor itself, so it cannot be swapped between the check and the read.
    descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    try:
        status = os.fstat(descriptor)
        if stat.S_ISDIR(status.st_mode):
            raise UnreadableFile("is a folder, not a file")
        if not stat.S_ISREG(status.st_mode):
            raise UnreadableFile(f"is not a regular file (a {_kind_of(status.st_mode)})")
        if status.st_size > limit:
            raise UnreadableFile(f"is {status.st_size:,} bytes long; the limit is {limit:,}")
        with os.fdopen(descriptor, "rb", closefd=True) as stream:
            descriptor = -1
            content = stream.read(limit + 1)  # a file that grows while read is still bounded
        if len(content) > limit:
            raise UnreadableFile(f"is more than {limit:,} bytes long")
        return content
    finally:
        if descriptor >= 0:
            os.close(descriptor)


def _kind_of(mode: int) -> str:
    kinds = ((stat.S_ISFIFO, "FIFO"), (stat.S_ISCHR, "character device"), (stat.S_ISBLK, "block device"),
             (stat.S_ISSOCK, "socket"))
    return next((name for test, name in kinds if test(mode)), "special file")


def output_file_problem(path: str | Path) -> str | None:
    """Why `path` cannot take a file the framework writes (a trace, a module), or None when it can.

    Outputs are written beside the target and moved over it, which would replace a device or a
    FIFO by a plain file (think of /dev/null): only a regular file, or nothing yet, is accepted."""
    text = str(path)
    if not text.strip():
        return "the file name is empty"
    try:
        status = os.stat(path)
    except FileNotFoundError:
        return None
    except OSError as error:
        return f"cannot be written: {(error.strerror or str(error)).lower()}"
    if stat.S_ISDIR(status.st_mode):
        return "is a folder; name a file"
    if not stat.S_ISREG(status.st_mode):
        return f"is not a regular file (a {_kind_of(status.st_mode)}); name a file"
    return None
