"""The model of the column-by-column searches (backtracking and the Prolog program).

One queen per column, the columns filled in a fixed order, the rows of a column tried from 1
up. Backtracking fills columns 1..n; the Prolog program solves the rest of its list first, so
its last column is fixed first: the same model with the order n..1.

The queens on the board are the explicit stack (the last queen placed is the top). Each level
of it keeps what the classic bitmask counter keeps: the rows taken, the rows attacked along the
two diagonals as seen from the current column, and the free rows of the current column not yet
tried. Both fill orders step one column at a time, so moving on shifts one diagonal mask up and
the other down, whichever way the columns go. The free rows of a column are computed once, when
the column becomes current; every question below is then one comparison, and the iterative
program, the recursive one and the automaton ask the same questions.
"""

from __future__ import annotations

from automata.runtime.events import Observer

from solvers.queens.algorithms import QueensResult
from solvers.queens.tally import Tally


def natural_order(n: int) -> tuple[int, ...]:
    return tuple(range(1, n + 1))


def last_column_first(n: int) -> tuple[int, ...]:
    return tuple(range(n, 0, -1))


class ColumnSearch:
    """Board, fill order and tally of one column-by-column search.

    Bit r - 1 of a mask stands for row r. ``untried`` holds the free rows of the current column
    that have not been tried yet; ``saved`` holds, for every queen on the board, the masks of the
    level it was placed on (its column's untried rows after it, the taken rows, the diagonals).
    """

    __slots__ = ("n", "order", "tally", "queens", "untried", "_full", "_taken", "_up", "_down", "_saved",
                 "_rows", "_emit")

    def __init__(self, n: int, order: tuple[int, ...], observer: Observer, limit: int | None) -> None:
        self.n = n
        self.order = order
        self.tally = Tally(observer, limit)
        self._emit = observer.emit  # placing and taking back report straight to the observer
        self._full = (1 << n) - 1
        self._taken = 0  # rows holding a queen
        self._up = 0  # rows of the current column attacked along one diagonal direction
        self._down = 0  # ... and along the other
        self.untried = self._full
        self._saved: list[tuple[int, int, int, int]] = []
        self._rows = [0] * (n + 1)  # _rows[col] = row of the queen in that column, 0 = none
        self.queens = 0

    # -- questions ----------------------------------------------------------------------------
    def is_complete(self) -> bool:
        """Every column holds a queen."""
        return self.queens == self.n

    def current_column(self) -> int:
        """The column to fill next (the first of the order without a queen)."""
        return self.order[self.queens]

    def has_free_row(self) -> bool:
        """The current column has a free row after the one it resumes from (never on a full board)."""
        return self.untried != 0

    def has_queens(self) -> bool:
        return self.queens > 0

    def has_enough(self) -> bool:
        return self.tally.has_enough()

    def row_of(self, col: int) -> int:
        """The row of the queen in column `col`, 0 when the column is empty."""
        return self._rows[col]

    # -- actions ------------------------------------------------------------------------------
    def place_next_queen(self) -> None:
        """Put a queen on the current column's next free row; the column after it starts fresh."""
        untried = self.untried
        bit = untried & -untried
        self._saved.append((untried ^ bit, self._taken, self._up, self._down))
        taken = self._taken | bit
        up = (self._up | bit) << 1 & self._full
        down = (self._down | bit) >> 1
        self._taken, self._up, self._down = taken, up, down
        self.untried = self._full & ~(taken | up | down)
        col = self.order[self.queens]
        row = bit.bit_length()
        self._rows[col] = row
        self.queens += 1
        self.tally.choices += 1
        self._emit("place", col, row)

    def take_back(self) -> None:
        """Remove the last queen placed; its column continues with the rows after it."""
        self.queens -= 1
        col = self.order[self.queens]
        self.untried, self._taken, self._up, self._down = self._saved.pop()
        row = self._rows[col]
        self._rows[col] = 0
        self._emit("remove", col, row)

    def record_solution(self) -> None:
        self.tally.solution(tuple(self._rows[1:]))

    def note_dead_end(self) -> None:
        self.tally.dead_end()

    def result(self) -> QueensResult:
        return self.tally.result()


def fill_iteratively(search: ColumnSearch) -> QueensResult:
    """The iterative program: one loop, the queens on the board as the explicit stack.

    Its two phases are the automaton's two working states: going forward into a fresh column
    (place a queen, or report a dead end), and going back until a column has a row left to try.
    """
    # The questions and actions as local names: each pass places or takes back one queen.
    is_complete, has_free_row, place_next_queen = search.is_complete, search.has_free_row, search.place_next_queen
    has_queens, take_back = search.has_queens, search.take_back
    while True:
        if is_complete():
            search.record_solution()
            if search.has_enough():
                break
        elif has_free_row():
            place_next_queen()
            continue
        else:
            search.note_dead_end()
        while has_queens():
            take_back()
            if has_free_row():
                place_next_queen()
                break
        else:
            break
    return search.result()
