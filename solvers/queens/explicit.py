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
from solvers.queens.explicit_context import ExplicitContext
from solvers.queens.explicit_model import ExplicitModel
from solvers.queens.explicit_plan import NO_SOLUTION, Run, check_size, construct, plan

SPEC = "specs/queens_explicit.yaml"

__all__ = ["SPEC", "NO_SOLUTION", "Run", "check_options", "check_size", "construct", "plan", "iterative", "recursive",
           "automaton"]


def check_options(opts: QueensOptions) -> None:
    """The construction needs a board with a solution: N = 1 or N >= 4."""
    check_size(opts.n)


def _result(model: ExplicitModel) -> QueensResult:
    return QueensResult(solutions=(tuple(model.rows),), count=1, stats=model.stats())


def iterative(opts: QueensOptions, observer: Observer) -> QueensResult:
    model = ExplicitModel(opts.n, observer)
    while model.has_next_run():
        model.start_next_run()
        while model.has_row_left_in_run():
            model.place_next_queen()
    model.finish()
    return _result(model)


def _place_rows(model: ExplicitModel, count: int) -> None:
    """Place the next `count` queens of the current run: the first half, then the rest."""
    if count == 1:
        model.place_next_queen()
    elif count > 1:
        half = count // 2
        _place_rows(model, half)
        _place_rows(model, count - half)


def _place_runs(model: ExplicitModel) -> None:
    """Place the remaining runs: this one, then (recursively) those after it."""
    if not model.has_next_run():
        return
    model.start_next_run()
    _place_rows(model, model.rows_left_in_run())
    _place_runs(model)


def recursive(opts: QueensOptions, observer: Observer) -> QueensResult:
    model = ExplicitModel(opts.n, observer)
    _place_runs(model)
    model.finish()
    return _result(model)


def automaton(
    opts: QueensOptions,
    observer: Observer,
    engine: str = "transitions",
    sinks: Sequence[TraceSink] = (),
    spec: Spec | None = None,
) -> QueensResult:
    """Run the automaton of SPEC (or `spec`, e.g. a mutated copy for `automata mutate`)."""
    model = ExplicitModel(opts.n, observer)
    execute(spec or load_spec(SPEC), ExplicitContext(model), engine=engine, sinks=sinks)
    return _result(model)
