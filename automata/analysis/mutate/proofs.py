"""Proving a surviving mutant equivalent to the original, or saying where it differs."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from ...model.spec import Spec
from ...runtime.interpreter import take_step, tested_inputs, try_order
from .results import (
    EQUIVALENT,
    EQUIVALENT_BISIMILAR,
    EQUIVALENT_SKIPPING,
    GAP,
    MAX_PROOF_INPUTS,
    SAME_OUTPUTS,
    UNOBSERVED,
    Observation,
    Trail,
    Valuation,
)

# ---------------------------------------------------------------------------------------------
# Equivalence of a survivor


def equivalence(original: Spec, mutant: Spec) -> str:
    """One of PROVED when no run can tell the two apart (inputs being side-effect free questions),
    GAP otherwise (including when a proof would need too many valuations).

    The lock-step proof assumes nothing else; the proof that skips steps without outputs also
    uses that such a step changes nothing an input asks about.
    """
    lock_step = _lock_step_equivalence(original, mutant)
    if lock_step != GAP:
        return lock_step
    return EQUIVALENT_SKIPPING if _equivalent_skipping_silent_steps(original, mutant) else GAP


def _valuations(names: Sequence[str]) -> Iterator[dict[str, bool]]:
    for bits in itertools.product((False, True), repeat=len(names)):
        yield dict(zip(names, bits))


def _explore_pairs(original: Spec, mutant: Spec,
                   successors: Callable[[int, int], list[tuple[int, int]] | None]) -> set[tuple[int, int]] | None:
    """The pairs of states the two automata can be in together, explored from their initial states;
    None as soon as a pair tells them apart: one stops where the other does not, or `successors`
    (the pairs that follow a pair of working states) finds a difference and returns None."""
    start = (original.initial, mutant.initial)
    seen = {start}
    pending = [start]
    while pending:
        mine, theirs = pending.pop()
        final_mine, final_theirs = original.states[mine].final, mutant.states[theirs].final
        if final_mine or final_theirs:
            if mine != theirs or not (final_mine and final_theirs):
                return None
            continue
        following = successors(mine, theirs)
        if following is None:
            return None
        for pair in following:
            if pair not in seen:
                seen.add(pair)
                pending.append(pair)
    return seen


def _lock_step_equivalence(original: Spec, mutant: Spec) -> str:
    """Both automata step together; every valuation of the inputs either state tests, at every step."""

    def successors(mine: int, theirs: int) -> list[tuple[int, int]] | None:
        names = tested_inputs(try_order(original, mine))
        names += [name for name in tested_inputs(try_order(mutant, theirs)) if name not in names]
        if len(names) > MAX_PROOF_INPUTS:
            return None
        following = []
        for valuation in _valuations(names):
            step = take_step(original, mine, valuation.__getitem__)
            other = take_step(mutant, theirs, valuation.__getitem__)
            if step.stuck != other.stuck or step.outputs != other.outputs:
                return None
            if not step.stuck:
                following.append((step.state_after, other.state_after))
        return following

    seen = _explore_pairs(original, mutant, successors)
    if seen is None:
        return GAP
    return EQUIVALENT if all(mine == theirs for mine, theirs in seen) else EQUIVALENT_BISIMILAR


@dataclass(frozen=True)
class _Move:
    """Where a run goes from a state on one valuation, skipping steps that run no output."""

    ending: str  # "moved" (outputs ran or a final state was reached), "stuck", or "silent loop"
    outputs: tuple[str, ...]
    state: int


def _silent_closure(spec: Spec, state: int) -> list[int]:
    """`state` and every state reachable from it over arcs that run no output."""
    found = [state]
    for current in found:
        if spec.states[current].final:
            continue
        for arc in try_order(spec, current):
            if not arc.actions and not spec.states[arc.target].on_enter and arc.target not in found:
                found.append(arc.target)
    return found


def _move(spec: Spec, state: int, valuation: Mapping[str, bool]) -> _Move:
    """Step from `state` with the inputs fixed at `valuation` until an output runs or a final state
    is reached. The inputs may stay fixed because a step without outputs changes nothing they ask."""
    visited = {state}
    while True:
        step = take_step(spec, state, valuation.__getitem__)
        if step.stuck:
            return _Move("stuck", (), state)
        if step.outputs or spec.states[step.state_after].final:
            return _Move("moved", step.outputs, step.state_after)
        state = step.state_after
        if state in visited:  # the same inputs lead round the same silent cycle forever
            return _Move("silent loop", (), state)
        visited.add(state)


def _equivalent_skipping_silent_steps(original: Spec, mutant: Spec) -> bool:
    """Equal runs up to steps without outputs: the same outputs in the same order, the same final
    state, the same failures. Pairs of states are explored from the initial pair; after outputs
    ran, any valuation may follow, but across silent steps the valuation stays as it was."""

    def successors(mine: int, theirs: int) -> list[tuple[int, int]] | None:
        names: list[str] = []
        for spec, state in ((original, mine), (mutant, theirs)):
            for reachable in _silent_closure(spec, state):
                names += [name for name in tested_inputs(try_order(spec, reachable)) if name not in names]
        if len(names) > MAX_PROOF_INPUTS:
            return None
        following = []
        for valuation in _valuations(names):
            move, other = _move(original, mine, valuation), _move(mutant, theirs, valuation)
            if move.ending != other.ending or move.outputs != other.outputs:
                return None
            if move.ending == "moved":
                following.append((move.state, other.state))
        return following

    return _explore_pairs(original, mutant, successors) is not None


def _describe_valuation(valuation: Mapping[str, bool] | Valuation) -> str:
    pairs = sorted(valuation.items() if isinstance(valuation, Mapping) else valuation)
    return " ".join(f"{name}={int(value)}" for name, value in pairs) or "(no inputs)"


def _completions(partial: Valuation, names: Sequence[str]) -> Iterator[dict[str, bool]]:
    """Every valuation of `names` that agrees with `partial` (an input it lacks takes both values)."""
    known = {name: value for name, value in partial if name in names}
    free = [name for name in names if name not in known]
    for rest in _valuations(free):
        yield {**known, **rest}


def _inputs_until_output(original: Spec, mutant: Spec, state: int) -> list[str]:
    """The inputs either automaton may read from `state` before an output runs."""
    names: list[str] = []
    for spec in (original, mutant):
        for reachable in _silent_closure(spec, state):
            names += [name for name in tested_inputs(try_order(spec, reachable)) if name not in names]
    return sorted(names)


def _steps_differ(original: Spec, mutant: Spec, state: int) -> bool:
    names = sorted(set(tested_inputs(try_order(original, state))) | set(tested_inputs(try_order(mutant, state))))
    for valuation in _valuations(names):
        mine, theirs = take_step(original, state, valuation.__getitem__), take_step(mutant, state, valuation.__getitem__)
        if (mine.stuck, mine.outputs, mine.state_after) != (theirs.stuck, theirs.outputs, theirs.state_after):
            return True
    return False


def _common_literals(valuations: Sequence[Mapping[str, bool]]) -> str:
    """The inputs whose value is the same in all the valuations, e.g. `x2=1 x5=1`."""
    first = valuations[0]
    common = {name: value for name, value in sorted(first.items())
              if all(valuation[name] == value for valuation in valuations)}
    return _describe_valuation(common)


def explain_difference(original: Spec, mutant: Spec, observation: Observation) -> tuple[str, str]:
    """(UNOBSERVED or GAP, where the mutant steps differently) for a survivor not proved equivalent.

    Behaving differently is judged as in the proof that skips silent steps: from a state and a
    valuation, the outputs until the next output-running step and the state it leads to. UNOBSERVED
    means the mutant behaves like the original from every situation the suite produced, so no case
    can see it; GAP names a situation the suite produced where it does not.
    """
    if original.initial != mutant.initial:
        return GAP, f"it starts in state {mutant.initial} instead of {original.initial}"
    unseen: list[str] = []
    # The states where a single step differs first: they name the mutated place itself.
    working = sorted((number for number, state in original.states.items() if not state.final),
                     key=lambda number: (not _steps_differ(original, mutant, number), number))
    for number in working:
        state = original.states[number]
        names = _inputs_until_output(original, mutant, number)
        if len(names) > MAX_PROOF_INPUTS:
            return GAP, f"state {number} needs more than {MAX_PROOF_INPUTS} inputs at once to compare"
        differing = [valuation for valuation in _valuations(names)
                     if _move(original, number, valuation) != _move(mutant, number, valuation)]
        if not differing:
            continue
        met = observation.situations.get(number, frozenset())
        for partial in sorted(met):
            for valuation in _completions(partial, names):
                if valuation in differing:
                    unread = sorted(set(names) - {name for name, _ in partial})
                    produced = ("which the suite produced" if not unread else
                                f"which the suite may have produced ({', '.join(unread)} could not be read there)")
                    return GAP, (f"it steps differently in state {number} ({state.name}) with "
                                 f"{_describe_valuation(valuation)}, {produced}")
        if not met:
            unseen.append(f"state {number} ({state.name}), which the suite never reaches")
        else:
            count = f"{len(differing)} valuation{'s' if len(differing) != 1 else ''}"
            unseen.append(f"state {number} ({state.name}) when {_common_literals(differing)} ({count}), "
                          "never met over the suite")
    if not unseen:  # the same behaviour from every state: only a proof too large to enumerate gets here
        return GAP, f"the equivalence proof needs more than {MAX_PROOF_INPUTS} inputs at once"
    return UNOBSERVED, "differs only in " + "; ".join(unseen)


def _first_different_run(original: Sequence[Trail], mutant: Sequence[Trail]) -> str:
    for number, (mine, theirs) in enumerate(zip(original, mutant), start=1):
        for run, (expected, actual) in enumerate(zip(mine, theirs), start=1):
            if expected[0] != actual[0]:
                return f"case {number}, run {run}: it stops in state {actual[0]} instead of {expected[0]}"
            if expected != actual:
                return f"case {number}, run {run}: it calls other outputs"
        if len(mine) != len(theirs):
            return f"case {number}: it makes {len(theirs)} runs instead of {len(mine)}"
    return "its runs differ"


def explain_survivor(original: Spec, mutant: Spec, observation: Observation,
                     trails: Sequence[Trail] | None) -> tuple[str, str]:
    """(explanation, why) for a mutant no case caught; `trails` are its runs over the suite.

    Proofs first. Then the mutant's runs over the suite are compared with the original's at the
    automaton's boundary: equal trails (the same outputs in the same order, the same final state,
    run by run) mean that no verification over these cases could tell the two apart, since the
    context sees the same calls; the situation analysis then says whether the mutant even steps
    differently anywhere the suite went (SAME_OUTPUTS) or not (UNOBSERVED). Different trails that
    the verification did not notice are a GAP: it does not observe what changed.
    """
    proof = equivalence(original, mutant)
    if proof != GAP:
        return proof, ""
    explanation, why = explain_difference(original, mutant, observation)
    if trails is None or tuple(trails) != tuple(observation.trails):
        changed = _first_different_run(observation.trails, trails or ())
        return GAP, f"{changed}, which neither the events nor the result show ({why})"
    if explanation == GAP:  # steps differently somewhere the suite went, with the same outputs
        return SAME_OUTPUTS, f"{why}, yet calls the same outputs and stops in the same state on every run"
    return explanation, why
