"""The fewest-free-cells search's automaton: the context of specs/queens_mrv.yaml over the mrv model.

Each input x and output z is a one-line delegation to the model the iterative and recursive
programs use, so the automaton differs from them only in its control structure.
"""

from __future__ import annotations

from collections.abc import Sequence

from automata.model.spec import Spec
from automata.runtime.events import Observer

from solvers.queens.algorithms import QueensOptions, QueensResult
from solvers.queens.contract import run_automaton
from solvers.queens.mrv.model import MrvSearch, new_search

SPEC = "specs/queens_mrv.yaml"


def solve(opts: QueensOptions, observer: Observer, engine: str = "transitions", sinks: Sequence[object] = (),
          spec: Spec | None = None) -> QueensResult:
    """Run the spec (or `spec`, e.g. a mutant) over the same model the references use."""
    return run_automaton(spec or SPEC, new_context(opts, observer), engine, sinks)


def new_context(opts: QueensOptions, observer: Observer) -> MrvContext:
    """The automaton's context: a fresh search behind the spec's questions and actions."""
    return MrvContext(new_search(opts, observer))


class MrvContext:
    """The fewest-free-cells search with forced placements and a stack of choice points."""

    def __init__(self, search: MrvSearch) -> None:
        self.search = search

    # inputs
    def is_complete(self) -> bool:
        return self.search.is_complete()

    def has_blocked_line(self) -> bool:
        return self.search.has_blocked_line()

    def has_forced_cell(self) -> bool:
        return self.search.has_forced_cell()

    def has_enough(self) -> bool:
        return self.search.has_enough()

    def top_has_untried_cell(self) -> bool:
        return self.search.top_has_untried_cell()

    def has_choice_points(self) -> bool:
        return self.search.has_choice_points()

    # outputs
    def record_solution(self) -> None:
        self.search.record_solution()

    def note_dead_end(self) -> None:
        self.search.note_dead_end()

    def place_forced_queen(self) -> None:
        self.search.place_forced_queen()

    def open_choice_point(self) -> None:
        self.search.open_choice_point()

    def try_next_cell(self) -> None:
        self.search.try_next_cell()

    def drop_choice_point(self) -> None:
        self.search.drop_choice_point()
