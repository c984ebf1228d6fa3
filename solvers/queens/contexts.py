"""The automata's contexts: the x (questions) and z (actions) of the queens specs.

Each method is a one-line delegation to the model the iterative and recursive programs use,
so the automaton differs from them only in its control structure.

A column search's context also records the case and the observer it was built for: the
recursive references of backtracking and of the Prolog program build their own model from them
(their recursion carries its state in parameters and generators), see solvers.queens.programs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from automata.io.loader import load_spec
from automata.model.spec import Spec
from automata.runtime.events import Observer
from automata.runtime.runner import execute

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
    return result_in_final_state(context, summary.final_state)


def result_in_final_state(context: ColumnSearchContext | MrvContext, final_state: int) -> QueensResult:
    """The search's result with the outcome `final_state` stands for (a final state the specs do
    not have, as a mutant may reach, is named as such: a result no reference returns)."""
    outcome = OUTCOME_OF_FINAL_STATE.get(final_state, f"stopped in state {final_state}")
    return replace(context.search.result(), outcome=outcome)


class ColumnSearchContext:
    """Backtracking and the Prolog program: one queen per column, the columns in a fixed order."""

    def __init__(self, search: ColumnSearch, case: Any = None, observer: Observer | None = None) -> None:
        self.search = search
        self.case = case
        self.observer = observer

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
