"""The explicit construction's recursive program: one call per run, the rows of a run halved.

Halving each run of rows (left half, then right half) places the queens in the same order as
the loop while nesting only about log2 N calls deep, so a million queens need no special stack.
"""

from __future__ import annotations

from automata.runtime.events import Observer

from solvers.queens.algorithms import QueensOptions, QueensResult
from solvers.queens.explicit.model import ExplicitModel, ExplicitSteps, result_of


def solve(opts: QueensOptions, observer: Observer) -> QueensResult:
    model = ExplicitModel(opts.n, observer)
    place_recursively(model)
    return result_of(model)


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
