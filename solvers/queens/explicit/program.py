"""The explicit construction's program: what `automata run|verify|mutate|cover specs/queens_explicit.yaml` need.

The contract of automata/runtime/program.py, at module level. The loop and the recursion run on
the automaton's context itself (its methods have the model's names), so their protocols show the
spec's questions and actions, as the automaton's does. The plan depends on N mod 12 (and on
N < 4): the cases are N = 1 and one N of every remainder.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import chain, count

from automata.runtime.events import Observer

from solvers.queens.algorithms import QueensOptions, QueensResult
from solvers.queens.contract import case_reader, checks_for
from solvers.queens.explicit import model
from solvers.queens.explicit.automaton import ExplicitContext, new_context
from solvers.queens.explicit.iterative import place_iteratively
from solvers.queens.explicit.model import result_of
from solvers.queens.explicit.recursive import place_recursively
from solvers.queens.picture import queens_picture

ALGORITHM = "explicit"
check_options = checks_for(ALGORITHM, model.check_options)
parse_case = case_reader(ALGORITHM, check_options)


def make_context(case: QueensOptions, observer: Observer) -> ExplicitContext:
    return new_context(case, observer)


def _iterative(context: ExplicitContext) -> QueensResult:
    place_iteratively(context)
    return result_of(context.model)


def _recursive(context: ExplicitContext) -> QueensResult:
    place_recursively(context)
    return result_of(context.model)


def result(context: ExplicitContext, final_state: int) -> QueensResult:
    return result_of(context.model)


def step_limit(case: QueensOptions) -> int:
    return case.n + 8  # one step per run (at most five) and per queen, one to finish


def explore_cases() -> Iterator[tuple[str, QueensOptions]]:
    """The space `automata cover` searches: N = 1, then every N from 4 up, without end."""
    for n in chain((1,), count(4)):
        yield f"N = {n} (N mod 12 = {n % 12})", QueensOptions(n)


IMPLEMENTATIONS = {"iterative": _iterative, "recursive": _recursive}
CASES = {f"N = {n} (N mod 12 = {n % 12})": QueensOptions(n) for n in (1, *range(4, 16))}
picture = queens_picture  # the board after each step of `automata player`
KEY_EVENTS = ("solution",)  # the player keeps the board of every solution, however long the run
