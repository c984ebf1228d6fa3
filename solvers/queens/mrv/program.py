"""The fewest-free-cells search's program: what `automata run|verify|mutate|cover specs/queens_mrv.yaml` need.

The contract of automata/runtime/program.py, at module level. The loop and the recursion run on
the automaton's own model (`context.search`). The cases add the MRV text's options to the
enumerating searches' own: queens given in advance, look-ahead and symmetry, alone and together.
"""

from __future__ import annotations

from math import comb, perm

from automata.runtime.events import Observer

from solvers.queens.algorithms import QueensOptions, QueensResult
from solvers.queens.contract import (
    SEED_EXAMPLE,
    case_reader,
    checks_for,
    enumerating_cases,
    enumerating_space,
    result_in_final_state,
)
from solvers.queens.mrv.automaton import MrvContext, new_context
from solvers.queens.mrv.iterative import search_iteratively
from solvers.queens.mrv.recursive import explore_recursively
from solvers.queens.picture import queens_picture

ALGORITHM = "mrv"
check_options = checks_for(ALGORITHM)  # every N >= 1 has a search (N = 2, 3 find none)
parse_case = case_reader(ALGORITHM, check_options)


def make_context(case: QueensOptions, observer: Observer) -> MrvContext:
    return new_context(case, observer)


def _iterative(context: MrvContext) -> QueensResult:
    return search_iteratively(context.search)


def _recursive(context: MrvContext) -> QueensResult:
    return explore_recursively(context.search)


def step_limit(case: QueensOptions) -> int:
    """Partial placements bound the steps: k queens on k distinct columns and k distinct rows."""
    return 5 * sum(comb(case.n, k) * perm(case.n, k) for k in range(case.n + 1)) + 5


IMPLEMENTATIONS = {"iterative": _iterative, "recursive": _recursive}
CASES = {
    **enumerating_cases(),
    "N = 8, queens given on c4 and f3 (the MRV text's example): one solution": QueensOptions(8, placed=SEED_EXAMPLE),
    "N = 8, c4 and f3 given, look-ahead": QueensOptions(8, placed=SEED_EXAMPLE, look_ahead=True),
    "N = 4, a queen given on a1: a line is blocked before the first step": QueensOptions(4, placed=((1, 1),)),
    "N = 6, look-ahead: all 4 solutions": QueensOptions(6, look_ahead=True),
    "N = 7, symmetry: the 6 classes, one solution each": QueensOptions(7, symmetry=True),
    "N = 6, symmetry and look-ahead, first 1: enough": QueensOptions(6, limit=1, look_ahead=True, symmetry=True),
}
result = result_in_final_state
picture = queens_picture  # the board after each step of `automata player`
KEY_EVENTS = ("solution",)  # the player keeps the board of every solution, however long the run
explore_cases = enumerating_space(1)  # the space `automata cover` searches, smallest first
