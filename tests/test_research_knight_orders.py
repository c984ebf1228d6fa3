"""The move-order search's lean evaluator makes the model's choices, and its cover step is exact."""

from __future__ import annotations

import pytest

from automata.runtime.events import NullObserver
from solvers.knight_tour import iterative
from solvers.knight_tour.model import MOVE_ORDERS, KnightTourInstance
from research.knight_orders.evaluator import possible_starts, search, solve_with_orders
from research.knight_orders.search import ALL_ORDERS, best_covers, check_orders, target_boards


def model(rows: int, cols: int, start: int, optimizations: set[int], max_returns: int):
    cell = (start // cols + 1, start % cols + 1)
    return iterative.solve(KnightTourInstance(rows, cols, cell, frozenset(optimizations), max_returns=max_returns),
                           NullObserver())


@pytest.mark.parametrize(("rows", "cols"), [(5, 5), (5, 6), (6, 7), (8, 8), (5, 14)])
def test_the_evaluator_tours_like_the_model_with_optimizations_1_to_4(rows: int, cols: int) -> None:
    for start in possible_starts(rows, cols):
        expected = model(rows, cols, start, {1, 2, 3, 4}, 3000)
        got = solve_with_orders(rows, cols, start, MOVE_ORDERS, 3000)
        assert (got.order, got.outcome, got.returns) == (expected.restarts + 1, expected.outcome, expected.returns)


def test_the_evaluator_searches_like_the_model_without_warnsdorff() -> None:
    for start in range(0, 36, 5):
        expected = model(6, 6, start, {2}, 500)
        got = search(6, 6, start, MOVE_ORDERS[0], 500, warnsdorff=False)
        assert (got.outcome, got.returns) == (expected.outcome, expected.returns)


def test_the_orders_are_every_permutation_and_the_boards_the_issues() -> None:
    assert len(ALL_ORDERS) == 40_320 and len(set(ALL_ORDERS)) == 40_320
    assert all(order in ALL_ORDERS for order in MOVE_ORDERS)
    boards = target_boards()
    assert (100, 100) in boards and (5, 30) in boards and (30, 5) not in boards
    assert len(boards) == 26 * 27 // 2 + 3  # n <= m in 5..30, and 50x50, 77x77, 100x100


def test_covers_are_exact_when_they_exist() -> None:
    walks = {10: 0b0011, 11: 0b0100, 12: 0b1000, 13: 0b1100}
    searches = {20: 0b0011, 21: 0b0001}
    covers = best_covers(walks, searches, 0b1111, 1, set(), wanted=5)
    assert covers[0] == (0, (13, 20))  # search order 20 leaves cells 2 and 3: only order 13 walks both
    assert all(missed > 0 for missed, combination in covers if combination[-1] == 21)


def test_check_names_the_cells_a_set_of_orders_does_not_tour() -> None:
    report = check_orders(MOVE_ORDERS, [(5, 6), (6, 6)], 2000, jobs=1)
    assert report["cells"] == 66 and sum(report["toured_by_order"]) + len(report["untoured"]) == 66
    weak = (MOVE_ORDERS[0],) * 4 + (MOVE_ORDERS[0],)
    assert len(check_orders(weak, [(5, 6)], 10, jobs=1)["untoured"]) > 0
