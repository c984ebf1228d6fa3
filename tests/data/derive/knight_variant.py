"""The knight's tour iterative reference (solvers/knight_tour/iterative.py), changed in the two
ways that make the automaton derived from it the hand-written one (specs/knight_tour.yaml):

- each outcome returns a value of its own, so each is a final state of its own (the shipped
  program returns `tour.result()` from everywhere: one final state);
- the all-tours mode is asked before the tour is recorded, in the same step as "complete?" (the
  shipped program asks it after recording, which costs a control point: an action comes between).

docs/derive.md shows both derivations next to the hand-written spec.
"""

from __future__ import annotations

from solvers.knight_tour.model import KnightTour


def search(tour: KnightTour):
    """Knight's tour (outcomes as final states)"""
    if tour.is_start_impossible():
        tour.report_impossible_start()
        return "impossible start"
    tour.place_knight()
    while True:
        if tour.is_complete():
            if not tour.is_all_tours_mode():
                tour.record_tour()
                return "tour found"
            tour.record_tour()
            if tour.is_at_start():  # a 1x1 board: the start cell alone is the only tour
                tour.report_exhausted()
                return "search exhausted"
            tour.take_back()
        elif tour.is_return_limit_reached():
            if not tour.has_next_move_order():
                tour.give_up()
                return "gave up"
            tour.restart()
        elif tour.has_untried_move():
            tour.make_move()
        elif tour.is_at_start():
            tour.report_exhausted()
            return "search exhausted"
        else:
            tour.take_back()
