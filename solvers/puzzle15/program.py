"""The fifteen puzzle's program: what `automata run|verify|mutate specs/fifteen_puzzle.yaml` need.

The same contract any user's spec follows (docs/own-automaton.md). A case is a `PuzzleCase`
holding the start position as text (korf1..korf100, Korf's list or a grid), so that it pickles
and prints; make_context builds the automaton's context (automaton.IdaStarContext). The
iterative program is a loop over that context's questions and actions, the recursive one the
textbook recursion over the model's operations.

The default cases are small: their event streams (every generated node) are compared whole.
Together they take every arc of the spec: positions whose search needs several thresholds (one
with the pattern database, small enough to make its tables at once), and the goal itself (solved
without an iteration). The first one is the docs site's sample run.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from automata.errors import InputError
from automata.runtime.events import Observer

from . import iterative, recursive
from .automaton import IdaStarContext
from .korf100 import BY_NUMBER
from .model import IdaStar, Position, SearchResult, goal, tables
from .pdb import HEURISTICS
from .picture import search_picture
from .position import format_korf, parse_start


@dataclass(frozen=True)
class PuzzleCase:
    start: str = "korf79"  # korf1..korf100, Korf's list or a grid (position.py)
    heuristic: str = "manhattan"  # or "pdb", the additive pattern database (pdb.py)

    def position(self) -> Position:
        if self.heuristic not in HEURISTICS:
            raise InputError(f"unknown heuristic {self.heuristic!r}; choose {' or '.join(HEURISTICS)}")
        return parse_start(self.start)


def make_context(case: PuzzleCase, observer: Observer) -> IdaStarContext:
    if case.heuristic == "pdb":
        from .pdb import PdbIdaStarContext  # its tables are made on first use (seconds on 4×4)

        return PdbIdaStarContext(case.position(), observer)
    return IdaStarContext(case.position(), observer)


def _recursive(context: IdaStar) -> SearchResult:
    return recursive.search(context)


def result(context: IdaStarContext, final_state: int) -> SearchResult:
    return context.solution()


IMPLEMENTATIONS = {"iterative": iterative.search, "recursive": _recursive}
picture = search_picture  # the path to the node on top, after each step of `automata player`


def random_walk(size: int, moves: int, chance: random.Random) -> Position:
    """A position `moves` random moves (none undoing the last) away from Korf's goal."""
    children = tables(size).children
    board = list(goal(size))
    blank, parent = 0, tables(size).root
    for _ in range(moves):
        cell = chance.choice(children[blank][parent])
        board[blank], board[cell] = board[cell], 0
        blank, parent = cell, blank
    return tuple(board)


CASES = {
    "15-puzzle, 30 moves from the goal": PuzzleCase("5 2 4 3 1 8 12 7 9 13 11 15 14 6 10 0"),
    "8-puzzle, 20 moves from the goal": PuzzleCase("0 1 6 3 8 2 4 7 5"),
    "8-puzzle, 20 moves from the goal, pattern database": PuzzleCase("0 1 6 3 8 2 4 7 5", "pdb"),
    "2x2, the farthest position (6 moves)": PuzzleCase("3 2 1 0"),
    "the goal itself: solved before any child is generated": PuzzleCase("0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"),
}


def explore_cases() -> Iterator[tuple[str, PuzzleCase]]:
    """The space `automata cover` searches, smallest first: random walks from the goal on 2×2,
    3×3 and 4×4 boards, longer and longer, each length with a few seeds."""
    for moves in range(0, 41):
        for size in (2, 3, 4):
            for seed in range(3):
                position = random_walk(size, moves, random.Random(seed))
                for heuristic in HEURISTICS if size < 4 else ("manhattan",):  # no 4×4 tables to make here
                    yield (f"{size}x{size}, {moves} random moves (seed {seed}), {heuristic}",
                           PuzzleCase(format_korf(position), heuristic))


def step_limit(case: PuzzleCase) -> int | None:
    """A step visits a node within the threshold (generated, so counted) or ends an iteration, so
    twice the paper's count bounds a Korf instance; other positions get the engine's default."""
    start = case.start.strip().lower()
    if start.startswith("korf") and start[4:].strip().isdigit() and int(start[4:]) in BY_NUMBER:
        return 2 * BY_NUMBER[int(start[4:])].nodes + 1000
    return None


def parse_case(params: Mapping[str, str]) -> PuzzleCase:
    """`-p start=korf79`, `-p start="14 13 15 7 ..."`, `-p start=_,1,2,3/...` or `-p instance=79`;
    `-p heuristic=pdb` for the pattern database."""
    known = ("start", "instance", "heuristic")
    unknown = sorted(set(params) - set(known))
    if unknown:
        raise ValueError(f"unknown parameter {unknown[0]!r}; known: {', '.join(known)}")
    if "instance" in params and "start" in params:
        raise ValueError("give the start position or Korf's instance number, not both")
    text = f"korf{params['instance'].strip()}" if "instance" in params else params.get("start", "korf79")
    case = PuzzleCase(text, params.get("heuristic", "manhattan").strip().lower())
    case.position()  # an InputError (exit 2) for a position the search cannot take
    return case
