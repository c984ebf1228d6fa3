"""The iterative program: one loop over the model's explicit stack, as in the article.

Each pass looks at the knight's current situation and does one thing: record a tour, restart or
give up when the attempt has had too many returns, make the next untried move, report that the
start cell has run out of moves, or take the last move back.
"""

from __future__ import annotations

from solvers.knight_tour.model import KnightTour, KnightTourInstance, Observer, TourResult


def solve(instance: KnightTourInstance, observer: Observer) -> TourResult:
    tour = KnightTour(instance, observer)
    if tour.start_is_impossible():
        tour.report_impossible_start()
        return tour.result()
    tour.place_knight()
    while True:
        if tour.is_complete():
            tour.record_tour()
            if not instance.all_tours:
                break
            if tour.is_at_start():  # a 1x1 board: the start cell alone is the only tour
                tour.report_exhausted()
                break
            tour.take_back()
        elif tour.return_limit_reached():
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
