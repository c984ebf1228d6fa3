"""The transition graph as Mermaid `stateDiagram-v2` text, for Markdown pages that render Mermaid."""

from __future__ import annotations

from ..model.spec import Spec
from ..model.system import state_tests
from .labels import arc_text, state_id, title_of, tried_order

# Mermaid's state-diagram grammar ends a transition label at `:` and `;`, reads `#...;` as an
# entity code and `"`, `<`, `>`, braces as syntax; entity codes (#58; and so on) stand for them.
_MERMAID_ESCAPES = {
    "#": "#35;", ":": "#58;", ";": "#59;", '"': "#quot;", "<": "#lt;", ">": "#gt;", "{": "#123;", "}": "#125;",
}


def _mermaid_text(text: str) -> str:
    return "".join(_MERMAID_ESCAPES.get(char, char) for char in text.replace("\n", " "))


def mermaid(spec: Spec) -> str:
    """The transition graph as Mermaid `stateDiagram-v2` text."""
    lines = [
        "stateDiagram-v2",
        f"    %% {title_of(spec)}".replace("\n", " "),
    ]
    for number in sorted(spec.states):
        state = spec.states[number]
        lines.append(f'    state "{_mermaid_text(state.label)}" as {state_id(number)}')
        if state.on_enter:
            lines.append(f"    {state_id(number)} : {_mermaid_text('on enter: ' + ', '.join(state.on_enter))}")
        if state.nested:
            lines.append(f"    {state_id(number)} : {_mermaid_text('nested: ' + ', '.join(state.nested))}")
    lines.append(f"    [*] --> {state_id(spec.initial)}")
    for arc in tried_order(spec):
        lines.append(f"    {state_id(arc.source)} --> {state_id(arc.target)} : {_mermaid_text(arc_text(spec, arc))}")
    for number in sorted(spec.states):
        if spec.states[number].final:
            lines.append(f"    {state_id(number)} --> [*]")
    return "\n".join(lines) + "\n"


def _node_text(text: str) -> str:
    """Text for a quoted Mermaid flowchart label: quotes become entity codes, lines join."""
    return " ".join(text.split()).replace('"', "#quot;")


def mermaid_connections(spec: Spec) -> str:
    """The connection diagram as a Mermaid flowchart: events and inputs flow into the automaton,
    outputs out of it, each labelled with its meaning."""
    lines = ["flowchart LR", f"    %% {title_of(spec)} - connection diagram".replace("\n", " ")]
    lines.append(f'    A["{_node_text(spec.automaton)}<br/>{_node_text(spec.title)}"]')
    for name, decl in spec.events.items():
        lines.append(f'    {name}(["{name}: {_node_text(decl.doc or "event")}"]) ==> A')
    for name, decl in spec.inputs.items():
        lines.append(f'    {name}["{name}: {_node_text(decl.doc)}"] --> A')
    for test in dict.fromkeys(test.variable for test in state_tests(spec).values()):
        lines.append(f'    {test}(["{test}: state of A{test[1:]}"]) -.-> A')
    for name, decl in spec.outputs.items():
        runs = f" (runs {decl.run})" if decl.run else ""
        lines.append(f'    A --> {name}["{name}: {_node_text(decl.doc)}{runs}"]')
    return "\n".join(lines) + "\n"
