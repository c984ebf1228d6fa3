"""Las Vegas N queens (Brassard & Bratley) and its hybrids with backtracking: three implementations.

The model, the random source and the event vocabulary live in `solvers.queens.lv_model`; this
module holds the three control structures that drive it (a loop, a recursion, the automaton of
specs/queens_las_vegas.yaml), the exact analysis (`exact`, from `lv_exact`) and `simulate`.

Options: `n`; `random_queens` = k (None: all N, the pure algorithm); `seed`; `attempts` (None:
attempt until `limit` solutions, default one; a number: a simulation of that many attempts, which
stops early only if `limit` is given and reached).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from automata.runtime.runner import execute
from automata.errors import InputError
from automata.runtime.events import NullObserver, Observer
from automata.runtime.recursion import call_with_deep_stack
from automata.model.spec import Spec
from automata.io.loader import load_spec
from automata.runtime.trace import TraceSink

from solvers.queens.algorithms import QueensOptions, QueensResult, check_board
from solvers.queens.lv_context import LasVegasContext, LasVegasSteps
from solvers.queens.lv_exact import Exact, exact, exact_table
from solvers.queens.lv_model import LasVegasModel

SPEC = "specs/queens_las_vegas.yaml"

__all__ = ["SPEC", "check_options", "Exact", "exact", "exact_table", "iterative", "recursive", "automaton", "simulate",
           "new_context", "result_of", "attempt_iteratively", "attempt_recursively"]


def check_options(opts: QueensOptions) -> None:
    """Refuse options that mean nothing, or that would make the attempts go on forever."""
    check_board(opts)
    n = opts.n
    k = _random_queens(opts)
    if not 0 <= k <= n:
        raise InputError(f"--random-queens must be between 0 and {n} on a {n}x{n} board; got {k}")
    if opts.attempts is not None and opts.attempts < 1:
        raise InputError(f"--attempts must be at least 1; got {opts.attempts}")
    if opts.limit is not None and opts.limit < 1:
        raise InputError(f"--limit must be at least 1; got {opts.limit}")
    if opts.attempts is None and n in (2, 3):
        raise InputError(
            f"no placement of {n} queens on a {n}x{n} board exists, so Las Vegas attempts would never "
            "succeed; pass --attempts to simulate a fixed number of them"
        )


def _random_queens(opts: QueensOptions) -> int:
    return opts.n if opts.random_queens is None else opts.random_queens


def _model(opts: QueensOptions, observer: Observer) -> LasVegasModel:
    """Check the options and build the shared model."""
    check_options(opts)
    wanted = opts.limit if opts.limit is not None else (1 if opts.attempts is None else None)
    return LasVegasModel(opts.n, _random_queens(opts), opts.seed, observer, opts.attempts, wanted)


def new_context(opts: QueensOptions, observer: Observer) -> LasVegasContext:
    """The automaton's context over a fresh model (the options are checked first)."""
    return LasVegasContext(_model(opts, observer))


def result_of(context: LasVegasContext) -> QueensResult:
    return _result(context.model)


def _result(model: LasVegasModel) -> QueensResult:
    return QueensResult(solutions=tuple(model.solutions), count=len(model.solutions), stats=model.stats())


# The loops below are written in the spec's questions and actions (`LasVegasSteps`): they run on
# the model itself, or on the automaton's context when their calls are to be watched.

# --- iterative: loops, the placed queens being the explicit stack ------------------------------

def _attempt_iteratively(steps: LasVegasSteps) -> bool:
    while steps.places_at_random():
        if not steps.next_column_has_free_cell():
            steps.report_dead_end()
            return False
        steps.place_at_random()
    while not steps.is_complete():
        if steps.has_untried_row():
            steps.place_next_untried()
        elif steps.can_take_back():
            steps.take_back()
        else:
            return False
    return True


