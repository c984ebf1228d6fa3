"""A machine read from another tool's file, before it becomes a spec.

Every reader (DOT Mealy, EFSM, transitions configurations, SCXML) fills a `SourceMachine` with the
source's own names and lines; `to_spec` then gives the methodology's names (states numbered,
events e0.., inputs x1.., outputs z0..) and keeps each source name in the `doc` of what it names,
so that nothing the source called a thing is lost, and nothing from the file reaches a spec except
as a validated name or as text. Names that already follow the methodology (`e3`, `x1`, `z2`, state
numbers) are kept as they are, so that a spec exported and imported again keeps its names.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from yaml.nodes import Node

from ...errors import Loc, SpecError, SpecErrors, clipped
from ...model.guards import ALWAYS, Guard, renamed
from ...model.names import EVENT_NAME, INPUT_NAME, METHOD_NAME, OUTPUT_NAME
from ...model.spec import ArcDecl, EventDecl, InputDecl, OutputDecl, Spec, StateDecl, name_order
from ..loader import TEXT_LIMITS
from ..yaml_nodes import ComposeError, compose
from .conditions import exclusive, simplified

MAX_STATES = 100_000
_STATE_NUMBER = re.compile(r"(?:s|q)?([0-9]{1,9})", re.ASCII)


class SourceErrors(SpecErrors):
    """A file that cannot be imported: every defect with the source's file and line. Exit code 2."""


def source_error(file: str, line: int, message: str, hint: str = "") -> SourceErrors:
    return SourceErrors([SpecError(Loc(file, line, 1), message, hint)])


def compose_source(text: str, file: str) -> Node:
    """The YAML (or JSON) node tree of an imported file, bounded and safe as a spec's
    (automata/io/yaml_nodes.py); SourceErrors at the line of what it refuses."""
    try:
        composed = compose(text)
    except ComposeError as error:
        raise source_error(file, error.line, error.message, error.hint) from None
    if composed.problems:
        problem = composed.problems[0]
        raise source_error(file, problem.node.start_mark.line + 1, problem.message, problem.hint)
    if composed.root is None:
        raise source_error(file, 1, "the file is empty")
    return composed.root


@dataclass
class SourceState:
    name: str  # the source's id
    line: int
    label: str = ""  # the source's label (what it shows), when it has one besides the id
    final: bool = False
    may_stay: bool = False  # an input no transition takes leaves the state as it is (SCXML)
    on_enter: list[str] = field(default_factory=list)  # output symbols
    on_exit: list[str] = field(default_factory=list)


@dataclass
class SourceTransition:
    source: str
    target: str
    event: str  # the source's event name
    line: int
    guard: Guard = ALWAYS  # over the source's condition names
    outputs: list[str] = field(default_factory=list)  # output symbols, in order
    internal: bool = False  # taken without leaving the state: no on_exit / on_enter runs (SCXML targetless)


@dataclass
class SourceMachine:
    file: str  # as shown in messages
    format: str
    title: str
    name: str = ""  # the source's name of the machine, if it has one
    states: dict[str, SourceState] = field(default_factory=dict)
    initial: str = ""
    transitions: list[SourceTransition] = field(default_factory=list)
    events: dict[str, int] = field(default_factory=dict)  # declared events -> line, besides those arcs use
    conditions: dict[str, str] = field(default_factory=dict)  # condition name -> the method it calls ("" none)
    outputs_called: dict[str, str] = field(default_factory=dict)  # output symbol -> the method it calls
    doc: str = ""  # what the importer says about the source

    def state(self, name: str, line: int) -> SourceState:
        """The state named `name`, declared at its first mention."""
        if name not in self.states:
            if len(self.states) >= MAX_STATES:
                raise source_error(self.file, line, f"more than {MAX_STATES:,} states", "split the machine")
            self.states[name] = SourceState(name, line)
        return self.states[name]


def _names(symbols: Iterable[str], pattern: re.Pattern[str], letter: str, first: int) -> dict[str, str]:
    """Methodology names for source names: kept when they all already are such names, else numbered."""
    ordered = list(dict.fromkeys(symbols))
    if ordered and all(pattern.fullmatch(symbol) for symbol in ordered):
        return {symbol: symbol for symbol in ordered}
    return {symbol: f"{letter}{number}" for number, symbol in enumerate(ordered, start=first)}


def _state_numbers(machine: SourceMachine) -> dict[str, int]:
    """States numbered in the source's order, the initial one first; ids that are numbers (`3`, `s3`,
    `q3`), all distinct, keep their number."""
    names = [machine.initial, *(name for name in machine.states if name != machine.initial)]
    found = [_STATE_NUMBER.fullmatch(name) for name in names]
    numbers = [int(match.group(1)) if match else -1 for match in found]
    if all(match for match in found) and len(set(numbers)) == len(numbers):
        return dict(zip(names, numbers))
    return {name: number for number, name in enumerate(names)}


def _text(machine: SourceMachine, text: str, kind: str, line: int) -> str:
    limit = TEXT_LIMITS["state name" if kind == "state name" else "doc"]
    if len(text) > limit:
        raise source_error(machine.file, line, f"{kind} {clipped(text, 60)!r} is {len(text):,} characters long; "
                                               f"a spec keeps at most {limit:,}", "shorten it in the source")
    if not text.isprintable():
        raise source_error(machine.file, line, f"{kind} {clipped(text, 60)!r} contains control characters",
                           "a name is one line of printable text")
    return text


