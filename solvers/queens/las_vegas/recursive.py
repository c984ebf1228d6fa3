"""Las Vegas's recursive program: one call per queen within an attempt, the attempts in a loop.

Written in the model's questions and actions (`LasVegasSteps`), so it runs on the model or on
the automaton's context alike.
"""

from __future__ import annotations

from automata.runtime.events import Observer
from automata.runtime.recursion import call_with_deep_stack

from solvers.queens.algorithms import QueensOptions, QueensResult
from solvers.queens.las_vegas.model import LasVegasSteps, new_model, result_of


def solve(opts: QueensOptions, observer: Observer) -> QueensResult:
    model = new_model(opts, observer)
    attempt_recursively(model, model.n)
    return result_of(model)


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
