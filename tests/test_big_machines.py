"""equiv and minimize on big machines: long chains and random event-driven Mealy machines, complete
or partial (issue 24, item 6). Sizes stay moderate here; bench/equiv_scale.py times the big ones."""

from __future__ import annotations

import dataclasses
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from automata.analysis.equiv import SAME_NUMBERS, compare, minimize
from automata.analysis.equiv.generate import chain, doubled, mealy, run_letters
from automata.analysis.equiv.partition import refine


def letters_of(run) -> list[tuple[str, dict[str, bool]]]:
    return [(letter.event, dict(letter.valuation)) for letter in run.letters]


def test_a_long_chain_minimizes_and_a_doubled_one_shrinks_back() -> None:
    long = chain(3000)
    assert len(minimize(long).spec.states) == 3001  # every state a different distance from the end
    copy = doubled(chain(500), seed=1)
    result = minimize(copy)
    assert len(copy.states) == 1001 and len(result.spec.states) == 501
    assert compare(copy, result.spec, skip_silent=False, finals=SAME_NUMBERS).equivalent


def test_refinement_looks_at_each_transition_a_logarithmic_number_of_times() -> None:
    # A chain of n states told apart by their distance from the end: a refinement round by round
    # needs n rounds over every transition; splitting by the smaller half looks at each transition
    # at most log2(n) + 1 times.
    for size in (256, 4096):
        transitions = [(state, "a", state + 1) for state in range(size - 1)] + [(size - 1, "a", size - 1)]
        result = refine(size, [list(range(size - 1)), [size - 1]], transitions)
        assert len(set(result.block_of)) == size
        assert result.visits <= len(transitions) * (size.bit_length())


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 60), st.integers(1, 8), st.integers(1, 4), st.integers(0, 10**6), st.sampled_from([0.0, 0.2]))
def test_random_mealy_machines_minimize_and_compare(states: int, events: int, outputs: int, seed: int,
                                                    undefined: float) -> None:
    machine = mealy(states, events, outputs, seed, undefined)
    minimal = minimize(machine).spec
    copy = doubled(machine, seed)
    assert len(minimize(copy).spec.states) == len(minimal.states)
    for other in (copy, minimal):
        assert compare(machine, other).equivalent and compare(machine, other, skip_silent=False).equivalent
    # One transition's output or target changed: either no run can tell, or the counterexample shows it.
    rng = random.Random(seed)
    arcs = list(machine.arcs)
    position = rng.randrange(len(arcs)) if arcs else None
    if position is None:
        return
    arc = arcs[position]
    arcs[position] = (dataclasses.replace(arc, actions=("z9",)) if rng.random() < 0.5
                      else dataclasses.replace(arc, target=rng.randrange(states)))
    mutant = dataclasses.replace(machine, arcs=tuple(arcs), outputs={**machine.outputs, "z9": machine.outputs["z1"]})
    comparison = compare(machine, mutant, skip_silent=False)
    if comparison.equivalent:
        for _ in range(20):  # random runs cannot tell them apart either
            letters = [(f"e{rng.randrange(events)}", {}) for _ in range(rng.randrange(1, 3 * states))]
            assert run_letters(machine, letters) == run_letters(mutant, letters)
    else:
        letters = letters_of(comparison.difference.run)
        assert run_letters(machine, letters) != run_letters(mutant, letters)


def test_a_partial_machine_tells_a_missing_transition_from_any_output() -> None:
    machine = mealy(40, 5, 3, seed=7, undefined=0.3)
    arcs = list(machine.arcs)
    removed = tuple(arc for arc in arcs if arc.index != arcs[len(arcs) // 2].index)
    mutant = dataclasses.replace(machine, arcs=tuple(dataclasses.replace(arc, index=i) for i, arc in enumerate(removed)))
    comparison = compare(machine, mutant)
    if not comparison.equivalent:
        endings = comparison.difference.run.endings
        assert "fails (no arc enabled)" in (endings[0].how, endings[1].how)
        letters = letters_of(comparison.difference.run)
        assert run_letters(machine, letters)[1] != run_letters(mutant, letters)[1]


def test_a_many_event_machine_is_compared_and_minimized_whole() -> None:
    machine = mealy(200, 30, 10, seed=3, undefined=0.1)
    copy = doubled(machine, seed=4)
    assert compare(machine, copy).equivalent
    assert len(minimize(copy).spec.states) == len(minimize(machine).spec.states)
