"""Backtracking's iterative program: one loop over the column model, columns 1..N in order.

The same loop fills the Prolog program's order (solvers/queens/prolog/iterative.py): only the
model's order of columns differs.
"""

from __future__ import annotations

from automata.runtime.events import Observer

from solvers.queens.algorithms import QueensOptions, QueensResult
from solvers.queens.backtracking.model import ColumnSearch, column_search, natural_order


def fill_iteratively(search: ColumnSearch) -> QueensResult:
    """The iterative program: one loop, the queens on the board as the explicit stack.

    Its two phases are the automaton's two working states: going forward into a fresh column
    (place a queen; else record a solution or report a dead end), and going back until a column
    has a row left to try. A full board has no free row, so the common case is asked first.
    """
    # The questions and actions as local names: the loop runs once or twice per queen.
    has_free_row, place_next_queen, has_queens, take_back = (
        search.has_free_row, search.place_next_queen, search.has_queens, search.take_back)
    is_complete, note_dead_end = search.is_complete, search.note_dead_end
    while True:
        if has_free_row():
            place_next_queen()
            continue
        if is_complete():
            search.record_solution()
            if search.has_enough() or not has_queens():  # (no queens: the board has no squares)
                break
        else:
            note_dead_end()  # never on the empty board, whose first column has every row free
        take_back()  # and go on taking back until a column has a row left to try
        while not has_free_row():
            if not has_queens():
                return search.result()
            take_back()
        place_next_queen()
    return search.result()


def solve(opts: QueensOptions, observer: Observer) -> QueensResult:
    return fill_iteratively(column_search(natural_order, opts, observer))
