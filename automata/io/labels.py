"""How a spec's parts are written on its pictures: the methodology's arc labels and stable ids,
and the escaping of spec text for each picture language.

Shared by every picture of a spec (graphviz diagrams, Mermaid text, the HTML player and docs), so
that an arc reads the same everywhere, and so that whatever `check` accepts, every picture draws:
each escape starts from `printable` (automata/io/printable.py).
"""

from __future__ import annotations

import html

from ..model.guards import ALWAYS, Or
from ..model.spec import ArcDecl, Spec
from .printable import one_line, printable

_ARC_LABEL_WIDTH = 26  # an arc label longer than this puts its actions on a second line


def title_of(spec: Spec) -> str:
    return f"{spec.automaton}: {spec.title}"


def shows_events(spec: Spec) -> bool:
    """Arcs name their event only when the automaton reacts to more than one."""
    return len(spec.events) > 1


def arc_condition(spec: Spec, arc: ArcDecl) -> str:
    """The part before the slash: the guard, preceded by the event when the automaton has several."""
    guard = "" if arc.guard == ALWAYS else str(arc.guard)
    if not shows_events(spec):
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


def state_id(number: int) -> str:
    return f"s{number}"


def tried_order(spec: Spec) -> list[ArcDecl]:
    """Every arc, grouped by state and event, in the order the automaton tries them."""
    ordered: list[ArcDecl] = []
    for number in sorted(spec.states):
        for event in spec.events:
            ordered += spec.arcs_from(number, event)
    listed = {arc.index for arc in ordered}
    # Arcs from undeclared states or on undeclared events cannot exist in a loaded spec; keep
    # them anyway so that a diagram never silently drops an arc.
    return ordered + [arc for arc in spec.arcs if arc.index not in listed]


# ---- spec text in each picture language ---------------------------------------------------------


def dot_text(text: str) -> str:
    """Text for a quoted DOT string (a label, a tooltip): backslashes are escape sequences in DOT,
    newlines become centred line breaks."""
    return printable(text).replace("\\", "\\\\").replace("\n", "\\n")


def html_text(text: str) -> str:
    """Text inside a graphviz HTML-like label (parsed as XML by graphviz)."""
    return html.escape(printable(text), quote=True)


# In Mermaid text, `#...;` is an entity code, and these characters are syntax somewhere: a state
# diagram's label ends at `:` or `;`, a quoted label at `"`, an edge label at `|`, braces shape
# nodes, a backtick starts Markdown, and flowchart labels are HTML (`<img onerror=...>`). Each is
# written as its entity code, which Mermaid shows as the character (without `<` and `>`, a `&`
# can only spell text).
_MERMAID_ESCAPES = {char: f"#{ord(char)};" for char in "#:;{}|`"} | {'"': "#quot;", "<": "#lt;", ">": "#gt;"}


def mermaid_text(text: str) -> str:
    """Spec text for any Mermaid label: printable, on one line, with Mermaid's syntax escaped."""
    return "".join(_MERMAID_ESCAPES.get(char, char) for char in one_line(text))


def mermaid_comment(text: str) -> str:
    """Spec text for a `%%` comment line: printable and on one line (a CR, U+2028 or a newline
    would end the comment and start diagram text), and no markup (a page that pastes the text
    into its HTML unescaped would run it before Mermaid sees the comment)."""
    return one_line(text).replace("<", "#lt;").replace(">", "#gt;")
