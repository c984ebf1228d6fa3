"""What a state does on every valuation of the inputs at once, as regions of a truth table.

The interpreter's step function (`automata.runtime.interpreter.take_step`) decides one step from one
valuation. Here the same rules decide it for all valuations together: the arcs are tried in their
order (`try_order`), each takes the valuations its guard accepts that no earlier arc took, and what
is left stays (`may_stay`) or is stuck. Valuations are the bits of the checker's truth tables
(`automata.analysis.check`), so a region is an int and a state's behaviour is a short list of
(region, outcome) pairs, however many valuations there are.

Two ways to count a step:

- lock step: every step is observed, with the outputs it runs (perhaps none);
- skipping silent steps: a step that runs no output and does not stop the run changes nothing
  an input asks about (inputs are questions without side effects and only outputs act on the
  context), so the next step sees the same valuation. Such steps are followed within the same
  region until an output runs, a final state is reached, no arc is enabled, or a state repeats
  (then the run goes round without outputs forever).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ...model.guards import Var, atom, is_state_test
from ...model.spec import ArcDecl, Spec, name_order
from ...runtime.interpreter import tested_inputs
from ..check import MAX_INPUTS_PER_STATE, TruthTables

MOVED = "moved"  # took an arc (or stayed, in lock step, in a may_stay state): outputs ran, the run goes on or stops
STUCK = "stuck"  # no arc enabled in a state that may not stay: the run fails
SILENT_LOOP = "silent loop"  # goes round without outputs forever on this valuation (skipping silent steps only)


@dataclass(frozen=True)
class Outcome:
    """Where a step (or a run of silent steps ending in one that is not) leads."""

    ending: str  # MOVED, STUCK or SILENT_LOOP
    outputs: tuple[str, ...]  # the outputs run, in order
    state: Any  # the state reached (MOVED), or the state where the run stays or fails
    # The arc that fired (the last one, across silent steps); None when none did. Not compared: two
    # specs that reach the same outcome through arcs listed elsewhere behave alike.
    arc: int | None = field(default=None, compare=False)
    # Whether the move started a step of the (root) automaton, which takes the event the run sends;
    # a move that only runs the next output of a step under way does not.
    started: bool = field(default=True, compare=False)


Region = tuple[int, Outcome]  # the valuations (a truth table) on which the outcome happens


class TooManyInputs(ValueError):
    """A comparison would enumerate more than MAX_INPUTS_PER_STATE inputs at once."""


class Steps:
    """One spec's steps: its arcs of each (state, event) in try order (`Spec.arcs_from`, indexed once
    per spec), with what each runs, so that a question about a step costs the arcs of one state.
    """

    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        self._outputs = {arc.index: spec.outputs_of(arc) for arc in spec.arcs}
        self._final = {number: state.final for number, state in spec.states.items()}
        self._read: dict[tuple[int, str, bool], list[str]] = {}
        # (state, event) pairs with an arc that runs no output: only from these do silent steps lead on
        self._silent = {(arc.source, arc.event) for arc in spec.arcs if not self._outputs[arc.index]}

    def order(self, state: int, event: str) -> list[ArcDecl]:
        return self.spec.arcs_from(state, event)

    def outputs(self, arc: ArcDecl) -> tuple[str, ...]:
        return self._outputs[arc.index]

    def final(self, state: int) -> bool:
        return self._final[state]

    def silent_closure(self, state: int, event: str) -> list[int]:
        """`state` and every working state reachable from it over arcs that run no output."""
        found = [state]
        for current in found:
            if self._final[current]:
                continue
            for arc in self.order(current, event):
                if not self._outputs[arc.index] and arc.target not in found:
                    found.append(arc.target)
        return found

    def inputs_read(self, state: int, event: str, skip_silent: bool) -> list[str]:
        """The inputs a step from `state` may read (with `skip_silent`, across the silent steps that follow)."""
        key = (state, event, skip_silent)
        found = self._read.get(key)
        if found is None:
            if self._final[state]:
                states = []
            elif skip_silent and (state, event) in self._silent:
                states = self.silent_closure(state, event)
            else:
                states = [state]
            found = self._read[key] = tested_inputs(arc for number in states if not self._final[number]
                                                    for arc in self.order(number, event))
        return found

    def outcomes(self, state: int, event: str, tables: TruthTables, skip_silent: bool) -> list[Region]:
        """What a step from the working state `state` does on `event`, as regions that partition
        every valuation of `tables` (which must hold every input `inputs_read` names)."""
        if skip_silent:
            return self._skipping(state, event, tables, tables.full, (state,))
        regions: list[Region] = []
        taken = 0
        for arc in self.order(state, event):
            region = tables.of(arc.guard) & ~taken
            taken |= region
            if region:
                regions.append((region, Outcome(MOVED, self._outputs[arc.index], arc.target, arc.index)))
        rest = tables.full & ~taken
        if rest:
            stays = self.spec.states[state].may_stay
            regions.append((rest, Outcome(MOVED if stays else STUCK, (), state)))
        return regions

    def _skipping(self, state: int, event: str, tables: TruthTables, within: int, path: tuple[int, ...]) -> list[Region]:
        regions: list[Region] = []
        taken = 0
        for arc in self.order(state, event):
            region = tables.of(arc.guard) & within & ~taken
            taken |= region
            if not region:
                continue
            outputs = self._outputs[arc.index]
            if outputs or self._final[arc.target]:
                regions.append((region, Outcome(MOVED, outputs, arc.target, arc.index)))
            elif arc.target in path:  # the same valuation leads round the same silent cycle forever
                regions.append((region, Outcome(SILENT_LOOP, (), arc.target, arc.index)))
            else:
                regions += self._skipping(arc.target, event, tables, region, path + (arc.target,))
        rest = within & ~taken
        if rest:  # staying put without outputs repeats the same step forever
            regions.append((rest, Outcome(SILENT_LOOP if self.spec.states[state].may_stay else STUCK, (), state)))
        return regions


def silent_closure(spec: Spec, state: int) -> list[int]:
    """`state` and every working state reachable from it over arcs that run no output (step event)."""
    return Steps(spec).silent_closure(state, spec.step_event)


def inputs_read(spec: Spec, state: int, skip_silent: bool) -> list[str]:
    """The inputs a step from `state` on the step event may read (see Steps.inputs_read)."""
    return Steps(spec).inputs_read(state, spec.step_event, skip_silent)


def tables_for(names: Iterable[str], domains: dict[str, tuple[int, ...]] | None = None) -> TruthTables:
    """Truth tables over `names` in the methodology's order (x2 before x10), and over the states of
    the automata in `domains`; TooManyInputs past the checker's limit."""
    domains = domains or {}
    ordered = sorted({name for name in names if not (is_state_test(name) and name.partition("=")[0] in domains)},
                     key=name_order)
    valuations = 1 << len(ordered)
    for states in domains.values():
        valuations *= len(states)
    if valuations > 1 << MAX_INPUTS_PER_STATE:
        raise TooManyInputs(f"{len(ordered)} inputs at once (at most {MAX_INPUTS_PER_STATE} are enumerated)"
                            if not domains else f"over 2**{MAX_INPUTS_PER_STATE} valuations at once")
    return TruthTables(ordered, {name: domains[name] for name in sorted(domains, key=name_order)})


