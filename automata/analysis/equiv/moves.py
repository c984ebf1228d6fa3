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

from ...model.guards import Var
from ...model.spec import Spec, name_order
from ...runtime.interpreter import tested_inputs, try_order
from ..check import MAX_INPUTS_PER_STATE, _TruthTables

MOVED = "moved"  # took an arc (or stayed, in lock step, in a may_stay state): outputs ran, the run goes on or stops
STUCK = "stuck"  # no arc enabled in a state that may not stay: the run fails
SILENT_LOOP = "silent loop"  # goes round without outputs forever on this valuation (skipping silent steps only)

TruthTables = _TruthTables


@dataclass(frozen=True)
class Outcome:
    """Where a step (or a run of silent steps ending in one that is not) leads."""

    ending: str  # MOVED, STUCK or SILENT_LOOP
    outputs: tuple[str, ...]  # the outputs run, in order
    state: int  # the state reached (MOVED), or the state where the run stays or fails
    # The arc that fired (the last one, across silent steps); None when none did. Not compared: two
    # specs that reach the same outcome through arcs listed elsewhere behave alike.
    arc: int | None = field(default=None, compare=False)


Region = tuple[int, Outcome]  # the valuations (a truth table) on which the outcome happens


class TooManyInputs(ValueError):
    """A comparison would enumerate more than MAX_INPUTS_PER_STATE inputs at once."""


def silent_closure(spec: Spec, state: int) -> list[int]:
    """`state` and every working state reachable from it over arcs that run no output."""
    found = [state]
    for current in found:
        if spec.states[current].final:
            continue
        for arc in try_order(spec, current):
            if not spec.outputs_of(arc) and arc.target not in found:
                found.append(arc.target)
    return found


def inputs_read(spec: Spec, state: int, skip_silent: bool) -> list[str]:
    """The inputs a step from `state` may read (with `skip_silent`, across the silent steps that follow)."""
    if spec.states[state].final:
        return []
    states = silent_closure(spec, state) if skip_silent else [state]
    return tested_inputs(arc for number in states if not spec.states[number].final for arc in try_order(spec, number))


def tables_for(names: Iterable[str]) -> TruthTables:
    """Truth tables over `names` in the methodology's order (x2 before x10); TooManyInputs past the checker's limit."""
    ordered = sorted(set(names), key=name_order)
    if len(ordered) > MAX_INPUTS_PER_STATE:
        raise TooManyInputs(f"{len(ordered)} inputs at once (at most {MAX_INPUTS_PER_STATE} are enumerated)")
    return TruthTables(ordered)


def outcomes(spec: Spec, state: int, tables: TruthTables, skip_silent: bool) -> list[Region]:
    """What a step from the working state `state` does, as regions that partition every valuation
    of `tables` (which must hold every input `inputs_read` names)."""
    if skip_silent:
        return _skipping(spec, state, tables, tables.full, (state,))
    regions: list[Region] = []
    taken = 0
    for arc in try_order(spec, state):
        region = tables.of(arc.guard) & ~taken
        taken |= region
        if region:
            regions.append((region, Outcome(MOVED, spec.outputs_of(arc), arc.target, arc.index)))
    rest = tables.full & ~taken
    if rest:
        stays = spec.states[state].may_stay
        regions.append((rest, Outcome(MOVED if stays else STUCK, (), state)))
    return regions


def _skipping(spec: Spec, state: int, tables: TruthTables, within: int, path: tuple[int, ...]) -> list[Region]:
    regions: list[Region] = []
    taken = 0
    for arc in try_order(spec, state):
        region = tables.of(arc.guard) & within & ~taken
        taken |= region
        if not region:
            continue
        outputs = spec.outputs_of(arc)
        if outputs or spec.states[arc.target].final:
            regions.append((region, Outcome(MOVED, outputs, arc.target, arc.index)))
        elif arc.target in path:  # the same valuation leads round the same silent cycle forever
            regions.append((region, Outcome(SILENT_LOOP, (), arc.target, arc.index)))
        else:
            regions += _skipping(spec, arc.target, tables, region, path + (arc.target,))
    rest = within & ~taken
    if rest:  # staying put without outputs repeats the same step forever
        regions.append((rest, Outcome(SILENT_LOOP if spec.states[state].may_stay else STUCK, (), state)))
    return regions


def valuation_of(tables: TruthTables, region: int) -> tuple[tuple[str, bool], ...]:
    """The first valuation of a non-empty region (x1=0 before x1=1), as (input, value) pairs."""
    number = (region & -region).bit_length() - 1
    width = len(tables.inputs)
    return tuple((name, bool((number >> (width - 1 - position)) & 1)) for position, name in enumerate(tables.inputs))


def literal_table(tables: TruthTables, valuation: Iterable[tuple[str, bool]]) -> int:
    """The region of valuations that agree with a partial valuation (inputs it lacks take both values)."""
    region = tables.full
    for name, value in valuation:
        if name in tables.inputs:
            table = tables.of(Var(name))
            region &= table if value else ~table
    return region & tables.full


def count(region: int) -> int:
    return region.bit_count()
