"""The minimal spec equivalent to a spec: states no run can tell apart merged into one.

Moore's partition refinement over the reachable states, in lock step (every step is observed,
so the minimal spec takes the same steps as the original, step for step). Final states start in
blocks of their own and are never merged: a program may ask which final state a run stopped in.
Working states start in one block, and a block is split as long as two of its states, on some
valuation of the inputs either tests, run different outputs, fail differently, or move into
different blocks. The letters are (event, valuation) pairs, so the merged states behave the same
whichever event a run sends.

The minimal spec keeps, for each block, the arcs of its smallest-numbered state that can fire,
sent to the blocks of their targets; the block takes that state's number and the names of all its
states ("Searching + Checking"). States no run reaches are left out, and so are arcs that can
never fire and declarations nothing uses any more.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ...io.loader import TEXT_LIMITS
from ...model.guards import variables_of
from ...model.spec import ArcDecl, Spec, StateDecl
from .moves import MOVED, Outcome, inputs_read, outcomes, tables_for


@dataclass(frozen=True)
class Minimized:
    spec: Spec
    blocks: tuple[tuple[int, ...], ...]  # the original states of each state of `spec`, in its order
    unreachable: tuple[int, ...]  # original states no run reaches, left out

    @property
    def merged(self) -> list[tuple[int, ...]]:
        return [block for block in self.blocks if len(block) > 1]


def _on(spec: Spec, event: str) -> Spec:
    return spec if event == spec.step_event else dataclasses.replace(spec, step_event=event)


def _regions(spec: Spec, states: Sequence[int], event: str) -> dict[int, list[tuple[int, Outcome]]]:
    """Each state's lock-step outcomes on `event`, over truth tables common to all of `states`."""
    on_event = _on(spec, event)
    tables = tables_for(name for state in states for name in inputs_read(on_event, state, False))
    return {state: outcomes(on_event, state, tables, False) for state in states}


def reachable(spec: Spec) -> list[int]:
    """The states a run reaches from the initial state, sending any event."""
    found = [spec.initial]
    for state in found:
        if spec.states[state].final:
            continue
        for event in spec.events:
            for _, outcome in _regions(spec, [state], event)[state]:
                if outcome.ending == MOVED and outcome.state not in found:
                    found.append(outcome.state)
    return sorted(found)


def _behave_alike(spec: Spec, first: int, second: int, block_of: Mapping[int, int]) -> bool:
    for event in spec.events:
        regions = _regions(spec, [first, second], event)
        for region, outcome in regions[first]:
            for other_region, other in regions[second]:
                if not region & other_region:
                    continue
                if (outcome.ending, outcome.outputs) != (other.ending, other.outputs):
                    return False
                if outcome.ending == MOVED and block_of[outcome.state] != block_of[other.state]:
                    return False
    return True


def equivalent_blocks(spec: Spec) -> list[tuple[int, ...]]:
    """The coarsest partition of the reachable states into blocks of states no run tells apart."""
    states = reachable(spec)
    working = [state for state in states if not spec.states[state].final]
    blocks: list[list[int]] = [[state] for state in states if spec.states[state].final]
    blocks += [working] if working else []
    while True:
        block_of = {state: number for number, block in enumerate(blocks) for state in block}
        refined: list[list[int]] = []
        for block in blocks:
            parts: list[list[int]] = []
            for state in block:
                home = next((part for part in parts if _behave_alike(spec, part[0], state, block_of)), None)
                if home is None:
                    parts.append([state])
                else:
                    home.append(state)
            refined += parts
        if len(refined) == len(blocks):
            return sorted(tuple(block) for block in refined)
        blocks = refined


def _firing_arcs(spec: Spec, state: int) -> list[ArcDecl]:
    """The arcs leaving `state` (on any event) that fire on some valuation, in file order."""
    fired = {outcome.arc for event in spec.events for _, outcome in _regions(spec, [state], event)[state]}
    return [arc for arc in spec.arcs if arc.index in fired]


def _common_suffix(lists: Sequence[tuple[str, ...]]) -> tuple[str, ...]:
    length = 0
    while all(len(items) > length for items in lists) and len({items[len(items) - 1 - length] for items in lists}) == 1:
        length += 1
    return lists[0][len(lists[0]) - length:] if lists and length else ()


def _merged_state(spec: Spec, block: tuple[int, ...], on_enter: tuple[str, ...]) -> StateDecl:
    first = spec.states[block[0]]
    if len(block) == 1:
        return dataclasses.replace(first, on_enter=on_enter)
    names = [spec.states[number].name for number in block]
    name = " + ".join(names)
    if len(name) > TEXT_LIMITS["state name"]:  # what the loader accepts back
        name = f"{names[0]} + {len(names) - 1} equivalent states"[:TEXT_LIMITS["state name"]]
    docs = "; ".join(dict.fromkeys(spec.states[number].doc for number in block if spec.states[number].doc))
    return dataclasses.replace(first, name=name, doc=docs[:TEXT_LIMITS["doc"]], on_enter=on_enter)


def minimize(spec: Spec) -> Minimized:
    """The minimal spec equivalent to `spec` in lock step (see the module's docstring)."""
    blocks = equivalent_blocks(spec)
    number_of = {state: block[0] for block in blocks for state in block}
    # A final state's arcs never fire: the run stops there.
    kept = {block[0]: [] if spec.states[block[0]].final else _firing_arcs(spec, block[0]) for block in blocks}
    entering: dict[int, list[ArcDecl]] = {block[0]: [] for block in blocks}
    for arcs in kept.values():
        for arc in arcs:
            entering[number_of[arc.target]].append(arc)
    # What a block runs on entry: the states' common on_enter, or else what every arc into it ends with.
    on_enter: dict[int, tuple[str, ...]] = {}
    for block in blocks:
        own = {spec.states[state].on_enter for state in block}
        arriving = [spec.outputs_of(arc) for arc in entering[block[0]]]
        on_enter[block[0]] = own.pop() if len(own) == 1 else _common_suffix(arriving)
    arcs: list[ArcDecl] = []
    for arc in sorted((arc for arcs in kept.values() for arc in arcs), key=lambda arc: arc.index):
        target = number_of[arc.target]
        outputs = spec.outputs_of(arc)
        actions = outputs[:len(outputs) - len(on_enter[target])]
        arcs.append(dataclasses.replace(arc, index=len(arcs), target=target, actions=actions))
    states = {block[0]: _merged_state(spec, block, on_enter[block[0]]) for block in blocks}
    tested = set(variables_of(arc.guard for arc in arcs))
    run = {name for arc in arcs for name in arc.actions} | {name for state in states.values() for name in state.on_enter}
    minimal = dataclasses.replace(
        spec, initial=number_of[spec.initial], states=states, arcs=tuple(arcs),
        inputs={name: decl for name, decl in spec.inputs.items() if name in tested},
        outputs={name: decl for name, decl in spec.outputs.items() if name in run})
    reached = {state for block in blocks for state in block}
    return Minimized(minimal, tuple(blocks), tuple(sorted(set(spec.states) - reached)))
