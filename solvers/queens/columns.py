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

from automata.runtime.events import NullObserver, Observer

from solvers.queens.algorithms import QueensResult
from solvers.queens.tally import Tally


def natural_order(n: int) -> tuple[int, ...]:
    return tuple(range(1, n + 1))


def last_column_first(n: int) -> tuple[int, ...]:
    return tuple(range(n, 0, -1))


class ColumnSearch:
    """Board, fill order and tally of one column-by-column search.

    Bit r - 1 of a mask stands for row r. ``untried`` holds the free rows of the current column
    that have not been tried yet; ``lines`` the rows taken and the rows attacked along the two
    diagonals, as seen from the current column. ``_saved`` is the explicit stack: for every queen
    on the board, its column, its row, and the untried rows and lines of the level it was placed on.
    """

    __slots__ = ("n", "order", "tally", "untried", "lines", "choices", "dead_ends", "_full", "_saved", "_emit")

    def __init__(self, n: int, order: tuple[int, ...], observer: Observer, limit: int | None) -> None:
        self.n = n
        self.order = order
        self.tally = Tally(observer, limit)
        # The hot actions report straight to the observer, or not at all when nobody listens (a
        # NullObserver, the counting runs): a call per event is a fifth of a placement's cost.
        self._emit = None if isinstance(observer, NullObserver) else observer.emit
        self._full = (1 << n) - 1
        self.untried = self._full
        self.lines = (0, 0, 0)
        self._saved: list[tuple[int, tuple[int, int, int], int, int]] = []
        # counted here, on the hot path, and handed to the tally for the result
        self.choices = 0
        self.dead_ends = 0

    # -- questions ----------------------------------------------------------------------------
    def is_complete(self) -> bool:
        """Every column holds a queen."""
        return len(self._saved) == self.n

    def current_column(self) -> int:
        """The column to fill next (the first of the order without a queen)."""
        return self.order[len(self._saved)]

    def has_free_row(self) -> bool:
        """The current column has a free row after the one it resumes from (never on a full board)."""
        return self.untried != 0

    def has_queens(self) -> bool:
        return self._saved != []

    def has_enough(self) -> bool:
        return self.tally.has_enough()

    def rows(self) -> tuple[int, ...]:
        """The placement as rows by column (0 for an empty column)."""
        rows = [0] * (self.n + 1)
        for _untried, _lines, col, row in self._saved:
            rows[col] = row
        return tuple(rows[1:])

    # -- actions ------------------------------------------------------------------------------
    def place_next_queen(self) -> None:
        """Put a queen on the current column's next free row; the column after it starts fresh."""
        untried = self.untried
        bit = untried & -untried
        saved = self._saved
        col = self.order[len(saved)]
        row = bit.bit_length()
        taken, up, down = lines = self.lines
        saved.append((untried ^ bit, lines, col, row))
        full = self._full
        taken |= bit
        up = (up | bit) << 1 & full
        down = (down | bit) >> 1
        self.lines = (taken, up, down)
        self.untried = full & ~(taken | up | down)
        self.choices += 1
        if self._emit:
            self._emit("place", col, row)

    def take_back(self) -> None:
        """Remove the last queen placed; its column continues with the rows after it."""
        self.untried, self.lines, col, row = self._saved.pop()
        if self._emit:
            self._emit("remove", col, row)

    def record_solution(self) -> None:
        self.tally.solution(self.rows())

    def note_dead_end(self) -> None:
        self.dead_ends += 1
        if self._emit:
            self._emit("dead_end")

    def result(self) -> QueensResult:
        self.tally.choices, self.tally.dead_ends = self.choices, self.dead_ends
        return self.tally.result()


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
