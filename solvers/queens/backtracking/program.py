"""Backtracking's program: what `automata run|verify|mutate|cover specs/queens_backtracking.yaml` need.

The contract of automata/runtime/program.py, at module level. The iterative and recursive
programs run on the automaton's own model (`context.search`); they call the model, not the
context, so a plain protocol of them shows no question or action (the automaton's protocol does).
The cases are the column searches' (solvers/queens/contract.py).
"""

from __future__ import annotations

from automata.runtime.events import Observer

from solvers.queens.algorithms import QueensOptions, QueensResult
from solvers.queens.backtracking.automaton import ColumnSearchContext
from solvers.queens.backtracking.iterative import fill_iteratively
from solvers.queens.backtracking.model import column_search, natural_order
from solvers.queens.backtracking.recursive import fill_recursively
from solvers.queens.contract import (
    case_reader,
    checks_for,
    column_cases,
    column_step_limit,
    enumerating_space,
    result_in_final_state,
)
from solvers.queens.picture import queens_picture

ALGORITHM = "backtracking"
check_options = checks_for(ALGORITHM)  # every N >= 1 has a search (N = 2, 3 find none)
parse_case = case_reader(ALGORITHM, check_options)


def make_context(case: QueensOptions, observer: Observer) -> ColumnSearchContext:
    return ColumnSearchContext(column_search(natural_order, case, observer))


def _iterative(context: ColumnSearchContext) -> QueensResult:
    return fill_iteratively(context.search)


def _recursive(context: ColumnSearchContext) -> QueensResult:
    return fill_recursively(context.search)


IMPLEMENTATIONS = {"iterative": _iterative, "recursive": _recursive}
CASES = column_cases()
result = result_in_final_state
step_limit = column_step_limit
picture = queens_picture  # the board after each step of `automata player`
KEY_EVENTS = ("solution",)  # the player keeps the board of every solution, however long the run
explore_cases = enumerating_space(0)  # the space `automata cover` searches, smallest first
