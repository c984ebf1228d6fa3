"""Queens on an N×N board, with the occupied rows, columns and diagonals kept as bit masks.

Columns and rows are numbered 1..n outside this module, as in the source documents; inside,
bit i of a mask stands for line i + 1. A cell is free when no queen shares its row, its column
or one of its two diagonals, so the free cells of a whole line are one mask expression.
"""

from __future__ import annotations


class BitBoard:
    """The queens placed so far. Shared by every enumerating search; knows nothing of search order."""

    __slots__ = ("n", "_full", "_rows", "_open_cols", "_open_rows", "_sums", "_diffs", "_diffs_mirrored", "queens")

    def __init__(self, n: int) -> None:
        self.n = n
        self._full = (1 << n) - 1
        self._rows = [0] * (n + 1)  # _rows[col] = row of the queen in that column, 0 = none
        self._open_cols = self._full  # columns without a queen
        self._open_rows = self._full  # rows without a queen
        # A queen on (row r, col c), 0-based, blocks bit r + c of `_sums` (one diagonal direction),
        # bit c - r + n - 1 of `_diffs` (the other) and, mirrored, bit r - c + n - 1 of `_diffs_mirrored`:
        # keeping both orientations lets a row and a column read their blocked cells with one shift.
        self._sums = 0
        self._diffs = 0
        self._diffs_mirrored = 0
        self.queens = 0

    # -- reading ------------------------------------------------------------------------------
    def row_of(self, col: int) -> int:
        """The row of the queen in column `col`, 0 when the column is empty."""
        return self._rows[col]

    def rows(self) -> tuple[int, ...]:
        """The placement as rows by column (0 for an empty column)."""
        return tuple(self._rows[1:])

    def is_full(self) -> bool:
        return self.queens == self.n

    def open_columns(self) -> list[int]:
        """The columns without a queen, in increasing order."""
        return mask_members(self._open_cols)

    def open_rows(self) -> list[int]:
        """The rows without a queen, in increasing order."""
        return mask_members(self._open_rows)

    def free_rows_mask(self, col: int) -> int:
        """Bit r - 1 set for every free cell (row r) of column `col`; 0 when the column holds a queen."""
        if not self._open_cols >> (col - 1) & 1:
            return 0
        c = col - 1
        blocked = (self._sums >> c) | (self._diffs_mirrored >> (self.n - 1 - c))
        return self._open_rows & ~blocked & self._full

    def free_cols_mask(self, row: int) -> int:
        """Bit c - 1 set for every free cell (column c) of row `row`; 0 when the row holds a queen."""
        if not self._open_rows >> (row - 1) & 1:
            return 0
        r = row - 1
        blocked = (self._sums >> r) | (self._diffs >> (self.n - 1 - r))
        return self._open_cols & ~blocked & self._full

    def next_free_row(self, col: int, after: int) -> int:
        """The first free row of column `col` numbered above `after` (0 = from row 1), or 0 if none."""
        candidates = self.free_rows_mask(col) >> after
        if not candidates:
            return 0
        return after + (candidates & -candidates).bit_length()

    # -- changing -----------------------------------------------------------------------------
    def place(self, col: int, row: int) -> None:
        self._toggle(col, row)
        self._rows[col] = row
        self.queens += 1

    def remove(self, col: int, row: int) -> None:
        self._toggle(col, row)
        self._rows[col] = 0
        self.queens -= 1

    def _toggle(self, col: int, row: int) -> None:
        c, r, n = col - 1, row - 1, self.n
        self._open_cols ^= 1 << c
        self._open_rows ^= 1 << r
        self._sums ^= 1 << (r + c)
        self._diffs ^= 1 << (c - r + n - 1)
        self._diffs_mirrored ^= 1 << (r - c + n - 1)


def mask_members(mask: int) -> list[int]:
    """The lines (1-based) whose bits are set in `mask`, in increasing order."""
    members = []
    while mask:
        lowest = mask & -mask
        members.append(lowest.bit_length())
        mask ^= lowest
    return members
