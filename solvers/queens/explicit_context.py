"""The explicit construction's automaton context: inputs x1..x4 and outputs z1..z3 over the model."""

from __future__ import annotations

from solvers.queens.explicit_model import ExplicitModel


class ExplicitContext:
    """Thin x/z layer over `ExplicitModel`; specs/queens_explicit.yaml binds these methods."""

    def __init__(self, model: ExplicitModel) -> None:
        self.model = model

    # inputs
    def has_row_left_in_run(self) -> bool:
        return self.model.has_row_left_in_run()

    def next_run_is_even(self) -> bool:
        return self.model.next_run_is_even()

    def next_run_is_odd(self) -> bool:
        return self.model.next_run_is_odd()

    def next_run_is_moved(self) -> bool:
        return self.model.next_run_is_moved()

    # outputs
    def place_next_queen(self) -> None:
        self.model.place_next_queen()

    def start_next_run(self) -> None:
        self.model.start_next_run()

    def finish(self) -> None:
        self.model.finish()
