"""Extended finite-state machines as the automata-programming school's tools write them (the
EFSM-tools of ITMO among them): a DOT graph whose edges read `EVENT [guard] (z1, z2)`.

The event is an input symbol; the guard a boolean formula over input variables (`x1 & !x2`, `~x1`,
`1` for always); the outputs, in parentheses, run in order (none: `()`). The initial state is drawn
bold (`style = "bold"`), or is the target of a start marker, or else the first state. A node drawn
`doublecircle` is final (the tools have no final states; specs may). The arcs of one state and
event are tried in the order written, as a spec's are.
"""

from __future__ import annotations

import re

from ...model.guards import ALWAYS
from ...model.spec import Spec
from .conditions import condition_text, read_condition
from .dot_mealy import _quoted, is_start_marker, label_text, machine_from_graph
from .dot_reader import read_dot
from .expressible import TOKEN, moves, system_problems, token_symbols
from .machine import SourceMachine, SourceTransition, source_error

_LABEL = re.compile(r"^\s*(?P<event>[^\s\[\]()]+)\s*\[(?P<guard>[^\[\]]*)\]\s*\((?P<outputs>[^()]*)\)\s*$")
_EDGE_LABEL = re.compile(r"->[^\[\n]*\[[^\n]*?label\s*=\s*\"(?P<label>(?:[^\"\\]|\\.)*)\"")


def looks_like_efsm(text: str, file: str) -> bool:
    """Whether the first labelled edge of a DOT text reads `EVENT [guard] (outputs)`."""
    for match in _EDGE_LABEL.finditer(text):
        return _LABEL.match(match["label"]) is not None
    return False


def read_efsm(text: str, file: str, title: str) -> SourceMachine:
    graph = read_dot(text, file)
    machine = machine_from_graph(graph, file, title, "efsm")
    machine.name = graph.name
    bold = [node.name for node in graph.nodes.values() if "bold" in node.attributes.get("style", "").lower()]
    if len(bold) > 1:
        raise source_error(file, graph.nodes[bold[1]].line, "a second state drawn bold: the initial state is the "
                                                            "only one drawn bold", "draw one state bold")
    if bold:
        machine.initial = bold[0]
    for edge in graph.edges:
        if is_start_marker(edge.source):
            continue
        label = label_text(edge)
        match = _LABEL.match(label)
        if match is None:
            raise source_error(file, edge.line, f"edge {edge.source} -> {edge.target}: label {label[:60]!r} does not "
                                                "read `EVENT [guard] (outputs)`",
                               "e.g. label = \"A [x1 & !x2] (z1, z2)\"; write [1] for no condition, () for no output")
        guard = read_condition(match["guard"]) if match["guard"].strip() else ALWAYS
        if guard is None:
            raise source_error(file, edge.line, f"edge {edge.source} -> {edge.target}: guard [{match['guard'][:60]}] "
                                                "is not a boolean formula over input variables",
                               "use names, ! or ~, &, |, parentheses, 1 and 0")
        outputs = [part.strip() for part in match["outputs"].split(",")]
        if any(not part for part in outputs) and match["outputs"].strip():
            raise source_error(file, edge.line, f"edge {edge.source} -> {edge.target}: an empty output in "
                                                f"({match['outputs']})", "separate outputs with single commas")
        machine.transitions.append(SourceTransition(edge.source, edge.target, match["event"], edge.line, guard,
                                                    [part for part in outputs if part]))
    return machine


def write_efsm(spec: Spec, problems: list[str]) -> str:
    """The spec as an EFSM graph: events and outputs by their symbols where those are plain names
    (else by their names), inputs by their names (the tools' x1, x2, ...)."""
    problems += system_problems(spec)
    events = token_symbols(spec, spec.events)
    outputs = token_symbols(spec, spec.outputs)
    problems += [f"input {name} is not named x<number>" for name in spec.inputs if not TOKEN.fullmatch(name)]
    lines = ["digraph Automaton {", "    node [shape = circle];"]
    for number, state in sorted(spec.states.items()):
        style = ['style = "bold"'] if number == spec.initial else []
        style += ["shape = doublecircle"] if state.final else []
        style += [f"label = {_quoted(state.name)}"]
        lines.append(f"    {number} [{', '.join(style)}];")
    for move in moves(spec):
        guard = condition_text(move.guard, {})
        label = f"{events[move.event]} [{guard}] ({', '.join(outputs[name] for name in move.outputs)})"
        lines.append(f"    {move.source} -> {move.target} [label = {_quoted(label)}];")
    lines.append("}")
    return "\n".join(lines) + "\n"

