"""Deriving an automaton from a plain program: `automata derive MODULE:FUNCTION`.

The program is a function of one parameter, the context, written in a small subset of Python
(parse.py); derive reads its source with `ast` and never runs it. Its control points become
states, its conditions guards, its calls of the context's actions outputs (build.py); the spec is
written as YAML text (write.py) and checked before it is handed back. A recursive function gets an
explicit call stack, whose methods a context inherits from `stack.CallStack`.

docs/derive.md describes the subset and compares the derived automata with the hand-written ones.
"""

from __future__ import annotations

import ast
import functools
import inspect
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from ...errors import InputError
from ...io.files import display_path, project_relative
from ...io.loader import spec_from_text
from ...model.names import CONTEXT_PATH, MAX_RELATIVE_LEVELS, PROGRAM_PATH
from ..check import ERROR, check_spec
from .build import Machine, build_machine, endless_states
from .flow import DeriveError, Flow, ReturnValue
from .locate import (
    MODULE_NAME,
    ContextClass,
    class_at,
    find_module,
    installed_locations,
    parse_file,
    resolve_annotation,
    search_path,
)
from .parse import read_function
from .stack import STACK_EMPTY, CallStack
from .write import Header, spec_text

__all__ = ["CallStack", "Derivation", "DeriveError", "derive", "derived_result", "final_returns"]


@dataclass(frozen=True)
class Derivation:
    text: str  # the spec, as YAML
    machine: Machine
    file: Path  # the program's source
    module: str
    function: str
    context: str  # module:Class
    notes: tuple[str, ...]  # things a user should know, printed on stderr by the command


def derive(target: str, context: str | None = None, automaton: str = "A1", title: str | None = None,
           roots: Sequence[Path] = (), program: str | None = None, spec_folder: Path | None = None) -> Derivation:
    """Derive the spec of `target` ("package.module:function", or "path/to/file.py:function").

    `context` ("module:Class") overrides the class named by the parameter's annotation; `program`
    names the module with the program contract (make_context, CASES...), found by `_program_module`
    when omitted; `roots` are searched for modules before the working directory and `sys.path`.
    `spec_folder` is where the spec will be written: modules found in a folder above it and not on
    Python's path are named relative to it (`..hanoi`), so that every command finds them from the
    spec, wherever it is run from.
    """
    module, file, function = _locate_target(target, search_path(roots))
    flow = read_function(file, module, function)
    found = _context_class(flow, context, search_path([file.parent, *roots]))
    try:
        machine = build_machine(flow)
    except RecursionError:  # a path between two control points longer than the interpreter's stack
        raise DeriveError(file, 0, 0, f"{function}() is too long for derive: a path through it passes more than a few "
                          "hundred questions and actions in a row", "call actions between the tests, or split the "
                          "function") from None
    _refuse_endless(flow, machine)
    notes = _notes(flow, machine, found)
    if program is None:
        program = _program_module(module, file, search_path([file.parent, *roots]), notes)
    elif not PROGRAM_PATH.fullmatch(program):
        raise InputError(f"--program '{program}' is not a module (package.module, or package.module:name)")
    search = search_path([file.parent, *roots])
    program_name, _, program_attribute = program.partition(":")
    program = _seen_from(spec_folder, program_name, find_module(program_name, search), notes) + \
        (f":{program_attribute}" if program_attribute else "")
    context_module, _, class_name = found.path.partition(":")
    context_path = f"{_seen_from(spec_folder, context_module, found.file, notes)}:{class_name}"
    lines = flow.docstring.strip().splitlines()
    header = Header(
        automaton=automaton,
        title=title or (lines[0].strip().rstrip(".") if lines else f"{function}() of {module}"),
        description=(f"Derived by `automata derive` from {function}() in {module}: each state is a point where"
                     " the program asks a question after calling an action; each arc is one way through"
                     " its questions, with the actions called on the way."),
        source=f"{project_relative(file)} ({function})",
        program=program,
        context=context_path,
        comment=f"Derived by `automata derive {module}:{function}`. Edit the program and derive again.",
    )
    text = spec_text(machine, header, found.docs)
    _check_derived(text, target)
    return Derivation(text, machine, file, module, function, context_path, tuple(notes))


def _seen_from(spec_folder: Path | None, module: str, file: Path | None, notes: list[str]) -> str:
    """`module` (found in `file`) as the spec written into `spec_folder` must name it for run and
    verify to find it from any working directory: as it is when it lies beside the spec or on
    Python's path, with leading dots when it lies in a folder above the spec (`..hanoi`)."""
    if spec_folder is None or file is None:
        return module
    depth = module.count(".") + (1 if file.name == "__init__.py" else 0)
    root = file.resolve().parents[depth]  # the folder from which `module` is imported
    here = spec_folder.resolve()
    installed = {folder.resolve() for folder in installed_locations(module.split(".")[0])}
    if root == here or _on_python_path(root) or root in installed:
        return module
    if here.is_relative_to(root) and len(here.relative_to(root).parts) <= MAX_RELATIVE_LEVELS:
        return "." * (len(here.relative_to(root).parts) + 1) + module
    where = display_path(root)
    note = (f"the spec names the module {module}, which lies in {where}: neither beside the spec, nor in a folder "
            f"above it, nor on Python's path, so run and verify will not find it; write the spec into {where} (or a "
            "folder below it), or put the module on PYTHONPATH")
    if note not in notes:
        notes.append(note)
    return module


def _on_python_path(folder: Path) -> bool:
    """Whether modules of `folder` import from anywhere: it is on sys.path (the working directory,
    which depends on where a command runs, does not count)."""
    cwd = Path.cwd().resolve()
    for entry in sys.path:
        if entry and Path(entry).resolve() == folder and folder != cwd:
            return True
    return False


