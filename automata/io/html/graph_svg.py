"""The transition graph and connection diagram as inline SVG, with handles for highlighting.

graphviz draws the diagrams (automata.io.diagrams); this module makes its SVG fit inside a page:
no XML prolog, doctype or comments, element ids prefixed so that several diagrams share a page,
and every state's group marked `data-state="N"` and every arc's `data-arc="K"` (the arc's index in
the spec), so a page can highlight the current state and the arc just taken. graphviz escapes all
text it writes (labels, tooltips), so spec text reaches the SVG only escaped.
"""

from __future__ import annotations

import re

import graphviz

from ...errors import InputError
from ...model.spec import Spec
from ..diagrams import DrawOptions, connection_diagram, transition_graph
from ..drawing import render_with_dot
from ...model.system import System
from ..labels import state_id, title_of, tried_order
from ..system_diagrams import system_diagram
from .page import esc

_NODE = re.compile(r'<g id="node\d+" class="node">\s*<title>s(\d+)</title>')
_EDGE = re.compile(r'<g id="edge(\d+)" class="edge">\s*<title>([^<]*)</title>')
_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)

# The current state and the arc just taken, for pictures that carry no page style (notebooks).
HIGHLIGHT_STYLE = (
    ".node.current path,.node.current polygon,.node.current ellipse{fill:#ffd54f;stroke:#e65100;stroke-width:3px}"
    ".edge.taken path{stroke:#e65100;stroke-width:3px}.edge.taken polygon{fill:#e65100;stroke:#e65100}"
    ".edge.taken text{fill:#e65100;font-weight:bold}"
)


def _render(graph: graphviz.Digraph) -> str:
    # Through the drawing module's runner: a layout that never ends is stopped, failures are one line.
    return render_with_dot(graph, "svg", "the transition graph").decode("utf-8")


def safe_id(text: str) -> str:
    """An id (or id prefix) made from a name: only [A-Za-z0-9_-] survive, so no file name, case or
    automaton name can end the attribute it is written in."""
    return re.sub(r"[^A-Za-z0-9_-]", "_", text) or "_"


def _label(svg: str, role: str, label: str) -> str:
    """The <svg> element with an ARIA role and label (a screen reader's name for the drawing)."""
    return svg.replace("<svg ", f'<svg role="{role}" aria-label="{esc(label)}" ', 1)


def _inline(svg: str) -> str:
    """graphviz's SVG document made an element of a page."""
    svg = svg[svg.index("<svg"):]
    svg = _COMMENT.sub("", svg)
    # The drawing scales with its box; its own size becomes the largest it is shown at.
    size = re.match(r'<svg width="([\d.]+)pt" height="([\d.]+)pt"', svg)
    if size:
        width, height = float(size.group(1)), float(size.group(2))
        svg = svg.replace(size.group(0), f'<svg class="diagram" width="{width * 4 / 3:.0f}" height="{height * 4 / 3:.0f}" '
                          f'style="max-width:100%;height:auto"', 1)
    return svg.strip()


def graph_svg(spec: Spec, prefix: str = "graph", options: DrawOptions | None = None, interactive: bool = False) -> str:
    """The transition graph as an inline SVG element whose states and arcs carry data-state/data-arc
    (`options`: the legend under the graph, arc numbers). `interactive`: each state can take the
    keyboard's focus (a page lets the reader choose a state)."""
    svg = _inline(_render(transition_graph(spec, options or DrawOptions())))
    label = f"transition graph of {title_of(spec)}"
    svg = _label(svg, "group" if interactive else "img", label)

    def state(found: re.Match[str]) -> str:
        number = int(found.group(1))
        marks = f' data-state="{number}"'
        if interactive and number in spec.states:
            marks += f' tabindex="0" role="button" aria-label="{esc(spec.states[number].label)}"'
        return found.group(0).replace(' class="node"', f' class="node"{marks}')

    svg = _NODE.sub(state, svg)
    # graphviz numbers edges in the order they were declared: the arrow to the initial state, then
    # the arcs in tried order (diagrams.transition_graph). The titles confirm each match.
    arcs = tried_order(spec)

    def mark(found: re.Match[str]) -> str:
        position = int(found.group(1)) - 2
        if not 0 <= position < len(arcs):
            return found.group(0)
        arc = arcs[position]
        expected = f"{state_id(arc.source)}&#45;&gt;{state_id(arc.target)}"
        if re.sub(r":\w+", "", found.group(2)) != expected:  # a self-loop's title names its ports
            raise InputError(f"the transition graph of {spec.automaton} did not come out of graphviz in the expected "
                             f"order (edge {found.group(1)} is {found.group(2)}, expected {expected})")
        return found.group(0).replace(' class="edge"', f' class="edge" data-arc="{arc.index}"')

    return _EDGE.sub(mark, svg).replace(' id="', f' id="{safe_id(prefix)}-')


def connections_svg(spec: Spec, prefix: str = "connections") -> str:
    """The connection diagram as an inline SVG element."""
    svg = _label(_inline(_render(connection_diagram(spec))), "img", f"connection diagram of {title_of(spec)}")
    return svg.replace(' id="', f' id="{safe_id(prefix)}-')


def system_svg(system: System, prefix: str = "system") -> str:
    """The drawing of how a system's automata interact, as an inline SVG element."""
    svg = _inline(render_with_dot(system_diagram(system), "svg", "the system's diagram").decode("utf-8"))
    svg = _label(svg, "img", f"how the automata of {title_of(system.root_spec)} interact")
    return svg.replace(' id="', f' id="{safe_id(prefix)}-')


def highlighted_graph(spec: Spec, state: int | None, arc: int | None) -> str:
    """The transition graph with `state` and `arc` highlighted by a style inside the SVG itself."""
    svg = graph_svg(spec, "now")
    if state is not None:
        svg = svg.replace(f'class="node" data-state="{state}"', f'class="node current" data-state="{state}"')
    if arc is not None:
        svg = svg.replace(f'class="edge" data-arc="{arc}"', f'class="edge taken" data-arc="{arc}"')
    head = svg.index(">") + 1
    return svg[:head] + f"<style>{HIGHLIGHT_STYLE}</style>" + svg[head:]
