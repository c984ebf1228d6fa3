"""The fewest-free-cells search's automaton: the context of specs/queens_mrv.yaml over the mrv model.

Each input x and output z is the method of the model the iterative and recursive programs use,
so the automaton differs from them only in its control structure.
"""

from __future__ import annotations

from collections.abc import Sequence

from automata.model.spec import Spec
from automata.runtime.delegation import delegate
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
    """The fewest-free-cells search with forced placements and a stack of choice points; each
    question and action is the model's own method (`delegate`)."""

    def __init__(self, search: MrvSearch) -> None:
        self.search = search

    # inputs
    is_complete = delegate("search")
    has_blocked_line = delegate("search")
    has_forced_cell = delegate("search")
    has_enough = delegate("search")
    top_has_untried_cell = delegate("search")
    has_choice_points = delegate("search")

    # outputs
    record_solution = delegate("search")
    note_dead_end = delegate("search")
    place_forced_queen = delegate("search")
    open_choice_point = delegate("search")
    try_next_cell = delegate("search")
    drop_choice_point = delegate("search")
