"""The queens searches for `automata derive`: a variant of the column searches' loop in the
subset, and the program contracts (`program: queens_programs:BACKTRACKING`...) under which the
derived specs are verified against the shipped references.

The derived specs' contexts are the models themselves (ColumnSearch, MrvSearch), whose methods
the programs call; the shipped specs' contexts wrap the same models under the same names. The
contexts built here are the models with the case and the observer attached, so the shipped
references (functions of options and observer) can run beside them, and with the call stack the
automaton derived from the recursive backtracking needs.
"""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

from automata.analysis.derive import CallStack, derived_result
from automata.runtime.events import Observer
from solvers.queens.algorithms import QueensOptions, QueensResult, find_algorithm
from solvers.queens.backtracking.model import ColumnSearch, last_column_first, natural_order
from solvers.queens.backtracking.recursive import fill_from_current_column
from solvers.queens.mrv.iterative import search_iteratively
from solvers.queens.mrv.model import MrvSearch


def fill(search: ColumnSearch):
    """N queens, column by column (the shipped loop without its local aliases)"""
    while True:
        if search.is_complete():
            search.record_solution()
            if search.has_enough():
                break
        elif search.has_free_row():
            search.place_next_queen()
            continue
        else:
            search.note_dead_end()
        while search.has_queens():
            search.take_back()
            if search.has_free_row():
                search.place_next_queen()
                break
        else:
            break
    return search.result()


def fill_like_the_spec(search: ColumnSearch):
    """N queens, column by column (as specs/queens_backtracking.yaml runs it)"""
    while True:
        if search.is_complete():
            search.record_solution()
            if search.has_enough():
                return "enough"
            if not search.has_queens():
                return "exhausted"
            search.take_back()
        elif search.has_free_row():
            search.place_next_queen()
            continue
        elif search.has_queens():
            search.note_dead_end()
            search.take_back()
        else:
            search.note_dead_end()
            return "exhausted"
        while not search.has_free_row():  # back in a column: take queens back until one has a row left
            if not search.has_queens():
                return "exhausted"
            search.take_back()
        search.place_next_queen()


def search_like_the_spec(search: MrvSearch):
    """N queens, fewest free cells first (as specs/queens_mrv.yaml runs it)"""
    while True:
        if search.is_complete():
            search.record_solution()
            if search.has_enough():
                return "enough"
        elif search.has_blocked_line():
            search.note_dead_end()
        elif search.has_forced_cell():
            search.place_forced_queen()
            continue
        else:
            search.open_choice_point()
            search.try_next_cell()
            continue
        while not search.top_has_untried_cell():  # going back to the latest choice point with a cell left
            if not search.has_choice_points():
                return "exhausted"
            search.drop_choice_point()
        search.try_next_cell()


class Columns(ColumnSearch, CallStack):
    """A column search that remembers its case and observer, with a call stack."""

    def __init__(self, case: QueensOptions, order: tuple[int, ...], observer: Observer) -> None:
        super().__init__(case.n, order, observer, case.limit)
        self.case = case
        self.observer = observer


class Mrv(MrvSearch):
    """The fewest-free-cells search, remembering its case and observer."""

    def __init__(self, case: QueensOptions, observer: Observer) -> None:
        super().__init__(case.n, observer, case.limit)
        self.case = case
        self.observer = observer


CASES = {
    "N = 1": QueensOptions(1),
    "N = 3: no solution": QueensOptions(3),
    "N = 5": QueensOptions(5),
    "N = 6, first 2": QueensOptions(6, limit=2),
    "N = 6, first 4 (all of them)": QueensOptions(6, limit=4),
    "N = 8, first 10": QueensOptions(8, limit=10),
}


def _model_result(function: object) -> object:
    """Run `function` on the model; its result is the model's (the shipped loops return it)."""
    def run(search: ColumnSearch | MrvSearch) -> QueensResult:
        function(search)
        return search.result()
    return run


def _result_with_outcome(function: object) -> object:
    """Run `function` on the model; the model's result with the outcome `function` returned."""
    def run(search: ColumnSearch | MrvSearch) -> QueensResult:
        outcome = function(search)
        return replace(search.result(), outcome=outcome)
    return run


def _program(make_context: object, module: object, function: object, with_outcome: bool) -> SimpleNamespace:
    """The contract for the spec derived from `function`: the shipped references of `module`
    and `function` itself, compared on CASES. An automaton run's result is the model's, with the
    outcome its final state stands for when `function` returns one (as the shipped programs'
    result does with the hand-written final states)."""
    def result(search: ColumnSearch | MrvSearch, final_state: int) -> QueensResult:
        if not with_outcome:
            return search.result()
        return replace(search.result(), outcome=derived_result(function, search, final_state))

    run = _result_with_outcome(function) if with_outcome else _model_result(function)
    return SimpleNamespace(
        make_context=make_context,
        IMPLEMENTATIONS={
            "reference": lambda search: module.iterative(search.case, search.observer),
            "recursive": lambda search: module.recursive(search.case, search.observer),
            function.__name__.strip("_"): run,
        },
        CASES=CASES,
        result=result,
    )


def _natural(case: QueensOptions, observer: Observer) -> Columns:
    return Columns(case, natural_order(case.n), observer)


def _last_column_first(case: QueensOptions, observer: Observer) -> Columns:
    return Columns(case, last_column_first(case.n), observer)


backtracking, prolog, mrv = (find_algorithm(name) for name in ("backtracking", "prolog", "mrv"))
BACKTRACKING = _program(_natural, backtracking, fill, with_outcome=False)
BACKTRACKING_LIKE_THE_SPEC = _program(_natural, backtracking, fill_like_the_spec, with_outcome=True)
BACKTRACKING_RECURSIVE = _program(_natural, backtracking, fill_from_current_column, with_outcome=False)
PROLOG = _program(_last_column_first, prolog, fill, with_outcome=False)
PROLOG_LIKE_THE_SPEC = _program(_last_column_first, prolog, fill_like_the_spec, with_outcome=True)
MRV = _program(Mrv, mrv, search_iteratively, with_outcome=False)
MRV_LIKE_THE_SPEC = _program(Mrv, mrv, search_like_the_spec, with_outcome=True)
