"""Diagrams of a spec, drawn the way the methodology draws an automaton.

* the **transition graph**: numbered, named states (with their on-enter actions inside), the
  initial state marked by an arrow from a dot, final states with a double border, and every arc
  labelled `priority: guard / actions`;
* the **connection diagram**: events and inputs with their meaning on the left, the automaton as
  a block in the middle, outputs with their meaning on the right;
* the transition graph as Mermaid `stateDiagram-v2` text, for Markdown pages.

The DOT sources are deterministic (no paths, dates or versions in them), so the committed
`diagrams/*.gv` files can be compared with what the current specs produce; rendered SVG bytes
differ between graphviz versions and are only checked for presence.
"""

from __future__ import annotations

import html
import os
import shutil
import tempfile
import textwrap
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import graphviz

from .errors import InputError
from .guards import ALWAYS, Or
from .spec import ArcDecl, Spec, StateDecl, load_spec

GRAPH = "graph"
CONNECTIONS = "connections"
KINDS = (GRAPH, CONNECTIONS)
RENDERED_FORMATS = ("svg", "png", "pdf")  # need the `dot` program
TEXT_FORMATS = ("dot", "mermaid")  # written by this module alone
FORMATS = RENDERED_FORMATS + TEXT_FORMATS

FONT = "Helvetica,Arial,sans-serif"
_STATE_FILL = "#eef4fb"
_FINAL_FILL = "#e6f4ea"
_EVENT_FILL = "#fff4d6"
_INPUT_FILL = "#e3effc"
_OUTPUT_FILL = "#e6f4ea"
_DOC_WIDTH = 42  # characters per line of a description on the connection diagram
# The block's rows and the descriptions beside it share one pitch, so arrows run straight.
_ROW_PITCH_POINTS = 36
_LINE_POINTS = 14  # each further line of a wrapped description
_ARC_LABEL_WIDTH = 26  # an arc label longer than this puts its actions on a second line

# ---------------------------------------------------------------------------------------------
# Labels


def title_of(spec: Spec) -> str:
    return f"{spec.automaton}: {spec.title}"


def _shows_events(spec: Spec) -> bool:
    """Arcs name their event only when the automaton reacts to more than one."""
    return len(spec.events) > 1


def arc_condition(spec: Spec, arc: ArcDecl) -> str:
    """The part before the slash: the guard, preceded by the event when the automaton has several."""
    guard = "" if arc.guard == ALWAYS else str(arc.guard)
    if not _shows_events(spec):
        return guard or "1"
    if not guard:
        return arc.event
    return f"{arc.event} & ({guard})" if isinstance(arc.guard, Or) else f"{arc.event} & {guard}"


def arc_text(spec: Spec, arc: ArcDecl, *, wrap: bool = False) -> str:
    """`1: x1 & !x2 / z3, z4` — priority (when given), condition, actions. With `wrap`, a long
    label breaks after the slash (the break is returned as a newline)."""
    condition = arc_condition(spec, arc)
    actions = ", ".join(arc.actions)
    prefix = f"{arc.priority}: " if arc.priority is not None else ""
    if not actions:
        return prefix + condition
    head, tail = f"{prefix}{condition} /", actions
    separator = "\n" if wrap and len(head) + 1 + len(tail) > _ARC_LABEL_WIDTH else " "
    return head + separator + tail


def _dot_text(text: str) -> str:
    """Plain text for a quoted DOT label: backslashes are escape sequences in DOT, newlines become
    centred line breaks."""
    return text.replace("\\", "\\\\").replace("\n", "\\n")


def _html(text: str) -> str:
    return html.escape(text, quote=True)


def _docs(spec: Spec, names: Iterable[str]) -> list[str]:
    declared = {**spec.events, **spec.inputs, **spec.outputs}
    return [f"{name}: {declared[name].doc}" for name in names if name in declared and declared[name].doc]


def _arc_tooltip(spec: Spec, arc: ArcDecl) -> str:
    names = [arc.event] if _shows_events(spec) else []
    names += [*arc.guard.variables(), *arc.actions]
    return "\n".join([f"{arc.source} → {arc.target}: {arc_text(spec, arc)}", *_docs(spec, names)])


def _state_label(state: StateDecl) -> str:
    rows = [f'<TR><TD><B>{_html(state.label)}</B></TD></TR>']
    if state.on_enter:
        rows.append("<HR/>")
        rows.append(f'<TR><TD><FONT POINT-SIZE="10">on enter: {_html(", ".join(state.on_enter))}</FONT></TD></TR>')
    return f'<<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="0" CELLPADDING="2">{"".join(rows)}</TABLE>>'


def _state_tooltip(spec: Spec, state: StateDecl) -> str:
    lines = [state.label]
    if state.doc:
        lines.append(state.doc)
    lines += _docs(spec, state.on_enter)
    return "\n".join(lines)


def _state_id(number: int) -> str:
    return f"s{number}"


