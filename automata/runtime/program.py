"""A spec's program: what the framework needs, beyond the spec, to run and verify an automaton.

A spec describes the automaton; its *program* is the Python that gives the automaton something to
drive and something to be compared with. It lives in a module beside the spec (the one named by
the spec's `program:` key, or else the module of its `context:` class) and defines, at module
level (docs/own-automaton.md explains each with an example):

    make_context(case, observer) -> context   the object the spec's inputs and outputs call
    IMPLEMENTATIONS = {"iterative": f, ...}   plain implementations, each f(context) -> result
    CASES = {"name": case, ...}               the cases `verify` and `mutate` run (or a function
                                              returning such a dict)
    result(context, final_state) -> result    optional: what an automaton run returns
    parse_case(params) -> case                optional: a case from `-p key=value` options
    step_limit(case) -> int                   optional: the step limit of one automaton run
    explore_cases() -> iterable of (name, case)  optional: the space `automata cover` searches for
                                              a case taking an arc CASES miss, smallest first
    picture(context) -> str                   optional: an SVG of the context (the player, the docs)
    KEY_EVENTS = ("solution",)                optional: the kinds of event whose steps the player
                                              always keeps a picture of, however long the run

The shipped problems use the same contract, so nothing in the command line is special to them.
Importing the module runs the user's code: only commands that run the spec do it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from ..errors import (
    AutomataError,
    InputError,
    Loc,
    MissingMethod,
    SpecError,
    SpecErrors,
    StepLimitReached,
    UserCodeError,
)
from ..io.loader import load_spec, load_system
from ..model.spec import Spec
from .context import import_user_module
from .events import Observer
from .trace import TraceSink
from .user_code import implementation_subject, running_user_code, users_error

if TYPE_CHECKING:
    from .engine import RunSummary
    from .stepping import StepControl

# What `--impl` accepts besides the program's own implementations, and the engine each one runs on.
AUTOMATON_ENGINES = {"automaton": "transitions", "generated": "generated"}
IMPLEMENTATION_NAME = re.compile(r"[a-z][a-z0-9_-]{0,39}", re.ASCII)
RESERVED = frozenset({*AUTOMATON_ENGINES, "all"})

MakeContext = Callable[[Any, Observer], object]
Implementation = Callable[[object], Any]


@dataclass(frozen=True)
class Program:
    """A spec bound to its program module; `spec` may be replaced (a mutant, a derived spec)."""

    spec: Spec
    module_name: str
    make_context: MakeContext
    implementations: Mapping[str, Implementation]
    cases: Mapping[str, Any]
    result: Callable[[object, int], Any] | None = None
    parse_case: Callable[[Mapping[str, str]], Any] | None = None
    step_limit: Callable[[Any], int] | None = None
    extras: Mapping[str, Any] = field(default_factory=dict)  # optional hooks others build on (e.g. `picture`)

    @property
    def reference(self) -> str:
        """The implementation every other is compared with: the first plain one, else the automaton."""
        return next(iter(self.implementations), "automaton")

    def implementation_names(self) -> list[str]:
        return [*self.implementations, *AUTOMATON_ENGINES]

    def compares_results(self) -> bool:
        """Without `result`, an automaton run has no result to compare: only event streams count."""
        return self.result is not None

    def with_spec(self, spec: Spec) -> Program:
        return replace(self, spec=spec)

    # -- cases ----------------------------------------------------------------------------------

    def case(self, name: str) -> Any:
        if name not in self.cases:
            known = ", ".join(self.cases) or "none"
            raise InputError(f"{self.module_name} has no case {name!r}; its cases: {known}")
        return self.cases[name]

    def case_from_params(self, params: Mapping[str, str]) -> Any:
        """The case `-p key=value` options describe: through the module's parse_case when it has
        one, else a dictionary of the values read as numbers, booleans or text."""
        if self.parse_case is not None:
            # The usual refusals of bad values are bad input; anything else is the program's failure.
            with running_user_code(f"{self.module_name}.parse_case", anywhere=True):
                try:
                    return self.parse_case(dict(params))
                except (ValueError, KeyError, TypeError) as error:
                    raise InputError(f"{self.module_name}.parse_case refused {_params_text(params)}: "
                                     f"{' '.join(str(error).split())}") from None
        return {key: _plain_value(value) for key, value in params.items()}

    def max_steps(self, case: Any) -> int | None:
        """The program's step limit for `case` (None: the engine's default)."""
        if self.step_limit is None:
            return None
        with running_user_code(f"{self.module_name}.step_limit", anywhere=True):
            limit = self.step_limit(case)
            return None if limit is None else int(limit)

    def limit_hint(self, max_steps: int | None = None) -> str:
        """How to raise the step limit that stopped a run of this program."""
        if max_steps is None and self.step_limit is not None:
            return f"raise it with --max-steps N, or in {self.module_name}.step_limit(case)"
        return "raise it with --max-steps N"

    # -- running --------------------------------------------------------------------------------

    def new_context(self, case: Any, observer: Observer) -> object:
        with running_user_code(f"{self.module_name}.make_context", anywhere=True):
            return self.make_context(case, observer)

    def result_of(self, context: object, final_state: int) -> Any:
        """What an automaton run returns: the program's `result(context, final_state)`, or None."""
        if self.result is None:
            return None
        with running_user_code(f"{self.module_name}.result", anywhere=True):
            return self.result(context, final_state)

    def run_automaton(self, case: Any, observer: Observer, engine: str = "transitions",
                      sinks: Sequence[TraceSink] = (), max_steps: int | None = None,
                      context: object | None = None) -> tuple[Any, RunSummary]:
        """Run the spec on a fresh context for `case`; (its result, the run's summary)."""
        from .runner import (
            execute,  # the engines (and `transitions`) load only when an automaton runs
        )

        if context is None:
            context = self.new_context(case, observer)
        limit = max_steps if max_steps is not None else self.max_steps(case)
        try:
            summary = execute(self.spec, context, engine=engine, sinks=sinks, max_steps=limit)
        except (Exception, SystemExit) as error:
            failure = self.run_failure(error, engine, max_steps)
            if failure is None or failure is error:
                raise
            raise failure from (error if isinstance(failure, UserCodeError) else None)
        return self.result_of(context, summary.final_state), summary

    def open_automaton(self, context: object, engine: str = "transitions", sinks: Sequence[TraceSink] = (),
                       max_steps: int | None = None) -> StepControl:
        """The spec bound to `context`, to be driven one step at a time (runtime/stepwise.py); a
        `call:` naming no method of the context is reported at its declaration, as a run reports it."""
        from .stepwise import open_automaton  # the engines load only when an automaton runs

        try:
            return open_automaton(self.spec, context, engine, sinks, max_steps=max_steps)
        except MissingMethod as missing:
            raise missing_method_error(self.spec, missing) from None

    def run_failure(self, error: BaseException, engine: str, max_steps: int | None = None) -> AutomataError | None:
        """How a run of the spec on `engine` that raised `error` is reported (by run, verify and step
        alike): a step limit with how to raise it (`max_steps`: the command's own limit, if it set
        one) and the arcs that loop on the state, a missing method at the declaration that names it,
        the user's code raising as the failure of the implementation `automaton` or `generated`.
        None when it is none of these: a bug of the framework."""
        if isinstance(error, StepLimitReached):
            return error.with_hint(self.limit_hint(max_steps), silent_loops_text(self.spec, error))
        if isinstance(error, MissingMethod):
            return missing_method_error(self.spec, error)
        if isinstance(error, AutomataError):
            return error
        name = next((name for name, runs_on in AUTOMATON_ENGINES.items() if runs_on == engine), engine)
        return users_error(implementation_subject(name), error)

    def run_plain(self, name: str, case: Any, observer: Observer, wrap: Callable[[object], None] | None = None) -> Any:
        """Run plain implementation `name` on a fresh context; `wrap(context)` may instrument it first."""
        implementation = self.implementations[name]
        context = self.new_context(case, observer)
        if wrap is not None:
            wrap(context)
        with running_user_code(implementation_subject(name), anywhere=True):
            value = implementation(context)
        return value if self.result is not None else None

    def run(self, name: str, case: Any, observer: Observer, sinks: Sequence[TraceSink] = (),
            max_steps: int | None = None, wrap: Callable[[object], None] | None = None) -> Any:
        """Run any implementation by name ("automaton" and "generated" run the spec)."""
        if name in AUTOMATON_ENGINES:
            return self.run_automaton(case, observer, AUTOMATON_ENGINES[name], sinks, max_steps)[0]
        if name not in self.implementations:
            raise InputError(f"unknown implementation {name!r}; {self.module_name} offers: "
                             f"{', '.join(self.implementation_names())}")
        return self.run_plain(name, case, observer, wrap)


