"""The eight-puzzle model: notations, moves, solvability, heuristics."""

from __future__ import annotations

import random
from itertools import permutations

import pytest

from automata.errors import InputError
from solvers.puzzle8.board import BLANK, Board
from solvers.puzzle8.heuristics import HEURISTICS, make_heuristic, sequence_score
from solvers.puzzle8.notation import format_grid, format_xy, parse_position
from solvers.puzzle8.puzzle import make_puzzle
from solvers.puzzle8.space import explore

DOCUMENT_GOAL_GRID = "123/8_4/765"


def random_walk(board: Board, position, moves: int, rng: random.Random):
    for _ in range(moves):
        position = rng.choice(list(board.successors(position)))
    return position


# -- notation ---------------------------------------------------------------------------------------

def test_document_goal_in_both_notations():
    board, goal = parse_position("[2/2,1/3,2/3,3/3,3/2,3/1,2/1,1/1,1/2]")
    assert board == Board(3)
    assert format_grid(board, goal) == DOCUMENT_GOAL_GRID
    assert parse_position(DOCUMENT_GOAL_GRID)[1] == goal
    assert parse_position("goal")[1] == goal


@pytest.mark.parametrize("name, grid", [("start1", "134/8_2/765"), ("start2", "283/164/7_5"), ("start3", "216/4_8/753")])
def test_named_starts_are_the_documents(name, grid):
    board, position = parse_position(name)
    assert format_grid(board, position) == grid
    assert parse_position(format_xy(board, position))[1] == position


def test_x_is_the_column_and_y_counts_rows_from_the_bottom():
    board, position = parse_position("1_2/345/678")
    # the blank is in the top row (Y = 3), middle column (X = 2); tile 1 top-left is 1/3; tile 6 bottom-left is 1/1
    assert format_xy(board, position) == "[2/3,1/3,3/3,1/2,2/2,3/2,1/1,2/1,3/1]"


def test_fifteen_puzzle_grid_uses_commas_and_round_trips():
    text = "1,2,3,4/5,6,7,8/9,10,11,12/13,14,15,_"
    board, position = parse_position(text)
    assert board == Board(4)
    assert position == tuple(range(1, 16)) + (BLANK,)
    assert format_grid(board, position) == text
    assert parse_position(format_xy(board, position))[1] == position


@pytest.mark.parametrize("text, fragment", [
    ("123/8_4/76", "row 3 has 2 cells"),
    ("123/8_4/766", "tile 6 appears twice"),
    ("123/8_4/7_5", "the blank '_' appears twice"),
    ("12a/8_4/765", "'a' is not a tile"),
    ("1,2,3/4,_,5/6,7,9", "tile 9 does not fit"),
    ("[2/2,1/3,2/3,3/3,3/2,3/1,2/1,1/1,1/1]", "cell 1/1 is given twice"),
    ("[2/2,1/3,2/3,3/3,3/2,3/1,2/1,1/1]", "lists 8 cells"),
    ("[2/2,1/3,2/3,3/3,3/2,3/1,2/1,1/1,0/2]", "off the 3×3 board"),
    ("[2/2,1/3,2/3,3/3,3/2,3/1,2/1,1/1,1-2]", "is not a cell X/Y"),
    ("", "empty"),
    ("start9", "'start9' is not a position: give one of goal, start1"),
])
def test_malformed_positions_are_one_clear_error(text, fragment):
    with pytest.raises(InputError) as error:
        parse_position(text)
    assert fragment in str(error.value)
    assert "\n" not in str(error.value)


# -- moves and solvability ----------------------------------------------------------------------------

def test_successors_come_in_the_order_of_the_sliding_tile():
    board, position = parse_position("283/164/7_5")
    assert [format_grid(board, p) for p in board.successors(position)] == ["283/164/75_", "283/1_4/765", "283/164/_75"]


@pytest.mark.parametrize("goal_text", ["12/3_", "_1/23"])
def test_parity_rule_matches_reachability_on_2x2(goal_text):
    board, goal = parse_position(goal_text)
    reachable = {position for position in _bfs(board, goal)}
    for position in permutations(range(4)):
        assert board.can_reach(position, goal) == (position in reachable)


@pytest.mark.parametrize("goal_text", [DOCUMENT_GOAL_GRID, "123/456/78_"])
def test_parity_rule_matches_reachability_on_3x3(goal_text):
    board, goal = parse_position(goal_text)
    space = explore(board, goal)
    rng = random.Random(8)
    for _ in range(3000):
        position = tuple(rng.sample(range(9), 9))
        assert board.can_reach(position, goal) == (space.distance(position) is not None)


