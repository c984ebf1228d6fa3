"""A lean copy of the model's search with optimizations 2 and 3, for trying many move orders fast.

The move-order search (`search.py`) runs millions of attempts, each with a candidate order
that `MOVE_ORDERS` does not hold, so it cannot use the model (which reads the module's orders and
reports every event).  This module makes the same choices as `model.KnightTour` with optimizations
2 (blocked cells) and 3 (Warnsdorff's rule, ties in move order) and nothing else: no events, no
per-level candidate lists when only the first candidate is ever tried.  A test checks it against
the model cell by cell.

With optimization 4 and GOOD_RET = 1 (the article's setting), an attempt with one of the first
four orders succeeds only if it never takes a move back: it is a *greedy walk* (`greedy_walk`).
The last order searches with returns up to MAX_RET (`search`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

Move = tuple[int, int]
Order = tuple[Move, ...]


@lru_cache(maxsize=64)
def neighbour_table(rows: int, cols: int, order: Order) -> tuple[tuple[int, ...], ...]:
    """Every cell's neighbours (flat indices, row-major) in the order's sequence."""
    return tuple(
        tuple((row + dr) * cols + (col + dc) for dr, dc in order if 0 <= row + dr < rows and 0 <= col + dc < cols)
        for row in range(rows)
        for col in range(cols)
    )


def _blocks(target: int, free_after_move: int, visited: bytearray, degree: list[int],
            around: tuple[tuple[int, ...], ...]) -> bool:
    """Optimization 2, exactly as `KnightTour._blocks_a_cell`."""
    for cell in around[target]:
        if visited[cell]:
            continue
        exits = degree[cell] - 1
        if exits == 0:
            if free_after_move != 1:
                return True
        elif exits == 1 and free_after_move != 2:
            for partner in around[cell]:
                if partner != target and not visited[partner]:
                    break
            if degree[partner] - (target in around[partner]) == 1:
                return True
    return False


def greedy_walk(rows: int, cols: int, start: int, order: Order) -> bool:
    """Does the attempt with ``order`` tour the board from ``start`` without a single return?"""
    table = neighbour_table(rows, cols, order)
    cells = rows * cols
    visited = bytearray(cells)
    degree = [len(around) for around in table]
    cell = start
    for length in range(1, cells):
        visited[cell] = 1
        for around in table[cell]:
            degree[around] -= 1
        free_after_move = cells - length - 1
        best, best_degree = -1, 9
        for target in table[cell]:
            if visited[target]:
                continue
            d = degree[target]
            # The first unblocked candidate with the fewest onward moves: what the model's stable
            # sort puts first.  The blocked test, the costly part, runs only for a new best.
            if d < best_degree and not _blocks(target, free_after_move, visited, degree, table):
                best, best_degree = target, d
        if best < 0:
            return False
        cell = best
    return True


@dataclass(frozen=True)
class SearchOutcome:
    outcome: str  # "found", "gave up" or "exhausted"
    returns: int


def search(rows: int, cols: int, start: int, order: Order, max_returns: int, warnsdorff: bool = True,
           blocked: bool = True) -> SearchOutcome:
    """The attempt with returns: depth-first in the order of the model, up to ``max_returns``.

    Without ``warnsdorff`` the candidates keep the move order (optimization 2 alone, as in 1+2);
    without ``blocked`` no move is refused for cutting cells off (optimization 3 alone, as in 1+3).
    """
    table = neighbour_table(rows, cols, order)
    cells = rows * cols
    visited = bytearray(cells)
    degree = [len(around) for around in table]
    path: list[int] = []
    candidates: list[list[int]] = []
    next_index: list[int] = []
    returns = 0

    def arrive(cell: int) -> None:
        visited[cell] = 1
        for around in table[cell]:
            degree[around] -= 1
        path.append(cell)
        free_after_move = cells - len(path) - 1
        moves = [t for t in table[cell]
                 if not visited[t] and not (blocked and _blocks(t, free_after_move, visited, degree, table))]
        if warnsdorff:
            moves.sort(key=degree.__getitem__)
        candidates.append(moves)
        next_index.append(0)

    arrive(start)
    while True:
        if len(path) == cells:
            return SearchOutcome("found", returns)
        if returns >= max_returns:
            return SearchOutcome("gave up", returns)
        level = len(path) - 1
        if next_index[level] < len(candidates[level]):
            target = candidates[level][next_index[level]]
            next_index[level] += 1
            arrive(target)
        elif level == 0:
            return SearchOutcome("exhausted", returns)
        else:
            cell = path.pop()
            candidates.pop()
            next_index.pop()
            visited[cell] = 0
            for around in table[cell]:
                degree[around] += 1
            returns += 1


@dataclass(frozen=True)
class CellOutcome:
    """What optimizations 1-4 do from one start cell with a list of orders."""

    order: int  # 1-based number of the order whose attempt ended the search
    outcome: str  # "found", "gave up" or "exhausted"
    returns: int  # returns in that attempt


def solve_with_orders(rows: int, cols: int, start: int, orders: tuple[Order, ...], max_returns: int) -> CellOutcome:
    """Optimizations 1-4 with GOOD_RET = 1: greedy walks with all but the last order, then a search.

    The parity rule (optimization 1) is the caller's business: it never searches.
    """
    for number, order in enumerate(orders[:-1], start=1):
        if greedy_walk(rows, cols, start, order):
            return CellOutcome(number, "found", 0)
    last = search(rows, cols, start, orders[-1], max_returns)
    return CellOutcome(len(orders), last.outcome, last.returns)


def possible_starts(rows: int, cols: int) -> list[int]:
    """The start cells optimization 1 lets through (all of them on a board with an even number of cells)."""
    if rows * cols % 2 == 0:
        return list(range(rows * cols))
    return [i for i in range(rows * cols) if (i // cols + i % cols) % 2 == 0]
