"""The explicit construction's iterative program: run after run, queen after queen.

`plan.construct(n)` is the plain function; this loop walks the same plan through the model
(events documented there), so it can be traced and verified like a search.
"""

from __future__ import annotations

from automata.runtime.events import Observer

from solvers.queens.algorithms import QueensOptions, QueensResult
from solvers.queens.explicit.model import ExplicitModel, ExplicitSteps, result_of


def solve(opts: QueensOptions, observer: Observer) -> QueensResult:
    model = ExplicitModel(opts.n, observer)
    place_iteratively(model)
    return result_of(model)


def place_iteratively(steps: ExplicitSteps) -> None:
    """The loop: run after run, queen after queen."""
    while steps.has_next_run():
        steps.start_next_run()
        while steps.has_row_left_in_run():
            steps.place_next_queen()
    steps.finish()
