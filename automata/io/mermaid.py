"""The transition graph as Mermaid `stateDiagram-v2` text, for Markdown pages that render Mermaid."""

from __future__ import annotations

from ..model.spec import Spec
from ..model.system import state_tests
from .labels import arc_text, mermaid_comment, mermaid_text, state_id, title_of, tried_order


def mermaid(spec: Spec) -> str:
    """The transition graph as Mermaid `stateDiagram-v2` text."""
    lines = [
        "stateDiagram-v2",
        f"    %% {mermaid_comment(title_of(spec))}",
    ]
    for number in sorted(spec.states):
        state = spec.states[number]
        lines.append(f'    state "{mermaid_text(state.label)}" as {state_id(number)}')
        if state.on_enter:
            lines.append(f"    {state_id(number)} : {mermaid_text('on enter: ' + ', '.join(state.on_enter))}")
        if state.nested:
            lines.append(f"    {state_id(number)} : {mermaid_text('nested: ' + ', '.join(state.nested))}")
    lines.append(f"    [*] --> {state_id(spec.initial)}")
    for arc in tried_order(spec):
        lines.append(f"    {state_id(arc.source)} --> {state_id(arc.target)} : {mermaid_text(arc_text(spec, arc))}")
    for number in sorted(spec.states):
        if spec.states[number].final:
            lines.append(f"    {state_id(number)} --> [*]")
    return "\n".join(lines) + "\n"


def mermaid_connections(spec: Spec) -> str:
    """The connection diagram as a Mermaid flowchart: events and inputs flow into the automaton,
    outputs out of it, each labelled with its meaning."""
    lines = ["flowchart LR", f"    %% {mermaid_comment(title_of(spec))} - connection diagram"]
    lines.append(f'    A["{mermaid_text(spec.automaton)}<br/>{mermaid_text(spec.title)}"]')  # the <br/> is ours
    for name, decl in spec.events.items():
        lines.append(f'    {name}(["{name}: {mermaid_text(decl.doc or "event")}"]) ==> A')
    for name, decl in spec.inputs.items():
        lines.append(f'    {name}["{name}: {mermaid_text(decl.doc)}"] --> A')
    for test in dict.fromkeys(test.variable for test in state_tests(spec).values()):
        lines.append(f'    {test}(["{test}: state of A{test[1:]}"]) -.-> A')
    for name, decl in spec.outputs.items():
        runs = f" (runs {decl.run})" if decl.run else ""
        lines.append(f'    A --> {name}["{name}: {mermaid_text(decl.doc + runs)}"]')
    return "\n".join(lines) + "\n"
