"""The document's exercise 12.2: the heuristic power of each heuristic, measured by the nodes
generated and expanded, with the solution length checked against the breadth-first distance."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from math import factorial

from automata.runtime.events import NullObserver

from . import iterative
from .heuristics import HEURISTICS
from .notation import NAMED_POSITIONS, parse_position
from .puzzle import make_puzzle, read_goal
from .space import MAX_POSITIONS, Space, explore


@dataclass(frozen=True)
class Row:
    start: str  # the document's name (start3) or the grid
    heuristic: str
    admissible: bool
    status: str
    moves: int | None
    generated: int
    expanded: int
    shortest: int | None  # breadth-first distance; None when the board is too big to explore
    optimal: bool | None

    def to_json(self) -> dict[str, object]:
        return asdict(self)


def shortest_distances(goal_text: str | None, board_text: str) -> Space | None:
    """Breadth-first distances to the goal, or None for boards too big to explore."""
    board, _ = parse_position(board_text, "start")
    goal_board, goal = read_goal(goal_text, board)
    if factorial(goal_board.cells) // 2 > MAX_POSITIONS:
        return None
    return explore(goal_board, goal)


def compare(
    starts: Sequence[str],
    heuristics: Sequence[str],
    goal_text: str | None = None,
    max_expanded: int | None = None,
    on_row: Callable[[], None] | None = None,
) -> list[Row]:
    """One row per (start, heuristic). The iterative program runs them (the three programs are equivalent)."""
    # validate every position and heuristic before any search
    puzzles = [(start, heuristic, make_puzzle(start, heuristic, goal_text)) for start in starts for heuristic in heuristics]
    spaces: dict[int, Space | None] = {}
    rows = []
    for start, heuristic, puzzle in puzzles:
        size = puzzle.board.size
        if size not in spaces:
            spaces[size] = shortest_distances(goal_text, start)
        space = spaces[size]
        result = iterative.solve(puzzle, NullObserver(), max_expanded)
        shortest = space.distance(puzzle.start) if space else None
        optimal = None if shortest is None or result.moves is None else result.moves == shortest
        label = start if start in NAMED_POSITIONS else puzzle.grid(puzzle.start)
        rows.append(Row(label, heuristic, HEURISTICS[heuristic].admissible, result.status, result.moves,
                        result.generated, result.expanded, shortest, optimal))
        if on_row:
            on_row()
    return rows


def format_table(rows: Sequence[Row]) -> str:
    header = ("start", "heuristic", "admissible", "generated", "expanded", "moves", "shortest", "optimal")
    body = []
    for row in rows:
        moves = str(row.moves) if row.moves is not None else row.status
        body.append((
            row.start,
            row.heuristic,
            "yes" if row.admissible else "no",
            f"{row.generated:,}",
            f"{row.expanded:,}",
            moves,
            "?" if row.shortest is None else str(row.shortest),
            "?" if row.optimal is None else ("yes" if row.optimal else "NO"),
        ))
    widths = [max(len(line[i]) for line in [header, *body]) for i in range(len(header))]
    numeric = {3, 4, 5, 6}
    lines = []
    for line in [header, *body]:
        cells = [text.rjust(w) if i in numeric else text.ljust(w) for i, (text, w) in enumerate(zip(line, widths))]
        lines.append("  ".join(cells).rstrip())
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)

