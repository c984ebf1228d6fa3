"""The knight's tour: the iterative, recursive and automaton programs are the same program.

They must emit the same events and return the same results for every option combination, and
reproduce the shape of the article's experiments (REFERENCE.md §1).
"""

from __future__ import annotations

import random

import pytest

from automata.runtime.events import NullObserver, Recorder
from automata.io.loader import load_spec
from automata.analysis.verify import verify
from solvers.knight_tour import automaton, iterative, recursive
from solvers.knight_tour.model import KnightTourInstance, TourResult
from solvers.knight_tour.sweeps import board_cells, solvers, verify_cell

SPEC = load_spec(automaton.SPEC_PATH)
THREE = solvers(["iterative", "recursive", "automaton"], spec=SPEC)

OPTION_SETS = [frozenset(s) for s in ({}, {1}, {2}, {3}, {4}, {1, 2}, {1, 3}, {1, 2, 3}, {2, 4}, {1, 2, 3, 4})]


def assert_all_agree(instance: KnightTourInstance, starts: list[tuple[int, int]]) -> dict[tuple[int, int], TourResult]:
    results = {}
    for start in starts:
        verdict = verify_cell(instance.with_start(start), THREE)
        assert verdict.agree, f"start {start}: {verdict.divergence.describe()}"
        results[start] = verdict.result
    return results


def sweep(rows: int, cols: int, optimizations: set[int]) -> dict[tuple[int, int], TourResult]:
    observer = NullObserver()
    return {
        cell: iterative.solve(KnightTourInstance(rows, cols, cell, frozenset(optimizations)), observer)
        for cell in board_cells(rows, cols)
    }


def is_tour(path: tuple[tuple[int, int], ...], rows: int, cols: int) -> bool:
    steps = zip(path, path[1:])
    knight = all(sorted((abs(a[0] - b[0]), abs(a[1] - b[1]))) == [1, 2] for a, b in steps)
    return knight and len(path) == rows * cols and len(set(path)) == len(path)


# ---- the three programs agree --------------------------------------------------------------------


@pytest.mark.parametrize("optimizations", OPTION_SETS, ids=lambda s: "+".join(map(str, sorted(s))) or "none")
def test_agree_on_3x4_from_every_cell(optimizations: frozenset[int]) -> None:
    assert_all_agree(KnightTourInstance(3, 4, (1, 1), optimizations, max_returns=500), board_cells(3, 4))


@pytest.mark.parametrize("optimizations", [frozenset({1, 2, 3, 4}), frozenset({2, 3}), frozenset({1, 2})])
def test_agree_on_3x7_with_parity_and_the_centre_without_a_tour(optimizations: frozenset[int]) -> None:
    results = assert_all_agree(KnightTourInstance(3, 7, (1, 1), optimizations, max_returns=3000), board_cells(3, 7))
    centre = results[(2, 4)]
    assert not centre.found and not centre.impossible_start
    if 1 in optimizations:
        assert results[(1, 2)].impossible_start
        assert all(r.impossible_start == ((cell[0] + cell[1]) % 2 == 1) for cell, r in results.items())


def test_agree_on_5x5_from_every_cell() -> None:
    for optimizations in (frozenset({1, 2, 3, 4}), frozenset({1, 3})):
        assert_all_agree(KnightTourInstance(5, 5, (1, 1), optimizations), board_cells(5, 5))


def test_agree_on_samples_of_9x9_and_14x3() -> None:
    rng = random.Random(2)
    for rows, cols, optimizations in ((9, 9, {1, 2, 3}), (9, 9, {1, 2, 3, 4}), (14, 3, {1, 2, 3, 4}), (14, 3, {1, 3})):
        starts = rng.sample(board_cells(rows, cols), 6)
        assert_all_agree(KnightTourInstance(rows, cols, (1, 1), frozenset(optimizations), max_returns=2000), starts)


def test_agree_on_a_few_50x50_cells_with_all_optimizations() -> None:
    results = assert_all_agree(KnightTourInstance(50, 50, (1, 1)), [(1, 1), (25, 25), (50, 13)])
    for result in results.values():
        assert result.found and result.returns == 0 and is_tour(result.path, 50, 50)


def test_agree_in_all_tours_mode() -> None:
    for optimizations in (frozenset(), frozenset({1, 2, 3, 4})):
        instance = KnightTourInstance(3, 4, (1, 1), optimizations, max_returns=None, all_tours=True)
        results = assert_all_agree(instance, board_cells(3, 4))
        assert sum(r.tours for r in results.values()) > 0
    # A return limit interrupts the enumeration the same way in every program.
    assert_all_agree(KnightTourInstance(5, 5, (1, 1), frozenset({2}), max_returns=300, all_tours=True), [(1, 1)])


