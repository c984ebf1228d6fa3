"""Fewest degrees of freedom first, with forced placements (the third method of the MRV text).

Branch on the row or column with the fewest free cells; place every forced queen (a line with
one free cell left) before choosing again; go back by cutting the stack of placed queens to the
height remembered before the choice. The model is `solvers.queens.mrv_model.MrvSearch`; the
case's queens given in advance, look-ahead and symmetry options are the model's (see there).
"""

from __future__ import annotations

from collections.abc import Sequence

from automata.runtime.events import NullObserver, Observer
from automata.runtime.recursion import call_with_deep_stack
from automata.model.spec import Spec

from solvers.queens.algorithms import QueensOptions, QueensResult, check_board
from solvers.queens.contexts import MrvContext, run_automaton
from solvers.queens.given import check_seed_options
from solvers.queens.mrv_model import MrvSearch, search_iteratively

SPEC = "specs/queens_mrv.yaml"


def check_options(opts: QueensOptions) -> None:
    """Every N >= 1 has a search (N = 2, 3 find none); given queens must stand apart on the board."""
    check_board(opts)
    check_seed_options("mrv", opts)


def new_search(opts: QueensOptions, observer: Observer) -> MrvSearch:
    """The model of the case: its board, given queens, look-ahead and symmetry."""
    return MrvSearch(opts.n, observer, opts.limit, given=opts.placed, look_ahead=opts.look_ahead,
                     symmetry=opts.symmetry)


def iterative(opts: QueensOptions, observer: Observer) -> QueensResult:
    return search_iteratively(new_search(opts, observer))


def recursive(opts: QueensOptions, observer: Observer) -> QueensResult:
    return explore_recursively(new_search(opts, observer))


def explore_recursively(search: MrvSearch) -> QueensResult:
    """The recursive program on a fresh search: one call per choice, the choice point a local variable."""
    call_with_deep_stack(_explore, search, depth=search.board.n + 2)
    return search.result()


def _explore(search: MrvSearch) -> None:
    """Place the forced queens, then try each free cell of the tightest line in turn."""
    while True:
        if search.is_complete():
            search.record_solution()
            return
        if search.has_blocked_line():
            search.note_dead_end()
            return
        if not search.has_forced_cell():
            break
        search.place_forced_queen()
    choice = search.new_choice_point()
    for cell in choice.cells:
        search.cut_back(choice.height)
        search.place_choice(cell)
        _explore(search)
        if search.has_enough():
            return
    search.cut_back(choice.height)


def automaton(
    opts: QueensOptions,
    observer: Observer,
    engine: str = "transitions",
    sinks: Sequence[object] = (),
    spec: Spec | None = None,
) -> QueensResult:
    """Run the spec (or `spec`, e.g. a mutant) over the same model the references use."""
    return run_automaton(spec or SPEC, new_context(opts, observer), engine, sinks)


def new_context(opts: QueensOptions, observer: Observer) -> MrvContext:
    """The automaton's context: a fresh search behind the spec's questions and actions."""
    return MrvContext(new_search(opts, observer))


def degrees(opts: QueensOptions) -> tuple[dict[int, int], dict[int, int]]:
    """The degrees of freedom of the starting board (the given queens on it): the free cells of
    every open column and of every open row, ({col: count}, {row: count}); under look-ahead, the
    cells that pass it."""
    columns, rows = new_search(opts, NullObserver()).free_cells()
    return ({col: mask.bit_count() for col, mask in columns.items()},
            {row: mask.bit_count() for row, mask in rows.items()})
