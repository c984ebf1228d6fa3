"""Proving a surviving mutant equivalent to the original, or saying where it differs.

Both rest on the comparison of specs as Mealy machines (automata.analysis.equiv): the same
regions of valuations and the same product of two automata that `automata equiv` uses.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from ...errors import InputError, SpecErrors
from ...io.loader import load_system
from ...model.guards import shown_value, variables_of
from ...model.spec import Spec
from ...model.system import System
from ..equiv import NotComparable, compare_systems
from ..equiv.matching import BY_CALL, match, rename
from ..equiv.moves import (
    TooManyInputs,
    TruthTables,
    count,
    inputs_read,
    literal_table,
    outcomes,
    silent_closure,
    tables_for,
    valuation_of,
)
from ..equiv.product import SAME_NUMBERS, compare
from ..equiv.system_machine import same_configuration
from ..system_check import StateDomains
from .results import (
    EQUIVALENT,
    EQUIVALENT_BISIMILAR,
    EQUIVALENT_SKIPPING,
    GAP,
    SAME_OUTPUTS,
    UNOBSERVED,
    Observation,
    Trail,
    Valuation,
)

# ---------------------------------------------------------------------------------------------
# Equivalence of a survivor


def in_original_names(original: Spec, mutant: Spec) -> Spec:
    """The mutant with each input and output named as the original's one that calls the same
    method: a mutant that swaps two `call:` bindings then shows as the guards and actions it
    really changed. Specs where two names share a method are left as they are."""
    try:
        matching = match(original, mutant, BY_CALL)
    except InputError:
        return mutant
    return rename(mutant, matching.second_to_first()) if matching.renames else mutant


def equivalence(original: Spec, mutant: Spec) -> str:
    """One of PROVED when no run can tell the two apart (inputs being side-effect free questions),
    GAP otherwise (including when a proof would need too many valuations).

    The lock-step proof assumes nothing else; the proof that skips steps without outputs also
    uses that such a step changes nothing an input asks about. Final states count by number, as
    a program's `result(context, final_state)` sees them. The root of a system is compared inside
    its system (the mutant root with the same other automata), where a state test reads the state
    the tested automaton is really in.
    """
    if original.is_system:
        return _system_equivalence(original, mutant)
    mutant = in_original_names(original, mutant)
    try:
        lock_step = compare(original, mutant, skip_silent=False, finals=SAME_NUMBERS)
        if lock_step.equivalent:
            return EQUIVALENT if all(mine == theirs for mine, theirs in lock_step.pairs) else EQUIVALENT_BISIMILAR
        skipping = compare(original, mutant, skip_silent=True, finals=SAME_NUMBERS)
    except (TooManyInputs, NotComparable):
        return GAP
    return EQUIVALENT_SKIPPING if skipping.equivalent else GAP


def _system_equivalence(original: Spec, mutant: Spec) -> str:
    try:
        system = load_system(original)
        altered = System(system.root, {name: mutant if name == system.root else spec for name, spec in system.specs.items()})
        _, lock_step = compare_systems(system, altered, by=BY_CALL, skip_silent=False, finals=SAME_NUMBERS)
        if lock_step.equivalent:
            same = all(same_configuration(mine, theirs) for mine, theirs in lock_step.pairs)
            return EQUIVALENT if same else EQUIVALENT_BISIMILAR
        _, skipping = compare_systems(system, altered, by=BY_CALL, skip_silent=True, finals=SAME_NUMBERS)
    except (TooManyInputs, NotComparable, SpecErrors):
        return GAP
    return EQUIVALENT_SKIPPING if skipping.equivalent else GAP


def _domains_of(spec: Spec) -> Callable[[Sequence[int]], dict[str, tuple[int, ...]]]:
    """For a system's root, the states each automaton its guards test can be in at some of its
    states (what `check` enumerates); nothing for a single spec, whose guards test inputs only."""
    if not spec.is_system:
        return lambda states: {}
    domains = StateDomains(load_system(spec))

    def of(states: Sequence[int]) -> dict[str, tuple[int, ...]]:
        found: dict[str, set[int]] = {}
        for state in states:
            names = variables_of(arc.guard for arc in spec.arcs if arc.source == state)
            for variable, values in domains.of_tests(spec, state, names).items():
                found.setdefault(variable, set()).update(values)
        return {variable: tuple(sorted(values)) for variable, values in found.items()}

    return of


def _describe_valuation(valuation: Mapping[str, bool] | Valuation) -> str:
    pairs = sorted(valuation.items() if isinstance(valuation, Mapping) else valuation)
    return " ".join(shown_value(name, value) for name, value in pairs) or "(no inputs)"


def _differing(original: Spec, mutant: Spec, state: int, skip_silent: bool,
               domains: Callable[[Sequence[int]], dict[str, tuple[int, ...]]]) -> tuple[TruthTables, int]:
    """The valuations on which a step from `state` (or, skipping silent steps, the run up to the
    next output) goes differently in the two specs: other outputs, another state, or another ending.
    A state test ranges over the states its automaton can be in there (`domains`)."""
    around = [state]
    if skip_silent:
        around = list(dict.fromkeys(silent_closure(original, state) + silent_closure(mutant, state)))
    tables = tables_for(inputs_read(original, state, skip_silent) + inputs_read(mutant, state, skip_silent),
                        domains(around))
    theirs = outcomes(mutant, state, tables, skip_silent)
    table = 0
    for region, outcome in outcomes(original, state, tables, skip_silent):
        for other_region, other in theirs:
            if outcome != other:
                table |= region & other_region
    return tables, table


def _common_literals(tables: TruthTables, table: int) -> str:
    """The inputs whose value is the same in every valuation of `table`, e.g. `x2=1 x5=1`."""
    common = []
    for name in tables.inputs:
        literal = literal_table(tables, ((name, True),))
        if table & ~literal & tables.full == 0:
            common.append((name, True))
        elif table & literal == 0:
            common.append((name, False))
    for variable, states in tables.domains.items():  # an automaton in the same state throughout
        for number in states:
            if table & ~literal_table(tables, ((f"{variable}={number}", True),)) & tables.full == 0:
                common.append((f"{variable}={number}", True))
    return _describe_valuation(tuple(common))


def explain_difference(original: Spec, mutant: Spec, observation: Observation) -> tuple[str, str]:
    """(UNOBSERVED or GAP, where the mutant steps differently) for a survivor not proved equivalent.

    Behaving differently is judged as in the proof that skips silent steps: from a state and a
    valuation, the outputs until the next output-running step and the state it leads to. UNOBSERVED
    means the mutant behaves like the original from every situation the suite produced, so no case
    can see it; GAP names a situation the suite produced where it does not.
    """
    if original.initial != mutant.initial:
        return GAP, f"it starts in state {mutant.initial} instead of {original.initial}"
    mutant = in_original_names(original, mutant)
    working = [number for number, state in sorted(original.states.items()) if not state.final]
    try:
        domains = _domains_of(original)
        differing = {number: _differing(original, mutant, number, True, domains) for number in working}
        # The states where a single step differs first: they name the mutated place itself.
        working.sort(key=lambda number: (not _differing(original, mutant, number, False, domains)[1], number))
    except TooManyInputs as error:
        return GAP, f"comparing a state needs {error}"
    unseen: list[str] = []
    for number in working:
        state = original.states[number]
        tables, table = differing[number]
        if not table:
            continue
        met = observation.situations.get(number, frozenset())
        for partial in sorted(met):
            hit = literal_table(tables, partial) & table
            if hit:
                unread = sorted(set(tables.inputs) - {name for name, _ in partial})
                produced = ("which the suite produced" if not unread else
                            f"which the suite may have produced ({', '.join(unread)} could not be read there)")
                return GAP, (f"it steps differently in state {number} ({state.name}) with "
                             f"{_describe_valuation(valuation_of(tables, hit))}, {produced}")
        if not met:
            unseen.append(f"state {number} ({state.name}), which the suite never reaches")
        else:
            valuations = count(table)
            unseen.append(f"state {number} ({state.name}) when {_common_literals(tables, table)} "
                          f"({valuations} valuation{'s' if valuations != 1 else ''}), never met over the suite")
    if not unseen:  # every state behaves the same, so a proof should have been found: say so rather than guess
        return GAP, "no state behaves differently, yet the equivalence proof failed"
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
