"""Backtracking's automaton: the context of specs/queens_backtracking.yaml over the column model.

Each input x and output z is the method of the model the iterative and recursive programs use,
so the automaton differs from them only in its control structure. The Prolog
program's automaton (specs/queens_prolog.yaml) drives the same context over the model with the
last column first.
"""

from __future__ import annotations

from collections.abc import Sequence

from automata.model.spec import Spec
from automata.runtime.delegation import delegate
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
    """Backtracking and the Prolog program: one queen per column, the columns in a fixed order.

    Each question and action is the model's own method (`delegate`), so the automaton calls the
    model directly, as the iterative program does, with no call through the context in between.
    """

    def __init__(self, search: ColumnSearch) -> None:
        self.search = search

    # inputs
    is_complete = delegate("search")
    has_free_row = delegate("search")
    has_queens = delegate("search")
    has_enough = delegate("search")

    # outputs
    place_queen = delegate("search", "place_next_queen")
    take_back = delegate("search")
    record_solution = delegate("search")
    note_dead_end = delegate("search")
