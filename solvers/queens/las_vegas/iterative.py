"""Las Vegas's iterative program (Brassard & Bratley's `queensLV` and its hybrids with backtracking).

Attempts in a loop, each attempt a loop: the first k queens at random, then backtracking over
the placed queens as the explicit stack. Written in the model's questions and actions
(`LasVegasSteps`), so it runs on the model or on the automaton's context alike.
"""

from __future__ import annotations

from automata.runtime.events import Observer

from solvers.queens.algorithms import QueensOptions, QueensResult
from solvers.queens.las_vegas.model import LasVegasSteps, new_model, result_of


def solve(opts: QueensOptions, observer: Observer) -> QueensResult:
    model = new_model(opts, observer)
    attempt_iteratively(model)
    return result_of(model)


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
