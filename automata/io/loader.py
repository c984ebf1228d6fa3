"""Loading a spec from YAML.

The loader works on a YAML node tree (safe parsing, nothing is ever evaluated or constructed
beyond text, numbers, booleans and dates) so that every value keeps its line and column, and every
defect found here or later can point into the file. All defects of one file are collected and
reported together, up to a limit.

Everything in a spec is untrusted text: the file is read only if it is a regular file of at most
MAX_SPEC_BYTES, the YAML is composed with bounded nesting and size (automata/io/yaml_nodes.py),
every name must match its pattern (automata/model/names.py), every text field has a length
limit, and guards are parsed, never evaluated as Python. docs/security.md lists the bounds.
"""

from __future__ import annotations

import difflib
import functools
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from ..errors import Loc, SpecError, SpecErrors
from ..model.guards import ALWAYS, Guard, GuardSyntaxError, guard_nesting, is_state_test, parse_guard
from ..model.names import (
    AUTOMATON_NAME,
    CONTEXT_PATH,
    DECLARED_NAME,
    METHOD_NAME,
    PROGRAM_PATH,
)
from ..model.spec import (
    ArcDecl,
    EventDecl,
    InputDecl,
    OutputDecl,
    Origin,
    Spec,
    StateDecl,
    name_order,
    text_digest,
    with_origin,
)
from ..model.system import System
from .files import UnreadableFile, display_path, project_path, read_regular_file
from .node_reader import listing, short, suggestion
from .system_fields import SystemFieldReader
from .system_loader import resolve_system
from .yaml_nodes import ComposeError, compose, paused_gc

MAX_SPEC_BYTES = 16_000_000  # a learned model of 657 states and 49,275 arcs is about 2.5 MB
MAX_GUARD_CHARACTERS = 2_000
MAX_GUARD_NESTING = 32  # parentheses and negations; Python's own parser stops at about 200
# Longest text per field, in characters (the shipped specs stay far below: title 54, doc 95).
TEXT_LIMITS = {"title": 200, "description": 20_000, "source": 1_000, "doc": 1_000, "state name": 100,
               "context": 300, "program": 300}

_TOP_KEYS = {
    "automaton", "title", "description", "source", "context", "program", "initial", "step_event",
    "events", "inputs", "outputs", "states", "arcs", "automata",
}
# `context` is optional: a spec without one is a pure Mealy machine (events in, output symbols out).
_REQUIRED_TOP = ("automaton", "title", "initial", "events", "states", "arcs")
_EVENT_KEYS = {"doc"}
_IO_KEYS = {"doc", "call"}
_OUTPUT_KEYS = _IO_KEYS | {"run", "event"}  # run: an automaton of the system (docs/systems.md)
_STATE_KEYS = {"name", "doc", "final", "on_enter", "may_stay", "nested"}
_ARC_KEYS = {"from", "to", "event", "guard", "actions", "priority"}


def load_spec(path: str | Path) -> Spec:
    """Load and check a spec file. Relative paths are resolved against the working directory first,
    then against the project root. Raises SpecErrors listing every defect found.

    Specs are immutable, so a file that has not changed since it was last loaded is not parsed
    again: solvers load their spec once per run, and sweeps run thousands of times.

    A spec that names other automata (`automata:`) is the root of a system: the specs it names
    are loaded too and the system is checked (automata/io/system_loader.py); the root is returned.
    """
    spec = _load_one(path)
    if spec.is_system:
        resolve_system(spec, _load_one)
    return spec


def load_system(spec_or_path: Spec | str | Path) -> System:
    """The system a spec heads (a spec that names no other automaton is a system of one)."""
    spec = spec_or_path if isinstance(spec_or_path, Spec) else _load_one(spec_or_path)
    return resolve_system(spec, _load_one)


def _load_one(path: str | Path) -> Spec:
    candidate = locate_spec(path)
    try:
        stat = candidate.stat()
    except OSError:
        return _load_spec_file(candidate, None)
    # The working directory is part of the key: locations in messages are shown relative to it.
    return _load_spec_file(candidate.resolve(), (stat.st_mtime_ns, stat.st_size), Path.cwd())


