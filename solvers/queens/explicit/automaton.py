"""The explicit construction's automaton: the context of specs/queens_explicit.yaml, inputs x1..x4
and outputs z1..z3 over the model.

The context's methods have the model's names, so the loop and the recursion run on it as on the
model (`ExplicitSteps`): here their calls can be watched (their protocol, their call budget).
"""

from __future__ import annotations

from collections.abc import Sequence

from automata.io.loader import load_spec
from automata.model.spec import Spec
from automata.runtime.events import Observer
from automata.runtime.runner import execute
from automata.runtime.trace import TraceSink

from solvers.queens.algorithms import QueensOptions, QueensResult
from solvers.queens.explicit.model import ExplicitModel, check_options, result_of

SPEC = "specs/queens_explicit.yaml"


def new_context(opts: QueensOptions, observer: Observer) -> ExplicitContext:
    """The automaton's context over a fresh model (the options are checked first)."""
    check_options(opts)
    return ExplicitContext(ExplicitModel(opts.n, observer))


def solve(opts: QueensOptions, observer: Observer, engine: str = "transitions", sinks: Sequence[TraceSink] = (),
          spec: Spec | None = None) -> QueensResult:
    """Run the automaton of SPEC (or `spec`, e.g. a mutated copy for `automata mutate`)."""
    context = ExplicitContext(ExplicitModel(opts.n, observer))
    execute(spec or load_spec(SPEC), context, engine=engine, sinks=sinks)
    return result_of(context.model)


class ExplicitContext:
    """Thin x/z layer over `ExplicitModel`; specs/queens_explicit.yaml binds these methods."""

    def __init__(self, model: ExplicitModel) -> None:
        self.model = model

    # inputs
    def has_row_left_in_run(self) -> bool:
        return self.model.has_row_left_in_run()

    def next_run_is_even(self) -> bool:
        return self.model.next_run_is_even()

    def next_run_is_odd(self) -> bool:
        return self.model.next_run_is_odd()

    def next_run_is_moved(self) -> bool:
        return self.model.next_run_is_moved()

    # outputs
    def place_next_queen(self) -> None:
        self.model.place_next_queen()

    def start_next_run(self) -> None:
        self.model.start_next_run()

    def finish(self) -> None:
        self.model.finish()

    # for the plain programs
    def has_next_run(self) -> bool:
        return self.model.has_next_run()

    def rows_left_in_run(self) -> int:
        return self.model.rows_left_in_run()
