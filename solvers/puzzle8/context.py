"""The automaton's context: the x/z methods of specs/eight_puzzle.yaml over the iterative
program's variables (the search model and the frontier)."""

from __future__ import annotations

from automata.runtime.events import Observer
from automata.errors import RunError

from .puzzle import Puzzle
from .search import Frontier, Node, SearchModel, SearchResult


class EightPuzzleContext:
    def __init__(self, puzzle: Puzzle, observer: Observer, max_expanded: int | None = None) -> None:
        self.model = SearchModel(puzzle, observer, max_expanded)
        self.frontier = Frontier()
        self.chosen: Node | None = None
        self.result: SearchResult | None = None

    # -- inputs ---------------------------------------------------------------------------------

    def has_open_node(self) -> bool:
        return len(self.frontier) > 0

    def is_goal_chosen(self) -> bool:
        return self.model.is_goal(self._chosen())

    def is_limit_reached(self) -> bool:
        return self.model.limit_reached()

    # -- outputs --------------------------------------------------------------------------------

    def put_start(self) -> None:
        self.frontier.add([self.model.make_start()])

    def choose_best(self) -> None:
        self.chosen = self.frontier.take_best()

    def report_solution(self) -> None:
        self.result = self.model.solved(self._chosen())

    def report_limit(self) -> None:
        self.result = self.model.stopped_at_limit()

    def expand_chosen(self) -> None:
        self.frontier.add(self.model.expand(self._chosen()))
        self.chosen = None

    def report_exhausted(self) -> None:
        self.result = self.model.exhausted()

    def _chosen(self) -> Node:
        if self.chosen is None:  # only a broken (e.g. mutated) graph gets here
            raise RunError("no node has been chosen: z2 (choose_best) must run before the chosen node is used")
        return self.chosen
