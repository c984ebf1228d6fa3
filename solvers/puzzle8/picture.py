"""The eight puzzle as the player shows it after each step: the node in focus, large, and its path.

The node in focus is the one just chosen for expansion, or, between choices, the best open node
(the one the search chooses next). Its board is drawn large enough to read on a projector, the
tile that moved highlighted, with the node's g, h and f and the size of the frontier; its path
from the start follows as a strip of small boards.
"""

from __future__ import annotations

from solvers.puzzle8.render import svg_focus


def path_picture(context: object) -> str:
    model = context.model
    frontier = context.frontier
    focus = context.chosen
    if focus is None and len(frontier):
        focus = min(frontier._heap)[1]  # the heap's best entry: what take_best() returns next
    board = model.puzzle.board
    if focus is None:
        return svg_focus(board, [model.puzzle.start], title=f"start; {model.expanded} nodes expanded")
    state = "chosen" if context.chosen is not None else "best open node"
    title = (f"{state}: g={focus.g} h={focus.h} f={focus.f}; {len(frontier)} open, "
             f"{model.expanded} expanded")
    return svg_focus(board, focus.path(), title=title)