def outcomes(spec: Spec, state: int, tables: TruthTables, skip_silent: bool) -> list[Region]:
    """What a step from the working state `state` on the step event does (see Steps.outcomes)."""
    return Steps(spec).outcomes(state, spec.step_event, tables, skip_silent)


def valuation_of(tables: TruthTables, region: int) -> tuple[tuple[str, bool], ...]:
    """The first valuation of a non-empty region (x1=0 before x1=1), as (input, value) pairs; the
    state of an automaton in the tables' domains as the state test that holds (`y2=4`, True)."""
    number = (region & -region).bit_length() - 1
    valuation = []
    for name, radix in tables.digits:
        digit = number // tables._strides[name] % radix
        valuation.append((f"{name}={tables.domains[name][digit]}", True) if name in tables.domains else (name, bool(digit)))
    return tuple(valuation)


def literal_table(tables: TruthTables, valuation: Iterable[tuple[str, bool]]) -> int:
    """The region of valuations that agree with a partial valuation (inputs it lacks take both values);
    a reading of a state test (`y2=4`) whose automaton is in the tables' domains counts too."""
    region = tables.full
    for name, value in valuation:
        if name in tables.inputs:
            table = tables.of(Var(name))
        elif is_state_test(name) and name.partition("=")[0] in tables.domains:
            table = tables.of(atom(name))
        else:
            continue
        region &= table if value else ~table
    return region & tables.full


def count(region: int) -> int:
    return region.bit_count()
