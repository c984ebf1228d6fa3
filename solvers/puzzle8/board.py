"""The sliding-tile board: geometry, moves and solvability.

A position is a tuple with one entry per cell, row by row from the top, left to right; the entry
is the tile on that cell and 0 is the blank. `123/8_4/765` is `(1, 2, 3, 8, 0, 4, 7, 6, 5)`.
Tuples are hashable and cheap to copy, which matters on the search's hot path.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property

Position = tuple[int, ...]
BLANK = 0


@dataclass(frozen=True)
class Board:
    """An n×n board; n = 3 is the eight puzzle, n = 4 the fifteen puzzle."""

    size: int

    @property
    def cells(self) -> int:
        return self.size * self.size

    @property
    def tiles(self) -> range:
        return range(1, self.cells)

    def row_col(self, cell: int) -> tuple[int, int]:
        """Row (0 = top) and column (0 = left) of a cell index."""
        return divmod(cell, self.size)

    def cell_at(self, row: int, col: int) -> int:
        return row * self.size + col

    def distance(self, cell: int, other: int) -> int:
        """Manhattan distance between two cells: the document's `расст`."""
        row, col = divmod(cell, self.size)
        other_row, other_col = divmod(other, self.size)
        return abs(row - other_row) + abs(col - other_col)

    @cached_property
    def neighbours(self) -> tuple[tuple[int, ...], ...]:
        """For every cell, the cells at Manhattan distance 1 (where the blank may go)."""
        table = []
        for cell in range(self.cells):
            row, col = divmod(cell, self.size)
            near = [
                self.cell_at(r, c)
                for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))
                if 0 <= r < self.size and 0 <= c < self.size
            ]
            table.append(tuple(near))
        return tuple(table)

    def successors(self, position: Position) -> Iterator[Position]:
        """Positions one move away, in the document's order: by the number of the tile that slides.

        The document's `после`/`перест` walks the tile list 1, 2, ... and swaps the blank with
        every tile next to it, so successors come in increasing order of the moved tile.
        """
        blank = position.index(BLANK)
        for tile, cell in sorted((position[cell], cell) for cell in self.neighbours[blank]):
            moved = list(position)
            moved[blank], moved[cell] = tile, BLANK
            yield tuple(moved)

    def cells_of(self, position: Position) -> list[int]:
        """Where each item stands: index 0 is the blank's cell, index t the cell of tile t."""
        where = [0] * len(position)
        for cell, tile in enumerate(position):
            where[tile] = cell
        return where

    def can_reach(self, position: Position, goal: Position) -> bool:
        """Whether sliding tiles can turn `position` into `goal`.

        Every move swaps the blank with a tile: one transposition of the n² items, and one step
        of the blank. So the parity of the permutation taking `position` to `goal` always equals
        the parity of the blank's Manhattan distance to its goal cell; on boards at least 2×2 that
        condition is also sufficient. The rule holds for odd and even widths alike, which is why it
        is used instead of the inversion-count shortcuts that assume a particular goal.
        """
        goal_cell = self.cells_of(goal)
        # permutation: cell -> the cell its item must reach
        target = [goal_cell[tile] for tile in position]
        seen = [False] * len(position)
        cycles = 0
        for start in range(len(position)):
            if not seen[start]:
                cycles += 1
                cell = start
                while not seen[cell]:
                    seen[cell] = True
                    cell = target[cell]
        permutation_parity = (len(position) - cycles) % 2
        blank_parity = self.distance(position.index(BLANK), goal.index(BLANK)) % 2
        return permutation_parity == blank_parity