def locate_spec(path: str | Path) -> Path:
    """The file `load_spec(path)` reads: `path` itself, or a relative path found under the project
    root. A file found in neither place is named as given, so that the error shows what was typed."""
    given = Path(path)
    if given.is_absolute() or given.exists():
        return given
    in_project = project_path(given)
    return in_project if in_project.exists() else given


@functools.lru_cache(maxsize=64)
def _load_spec_file(candidate: Path, version: tuple[int, int] | None, cwd: Path | None = None) -> Spec:
    shown = display_path(candidate)
    try:
        content = read_regular_file(candidate, MAX_SPEC_BYTES)
    except FileNotFoundError:
        raise SpecErrors([SpecError(Loc(shown, 1, 1), "no such spec file", _missing_hint(candidate))]) from None
    except UnreadableFile as error:
        raise SpecErrors([SpecError(Loc(shown, 1, 1), f"cannot read the spec: it {error}",
                                    "name a YAML file of at most 16 MB")]) from None
    except OSError as error:
        raise SpecErrors([SpecError(Loc(shown, 1, 1), f"cannot read the spec: {error.strerror or error}")]) from None
    try:
        text = content.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = content.count(b"\n", 0, error.start) + 1
        column = len(content[content.rfind(b"\n", 0, error.start) + 1:error.start].decode("utf-8", "replace")) + 1
        raise SpecErrors([SpecError(Loc(shown, line, column), f"the spec is not UTF-8 text (byte 0x{content[error.start]:02x})",
                                    "save the file as UTF-8")]) from None
    return with_origin(_spec_of_text(text, shown), Origin(candidate, text_digest(text)))


def _missing_hint(candidate: Path) -> str:
    """What to check when a spec path names nothing: the folder it points into, and the specs there
    (the closest name first), wherever the user works; the project's own specs only when asked for."""
    folder = candidate.parent
    shipped = "; `automata list` names the project's own specs" if candidate.parts[:1] == ("specs",) else ""
    if not folder.is_dir():
        return f"there is no folder {display_path(folder)}; check the path{shipped}"
    try:
        names = sorted(path.name for path in folder.iterdir() if path.suffix in (".yaml", ".yml"))[:1000]
    except OSError:
        names = []
    where = "the working folder" if display_path(folder) == "." else display_path(folder)
    if not names:
        hint = f"{where} holds no .yaml file; check the path"
    else:
        close = difflib.get_close_matches(candidate.name, names, n=1)
        shown = ", ".join(names[:8]) + (", ..." if len(names) > 8 else "")
        hint = (f"did you mean {close[0]}? " if close else "") + f"the specs in {where}: {shown}"
    return hint + shipped


def spec_from_text(text: str, filename: str = "<spec>") -> Spec:
    """Build a Spec from YAML text; `filename` is used in error locations. The spec's origin is the
    text's digest, with no file."""
    return with_origin(_spec_of_text(text, filename), Origin(None, text_digest(text)))


def _spec_of_text(text: str, filename: str) -> Spec:
    if len(text) > MAX_SPEC_BYTES:  # characters, a lower bound of the bytes: the same cap as for files
        raise SpecErrors([SpecError(Loc(filename, 1, 1), f"the spec is {len(text):,} characters long;"
                                    f" the limit is {MAX_SPEC_BYTES:,}", "a spec describes one automaton: split it")])
    with paused_gc():
        return _spec_from_text(text, filename)


def _spec_from_text(text: str, filename: str) -> Spec:
    try:
        composed = compose(text)
    except ComposeError as error:
        raise SpecErrors([SpecError(Loc(filename, error.line, error.column), error.message, error.hint)]) from None
    builder = _Builder(filename)
    for problem in composed.problems:
        builder.error(problem.node, problem.message, problem.hint)
    if composed.problems:
        raise SpecErrors(builder.all_errors())
    if composed.root is None:
        raise SpecErrors([SpecError(Loc(filename, 1, 1), "the spec is empty", "see docs/spec-format.md")])
    spec = builder.build(composed.root)
    if builder.errors or spec is None:
        raise SpecErrors(builder.all_errors())
    return spec


