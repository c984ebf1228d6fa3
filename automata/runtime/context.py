"""Importing the user's code a spec names, and checking that its context has every method the spec calls.

Only the commands that run a spec (run, verify, mutate, and `check --bindings`) import its
context or program module: that is the one place where the framework runs user code, and it is
the code the user named. Drawing, generating code and checking a spec's structure never get here.

An import is guarded the same way wherever it happens: the name must match a plain module path
before anything is looked up, everything the import raises (a syntax error, an exception at import
time, even `sys.exit()`) becomes one line naming the module, and `sys.path` is left as it was.
"""

from __future__ import annotations

import difflib
import importlib
import sys
import traceback
from pathlib import Path
from types import ModuleType

from ..errors import SpecError, SpecErrors, clipped
from ..io.files import display_path
from ..model.names import CONTEXT_PATH, MODULE_PATH
from ..model.spec import Spec

_MAX_NAME = 300


class UserImportError(ImportError):
    """The user's module or class could not be imported; the message says why, on one line."""


def import_user_module(module_name: str, near: Path | None = None) -> ModuleType:
    """Import the user's module `module_name`, from Python's path or else from the folder `near`
    (the spec's own, the way pytest finds a test's folder: a spec of one's own then works next to
    its module without setting PYTHONPATH). A name with leading dots is relative to `near`, as in
    Python's relative imports, and is found there only: `.hanoi` beside the spec, `..hanoi` in the
    folder above. `sys.path` is restored afterwards, so a module found beside the spec should import
    its neighbours at import time, not later.

    Raises UserImportError (an ImportError) with a one-line reason for anything that goes wrong."""
    if not isinstance(module_name, str) or len(module_name) > _MAX_NAME or not MODULE_PATH.fullmatch(module_name):
        raise UserImportError(f"{_shown(module_name)} is not a module path: names of ASCII letters, digits and _"
                              " joined by dots, e.g. mypackage.context")
    if module_name.startswith("."):
        return _import_relative(module_name, near)
    top_level = module_name.partition(".")[0]
    try:
        return importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if not _is_the_module(error, module_name):  # the module was found; what it imports was not
            raise UserImportError(_failure(module_name, error)) from None
        if near is None or error.name != top_level or not _has_module(near, top_level):
            raise UserImportError(f"no module named {_shown(error.name or module_name)}") from None
    except (Exception, SystemExit) as error:  # noqa: BLE001 - the user's code failed while being imported
        raise UserImportError(_failure(module_name, error)) from None
    return _import_from(module_name, near)


def _import_relative(module_name: str, near: Path | None) -> ModuleType:
    """`..hanoi`: the module hanoi of the folder one above `near`, and of no other folder."""
    name = module_name.lstrip(".")
    levels = len(module_name) - len(name) - 1
    if near is None:
        raise UserImportError(f"{_shown(module_name)} is relative to the spec's folder, and this spec has none")
    folder = near
    for _ in range(levels):
        folder = folder.parent
    top_level = name.partition(".")[0]
    if not _has_module(folder, top_level):
        raise UserImportError(f"no module named {_shown(top_level)} in {display_path(folder)} (where "
                              f"{_shown(module_name)} points from the spec's folder)")
    module = _import_from(name, folder)
    found = Path(getattr(module, "__file__", "") or "").resolve()
    if not found.is_relative_to(folder.resolve()):  # a module of that name was imported before, from elsewhere
        raise UserImportError(f"a module named {_shown(top_level)} is already imported from "
                              f"{display_path(found)}, not {display_path(folder)}: rename one of them")
    return module


def _import_from(module_name: str, folder: Path) -> ModuleType:
    """Import `module_name` with `folder` first on Python's path, which is restored afterwards."""
    saved = list(sys.path)
    sys.path.insert(0, str(folder))
    importlib.invalidate_caches()  # the folder may have been written a moment ago
    try:
        return importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if not _is_the_module(error, module_name):
            raise UserImportError(_failure(module_name, error)) from None
        raise UserImportError(f"no module named {_shown(error.name or module_name)}") from None
    except (Exception, SystemExit) as error:  # noqa: BLE001 - the same, from beside the spec
        raise UserImportError(_failure(module_name, error)) from None
    finally:
        sys.path[:] = saved


