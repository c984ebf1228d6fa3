"""The eight puzzle's program: what `automata run|verify|mutate specs/eight_puzzle.yaml` need.

The same contract any user's spec follows (automata/runtime/program.py). A case is a
`PuzzleCase`: the positions as text, the heuristic's name and the node limit, so that it pickles
and prints; make_context parses it into a `Puzzle` and builds the automaton's context. The
iterative program is a loop over that context's own questions and actions; the recursive one
(Bratko's tree) grows a tree of its own over the context's search model.

Together the cases take every arc of the spec and end in each of its three final states:
solved with several heuristics; the node limit equal to the number of expansions the solution
needs and one below it (the goal test and the limit test on the same node differ only there); a
start that is the goal with a limit of 0; and an empty frontier. The last needs a start from the
goal's other half, which the command line refuses (no move sequence solves it): on a 2×2 board
the tree search runs out of open nodes after 23 expansions, so that case is built with
`require_reachable=False`.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from itertools import permutations

from automata.runtime.events import Observer

from . import iterative, recursive
from .automaton import EightPuzzleContext, result_in_final_state
from .board import Board
from .heuristics import HEURISTICS
from .notation import default_goal, format_grid
from .picture import path_picture
from .model import SearchResult
from .puzzle import Puzzle, make_puzzle

DEFAULT_MAX_EXPANDED = 300_000


@dataclass(frozen=True)
class PuzzleCase:
    start: str = "start3"
    heuristic: str = "manhattan"
    goal: str | None = None  # None: the default goal of the start's board
    max_expanded: int | None = DEFAULT_MAX_EXPANDED
    require_reachable: bool = True  # False only for the case that exhausts the frontier

    def puzzle(self) -> Puzzle:
        return make_puzzle(self.start, self.heuristic, self.goal, self.require_reachable)


def make_context(case: PuzzleCase, observer: Observer) -> EightPuzzleContext:
    return EightPuzzleContext(case.puzzle(), observer, case.max_expanded)


picture = path_picture  # the path to the node in focus, after each step of `automata player`
KEY_EVENTS = ("goal",)  # the player keeps the picture of the solved board, however long the run


def _recursive(context: EightPuzzleContext) -> SearchResult:
    return recursive.search(context.model)


IMPLEMENTATIONS = {"iterative": iterative.search, "recursive": _recursive}
result = result_in_final_state

CASES = {
    "start1, bratko (the document's h): solved": PuzzleCase("start1", "bratko"),
    "start2, misplaced: solved": PuzzleCase("start2", "misplaced"),
    "start2, zero (uniform cost): solved": PuzzleCase("start2", "zero"),
    "start3, linear-conflict: solved": PuzzleCase("start3", "linear-conflict"),
    "start3, manhattan, limit 110: solved by the 110th expansion": PuzzleCase("start3", "manhattan", max_expanded=110),
    "start3, manhattan, limit 109: stopped one expansion short": PuzzleCase("start3", "manhattan", max_expanded=109),
    "the goal itself, limit 0: solved without expanding": PuzzleCase("123/8_4/765", "manhattan", max_expanded=0),
    "2x2 from the goal's other half (refused by the command line): exhausted":
        PuzzleCase("21/3_", "manhattan", "12/3_", max_expanded=None, require_reachable=False),
}


def explore_cases() -> Iterator[tuple[str, PuzzleCase]]:
    """The space `automata cover` searches, smallest first: every position of the 2x2 board
    (those of the goal's other half exhaust the tree), then 3x3 positions reached from the goal by
    0 to 12 random moves (seeds 1 to 3), each with every heuristic and the node limit at its
    default, then at 0, 1 and 2 (a limit equal to the expansions a short solution needs)."""
    small = Board(2)
    goal = default_goal(small)
    for tiles in permutations(range(4)):
        reachable = small.can_reach(tiles, goal)
        yield (f"2x2 {format_grid(small, tiles)}" + ("" if reachable else " (the goal's other half)"),
               PuzzleCase(format_grid(small, tiles), "manhattan", format_grid(small, goal), None, reachable))
    board = Board(3)
    for moves in range(13):
        for seed in (1, 2, 3):
            position = _random_walk(board, default_goal(board), moves, random.Random(seed))
            for heuristic in HEURISTICS:
                for limit in (DEFAULT_MAX_EXPANDED, 0, 1, 2):
                    name = (f"{format_grid(board, position)} ({moves} random moves from the goal, seed {seed}), "
                            f"{heuristic}, limit {limit}")
                    yield name, PuzzleCase(format_grid(board, position), heuristic, None, limit)


def _random_walk(board: Board, start: tuple[int, ...], moves: int, chance: random.Random) -> tuple[int, ...]:
    position = start
    for _ in range(moves):
        position = chance.choice(list(board.successors(position)))
    return position


def step_limit(case: PuzzleCase) -> int | None:
    """One step puts the start node in; each expansion takes two (choose, expand); the end takes
    at most two (choose, report). Without a node limit there is no bound worth stating."""
    if case.max_expanded is None:
        return None
    return 2 * case.max_expanded + 3


def parse_case(params: Mapping[str, str]) -> PuzzleCase:
    """`-p start=start3 -p heuristic=manhattan -p goal=123/8_4/765 -p max_expanded=300000` (or none)."""
    known = ("start", "heuristic", "goal", "max_expanded")
    unknown = sorted(set(params) - set(known))
    if unknown:
        raise ValueError(f"unknown parameter {unknown[0]!r}; known: {', '.join(known)}")
    limit_text = params.get("max_expanded", str(DEFAULT_MAX_EXPANDED)).strip()
    if limit_text.lower() == "none":
        max_expanded = None
    elif re.fullmatch(r"[0-9]{1,12}", limit_text):
        max_expanded = int(limit_text)
    else:
        raise ValueError(f"max_expanded is a number of nodes (or none), got {limit_text[:40]!r}")
    case = PuzzleCase(params.get("start", "start3"), params.get("heuristic", "manhattan"), params.get("goal"),
                      max_expanded)
    case.puzzle()  # an InputError (exit 2) for a position, goal or heuristic the command line refuses
    return case
