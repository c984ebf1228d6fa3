"""The Las Vegas automaton's context: its inputs x1..x6 and outputs z1..z7 over the shared model.

The context's methods have the model's names, so the loops of `solvers.queens.las_vegas` run on
either (`LasVegasSteps`): on the model where speed counts (simulations of many attempts), on the
context where a plain implementation's calls are watched (its protocol, its call budget).
"""

from __future__ import annotations

from typing import Protocol

from solvers.queens.lv_model import LasVegasModel


class LasVegasSteps(Protocol):
    """The questions and actions the Las Vegas programs are written in."""

    def may_start_attempt(self) -> bool: ...
    def is_complete(self) -> bool: ...
    def places_at_random(self) -> bool: ...
    def next_column_has_free_cell(self) -> bool: ...
    def has_untried_row(self) -> bool: ...
    def can_take_back(self) -> bool: ...
    def start_attempt(self) -> None: ...
    def place_at_random(self) -> None: ...
    def report_dead_end(self) -> None: ...
    def place_next_untried(self) -> None: ...
    def take_back(self) -> None: ...
    def record_solution(self) -> None: ...
    def record_failure(self) -> None: ...


class LasVegasContext:
    """Thin x/z layer over `LasVegasModel`; specs/queens_las_vegas.yaml binds these methods."""

    def __init__(self, model: LasVegasModel) -> None:
        self.model = model

    # inputs
    def may_start_attempt(self) -> bool:
        return self.model.may_start_attempt()

    def is_complete(self) -> bool:
        return self.model.is_complete()

    def places_at_random(self) -> bool:
        return self.model.places_at_random()

    def next_column_has_free_cell(self) -> bool:
        return self.model.next_column_has_free_cell()

    def has_untried_row(self) -> bool:
        return self.model.has_untried_row()

    def can_take_back(self) -> bool:
        return self.model.can_take_back()

    # outputs
    def start_attempt(self) -> None:
        self.model.start_attempt()

    def place_at_random(self) -> None:
        self.model.place_at_random()

    def report_dead_end(self) -> None:
        self.model.report_dead_end()

    def place_next_untried(self) -> None:
        self.model.place_next_untried()

    def take_back(self) -> None:
        self.model.take_back()

    def record_solution(self) -> None:
        self.model.record_solution()

    def record_failure(self) -> None:
        self.model.record_failure()
