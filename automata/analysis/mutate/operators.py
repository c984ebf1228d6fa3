"""Making a spec's single-point mutants."""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from ...errors import Loc
from ...model.guards import ALWAYS, And, Guard, Not, Or, Var, atom
from ...model.spec import ArcDecl, Spec, name_order
from ...runtime.interpreter import tested_inputs
from .results import Mutant

# ---------------------------------------------------------------------------------------------
# Making the mutants


def _with_arc(spec: Spec, arc: ArcDecl, **changes: Any) -> Spec:
    arcs = tuple(dataclasses.replace(other, **changes) if other is arc else other for other in spec.arcs)
    return dataclasses.replace(spec, arcs=arcs)


def _arc_name(arc: ArcDecl) -> str:
    return arc.title


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


def _literal_text(guard: Guard) -> str:
    return str(guard) if not isinstance(guard, (And, Or)) else f"({guard})"


def _drops(guard: Guard) -> Iterator[tuple[Guard, str]]:
    """Every guard obtained by dropping one operand of one conjunction (weaker) or disjunction
    (stronger) of `guard`; a guard that is a single literal becomes `1`."""
    if isinstance(guard, Var) or (isinstance(guard, Not) and isinstance(guard.operand, Var)):
        yield ALWAYS, str(guard)
    else:
        yield from _drops_within(guard)


def _drops_within(guard: Guard) -> Iterator[tuple[Guard, str]]:
    if isinstance(guard, Not):
        for inner, literal in _drops_within(guard.operand):
            yield Not(inner), literal
    elif isinstance(guard, (And, Or)):
        for position, operand in enumerate(guard.operands):
            before, after = guard.operands[:position], guard.operands[position + 1:]
            rest = before + after
            yield (rest[0] if len(rest) == 1 else type(guard)(rest)), _literal_text(operand)
            for inner, literal in _drops_within(operand):
                yield type(guard)(before + (inner,) + after), literal


def _additions(guard: Guard, names: list[str]) -> Iterator[tuple[Guard, str]]:
    """Every guard obtained by adding one literal over `names` that `guard` does not test: to a
    disjunction as one more alternative (weaker), to anything else as one more condition (stronger)."""
    tested = set(guard.variables())
    for name in names:
        if name in tested:
            continue
        for literal in (atom(name), Not(atom(name))):  # an input, or a state test of a system
            if isinstance(guard, Or):
                yield Or(guard.operands + (literal,)), str(literal)
            elif isinstance(guard, And):
                yield And(guard.operands + (literal,)), str(literal)
            elif guard == ALWAYS:
                yield literal, str(literal)
            else:
                yield And((guard, literal)), str(literal)


def _action_mutants(actions: tuple[str, ...], what: str, loc: Loc, outputs: Iterable[str],
                    rebuild: Callable[[tuple[str, ...]], Spec]) -> Iterator[Mutant]:
    """Each action of one list dropped, each two adjacent different actions swapped, each action
    run twice, each action replaced by every other output; `what` names the list's items in
    descriptions ("arc 3 (...): action"), `rebuild` makes the mutant spec."""
    for position, action in enumerate(actions):
        yield Mutant("drop-action", f"{what} {action} dropped", loc, rebuild(actions[:position] + actions[position + 1:]))
    for position, (first, second) in enumerate(itertools.pairwise(actions)):
        if first != second:
            swapped = actions[:position] + (second, first) + actions[position + 2:]
            yield Mutant("swap-actions", f"{what}s {first} and {second} swapped", loc, rebuild(swapped))
    for position, action in enumerate(actions):
        doubled = actions[:position + 1] + (action,) + actions[position + 1:]
        yield Mutant("duplicate-action", f"{what} {action} run twice", loc, rebuild(doubled))
    for position, action in enumerate(actions):
        for other in outputs:
            if other != action:
                replaced = actions[:position] + (other,) + actions[position + 1:]
                yield Mutant("replace-action", f"{what} {action} replaced by {other}", loc, rebuild(replaced))


def _guard_mutants(spec: Spec) -> Iterator[Mutant]:
    """A literal negated, dropped, or added (one the arc's state tests elsewhere), arc by arc."""
    for kind, changes in (("negate", "negated"), ("drop-literal", "dropped"), ("add-literal", "added")):
        for arc in spec.arcs:
            if kind == "negate":
                variants = _negations(arc.guard)
            elif kind == "drop-literal":
                variants = _drops(arc.guard)
            else:
                variants = _additions(arc.guard, tested_inputs(spec.arcs_from(arc.source, arc.event)))
            for guard, literal in variants:
                yield Mutant(kind, f"{_arc_name(arc)}: literal {literal} {changes}, guard \"{guard}\"",
                             arc.guard_loc, _with_arc(spec, arc, guard=guard, guard_text=str(guard)))


