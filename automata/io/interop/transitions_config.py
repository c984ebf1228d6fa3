"""`transitions` configurations: the dictionary `Machine(**config)` accepts and `MarkupMachine`
exports, kept as JSON or YAML, read and written.

Mapping (docs/interop.md): triggers are events; a transition's `conditions` are inputs that must
hold and its `unless` inputs that must not; callbacks are outputs, run in the order `transitions`
runs them: the machine's `prepare_event`, each tried transition's `prepare`, `before_state_change`,
`before`, the source's `on_exit`, the target's `on_enter` (an external transition), `after`,
`after_state_change`, `finalize_event`. Transitions of one trigger and source are tried in the
order written; when none can fire, `transitions` stays where it is, which the spec says with an
explicit arc that stays (and runs the callbacks that ran). Condition and callback names are kept
as `call:`, so that a model class can be named as the spec's `context:`. Nested and parallel
states, timeouts and `on_final` are refused where they are written.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from ...model.guards import ALWAYS, And, Guard, Not, Or, Var
from ...model.names import METHOD_NAME
from ...model.spec import InputDecl, OutputDecl, Spec
from ..yaml_nodes import paused_gc
from .conditions import covers_everything
from .expressible import moves, system_problems, token_symbols, unexpressed_failures
from .machine import SourceMachine, SourceTransition, compose_source, source_error

MAX_CONDITION_TERMS = 256  # a guard written as condition lists: at most this many transitions

_TOP = {"states", "transitions", "initial", "name", "auto_transitions", "ignore_invalid_triggers", "send_event",
        "queued", "model_attribute", "models", "model_override", "on_exception", "before_state_change",
        "after_state_change", "prepare_event", "finalize_event", "on_final", "title"}
_STATE = {"name", "on_enter", "on_exit", "final", "ignore_invalid_triggers", "tags", "value"}
_TRANSITION = {"trigger", "source", "dest", "conditions", "unless", "before", "after", "prepare"}
_LIST_FORM = ("trigger", "source", "dest", "conditions", "unless", "before", "after", "prepare")
_REFUSED = {"children": "nested states", "states": "nested states", "parallel": "parallel states",
            "initial": "nested states", "timeout": "timeouts", "on_timeout": "timeouts"}


class _Reader:
    def __init__(self, file: str) -> None:
        self.file = file

    def line(self, node: Node) -> int:
        return node.start_mark.line + 1

    def fail(self, node: Node, message: str, hint: str = "") -> Exception:
        return source_error(self.file, self.line(node), message, hint)

    def mapping(self, node: Node, what: str, allowed: set[str]) -> dict[str, Node]:
        if not isinstance(node, MappingNode):
            raise self.fail(node, f"{what} must be a mapping")
        found: dict[str, Node] = {}
        for key, value in node.value:
            name = self.text(key, "a key")
            if name in _REFUSED and what != "the configuration":
                raise self.fail(key, f"{_REFUSED[name]} ({name}) are not supported", "a spec is one flat machine")
            if name not in allowed:
                raise self.fail(key, f"unknown key {name[:40]!r} in {what}",
                                f"the keys are {', '.join(sorted(allowed))}")
            found[name] = value
        return found

    def text(self, node: Node, what: str) -> str:
        if not isinstance(node, ScalarNode):
            raise self.fail(node, f"{what} must be text")
        return str(node.value)

    def null(self, node: Node) -> bool:
        return isinstance(node, ScalarNode) and node.tag.endswith(":null")

    def names(self, node: Node | None, what: str) -> list[str]:
        """A callback or condition list: one name, or a list of names."""
        if node is None or self.null(node):
            return []
        if isinstance(node, SequenceNode):
            return [self.text(item, what) for item in node.value]
        return [self.text(node, what)]

    def flag(self, node: Node | None) -> bool:
        if node is None:
            return False
        value = self.text(node, "a flag").lower()
        if value not in ("true", "false"):
            raise self.fail(node, "expected true or false")
        return value == "true"


@dataclass
class _Transition:
    trigger: str
    sources: list[str]  # "=" in dest refers to each
    dest: str | None  # None: internal
    guard: Guard
    prepare: list[str]
    before: list[str]
    after: list[str]
    line: int


def read_transitions_config(text: str, file: str, title: str) -> SourceMachine:
    with paused_gc():
        return _read(text, file, title)


def _read(text: str, file: str, title: str) -> SourceMachine:
    reader = _Reader(file)
    top = reader.mapping(compose_source(text, file), "the configuration", _TOP)
    for key in ("on_final",):
        if key in top and reader.names(top[key], key):
            raise reader.fail(top[key], f"{key} callbacks are not supported", "run them from the final states' on_enter")
    if "states" not in top:
        raise source_error(file, 1, "the configuration has no `states`", "list the machine's states")
    machine = SourceMachine(file=file, format="transitions", title=title)
    if "name" in top and isinstance(top["name"], ScalarNode):
        machine.name = str(top["name"].value)
    if "title" in top:
        machine.title = reader.text(top["title"], "title")
    ignoring = reader.flag(top.get("ignore_invalid_triggers"))
    exits: dict[str, list[str]] = {}
    enters: dict[str, list[str]] = {}
    ignores: dict[str, bool] = {}
    states_node = top["states"]
    items = states_node.value if isinstance(states_node, SequenceNode) else None
    if items is None:
        raise reader.fail(states_node, "`states` must be a list")
    for item in items:
        if isinstance(item, ScalarNode):
            name, fields = reader.text(item, "a state"), {}
        else:
            fields = reader.mapping(item, "a state", _STATE)
            if "name" not in fields:
                raise reader.fail(item, "a state has no name")
            name = reader.text(fields["name"], "a state's name")
        if name in machine.states:
            raise reader.fail(item, f"state {name[:40]!r} is listed twice")
        state = machine.state(name, reader.line(item))
        state.final = reader.flag(fields.get("final"))
        enters[name] = reader.names(fields.get("on_enter"), "a callback")
        exits[name] = reader.names(fields.get("on_exit"), "a callback")
        ignores[name] = reader.flag(fields["ignore_invalid_triggers"]) if "ignore_invalid_triggers" in fields else ignoring
    initial = reader.text(top["initial"], "initial") if "initial" in top else "initial"
    if initial not in machine.states:  # transitions adds the initial state when it is not listed
        machine.state(initial, reader.line(top["initial"]) if "initial" in top else 1)
        enters.setdefault(initial, [])
        exits.setdefault(initial, [])
        ignores.setdefault(initial, ignoring)
    machine.initial = initial
    machine_callbacks = {key: reader.names(top.get(key), "a callback") for key in
                         ("prepare_event", "before_state_change", "after_state_change", "finalize_event")}
    transitions = list(_transitions(reader, top.get("transitions"), machine))
    _build(machine, transitions, machine_callbacks, enters, exits, ignores)
    for name in {name for transition in transitions for name in (transition.guard.variables())}:
        machine.conditions.setdefault(name, name if METHOD_NAME.fullmatch(name) else "")
    return machine


def _transitions(reader: _Reader, node: Node | None, machine: SourceMachine) -> Iterator[_Transition]:
    if node is None or reader.null(node):
        return
    if not isinstance(node, SequenceNode):
        raise reader.fail(node, "`transitions` must be a list")
    for item in node.value:
        if isinstance(item, SequenceNode):  # the list form: [trigger, source, dest, conditions, ...]
            if not 3 <= len(item.value) <= len(_LIST_FORM):
                raise reader.fail(item, "a transition written as a list is [trigger, source, dest, conditions, "
                                        "unless, before, after, prepare]")
            fields = dict(zip(_LIST_FORM, item.value))
        else:
            fields = reader.mapping(item, "a transition", _TRANSITION)
        for key in ("trigger", "source"):
            if key not in fields:
                raise reader.fail(item, f"a transition has no `{key}`")
        trigger = reader.text(fields["trigger"], "a trigger")
        sources = reader.names(fields["source"], "a source state")
        if sources == ["*"]:
            sources = list(machine.states)
        for source in sources:
            if source not in machine.states:
                raise reader.fail(fields["source"], f"transition {trigger!r} leaves {source[:40]!r}, which is not a "
                                                    "state", "list it under `states`")
        dest_node = fields.get("dest")
        dest = None if dest_node is None or reader.null(dest_node) else reader.text(dest_node, "a destination")
        if dest is not None and dest != "=" and dest not in machine.states:
            raise reader.fail(dest_node, f"transition {trigger!r} goes to {dest[:40]!r}, which is not a state")
        conditions = [Var(name) for name in reader.names(fields.get("conditions"), "a condition")]
        conditions += [Not(Var(name)) for name in reader.names(fields.get("unless"), "a condition")]
        guard = ALWAYS if not conditions else conditions[0] if len(conditions) == 1 else And(tuple(conditions))
        yield _Transition(trigger, sources, dest, guard, reader.names(fields.get("prepare"), "a callback"),
                          reader.names(fields.get("before"), "a callback"),
                          reader.names(fields.get("after"), "a callback"), reader.line(item))


def _build(machine: SourceMachine, transitions: list[_Transition], callbacks: dict[str, list[str]],
           enters: dict[str, list[str]], exits: dict[str, list[str]], ignores: dict[str, bool]) -> None:
    """The arcs `transitions` takes, trigger by trigger and state by state, with their outputs."""
    triggers = list(dict.fromkeys(transition.trigger for transition in transitions))
    groups: dict[tuple[str, str], list[_Transition]] = {}
    for transition in transitions:
        for source in dict.fromkeys(transition.sources):
            groups.setdefault((source, transition.trigger), []).append(transition)
    for state in machine.states:
        for trigger in triggers:
            group = groups.get((state, trigger), [])
            line = group[0].line if group else machine.states[state].line
            if not group:
                if ignores.get(state):  # ignored: nothing but finalize_event runs
                    machine.transitions.append(SourceTransition(state, state, trigger, line,
                                                                outputs=callbacks["finalize_event"], internal=True))
                continue
            prepared = list(callbacks["prepare_event"])
            guards = []
            for transition in group:
                prepared += transition.prepare
                dest = state if transition.dest == "=" else transition.dest
                outputs = prepared + callbacks["before_state_change"] + transition.before
                if dest is not None:
                    outputs += exits[state] + enters[dest]
                outputs += transition.after + callbacks["after_state_change"] + callbacks["finalize_event"]
                machine.transitions.append(SourceTransition(state, dest or state, trigger, transition.line,
                                                            transition.guard, outputs, internal=dest is None))
                guards.append(transition.guard)
            if not covers_everything(guards):  # when no condition holds, transitions stays and runs what ran
                rest = Not(guards[0] if len(guards) == 1 else Or(tuple(guards)))
                machine.transitions.append(SourceTransition(state, state, trigger, group[-1].line, rest,
                                                            prepared + callbacks["finalize_event"], internal=True))
    for source_symbol in {symbol for transition in machine.transitions for symbol in transition.outputs}:
        machine.outputs_called[source_symbol] = source_symbol if METHOD_NAME.fullmatch(source_symbol) else ""


def _terms(guard: Guard) -> list[list[Guard]]:
    """A guard as a disjunction of conjunctions of literals (each a list), in the order they are tried."""
    if guard == ALWAYS:
        return [[]]
    if isinstance(guard, Var):
        return [[guard]]
    if isinstance(guard, Not):
        inner = guard.operand
        if isinstance(inner, Var):
            return [[guard]]
        if isinstance(inner, Not):
            return _terms(inner.operand)
        if isinstance(inner, And):
            return _terms(Or(tuple(Not(operand) for operand in inner.operands)))
        if isinstance(inner, Or):
            return _terms(And(tuple(Not(operand) for operand in inner.operands)))
        return [] if inner == ALWAYS else [[]]  # !1 never holds, !0 always
    if isinstance(guard, Or):
        return [term for operand in guard.operands for term in _terms(operand)]
    if isinstance(guard, And):
        terms: list[list[Guard]] = [[]]
        for operand in guard.operands:
            terms = [left + right for left in terms for right in _terms(operand)]
            if len(terms) > MAX_CONDITION_TERMS:
                raise ValueError("too many terms")
        return terms
    return []  # the constant 0


def method_names(spec: Spec, declared: Mapping[str, InputDecl | OutputDecl]) -> dict[str, str]:
    """What a configuration calls each input (a condition) or output (a callback): the method the
    spec calls, else its symbol where that is a name (expressible.token_symbols)."""
    tokens = token_symbols(spec, declared)
    return {name: decl.call or tokens[name] for name, decl in declared.items()}


def write_transitions_config(spec: Spec, problems: list[str], as_json: bool = True) -> str:
    """The spec as a `transitions` configuration (JSON, or YAML when `as_json` is False): conditions
    and callbacks named by the methods the spec calls, else by their symbols where those are names."""
    problems += system_problems(spec) + unexpressed_failures(spec, "transitions")
    events = token_symbols(spec, spec.events)
    conditions = method_names(spec, spec.inputs)
    callbacks = method_names(spec, spec.outputs)
    names = [state.name for state in spec.states.values()]
    unique = len(set(names)) == len(names) and all(name and name != "=" and name != "*" for name in names)
    state_name = {number: state.name if unique else f"{number} {state.name}" for number, state in spec.states.items()}
    states = []
    for number, state in sorted(spec.states.items()):
        entry: dict[str, object] = {"name": state_name[number]}
        if state.on_enter:
            entry["on_enter"] = [callbacks[name] for name in state.on_enter]
        if state.final:
            entry["final"] = True
        states.append(entry)
    transitions = []
    for move in moves(spec):
        try:
            terms = _terms(move.guard)
        except ValueError:
            problems.append(f"the guard of an arc from state {move.source} on {move.event} ({move.guard}) needs more "
                            f"than {MAX_CONDITION_TERMS} condition lists")
            continue
        actions = move.outputs[:len(move.outputs) - len(spec.states[move.target].on_enter)] if not move.stays else ()
        for term in terms:
            entry = {"trigger": events[move.event], "source": state_name[move.source],
                     "dest": None if move.stays else state_name[move.target]}
            positive = [conditions[literal.name] for literal in term if isinstance(literal, Var)]
            negative = [conditions[literal.operand.name] for literal in term if isinstance(literal, Not)]
            if positive:
                entry["conditions"] = positive
            if negative:
                entry["unless"] = negative
            if actions:
                entry["before"] = [callbacks[name] for name in actions]
            transitions.append(entry)
    config = {"name": spec.automaton, "title": spec.title, "initial": state_name[spec.initial],
              "auto_transitions": False, "states": states, "transitions": transitions}
    if as_json:
        return json.dumps(config, indent=2, ensure_ascii=False) + "\n"
    return yaml.safe_dump(config, sort_keys=False, allow_unicode=True, width=100)

