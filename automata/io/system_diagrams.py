"""The picture of a system of automata (docs/systems.md): which automaton nests, calls or reads
the state of which, drawn with graphviz and as Mermaid text.

One box per automaton (its name, title and number of states), the root's with a double border;
an arrow from an automaton to each automaton it nests ("nested in state 3 (...)", bold) or calls
("calls by z6 with e0"); a dashed arrow from an automaton to each automaton that tests its state,
labelled with the tests (`y1 == 1, y1 == 3`), the direction the state travels. Like every DOT
source of the project, the text is deterministic.
"""

from __future__ import annotations

import graphviz

from ..model.system import CALLS, NESTS, Link, System
from .labels import dot_text, html_text, mermaid_comment, mermaid_text, title_of

FONT = "Helvetica,Arial,sans-serif"
_ROOT_FILL = "#eef4fb"
_FILL = "#ffffff"
SYSTEM = "system"


def _box(system: System, name: str) -> str:
    spec = system.specs[name]
    states = f"{len(spec.states)} states, {len(spec.arcs)} arcs"
    return (f'<<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="0" CELLPADDING="2"><TR><TD><FONT POINT-SIZE="18"><B>'
            f'{html_text(name)}</B></FONT></TD></TR><TR><TD>{html_text(spec.title)}</TD></TR>'
            f'<TR><TD><FONT POINT-SIZE="10">{html_text(states)}</FONT></TD></TR></TABLE>>')


def link_text(link: Link) -> str:
    if link.kind == NESTS:
        return f"nested in {link.detail}"
    if link.kind == CALLS:
        return f"calls by {link.detail}"
    return link.detail


def system_diagram(system: System) -> graphviz.Digraph:
    """The system's automata and their links (nesting, calling, state exchange)."""
    root = system.root_spec
    graph = graphviz.Digraph(name=f"{root.automaton}_system")
    graph.attr(label=dot_text(f"{title_of(root)} — how its automata interact"), labelloc="t", fontname=FONT, fontsize="18",
               rankdir="TB", nodesep="0.8", ranksep="0.9", pad="0.3")
    graph.attr("node", shape="box", style="rounded,filled", fontname=FONT, fontsize="12", margin="0.2,0.1")
    graph.attr("edge", fontname=FONT, fontsize="11", arrowsize="0.8", color="#333333")
    for name, spec in system.specs.items():
        graph.node(name, label=_box(system, name), peripheries="2" if name == system.root else "1",
                   fillcolor=_ROOT_FILL if name == system.root else _FILL, tooltip=dot_text(spec.description or spec.title))
    for link in system.links():
        if link.target not in system.specs:
            continue
        text = dot_text(f" {link_text(link)} ")
        if link.kind == NESTS:
            graph.edge(link.source, link.target, label=text, penwidth="2.5")
        elif link.kind == CALLS:
            graph.edge(link.source, link.target, label=text)
        else:  # the tested state travels to the automaton that tests it
            graph.edge(link.target, link.source, label=text, style="dashed", color="#666666", fontcolor="#444444",
                       constraint="false")
    return graph


def mermaid_system(system: System) -> str:
    """The same picture as a Mermaid flowchart."""
    root = system.root_spec
    lines = ["flowchart TB", f"    %% {mermaid_comment(title_of(root))} - how its automata interact"]
    for name, spec in system.specs.items():
        text = f"{name}#58; {mermaid_text(spec.title)}"
        lines.append(f'    {name}[["{text}"]]' if name == system.root else f'    {name}["{text}"]')
    for link in system.links():
        if link.target not in system.specs:
            continue
        text = mermaid_text(link_text(link))
        if link.kind == NESTS:
            lines.append(f'    {link.source} ==>|"{text}"| {link.target}')
        elif link.kind == CALLS:
            lines.append(f'    {link.source} -->|"{text}"| {link.target}')
        else:
            lines.append(f'    {link.target} -.->|"{text}"| {link.source}')
    return "\n".join(lines) + "\n"
