"""The fewest-free-cells search's recursive program (the third method of the MRV text).

Branch on the row or column with the fewest free cells; place every forced queen (a line with
one free cell left) before choosing again; go back by cutting the stack of placed queens to the
height remembered before the choice, which this program keeps in a local variable (the loop and
the automaton keep a stack of choice points). The model is solvers/queens/mrv/model.py; the
case's queens given in advance, look-ahead and symmetry options are the model's (see there).
"""

from __future__ import annotations

from automata.runtime.events import Observer
from automata.runtime.recursion import call_with_deep_stack

from solvers.queens.algorithms import QueensOptions, QueensResult
from solvers.queens.mrv.model import MrvSearch, new_search


def solve(opts: QueensOptions, observer: Observer) -> QueensResult:
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
