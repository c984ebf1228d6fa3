"""The automata's contexts: the x (questions) and z (actions) of the queens specs.

Each method is a one-line delegation to the model the iterative and recursive programs use,
so the automaton differs from them only in its control structure.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from automata.runtime.runner import execute
from automata.model.spec import Spec
from automata.io.loader import load_spec

from solvers.queens.algorithms import ENOUGH, EXHAUSTED, QueensResult
from solvers.queens.columns import ColumnSearch
from solvers.queens.mrv_model import MrvSearch

# The final states of the enumerating searches' specs (backtracking, prolog, mrv), by number.
OUTCOME_OF_FINAL_STATE = {3: EXHAUSTED, 4: ENOUGH}


def run_automaton(spec: Spec | str, context: ColumnSearchContext | MrvContext, engine: str,
                  sinks: Sequence[object]) -> QueensResult:
    """Run `spec` (a Spec, or a path relative to the project root) over `context` until a final state.

    The result's outcome is the one that final state stands for, not the model's own, so an
    automaton that stops in the wrong final state returns a different result.
    """
    summary = execute(spec if isinstance(spec, Spec) else load_spec(spec), context, engine=engine, sinks=sinks)
    return replace(context.search.result(), outcome=OUTCOME_OF_FINAL_STATE[summary.final_state])


class ColumnSearchContext:
    """Backtracking and the Prolog program: one queen per column, the columns in a fixed order."""

    def __init__(self, search: ColumnSearch) -> None:
        self.search = search

    # inputs
    def is_complete(self) -> bool:
        return self.search.is_complete()

    def has_free_row(self) -> bool:
        return self.search.has_free_row()

    def has_queens(self) -> bool:
        return self.search.has_queens()

    def has_enough(self) -> bool:
        return self.search.has_enough()

    # outputs
    def place_queen(self) -> None:
        self.search.place_next_queen()

    def take_back(self) -> None:
        self.search.take_back()

    def record_solution(self) -> None:
        self.search.record_solution()

    def note_dead_end(self) -> None:
        self.search.note_dead_end()


class MrvContext:
    """The fewest-free-cells search with forced placements and a stack of choice points."""

    def __init__(self, search: MrvSearch) -> None:
        self.search = search

    # inputs
    def is_complete(self) -> bool:
        return self.search.is_complete()

    def has_blocked_line(self) -> bool:
        return self.search.has_blocked_line()

    def has_forced_cell(self) -> bool:
        return self.search.has_forced_cell()

    def has_enough(self) -> bool:
        return self.search.has_enough()

    def top_has_untried_cell(self) -> bool:
        return self.search.top_has_untried_cell()

    def has_choice_points(self) -> bool:
        return self.search.has_choice_points()

    # outputs
    def record_solution(self) -> None:
        self.search.record_solution()

    def note_dead_end(self) -> None:
        self.search.note_dead_end()

    def place_forced_queen(self) -> None:
        self.search.place_forced_queen()

    def open_choice_point(self) -> None:
        self.search.open_choice_point()

    def try_next_cell(self) -> None:
        self.search.try_next_cell()

    def drop_choice_point(self) -> None:
        self.search.drop_choice_point()
