"""Heuristic estimates h(position) of the number of moves left, pluggable by name.

An admissible heuristic never overestimates; best-first search with f = g + h and the goal test
on selection then returns a shortest solution. `tests/test_puzzle8_heuristics.py` checks the
admissible ones against breadth-first distances.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from automata.errors import InputError

from .board import BLANK, Board, Position

Estimate = Callable[[Position], int]


@dataclass(frozen=True)
class Heuristic:
    name: str
    admissible: bool
    doc: str
    build: Callable[[Board, Position], Estimate]  # (board, goal) -> h


def _zero(board: Board, goal: Position) -> Estimate:
    return lambda position: 0


def _misplaced(board: Board, goal: Position) -> Estimate:
    pairs = [(cell, tile) for cell, tile in enumerate(goal) if tile != BLANK]

    def misplaced(position: Position) -> int:
        return sum(1 for cell, tile in pairs if position[cell] != tile)

    return misplaced


def _distance_table(board: Board, goal: Position) -> list[list[int]]:
    """table[tile][cell]: Manhattan distance from `cell` to the tile's goal cell (0 for the blank)."""
    goal_cell = board.cells_of(goal)
    return [
        [0] * board.cells if tile == BLANK else [board.distance(cell, goal_cell[tile]) for cell in range(board.cells)]
        for tile in range(board.cells)
    ]


def _manhattan(board: Board, goal: Position) -> Estimate:
    table = _distance_table(board, goal)

    def manhattan(position: Position) -> int:
        return sum(table[tile][cell] for cell, tile in enumerate(position))

    return manhattan


def _longest_increasing(values: Sequence[int]) -> int:
    tails: list[int] = []
    for value in values:
        index = bisect_left(tails, value)
        tails[index:index + 1] = [value]
    return len(tails)


def _linear_conflict(board: Board, goal: Position) -> Estimate:
    """Manhattan distance plus 2 for every tile that must leave its line to let others pass.

    In a row, the tiles whose goal row is that row must end in the order of their goal columns;
    all but a longest increasing run of them must step out of the row and back (two moves that
    Manhattan distance does not count). The same for columns. Counting len − LIS (not the
    number of conflicting pairs) keeps it admissible (Hansson, Mayer and Yung, 1992).
    """
    manhattan = _manhattan(board, goal)
    size = board.size
    goal_cell = board.cells_of(goal)
    goal_row = [goal_cell[tile] // size for tile in range(board.cells)]
    goal_col = [goal_cell[tile] % size for tile in range(board.cells)]

    def conflicts(position: Position) -> int:
        extra = 0
        for line in range(size):
            row_tiles = [goal_col[tile] for tile in position[line * size:(line + 1) * size] if tile != BLANK and goal_row[tile] == line]
            col_tiles = [goal_row[tile] for tile in position[line::size] if tile != BLANK and goal_col[tile] == line]
            extra += len(row_tiles) - _longest_increasing(row_tiles)
            extra += len(col_tiles) - _longest_increasing(col_tiles)
        return extra

    return lambda position: manhattan(position) + 2 * conflicts(position)


# The 3×3 border read clockwise from the top-left corner, and the centre (row-major indices).
_RING = (0, 1, 2, 5, 8, 7, 6, 3)
_CENTRE = 4
_NEXT_CLOCKWISE = {cell: _RING[(index + 1) % len(_RING)] for index, cell in enumerate(_RING)}


def sequence_score(position: Position) -> int:
    """The document's `упоряд` ("seq"): for each tile t = 1..8 and its successor t+1 (8 is followed by 1),
    1 point if t stands in the centre, 0 if t+1 stands on the cell clockwise after t's cell, 2 otherwise."""
    where = [0] * 9
    for cell, tile in enumerate(position):
        where[tile] = cell
    score = 0
    for tile in range(1, 9):
        cell, next_cell = where[tile], where[tile % 8 + 1]
        if cell == _CENTRE:
            score += 1
        elif _NEXT_CLOCKWISE[cell] != next_cell:
            score += 2
    return score


def _bratko(board: Board, goal: Position) -> Estimate:
    if board.size != 3 or sequence_score(goal) != 0:
        raise InputError(
            "heuristic 'bratko' scores tiles 1..8 going clockwise round an empty centre, so it needs a 3×3 goal "
            "like the document's 123/8_4/765; pick another heuristic (e.g. manhattan) for this goal"
        )
    manhattan = _manhattan(board, goal)
    return lambda position: manhattan(position) + 3 * sequence_score(position)


HEURISTICS: dict[str, Heuristic] = {
    heuristic.name: heuristic
    for heuristic in (
        Heuristic("bratko", False, "the document's h = totdist + 3·seq (not admissible: 22 at start1, which needs 4)", _bratko),
        Heuristic("manhattan", True, "sum of the tiles' Manhattan distances to their goal cells (the document's totdist)", _manhattan),
        Heuristic("misplaced", True, "number of tiles not on their goal cell", _misplaced),
        Heuristic("zero", True, "always 0: best-first becomes uniform-cost (breadth-first by g)", _zero),
        Heuristic("linear-conflict", True, "Manhattan plus 2 per tile that must leave its row or column to let others pass", _linear_conflict),
    )
}


def make_heuristic(name: str, board: Board, goal: Position) -> Estimate:
    try:
        heuristic = HEURISTICS[name]
    except KeyError:
        raise InputError(f"unknown heuristic {name!r}; choose one of {', '.join(HEURISTICS)}") from None
    return heuristic.build(board, goal)
