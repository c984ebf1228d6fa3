"""The fewest-free-cells search's iterative program: one loop over an explicit stack of choice points."""

from __future__ import annotations

from automata.runtime.events import Observer

from solvers.queens.algorithms import QueensOptions, QueensResult
from solvers.queens.mrv.model import MrvSearch, new_search


def solve(opts: QueensOptions, observer: Observer) -> QueensResult:
    return search_iteratively(new_search(opts, observer))


def search_iteratively(search: MrvSearch) -> QueensResult:
    """The iterative program: one loop over an explicit stack of choice points."""
    while True:
        if search.is_complete():
            search.record_solution()
            if search.has_enough():
                break
        elif search.has_blocked_line():
            search.note_dead_end()
        elif search.has_forced_cell():
            search.place_forced_queen()
            continue
        else:
            search.open_choice_point()
            search.try_next_cell()
            continue
        while search.has_choice_points() and not search.top_has_untried_cell():
            search.drop_choice_point()
        if not search.has_choice_points():
            break
        search.try_next_cell()
    return search.result()
