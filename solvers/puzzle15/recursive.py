"""IDA* as the textbook recursion, over the model's operations.

`visit` is called on the node just generated (it is on top of the model's stack): cut it off if
its f exceeds the threshold, stop at the goal, otherwise generate each child in Korf's order,
visit it and take the move back. The outer loop raises the threshold until a visit reaches the
goal. The recursion is as deep as the solution is long (at most 80 moves on the 4×4 board).
"""

from __future__ import annotations

from automata.runtime.events import Observer

from .model import IdaStar, Position, SearchResult


def search(model: IdaStar) -> SearchResult:
    model.start()
    while not visit(model):
        model.end_iteration()
        model.raise_threshold()
    model.report_solution()
    return model.solution()


def visit(model: IdaStar) -> bool:
    """True when the goal is on top of the stack (the path is the solution)."""
    if model.is_over_threshold():
        model.note_cutoff()
        return False
    if model.is_goal():
        return True
    for cell in model.children():
        model.generate(cell)
        if visit(model):
            return True
        model.back_up()
    return False


def solve(start: Position, observer: Observer) -> SearchResult:
    return search(IdaStar(start, observer))
