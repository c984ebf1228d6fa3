"""The tutorial's maze search (docs/tutorial/reference.py) written over the automaton's context.

The tutorial's reference takes the maze's rows and an observer; here the same loop drives the
context object the spec's inputs and outputs call, which is the form `automata derive` reads.
`iterative` and `recursive` are two programs for the same search; deriving either gives an
automaton that verifies equal to both.
"""

from __future__ import annotations

import sys
from pathlib import Path

_TUTORIAL = Path(__file__).resolve().parents[3] / "docs" / "tutorial"
if str(_TUTORIAL) not in sys.path:
    sys.path.append(str(_TUTORIAL))

from maze import Maze, MazeContext

from automata.analysis.derive import CallStack
from automata.runtime.events import Observer


class MazeSearch(MazeContext, CallStack):
    """The tutorial's context, with the call stack a derived recursive automaton needs."""


def iterative(ctx: MazeContext):
    """Way out of a maze"""
    while not ctx.is_at_exit():
        if ctx.has_untried_step():
            ctx.make_step()
        elif ctx.has_steps_to_take_back():
            ctx.take_back()
        else:
            return False
    return True


def recursive(ctx: MazeSearch):
    """Way out of a maze, recursively"""
    if ctx.is_at_exit():
        return
    while ctx.has_untried_step():
        ctx.make_step()
        recursive(ctx)
        if ctx.is_at_exit():
            return
        ctx.take_back()


# -- the program contract (automata.runtime.program): what `automata verify SPEC` runs ----------

MAZES = {
    "tutorial": ["S..#...",
                 ".#.#.#.",
                 ".#...#.",
                 ".####.#",
                 "......E"],
    "two-rows": ["S.#",
                 "E##"],
    "no-way-out": ["S.#.",
                   "..#.",
                   ".#.E"],
    "at-the-exit": ["SE"],
    "walled-in": ["S#",
                  "#E"],
}

CASES = MAZES


def make_context(case: list[str], observer: Observer) -> MazeSearch:
    return MazeSearch(Maze(case, observer))


def recursive_found(ctx: MazeSearch) -> bool:
    recursive(ctx)
    return ctx.is_at_exit()


# Each implementation returns whether it found the exit; so does an automaton run, by asking the
# model (a derived automaton's own answer, from its final state, is `derived_result(iterative, ...)`).
IMPLEMENTATIONS = {"iterative": iterative, "recursive": recursive_found}


def result(ctx: MazeContext, final_state: int) -> bool:
    return ctx.is_at_exit()
