"""The Prolog program's program: what `automata run|verify|mutate|cover specs/queens_prolog.yaml` need.

The contract of automata/runtime/program.py, at module level. The context is backtracking's over
the column model with the last column first. The iterative program (backtracking's loop) and the
recursive one (the Prolog program, one generator per goal) run on that model (`context.search`);
they call the model, not the context, so a plain protocol of them shows no question or action
(the automaton's protocol does). The cases are the column searches' (solvers/queens/contract.py).
"""

from __future__ import annotations

from automata.runtime.events import Observer

from solvers.queens.algorithms import QueensOptions, QueensResult
from solvers.queens.backtracking.automaton import ColumnSearchContext
from solvers.queens.backtracking.iterative import fill_iteratively
from solvers.queens.backtracking.model import column_search, last_column_first
from solvers.queens.contract import (
    case_reader,
    checks_for,
    column_cases,
    column_step_limit,
    enumerating_space,
    result_in_final_state,
)
from solvers.queens.picture import queens_picture
from solvers.queens.prolog.recursive import enumerate_recursively

ALGORITHM = "prolog"
check_options = checks_for(ALGORITHM)  # every N >= 1 has a search (N = 2, 3 find none)
parse_case = case_reader(ALGORITHM, check_options)


def make_context(case: QueensOptions, observer: Observer) -> ColumnSearchContext:
    return ColumnSearchContext(column_search(last_column_first, case, observer))


def _iterative(context: ColumnSearchContext) -> QueensResult:
    return fill_iteratively(context.search)


def _recursive(context: ColumnSearchContext) -> QueensResult:
    return enumerate_recursively(context.search)


IMPLEMENTATIONS = {"iterative": _iterative, "recursive": _recursive}
CASES = column_cases()
result = result_in_final_state
step_limit = column_step_limit
picture = queens_picture  # the board after each step of `automata player`
KEY_EVENTS = ("solution",)  # the player keeps the board of every solution, however long the run
explore_cases = enumerating_space(0)  # the space `automata cover` searches, smallest first
