"""Best-first search run as the automaton of specs/eight_puzzle.yaml, and the automaton's context.

The context's x/z methods are the iterative program's variables (the search model and the
frontier) with the spec's questions and actions over them; the iterative program is a loop over
the same context (iterative.py), so its protocol reads like the automaton's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from automata.runtime.runner import execute
from automata.errors import RunError
from automata.runtime.events import Observer
from automata.model.spec import Spec
from automata.io.loader import load_spec
from automata.runtime.trace import TraceSink

from .model import EXHAUSTED, LIMIT, SOLVED, Frontier, Node, SearchModel, SearchResult
from .puzzle import Puzzle

SPEC_PATH = "specs/eight_puzzle.yaml"
# The spec's final states, by number, and the search status each stands for.
STATUS_OF_FINAL_STATE = {3: SOLVED, 4: LIMIT, 5: EXHAUSTED}


def load() -> Spec:
    return load_spec(SPEC_PATH)


def solve(
    puzzle: Puzzle,
    observer: Observer,
    max_expanded: int | None = None,
    spec: Spec | None = None,
    engine: str = "transitions",
    sinks: Sequence[TraceSink] = (),
) -> SearchResult:
    context = EightPuzzleContext(puzzle, observer, max_expanded)
    summary = execute(spec or load(), context, engine=engine, sinks=sinks)
    return result_in_final_state(context, summary.final_state)


def result_in_final_state(context: EightPuzzleContext, final_state: int) -> SearchResult:
    """The result the automaton reported, with the status of the final state it stopped in:
    stopping in the wrong one is then a different result (a state the spec does not make final,
    as a mutant may reach, is named as such)."""
    if context.result is None:
        raise RunError(f"the automaton ended in state {final_state} without reporting a result")
    return replace(context.result, status=STATUS_OF_FINAL_STATE.get(final_state, f"stopped in state {final_state}"))


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