class _Builder(SystemFieldReader):
    """Turns the YAML node tree into a Spec, collecting every defect with its position."""

    pure = False  # the spec has no `context:` (set by build)

    # -- sections -------------------------------------------------------------------------------

    def build(self, root: Node) -> Spec | None:
        top = self.keyed(root, "the spec", _TOP_KEYS)
        if not isinstance(root, MappingNode):
            return None
        for key in _REQUIRED_TOP:
            if key not in top:
                hint = "name the initial state's number, e.g. `initial: 0`" if key == "initial" else "see docs/spec-format.md"
                what = "no initial state: missing key 'initial'" if key == "initial" else f"missing required key '{key}'"
                self.error(root, what, hint)

        def value(key: str) -> Node | None:
            return top[key][1] if key in top else None

        automaton = self.text(value("automaton"), "automaton name", "A1", limit=100) or "A1"
        if value("automaton") is not None and not AUTOMATON_NAME.fullmatch(automaton):
            self.error(value("automaton"), f"automaton name {short(automaton)!r} is not a plain name",
                       "use a letter then letters, digits or _, at most 64 characters, e.g. A1")
        title = self.text(value("title"), "title", "", TEXT_LIMITS["title"]) or ""
        description = self.text(value("description"), "description", "", TEXT_LIMITS["description"]) or ""
        source = self.text(value("source"), "source", "", TEXT_LIMITS["source"]) or ""
        context = self.text(value("context"), "context", "", TEXT_LIMITS["context"]) or ""
        program = self.text(value("program"), "program", "", TEXT_LIMITS["program"]) or ""
        if program and not PROGRAM_PATH.fullmatch(program):
            self.error(value("program"), f"program {short(program)!r} is not a module path",
                       "name the module that holds make_context, IMPLEMENTATIONS and CASES, e.g. hanoi or pkg.mod:NAME")
            program = ""
        self.automaton = automaton
        # Without a context nothing is called: inputs and outputs are symbols, `call:` optional.
        self.pure = value("context") is None
        self.automata = self.automata_refs(value("automata"), automaton)
        events = self.declarations(value("events"), "event", EventDecl)
        inputs = self.declarations(value("inputs"), "input", InputDecl)
        outputs = self.declarations(value("outputs"), "output", OutputDecl)
        states = self.states(value("states"), outputs)
        # A pure machine has no step event of its own (a run is given its events one by one): the
        # first declared event stands in where a single event is needed.
        default_event = min(events, key=name_order) if self.pure and events else "e0"
        step_event = self.text(value("step_event"), "step_event", default_event, limit=100) or default_event
        if value("events") is not None and step_event not in events:
            node = value("step_event") or value("events")
            shown = short(step_event)
            self.error(node, f"the step event '{shown}' is not declared under `events:`",
                       f"add `{shown}: {{doc: \"next step\"}}` under `events:`")
        initial = self.integer(value("initial"), "initial")
        if initial is not None and states and initial not in states:
            self.error(value("initial"), f"initial state {initial} is not declared",
                       f"declared states are {listing(sorted(states))}")
        arcs = self.arcs(value("arcs"), states, events, inputs, outputs, step_event)
        if value("context") is not None and context and not CONTEXT_PATH.fullmatch(context):
            self.error(value("context"), f"context {short(context)!r} is not of the form package.module:Class",
                       "e.g. solvers.knight_tour.context:KnightTourContext")
        if self.errors:
            return None
        return Spec(
            path=self.filename, automaton=automaton, title=title, description=description, source=source,
            context=context, program=program, initial=initial if initial is not None else 0, step_event=step_event,
            events=events, inputs=inputs, outputs=outputs, states=states, arcs=arcs, loc=self.loc(root),
            context_loc=self.loc(value("context")) if value("context") is not None else self.loc(root),
            program_loc=self.loc(value("program")) if value("program") is not None else None,
            automata=self.automata,
        )

    def declarations(self, node: Node | None, kind: str, factory: Callable[..., Any]) -> dict[str, Any]:
        declared: dict[str, Any] = {}
        if node is None:
            return declared
        if isinstance(node, ScalarNode) and node.value == "":
            return declared
        keys = {"event": _EVENT_KEYS, "input": _IO_KEYS, "output": _OUTPUT_KEYS}[kind]
        for key_node, value_node in self.mapping(node, f"{kind}s") or []:
            name = self.text(key_node, f"{kind} name", limit=100)
            if name is None:
                continue
            if not DECLARED_NAME[kind].fullmatch(name):
                letter = DECLARED_NAME[kind].pattern[0]
                self.error(key_node, f"{kind} name {short(name)!r} does not follow the methodology's naming",
                           f"name {kind}s {letter}0, {letter}1, ...; describe them with `doc`")
                continue
            fields = self.keyed(value_node, f"{kind} {name}", keys)
            doc = self.text(fields["doc"][1], "doc", "", TEXT_LIMITS["doc"]) if "doc" in fields else ""
            if kind == "event":
                declared[name] = factory(name=name, doc=doc or "", loc=self.loc(key_node))
                continue
            if kind == "output" and ("run" in fields or "event" in fields):
                # Declared even when wrong (the error is reported): its uses are not errors too.
                run = self.run_output(fields, name, self.automata) or ("", "", None)
                declared[name] = factory(name=name, doc=doc or "", call="", loc=self.loc(key_node),
                                         run=run[0], event=run[1], run_loc=run[2])
                continue
            if "call" not in fields and self.pure:
                declared[name] = factory(name=name, doc=doc or "", call="", loc=self.loc(key_node))
                continue
            if "call" not in fields:
                also = " (or `run: A2`, an automaton of the system)" if kind == "output" else ""
                self.error(key_node, f"{kind} {name} has no `call`",
                           f"name the context method it calls, e.g. call: is_complete{also}; or remove `context:`"
                           " to make the spec a pure Mealy machine, whose outputs are symbols")
                continue
            call = self.text(fields["call"][1], "call", "", limit=100)
            if call and not METHOD_NAME.fullmatch(call):
                self.error(fields["call"][1], f"call {short(call)!r} is not a public method name",
                           "use a letter then ASCII letters, digits or _ (a name starting with _ is private)")
                continue
            declared[name] = factory(name=name, doc=doc or "", call=call or "", loc=self.loc(key_node))
        return declared

    def states(self, node: Node | None, outputs: Mapping[str, OutputDecl]) -> dict[int, StateDecl]:
        states: dict[int, StateDecl] = {}
        if node is None:
            return states
        for key_node, value_node in self.mapping(node, "states") or []:
            number = self.integer(key_node, "state number")
            if number is None:
                continue
            fields = self.keyed(value_node, f"state {number}", _STATE_KEYS)
            if "name" not in fields:
                self.error(key_node, f"state {number} has no name", "give it a name a student understands, e.g. name: Searching")
            name = self.text(fields["name"][1], "state name", "", TEXT_LIMITS["state name"]) if "name" in fields else ""
            doc = self.text(fields["doc"][1], "doc", "", TEXT_LIMITS["doc"]) if "doc" in fields else ""
            on_enter = self.name_list(fields["on_enter"][1] if "on_enter" in fields else None, "output")
            for output, output_node in on_enter:
                self.require_declared(output_node, output, outputs, "output")
            nested, nested_locs = self.nested_names(fields["nested"][1] if "nested" in fields else None, number,
                                                    self.automata)
            states[number] = StateDecl(
                number=number, name=name or "", doc=doc or "",
                final=self.flag(fields["final"][1], "final") if "final" in fields else False,
                on_enter=tuple(output for output, _ in on_enter),
                may_stay=self.flag(fields["may_stay"][1], "may_stay") if "may_stay" in fields else False,
                loc=self.loc(key_node), nested=nested, nested_locs=nested_locs,
            )
        if not states and not self.errors:
            self.error(node, "the spec declares no states", "declare states under `states:`")
        return states

    def arcs(self, node: Node | None, states: Mapping[int, StateDecl], events: Mapping[str, EventDecl],
             inputs: Mapping[str, InputDecl], outputs: Mapping[str, OutputDecl], step_event: str) -> tuple[ArcDecl, ...]:
        if node is None:
            return ()
        if not isinstance(node, SequenceNode):
            self.error(node, "`arcs` must be a list", "write each arc as `- {from: 0, to: 1, guard: \"x1\"}`")
            return ()
        arcs = []
        for index, arc_node in enumerate(node.value):
            fields = self.keyed(arc_node, f"arc {index + 1}", _ARC_KEYS)
            if not isinstance(arc_node, MappingNode):
                continue
            ends = {}
            for key in ("from", "to"):
                if key not in fields:
                    self.error(arc_node, f"arc has no `{key}`", f"name the {'source' if key == 'from' else 'target'} state's number")
                    continue
                number = self.integer(fields[key][1], f"`{key}`")
                if number is not None and states and number not in states:
                    self.error(fields[key][1], f"arc {'comes from' if key == 'from' else 'goes to'} unknown state {number}",
                               f"declared states are {listing(sorted(states))}; add state {number} under `states:` or fix the number")
                    number = None
                ends[key] = number
            event = step_event
            if "event" in fields:
                event = self.text(fields["event"][1], "event", step_event, limit=100) or step_event
                self.require_declared(fields["event"][1], event, events, "event")
            guard, guard_text, guard_loc = ALWAYS, "", self.loc(arc_node)
            if "guard" in fields:
                guard_node = fields["guard"][1]
                guard_loc = self.loc(guard_node)
                parsed = self.guard(guard_node, inputs)
                if parsed is not None:
                    guard, guard_text = parsed, str(guard_node.value)
            actions = self.name_list(fields["actions"][1] if "actions" in fields else None, "action")
            for output, output_node in actions:
                self.require_declared(output_node, output, outputs, "output")
            priority = self.integer(fields["priority"][1], "priority") if "priority" in fields else None
            if ends.get("from") is None or ends.get("to") is None:
                continue
            arcs.append(ArcDecl(
                index=index, source=ends["from"], target=ends["to"], event=event, guard=guard, guard_text=guard_text,
                actions=tuple(output for output, _ in actions), priority=priority, loc=self.loc(arc_node), guard_loc=guard_loc,
            ))
        return tuple(arcs)

    def guard(self, node: Node, inputs: Mapping[str, InputDecl]) -> Guard | None:
        if not isinstance(node, ScalarNode):
            self.error(node, "guard must be text", "quote it, e.g. guard: \"x1 & !x2\"")
            return None
        value = self.scalar(node)
        if isinstance(value, bool):
            self.error(node, f"guard {short(node.value)!r} is read by YAML as a boolean",
                       "write '1' for an arc that always fires, '0' for one that never does")
            return None
        text = str(value)
        if len(text) > MAX_GUARD_CHARACTERS:
            self.error(node, f"the guard is {len(text):,} characters long; at most {MAX_GUARD_CHARACTERS:,} are allowed",
                       "split the condition: an intermediate state, or an input that computes part of it")
            return None
        if guard_nesting(text) > MAX_GUARD_NESTING:
            self.error(node, f"the guard nests deeper than {MAX_GUARD_NESTING} levels of parentheses and negations",
                       "simplify it: !!x is x, and & and | need no parentheses among themselves")
            return None
        try:
            guard = parse_guard(text)
        except GuardSyntaxError as error:
            # Point at the bad token itself: shift past an opening quote when the scalar is quoted.
            offset = 1 if node.style in ("'", '"') else 0
            line = node.start_mark.line + 1
            col = node.start_mark.column + offset + error.column
            self.error_at(Loc(self.filename, line, col), f"guard syntax: {error.message}", error.hint)
            return None
        for name in guard.variables():
            if not is_state_test(name):
                self.require_declared(node, name, inputs, "input")
        self.check_state_tests(node, guard, self.automaton, self.automata)
        return guard

    def require_declared(self, node: Node, name: str, declared: Mapping[str, Any], kind: str) -> None:
        if name in declared:
            return
        if self.full:  # counted, not described: a suggestion costs a comparison with every name
            self.count_omitted(node)
            return
        close = suggestion(name, declared)
        hint = f"did you mean '{close}'? " if close else ""
        self.error(node, f"undefined {kind} {short(name)!r}",
                   f"{hint}declared {kind}s: {listing(declared) or 'none'}; declare it under `{kind}s:`")
