"""Specs in Jupyter: `%load_ext automata.io.notebook` makes a `Spec` display itself.

A Spec is plain data (automata.model) and knows nothing of pictures, so it has no `_repr_*_`
methods of its own; this extension registers the pictures with IPython's display formatters for
the Spec class, by name, which is IPython's own way for a library to display another's types.
A running automaton (`Automaton`, `GeneratedAutomaton`) displays itself without the extension,
with the current state and the arc just taken highlighted, so a notebook can step through a run
one cell at a time:

    %load_ext automata.io.notebook
    spec = load_spec("specs/knight_tour.yaml")
    spec                                   # the transition graph, the tables
    automaton = Automaton(spec, context)
    automaton.step(); automaton            # the graph with the current state highlighted
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from ..model.spec import Spec
from .html.graph_svg import highlighted_graph
from .html.page import asset, esc
from .html.site import presentation
from .html.player_data import StepLike
from .labels import arc_text, title_of

SPEC_MODULE, SPEC_CLASS = "automata.model.spec", "Spec"


def spec_svg(spec: Spec) -> str:
    """The transition graph, as an SVG document."""
    return highlighted_graph(spec, None, None)


def spec_html(spec: Spec) -> str:
    """Title, description, transition graph and the tables of states, inputs and outputs."""
    return (f'<div class="automaton"><style>{asset("sphinx.css")}</style>'
            f"<h3>{esc(title_of(spec))}</h3><p>{esc(spec.description)}</p>"
            f'{presentation(spec, ("graph", "states", "inputs", "outputs"), heading_level=4)}</div>')


def step_html(spec: Spec, record: StepLike | None) -> str:
    """What a step read and did: the arc, each input with its value, each output run."""
    if record is None:
        return '<p class="muted">No step taken yet.</p>'
    rows = []
    for name, value in record.inputs:
        if name in spec.inputs:
            shown, doc = name, spec.inputs[name].doc
        else:  # a state test, y2=4: A2 is in state 4
            variable, _, number = name.partition("=")
            shown, doc = f"{variable} == {number}", f"A{variable[1:]} is in state {number}"
        rows.append(f'<tr><td class="name">{esc(shown)}</td><td>{esc(doc)}</td><td>{"1 (yes)" if value else "0 (no)"}</td></tr>')
    for name in record.outputs:
        doc = spec.outputs[name].doc if name in spec.outputs else ""
        rows.append(f'<tr><td class="name">{esc(name)}</td><td>{esc(doc)}</td><td>ran</td></tr>')
    arc = (f"arc {spec.arcs[record.arc].number}: {esc(arc_text(spec, spec.arcs[record.arc]))}" if record.arc is not None
           else "no arc: the state stayed")
    table = ('<table class="data"><thead><tr><th>input / output</th><th>meaning</th><th>value</th></tr></thead>'
             f"<tbody>{''.join(rows)}</tbody></table>" if rows else "")
    return f"<p>Its last step took {arc}.</p>{table}"


def running_html(spec: Spec, state: int, steps: int, arc: int | None, final: bool, record: StepLike | None = None,
                 picture: str | None = None) -> str:
    """A running automaton: where it is, the graph with that state and the last arc highlighted,
    what the last step read and ran, and the problem's picture when there is one."""
    name = spec.states[state].name if state in spec.states else ""
    where = f"step {steps:,}: state {state} ({esc(name)})" + (", final" if final else "")
    shown = (f'<img alt="the problem after step {steps:,}" style="max-width:100%" '
             f'src="data:image/svg+xml;charset=utf-8,{quote(picture)}">' if picture else "")
    return (f'<div class="automaton"><style>{asset("sphinx.css")}</style><p><strong>{esc(spec.automaton)}</strong> — '
            f'{where}</p><div style="display:flex;flex-wrap:wrap;gap:1em;align-items:flex-start">'
            f'<div style="flex:2 1 24em">{highlighted_graph(spec, state, arc)}</div>'
            f'<div style="flex:1 1 16em">{shown}{step_html(spec, record)}</div></div></div>')


def load_ipython_extension(ipython: Any) -> None:
    formatters = ipython.display_formatter.formatters
    formatters["text/html"].for_type_by_name(SPEC_MODULE, SPEC_CLASS, spec_html)
    formatters["image/svg+xml"].for_type_by_name(SPEC_MODULE, SPEC_CLASS, spec_svg)
