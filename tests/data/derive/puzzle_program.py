"""The eight puzzle's iterative reference (solvers/puzzle8/iterative.py) written over the
automaton's context, EightPuzzleContext, and the program contract for the derived spec.

The shipped reference keeps the frontier and the chosen node in local variables (`frontier`,
`node`), which the subset has not; the context keeps them, and its methods are the hand-written
spec's inputs and outputs. Each outcome returns its status, so it is a final state of its own.
"""

from __future__ import annotations

from dataclasses import replace

from automata.runtime.events import Observer
from solvers.puzzle8 import iterative as shipped
from solvers.puzzle8 import recursive as shipped_recursive
from solvers.puzzle8.automaton import EightPuzzleContext
from solvers.puzzle8.puzzle import Puzzle, make_puzzle
from solvers.puzzle8.model import SearchResult


def iterative(ctx: EightPuzzleContext):
    """Eight puzzle, best-first search"""
    ctx.put_start()
    while ctx.has_open_node():
        ctx.choose_best()
        if ctx.is_goal_chosen():
            ctx.report_solution()
            return "solved"
        if ctx.is_limit_reached():
            ctx.report_limit()
            return "limit"
        ctx.expand_chosen()
    ctx.report_exhausted()
    return "exhausted"


# -- the program contract: `automata verify` runs these on the derived spec --------------------

Case = tuple[Puzzle, int | None]

CASES: dict[str, Case] = {
    "start1, manhattan": (make_puzzle("start1", "manhattan"), None),
    "start3, bratko": (make_puzzle("start3", "bratko"), None),
    "start3, misplaced, stopped at 40 nodes": (make_puzzle("start3", "misplaced"), 40),
    "2x2": (make_puzzle("_3/21", "manhattan"), None),
    "already solved": (make_puzzle("123/8_4/765", "zero"), None),
}


class PuzzleContext(EightPuzzleContext):
    """The spec's context, remembering its case and observer for the shipped references."""

    def __init__(self, case: Case, observer: Observer) -> None:
        super().__init__(case[0], observer, case[1])
        self.case = case
        self.observer = observer


def make_context(case: Case, observer: Observer) -> PuzzleContext:
    return PuzzleContext(case, observer)


def derived(ctx: PuzzleContext) -> SearchResult:
    status = iterative(ctx)
    return replace(ctx.result, status=status)


IMPLEMENTATIONS = {
    "reference": lambda ctx: shipped.solve(ctx.case[0], ctx.observer, ctx.case[1]),
    "iterative": derived,
    "recursive": lambda ctx: shipped_recursive.solve(ctx.case[0], ctx.observer, ctx.case[1]),
}

def result(ctx: PuzzleContext, final_state: int) -> SearchResult:
    """The result the context reported, with the status of the final state the run stopped in."""
    from automata.analysis.derive import derived_result

    return replace(ctx.result, status=derived_result(iterative, ctx, final_state))
