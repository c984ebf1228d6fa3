"""The whole state space: breadth-first search from a goal over every reachable position.

A position is packed into an int, 4 bits per cell (cell 0 in the lowest bits), so a move is two
additions and the visited set holds small ints; the 181,440 positions of the eight puzzle take
about a second. Boards above 3×3 are refused: the fifteen puzzle has 16!/2 ≈ 10^13 positions.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import factorial

from automata.errors import InputError

from .board import BLANK, Board, Position

MAX_POSITIONS = 2_000_000
_BITS = 4


@dataclass(frozen=True)
class Space:
    board: Board
    goal: Position
    distances: dict[int, int]  # packed position -> number of moves to the goal

    @property
    def positions(self) -> int:
        return len(self.distances)

    @property
    def max_distance(self) -> int:
        return max(self.distances.values())

    def distribution(self) -> dict[int, int]:
        """Number of positions at each optimal distance, by increasing distance."""
        counts: dict[int, int] = {}
        for distance in self.distances.values():
            counts[distance] = counts.get(distance, 0) + 1
        return dict(sorted(counts.items()))

    def distance(self, position: Position) -> int | None:
        return self.distances.get(pack(position))

    def positions_at(self, distance: int) -> list[Position]:
        return [unpack(self.board, packed) for packed, d in self.distances.items() if d == distance]

    def to_json(self) -> dict[str, object]:
        return {
            "positions": self.positions,
            "max_distance": self.max_distance,
            "distribution": {str(distance): count for distance, count in self.distribution().items()},
        }


def pack(position: Position) -> int:
    packed = 0
    for cell, tile in enumerate(position):
        packed |= tile << (_BITS * cell)
    return packed


def unpack(board: Board, packed: int) -> Position:
    mask = (1 << _BITS) - 1
    return tuple((packed >> (_BITS * cell)) & mask for cell in range(board.cells))


def explore(board: Board, goal: Position) -> Space:
    """Distances of every position reachable from `goal` (moves are reversible, so also to it)."""
    reachable = factorial(board.cells) // 2
    if reachable > MAX_POSITIONS:
        raise InputError(
            f"the {board.size}×{board.size} board has {reachable:,} reachable positions, too many to list; "
            "the state space is computed for boards up to 3×3"
        )
    neighbours = board.neighbours
    shifts = [_BITS * cell for cell in range(board.cells)]
    distances = {pack(goal): 0}
    level = [(pack(goal), goal.index(BLANK))]
    distance = 0
    while level:
        distance += 1
        next_level = []
        for packed, blank in level:
            for cell in neighbours[blank]:
                tile = (packed >> shifts[cell]) & 0xF
                # slide `tile` from `cell` into the blank: clear it there, write it at the blank
                moved = packed - (tile << shifts[cell]) + (tile << shifts[blank])
                if moved not in distances:
                    distances[moved] = distance
                    next_level.append((moved, cell))
        level = next_level
    return Space(board, goal, distances)
