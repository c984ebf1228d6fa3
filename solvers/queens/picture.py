"""The queens as the player shows them after each step: the board with the queens placed so far.

The searches keep their queens in a few shapes: `rows()` or a `rows` list giving the row of each
column from column 1 on (0 or missing for an empty column), or `row_of(column)`; on the model, or
on its `board`. The context is the model itself or a thin wrapper holding it as `search` or `model`.
"""

from __future__ import annotations

from collections.abc import Sequence

from solvers.queens.svg import DARK, FONTS, LIGHT, QUEEN

CELL = 32
MARGIN = 20


def _queens_of(context: object) -> tuple[int, list[tuple[int, int]]]:
    """(N, [(column, row), ...]) of the queens on the context's board."""
    holder = getattr(context, "search", None) or getattr(context, "model", None) or context
    holder = getattr(holder, "board", None) or holder
    if callable(getattr(holder, "row_of", None)) and not hasattr(holder, "rows"):
        return holder.n, [(col, holder.row_of(col)) for col in range(1, holder.n + 1) if holder.row_of(col)]
    rows: Sequence[int] = holder.rows() if callable(holder.rows) else holder.rows
    return holder.n, [(col, row) for col, row in enumerate(rows, start=1) if row]


def board_picture(n: int, queens: Sequence[tuple[int, int]]) -> str:
    """SVG of an N×N board with queens on the given (column, row) cells; row 1 at the bottom."""
    cell = CELL if n <= 16 else max(4, 512 // n)
    side = n * cell
    width = height = side + 2 * MARGIN
    parts = [(f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
              f'viewBox="0 0 {width} {height}" font-family="{FONTS}">'),
             f"<title>{len(queens)} of {n} queens placed</title>",
             f'<rect width="{width}" height="{height}" fill="white"/>',
             f'<rect x="{MARGIN}" y="{MARGIN}" width="{side}" height="{side}" fill="{LIGHT}"/>']
    parts.extend(f'<rect x="{MARGIN + (col - 1) * cell}" y="{MARGIN + (n - row) * cell}" width="{cell}" '
                 f'height="{cell}" fill="{DARK}"/>'
                 for row in range(1, n + 1) for col in range(1, n + 1) if (col + row) % 2 == 0)
    for col, row in queens:
        x, y = MARGIN + (col - 1) * cell, MARGIN + (n - row) * cell
        parts.append(f'<text x="{x + cell / 2:g}" y="{y + cell * 0.8:g}" font-size="{cell * 0.8:g}" '
                     f'text-anchor="middle" fill="black">{QUEEN}</text>')
    parts.append(f'<text x="{width / 2:g}" y="{height - 4}" font-size="12" text-anchor="middle">'
                 f"{len(queens)} of {n} queens</text>")
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def queens_picture(context: object) -> str:
    """SVG of the board as the search has it now."""
    n, queens = _queens_of(context)
    return board_picture(n, queens)