def missing_method_error(spec: Spec, missing: MissingMethod) -> SpecErrors:
    """A `call:` naming no method of the context, reported at the declaration that names it."""
    members = load_system(spec).specs.values() if spec.is_system else (spec,)
    declared = [decl for member in members for decl in (*member.inputs.values(), *member.outputs.values())
                if decl.name == missing.name and decl.call == missing.method]
    where = declared[0].loc if declared else spec.loc
    return SpecErrors([SpecError(where, f"{missing.name} calls '{missing.method}', which {missing.class_name} does not have",
                                 missing.hint)])


def silent_loops_text(spec: Spec, stop: StepLimitReached) -> str:
    """What kept a run that hit its step limit in its state, when the graph says it: the arcs of that
    state that loop on it and run nothing (once taken, taken forever)."""
    member = load_system(spec).specs.get(stop.automaton) if spec.is_system else spec
    if member is None or stop.state not in member.states:
        return ""
    arcs = member.silent_loops(stop.state)
    if not arcs:
        return ""
    names = " and ".join(arc.title for arc in arcs)
    verb = "loops" if len(arcs) == 1 else "loop"
    return (f"{names} {verb} on that state running no action: inputs have no side effects, so once taken "
            "it is taken at every step")


def _plain_value(text: str) -> Any:
    """A `-p` value as a user means it: whole numbers and true/false are read as such, the rest is text."""
    if re.fullmatch(r"[+-]?[0-9]{1,18}", text):
        return int(text)
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    return text


