"""IDA* as a loop over an explicit stack: the iterative program.

The loop asks the context's questions and takes its actions, the same ones the automaton's
inputs and outputs are bound to (specs/fifteen_puzzle.yaml), so its protocol (`automata run
puzzle15 --impl iterative --protocol`) reads like the automaton's. The stack is the context's
frames: one per node of the current path, each holding the children still to try.
"""

from __future__ import annotations

from automata.runtime.events import Observer

from .automaton import IdaStarContext
from .model import Position, SearchResult


def search(context: IdaStarContext) -> SearchResult:
    context.start()
    while True:
        if context.is_searching():
            context.advance()  # the next node within the threshold, depth first
        elif context.is_goal():
            context.report_solution()
            return context.solution()
        else:  # every node within the threshold visited: try the next one
            context.end_iteration()
            context.raise_threshold()


def solve(start: Position, observer: Observer) -> SearchResult:
    return search(IdaStarContext(start, observer))
