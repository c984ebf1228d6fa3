"""The eight symmetries of a square board, acting on cells and on move orders at once.

A symmetry t of the n×n board maps the knight's graph onto itself and maps the move (dr, dc) to
t(dr, dc). Every rule of the search (rules.py, any reading) looks only at the graph, at which cells
are visited and at the position of a move in the order, so the search from cell s with order O
makes, move for move, the mirror image of the search from t(s) with order t(O): the same
outcome and the same number of returns. Hence the 40,320 orders fall into 5,040 classes of eight
(no order is its own image under a symmetry other than the identity, because the eight moves are
distinct), and one search per class and start cell tells the result for all eight orders of the
class at the eight image cells. tests/test_research_knight_rules.py checks this on the evaluator.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

Move = tuple[int, int]
Order = tuple[Move, ...]

# (a, b, c, d): (x, y) -> (a x + b y, c x + d y), on moves and on cells measured from the centre
TRANSFORMS: tuple[tuple[int, int, int, int], ...] = (
    (1, 0, 0, 1), (0, 1, -1, 0), (-1, 0, 0, -1), (0, -1, 1, 0),  # the four rotations
    (-1, 0, 0, 1), (1, 0, 0, -1), (0, 1, 1, 0), (0, -1, -1, 0),  # the four reflections
)


def move_image(transform: int, move: Move) -> Move:
    a, b, c, d = TRANSFORMS[transform]
    return a * move[0] + b * move[1], c * move[0] + d * move[1]


def order_image(transform: int, order: Sequence[Move]) -> Order:
    return tuple(move_image(transform, move) for move in order)


def cell_image(transform: int, cell: int, side: int) -> int:
    """The image of a flat 0-based cell index of the side×side board."""
    row, col = divmod(cell, side)
    x, y = move_image(transform, (2 * row - (side - 1), 2 * col - (side - 1)))
    return (x + side - 1) // 2 * side + (y + side - 1) // 2


@lru_cache(maxsize=4)
def cell_preimages(side: int) -> tuple[tuple[int, ...], ...]:
    """For each transform t, the table s -> t⁻¹(s): the cell whose image under t is s."""
    tables = []
    for transform in range(len(TRANSFORMS)):
        inverse = [0] * (side * side)
        for cell in range(side * side):
            inverse[cell_image(transform, cell, side)] = cell
        tables.append(tuple(inverse))
    return tuple(tables)


def classes(orders: Sequence[Order]) -> tuple[list[int], dict[int, tuple[int, int]]]:
    """The representatives (the smallest order number of each class) and, for every order number,
    (its representative, the transform t with order = t(representative))."""
    number = {order: n for n, order in enumerate(orders)}
    where: dict[int, tuple[int, int]] = {}
    representatives = []
    for n, order in enumerate(orders):
        if n in where:
            continue
        representatives.append(n)
        for transform in range(len(TRANSFORMS)):
            image = number[order_image(transform, order)]
            where.setdefault(image, (n, transform))
    return representatives, where
