"""When the user's code fails: whose code it was, where it failed, and how to say so.

The framework runs code it did not write: a program's `make_context`, its implementations, the
context's methods behind the spec's inputs and outputs, `result`, `parse_case`, `picture`... An
exception raised there is a finding about that code, not a bug of the framework: the CLI reports
it as "the implementation 'recursive' raised IndexError: list index out of range (bsearch.py:42,
in recursive)" and exits 1 (automata/cli/errors.py), with the traceback under --debug.

Whose code failed is read off the traceback: a frame in a file of the framework, of the libraries
it drives (transitions, click, PyYAML, graphviz) or of Python's standard library is not the user's;
any other frame is. The innermost user frame is the place named in the message.
"""

from __future__ import annotations

import contextlib
import functools
import importlib.util
import os
import sysconfig
import traceback
from collections.abc import Iterator
from pathlib import Path

from ..errors import AutomataError, SpecErrors, UserCodeError, clipped

# The libraries the framework drives: a frame of theirs is never the user's code.
_LIBRARIES = ("transitions", "click", "yaml", "graphviz")


@functools.lru_cache(maxsize=1)
def _framework_roots() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(folders of code that is not the user's, folders inside them that may hold the user's)."""
    package = Path(__file__).resolve().parent.parent
    roots = {str(package), str(package.parent / "generated")}
    for name in _LIBRARIES:
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.submodule_search_locations:
            roots.update(str(Path(location).resolve()) for location in spec.submodule_search_locations)
    paths = sysconfig.get_paths()
    roots.update(str(Path(paths[key]).resolve()) for key in ("stdlib", "platstdlib") if key in paths)
    # Installed packages live under the standard library's folder in some layouts (a Python without
    # a virtual environment): they may be the user's.
    installed = {str(Path(paths[key]).resolve()) for key in ("purelib", "platlib") if key in paths}
    return tuple(sorted(roots)), tuple(sorted(installed))


def _inside(path: str, folders: tuple[str, ...]) -> bool:
    return any(path == folder or path.startswith(folder + os.sep) for folder in folders)


def is_framework_file(filename: str) -> bool:
    """Whether code in `filename` is the framework's, a library's it drives, or Python's own."""
    if filename.startswith("<"):  # <frozen importlib...>, <generated from spec.yaml>, <string>
        return True
    path = os.path.realpath(filename)
    roots, installed = _framework_roots()
    if _inside(path, installed):
        return _inside(path, tuple(root for root in roots if _inside(root, installed)))
    return _inside(path, roots)


def user_frame(error: BaseException) -> traceback.FrameSummary | None:
    """The innermost frame of `error`'s traceback that runs the user's code, if any."""
    frames = traceback.extract_tb(error.__traceback__)
    return next((frame for frame in reversed(frames) if not is_framework_file(frame.filename)), None)


def where(frame: traceback.FrameSummary | None) -> str:
    """` (bsearch.py:42, in recursive)`, or "" when no frame of the user's is known. The file is
    named by its name alone, as import failures name it: the message is then the same wherever the
    command runs and wherever the module was imported from (a worker process imports its own)."""
    if frame is None:
        return ""
    function = f", in {frame.name}" if frame.name and not frame.name.startswith("<") else ""
    return f" ({Path(frame.filename).name}:{frame.lineno}{function})"


def failure_text(error: BaseException) -> str:
    """What went wrong, on one line: `IndexError: list index out of range (bsearch.py:42, in
    recursive)`; the framework's own findings (a step limit, a budget, a missing method) are said
    as they are."""
    if isinstance(error, SpecErrors):
        return "; ".join(f"{one.loc}: {one.message}" + (f"; {one.hint}" if one.hint else "") for one in error.errors)
    if isinstance(error, AutomataError):
        return " ".join(error.render().split())
    place = where(user_frame(error))
    if isinstance(error, SystemExit):
        return f"called sys.exit({error.code!r}){place}"
    detail = " ".join(str(error).split())
    return clipped(f"{type(error).__name__}: {detail}" if detail else type(error).__name__, 400) + place


def implementation_subject(name: str) -> str:
    """How a message names implementation `name` as the subject of a failure."""
    return f"the implementation {name!r}"


def users_error(what: str, error: BaseException, anywhere: bool = False) -> UserCodeError | None:
    """`error` as a finding about the user's code run as `what` ("the implementation 'recursive'"),
    or None when it is not theirs: no frame of the user's code in its traceback (unless `anywhere`:
    the code run was the user's alone), or an error the framework raised on purpose."""
    if isinstance(error, (AutomataError, KeyboardInterrupt, GeneratorExit)):
        return None
    if not isinstance(error, (Exception, SystemExit)):
        return None
    if not anywhere and user_frame(error) is None:
        return None
    text = failure_text(error)
    verb = "" if isinstance(error, SystemExit) else "raised "
    return UserCodeError(f"{what} {verb}{text}", error, subject=what, detail=text)


@contextlib.contextmanager
def running_user_code(what: str, anywhere: bool = False) -> Iterator[None]:
    """Run a block that calls the user's code: what it raises becomes a UserCodeError naming
    `what`, the exception type, its message and the user's file:line. With `anywhere`, everything
    the block raises is the user's (it calls their code and nothing else); without it, only
    exceptions raised through a frame of theirs are (the block is the framework running their code:
    a bug of the framework stays one)."""
    try:
        yield
    except (Exception, SystemExit) as error:
        found = users_error(what, error, anywhere)
        if found is None:
            raise
        raise found from error
