"""Backtracking's automaton: the context of specs/queens_backtracking.yaml over the column model.

Each input x and output z is a one-line delegation to the model the iterative and recursive
programs use, so the automaton differs from them only in its control structure. The Prolog
program's automaton (specs/queens_prolog.yaml) drives the same context over the model with the
last column first.
"""

from __future__ import annotations

from collections.abc import Sequence

from automata.model.spec import Spec
from automata.runtime.events import Observer

from solvers.queens.algorithms import QueensOptions, QueensResult
from solvers.queens.backtracking.model import ColumnSearch, column_search, natural_order
from solvers.queens.contract import run_automaton

SPEC = "specs/queens_backtracking.yaml"


def solve(opts: QueensOptions, observer: Observer, engine: str = "transitions", sinks: Sequence[object] = (),
          spec: Spec | None = None) -> QueensResult:
    """Run the spec (or `spec`, e.g. a mutant) over the same model the references use."""
    return run_automaton(spec or SPEC, ColumnSearchContext(column_search(natural_order, opts, observer)), engine, sinks)


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
