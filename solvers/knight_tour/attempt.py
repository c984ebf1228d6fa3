"""One attempt of the knight's tour search, the part of the search A1 of specs/knight_tour_attempt.yaml
does: from the knight on its start cell, extend the path with the current move order until a tour,
a start cell with no move left, or the attempt's return limit. A1 is verified against these two
programs on its own; the system of specs/knight_tour_system.yaml, A0 calling A1, is verified
against the whole search (solvers/knight_tour/iterative.py and recursive.py).
"""

from __future__ import annotations

from automata.runtime.recursion import call_with_deep_stack
from solvers.knight_tour.model import KnightTour, TourResult

FOUND, EXHAUSTED, RETURN_LIMIT = "tour found", "exhausted", "return limit"
ENDING_OF_STATE = {1: FOUND, 3: EXHAUSTED, 4: RETURN_LIMIT}  # A1's final states


def iterative(tour: KnightTour) -> tuple[str, TourResult]:
    """The loop of solvers/knight_tour/iterative.py without the restarts and the reports."""
    while True:
        if tour.is_complete():
            tour.record_tour()
            if not tour.is_all_tours_mode():
                return FOUND, tour.result()
            if tour.is_at_start():
                return EXHAUSTED, tour.result()
            tour.take_back()
        elif tour.is_return_limit_reached():
            return RETURN_LIMIT, tour.result()
        elif tour.has_untried_move():
            tour.make_move()
        elif tour.is_at_start():
            return EXHAUSTED, tour.result()
        else:
            tour.take_back()


class _LimitReached(Exception):
    """The attempt has had its return limit of returns: every level of the recursion stops."""


def recursive(tour: KnightTour) -> tuple[str, TourResult]:
    """The textbook recursion of one attempt; the return limit travels up as an exception."""
    if tour.is_return_limit_reached():  # only with returns counted over every attempt (rules counter=total)
        return RETURN_LIMIT, tour.result()
    try:
        found = call_with_deep_stack(_extend, tour, depth=tour.instance.cells + 16)
    except _LimitReached:
        return RETURN_LIMIT, tour.result()
    return (FOUND if found else EXHAUSTED), tour.result()


def _extend(tour: KnightTour) -> bool:
    """Extend the path from the knight's cell; True when the attempt is over with a tour."""
    if tour.is_complete():
        tour.record_tour()
        return not tour.is_all_tours_mode()
    while tour.has_untried_move():
        tour.make_move()
        if _extend(tour):
            return True
        tour.take_back()
        if tour.is_return_limit_reached():
            raise _LimitReached()
    return False
