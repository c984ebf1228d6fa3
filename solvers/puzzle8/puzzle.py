"""One puzzle instance: board, start, goal and heuristic, validated before any search."""

from __future__ import annotations

from dataclasses import dataclass, field

from automata.errors import InputError

from .board import Board, Position
from .heuristics import Estimate, make_heuristic
from .notation import default_goal, format_grid, parse_position


@dataclass(frozen=True)
class Puzzle:
    board: Board
    start: Position
    goal: Position
    heuristic: str
    estimate: Estimate = field(compare=False, repr=False)

    def grid(self, position: Position) -> str:
        return format_grid(self.board, position)


def read_goal(goal_text: str | None, board: Board | None = None) -> tuple[Board, Position]:
    """The goal given by the user, or the default goal for `board` (the document's on 3×3)."""
    if goal_text is None:
        board = board or Board(3)
        return board, default_goal(board)
    return parse_position(goal_text, "goal")


def make_puzzle(start_text: str, heuristic: str = "manhattan", goal_text: str | None = None,
                require_reachable: bool = True) -> Puzzle:
    """Parse and check everything a search needs; every defect is one InputError.

    `require_reachable=False` lets a start from the goal's other half through: no search can solve
    it, and only such a start makes the search run out of open nodes (a verification case does).
    """
    board, start = parse_position(start_text, "start")
    goal_board, goal = read_goal(goal_text, board)
    if goal_board != board:
        raise InputError(
            f"start is a {board.size}×{board.size} board but goal {format_grid(goal_board, goal)!r} is "
            f"{goal_board.size}×{goal_board.size}; give both on the same board"
        )
    if require_reachable and not board.can_reach(start, goal):
        raise InputError(
            f"start {format_grid(board, start)!r} can never reach goal {format_grid(board, goal)!r}: "
            "it is in the other half of the positions (permutation parity); swap two tiles to fix it"
        )
    return Puzzle(board, start, goal, heuristic, make_heuristic(heuristic, board, goal))