def attempt_iteratively(steps: LasVegasSteps) -> None:
    """The iterative program: attempts in a loop, each attempt a loop over the next column."""
    while steps.may_start_attempt():
        steps.start_attempt()
        if _attempt_iteratively(steps):
            steps.record_solution()
        else:
            steps.record_failure()


def iterative(opts: QueensOptions, observer: Observer) -> QueensResult:
    model = _model(opts, observer)
    attempt_iteratively(model)
    return _result(model)


# --- recursive: one call per queen --------------------------------------------------------------

def _place_random_queens(steps: LasVegasSteps) -> bool:
    if not steps.places_at_random():
        return _backtrack(steps)
    if not steps.next_column_has_free_cell():
        steps.report_dead_end()
        return False
    steps.place_at_random()
    return _place_random_queens(steps)


def _backtrack(steps: LasVegasSteps) -> bool:
    if steps.is_complete():
        return True
    while steps.has_untried_row():
        steps.place_next_untried()
        if _backtrack(steps):
            return True
        steps.take_back()
    return False


def _run_recursively(steps: LasVegasSteps) -> None:
    # Attempts follow each other in a loop: recursing from one attempt into the next would nest
    # as deep as the number of attempts, which is unbounded.
    while steps.may_start_attempt():
        steps.start_attempt()
        if _place_random_queens(steps):
            steps.record_solution()
        else:
            steps.record_failure()


def attempt_recursively(steps: LasVegasSteps, n: int) -> None:
    """The recursive program on an N×N board: one call per queen within an attempt."""
    call_with_deep_stack(_run_recursively, steps, depth=2 * n + 10)


def recursive(opts: QueensOptions, observer: Observer) -> QueensResult:
    model = _model(opts, observer)
    attempt_recursively(model, model.n)
    return _result(model)


# --- automaton ---------------------------------------------------------------------------------

def automaton(
    opts: QueensOptions,
    observer: Observer,
    engine: str = "transitions",
    sinks: Sequence[TraceSink] = (),
    spec: Spec | None = None,
) -> QueensResult:
    """Run the automaton of SPEC (or `spec`, e.g. a mutated copy for `automata mutate`)."""
    context = new_context(opts, observer)
    execute(spec or load_spec(SPEC), context, engine=engine, sinks=sinks)
    return result_of(context)


# --- simulation --------------------------------------------------------------------------------

def simulate(opts: QueensOptions) -> dict[str, object]:
    """Run `opts.attempts` attempts (default 10,000) with the iterative implementation and summarise.

    The estimates are the sample versions of Brassard & Bratley's p, s, e and t; `standard_error`
    is that of the success rate, sqrt(p (1 - p) / attempts).
    """
    attempts = opts.attempts if opts.attempts is not None else 10_000
    run = QueensOptions(n=opts.n, seed=opts.seed, random_queens=opts.random_queens, attempts=attempts, limit=opts.limit)
    result = iterative(run, NullObserver())
    stats = dict(result.stats)
    made = stats["attempts"]
    successes = stats["successes"]
    failures = made - successes
    rate = successes / made
    mean_success = stats["success_nodes"] / successes if successes else None
    mean_failure = stats["failure_nodes"] / failures if failures else None
    if successes == 0:
        expected_total = None
    elif failures == 0:
        expected_total = mean_success
    else:
        expected_total = mean_success + mean_failure * (1 - rate) / rate
    return {
        "n": opts.n,
        "random_queens": opts.n if opts.random_queens is None else opts.random_queens,
        "seed": opts.seed,
        "attempts": made,
        "successes": successes,
        "success_rate": rate,
        "standard_error": math.sqrt(rate * (1 - rate) / made),
        "mean_nodes_per_attempt": stats["nodes"] / made,
        "mean_nodes_success": mean_success,
        "mean_nodes_failure": mean_failure,
        "estimated_expected_nodes": expected_total,
        "dead_ends": stats["dead_ends"],
        "random_draws": stats["random_draws"],
    }
