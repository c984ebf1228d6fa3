"""The explicit O(N) construction: correct for every N from 4 to 5,000, three agreeing implementations."""

from __future__ import annotations

import pytest

from automata.errors import InputError
from automata.runtime.events import NullObserver, Recorder
from automata.analysis.verify import verify
from solvers.queens.algorithms import QueensOptions, find_algorithm
from solvers.queens.board import check_placement
from solvers.queens.explicit.plan import construct

IMPLEMENTATIONS = ("iterative", "recursive", "automaton")
EXPLICIT = find_algorithm("explicit")


def test_construction_is_a_solution_for_every_n_up_to_5000():
    failures = [n for n in range(4, 5001) if check_placement(construct(n), n=n) is not None]
    assert failures == []


def test_small_cases():
    assert construct(1) == [1]
    assert construct(4) == [2, 4, 1, 3]
    # r = 8: odd rows in swapped pairs (the document's own example forgets the swap)
    assert construct(8) == [2, 4, 6, 8, 3, 1, 7, 5]
    # r = 3, 9: 2 after the other evens, 1 and 3 after the other odds
    assert construct(9) == [4, 6, 8, 2, 5, 7, 9, 1, 3]
    # r = 2: 3 and 1 swapped, 5 at the end
    assert construct(14) == [2, 4, 6, 8, 10, 12, 14, 3, 1, 7, 9, 11, 13, 5]


@pytest.mark.parametrize("n, reason", [(2, "nowhere to go"), (3, "at most two"), (0, "at least 1")])
def test_no_construction_where_no_solution_exists(n, reason):
    with pytest.raises(InputError, match=reason):
        construct(n)
    with pytest.raises(InputError, match=reason):
        EXPLICIT.iterative(QueensOptions(n=n), NullObserver())


@pytest.mark.parametrize("n", [1, *range(4, 30), 38, 45, 50, 99, 100])
def test_implementations_agree_event_for_event(n):
    opts = QueensOptions(n=n)
    verdict = verify({name: (lambda obs, name=name: getattr(EXPLICIT, name)(opts, obs)) for name in IMPLEMENTATIONS})
    assert verdict.agree, verdict.divergence.describe()
    assert verdict.runs["iterative"].result.solutions == (tuple(construct(n)),)


def test_events_walk_the_plan():
    recorder = Recorder()
    EXPLICIT.iterative(QueensOptions(n=9), recorder)
    runs = [event for event in recorder.events if event[0] == "run"]
    assert [stage for _, stage, _ in runs] == ["even", "moved", "odd", "moved"]
    places = [event for event in recorder.events if event[0] == "place"]
    assert places == [("place", col, row) for col, row in enumerate([4, 6, 8, 2, 5, 7, 9, 1, 3], start=1)]
    assert recorder.events[-1] == ("solution", (4, 6, 8, 2, 5, 7, 9, 1, 3))


def test_a_million_queens():
    result = EXPLICIT.iterative(QueensOptions(n=1_000_000), NullObserver())
    assert result.count == 1 and result.stat("nodes") == 1_000_001
    assert check_placement(result.solutions[0]) is None


def test_recursion_stays_shallow_on_large_boards():
    # halving each run keeps the depth near log2 N, well under the default recursion limit
    result = EXPLICIT.recursive(QueensOptions(n=200_000), NullObserver())
    assert result.solutions[0] == tuple(construct(200_000))
