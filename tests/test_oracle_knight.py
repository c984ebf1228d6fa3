"""An oracle for the knight's tour optimizations written without the model's logic.

Each rule of the article (REFERENCE.md section 1) is written here again, over a plain set of
visited cells, and compared with what the model offers on random positions:
1. parity: on a board with an odd number of cells, a start on the colour with fewer cells has no tour;
2. blocked cells: a move is pruned exactly when it leaves a free cell next to the target that can
   be entered (from the target) but not left, unless that cell would be the last one (the
   penultimate move); and when it leaves two free cells next to each other with no other free
   neighbour, one of them next to the target, unless they would be the last two;
3. Warnsdorff: the candidates are ordered by their number of onward moves (free neighbours),
   fewest first, ties kept in the move order.
The model's only part used is the move orders (data the article leaves to the program), its
public question `is_start_impossible` and its accessor `KnightTour.at_position(...).candidates()`.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from itertools import combinations

import pytest

from automata.runtime.events import NullObserver
from solvers.knight_tour.model import MOVE_ORDERS, KnightTour, KnightTourInstance

Cell = tuple[int, int]  # 1-based (row, column)
JUMPS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))


def neighbours(cell: Cell, rows: int, cols: int) -> set[Cell]:
    row, col = cell
    return {(row + dr, col + dc) for dr, dc in JUMPS if 1 <= row + dr <= rows and 1 <= col + dc <= cols}


# --- optimization 1 ----------------------------------------------------------------------------

def parity_rules_out(rows: int, cols: int, start: Cell) -> bool:
    """A knight changes colour at every move: a path over an odd number of cells begins and ends on
    the same colour, which must then be the colour with more cells."""
    cells = [(row, col) for row in range(1, rows + 1) for col in range(1, cols + 1)]
    same = sum((row + col) % 2 == sum(start) % 2 for row, col in cells)
    return len(cells) % 2 == 1 and same < len(cells) - same


@pytest.mark.parametrize("optimizations", [frozenset({1}), frozenset({2, 3, 4}), frozenset({1, 2, 3, 4})])
def test_optimization_1_rules_out_exactly_the_minority_colour_of_odd_boards(optimizations: frozenset[int]) -> None:
    ruled_out = 0
    for rows in range(1, 10):
        for cols in range(1, 10):
            for start in ((row, col) for row in range(1, rows + 1) for col in range(1, cols + 1)):
                tour = KnightTour(KnightTourInstance(rows, cols, start, optimizations), NullObserver())
                expected = 1 in optimizations and parity_rules_out(rows, cols, start)
                assert tour.is_start_impossible() == expected, (rows, cols, start)
                ruled_out += expected
    # the odd boards up to 9x9 have (rows * cols - 1) / 2 minority cells each: 300 in all
    assert ruled_out == (0 if 1 not in optimizations else 300)


# --- optimizations 2 and 3 ---------------------------------------------------------------------

@dataclass(frozen=True)
class Position:
    rows: int
    cols: int
    path: tuple[Cell, ...]  # the knight stands on the last cell
    order: int  # move order number, 0-based


def prune_reason(position: Position, target: Cell) -> str:
    """Why optimization 2 forbids the move to `target` ("" when it allows it)."""
    rows, cols = position.rows, position.cols
    free = {(row, col) for row in range(1, rows + 1) for col in range(1, cols + 1)} - set(position.path) - {target}
    for cell in neighbours(target, rows, cols) & free:
        exits = neighbours(cell, rows, cols) & free
        if not exits and len(free) != 1:
            return "a cell that can be entered but not left"
        if len(exits) == 1:
            (partner,) = exits
            if neighbours(partner, rows, cols) & free == {cell} and len(free) != 2:
                return "two cells cut off together"
    return ""


def expected_candidates(position: Position, optimizations: frozenset[int]) -> tuple[Cell, ...]:
    rows, cols = position.rows, position.cols
    here, visited = position.path[-1], set(position.path)
    row, col = here
    moves = [(row + dr, col + dc) for dr, dc in MOVE_ORDERS[position.order]]
    candidates = [cell for cell in moves if cell in neighbours(here, rows, cols) and cell not in visited]
    if 2 in optimizations:
        candidates = [cell for cell in candidates if not prune_reason(position, cell)]
    if 3 in optimizations:
        candidates.sort(key=lambda cell: len(neighbours(cell, rows, cols) - visited))  # stable: ties keep the order
    return tuple(candidates)


def model_candidates(position: Position, optimizations: frozenset[int]) -> tuple[Cell, ...]:
    instance = KnightTourInstance(position.rows, position.cols, position.path[0], optimizations)
    return KnightTour.at_position(instance, position.path, position.order).candidates()


BOARDS = ((3, 4), (4, 4), (4, 5), (5, 5), (5, 6), (6, 6), (3, 7), (7, 7), (8, 8))


def random_positions(count: int, seed: int = 2026) -> list[Position]:
    """A third knight's walks (the positions a search meets), a third any set of visited cells
    with the knight on one of them (every situation the rule speaks of), a third endgames: the
    knight a move away from a chain of one or two free cells, with up to two more cells free
    (where the rule's exemption for the last one or two cells decides)."""
    chance = random.Random(seed)
    positions = []
    for number in range(count):
        rows, cols = chance.choice(BOARDS)
        cells = [(row, col) for row in range(1, rows + 1) for col in range(1, cols + 1)]
        if number % 3 == 0:
            path = [chance.choice(cells)]
            length = chance.randint(1, len(cells))
            while len(path) < length:
                onward = sorted(neighbours(path[-1], rows, cols) - set(path))
                if not onward:
                    break
                path.append(chance.choice(onward))
        elif number % 3 == 1:
            path = chance.sample(cells, chance.randint(1, len(cells) - 1))
        else:
            path = _endgame(rows, cols, cells, chance)
        positions.append(Position(rows, cols, tuple(path), chance.randrange(len(MOVE_ORDERS))))
    return positions


def _endgame(rows: int, cols: int, cells: list[Cell], chance: random.Random) -> list[Cell]:
    while True:
        chain = [chance.choice(cells)]  # the knight's cell, the target, then one or two cells
        for _ in range(chance.randint(2, 3)):
            onward = sorted(neighbours(chain[-1], rows, cols) - set(chain))
            if not onward:
                break
            chain.append(chance.choice(onward))
        else:
            others = [cell for cell in cells if cell not in chain]
            free = set(chain[1:]) | set(chance.sample(others, min(len(others) - 1, chance.randint(0, 2))))
            path = [cell for cell in cells if cell not in free and cell != chain[0]]
            chance.shuffle(path)
            return [*path, chain[0]]


POSITIONS = random_positions(1200)
OPTION_SETS = [frozenset(chosen) for size in range(3) for chosen in combinations((2, 3), size)]


def mismatches(positions: list[Position] = POSITIONS) -> list[str]:
    """Positions where the model's candidates differ from the rules', for every set of 2 and 3."""
    found = []
    for position in positions:
        for optimizations in OPTION_SETS:
            expected, offered = expected_candidates(position, optimizations), model_candidates(position, optimizations)
            if expected != offered:
                found.append(f"{position}, optimizations {sorted(optimizations)}: the rules give {expected}, "
                             f"the model offers {offered}")
    return found


def test_the_model_offers_exactly_the_candidates_the_rules_give() -> None:
    assert mismatches() == []


def test_the_random_positions_exercise_every_part_of_the_rules() -> None:
    reasons: Counter[str] = Counter()
    exempt: Counter[int] = Counter()  # moves the rules would forbid but for the last one or two cells
    warnsdorff_reorders = 0
    for position in POSITIONS:
        moves = expected_candidates(position, frozenset())
        reasons.update(prune_reason(position, target) for target in moves)
        rows, cols = position.rows, position.cols
        for target in moves:
            free = {(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)} - set(position.path) - {target}
            near = neighbours(target, rows, cols) & free
            if len(free) == 1 and near:
                exempt[1] += 1  # the penultimate move, onto the neighbour of the last cell
            if len(free) == 2 and near and all(neighbours(cell, rows, cols) & free for cell in free):
                exempt[2] += 1  # the last two cells, linked, entered from the target
        warnsdorff_reorders += expected_candidates(position, frozenset({3})) != moves
    assert reasons["a cell that can be entered but not left"] >= 100
    assert reasons["two cells cut off together"] >= 50
    assert exempt[1] >= 20 and exempt[2] >= 20 and warnsdorff_reorders >= 100
