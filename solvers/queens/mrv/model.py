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

Three options of the MRV text (the seed queens-mrv-forced-moves.ru.txt) change what the model
answers, never the questions, so the iterative, recursive and automaton programs run them as
they are:
- queens given in advance (`given`) stand on the board before the first step, at the bottom of
  the stack, below every choice point, so going back never takes them off;
- look-ahead: a free cell whose queen would leave some other open line with no free cell is
  not counted as free (the text rejects such a placement, and a line left with one cell that
  passes is forced, as its fourth queen is);
- symmetry: the first choice is the middle row (the text's row IV), its left half only, the
  second the row below it (row III), then the fewest-free-cells rule; a complete placement
  counts as a solution only when it is its class's `half_board_representative`, and is
  reported as an image otherwise. One solution of each class is found; its orbit gives the rest.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from automata.runtime.events import NullObserver, Observer

from solvers.queens.algorithms import QueensOptions, QueensResult
from solvers.queens.bitboard import BitBoard, mask_members
from solvers.queens.board import half_board_representative, middle_row
from solvers.queens.tally import Tally

Cell = tuple[int, int]  # (col, row)


@dataclass(frozen=True)
class LineScan:
    """The open line with the fewest free cells (its free count and free cells in order), and the
    free cells of every open line as masks: `columns[col]` bit r - 1 for row r, `rows[row]` bit c - 1."""

    free: int
    cells: tuple[Cell, ...]
    columns: dict[int, int] = field(default_factory=dict)
    rows: dict[int, int] = field(default_factory=dict)


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

    __slots__ = ("board", "tally", "placed", "choice_points", "_scan", "look_ahead", "symmetry", "rows_only",
                 "_observer", "_by_choice", "_chosen", "situations", "images")

    def __init__(self, n: int, observer: Observer, limit: int | None, *, given: Sequence[Cell] = (),
                 look_ahead: bool = False, symmetry: bool = False, rows_only: bool = False) -> None:
        self.board = BitBoard(n)
        self.tally = Tally(observer, limit)
        self.placed: list[Cell] = []  # every queen on the board, in the order placed
        self.choice_points: list[ChoicePoint] = []  # the iterative program's and automaton's stack
        self._scan: LineScan | None = None  # of the current board; dropped whenever a queen moves
        self.look_ahead = look_ahead
        self.symmetry = symmetry
        # Branch on the tightest row only (the text's literal "horizontals"); forced and blocked
        # lines are still found among rows and columns. Used to count the text's situations both
        # ways (research/queens_seed.py); the shipped programs branch on rows and columns.
        self.rows_only = rows_only
        self._observer = observer
        self._by_choice: list[bool] = []  # beside `placed`: chosen (or given) rather than forced
        self._chosen = 0  # queens on the board that were chosen or given, not forced
        self.situations = 0  # placements of a third chosen queen: the text's "situations"
        self.images = 0  # symmetry: complete placements set aside as images of another class member
        for cell in given:
            self._put(cell, chosen=True)

    # -- reading the board --------------------------------------------------------------------
    def _tightest_line(self) -> LineScan:
        if self._scan is None:
            self._scan = self._scan_lines()
        return self._scan

    def free_cells(self) -> tuple[dict[int, int], dict[int, int]]:
        """The free cells of every open column and row as masks (under look-ahead, those that pass it)."""
        board = self.board
        columns = {col: board.free_rows_mask(col) for col in board.open_columns()}
        rows = {row: board.free_cols_mask(row) for row in board.open_rows()}
        return looked_ahead(columns, rows) if self.look_ahead else (columns, rows)

    def _scan_lines(self) -> LineScan:
        columns, rows = self.free_cells()
        best_free, best_column, best_row = self.board.n + 1, 0, 0
        for col, mask in columns.items():
            if mask.bit_count() < best_free:
                best_free, best_column = mask.bit_count(), col
        for row, mask in rows.items():
            if mask.bit_count() < best_free:
                best_free, best_column, best_row = mask.bit_count(), 0, row
        if best_row:
            cells = tuple((col, best_row) for col in mask_members(rows[best_row]))
        elif best_column:
            cells = tuple((best_column, row) for row in mask_members(columns[best_column]))
        else:  # a full board has no open line
            cells = ()
        return LineScan(best_free, cells, columns, rows)

    def _choice_cells(self) -> tuple[Cell, ...]:
        """The cells to branch on: the tightest line's, or under symmetry the text's first two rows."""
        scan = self._tightest_line()
        if self.symmetry and self._chosen < 2:
            middle = middle_row(self.board.n)
            row = middle - self._chosen
            mask = scan.rows.get(row, 0)
            if self._chosen == 0:
                mask &= (1 << middle) - 1  # the left half, the middle column included
            if mask:
                return tuple((col, row) for col in mask_members(mask))
        if self.rows_only and scan.rows:
            row = min(scan.rows, key=lambda r: (scan.rows[r].bit_count(), r))
            return tuple((col, row) for col in mask_members(scan.rows[row]))
        return scan.cells

    # -- questions ----------------------------------------------------------------------------
    def is_complete(self) -> bool:
        return self.board.is_full()

    def has_blocked_line(self) -> bool:
        """Some row or column without a queen has no free cell left (under look-ahead: none that passes it)."""
        return self._tightest_line().free == 0

    def has_forced_cell(self) -> bool:
        """Some row or column without a queen has exactly one free cell left (under look-ahead: one that passes it)."""
        return self._tightest_line().free == 1

    def has_enough(self) -> bool:
        return self.tally.has_enough()

    def height(self) -> int:
        return len(self.placed)

    # -- placing and taking back --------------------------------------------------------------
    def _put(self, cell: Cell, chosen: bool) -> None:
        self.board.place(*cell)
        self.placed.append(cell)
        self._by_choice.append(chosen)
        self._chosen += chosen
        self._scan = None

    def place_choice(self, cell: Cell) -> None:
        if self._chosen == 2:
            self.situations += 1
        self._put(cell, chosen=True)
        self.tally.placed(*cell)

    def place_forced_queen(self) -> None:
        """Put a queen on the only free cell of the first line that has one."""
        (cell,) = self._tightest_line().cells
        self._put(cell, chosen=False)
        self.tally.forced_placed(*cell)

    def cut_back(self, height: int) -> None:
        """Take back the queens placed after the stack had `height` entries, last first."""
        while len(self.placed) > height:
            cell = self.placed.pop()
            self._chosen -= self._by_choice.pop()
            self.board.remove(*cell)
            self._scan = None
            self.tally.removed(*cell)

    def new_choice_point(self) -> ChoicePoint:
        """Branch on the line with the fewest free cells, remembering the current stack height."""
        self.tally.branch_points += 1
        return ChoicePoint(self._choice_cells(), self.height())

    def record_solution(self) -> None:
        rows = self.board.rows()
        if self.symmetry and half_board_representative(rows) != rows:
            self.images += 1
            self._observer.emit("image", rows)
            return
        self.tally.solution(rows)

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
        result = self.tally.result(with_branch_points=True)
        extra = (("situations", self.situations),) + ((("images", self.images),) if self.symmetry else ())
        return replace(result, stats=result.stats + extra)


# --- look-ahead --------------------------------------------------------------------------------

def looked_ahead(columns: dict[int, int], rows: dict[int, int]) -> tuple[dict[int, int], dict[int, int]]:
    """Keep the free cells whose queen would leave every other open line at least one free cell.

    `columns` and `rows` are the free cells of the open lines as masks (see LineScan). The test
    is one step deep: a cell is kept or not on the board as it is, as in the text, where (VII, d)
    is rejected because it would take both cells left in column e.
    """
    kept_columns = dict.fromkeys(columns, 0)
    kept_rows = dict.fromkeys(rows, 0)
    for col, free_rows in columns.items():
        for row in mask_members(free_rows):
            if _leaves_every_line_a_cell(col, row, columns, rows):
                kept_columns[col] |= 1 << (row - 1)
                kept_rows[row] |= 1 << (col - 1)
    return kept_columns, kept_rows


def _leaves_every_line_a_cell(col: int, row: int, columns: dict[int, int], rows: dict[int, int]) -> bool:
    for other, free in columns.items():
        if other != col and not free & ~_attacked_across(row, abs(other - col)):
            return False
    for other, free in rows.items():
        if other != row and not free & ~_attacked_across(col, abs(other - row)):
            return False
    return True


def _attacked_across(position: int, distance: int) -> int:
    """The cells (as a mask) a queen at `position` of a line attacks on a parallel line `distance`
    lines away: straight across and along both diagonals."""
    attacked = 1 << (position - 1) | 1 << (position - 1 + distance)
    if position > distance:
        attacked |= 1 << (position - 1 - distance)
    return attacked


def new_search(opts: QueensOptions, observer: Observer) -> MrvSearch:
    """The model of the case: its board, given queens, look-ahead and symmetry."""
    return MrvSearch(opts.n, observer, opts.limit, given=opts.placed, look_ahead=opts.look_ahead,
                     symmetry=opts.symmetry)


def degrees(opts: QueensOptions) -> tuple[dict[int, int], dict[int, int]]:
    """The degrees of freedom of the starting board (the given queens on it): the free cells of
    every open column and of every open row, ({col: count}, {row: count}); under look-ahead, the
    cells that pass it."""
    columns, rows = new_search(opts, NullObserver()).free_cells()
    return ({col: mask.bit_count() for col, mask in columns.items()},
            {row: mask.bit_count() for row, mask in rows.items()})