def final_returns(function: Callable[..., object]) -> dict[int, ReturnValue]:
    """What `function` returns in each final state of the automaton derived from it, by state number."""
    file = Path(inspect.getsourcefile(function) or "")
    return dict(_final_returns(file, file.stat().st_mtime_ns, function.__module__, function.__name__))


def derived_result(function: Callable[..., object], context: object, final_state: int) -> object:
    """The value `function` would return, for a run of its derived automaton that ended in
    `final_state` on `context`: a program module's `result(context, final_state)` can be just this."""
    value = final_returns(function).get(final_state)
    if value is None:
        raise InputError(f"state {final_state} is not a final state of the automaton derived from {function.__name__}()")
    if value.kind == "call":
        name, args, keywords = value.value
        return getattr(context, name)(*args, **dict(keywords))
    return value.value


@functools.lru_cache(maxsize=64)
def _final_returns(file: Path, _mtime: int, module: str, function: str) -> tuple[tuple[int, ReturnValue], ...]:
    machine = build_machine(read_function(file, module, function))
    return tuple((state.number, state.returns) for state in machine.states if state.returns is not None)


def _locate_target(target: str, roots: Sequence[Path]) -> tuple[str, Path, str]:
    module, colon, function = target.rpartition(":")
    if not colon or not module or not function.isidentifier():
        raise InputError(f"'{target}' is not MODULE:FUNCTION (e.g. solvers.knight_tour.iterative:iterative)")
    if module.endswith(".py") or "/" in module or "\\" in module:
        file = Path(module)
        if not file.is_file():
            raise InputError(f"no such file: {display_path(file)}")
        if not MODULE_NAME.fullmatch(file.stem):
            raise InputError(f"{display_path(file)}: '{file.stem}' is not a module name Python can import")
        return file.stem, file, function
    if not MODULE_NAME.fullmatch(module):
        raise InputError(f"'{module}' is not a module name (package.module)")
    file = find_module(module, roots)
    if file is None:
        raise InputError(f"cannot find the source of module {module} in the working directory or on sys.path")
    return module, file, function


def _defines(file: Path | None, name: str) -> bool:
    tree = parse_file(file) if file else None
    return tree is not None and any(
        isinstance(node, ast.FunctionDef) and node.name == name for node in tree.body)


def _program_module(module: str, file: Path, roots: Sequence[Path], notes: list[str]) -> str:
    """The module that holds the program contract (make_context, IMPLEMENTATIONS, CASES): the
    function's own module if it defines make_context, else a module `program` beside it that
    does (the shipped problems' layout), else the function's module, with a note."""
    if _defines(file, "make_context"):
        return module
    sibling = f"{module.rpartition('.')[0]}.program" if "." in module else "program"
    if _defines(find_module(sibling, roots), "make_context"):
        return sibling
    notes.append(f"{module} defines no make_context: to verify the spec, give --program the module that"
                 " holds the program contract (make_context, IMPLEMENTATIONS, CASES)")
    return module


def _context_class(flow: Flow, option: str | None, roots: Sequence[Path]) -> ContextClass:
    if option is not None:
        if not CONTEXT_PATH.fullmatch(option):
            raise InputError(f"--context '{option}' is not of the form package.module:Class")
        return class_at(option, roots)
    if flow.context_annotation is not None:
        tree = parse_file(flow.file)
        found = resolve_annotation(flow.context_annotation, tree, flow.module, flow.file, roots) if tree else None
        if found is not None:
            return found
    line = getattr(flow.context_annotation, "lineno", 0)
    raise DeriveError(flow.file, line, 1, f"cannot tell which class the context '{flow.param}' of"
                      f" {flow.function}() is", f"annotate it ({flow.param}: Class) or pass --context module:Class")


def _notes(flow: Flow, machine: Machine, found: ContextClass) -> list[str]:
    where = display_path(flow.file)
    notes = [f"{where}:{method.line}: {flow.param}.{method.name}() makes no difference to the automaton"
             " (it is asked where both answers lead the same way, or called where control never gets)"
             for method in machine.unused]
    if found.docs is not None and found.complete:
        class_name = found.path.partition(":")[2]
        for method in (*machine.inputs, *machine.outputs):
            if not method.stack and method.name not in found.docs:
                notes.append(f"{where}:{method.line}: {class_name} has no method {method.name}() in its source")
        if flow.call_sites and STACK_EMPTY not in found.docs:
            notes.append(f"{class_name} must inherit automata.analysis.derive.CallStack: the automaton of a"
                         " recursive function keeps its return points there")
    elif found.docs is None:
        notes.append(f"the source of {found.path} was not found: the docs are the method names")
    return notes


def _refuse_endless(flow: Flow, machine: Machine) -> None:
    """A program that can get where no return is reachable any more would give a spec that
    `automata check` rejects (cannot finish): that is the program's defect, named at its place."""
    stuck = endless_states(machine)
    if stuck:
        state = stuck[0]
        raise DeriveError(flow.file, state.line, 1, f"{flow.function}() never ends once it gets to this point"
                          f" ({state.name.lower()}): no path from it reaches a return or the end of the function",
                          "a loop needs a `break` or `return` that some answers of its questions lead to")


def _check_derived(text: str, target: str) -> None:
    """Derive promises a spec `automata check` passes; one that does not is derive's bug."""
    findings = [finding for finding in check_spec(spec_from_text(text, f"<derived from {target}>"))
                if finding.severity == ERROR]
    if findings:
        raise RuntimeError("derive produced a spec that fails its check (a bug of derive):\n"
                           + "\n".join(finding.render() for finding in findings))