def _params_text(params: Mapping[str, str]) -> str:
    return " ".join(f"{key}={value}" for key, value in params.items()) or "(no parameters)"


def parse_params(items: Sequence[str]) -> dict[str, str]:
    """`-p key=value` options as a dictionary; a malformed one is bad input."""
    params: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_-]{0,39}", key, re.ASCII):
            raise InputError(f"-p expects KEY=VALUE with a plain name as KEY, got {item[:60]!r}")
        params[key] = value
    return params


def param_text(value: Any) -> str | None:
    """A Python value as the text of `-p key=value` (what a program's parse_case reads): text and
    numbers as they are, booleans as true/false, a flat list or tuple as its items joined by commas
    (`[3, 1, 2]` as "3,1,2"); None for a value no command line could spell."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (str, int, float)):
        return str(value)
    if isinstance(value, (list, tuple)) and all(isinstance(item, (str, int, float)) and not isinstance(item, bool)
                                                 for item in value):
        return ",".join(str(item) for item in value)
    return None


# ---------------------------------------------------------------------------------------------
# Loading


def program_module_name(spec: Spec) -> tuple[str, str]:
    """(module, attribute or "") of the spec's program: its `program:` key, or the context's module."""
    if spec.program:
        module, _, attribute = spec.program.partition(":")
        return module, attribute
    return spec.context.partition(":")[0], ""


def load_program(spec_or_path: Spec | str | Path) -> Program:
    """Load a spec (or take a loaded one) and import its program; raises InputError or SpecErrors
    naming what is missing and where."""
    spec = spec_or_path if isinstance(spec_or_path, Spec) else load_spec(spec_or_path)
    module_name, attribute = program_module_name(spec)
    # Every defect of the program is reported where the spec names it: its `program:` line, or its
    # `context:` line when the program is the context's module.
    where = (spec.program_loc if spec.program else None) or spec.context_loc or spec.loc
    if not module_name:
        raise SpecErrors([SpecError(where, "the spec names no program module",
                                    "add `program: MODULE` (or a context: MODULE:Class) naming the module with make_context")])
    spec_file = Path(spec.path)
    near = spec_file.resolve().parent if spec_file.is_file() else None
    try:
        module: ModuleType | Any = import_user_module(module_name, near)
    except ImportError as error:
        hint = ("the module is looked for from the spec's folder" if module_name.startswith(".")
                else "put the module beside the spec or on Python's path")
        raise SpecErrors([SpecError(where, f"cannot import the program module {module_name!r}: {error}", hint)]) from None
    label = module_name
    if attribute:
        if not hasattr(module, attribute):
            raise SpecErrors([SpecError(where, f"module {module_name!r} has no {attribute!r}", "check the name after ':'")])
        module, label = getattr(module, attribute), f"{module_name}:{attribute}"
    return _program_of(spec, module, label, where)


def _program_of(spec: Spec, source: Any, label: str, where: Loc) -> Program:
    def defect(message: str, hint: str = "see the program contract in docs/own-automaton.md") -> SpecErrors:
        return SpecErrors([SpecError(where, message, hint)])

    make_context = getattr(source, "make_context", None)
    if not callable(make_context):
        raise defect(f"{label} defines no make_context(case, observer): run and verify need it to build the context "
                     "the spec drives", "define it in the module, or name the module that does with `program:`")
    implementations = _mapping(source, "IMPLEMENTATIONS", label, defect)
    for name, function in implementations.items():
        if not isinstance(name, str) or not IMPLEMENTATION_NAME.fullmatch(name) or name in RESERVED:
            raise defect(f"{label}.IMPLEMENTATIONS: {str(name)[:60]!r} is not a usable name (lower-case letters, "
                         f"digits, - and _; not {', '.join(sorted(RESERVED))})")
        if not callable(function):
            raise defect(f"{label}.IMPLEMENTATIONS[{name!r}] is not a function of the context")
    cases = _mapping(source, "CASES", label, defect)
    for name in cases:
        if not isinstance(name, str) or not name.strip():
            raise defect(f"{label}.CASES: case names must be non-empty text, found {str(name)[:60]!r}")
    hooks = {}
    for hook in ("result", "parse_case", "step_limit"):
        value = getattr(source, hook, None)
        if value is not None and not callable(value):
            raise defect(f"{label}.{hook} must be a function")
        hooks[hook] = value
    extras = {name: getattr(source, name) for name in ("picture", "explore_cases")
              if callable(getattr(source, name, None))}
    key_events = getattr(source, "KEY_EVENTS", ())
    if isinstance(key_events, str) or not all(isinstance(kind, str) for kind in key_events):
        raise defect(f"{label}.KEY_EVENTS must be a tuple of event kinds, e.g. (\"solution\",)")
    if key_events:
        extras["key_events"] = tuple(key_events)
    return Program(spec, label, make_context, dict(implementations), dict(cases), extras=extras, **hooks)


def _mapping(source: Any, name: str, label: str, defect: Callable[[str], SpecErrors]) -> Mapping[str, Any]:
    value = getattr(source, name, None)
    if value is None:
        return {}
    if callable(value):
        with running_user_code(f"{label}.{name}()", anywhere=True):
            value = value()
    if not isinstance(value, Mapping):
        raise defect(f"{label}.{name} must be a dict (or a function returning one), found {type(value).__name__}")
    return value
