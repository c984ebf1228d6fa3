"""The tutorial's maze search (docs/tutorial/maze.py) written recursively, for `automata derive`.

The tutorial's own loop, `maze.solve_iteratively`, is already in the form derive reads; this is
the same search as a recursive function over the same model, and the program contract under
which the automaton derived from it is verified against both.
"""

from __future__ import annotations

import sys
from pathlib import Path

_TUTORIAL = Path(__file__).resolve().parents[3] / "docs" / "tutorial"
if str(_TUTORIAL) not in sys.path:
    sys.path.append(str(_TUTORIAL))

from maze import CASES as TUTORIAL_CASES
from maze import Maze, MazeResult, solve_iteratively

from automata.analysis.derive import CallStack
from automata.runtime.events import Observer


class MazeSearch(Maze, CallStack):
    """The tutorial's model, with the call stack an automaton derived from a recursive function needs."""


def recursive(maze: MazeSearch):
    """Way out of a maze, recursively"""
    if maze.is_at_exit():
        return
    while maze.has_untried_step():
        maze.make_step()
        recursive(maze)
        if maze.is_at_exit():
            return
        maze.take_back()


# -- the program contract (automata.runtime.program): what `automata verify SPEC` runs ----------

CASES = {
    **TUTORIAL_CASES,
    "at the exit at once": ["SE"],
    "walled in": ["S#",
                  "#E"],
}


def make_context(case: list[str], observer: Observer) -> MazeSearch:
    return MazeSearch(case, observer)


def search_recursively(maze: MazeSearch) -> MazeResult:
    recursive(maze)
    return maze.result(found=maze.is_at_exit())


IMPLEMENTATIONS = {"iterative": solve_iteratively, "recursive": search_recursively}


def result(maze: MazeSearch, final_state: int) -> MazeResult:
    """The automaton derived from `recursive` has one final state: whether the exit was found is
    the model's to say, as it is for the recursive function."""
    return maze.result(found=maze.is_at_exit())
