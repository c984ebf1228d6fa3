"""The minimal spec equivalent to a spec: states no run can tell apart merged into one.

Partition refinement over the reachable states, in lock step (every step is observed, so the
minimal spec takes the same steps as the original, step for step). A letter is an event and a
class of valuations of the inputs: for each event, the valuations of every input some state reads
on it are cut into the classes no guard tells apart (`_letters`). Each state then has, on each
letter, an *outcome* (the outputs it runs, or that it fails) and, when it moves, a target. Final
states start in blocks of their own and are never merged: a program may ask which final state a
run stopped in. Working states start in one block per outcome on every letter, and
Hopcroft's refinement (`partition.refine`, O(m log n) for m transitions) splits blocks until every
block's states move into one block on every letter. A letter on which a state has no arc (and may
not stay) is a failure, an outcome like any other: partial machines are minimized as such.

The minimal spec keeps, for each block, the arcs of its smallest-numbered state that can fire,
sent to the blocks of their targets; the block takes that state's number and the names of all its
states ("Searching + Checking"). States no run reaches are left out, and so are arcs that can
never fire and declarations nothing uses any more.

The root of a system of automata is minimized inside its system: its state tests range over the
states the tested automaton can be in (automata/analysis/system_check.py), states that nest
automata or that another automaton tests keep a block of their own (merging them would restart a
nested automaton where it did not, or change what a test reads), and the states another
automaton tests are kept even when the root cannot reach them, since that automaton names them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ...io.loader import TEXT_LIMITS, load_system
from ...model.guards import variables_of
from ...model.spec import ArcDecl, Spec, StateDecl
from ...model.system import state_tests
from ..system_check import StateDomains
from .moves import MOVED, Outcome, Region, Steps, TruthTables, tables_for
from .partition import refine


@dataclass(frozen=True)
class Minimized:
    spec: Spec
    blocks: tuple[tuple[int, ...], ...]  # the original states of each state of `spec`, in its order
    unreachable: tuple[int, ...]  # original states no run reaches, left out

    @property
    def merged(self) -> list[tuple[int, ...]]:
        return [block for block in self.blocks if len(block) > 1]


class _Analysis:
    """A spec's steps, with the states its state tests can see (for a system's root)."""

    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        self.kept_apart: set[int] = set()  # states that must stay alone in their block
        self.tested: set[int] = set()  # states another automaton of the system tests
        domains: StateDomains | None = None
        if spec.is_system:
            system = load_system(spec)
            domains = StateDomains(system)
            self.kept_apart = {number for number, state in spec.states.items() if state.nested}
            for other in system:
                if other.automaton != spec.automaton:
                    self.tested |= {test.state for test in state_tests(other).values()
                                    if test.automaton == spec.automaton and test.state in spec.states}
            self.kept_apart |= self.tested
        self._domains = domains
        self._tested_by_state: dict[int, dict[str, tuple[int, ...]]] = {}
        self._tables: dict[object, TruthTables] = {}
        self._regions: dict[tuple[int, str, object], tuple[list[Region], TruthTables]] = {}
        self.steps = Steps(spec)

    def domains(self, state: int) -> dict[str, tuple[int, ...]]:
        """The state tests a state's arcs make, each over the states its automaton can be in there."""
        if self._domains is None:
            return {}
        found = self._tested_by_state.get(state)
        if found is None:
            names = variables_of(arc.guard for arc in self.spec.arcs if arc.source == state)
            found = self._tested_by_state[state] = self._domains.of_tests(self.spec, state, names)
        return found

    def regions(self, state: int, event: str, domains: Mapping[str, tuple[int, ...]] | None = None,
                names: Sequence[str] | None = None) -> tuple[list[Region], TruthTables]:
        """A state's lock-step outcomes on `event` over its own valuations (or over `names` and
        `domains` shared with other states), and the tables they are written in."""
        if names is None:
            names = self.steps.inputs_read(state, event, False)
        if domains is None:
            domains = self.domains(state)
        key = (tuple(names), tuple(sorted(domains.items())))
        tables = self._tables.get(key)
        if tables is None:
            tables = self._tables[key] = tables_for(names, dict(domains))
        found = self._regions.get((state, event, key))
        if found is None:
            found = self._regions[(state, event, key)] = self.steps.outcomes(state, event, tables, False), tables
        return found


