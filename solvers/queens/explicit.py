"""The explicit O(N) construction of an N-queens solution (the N mod 12 rule), three ways.

`construct(n)` is the plain function. `iterative`, `recursive` and `automaton` drive the shared
`ExplicitModel` (events documented there) with a loop, a recursion and the automaton of
specs/queens_explicit.yaml. The recursion halves each run of rows (left half, then right half),
which places the queens in the same order as the loop while nesting only about log2 N calls deep,
so a million queens need no special stack.
"""

from __future__ import annotations

from collections.abc import Sequence

from automata.runtime.runner import execute
from automata.runtime.events import Observer
from automata.model.spec import Spec
from automata.io.loader import load_spec
from automata.runtime.trace import TraceSink

from solvers.queens.algorithms import QueensOptions, QueensResult
from solvers.queens.explicit_context import ExplicitContext, ExplicitSteps
from solvers.queens.explicit_model import ExplicitModel
from solvers.queens.explicit_plan import NO_SOLUTION, Run, check_size, construct, plan

SPEC = "specs/queens_explicit.yaml"

__all__ = ["SPEC", "NO_SOLUTION", "Run", "check_options", "check_size", "construct", "plan", "iterative", "recursive",
           "automaton", "new_context", "result_of", "place_iteratively", "place_recursively"]


def check_options(opts: QueensOptions) -> None:
    """The construction needs a board with a solution: N = 1 or N >= 4."""
    check_size(opts.n)


def new_context(opts: QueensOptions, observer: Observer) -> ExplicitContext:
    """The automaton's context over a fresh model (the options are checked first)."""
    check_options(opts)
    return ExplicitContext(ExplicitModel(opts.n, observer))


def result_of(context: ExplicitContext) -> QueensResult:
    return _result(context.model)


def _result(model: ExplicitModel) -> QueensResult:
    return QueensResult(solutions=(tuple(model.rows),), count=1, stats=model.stats())


# The programs below are written in `ExplicitSteps`: they run on the model itself, or on the
# automaton's context when their calls are to be watched.

def place_iteratively(steps: ExplicitSteps) -> None:
    """The loop: run after run, queen after queen."""
    while steps.has_next_run():
        steps.start_next_run()
        while steps.has_row_left_in_run():
            steps.place_next_queen()
    steps.finish()


def iterative(opts: QueensOptions, observer: Observer) -> QueensResult:
    model = ExplicitModel(opts.n, observer)
    place_iteratively(model)
    return _result(model)


def _place_rows(steps: ExplicitSteps, count: int) -> None:
    """Place the next `count` queens of the current run: the first half, then the rest."""
    if count == 1:
        steps.place_next_queen()
    elif count > 1:
        half = count // 2
        _place_rows(steps, half)
        _place_rows(steps, count - half)


def _place_runs(steps: ExplicitSteps) -> None:
    """Place the remaining runs: this one, then (recursively) those after it."""
    if not steps.has_next_run():
        return
    steps.start_next_run()
    _place_rows(steps, steps.rows_left_in_run())
    _place_runs(steps)


def place_recursively(steps: ExplicitSteps) -> None:
    """The recursion: runs one call each, the rows of a run halved (about log2 N calls deep)."""
    _place_runs(steps)
    steps.finish()


def recursive(opts: QueensOptions, observer: Observer) -> QueensResult:
    model = ExplicitModel(opts.n, observer)
    place_recursively(model)
    return _result(model)


def automaton(
    opts: QueensOptions,
    observer: Observer,
    engine: str = "transitions",
    sinks: Sequence[TraceSink] = (),
    spec: Spec | None = None,
) -> QueensResult:
    """Run the automaton of SPEC (or `spec`, e.g. a mutated copy for `automata mutate`)."""
    context = ExplicitContext(ExplicitModel(opts.n, observer))
    execute(spec or load_spec(SPEC), context, engine=engine, sinks=sinks)
    return result_of(context)
