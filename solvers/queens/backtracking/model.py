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

Queens given in advance (`--place`, see solvers.queens.given) narrow the rows of every column
once more: `column_search` builds the model of a case, with them or without.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from automata.runtime.events import NullObserver, Observer

from solvers.queens.algorithms import QueensOptions, QueensResult
from solvers.queens.given import Cell
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


# --- column searches from given queens -------------------------------------------------------

def allowed_rows(n: int, cells: Sequence[Cell]) -> dict[int, int]:
    """For each column, the rows (bit r - 1 for row r) it may use: the given row in a column
    holding a given queen, else every row no given queen attacks."""
    full = (1 << n) - 1
    given_row = dict(cells)
    allowed = {}
    for col in range(1, n + 1):
        if col in given_row:
            allowed[col] = 1 << (given_row[col] - 1)
            continue
        attacked = 0
        for given_col, row in cells:
            distance = abs(col - given_col)
            attacked |= 1 << (row - 1) | 1 << (row - 1 + distance)
            if row - 1 - distance >= 0:
                attacked |= 1 << (row - 1 - distance)
        allowed[col] = full & ~attacked
    return allowed


class GivenColumnSearch(ColumnSearch):
    """A column search whose columns try only the rows the given queens leave them.

    The column model computes a column's untried rows when the column becomes current; this
    narrows them once more, through the model's public questions only, so every question and
    action of the model is otherwise unchanged.
    """

    __slots__ = ("_allowed",)

    def __init__(self, n: int, order: tuple[int, ...], observer: Observer, limit: int | None,
                 cells: Sequence[Cell]) -> None:
        super().__init__(n, order, observer, limit)
        self._allowed = allowed_rows(n, cells)
        self._narrow()

    def _narrow(self) -> None:
        if not self.is_complete():
            self.untried &= self._allowed[self.current_column()]

    def place_next_queen(self) -> None:
        super().place_next_queen()
        self._narrow()

    def take_back(self) -> None:
        # Given queens can leave the first column of the order no row at all, a dead end on the
        # model's empty board (b2 and d1 on 4x4 attack all of column a). The column loop takes a
        # queen back after every dead end; with none on the board there is nothing to take, and
        # its next question (no queens left) ends the search, as the automaton's arc 0 -> 3 does.
        if self.has_queens():
            super().take_back()


def column_search(order: Callable[[int], tuple[int, ...]], case: QueensOptions, observer: Observer) -> ColumnSearch:
    """The column model of `case`: a plain one, or one that starts from the case's given queens."""
    if case.placed:
        return GivenColumnSearch(case.n, order(case.n), observer, case.limit, case.placed)
    return ColumnSearch(case.n, order(case.n), observer, case.limit)
