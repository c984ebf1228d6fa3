"""Las Vegas's program: what `automata run|verify|mutate|cover specs/queens_las_vegas.yaml` need.

The contract of automata/runtime/program.py, at module level. The loop and the recursion run on
the automaton's context itself (its methods have the model's names), so their protocols show the
spec's questions and actions, as the automaton's does. The cases are seeded, so every
implementation draws the same numbers.
"""

from __future__ import annotations

from collections.abc import Iterator

from automata.errors import InputError
from automata.runtime.events import Observer

from solvers.queens.algorithms import QueensOptions, QueensResult
from solvers.queens.contract import case_reader, checks_for, column_placements
from solvers.queens.las_vegas import model
from solvers.queens.las_vegas.automaton import LasVegasContext, new_context
from solvers.queens.las_vegas.iterative import attempt_iteratively
from solvers.queens.las_vegas.model import result_of
from solvers.queens.las_vegas.recursive import attempt_recursively
from solvers.queens.picture import queens_picture

ALGORITHM = "las-vegas"
check_options = checks_for(ALGORITHM, model.check_options)
parse_case = case_reader(ALGORITHM, check_options)


def make_context(case: QueensOptions, observer: Observer) -> LasVegasContext:
    return new_context(case, observer)


def _iterative(context: LasVegasContext) -> QueensResult:
    attempt_iteratively(context)
    return result_of(context.model)


def _recursive(context: LasVegasContext) -> QueensResult:
    attempt_recursively(context, context.model.n)
    return result_of(context.model)


def result(context: LasVegasContext, final_state: int) -> QueensResult:
    return result_of(context.model)


def step_limit(case: QueensOptions) -> int | None:
    """An attempt is at most one backtracking search plus its N random queens; without an attempt
    budget there is no bound (it draws until it succeeds), so the engine's own limit stays."""
    if case.attempts is None:
        return None
    return case.attempts * (2 * column_placements(case.n) + case.n + 3) + 1


def explore_cases() -> Iterator[tuple[str, QueensOptions]]:
    """The space `automata cover` searches: N from 1 to 8; all queens at random, then k = 0..N-1;
    attempts until success, then 1 to 3; every solution wanted, then the first 1 or 2; seeds 1 to 3.
    Options the command line refuses (no attempt budget where no solution exists) are left out."""
    for n in range(1, 9):
        for random_queens in (None, *range(n)):
            for attempts in (None, 1, 2, 3):
                for first in (None, 1, 2):
                    for seed in (1, 2, 3):
                        opts = QueensOptions(n, limit=first, seed=seed, random_queens=random_queens, attempts=attempts)
                        try:
                            check_options(opts)
                        except InputError:
                            continue
                        randomly = "all" if random_queens is None else random_queens
                        name = (f"N = {n}, {randomly} at random, attempts {attempts or 'until a success'}, "
                                f"first {first or 'all'}, seed {seed}")
                        yield name, opts


IMPLEMENTATIONS = {"iterative": _iterative, "recursive": _recursive}
CASES = {
    "N = 8, all at random, seed 1: attempts until a solution": QueensOptions(8, seed=1),
    "N = 8, 3 at random then backtracking, seed 1, 20 attempts": QueensOptions(8, seed=1, random_queens=3, attempts=20),
    "N = 8, 3 at random, seed 1, first 2: enough before the budget": QueensOptions(8, limit=2, seed=1, random_queens=3,
                                                                                  attempts=20),
    "N = 6, none at random: plain backtracking": QueensOptions(6, seed=1, random_queens=0),
    "N = 1: one queen at random": QueensOptions(1, seed=1),
    "N = 2, 2 attempts: every random attempt dead-ends": QueensOptions(2, seed=1, attempts=2),
    "N = 3, 1 at random, 3 attempts: backtracking runs out": QueensOptions(3, seed=1, random_queens=1, attempts=3),
}
picture = queens_picture  # the board after each step of `automata player`
KEY_EVENTS = ("solution",)  # the player keeps the board of every solution, however long the run
