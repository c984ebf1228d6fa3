"""The model of the fewest-degrees-of-freedom search (mrv) with forced placements.

Each row and each column must hold exactly one queen, so branching over the free cells of any
one line (row or column) is complete. The search always branches on the open line with the
fewest free cells (columns 1..n first, then rows 1..n, on a tie). A line left with a single
free cell forces its queen there; a line left with none is a dead end.

Every queen placed, chosen or forced, goes on one stack (the board plus `placed`). Before a
choice the stack height is remembered in a choice point; going back cuts the stack to that
height, which restores the free cells of every line at once. The iterative program and the
automaton keep the choice points on an explicit stack (`choice_points`); the recursive program
keeps each one in a local variable.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from automata.runtime.events import Observer

from solvers.queens.algorithms import QueensResult
from solvers.queens.bitboard import BitBoard, mask_members
from solvers.queens.tally import Tally

Cell = tuple[int, int]  # (col, row)


@dataclass(frozen=True)
class LineScan:
    """The open line with the fewest free cells: its free count and its free cells in order."""

    free: int
    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class ChoicePoint:
    """A line being branched on: its free cells, the stack height before the choice, the next cell to try."""

    cells: tuple[Cell, ...]
    height: int
    next_index: int = 0

    def has_untried_cell(self) -> bool:
        return self.next_index < len(self.cells)


class MrvSearch:
    """Board, placement stack, choice-point stack and tally of one mrv search."""

    __slots__ = ("board", "tally", "placed", "choice_points", "_scan")

    def __init__(self, n: int, observer: Observer, limit: int | None) -> None:
        self.board = BitBoard(n)
        self.tally = Tally(observer, limit)
        self.placed: list[Cell] = []  # every queen on the board, in the order placed
        self.choice_points: list[ChoicePoint] = []  # the iterative program's and automaton's stack
        self._scan: LineScan | None = None  # of the current board; dropped whenever a queen moves

    # -- reading the board --------------------------------------------------------------------
    def _tightest_line(self) -> LineScan:
        if self._scan is None:
            self._scan = self._scan_lines()
        return self._scan

    def _scan_lines(self) -> LineScan:
        board = self.board
        best_free, best_column, best_row = board.n + 1, 0, 0
        for col in board.open_columns():
            free = board.free_rows_mask(col).bit_count()
            if free < best_free:
                best_free, best_column = free, col
                if free == 0:
                    return LineScan(0, ())
        for row in board.open_rows():
            free = board.free_cols_mask(row).bit_count()
            if free < best_free:
                best_free, best_column, best_row = free, 0, row
                if free == 0:
                    return LineScan(0, ())
        if best_row:
            cells = tuple((col, best_row) for col in mask_members(board.free_cols_mask(best_row)))
        elif best_column:
            cells = tuple((best_column, row) for row in mask_members(board.free_rows_mask(best_column)))
        else:  # a full board has no open line
            cells = ()
        return LineScan(best_free, cells)

    # -- questions ----------------------------------------------------------------------------
    def is_complete(self) -> bool:
        return self.board.is_full()

    def has_blocked_line(self) -> bool:
        """Some row or column without a queen has no free cell left."""
        return self._tightest_line().free == 0

    def has_forced_cell(self) -> bool:
        """Some row or column without a queen has exactly one free cell left."""
        return self._tightest_line().free == 1

    def has_enough(self) -> bool:
        return self.tally.has_enough()

    def height(self) -> int:
        return len(self.placed)

    # -- placing and taking back --------------------------------------------------------------
    def _put(self, cell: Cell) -> None:
        self.board.place(*cell)
        self.placed.append(cell)
        self._scan = None

    def place_choice(self, cell: Cell) -> None:
        self._put(cell)
        self.tally.placed(*cell)

    def place_forced_queen(self) -> None:
        """Put a queen on the only free cell of the first line that has one."""
        (cell,) = self._tightest_line().cells
        self._put(cell)
        self.tally.forced_placed(*cell)

    def cut_back(self, height: int) -> None:
        """Take back the queens placed after the stack had `height` entries, last first."""
        while len(self.placed) > height:
            cell = self.placed.pop()
            self.board.remove(*cell)
            self._scan = None
            self.tally.removed(*cell)

    def new_choice_point(self) -> ChoicePoint:
        """Branch on the line with the fewest free cells, remembering the current stack height."""
        self.tally.branch_points += 1
        return ChoicePoint(self._tightest_line().cells, self.height())

    def record_solution(self) -> None:
        self.tally.solution(self.board.rows())

    def note_dead_end(self) -> None:
        self.tally.dead_end()

    # -- the explicit stack of choice points (iterative program and automaton) ----------------
    def open_choice_point(self) -> None:
        self.choice_points.append(self.new_choice_point())

    def has_choice_points(self) -> bool:
        return bool(self.choice_points)

    def top_has_untried_cell(self) -> bool:
        return bool(self.choice_points) and self.choice_points[-1].has_untried_cell()

    def try_next_cell(self) -> None:
        """Go back to the top choice point's height and place a queen on its next free cell."""
        top = self.choice_points[-1]
        self.cut_back(top.height)
        self.choice_points[-1] = replace(top, next_index=top.next_index + 1)
        self.place_choice(top.cells[top.next_index])

    def drop_choice_point(self) -> None:
        """Every cell of the top choice point has been tried: go back to its height and forget it."""
        self.cut_back(self.choice_points.pop().height)

    def result(self) -> QueensResult:
        return self.tally.result(with_branch_points=True)


def search_iteratively(search: MrvSearch) -> QueensResult:
    """The iterative program: one loop over an explicit stack of choice points."""
    while True:
        if search.is_complete():
            search.record_solution()
            if search.has_enough():
                break
        elif search.has_blocked_line():
            search.note_dead_end()
        elif search.has_forced_cell():
            search.place_forced_queen()
            continue
        else:
            search.open_choice_point()
            search.try_next_cell()
            continue
        while search.has_choice_points() and not search.top_has_untried_cell():
            search.drop_choice_point()
        if not search.has_choice_points():
            break
        search.try_next_cell()
    return search.result()
