"""Best-first search as a loop over a priority queue of open leaves."""

from __future__ import annotations

from automata.runtime.events import Observer

from .puzzle import Puzzle
from .search import Frontier, SearchModel, SearchResult


def solve(puzzle: Puzzle, observer: Observer, max_expanded: int | None = None) -> SearchResult:
    model = SearchModel(puzzle, observer, max_expanded)
    frontier = Frontier()
    frontier.add([model.make_start()])
    while len(frontier):
        node = frontier.take_best()
        if model.is_goal(node):
            return model.solved(node)
        if model.limit_reached():
            return model.stopped_at_limit()
        frontier.add(model.expand(node))
    return model.exhausted()
