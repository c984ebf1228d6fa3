"""How a spec's parts are written on its pictures: the methodology's arc labels and stable ids.

Shared by every picture of a spec (graphviz diagrams, Mermaid text, the HTML player and docs), so
that an arc reads the same everywhere.
"""

from __future__ import annotations

from ..model.guards import ALWAYS, Or
from ..model.spec import ArcDecl, Spec

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


def arc_number(index: int) -> int:
    """The number a reader sees for the arc of `ArcDecl.index` (counted from 1, as the drawings
    number arcs): the player, the stepper and the docs site show this one."""
    return index + 1
