"""The recursive program: the textbook recursion (try a move, recurse, take it back).

Restarting with the next move order and giving up must leave many levels of recursion at once, so
they travel as exceptions to the top, where the attempt loop handles them.  A tour on a 100x100
board is 10,000 calls deep, hence the deep stack.
"""

from __future__ import annotations

from automata.runtime.recursion import call_with_deep_stack
from solvers.knight_tour.model import (
    KnightTour,
    KnightTourInstance,
    Observer,
    TourResult,
)


class _RestartSearch(Exception):
    """The attempt reached GOOD_RET returns and another move order is left."""


class _GiveUp(Exception):
    """The last attempt reached MAX_RET returns."""


def search(tour: KnightTour) -> TourResult:
    """Run the search on `tour` (a fresh model) and return its result."""
    if tour.is_start_impossible():
        tour.report_impossible_start()
        return tour.result()
    tour.place_knight()
    call_with_deep_stack(_attempts, tour, depth=tour.instance.cells + 16)
    return tour.result()


def solve(instance: KnightTourInstance, observer: Observer) -> TourResult:
    return search(KnightTour(instance, observer))


def _attempts(tour: KnightTour) -> None:
    while True:
        if tour.is_return_limit_reached():  # only with returns counted over every attempt (rules counter=total)
            if not tour.has_next_move_order():
                tour.give_up()
                return
            tour.restart()
            continue
        try:
            if not _extend(tour):
                tour.report_exhausted()
            return
        except _RestartSearch:
            tour.restart()
        except _GiveUp:
            tour.give_up()
            return


def _extend(tour: KnightTour) -> bool:
    """Extend the path from the knight's cell; True when the search is over (a tour was found)."""
    if tour.is_complete():
        tour.record_tour()
        return not tour.is_all_tours_mode()
    while tour.has_untried_move():
        tour.make_move()
        if _extend(tour):
            return True
        tour.take_back()
        if tour.is_return_limit_reached():
            raise _RestartSearch() if tour.has_next_move_order() else _GiveUp()
    return False
