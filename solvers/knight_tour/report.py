"""Text pictures of boards: a tour's move numbers, and per-cell tables laid out like the board."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from solvers.knight_tour.model import TourResult

Cell = tuple[int, int]


def tour_board(rows: int, cols: int, path: Sequence[Cell]) -> str:
    """The board with the number of the move that reaches each cell (1 = the start cell)."""
    numbers = {cell: str(step) for step, cell in enumerate(path, start=1)}
    return board_grid(rows, cols, lambda cell: numbers.get(cell, "."))


def board_grid(rows: int, cols: int, label: Callable[[Cell], str]) -> str:
    """Labels in right-aligned columns, row 1 at the top, with row and column numbers around."""
    labels = {(r, c): label((r, c)) for r in range(1, rows + 1) for c in range(1, cols + 1)}
    width = max(len(str(cols)), *(len(text) for text in labels.values()))
    margin = len(str(rows))
    header = " " * margin + " |" + "".join(f" {c:>{width}}" for c in range(1, cols + 1))
    lines = [header, "-" * len(header)]
    for r in range(1, rows + 1):
        lines.append(f"{r:>{margin}} |" + "".join(f" {labels[(r, c)]:>{width}}" for c in range(1, cols + 1)))
    return "\n".join(lines)


CELL_MARKS = {
    "impossible start": "x",  # ruled out by optimization 1 without searching
    "gave up": "G",  # MAX_RET reached
    "exhausted": "-",  # searched to the end: no tour from this cell
}

TABLE_LEGEND = (
    "numbers: returns of the final attempt (* = found after restarting with another move order); "
    "x: impossible start (parity); -: no tour (search exhausted); G: gave up at MAX_RET; "
    "! marks a cell where the implementations disagree"
)

COUNT_LEGEND = (
    "numbers: tours from the cell; x: impossible start (parity); G: gave up at MAX_RET "
    "(count so far); ! marks a cell where the implementations disagree"
)


def returns_label(result: TourResult | None, agree: bool = True) -> str:
    """One cell of the article's tables: the returns, or a mark saying why there is no number."""
    if result is None:
        text = "?"
    elif result.outcome in CELL_MARKS:
        text = CELL_MARKS[result.outcome]
    else:
        text = f"{result.returns}{'*' if result.restarts else ''}"
    return text if agree else text + "!"


def count_label(result: TourResult | None, agree: bool = True) -> str:
    """One cell of an all-tours table: the number of tours from the cell."""
    if result is None:
        text = "?"
    elif result.impossible_start:
        text = "x"
    else:
        text = f"{result.tours}{'G' if result.gave_up else ''}"
    return text if agree else text + "!"


def cell_table(rows: int, cols: int, results: Mapping[Cell, TourResult], agreement: Mapping[Cell, bool],
               all_tours: bool = False) -> str:
    label = count_label if all_tours else returns_label
    return board_grid(rows, cols, lambda cell: label(results.get(cell), agreement.get(cell, True)))
