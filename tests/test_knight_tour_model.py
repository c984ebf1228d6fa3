"""The shared knight's tour model: validation, the optimizations' rules, the move orders."""

from __future__ import annotations

import pytest

from automata.runtime.events import NullObserver, Recorder
from solvers.knight_tour import iterative
from solvers.knight_tour.model import (
    MOVE_ORDERS,
    KnightTour,
    KnightTourInstance,
    is_parity_impossible,
)


def tour_count(rows: int, cols: int, start: tuple[int, int], optimizations: set[int]) -> int:
    instance = KnightTourInstance(rows, cols, start, frozenset(optimizations), max_returns=None, all_tours=True)
    return iterative.solve(instance, NullObserver()).tours


def test_move_orders_are_five_permutations_of_the_eight_knight_moves() -> None:
    knight_moves = {(dr, dc) for dr in (-2, -1, 1, 2) for dc in (-2, -1, 1, 2) if abs(dr) != abs(dc)}
    assert len(MOVE_ORDERS) == 5
    assert len(set(MOVE_ORDERS)) == 5
    for order in MOVE_ORDERS:
        assert len(order) == 8 and set(order) == knight_moves


@pytest.mark.parametrize(
    ("rows", "cols", "start", "message"),
    [
        (0, 8, (1, 1), "rows must be between 1 and 100"),
        (8, 101, (1, 1), "columns must be between 1 and 100"),
        (8, 8, (9, 1), "outside the 8x8 board"),
        (8, 8, (1, 0), "outside the 8x8 board"),
    ],
)
def test_bad_instances_are_rejected_with_a_message(rows: int, cols: int, start: tuple[int, int], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        KnightTourInstance(rows, cols, start)


def test_unknown_optimization_and_bad_limits_are_rejected() -> None:
    with pytest.raises(ValueError, match="unknown optimization 5"):
        KnightTourInstance(5, 5, (1, 1), frozenset({1, 5}))
    with pytest.raises(ValueError, match="GOOD_RET"):
        KnightTourInstance(5, 5, (1, 1), good_returns=0)
    with pytest.raises(ValueError, match="MAX_RET"):
        KnightTourInstance(5, 5, (1, 1), max_returns=0)


def test_parity_rule_rules_out_the_minority_colour_of_odd_boards_only() -> None:
    assert is_parity_impossible(5, 5, (1, 2))
    assert not is_parity_impossible(5, 5, (1, 1))
    assert not is_parity_impossible(3, 7, (2, 4))
    assert not is_parity_impossible(8, 8, (1, 2))  # even boards: both colours allowed


def test_impossible_start_is_reported_without_a_single_move() -> None:
    recorder = Recorder()
    result = iterative.solve(KnightTourInstance(5, 5, (1, 2)), recorder)
    assert recorder.events == [("no_tour", "impossible start")]
    assert result.impossible_start and not result.found and result.outcome == "impossible start"


def test_without_optimization_1_the_minority_colour_is_searched_to_the_end() -> None:
    result = iterative.solve(KnightTourInstance(5, 5, (1, 2), frozenset({2, 3}), max_returns=None), NullObserver())
    assert not result.found and result.outcome == "exhausted" and result.returns > 0


def test_3x7_centre_has_no_tour_although_parity_allows_it() -> None:
    result = iterative.solve(KnightTourInstance(3, 7, (2, 4), frozenset({1, 2, 3})), NullObserver())
    assert result.outcome == "exhausted"


@pytest.mark.parametrize(("rows", "cols", "start"), [(3, 4, (1, 1)), (3, 4, (2, 4)), (4, 5, (1, 1)), (3, 7, (1, 1))])
def test_blocked_cell_rule_and_warnsdorff_never_lose_a_tour(rows: int, cols: int, start: tuple[int, int]) -> None:
    plain = tour_count(rows, cols, start, set())
    assert plain > 0
    assert tour_count(rows, cols, start, {2}) == plain
    assert tour_count(rows, cols, start, {1, 2, 3}) == plain


def test_blocked_cell_rule_prunes_the_search() -> None:
    def returns(optimizations: set[int]) -> int:
        instance = KnightTourInstance(4, 5, (1, 1), frozenset(optimizations), max_returns=None, all_tours=True)
        return iterative.solve(instance, NullObserver()).returns

    # The complete enumeration from the corner of 4x5 takes 35,660 returns without it, 2,411 with it.
    assert returns({2}) * 10 < returns(set())


def test_warnsdorff_tries_the_cell_with_fewest_onward_moves_first() -> None:
    recorder = Recorder()
    tour = KnightTour(KnightTourInstance(8, 8, (1, 1), frozenset({3})), recorder)
    tour.place_knight()
    tour.make_move()
    # From the corner, (2,3) and (3,2) both have 5 onward moves; order 1 lists (2,1) before (1,2).
    assert recorder.events[-1] == ("move", 3, 2)
    tour.make_move()
    # From (3,2): (1,3) and (5,1) have 3 onward moves, (2,4) 5, (4,4) and (5,3) 7; order 1 lists
    # (2,-1) before (-2,1).
    assert recorder.events[-1] == ("move", 5, 1)


def test_take_back_restores_the_board_exactly() -> None:
    tour = KnightTour(KnightTourInstance(6, 6, (3, 3), frozenset({2, 3})), NullObserver())
    tour.place_knight()
    before = (bytes(tour._visited), list(tour._free_degree))
    for _ in range(5):
        tour.make_move()
    for _ in range(5):
        tour.take_back()
    assert (bytes(tour._visited), list(tour._free_degree)) == before
    assert tour.returns == 5 and tour.path == ((3, 3),)


def test_restart_switches_to_the_next_move_order_and_forgets_the_returns() -> None:
    recorder = Recorder()
    tour = KnightTour(KnightTourInstance(8, 8, (1, 1)), recorder)
    tour.place_knight()
    tour.make_move()
    tour.take_back()
    assert tour.is_return_limit_reached() and tour.has_next_move_order()
    tour.restart()
    assert recorder.events[-1] == ("restart", 2)
    assert (tour.order_index, tour.restarts, tour.returns, tour.path) == (1, 1, 0, ((1, 1),))


def test_without_optimization_4_one_order_is_limited_by_max_returns() -> None:
    result = iterative.solve(KnightTourInstance(8, 8, (1, 1), frozenset({1}), max_returns=50), NullObserver())
    assert result.gave_up and result.returns == 50 and result.restarts == 0 and result.outcome == "gave up"


def test_the_last_move_order_is_limited_by_max_returns() -> None:
    instance = KnightTourInstance(8, 8, (1, 1), frozenset({1, 4}), good_returns=3, max_returns=20)
    recorder = Recorder()
    result = iterative.solve(instance, recorder)
    assert result.gave_up and result.restarts == 4 and result.returns == 20
    assert [e for e in recorder.events if e[0] == "restart"] == [("restart", k) for k in (2, 3, 4, 5)]
    assert recorder.events[-1] == ("no_tour", "gave up")


def test_all_tours_mode_ignores_optimization_4_and_counts_every_tour() -> None:
    recorder = Recorder()
    instance = KnightTourInstance(3, 4, (1, 1), frozenset({1, 2, 3, 4}), max_returns=None, all_tours=True)
    result = iterative.solve(instance, recorder)
    assert result.restarts == 0 and result.tours == recorder.events.count(("found",)) > 1
    assert recorder.events[-1] == ("tour_count", result.tours, "exhausted")


def test_one_cell_board_is_its_own_tour() -> None:
    assert iterative.solve(KnightTourInstance(1, 1, (1, 1)), NullObserver()).path == ((1, 1),)
    assert tour_count(1, 1, (1, 1), set()) == 1
