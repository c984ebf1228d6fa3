"""Queens placed in advance (`--place c4,f3`): the notation, its checks, and the options each
algorithm takes. The column model that starts from given queens is in backtracking/model.py.

**Notation.** Cells separated by commas, each a file letter and a rank number as on a chess
board: `c4` is column c (the 3rd) and row 4, row 1 at the bottom. The MRV text (the seed
queens-mrv-forced-moves.ru.txt) names a cell by its row in Roman numerals and its column
letter, so its (IV, c) is `c4` and its (III, f) is `f3`. Boards wider than 26 columns have no
letters: there, and anywhere else, a cell may also be written `col/row` as the Prolog program
writes it (`3/4` is c4).

**Where it applies.** The searches that enumerate placements start from the given queens:
mrv puts them on the board before its first step (they are part of the case, not events of the
search); backtracking and the Prolog program still fill every column in their order, but a
column holding a given queen has that one row to try, and every other column has the rows the
given queens attack removed from the start. Las Vegas and the explicit construction refuse
given queens (see WHY_NOT_PLACED). The look-ahead and the symmetry restriction are options of
mrv only.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from automata.errors import InputError

from solvers.queens.algorithms import QueensOptions
from solvers.queens.board import FILES, cell_name

Cell = tuple[int, int]  # (column, row), both from 1

PLACING = ("backtracking", "prolog", "mrv")
WHY_NOT_PLACED = {
    "las-vegas": ("Las Vegas draws every attempt's queens on an empty board, and its exact analysis "
                  "(p, s, e, t) is of that board; start from given queens with --algorithm mrv or backtracking"),
    "explicit": ("the explicit construction computes its one placement from N alone: there is no search "
                 "that could start from given queens"),
}
_CELL = re.compile(r"\s*(?:([a-zA-Z])([0-9]{1,7})|([0-9]{1,7})\s*/\s*([0-9]{1,7}))\s*")


def parse_cells(text: str, option: str = "--place") -> tuple[Cell, ...]:
    """`c4,f3` (or `3/4,6/3`) as ((3, 4), (6, 3)); bad input names the item it cannot read."""
    cells = []
    for item in text.split(","):
        match = _CELL.fullmatch(item)
        if match is None:
            raise InputError(f"{option}: cannot read {item.strip()[:20]!r} as a cell; write a file letter and "
                             "a row number (c4), or column/row (3/4), separated by commas")
        letter, rank, col, row = match.groups()
        cells.append((FILES.index(letter.lower()) + 1, int(rank)) if letter else (int(col), int(row)))
    return tuple(cells)


def cells_text(cells: Sequence[Cell], n: int) -> str:
    """The cells in the notation `parse_cells` reads: `c4,f3`, or `27/4` where files have no letter."""
    return ",".join(cell_name(col, row, n) if n <= len(FILES) else f"{col}/{row}" for col, row in cells)


def check_given(n: int, cells: Sequence[Cell]) -> None:
    """Every given queen stands on the board and no two of them attack each other."""
    for col, row in cells:
        if not (1 <= col <= n and 1 <= row <= n):
            name = f"{FILES[col - 1]}{row}" if 1 <= col <= len(FILES) else f"{col}/{row}"
            raise InputError(f"--place: the cell {name} is off the {n}x{n} board (columns and rows run 1..{n})")
    for index, (col, row) in enumerate(cells):
        for other_col, other_row in cells[:index]:
            line = ("column" if col == other_col else "row" if row == other_row
                    else "diagonal" if abs(col - other_col) == abs(row - other_row) else None)
            if line is not None:
                first, second = cells_text([(other_col, other_row)], n), cells_text([(col, row)], n)
                raise InputError(f"--place: the queens given on {first} and {second} share a {line}")


def check_seed_options(algorithm: str, opts: QueensOptions) -> None:
    """Refuse the options of the MRV text an algorithm has no use for, saying why (exit 2)."""
    if opts.placed:
        if algorithm not in PLACING:
            raise InputError(f"--place does not apply to {algorithm}: {WHY_NOT_PLACED.get(algorithm, 'it does not search')}")
        check_given(opts.n, opts.placed)
    for flag, given in (("--look-ahead", opts.look_ahead), ("--symmetry", opts.symmetry)):
        if given and algorithm != "mrv":
            raise InputError(f"{flag} is an option of the fewest-free-cells search: use it with --algorithm mrv")
    if opts.symmetry and opts.placed:
        raise InputError("--symmetry restricts the first queens of a search on an empty board: drop --place or --symmetry")
