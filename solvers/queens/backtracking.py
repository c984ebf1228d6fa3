"""Backtracking column by column, rows in order: all solutions in natural (lexicographic) order.

The N×N document's recursive program: put a queen in the first column, then call itself for
the next column; when a column has no free row, go back and move the previous queen down.
"""

from __future__ import annotations

from collections.abc import Sequence

from automata.runtime.events import Observer
from automata.runtime.recursion import call_with_deep_stack
from automata.model.spec import Spec

from solvers.queens.algorithms import QueensOptions, QueensResult, check_board
from solvers.queens.columns import ColumnSearch, fill_iteratively, natural_order
from solvers.queens.contexts import ColumnSearchContext, run_automaton

SPEC = "specs/queens_backtracking.yaml"
check_options = check_board  # every N >= 1 has a search (N = 2, 3 find none)


def _new_search(opts: QueensOptions, observer: Observer) -> ColumnSearch:
    return ColumnSearch(opts.n, natural_order(opts.n), observer, opts.limit)


def iterative(opts: QueensOptions, observer: Observer) -> QueensResult:
    return fill_iteratively(_new_search(opts, observer))


def recursive(opts: QueensOptions, observer: Observer) -> QueensResult:
    search = _new_search(opts, observer)
    call_with_deep_stack(_fill_from_current_column, search, depth=opts.n + 2)
    return search.result()


def _fill_from_current_column(search: ColumnSearch) -> None:
    """Try every free row of the current column, each followed by the columns after it."""
    if search.is_complete():
        search.record_solution()
        return
    if not search.has_free_row():
        search.note_dead_end()
        return
    while search.has_free_row():
        search.place_next_queen()
        _fill_from_current_column(search)
        if search.has_enough():
            return
        search.take_back()


def automaton(
    opts: QueensOptions,
    observer: Observer,
    engine: str = "transitions",
    sinks: Sequence[object] = (),
    spec: Spec | None = None,
) -> QueensResult:
    """Run the spec (or `spec`, e.g. a mutant) over the same model the references use."""
    return run_automaton(spec or SPEC, ColumnSearchContext(_new_search(opts, observer)), engine, sinks)