def _tried_order(spec: Spec) -> list[ArcDecl]:
    """Every arc, grouped by state and event, in the order the automaton tries them."""
    ordered: list[ArcDecl] = []
    for number in sorted(spec.states):
        for event in spec.events:
            ordered += spec.arcs_from(number, event)
    listed = {arc.index for arc in ordered}
    # Arcs from undeclared states or on undeclared events cannot exist in a loaded spec; keep
    # them anyway so that a diagram never silently drops an arc.
    return ordered + [arc for arc in spec.arcs if arc.index not in listed]


# ---------------------------------------------------------------------------------------------
# The transition graph


def transition_graph(spec: Spec) -> graphviz.Digraph:
    """The transition graph: numbered, named states, arcs labelled `priority: guard / actions`."""
    graph = graphviz.Digraph(name=spec.automaton)
    graph.attr(
        label=_dot_text(title_of(spec)), labelloc="t", fontname=FONT, fontsize="18",
        # Top to bottom: dot draws self-loops on the right of a state and moves each further
        # loop past the previous loop's label, so loop labels never cross (left to right, the
        # loops stack above the state and the outer loops cut through the inner labels).
        rankdir="TB", nodesep="0.7", ranksep="0.75", forcelabels="true", pad="0.3",
    )
    graph.attr("node", shape="box", style="rounded,filled", fillcolor=_STATE_FILL, fontname=FONT,
               fontsize="13", margin="0.18,0.1")
    graph.attr("edge", fontname=FONT, fontsize="11", arrowsize="0.8", color="#333333")
    graph.node("start", label="", shape="point", width="0.14", fillcolor="black", tooltip="initial state")
    graph.edge("start", _state_id(spec.initial), tooltip=f"the automaton starts in state {spec.initial}")
    for number in sorted(spec.states):
        state = spec.states[number]
        graph.node(
            _state_id(number), label=_state_label(state),
            peripheries="2" if state.final else "1",
            fillcolor=_FINAL_FILL if state.final else _STATE_FILL,
            tooltip=_dot_text(_state_tooltip(spec, state)),
        )
    for arc in _tried_order(spec):
        text = _dot_text(arc_text(spec, arc, wrap=True))
        tooltip = _dot_text(_arc_tooltip(spec, arc))
        # A self-loop leaves the state's top right corner and comes back at its bottom right
        # corner: the loop is as tall as the state, so nested loops and their labels stay apart.
        corners = {"tailport": "ne", "headport": "se"} if arc.source == arc.target else {}
        # Spaces around the label keep it clear of its edge and of the next loop drawn beside it.
        graph.edge(
            _state_id(arc.source), _state_id(arc.target), label=f" {text}  ", tooltip=tooltip, labeltooltip=tooltip,
            **corners,
        )
    return graph


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
        text = "<BR/>".join(_html(line) for line in signal.lines())
        rows.append(f'<TR><TD PORT="{signal.name}" HEIGHT="{height}" ALIGN="{align}" BALIGN="{align}">{text}</TD></TR>')
    return f'<<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="0" CELLPADDING="6">{"".join(rows)}</TABLE>>'


def _block_label(spec: Spec, left: Sequence[_Signal], right: Sequence[_Signal], heights: Sequence[int]) -> str:
    def side_cell(side: Sequence[_Signal], row: int, align: str) -> str:
        if row >= len(side):
            return f'<TD HEIGHT="{heights[row]}"></TD>'
        signal = side[row]
        return f'<TD PORT="{signal.name}" HEIGHT="{heights[row]}" ALIGN="{align}" BGCOLOR="{signal.fill}">{_html(signal.name)}</TD>'

    name_cell = (
        f'<TD ROWSPAN="{len(heights)}" WIDTH="150" BGCOLOR="white"><FONT POINT-SIZE="20"><B>{_html(spec.automaton)}</B></FONT>'
        f'<BR/><FONT POINT-SIZE="12">{_html(spec.title)}</FONT></TD>'
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
        label=_dot_text(f"{title_of(spec)} — connection diagram"), labelloc="t", fontname=FONT,
        fontsize="18", rankdir="LR", ranksep="0.6", pad="0.3",
    )
    graph.attr("node", fontname=FONT, fontsize="12", shape="plaintext", margin="0")
    graph.attr("edge", arrowsize="0.8", color="#333333")
    left = [_Signal(name, f"{decl.doc} (event)" if decl.doc else "event", _EVENT_FILL, bold_arrow=True)
            for name, decl in spec.events.items()]
    left += [_Signal(name, decl.doc, _INPUT_FILL) for name, decl in spec.inputs.items()]
    right = [_Signal(name, decl.doc, _OUTPUT_FILL) for name, decl in spec.outputs.items()]
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


def diagram(spec: Spec, kind: str) -> graphviz.Digraph:
    builders: dict[str, Callable[[Spec], graphviz.Digraph]] = {
        GRAPH: transition_graph, CONNECTIONS: connection_diagram,
    }
    if kind not in builders:
        raise InputError(f"unknown diagram kind '{kind}': choose {' or '.join(KINDS)}")
    return builders[kind](spec)


