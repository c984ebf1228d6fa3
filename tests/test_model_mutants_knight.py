"""Tests that kill mutants of the knight's tour model which the rest of the suite let through.

Each test names the mutmut mutants it was written for (bench/mutation_models.py knight-tour;
docs/mutation.md, "Mutants of the solvers' Python models"). Mutant numbers shift when the model
changes; the behaviour each test pins does not.
"""

from __future__ import annotations

from automata.runtime.events import NullObserver
from solvers.knight_tour import iterative
from solvers.knight_tour.model import MOVE_ORDERS, KnightTour, KnightTourInstance


def test_optimizations_given_as_a_set_are_kept_as_a_frozenset() -> None:
    # __post_init__ mutants 29, 30: the frozenset lands on a misspelt attribute, the set stays.
    instance = KnightTourInstance(5, 5, (1, 1), {1, 2})  # type: ignore[arg-type]
    assert isinstance(instance.optimizations, frozenset)
    assert hash(instance) == hash(KnightTourInstance(5, 5, (1, 1), frozenset({1, 2})))


def test_max_ret_of_one_is_allowed_and_gives_up_at_the_first_return() -> None:
    # __post_init__ mutants 42, 43: "MAX_RET must be at least 1" turned into "at least 2".
    instance = KnightTourInstance(8, 8, (1, 1), frozenset({1}), max_returns=1)
    result = iterative.solve(instance, NullObserver())
    assert result.gave_up and result.returns == 1


def test_a_position_set_up_for_a_test_uses_the_first_move_order_by_default() -> None:
    # at_position mutant 1: the default move order number 0 turned into 1.
    instance = KnightTourInstance(8, 8, (4, 4), frozenset())
    candidates = KnightTour.at_position(instance, [(4, 4)]).candidates()
    assert candidates == tuple((4 + dr, 4 + dc) for dr, dc in MOVE_ORDERS[0])
