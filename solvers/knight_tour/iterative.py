"""The iterative program: one loop over the model's explicit stack, as in the article.

Each pass looks at the knight's current situation and does one thing: record a tour, restart or
give up when the attempt has had too many returns, make the next untried move, report that the
start cell has run out of moves, or take the last move back. The loop asks the model exactly the
questions the automaton's inputs ask and takes exactly its outputs' actions (specs/knight_tour.yaml),
so `automata derive` can read the automaton back out of it.
"""

from __future__ import annotations

from solvers.knight_tour.model import (
    KnightTour,
    KnightTourInstance,
    Observer,
    TourResult,
)


def search(tour: KnightTour) -> TourResult:
    """Run the search on `tour` (a fresh model) and return its result."""
    if tour.is_start_impossible():
        tour.report_impossible_start()
        return tour.result()
    tour.place_knight()
    while True:
        if tour.is_complete():
            tour.record_tour()
            if not tour.is_all_tours_mode():
                break
            if tour.is_at_start():  # a 1x1 board: the start cell alone is the only tour
                tour.report_exhausted()
                break
            tour.take_back()
        elif tour.is_return_limit_reached():
            if not tour.has_next_move_order():
                tour.give_up()
                break
            tour.restart()
        elif tour.has_untried_move():
            tour.make_move()
        elif tour.is_at_start():
            tour.report_exhausted()
            break
        else:
            tour.take_back()
    return tour.result()


def solve(instance: KnightTourInstance, observer: Observer) -> TourResult:
    return search(KnightTour(instance, observer))
