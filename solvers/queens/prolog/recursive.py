"""The Prolog program 1 for the queens, solutions in the order Prolog finds them.

    solution([]).
    solution([X/Y | Others]) :- solution(Others), member(Y, [1..n]), noattack(X/Y, Others).

The rest of the list is solved first, so the last column is fixed first and the rows of each
column are tried from 1 up: for N = 8 the first solutions are [1/4,2/2,3/7,4/3,5/6,6/8,7/5,8/1],
[1/5,2/2,3/4,4/7,5/3,6/8,7/6,8/1], [1/3,2/5,3/2,4/8,5/6,6/4,7/7,8/1].
"""

from __future__ import annotations

from collections.abc import Iterator

from automata.runtime.events import Observer
from automata.runtime.recursion import call_with_deep_stack

from solvers.queens.algorithms import QueensOptions, QueensResult
from solvers.queens.backtracking.model import ColumnSearch, column_search, last_column_first, natural_order


def solve(opts: QueensOptions, observer: Observer) -> QueensResult:
    """The program itself: one generator per goal `solution(List)`; resuming it is Prolog's redo."""
    return enumerate_recursively(column_search(last_column_first, opts, observer))


def enumerate_recursively(search: ColumnSearch) -> QueensResult:
    """The Prolog program on a fresh column model whose order is the last column first."""
    call_with_deep_stack(_enumerate, search, natural_order(search.n), depth=2 * search.n + 4)
    return search.result()


def _enumerate(search: ColumnSearch, columns: tuple[int, ...]) -> None:
    for _ in _solution(search, columns):
        search.record_solution()
        if search.has_enough():
            return  # the pending goals are abandoned, as Prolog does when the query is not redone


def _solution(search: ColumnSearch, columns: tuple[int, ...]) -> Iterator[None]:
    """Succeeds once per placement of queens on `columns` that attack each other nowhere."""
    if not columns:
        yield
        return
    for _ in _solution(search, columns[1:]):
        # member(Y, [1..n]) followed by noattack(X/Y, Others): the rows no queen of Others attacks,
        # from 1 up; the model's current column is X = columns[0], since Others are all placed.
        if not search.has_free_row():
            search.note_dead_end()
        while search.has_free_row():
            search.place_next_queen()
            yield
            search.take_back()

