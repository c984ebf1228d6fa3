"""Backtracking's recursive program: all solutions in natural (lexicographic) order.

The N×N document's recursive program: put a queen in the first column, then call itself for
the next column; when a column has no free row, go back and move the previous queen down.
"""

from __future__ import annotations

from automata.runtime.events import Observer
from automata.runtime.recursion import call_with_deep_stack

from solvers.queens.algorithms import QueensOptions, QueensResult
from solvers.queens.backtracking.model import ColumnSearch, column_search, natural_order


def solve(opts: QueensOptions, observer: Observer) -> QueensResult:
    return fill_recursively(column_search(natural_order, opts, observer))


def fill_recursively(search: ColumnSearch) -> QueensResult:
    """The recursion on a fresh column model, on a stack deep enough for N columns."""
    call_with_deep_stack(fill_from_current_column, search, depth=search.n + 2)
    return search.result()


def fill_from_current_column(search: ColumnSearch) -> None:
    """Try every free row of the current column, each followed by the columns after it."""
    if search.is_complete():
        search.record_solution()
        return
    if not search.has_free_row():
        search.note_dead_end()
        return
    while search.has_free_row():
        search.place_next_queen()
        fill_from_current_column(search)
        if search.has_enough():
            return
        search.take_back()
