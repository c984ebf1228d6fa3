"""Diagrams of a spec with graphviz, drawn the way the methodology draws an automaton.

* the **transition graph**: numbered, named states (with their on-enter actions inside), the
  initial state marked by an arrow from a dot, final states with a double border, and every arc
  labelled `priority: guard / actions`;
* the **connection diagram**: events and inputs with their meaning on the left, the automaton as
  a block in the middle, outputs with their meaning on the right. In a system of automata the
  states of other automata a guard tests (`y1`) come in on the left like inputs, and an output
  that runs another automaton says so;
* for a spec that heads a system, the **system diagram** (automata/io/system_diagrams.py).

The DOT sources are deterministic (no paths, dates or versions in them), so the committed
`diagrams/*.gv` files can be compared with what the current specs produce.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import graphviz

from ..errors import InputError
from ..model.spec import ArcDecl, Spec, StateDecl
from ..model.system import state_tests
from .labels import arc_text, dot_text, html_text, shows_events, state_id, title_of, tried_order
from .loader import load_system
from .system_diagrams import SYSTEM, system_diagram

GRAPH = "graph"
CONNECTIONS = "connections"
KINDS = (GRAPH, CONNECTIONS)  # every spec's; a system's root has a SYSTEM diagram too


@dataclass(frozen=True)
class DrawOptions:
    """How a transition graph is drawn for a page where hover tooltips are lost (print, PDF, docs)."""

    numbered: bool = False  # each arc's label starts with its number, #k: the k-th arc of the spec's file
    legend: bool = False  # a table of the events, inputs and outputs with their meaning under the graph

FONT = "Helvetica,Arial,sans-serif"
_STATE_FILL = "#eef4fb"
_FINAL_FILL = "#e6f4ea"
_EVENT_FILL = "#fff4d6"
_INPUT_FILL = "#e3effc"
_OUTPUT_FILL = "#e6f4ea"
_STATE_FILL_OTHER = "#f3e8fd"  # the state of another automaton, read like an input
_DOC_WIDTH = 42  # characters per line of a description on the connection diagram
# The block's rows and the descriptions beside it share one pitch, so arrows run straight.
_ROW_PITCH_POINTS = 36
_LINE_POINTS = 14  # each further line of a wrapped description


def _docs(spec: Spec, names: Iterable[str]) -> list[str]:
    declared = {**spec.events, **spec.inputs, **spec.outputs}
    return [f"{name}: {declared[name].doc}" for name in names if name in declared and declared[name].doc]


def _arc_tooltip(spec: Spec, arc: ArcDecl) -> str:
    names = [arc.event] if shows_events(spec) else []
    names += [*arc.guard.variables(), *arc.actions]
    return "\n".join([f"{arc.source} → {arc.target}: {arc_text(spec, arc)}", *_docs(spec, names)])


def _state_label(state: StateDecl) -> str:
    rows = [f'<TR><TD><B>{html_text(state.label)}</B></TD></TR>']
    if state.on_enter:
        rows.append("<HR/>")
        rows.append(f'<TR><TD><FONT POINT-SIZE="10">on enter: {html_text(", ".join(state.on_enter))}</FONT></TD></TR>')
    if state.nested:
        rows.append("<HR/>")
        rows.append(f'<TR><TD><FONT POINT-SIZE="11"><B>nested: {html_text(", ".join(state.nested))}</B></FONT></TD></TR>')
    return f'<<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="0" CELLPADDING="2">{"".join(rows)}</TABLE>>'


def _state_tooltip(spec: Spec, state: StateDecl) -> str:
    lines = [state.label]
    if state.doc:
        lines.append(state.doc)
    lines += _docs(spec, state.on_enter)
    lines += [f"nested: {name} steps at each step made in this state" for name in state.nested]
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------
# The transition graph


def transition_graph(spec: Spec, options: DrawOptions = DrawOptions()) -> graphviz.Digraph:
    """The transition graph: numbered, named states, arcs labelled `priority: guard / actions`."""
    graph = graphviz.Digraph(name=spec.automaton)
    graph.attr(
        label=dot_text(title_of(spec)), labelloc="t", fontname=FONT, fontsize="18",
        # Top to bottom: dot draws self-loops on the right of a state and moves each further
        # loop past the previous loop's label, so loop labels never cross (left to right, the
        # loops stack above the state and the outer loops cut through the inner labels).
        rankdir="TB", nodesep="0.7", ranksep="0.75", forcelabels="true", pad="0.3",
    )
    graph.attr("node", shape="box", style="rounded,filled", fillcolor=_STATE_FILL, fontname=FONT,
               fontsize="13", margin="0.18,0.1")
    graph.attr("edge", fontname=FONT, fontsize="11", arrowsize="0.8", color="#333333")
    graph.node("start", label="", shape="point", width="0.14", fillcolor="black", tooltip="initial state")
    graph.edge("start", state_id(spec.initial), tooltip=f"the automaton starts in state {spec.initial}")
    for number in sorted(spec.states):
        state = spec.states[number]
        graph.node(
            state_id(number), label=_state_label(state),
            peripheries="2" if state.final else "1",
            fillcolor=_FINAL_FILL if state.final else _STATE_FILL,
            tooltip=dot_text(_state_tooltip(spec, state)),
        )
    for arc in tried_order(spec):
        text = dot_text((f"#{arc.number} " if options.numbered else "") + arc_text(spec, arc, wrap=True))
        tooltip = dot_text(_arc_tooltip(spec, arc))
        # A self-loop leaves the state's top right corner and comes back at its bottom right
        # corner: the loop is as tall as the state, so nested loops and their labels stay apart.
        corners = {"tailport": "ne", "headport": "se"} if arc.source == arc.target else {}
        # Spaces around the label keep it clear of its edge and of the next loop drawn beside it.
        graph.edge(
            state_id(arc.source), state_id(arc.target), label=f" {text}  ", tooltip=tooltip, labeltooltip=tooltip,
            **corners,
        )
    if options.legend:
        with graph.subgraph(name="legend_row") as row:
            row.attr(rank="sink")  # below every state
            row.node("legend", label=_legend_label(spec), shape="plaintext", margin="0", style="filled",
                     fillcolor="white")
    return graph


def _legend_label(spec: Spec) -> str:
    """The events (when there are several), inputs and outputs with their meaning, as a table."""
    rows = []
    groups = [("events", spec.events)] if shows_events(spec) else []
    groups += [("inputs", spec.inputs), ("outputs", spec.outputs)]
    for heading, declarations in groups:
        if not declarations:
            continue
        rows.append(f'<TR><TD COLSPAN="2" ALIGN="LEFT"><B>{heading}</B></TD></TR>')
        for name, decl in declarations.items():
            rows.append(f'<TR><TD ALIGN="LEFT">{html_text(name)}</TD><TD ALIGN="LEFT">{html_text(decl.doc or "")}</TD></TR>')
    return ('<<TABLE BORDER="1" COLOR="#999999" CELLBORDER="0" CELLSPACING="0" CELLPADDING="3">'
            + "".join(rows) + "</TABLE>>")


# ---------------------------------------------------------------------------------------------
# The connection diagram
#
# Three nodes side by side: a borderless table of descriptions, the automaton's block (names of
# events, inputs and outputs along its sides) and a borderless table of output descriptions.
# Row i of all three has the same height, so every arrow runs straight from a description to
# its name on the block.


@dataclass(frozen=True)
class _Signal:
    name: str
    doc: str
    fill: str
    bold_arrow: bool = False

    def lines(self) -> list[str]:
        return textwrap.wrap(self.doc or self.name, _DOC_WIDTH) or [self.name]


def _row_heights(left: Sequence[_Signal], right: Sequence[_Signal]) -> list[int]:
    rows = max(len(left), len(right), 1)
    heights = []
    for row in range(rows):
        lines = max([len(side[row].lines()) for side in (left, right) if row < len(side)], default=1)
        heights.append(_ROW_PITCH_POINTS + _LINE_POINTS * (lines - 1))
    return heights


def _docs_label(signals: Sequence[_Signal], heights: Sequence[int], align: str) -> str:
    rows = []
    for signal, height in zip(signals, heights):
        text = "<BR/>".join(html_text(line) for line in signal.lines())
        rows.append(f'<TR><TD PORT="{signal.name}" HEIGHT="{height}" ALIGN="{align}" BALIGN="{align}">{text}</TD></TR>')
    return f'<<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="0" CELLPADDING="6">{"".join(rows)}</TABLE>>'


def _block_label(spec: Spec, left: Sequence[_Signal], right: Sequence[_Signal], heights: Sequence[int]) -> str:
    def side_cell(side: Sequence[_Signal], row: int, align: str) -> str:
        if row >= len(side):
            return f'<TD HEIGHT="{heights[row]}"></TD>'
        signal = side[row]
        return f'<TD PORT="{signal.name}" HEIGHT="{heights[row]}" ALIGN="{align}" BGCOLOR="{signal.fill}">{html_text(signal.name)}</TD>'

    name_cell = (
        f'<TD ROWSPAN="{len(heights)}" WIDTH="150" BGCOLOR="white"><FONT POINT-SIZE="20"><B>{html_text(spec.automaton)}</B></FONT>'
        f'<BR/><FONT POINT-SIZE="12">{html_text(spec.title)}</FONT></TD>'
    )
    rows = []
    for row in range(len(heights)):
        middle = name_cell if row == 0 else ""
        rows.append(f"<TR>{side_cell(left, row, 'LEFT')}{middle}{side_cell(right, row, 'RIGHT')}</TR>")
    return f'<<TABLE BORDER="2" CELLBORDER="0" CELLSPACING="0" CELLPADDING="6">{"".join(rows)}</TABLE>>'


def connection_diagram(spec: Spec) -> graphviz.Digraph:
    """The connection diagram: events and inputs enter the automaton's block, outputs leave it."""
    graph = graphviz.Digraph(name=f"{spec.automaton}_connections")
    graph.attr(
        label=dot_text(f"{title_of(spec)} — connection diagram"), labelloc="t", fontname=FONT,
        fontsize="18", rankdir="LR", ranksep="0.6", pad="0.3",
    )
    graph.attr("node", fontname=FONT, fontsize="12", shape="plaintext", margin="0")
    graph.attr("edge", arrowsize="0.8", color="#333333")
    left = [_Signal(name, f"{decl.doc} (event)" if decl.doc else "event", _EVENT_FILL, bold_arrow=True)
            for name, decl in spec.events.items()]
    left += [_Signal(name, decl.doc, _INPUT_FILL) for name, decl in spec.inputs.items()]
    left += [_Signal(variable, doc, _STATE_FILL_OTHER) for variable, doc in state_inputs(spec)]
    right = [_Signal(name, f"{decl.doc} (runs {decl.run})" if decl.run else decl.doc, _OUTPUT_FILL)
             for name, decl in spec.outputs.items()]
    heights = _row_heights(left, right)
    graph.node("automaton", label=_block_label(spec, left, right, heights))
    if left:
        graph.node("sources", label=_docs_label(left, heights, "RIGHT"))
    if right:
        graph.node("targets", label=_docs_label(right, heights, "LEFT"))
    for signal in left:
        graph.edge(f"sources:{signal.name}:e", f"automaton:{signal.name}:w", penwidth="2" if signal.bold_arrow else "1")
    for signal in right:
        graph.edge(f"automaton:{signal.name}:e", f"targets:{signal.name}:w")
    return graph


def state_inputs(spec: Spec) -> list[tuple[str, str]]:
    """(yN, what it is) for every other automaton whose state the spec's guards test."""
    tested: dict[str, list[str]] = {}
    for test in state_tests(spec).values():
        tested.setdefault(test.variable, []).append(str(test.state))
    return [(variable, f"state of {'A' + variable[1:]} (tested: {', '.join(states)})")
            for variable, states in tested.items()]


def diagram(spec: Spec, kind: str, options: DrawOptions = DrawOptions()) -> graphviz.Digraph:
    if kind == GRAPH:
        return transition_graph(spec, options)
    if kind == CONNECTIONS:
        return connection_diagram(spec)
    if kind == SYSTEM and spec.is_system:
        return system_diagram(load_system(spec))
    raise InputError(f"unknown diagram kind '{kind}': choose {' or '.join(KINDS)}"
                     + (f" or {SYSTEM}" if spec.is_system else ""))


def dot_source(spec: Spec, kind: str = GRAPH, options: DrawOptions = DrawOptions()) -> str:
    """The DOT text of a diagram ("graph" or "connections"); the same spec always gives the same text."""
    return diagram(spec, kind, options).source
