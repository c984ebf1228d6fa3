"""The context of automaton A1 (specs/knight_tour.yaml): its inputs x and outputs z.

Each method is one named input or output of the connection diagram and does nothing but ask or
tell the shared model, so the automaton uses exactly the functions and variables of the iterative
program, as in the article.
"""

from __future__ import annotations

from solvers.knight_tour.model import KnightTour


class KnightTourContext:
    def __init__(self, tour: KnightTour) -> None:
        self.tour = tour

    # ---- inputs -----------------------------------------------------------------------------

    def is_start_impossible(self) -> bool:
        return self.tour.start_is_impossible()

    def is_complete(self) -> bool:
        return self.tour.is_complete()

    def is_all_tours_mode(self) -> bool:
        return self.tour.instance.all_tours

    def is_at_start(self) -> bool:
        return self.tour.is_at_start()

    def has_untried_move(self) -> bool:
        return self.tour.has_untried_move()

    def is_return_limit_reached(self) -> bool:
        return self.tour.return_limit_reached()

    def has_next_move_order(self) -> bool:
        return self.tour.has_next_move_order()

    # ---- outputs ----------------------------------------------------------------------------

    def report_impossible_start(self) -> None:
        self.tour.report_impossible_start()

    def place_knight(self) -> None:
        self.tour.place_knight()

    def record_tour(self) -> None:
        self.tour.record_tour()

    def restart(self) -> None:
        self.tour.restart()

    def give_up(self) -> None:
        self.tour.give_up()

    def report_exhausted(self) -> None:
        self.tour.report_exhausted()

    def make_move(self) -> None:
        self.tour.make_move()

    def take_back(self) -> None:
        self.tour.take_back()
