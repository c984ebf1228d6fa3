"""Where the project's own folders are (the package lives at the root of the checkout), how paths
are shown to a user, how input files are read, and the one output policy every command follows.

The output policy: every file the framework writes (a trace, a module, a drawing, a page, a
spec) is written to a temporary file beside its target and renamed over it, so a reader never
meets half a file. A rename replaces whatever stands at the target, so before any work the
target must be a regular file or nothing yet. A folder, a FIFO, a device (think of /dev/null),
a socket and a symbolic link (which can point anywhere: /dev/stdout is one) are refused, and the
check is made again just before the rename. Output folders may be folders, links to folders, or
nothing yet (they are made); the files written into them follow the file rule, all checked
before the first one is written.
"""

import contextlib
import os
import stat
import tempfile
from collections.abc import Iterable, Iterator, Mapping
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
             (stat.S_ISSOCK, "socket"), (stat.S_ISDIR, "folder"), (stat.S_ISLNK, "symbolic link"))
    return next((name for test, name in kinds if test(mode)), "special file")


# ---- the output policy -------------------------------------------------------------------------


def output_file_problem(path: str | Path) -> str | None:
    """Why `path` cannot take a file the framework writes, or None when it can (module docstring)."""
    problem = _name_problem(path, "file")
    if problem is not None:
        return problem
    try:
        status = os.lstat(path)
    except (FileNotFoundError, NotADirectoryError):
        return _folder_problem(Path(path).parent)
    except OSError as error:
        return f"cannot be written: {(error.strerror or str(error)).lower()}"
    if stat.S_ISLNK(status.st_mode):
        return (f"is a symbolic link{_link_target(path)}; outputs replace what stands at their path, "
                "so name a regular file")
    if stat.S_ISDIR(status.st_mode):
        return "is a folder; name a file"
    if not stat.S_ISREG(status.st_mode):
        return f"is not a regular file (a {_kind_of(status.st_mode)}); name a file"
    return None


def output_folder_problem(path: str | Path) -> str | None:
    """Why `path` cannot be a folder the framework writes files into, or None when it can: a
    folder (or a link to one) or nothing yet, in a place where it can be made."""
    problem = _name_problem(path, "folder")
    if problem is not None:
        return problem
    try:
        status = os.stat(path)  # a link to a folder is fine: only the files in it are replaced
    except (FileNotFoundError, NotADirectoryError):
        if os.path.islink(path):
            return f"is a symbolic link{_link_target(path)} to nothing; name a folder"
        return _folder_problem(Path(path).parent)
    except OSError as error:
        return f"cannot be written: {(error.strerror or str(error)).lower()}"
    if not stat.S_ISDIR(status.st_mode):
        return f"exists and is not a folder (a {_kind_of(status.st_mode)}); name a folder"
    return None


def _name_problem(path: str | Path, what: str) -> str | None:
    text = str(path)
    if not text.strip():
        return f"the {what} name is empty"
    if "\x00" in text:
        return f"the {what} name contains a NUL character"
    return None


def _folder_problem(folder: Path) -> str | None:
    """Why files cannot be made in `folder` (made first if missing), or None: the nearest
    existing ancestor must be a folder this process may write into."""
    folder = folder if str(folder) else Path(".")
    for ancestor in (folder, *folder.parents):
        try:
            status = os.stat(ancestor)
        except (FileNotFoundError, NotADirectoryError):
            continue
        except OSError as error:
            return f"cannot be written: {(error.strerror or str(error)).lower()}"
        if not stat.S_ISDIR(status.st_mode):
            return f"cannot be made: {display_path(ancestor)} is not a folder"
        if not os.access(ancestor, os.W_OK | os.X_OK):
            return f"cannot be written: the folder {display_path(ancestor)} is read-only to this user"
        return None
    return None


def _link_target(path: str | Path) -> str:
    try:
        return f" (to {os.readlink(path)[:200]})"
    except OSError:
        return ""


def require_output_file(path: str | Path) -> None:
    """Raise InputError naming `path` and the reason when the output policy refuses it."""
    problem = output_file_problem(path)
    if problem is not None:
        raise InputError(_refusal(path, problem))


def require_output_folder(path: str | Path, files: Iterable[str] = ()) -> None:
    """Raise InputError when `path` cannot be an output folder, or one of the `files` to be
    written into it cannot be replaced."""
    problem = output_folder_problem(path)
    if problem is not None:
        raise InputError(_refusal(path, problem))
    for name in files:
        require_output_file(Path(path) / name)


def _refusal(path: str | Path, problem: str) -> str:
    if not str(path).strip():
        return f"cannot write: {problem}"
    return f"cannot write {display_output(path)[:300]!r}: {problem}"


def display_output(path: str | Path) -> str:
    """An output path as a message shows it: like display_path, but a symbolic link is named
    itself, not the file it points to."""
    path = Path(path)
    folder = display_path(path.parent)
    return path.name if folder == "." else str(Path(folder) / path.name)


def write_atomically(path: str | Path, content: str | bytes) -> None:
    """Write `content` (text as UTF-8) through a temporary file in the same folder (made when
    missing), renamed over `path`: a reader, or a run stopped mid-write, never meets half a file.
    The target is checked against the output policy before and again just before the rename.
    The file keeps its predecessor's mode, or gets what a new file would."""
    path = Path(path)
    require_output_file(path)
    data = content.encode("utf-8") if isinstance(content, str) else content
    with writing(path):
        folder = path.parent if str(path.parent) else Path(".")
        folder.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".tmp")
        try:
            with os.fdopen(handle, "wb") as stream:
                stream.write(data)
            move_into_place(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise


def move_into_place(temporary: str | Path, path: str | Path) -> None:
    """The last step of every output: the finished temporary file renamed over `path`, after the
    output policy is checked once more (something may have appeared there during the work)."""
    require_output_file(path)
    os.chmod(temporary, file_mode(Path(path)))
    os.replace(temporary, path)


def write_files(folder: str | Path, files: Mapping[str, str | bytes]) -> list[Path]:
    """Write each of `files` (name -> content) into `folder`, made when missing: every target is
    checked before the first is written, and each is written atomically. Returns the paths."""
    folder = Path(folder)
    require_output_folder(folder, files)
    written = []
    for name, content in files.items():
        write_atomically(folder / name, content)
        written.append(folder / name)
    return written


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