@pytest.mark.parametrize("goal_text", ["1,2,3,4/5,6,7,8/9,10,11,12/13,14,15,_", "_,1,2,3/4,5,6,7/8,9,10,11/12,13,14,15"])
def test_parity_rule_on_an_even_width(goal_text):
    board, goal = parse_position(goal_text)
    rng = random.Random(15)
    for moves in range(0, 60, 3):
        position = random_walk(board, goal, moves, rng)
        assert board.can_reach(position, goal)
        tiles = [cell for cell, tile in enumerate(position) if tile != BLANK]
        a, b = rng.sample(tiles, 2)
        swapped = list(position)
        swapped[a], swapped[b] = swapped[b], swapped[a]
        assert not board.can_reach(tuple(swapped), goal)


def test_sam_loyds_fourteen_fifteen_is_refused_before_any_search():
    with pytest.raises(InputError, match="can never reach"):
        make_puzzle("1,2,3,4/5,6,7,8/9,10,11,12/13,15,14,_", "manhattan")


def test_unsolvable_eight_puzzle_is_refused():
    with pytest.raises(InputError, match="permutation parity"):
        make_puzzle("213/8_4/765", "manhattan")


def test_start_and_goal_on_different_boards_are_refused():
    with pytest.raises(InputError, match="same board"):
        make_puzzle("start1", "manhattan", "1,2,3,4/5,6,7,8/9,10,11,12/13,14,15,_")


def _bfs(board, goal):
    seen, frontier = {goal}, [goal]
    while frontier:
        frontier = [nxt for position in frontier for nxt in board.successors(position) if nxt not in seen and not seen.add(nxt)]
    return seen


# -- heuristics -------------------------------------------------------------------------------------

def test_bratko_heuristic_at_start1_is_4_plus_3_times_6():
    board, goal = parse_position("goal")
    start1 = parse_position("start1")[1]
    assert make_heuristic("manhattan", board, goal)(start1) == 4
    assert sequence_score(start1) == 6
    assert make_heuristic("bratko", board, goal)(start1) == 22


def test_sequence_score_rules():
    assert sequence_score(parse_position("goal")[1]) == 0
    # tile 8 in the centre scores 1 (its successor 1 is not looked at), 7 is no longer followed
    # clockwise by 8 and scores 2, every other tile is followed by its successor
    assert sequence_score(parse_position("123/_84/765")[1]) == 1 + 2


def test_bratko_needs_the_documents_kind_of_goal():
    board, goal = parse_position("123/456/78_")
    with pytest.raises(InputError, match="bratko"):
        make_heuristic("bratko", board, goal)


def test_unknown_heuristic():
    with pytest.raises(InputError, match="unknown heuristic"):
        make_heuristic("nope", Board(3), parse_position("goal")[1])


@pytest.mark.parametrize("goal_text", [DOCUMENT_GOAL_GRID, "123/456/78_"])
def test_admissible_heuristics_never_overestimate(goal_text):
    board, goal = parse_position(goal_text)
    space = explore(board, goal)
    near = [(space.distance(p), p) for d in range(0, 17) for p in space.positions_at(d)]
    assert len(near) > 10_000
    for name, heuristic in HEURISTICS.items():
        if not heuristic.admissible:
            continue
        estimate = make_heuristic(name, board, goal)
        too_high = [(board_grid, h, d) for d, p in near if (h := estimate(p)) > d for board_grid in [format_grid(board, p)]]
        assert not too_high, f"{name} overestimates: {too_high[:3]}"


def test_the_documents_heuristic_is_not_admissible():
    assert not HEURISTICS["bratko"].admissible
    assert {name for name, h in HEURISTICS.items() if h.admissible} == {"manhattan", "misplaced", "zero", "linear-conflict"}


def test_linear_conflict_dominates_manhattan_and_manhattan_dominates_misplaced():
    board, goal = parse_position("goal")
    rng = random.Random(3)
    estimates = {name: make_heuristic(name, board, goal) for name in ("misplaced", "manhattan", "linear-conflict")}
    for _ in range(500):
        position = random_walk(board, goal, 40, rng)
        assert estimates["misplaced"](position) <= estimates["manhattan"](position) <= estimates["linear-conflict"](position)
    # 2 and 1 swapped in the top row: one row conflict, +2
    swapped = parse_position("213/8_4/765")[1]
    assert estimates["linear-conflict"](swapped) == estimates["manhattan"](swapped) + 2
