"""Tests that kill mutants of the eight puzzle's model which the rest of the suite let through.

Each test names the mutmut mutants it was written for (bench/mutation_models.py puzzle8;
docs/mutation.md, "Mutants of the solvers' Python models"). Mutant numbers shift when the model
changes; the behaviour each test pins does not.
"""

from __future__ import annotations

import random
from itertools import combinations, pairwise

import pytest

from automata.errors import InputError
from automata.runtime.events import NullObserver
from solvers.puzzle8 import iterative
from solvers.puzzle8.board import BLANK, Board
from solvers.puzzle8.heuristics import HEURISTICS, make_heuristic
from solvers.puzzle8.notation import default_goal, parse_position
from solvers.puzzle8.puzzle import make_puzzle

# --- linear conflict, counted again without the model's code -------------------------------------

def longest_increasing_by_brute_force(values: list[int]) -> int:
    """The longest strictly increasing subsequence, by trying every subset (lines are short)."""
    for size in range(len(values), 0, -1):
        if any(all(a < b for a, b in pairwise(chosen)) for chosen in combinations(values, size)):
            return size
    return 0


def linear_conflict_by_hand(size: int, position: tuple[int, ...], goal: tuple[int, ...]) -> int:
    goal_cell = {tile: cell for cell, tile in enumerate(goal)}
    total = 0
    for cell, tile in enumerate(position):
        if tile != BLANK:
            row, col = divmod(cell, size)
            goal_row, goal_col = divmod(goal_cell[tile], size)
            total += abs(row - goal_row) + abs(col - goal_col)
    for line in range(size):
        in_row = [position[line * size + col] for col in range(size)]
        in_col = [position[row * size + line] for row in range(size)]
        row_order = [goal_cell[t] % size for t in in_row if t != BLANK and goal_cell[t] // size == line]
        col_order = [goal_cell[t] // size for t in in_col if t != BLANK and goal_cell[t] % size == line]
        total += 2 * (len(row_order) - longest_increasing_by_brute_force(row_order))
        total += 2 * (len(col_order) - longest_increasing_by_brute_force(col_order))
    return total


def test_linear_conflict_of_a_hand_counted_position() -> None:
    # Row 1 holds 2, 3, 1, all at home in that row: 1 must step out (one longest run 2, 3 stays).
    # Manhattan: 2, 3 one step each, 1 two steps; so 4 + 2.
    board, goal = Board(3), default_goal(Board(3))
    _, position = parse_position("231/8_4/765")
    assert make_heuristic("linear-conflict", board, goal)(position) == 6


@pytest.mark.parametrize("size", [3, 4])
def test_linear_conflict_equals_a_count_written_without_the_model(size: int) -> None:
    # _longest_increasing mutant 9 (a slice one too wide), _linear_conflict mutants 13 (goal
    # column by "/" instead of "%"), 28 (column conflicts among blanks) and the timeouts 32, 36.
    board = Board(size)
    rng = random.Random(size)
    goals = [default_goal(board), tuple(rng.sample(range(board.cells), board.cells))]
    for goal in goals:
        estimate = make_heuristic("linear-conflict", board, goal)
        for _ in range(150):
            position = tuple(rng.sample(range(board.cells), board.cells))
            assert estimate(position) == linear_conflict_by_hand(size, position, goal), (position, goal)


# --- messages that name what is wrong --------------------------------------------------------------

def test_a_bad_start_and_a_bad_goal_are_named_in_the_message() -> None:
    # make_puzzle mutants 6, 8, 9, 10 and read_goal mutants 8, 10, 11, 12: the labels "start" and
    # "goal" replaced, dropped or upper-cased.
    with pytest.raises(InputError, match=r"^start '12/3': row 2 has 1 cells"):
        make_puzzle("12/3")
    with pytest.raises(InputError, match=r"^goal '12/3': row 2 has 1 cells"):
        make_puzzle("start1", "manhattan", "12/3")


def test_an_unreachable_start_is_explained() -> None:
    # make_puzzle mutant 37.
    with pytest.raises(InputError, match=r"can never reach goal '12/3_': it is in the other half of the "
                                         r"positions \(permutation parity\); swap two tiles to fix it$"):
        make_puzzle("21/3_", "manhattan", "12/3_")


def test_bratko_on_another_goal_is_explained() -> None:
    # _bratko mutants 8, 10, 11.
    with pytest.raises(InputError, match=r"^heuristic 'bratko' scores tiles 1\.\.8 going clockwise round an empty "
                                         r"centre, so it needs a 3×3 goal like the document's 123/8_4/765; pick "
                                         r"another heuristic \(e\.g\. manhattan\) for this goal$"):
        make_puzzle("12/3_", "bratko", "12/3_")


def test_an_unknown_heuristic_lists_the_known_ones() -> None:
    # make_heuristic mutant 4: the separator of the list.
    with pytest.raises(InputError) as raised:
        make_puzzle("start1", "euclid")
    assert str(raised.value).endswith("choose one of " + ", ".join(HEURISTICS))


def test_the_default_heuristic_is_manhattan() -> None:
    # make_puzzle mutants 1, 2.
    assert make_puzzle("start1").heuristic == "manhattan"


# --- results ---------------------------------------------------------------------------------------

def test_every_kind_of_result_converts_to_json() -> None:
    # SearchResult.to_json mutants 1, 2 (the "status" key) and SearchModel.exhausted mutant 5
    # (an exhausted search's path None instead of empty: to_json could not list it).
    solved = iterative.solve(make_puzzle("start1"), NullObserver()).to_json()
    assert (solved["status"], solved["moves"]) == ("solved", 4)
    exhausted = iterative.solve(make_puzzle("21/3_", "manhattan", "12/3_", require_reachable=False),
                                NullObserver()).to_json()
    assert exhausted == {"status": "exhausted", "moves": None, "path": [], "generated": 23, "expanded": 23}