def test_the_tours_found_are_tours() -> None:
    for rows, cols, start in ((8, 8, (4, 5)), (3, 4, (2, 4)), (14, 3, (1, 1)), (7, 9, (7, 9))):
        result = automaton.solve(KnightTourInstance(rows, cols, start), NullObserver(), spec=SPEC)
        assert result.found and result.path[0] == start and is_tour(result.path, rows, cols)


# ---- the article's results --------------------------------------------------------------------


def test_8x8_with_all_optimizations_needs_no_return_from_any_cell() -> None:
    results = assert_all_agree(KnightTourInstance(8, 8, (1, 1)), board_cells(8, 8))
    assert all(r.found and r.returns == 0 for r in results.values())
    # Move order 1 alone leaves one cell that needs order 2 (the article's (6,4)).
    assert 1 <= sum(1 for r in results.values() if r.restarts) <= 2


def test_8x8_optimizations_1_and_3_need_returns_from_a_few_cells() -> None:
    results = assert_all_agree(KnightTourInstance(8, 8, (1, 1), frozenset({1, 3})), board_cells(8, 8))
    needing = {cell: r.returns for cell, r in results.items() if r.returns}
    assert all(r.found for r in results.values())
    assert needing == {(4, 1): 9, (6, 4): 21}  # the article: (4,1) 9 and (6,4) 79


def test_8x8_optimizations_1_to_3_need_returns_from_one_cell() -> None:
    results = sweep(8, 8, {1, 2, 3})
    assert {cell: r.returns for cell, r in results.items() if r.returns} == {(6, 4): 3}  # as in the article


def test_8x8_optimizations_1_and_2_mostly_exceed_max_ret() -> None:
    results = sweep(8, 8, {1, 2})
    assert sum(r.gave_up for r in results.values()) > 48


def test_9x9_with_optimizations_1_to_3_tours_every_possible_cell_without_returns() -> None:
    results = sweep(9, 9, {1, 2, 3})
    assert sum(r.impossible_start for r in results.values()) == 40
    assert all(r.found and r.returns == 0 for r in results.values() if not r.impossible_start)


def test_5x5_has_1728_tours_from_all_start_cells() -> None:
    total = 0
    for start in board_cells(5, 5):
        instance = KnightTourInstance(5, 5, start, frozenset({1, 2, 3}), max_returns=None, all_tours=True)
        total += iterative.solve(instance, NullObserver()).tours
    assert total == 1728


def test_5x5_tour_counts_of_the_automaton_match_the_reference_on_two_cells() -> None:
    counts = {}
    for start in ((1, 1), (3, 3)):
        instance = KnightTourInstance(5, 5, start, frozenset({1, 2}), max_returns=None, all_tours=True)
        verdict = verify_cell(instance, solvers(["iterative", "automaton"], spec=SPEC))
        assert verdict.agree
        counts[start] = verdict.result.tours
    assert counts == {(1, 1): 304, (3, 3): 64}


def test_100x100_recursive_program_survives_10000_levels() -> None:
    result = recursive.solve(KnightTourInstance(100, 100, (1, 1)), NullObserver())
    assert result.found and len(result.path) == 10_000 and is_tour(result.path, 100, 100)


# ---- a deviation is caught and located ----------------------------------------------------------


class DroppingObserver:
    """Passes events on, except the one at ``index``: a program that forgot to report one step."""

    def __init__(self, target: Recorder, index: int) -> None:
        self.target, self.index, self.seen = target, index, 0

    def emit(self, kind: str, *data: object) -> None:
        if self.seen != self.index:
            self.target.emit(kind, *data)
        self.seen += 1


def test_a_dropped_event_is_reported_at_its_index() -> None:
    instance = KnightTourInstance(3, 4, (2, 4), frozenset())
    reference = Recorder()
    iterative.solve(instance, reference)
    verdict = verify({
        "iterative": lambda obs: iterative.solve(instance, obs),
        "automaton": lambda obs: automaton.solve(instance, DroppingObserver(obs, 7), spec=SPEC),
    })
    assert not verdict.agree
    divergence = verdict.divergence
    assert (divergence.kind, divergence.index, divergence.other) == ("event", 7, "automaton")
    assert divergence.expected == reference.events[7]
    assert divergence.actual == reference.events[8]
    assert divergence.context_before == tuple(reference.events[4:7])
    assert "#8" in divergence.describe()


def test_a_different_result_with_the_same_events_is_reported() -> None:
    instance = KnightTourInstance(5, 5, (1, 1))

    def miscounting(obs: Recorder) -> TourResult:
        result = recursive.solve(instance, obs)
        return TourResult(result.found, result.path, result.returns + 1, result.restarts, result.gave_up, result.tours)

    verdict = verify({"iterative": lambda obs: iterative.solve(instance, obs), "recursive": miscounting})
    assert verdict.divergence.kind == "result"
    assert verdict.divergence.index == len(verdict.runs["iterative"].events)