def dot_source(spec: Spec, kind: str = GRAPH) -> str:
    """The DOT text of a diagram ("graph" or "connections"); the same spec always gives the same text."""
    return diagram(spec, kind).source


# ---------------------------------------------------------------------------------------------
# Mermaid

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
        lines.append(f'    state "{_mermaid_text(state.label)}" as {_state_id(number)}')
        if state.on_enter:
            lines.append(f"    {_state_id(number)} : {_mermaid_text('on enter: ' + ', '.join(state.on_enter))}")
    lines.append(f"    [*] --> {_state_id(spec.initial)}")
    for arc in _tried_order(spec):
        lines.append(f"    {_state_id(arc.source)} --> {_state_id(arc.target)} : {_mermaid_text(arc_text(spec, arc))}")
    for number in sorted(spec.states):
        if spec.states[number].final:
            lines.append(f"    {_state_id(number)} --> [*]")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------------------------
# Files


def diagram_files(stem: str) -> dict[str, str]:
    """The files every spec always has in the diagrams folder, by role."""
    return {
        "graph_source": f"{stem}.gv",
        "connections_source": f"{stem}.connections.gv",
        "graph_svg": f"{stem}.svg",
        "connections_svg": f"{stem}.connections.svg",
    }


def _render(graph: graphviz.Digraph, fmt: str) -> bytes:
    """Lay out and render a diagram with the `dot` program."""
    try:
        return graph.pipe(format=fmt)
    except graphviz.ExecutableNotFound:
        raise _no_dot_error(fmt) from None


def _no_dot_error(fmt: str) -> InputError:
    return InputError(
        f"drawing {fmt} needs the graphviz program `dot`, which is not installed: "
        "install graphviz (apt-get install graphviz) or ask only for the dot and mermaid formats"
    )


def _write_atomically(path: Path, content: bytes) -> None:
    """Write through a temporary file in the same folder, so a reader never sees half a file."""
    # mkstemp creates the file readable by its owner only; a diagram is as public as the spec.
    mode = path.stat().st_mode & 0o777 if path.exists() else 0o644
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(content)
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _spec_outputs(spec: Spec, formats: Sequence[str]) -> dict[str, bytes]:
    """Every file drawn for one spec, by file name."""
    outputs: dict[str, bytes] = {}
    for kind in KINDS:
        graph = diagram(spec, kind)
        base = spec.stem if kind == GRAPH else f"{spec.stem}.{kind}"
        outputs[f"{base}.gv"] = graph.source.encode("utf-8")
        for fmt in formats:
            if fmt in RENDERED_FORMATS:
                outputs[f"{base}.{fmt}"] = _render(graph, fmt)
    if "mermaid" in formats:
        outputs[f"{spec.stem}.mmd"] = mermaid(spec).encode("utf-8")
    return outputs


def draw_specs(spec_paths: Iterable[str | Path], out_dir: str | Path, formats: Sequence[str] = ("svg",)) -> list[Path]:
    """Draw each spec into `out_dir`: `<stem>.<fmt>` (transition graph) and `<stem>.connections.<fmt>`
    for each rendered format, `<stem>.mmd` for "mermaid", and always the DOT sources `<stem>.gv` and
    `<stem>.connections.gv`. Everything is drawn before anything is written, and each file is
    replaced atomically, so a failure leaves the folder as it was. Returns the files written."""
    unknown = [fmt for fmt in formats if fmt not in FORMATS]
    if unknown:
        raise InputError(f"unknown diagram format '{unknown[0]}': choose from {', '.join(FORMATS)}")
    needs_dot = [fmt for fmt in formats if fmt in RENDERED_FORMATS]
    if needs_dot and shutil.which("dot") is None:
        raise _no_dot_error(needs_dot[0])
    drawn: dict[str, bytes] = {}
    for spec_path in spec_paths:
        drawn.update(_spec_outputs(load_spec(spec_path), formats))
    folder = Path(out_dir)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, content in drawn.items():
        _write_atomically(folder / name, content)
        written.append(folder / name)
    return written


def stale_diagrams(spec_paths: Iterable[str | Path], out_dir: str | Path) -> list[str]:
    """Names of diagram files in `out_dir` that are missing, or whose DOT source differs from what
    the current spec produces (SVG files are only required to exist: their bytes depend on the
    graphviz version)."""
    folder = Path(out_dir)
    stale = []
    for spec_path in spec_paths:
        spec = load_spec(spec_path)
        files = diagram_files(spec.stem)
        expected = {files["graph_source"]: dot_source(spec, GRAPH), files["connections_source"]: dot_source(spec, CONNECTIONS)}
        for name, source in expected.items():
            path = folder / name
            if not path.is_file() or path.read_text(encoding="utf-8") != source:
                stale.append(name)
        stale += [files[role] for role in ("graph_svg", "connections_svg") if not (folder / files[role]).is_file()]
    return stale
