"""The explicit construction's automaton context: inputs x1..x4 and outputs z1..z3 over the model.

The context's methods have the model's names, so the loop and the recursion of
`solvers.queens.explicit` run on either (`ExplicitSteps`): on the model for a million queens, on
the context where a plain implementation's calls are watched (its protocol, its call budget).
`has_next_run` and `rows_left_in_run` are not the spec's: the automaton asks which kind of run
comes next instead, and does not count rows.
"""

from __future__ import annotations

from typing import Protocol

from solvers.queens.explicit_model import ExplicitModel


class ExplicitSteps(Protocol):
    """The questions and actions the construction's plain programs are written in."""

    def has_next_run(self) -> bool: ...
    def has_row_left_in_run(self) -> bool: ...
    def rows_left_in_run(self) -> int: ...
    def start_next_run(self) -> None: ...
    def place_next_queen(self) -> None: ...
    def finish(self) -> None: ...


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

    # for the plain programs
    def has_next_run(self) -> bool:
        return self.model.has_next_run()

    def rows_left_in_run(self) -> int:
        return self.model.rows_left_in_run()