def reachable(spec: Spec, analysis: _Analysis | None = None) -> list[int]:
    """The states a run reaches from the initial state, sending any event (and, in a system's
    root, the states another automaton tests)."""
    analysis = analysis or _Analysis(spec)
    found = [spec.initial] + sorted(analysis.tested - {spec.initial})
    known = set(found)
    for state in found:
        if spec.states[state].final:
            continue
        for event in spec.events:
            for _, outcome in analysis.regions(state, event)[0]:
                if outcome.ending == MOVED and outcome.state not in known:
                    known.add(outcome.state)
                    found.append(outcome.state)
    return sorted(found)


def _letters(analysis: _Analysis, working: Sequence[int], event: str) -> list[list[Outcome]]:
    """For each working state (in order), its outcome on each letter of `event`: the valuations of
    every input the states read on it, cut into the classes no state's guards tell apart."""
    names = sorted({name for state in working for name in analysis.steps.inputs_read(state, event, False)})
    domains: dict[str, set[int]] = {}
    for state in working:
        for variable, states in analysis.domains(state).items():
            domains.setdefault(variable, set()).update(states)
    shared = {variable: tuple(sorted(states)) for variable, states in domains.items()}
    per_state = [analysis.regions(state, event, shared, names) for state in working]
    full = per_state[0][1].full if per_state else 1
    classes = [full]
    for mask in {region for regions, _ in per_state for region, _ in regions}:
        if mask == full:
            continue
        cut = []
        for part in classes:
            inside = part & mask
            cut += [inside, part & ~mask] if inside and inside != part else [part]
        classes = cut
    rows = []
    for regions, _ in per_state:
        row = []
        for part in classes:
            row.append(next(outcome for region, outcome in regions if region & part))
        rows.append(row)
    return rows


def equivalent_blocks(spec: Spec, analysis: _Analysis | None = None) -> list[tuple[int, ...]]:
    """The coarsest partition of the reachable states into blocks of states no run tells apart."""
    analysis = analysis or _Analysis(spec)
    states = reachable(spec, analysis)
    working = [state for state in states if not spec.states[state].final]
    number = {state: position for position, state in enumerate(states)}
    signature: dict[int, list[object]] = {state: [] for state in working}
    transitions = []
    for event in sorted(spec.events):
        for state, row in zip(working, _letters(analysis, working, event)):
            for letter, outcome in enumerate(row):
                signature[state].append((outcome.ending, outcome.outputs))
                if outcome.ending == MOVED:
                    transitions.append((number[state], (event, letter), number[outcome.state]))
    groups: dict[object, list[int]] = {}
    for state in states:
        alone = spec.states[state].final or state in analysis.kept_apart
        key = ("alone", state) if alone else ("working", tuple(signature[state]))
        groups.setdefault(key, []).append(number[state])
    block_of = refine(len(states), list(groups.values()), transitions).block_of
    blocks: dict[int, list[int]] = {}
    for state in states:
        blocks.setdefault(block_of[number[state]], []).append(state)
    return sorted(tuple(block) for block in blocks.values())


def _firing_arcs(analysis: _Analysis, state: int) -> list[ArcDecl]:
    """The arcs leaving `state` (on any event) that fire on some valuation, in file order."""
    fired = {outcome.arc for event in analysis.spec.events for _, outcome in analysis.regions(state, event)[0]}
    leaving = [arc for event in analysis.spec.events for arc in analysis.steps.order(state, event)]
    return sorted((arc for arc in leaving if arc.index in fired), key=lambda arc: arc.index)


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
    analysis = _Analysis(spec)
    blocks = equivalent_blocks(spec, analysis)
    number_of = {state: block[0] for block in blocks for state in block}
    # A final state's arcs never fire: the run stops there.
    kept = {block[0]: [] if spec.states[block[0]].final else _firing_arcs(analysis, block[0]) for block in blocks}
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
        arcs.append(ArcDecl(len(arcs), arc.source, target, arc.event, arc.guard, arc.guard_text, actions, arc.priority,
                            arc.loc, arc.guard_loc))
    states = {block[0]: _merged_state(spec, block, on_enter[block[0]]) for block in blocks}
    tested = set(variables_of(arc.guard for arc in arcs))
    run = {name for arc in arcs for name in arc.actions} | {name for state in states.values() for name in state.on_enter}
    minimal = dataclasses.replace(
        spec, initial=number_of[spec.initial], states=states, arcs=tuple(arcs),
        inputs={name: decl for name, decl in spec.inputs.items() if name in tested},
        outputs={name: decl for name, decl in spec.outputs.items() if name in run})
    reached = {state for block in blocks for state in block}
    return Minimized(minimal, tuple(blocks), tuple(sorted(set(spec.states) - reached)))
