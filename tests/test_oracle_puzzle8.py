"""An oracle for the eight puzzle written without the puzzle model: breadth-first distances.

A breadth-first search from the document's goal over the 9!/2 positions that reach it gives every
position's optimal number of moves. The best-first searches, run through the program's public
entry point, must return exactly that many moves with an admissible heuristic and at least that
many with Bratko's (not admissible); every path they return must be a sequence of legal moves
from the start to the goal.
"""

from __future__ import annotations

import random
from collections import deque
from functools import cache
from itertools import pairwise

import pytest

from automata.runtime.events import NullObserver
from automata.runtime.program import load_program
from solvers.puzzle8.program import PuzzleCase

Position = tuple[int, ...]  # nine cells row by row, 0 the blank
GOAL: Position = (1, 2, 3, 8, 0, 4, 7, 6, 5)  # 123/8_4/765, the document's goal
NEIGHBOURS = tuple(tuple(other for other in range(9) if abs(other // 3 - cell // 3) + abs(other % 3 - cell % 3) == 1)
                   for cell in range(9))
ADMISSIBLE = ("manhattan", "linear-conflict", "misplaced", "zero")
# Tree searches with weak heuristics grow fast with the distance: the oracle runs each where it is quick.
FARTHEST = {"manhattan": 26, "linear-conflict": 26, "bratko": 30, "misplaced": 16, "zero": 11}


def moves_from(position: Position) -> list[Position]:
    blank = position.index(0)
    result = []
    for cell in NEIGHBOURS[blank]:
        moved = list(position)
        moved[blank], moved[cell] = moved[cell], 0
        result.append(tuple(moved))
    return result


@cache
def distances() -> dict[Position, int]:
    """Every position that reaches the goal, with its optimal number of moves."""
    found = {GOAL: 0}
    queue = deque([GOAL])
    while queue:
        position = queue.popleft()
        for near in moves_from(position):
            if near not in found:
                found[near] = found[position] + 1
                queue.append(near)
    return found


def grid(position: Position) -> str:
    return "/".join("".join(str(tile) if tile else "_" for tile in position[row:row + 3]) for row in (0, 3, 6))


def parse(text: str) -> Position:
    return tuple(0 if mark == "_" else int(mark) for mark in text.replace("/", ""))


@cache
def sample() -> tuple[Position, ...]:
    """About a hundred random solvable positions, seeded: three or four at each distance 0..30."""
    chance = random.Random(20261123)
    by_distance: dict[int, list[Position]] = {}
    for position, moves in distances().items():
        by_distance.setdefault(moves, []).append(position)
    chosen = []
    for moves in sorted(by_distance):
        pool = sorted(by_distance[moves])
        chosen += chance.sample(pool, min(len(pool), 3 + moves % 2))
    return tuple(chosen)


@cache
def program():
    return load_program("specs/eight_puzzle.yaml")


def solve(position: Position, heuristic: str):
    return program().run("iterative", PuzzleCase(grid(position), heuristic, max_expanded=None), NullObserver())


def check_path(position: Position, path: tuple[str, ...]) -> None:
    positions = [parse(text) for text in path]
    assert positions[0] == position and positions[-1] == GOAL
    for before, after in pairwise(positions):
        assert after in moves_from(before), (grid(before), grid(after))


def test_the_breadth_first_search_itself() -> None:
    table = distances()
    assert len(table) == 181_440 and max(table.values()) == 30  # half of 9!; the farthest need 30 moves
    assert table[parse("13_/824/765")] == 2 and 95 <= len(sample()) <= 110


def mismatches(heuristic: str) -> list[str]:
    """The positions of the sample where the search's length disagrees with the breadth-first one."""
    table = distances()
    found = []
    for position in sample():
        optimal = table[position]
        if optimal > FARTHEST[heuristic]:
            continue
        result = solve(position, heuristic)
        check_path(position, result.path)
        if heuristic in ADMISSIBLE and result.moves != optimal or result.moves < optimal:
            found.append(f"{grid(position)}: {heuristic} returned {result.moves} moves, the optimum is {optimal}")
    return found


@pytest.mark.parametrize("heuristic", [*ADMISSIBLE, "bratko"])
def test_the_search_returns_optimal_paths_with_admissible_heuristics(heuristic: str) -> None:
    assert mismatches(heuristic) == []


def test_bratko_is_not_admissible_and_the_oracle_sees_it() -> None:
    # Its 3 x seq term overestimates, so on some positions the first path found is longer: the
    # reason "at least the optimum" is the right check for it.
    assert any(solve(position, "bratko").moves > distances()[position] for position in sample())