def _try_order(spec: Spec, source: int, event: str) -> list[int]:
    return [arc.index for arc in spec.arcs_from(source, event)]


def _priority_mutants(spec: Spec) -> Iterator[Mutant]:
    """An arc's priority removed, changed or added: each change that tries the arcs of its state in
    another order (priorities matter only through that order)."""
    for arc in spec.arcs:
        siblings = spec.arcs_from(arc.source, arc.event)
        if len(siblings) < 2:
            continue
        original = _try_order(spec, arc.source, arc.event)
        used = sorted({other.priority for other in siblings if other.priority is not None})
        candidates: list[int | None] = ([None] if arc.priority is not None else [])
        candidates += sorted({*used, (used[0] - 1) if used else 1, (used[-1] + 1) if used else 1} - {arc.priority})
        orders = {tuple(original)}
        for priority in candidates:
            mutated = _with_arc(spec, arc, priority=priority)
            order = tuple(_try_order(mutated, arc.source, arc.event))
            if order in orders:
                continue
            orders.add(order)
            if priority is None:
                change = f"priority {arc.priority} removed"
            elif arc.priority is None:
                change = f"priority {priority} added"
            else:
                change = f"priority {arc.priority} changed to {priority}"
            yield Mutant("priority", f"{_arc_name(arc)}: {change}", arc.loc, mutated)


def _call_mutants(spec: Spec) -> Iterator[Mutant]:
    """Two inputs', or two outputs', `call:` bindings exchanged (an output that runs an automaton
    has no call to exchange)."""
    for what, declared, field in (("inputs", spec.inputs, "inputs"), ("outputs", spec.outputs, "outputs")):
        names = sorted((name for name in declared if not getattr(declared[name], "run", "")), key=name_order)
        for first, second in itertools.combinations(names, 2):
            one, other = declared[first], declared[second]
            if one.call == other.call:
                continue
            swapped = dict(declared)
            swapped[first] = dataclasses.replace(one, call=other.call)
            swapped[second] = dataclasses.replace(other, call=one.call)
            yield Mutant("swap-calls", f"{what} {first} and {second} exchange their calls ({one.call}, {other.call})",
                         other.loc, dataclasses.replace(spec, **{field: swapped}))


def _on_enter_mutants(spec: Spec) -> Iterator[Mutant]:
    """One `on_enter` action of a state moved onto one of the arcs entering it, the other arcs
    losing it: only where some arc's outputs change (a state entered by one arc only, its first
    entry action moved, is the same automaton)."""
    for number in sorted(spec.states):
        state = spec.states[number]
        entering = [arc for arc in spec.arcs if arc.target == number]
        for position, action in enumerate(state.on_enter):
            kept = state.on_enter[:position] + state.on_enter[position + 1:]
            for arc in entering:
                mutated = _with_state(_with_arc(spec, arc, actions=arc.actions + (action,)), number, on_enter=kept)
                if all(mutated.outputs_of(new) == spec.outputs_of(old) for new, old in zip(mutated.arcs, spec.arcs)):
                    continue
                yield Mutant("move-on-enter", f"state {number}: on_enter action {action} moved onto {_arc_name(arc)} only",
                             state.loc, mutated)


def mutants(spec: Spec) -> list[Mutant]:
    """Every single-point mutant of `spec`, in file order within each kind."""
    found: list[Mutant] = []
    numbers = sorted(spec.states)
    outputs = sorted(spec.outputs, key=name_order)
    for arc in spec.arcs:
        for target in numbers:
            if target != arc.target:
                found.append(Mutant("target", f"{_arc_name(arc)} goes to state {target} instead",
                                    arc.loc, _with_arc(spec, arc, target=target)))
    found.extend(_guard_mutants(spec))
    for arc in spec.arcs:
        found.extend(_action_mutants(arc.actions, f"{_arc_name(arc)}: action", arc.loc, outputs,
                                     lambda actions, arc=arc: _with_arc(spec, arc, actions=actions)))
    for number in numbers:
        state = spec.states[number]
        found.extend(_action_mutants(state.on_enter, f"state {number}: on_enter action", state.loc, outputs,
                                     lambda actions, number=number: _with_state(spec, number, on_enter=actions)))
    found.extend(_on_enter_mutants(spec))
    for number in numbers:
        for event in sorted({arc.event for arc in spec.arcs if arc.source == number}):
            ordered = spec.arcs_from(number, event)
            for first, second in itertools.pairwise(ordered):
                found.append(Mutant(
                    "swap-arcs", f"{_arc_name(first)} and {_arc_name(second)} tried in the opposite order",
                    second.loc, _swap_arcs(spec, first, second)))
    found.extend(_priority_mutants(spec))
    found.extend(_call_mutants(spec))
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
