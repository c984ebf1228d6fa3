"""The model of the column-by-column searches (backtracking and the Prolog program).

One queen per column, the columns filled in a fixed order, the rows of a column tried from 1
up. Backtracking fills columns 1..n; the Prolog program solves the rest of its list first, so
its last column is fixed first: the same model with the order n..1.

The iterative program and the automaton share one piece of control state besides the board:
the queens on the board are the explicit stack (the last queen placed is the top), and
`resume_after` is the row the current column continues after (0: the column is fresh).
"""

from __future__ import annotations

from automata.runtime.events import Observer

from solvers.queens.algorithms import QueensResult
from solvers.queens.bitboard import BitBoard
from solvers.queens.tally import Tally


def natural_order(n: int) -> tuple[int, ...]:
    return tuple(range(1, n + 1))


def last_column_first(n: int) -> tuple[int, ...]:
    return tuple(range(n, 0, -1))


class ColumnSearch:
    """Board, fill order and tally of one column-by-column search."""

    __slots__ = ("board", "order", "tally", "resume_after")

    def __init__(self, n: int, order: tuple[int, ...], observer: Observer, limit: int | None) -> None:
        self.board = BitBoard(n)
        self.order = order
        self.tally = Tally(observer, limit)
        self.resume_after = 0

    # -- questions ----------------------------------------------------------------------------
    def is_complete(self) -> bool:
        """Every column holds a queen."""
        return self.board.is_full()

    def current_column(self) -> int:
        """The column to fill next (the first of the order without a queen)."""
        return self.order[self.board.queens]

    def next_free_row(self, col: int, after: int) -> int:
        """The first row above `after` where a queen in `col` is attacked by no queen (0 if none)."""
        return self.board.next_free_row(col, after)

    def has_free_row(self) -> bool:
        """The current column has a free row after the one it resumes from."""
        return self.board.next_free_row(self.current_column(), self.resume_after) != 0

    def is_fresh_column(self) -> bool:
        """No row of the current column has been tried yet."""
        return self.resume_after == 0

    def has_queens(self) -> bool:
        return self.board.queens > 0

    def has_enough(self) -> bool:
        return self.tally.has_enough()

    # -- actions ------------------------------------------------------------------------------
    def place(self, col: int, row: int) -> None:
        self.board.place(col, row)
        self.tally.placed(col, row)

    def remove(self, col: int, row: int) -> None:
        self.board.remove(col, row)
        self.tally.removed(col, row)

    def place_next_queen(self) -> None:
        """Put a queen on the current column's next free row; the column after it starts fresh."""
        col = self.current_column()
        self.place(col, self.board.next_free_row(col, self.resume_after))
        self.resume_after = 0

    def take_back(self) -> None:
        """Remove the last queen placed; its column continues with the rows after it."""
        col = self.order[self.board.queens - 1]
        row = self.board.row_of(col)
        self.remove(col, row)
        self.resume_after = row

    def record_solution(self) -> None:
        self.tally.solution(self.board.rows())

    def note_dead_end(self) -> None:
        self.tally.dead_end()

    def result(self) -> QueensResult:
        return self.tally.result()


def fill_iteratively(search: ColumnSearch) -> QueensResult:
    """The iterative program: one loop, the queens on the board as the explicit stack."""
    while True:
        if search.is_complete():
            search.record_solution()
            if search.has_enough():
                break
        elif search.has_free_row():
            search.place_next_queen()
            continue
        elif search.is_fresh_column():
            search.note_dead_end()
        if not search.has_queens():
            break
        search.take_back()
    return search.result()
