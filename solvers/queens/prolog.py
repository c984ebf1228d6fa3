"""The Prolog program 1 for the queens, solutions in the order Prolog finds them.

    solution([]).
    solution([X/Y | Others]) :- solution(Others), member(Y, [1..n]), noattack(X/Y, Others).

The rest of the list is solved first, so the last column is fixed first and the rows of each
column are tried from 1 up: for N = 8 the first solutions are [1/4,2/2,3/7,4/3,5/6,6/8,7/5,8/1],
[1/5,2/2,3/4,4/7,5/3,6/8,7/6,8/1], [1/3,2/5,3/2,4/8,5/6,6/4,7/7,8/1].
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from automata.runtime.events import Observer
from automata.runtime.recursion import call_with_deep_stack
from automata.model.spec import Spec

from solvers.queens.algorithms import QueensOptions, QueensResult, check_board
from solvers.queens.columns import ColumnSearch, fill_iteratively, last_column_first, natural_order
from solvers.queens.contexts import ColumnSearchContext, run_automaton

SPEC = "specs/queens_prolog.yaml"
check_options = check_board  # every N >= 1 has a search (N = 2, 3 find none)


def _new_search(opts: QueensOptions, observer: Observer) -> ColumnSearch:
    return ColumnSearch(opts.n, last_column_first(opts.n), observer, opts.limit)


def iterative(opts: QueensOptions, observer: Observer) -> QueensResult:
    """Prolog's depth-first execution written as one loop: the last column first."""
    return fill_iteratively(_new_search(opts, observer))


def recursive(opts: QueensOptions, observer: Observer) -> QueensResult:
    """The program itself: one generator per goal `solution(List)`; resuming it is Prolog's redo."""
    search = _new_search(opts, observer)
    call_with_deep_stack(_enumerate, search, natural_order(opts.n), depth=2 * opts.n + 4)
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


def automaton(
    opts: QueensOptions,
    observer: Observer,
    engine: str = "transitions",
    sinks: Sequence[object] = (),
    spec: Spec | None = None,
) -> QueensResult:
    """Run the spec (or `spec`, e.g. a mutant) over the same model the references use."""
    return run_automaton(spec or SPEC, ColumnSearchContext(_new_search(opts, observer)), engine, sinks)