def import_context(path: str, near: Path | None = None) -> type:
    """Import the class of `package.module:Class`; raises UserImportError with a one-line reason."""
    if not isinstance(path, str) or len(path) > _MAX_NAME or not CONTEXT_PATH.fullmatch(path):
        raise UserImportError(f"{_shown(path)} is not of the form package.module:Class")
    module_name, _, class_name = path.partition(":")
    module = import_user_module(module_name, near)
    try:
        found = getattr(module, class_name)
    except AttributeError:
        raise UserImportError(f"module {module_name!r} has no class {class_name!r}") from None
    except Exception as error:  # noqa: BLE001 - a module-level __getattr__ of the user's
        raise UserImportError(_failure(module_name, error)) from None
    if not isinstance(found, type):
        raise UserImportError(f"{path!r} is a {type(found).__name__}, not a class")
    return found


def _is_the_module(error: ModuleNotFoundError, module_name: str) -> bool:
    """Whether the module missing is `module_name` or a package on its way (not one it imports)."""
    parts = module_name.split(".")
    return error.name in {".".join(parts[:end]) for end in range(1, len(parts) + 1)}


def _has_method(cls: type, name: str) -> bool:
    try:
        return callable(getattr(cls, name, None))
    except Exception:  # noqa: BLE001 - a metaclass's failing __getattr__: the method is not there
        return False


def _has_module(folder: Path, name: str) -> bool:
    return (folder / f"{name}.py").is_file() or (folder / name / "__init__.py").is_file()


def _shown(name: object) -> str:
    text = repr(name)
    return text if len(text) <= 80 else text[:79] + "…"


def _failure(module_name: str, error: BaseException) -> str:
    """What went wrong in the user's module, and where, on one line."""
    if isinstance(error, SyntaxError):
        where = f" ({Path(error.filename).name}, line {error.lineno})" if error.filename else ""
        return f"importing {module_name!r} failed: SyntaxError: {error.msg}{where}"
    frames = traceback.extract_tb(error.__traceback__)
    user_frames = [frame for frame in frames if "importlib" not in frame.filename]
    where = f" ({Path(user_frames[-1].filename).name}, line {user_frames[-1].lineno})" if user_frames else ""
    if isinstance(error, SystemExit):
        return f"importing {module_name!r} failed: it called sys.exit({error.code!r}){where}"
    message = " ".join(str(error).split())
    return clipped(f"importing {module_name!r} failed: {type(error).__name__}: {message}{where}", 300)


def _context_error(spec: Spec, message: str, hint: str) -> SpecErrors:
    return SpecErrors([SpecError(spec.context_loc or spec.loc, message, hint)])


def _near(spec: Spec) -> Path | None:
    spec_file = Path(spec.path)
    return spec_file.resolve().parent if spec_file.is_file() else None


def context_class(spec: Spec) -> type:
    """The context class `spec` binds to, imported (from beside the spec file when needed).
    Raises SpecErrors pointing at the spec's `context:` line when it cannot be imported."""
    try:
        return import_context(spec.context, _near(spec))
    except UserImportError as error:
        raise _context_error(spec, f"cannot import the context module: {error}",
                             "check the module path (package.module:Class) and the module's code") from None


def check_bindings(spec: Spec) -> None:
    """Import the spec's context class and check that every input and output `call:` names one of
    its methods; raises SpecErrors pointing at each offending declaration. Runs the user's code."""
    cls = context_class(spec)
    errors: list[SpecError] = []
    public = [name for name in dir(cls) if not name.startswith("_")]
    for decl in (*spec.inputs.values(), *spec.outputs.values()):
        if not _has_method(cls, decl.call):
            close = difflib.get_close_matches(decl.call, public, n=1)
            hint = f"did you mean '{close[0]}'?" if close else f"add a method `{decl.call}(self)` to {cls.__name__}"
            errors.append(SpecError(decl.loc, f"{decl.name} calls '{decl.call}', which {cls.__name__} does not have", hint))
    if errors:
        raise SpecErrors(errors)
