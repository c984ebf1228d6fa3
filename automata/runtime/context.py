"""Importing the context class a spec names, and checking that it has every method the spec calls.

Only the commands that run a spec (run, verify, mutate, and check with --bindings) import its
context: that is the one place where the framework runs user code, and it is the code the user
named. Drawing and checking a spec's structure never get here.
"""

from __future__ import annotations

import difflib
import importlib
import sys
from pathlib import Path

from ..errors import SpecError, SpecErrors
from ..model.spec import Spec


def import_context(path: str, near: Path | None = None) -> type:
    """Import `package.module:Class`. A module that is not importable as it stands is looked for
    beside the spec (`near`), the way pytest finds a test's folder: a spec of one's own then
    works next to its context module without setting PYTHONPATH."""
    module_name, _, class_name = path.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        top_level = module_name.partition(".")[0]
        if near is None or error.name != top_level or not _has_module(near, top_level):
            raise
        sys.path.insert(0, str(near))
        module = importlib.import_module(module_name)
    return getattr(module, class_name)


def _has_module(folder: Path, name: str) -> bool:
    return (folder / f"{name}.py").is_file() or (folder / name / "__init__.py").is_file()


def check_bindings(spec: Spec) -> None:
    """Import the spec's context class and check that every input and output `call:` names one of
    its methods; raises SpecErrors pointing at each offending declaration."""
    errors: list[SpecError] = []
    if ":" not in spec.context:
        raise SpecErrors([SpecError(spec.context_loc or spec.loc, f"context '{spec.context}' is not of the form package.module:Class",
                                    "e.g. solvers.knight_tour.context:KnightTourContext")])
    spec_file = Path(spec.path)
    try:
        cls = import_context(spec.context, spec_file.resolve().parent if spec_file.is_file() else None)
    except ImportError as error:
        raise SpecErrors([SpecError(spec.context_loc or spec.loc, f"cannot import the context module: {error}",
                                    "check the module path inside the project")]) from None
    except AttributeError:
        raise SpecErrors([SpecError(spec.context_loc or spec.loc, f"the module has no class '{spec.context.partition(':')[2]}'",
                                    "check the class name")]) from None
    for decl in (*spec.inputs.values(), *spec.outputs.values()):
        if not callable(getattr(cls, decl.call, None)):
            close = difflib.get_close_matches(decl.call, [n for n in dir(cls) if not n.startswith("_")], n=1)
            hint = f"did you mean '{close[0]}'?" if close else f"add a method `{decl.call}(self)` to {cls.__name__}"
            errors.append(SpecError(decl.loc, f"{decl.name} calls '{decl.call}', which {cls.__name__} does not have", hint))
    if errors:
        raise SpecErrors(errors)


def context_class(spec: Spec) -> type:
    """The context class `spec` binds to, imported (from beside the spec file when needed)."""
    spec_file = Path(spec.path)
    return import_context(spec.context, spec_file.resolve().parent if spec_file.is_file() else None)
