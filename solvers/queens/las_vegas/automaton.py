"""Las Vegas's automaton: the context of specs/queens_las_vegas.yaml, inputs x1..x6 and outputs
z1..z7 over the shared model.

The context's methods have the model's names, so the loop and the recursion run on it as on the
model (`LasVegasSteps`): here their calls can be watched (their protocol, their call budget).
"""

from __future__ import annotations

from collections.abc import Sequence

from automata.io.loader import load_spec
from automata.model.spec import Spec
from automata.runtime.events import Observer
from automata.runtime.runner import execute
from automata.runtime.trace import TraceSink

from solvers.queens.algorithms import QueensOptions, QueensResult
from solvers.queens.las_vegas.model import LasVegasModel, new_model, result_of

SPEC = "specs/queens_las_vegas.yaml"


def new_context(opts: QueensOptions, observer: Observer) -> LasVegasContext:
    """The automaton's context over a fresh model (the options are checked first)."""
    return LasVegasContext(new_model(opts, observer))


def solve(opts: QueensOptions, observer: Observer, engine: str = "transitions", sinks: Sequence[TraceSink] = (),
          spec: Spec | None = None) -> QueensResult:
    """Run the automaton of SPEC (or `spec`, e.g. a mutated copy for `automata mutate`)."""
    context = new_context(opts, observer)
    execute(spec or load_spec(SPEC), context, engine=engine, sinks=sinks)
    return result_of(context.model)


class LasVegasContext:
    """Thin x/z layer over `LasVegasModel`; specs/queens_las_vegas.yaml binds these methods."""

    def __init__(self, model: LasVegasModel) -> None:
        self.model = model

    # inputs
    def may_start_attempt(self) -> bool:
        return self.model.may_start_attempt()

    def is_complete(self) -> bool:
        return self.model.is_complete()

    def places_at_random(self) -> bool:
        return self.model.places_at_random()

    def next_column_has_free_cell(self) -> bool:
        return self.model.next_column_has_free_cell()

    def has_untried_row(self) -> bool:
        return self.model.has_untried_row()

    def can_take_back(self) -> bool:
        return self.model.can_take_back()

    # outputs
    def start_attempt(self) -> None:
        self.model.start_attempt()

    def place_at_random(self) -> None:
        self.model.place_at_random()

    def report_dead_end(self) -> None:
        self.model.report_dead_end()

    def place_next_untried(self) -> None:
        self.model.place_next_untried()

    def take_back(self) -> None:
        self.model.take_back()

    def record_solution(self) -> None:
        self.model.record_solution()

    def record_failure(self) -> None:
        self.model.record_failure()
