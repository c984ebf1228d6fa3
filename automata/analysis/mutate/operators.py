"""Making a spec's single-point mutants."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from typing import Any

from ...errors import Loc
from ...model.guards import And, Guard, Not, Or, Var
from ...model.spec import ArcDecl, Spec
from .results import Mutant

# ---------------------------------------------------------------------------------------------
# Making the mutants


def _with_arc(spec: Spec, arc: ArcDecl, **changes: Any) -> Spec:
    arcs = tuple(dataclasses.replace(other, **changes) if other is arc else other for other in spec.arcs)
    return dataclasses.replace(spec, arcs=arcs)


def _arc_name(arc: ArcDecl) -> str:
    return f"arc {arc.index} ({arc.source} -> {arc.target}, line {arc.loc.line})"


def _negations(guard: Guard) -> Iterator[tuple[Guard, str]]:
    """Every guard obtained by negating one literal (one occurrence of an input) of `guard`."""
    if isinstance(guard, Var):
        yield Not(guard), guard.name
    elif isinstance(guard, Not):
        if isinstance(guard.operand, Var):
            yield guard.operand, f"!{guard.operand.name}"
        else:
            for inner, literal in _negations(guard.operand):
                yield Not(inner), literal
    elif isinstance(guard, (And, Or)):
        for position, operand in enumerate(guard.operands):
            for changed, literal in _negations(operand):
                operands = guard.operands[:position] + (changed,) + guard.operands[position + 1:]
                yield type(guard)(operands), literal


def _action_mutants(actions: tuple[str, ...], what: str, loc: Loc,
                    rebuild: Callable[[tuple[str, ...]], Spec]) -> Iterator[Mutant]:
    """Each action of one list dropped, then each two adjacent different actions swapped; `what`
    names the list's items in descriptions ("arc 3 (...): action"), `rebuild` makes the mutant spec."""
    for position, action in enumerate(actions):
        yield Mutant("drop-action", f"{what} {action} dropped", loc, rebuild(actions[:position] + actions[position + 1:]))
    for position, (first, second) in enumerate(zip(actions, actions[1:])):
        if first != second:
            swapped = actions[:position] + (second, first) + actions[position + 2:]
            yield Mutant("swap-actions", f"{what}s {first} and {second} swapped", loc, rebuild(swapped))


def mutants(spec: Spec) -> list[Mutant]:
    """Every single-point mutant of `spec`, in file order within each kind."""
    found: list[Mutant] = []
    numbers = sorted(spec.states)
    for arc in spec.arcs:
        for target in numbers:
            if target != arc.target:
                found.append(Mutant("target", f"{_arc_name(arc)} goes to state {target} instead",
                                    arc.loc, _with_arc(spec, arc, target=target)))
    for arc in spec.arcs:
        for guard, literal in _negations(arc.guard):
            found.append(Mutant("negate", f"{_arc_name(arc)}: literal {literal} negated, guard \"{guard}\"",
                                arc.guard_loc, _with_arc(spec, arc, guard=guard, guard_text=str(guard))))
    for arc in spec.arcs:
        found.extend(_action_mutants(arc.actions, f"{_arc_name(arc)}: action", arc.loc,
                                     lambda actions, arc=arc: _with_arc(spec, arc, actions=actions)))
    for number in numbers:
        state = spec.states[number]
        found.extend(_action_mutants(state.on_enter, f"state {number}: on_enter action", state.loc,
                                     lambda actions, number=number: _with_state(spec, number, on_enter=actions)))
    for number in numbers:
        for event in sorted({arc.event for arc in spec.arcs if arc.source == number}):
            ordered = spec.arcs_from(number, event)
            for first, second in zip(ordered, ordered[1:]):
                found.append(Mutant(
                    "swap-arcs", f"{_arc_name(first)} and {_arc_name(second)} tried in the opposite order",
                    second.loc, _swap_arcs(spec, first, second)))
    for number in numbers:
        if number != spec.initial:
            found.append(Mutant("initial", f"initial state {number} instead of {spec.initial}",
                                spec.states[spec.initial].loc, dataclasses.replace(spec, initial=number)))
    return found


def _with_state(spec: Spec, number: int, **changes: Any) -> Spec:
    states = dict(spec.states)
    states[number] = dataclasses.replace(states[number], **changes)
    return dataclasses.replace(spec, states=states)


def _swap_arcs(spec: Spec, first: ArcDecl, second: ArcDecl) -> Spec:
    """Exchange the two arcs' places in the try order: each takes the other's priority and file position."""
    moved = {
        first.index: dataclasses.replace(first, priority=second.priority, index=second.index),
        second.index: dataclasses.replace(second, priority=first.priority, index=first.index),
    }
    arcs = [moved.get(arc.index, arc) for arc in spec.arcs]
    return dataclasses.replace(spec, arcs=tuple(sorted(arcs, key=lambda arc: arc.index)))
