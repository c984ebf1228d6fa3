"""Mealy machines as DOT, the form automata-learning tools (LearnLib, AALpy) write, read and written.

Each edge is a transition labelled `input / output` (spaces around the slash or not; an HTML label
`<input<br/>output>` too); the output is one symbol, whatever it contains (`&`, commas,
parentheses). The initial state is the target of the edge from a start marker (a node whose name
starts with `__start`), or else the first state written. A node drawn `doublecircle` (or with
`peripheries=2`) is a final state: the learning tools never draw one, but a spec may have them.
An empty output (`a /`) is a step with no output.
"""

from __future__ import annotations

import html
import re

from ...model.spec import Spec
from ...model.words import symbol
from .dot_reader import DotEdge, DotGraph, read_dot
from .expressible import mealy_problems, moves, symbol_problems
from .machine import SourceMachine, SourceTransition, source_error

_BREAK = re.compile(r"<\s*br\s*/?\s*>", re.IGNORECASE)
_TAG = re.compile(r"<[^<>]*>")


def is_start_marker(name: str) -> bool:
    return name.startswith("__start")


def label_text(edge: DotEdge) -> str:
    """An edge's label as text: HTML labels lose their tags (a line break becomes ' / ') and entities."""
    label = edge.attributes.get("label", "")
    if "label" in edge.html:
        label = html.unescape(_TAG.sub("", _BREAK.sub(" / ", label)))
    return label


def split_label(label: str) -> tuple[str, str] | None:
    """`input / output` -> (input, output); None when the label has no slash."""
    for separator in (" / ", "/"):
        if separator in label:
            given, _, output = label.partition(separator)
            return given.strip(), output.strip()
    return None


def final_node(attributes: dict[str, str]) -> bool:
    return attributes.get("shape", "").lower() == "doublecircle" or attributes.get("peripheries", "") == "2"


def machine_from_graph(graph: DotGraph, file: str, title: str, format_name: str) -> SourceMachine:
    """The states of a DOT graph (start markers left out) and its initial state."""
    machine = SourceMachine(file=file, format=format_name, title=title)
    for node in graph.nodes.values():
        if is_start_marker(node.name):
            continue
        state = machine.state(node.name, node.line)
        label = node.attributes.get("label", "")
        state.label = html.unescape(_TAG.sub(" ", label)).strip() if "label" in node.html else label
        state.final = final_node(node.attributes)
    starts = [edge for edge in graph.edges if is_start_marker(edge.source)]
    if len({edge.target for edge in starts}) > 1:
        raise source_error(file, starts[1].line, "a second start marker: a machine has one initial state",
                           "keep one `__start0 -> STATE` edge")
    if starts:
        if is_start_marker(starts[0].target):
            raise source_error(file, starts[0].line, "the start marker points at another start marker")
        machine.initial = starts[0].target
    return machine


def read_dot_mealy(text: str, file: str, title: str) -> SourceMachine:
    graph = read_dot(text, file)
    machine = machine_from_graph(graph, file, title, "dot-mealy")
    seen: dict[tuple[str, str], tuple[int, str, str]] = {}  # (state, input) -> (line, target, output)
    for edge in graph.edges:
        if is_start_marker(edge.source):
            continue
        if is_start_marker(edge.target):
            raise source_error(file, edge.line, f"an edge into the start marker {edge.target!r}")
        label = label_text(edge)
        parts = split_label(label)
        if parts is None:
            hint = "a Mealy machine's edge reads `input / output`"
            raise source_error(file, edge.line, f"edge {edge.source} -> {edge.target}: label {label[:60]!r} has no "
                                                "'/' between input and output" if label else
                               f"edge {edge.source} -> {edge.target} has no label", hint)
        given, output = parts
        if not given:
            raise source_error(file, edge.line, f"edge {edge.source} -> {edge.target}: no input before the '/'")
        first = seen.setdefault((edge.source, given), (edge.line, edge.target, output))
        if first[1:] == (edge.target, output) and first[0] != edge.line:
            continue  # the same transition written twice
        if first[0] != edge.line:
            raise source_error(file, edge.line, f"a second transition from {edge.source} on input {given[:60]!r} "
                                                f"(the first is on line {first[0]})",
                               "a Mealy machine has one transition per state and input")
        machine.transitions.append(SourceTransition(edge.source, edge.target, given, edge.line,
                                                    outputs=[output] if output else []))
    return machine


def _quoted(text: str) -> str:
    """A DOT double-quoted ID: only `"` is escaped in DOT, and a backslash before it would swallow it."""
    flat = " ".join(text.split())  # a symbol is one line
    return '"' + flat.replace("\\", "\\\\").replace('"', '\\"') + '"'


def write_dot_mealy(spec: Spec, problems: list[str]) -> str:
    """The spec as a DOT Mealy machine; `problems` receives what the format cannot say (the caller
    refuses the export when it is not empty)."""
    problems += mealy_problems(spec, one_output=True, conditions=False)
    problems += symbol_problems(spec, spec.events, "event") + symbol_problems(spec, spec.outputs, "output")
    problems += [f"the symbol of event {name} ({symbol(spec, name)!r}) contains ' / '"
                 for name in spec.events if " / " in symbol(spec, name)]
    lines = ["digraph g {", '    __start0 [label="" shape="none"];']
    for number, state in sorted(spec.states.items()):
        shape = "doublecircle" if state.final else "circle"
        lines.append(f"    s{number} [shape=\"{shape}\" label={_quoted(state.name)}];")
    lines.append(f"    __start0 -> s{spec.initial};")
    for move in moves(spec):
        output = symbol(spec, move.outputs[0]) if move.outputs else ""
        label = f"{symbol(spec, move.event)} / {output}"
        lines.append(f"    s{move.source} -> s{move.target} [label={_quoted(label)}];")
    lines.append("}")
    return "\n".join(lines) + "\n"