def to_spec(machine: SourceMachine, automaton: str = "A1") -> Spec:
    """The spec of a machine read from a file: a pure Mealy machine (no context), its source's names
    in the docs. Raises SourceErrors at the source line of anything a spec cannot hold."""
    file = machine.file
    if not machine.states:
        raise source_error(file, 1, f"no state found in this {machine.format} file", "is it the right format?")
    if not machine.initial:
        machine.initial = next(iter(machine.states))
    numbers = _state_numbers(machine)
    used_events = [transition.event for transition in machine.transitions]
    events = _names([*used_events, *machine.events], EVENT_NAME, "e", 0)
    conditions = [name for transition in machine.transitions for name in transition.guard.variables()]
    inputs = _names([*conditions, *machine.conditions], INPUT_NAME, "x", 1)
    symbols = [symbol for transition in machine.transitions for symbol in transition.outputs]
    symbols += [symbol for state in machine.states.values() for symbol in (*state.on_enter, *state.on_exit)]
    outputs = _names([*symbols, *machine.outputs_called], OUTPUT_NAME, "z", 0)

    def loc(line: int) -> Loc:
        return Loc(file, line, 1)

    lines: dict[str, int] = {}  # where each event, condition and output symbol is first written
    for transition in machine.transitions:
        for key in (f"e:{transition.event}", *(f"x:{name}" for name in transition.guard.variables()),
                    *(f"z:{symbol}" for symbol in transition.outputs)):
            lines.setdefault(key, transition.line)
    for state in machine.states.values():
        for symbol in (*state.on_enter, *state.on_exit):
            lines.setdefault(f"z:{symbol}", state.line)
    lines.update({f"e:{event}": line for event, line in machine.events.items() if f"e:{event}" not in lines})

    def doc(kind: str, source: str, name: str) -> tuple[str, Loc]:
        """The doc that keeps a source name (none when the name is kept as it is), and where it is written."""
        line = lines.get(f"{name[0]}:{source}", 1)  # e:, x: or z:, as in `lines`
        return ("" if name == source else _text(machine, source, kind, line)), loc(line)

    event_decls = {name: EventDecl(name, *doc("event", source, name)) for source, name in events.items()}
    input_decls = {}
    for source, name in inputs.items():
        text, where = doc("condition", source, name)
        input_decls[name] = InputDecl(name, text, _method(machine.conditions.get(source, "")), where)
    output_decls = {}
    for source, name in outputs.items():
        text, where = doc("output", source, name)
        output_decls[name] = OutputDecl(name, text, _method(machine.outputs_called.get(source, "")), where)
    states: dict[int, StateDecl] = {}
    for source, number in numbers.items():
        state = machine.states[source]
        # Named as the source shows the state (its label), the source's id kept in the doc when it differs.
        name = _text(machine, state.label or source, "state name", state.line)
        doc = _text(machine, source, "state id", state.line) if name != source else ""
        states[number] = StateDecl(number, name, doc, state.final, tuple(outputs[s] for s in state.on_enter),
                                   state.may_stay, loc(state.line))
    arcs: list[ArcDecl] = []
    priorities = _priorities(machine.transitions)
    for position, transition in enumerate(machine.transitions):
        leaving = machine.states[transition.source]
        outputs_run = list(transition.outputs)
        if not transition.internal:
            outputs_run = [*leaving.on_exit, *outputs_run]
        target = numbers[transition.target]
        if transition.internal and states[target].on_enter:
            raise source_error(file, transition.line, "a transition without a target in a state with entry actions",
                               "a spec runs a state's entry actions on every arc into it")
        guard = simplified(renamed(transition.guard, inputs))
        arcs.append(ArcDecl(len(arcs), numbers[transition.source], target, events[transition.event], guard,
                            "" if guard == ALWAYS else str(guard), tuple(outputs[s] for s in outputs_run),
                            priorities.get(position), loc(transition.line), loc(transition.line)))
    title = _text(machine, machine.title, "title", 1)[: TEXT_LIMITS["title"]]
    return Spec(path=file, automaton=automaton, title=title, description=machine.doc, source=clipped(file, 200),
                context="", initial=numbers[machine.initial], step_event=min(events.values(), key=name_order, default="e0"),
                events=event_decls or {"e0": EventDecl("e0", "", loc(1))}, inputs=input_decls, outputs=output_decls,
                states=states, arcs=tuple(arcs), loc=loc(1))


def _priorities(transitions: list[SourceTransition]) -> dict[int, int]:
    """Transitions of one state and event are tried in the order written: where their guards
    overlap, a spec says so with priorities (1 for the first), by position in the list."""
    groups: dict[tuple[str, str], list[int]] = {}
    for position, transition in enumerate(transitions):
        groups.setdefault((transition.source, transition.event), []).append(position)
    priorities = {}
    for positions in groups.values():
        if len(positions) > 1 and not exclusive([transitions[position].guard for position in positions]):
            priorities.update({position: rank for rank, position in enumerate(positions, start=1)})
    return priorities


def _method(call: str) -> str:
    return call if METHOD_NAME.fullmatch(call) else ""

