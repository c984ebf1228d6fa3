"""Best-first search as a loop over a priority queue of open leaves.

The loop is written in the automaton's own questions and actions: the methods of
`EightPuzzleContext` that specs/eight_puzzle.yaml binds as x1..x3 and z1..z6. It drives the same
context object as the automaton, so the protocol of the loop (`automata run puzzle8 --impl
iterative --protocol`) reads like the automaton's, question for question.
"""

from __future__ import annotations

from automata.runtime.events import Observer

from .automaton import EightPuzzleContext
from .model import SearchResult
from .puzzle import Puzzle


def search(context: EightPuzzleContext) -> SearchResult:
    context.put_start()
    while context.has_open_node():
        context.choose_best()
        if context.is_goal_chosen():
            context.report_solution()
            break
        if context.is_limit_reached():
            context.report_limit()
            break
        context.expand_chosen()
    else:
        context.report_exhausted()
    assert context.result is not None  # every way out of the loop reports one
    return context.result


def solve(puzzle: Puzzle, observer: Observer, max_expanded: int | None = None) -> SearchResult:
    return search(EightPuzzleContext(puzzle, observer, max_expanded))
