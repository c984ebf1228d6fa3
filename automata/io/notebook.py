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

from ..model.spec import Spec
from .html.graph_svg import highlighted_graph
from .html.page import asset, esc
from .html.site import presentation
from .labels import title_of

SPEC_MODULE, SPEC_CLASS = "automata.model.spec", "Spec"


def spec_svg(spec: Spec) -> str:
    """The transition graph, as an SVG document."""
    return highlighted_graph(spec, None, None)


def spec_html(spec: Spec) -> str:
    """Title, description, transition graph and the tables of states, inputs and outputs."""
    return (f'<div class="automaton"><style>{asset("sphinx.css")}</style>'
            f"<h3>{esc(title_of(spec))}</h3><p>{esc(spec.description)}</p>"
            f'{presentation(spec, ("graph", "states", "inputs", "outputs"), heading_level=4)}</div>')


def running_html(spec: Spec, state: int, steps: int, arc: int | None, final: bool) -> str:
    """A running automaton: where it is, and the graph with that state and the last arc highlighted."""
    name = spec.states[state].name
    where = f"step {steps:,}: state {state} ({esc(name)})" + (", final" if final else "")
    return f'<div class="automaton"><p><strong>{esc(spec.automaton)}</strong> — {where}</p>{highlighted_graph(spec, state, arc)}</div>'


def load_ipython_extension(ipython: Any) -> None:
    formatters = ipython.display_formatter.formatters
    formatters["text/html"].for_type_by_name(SPEC_MODULE, SPEC_CLASS, spec_html)
    formatters["image/svg+xml"].for_type_by_name(SPEC_MODULE, SPEC_CLASS, spec_svg)
