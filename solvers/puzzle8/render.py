"""A solution path shown as text boards and as an SVG strip (plain string building)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from .board import BLANK, Board, Position

BOARDS_PER_LINE = 8


def _moved_tile(before: Position, after: Position) -> int | None:
    """The tile that slid between two consecutive positions."""
    return next((tile for tile, old in zip(after, before) if tile != old and tile != BLANK), None)


def text_boards(board: Board, path: Sequence[Position], per_line: int = BOARDS_PER_LINE) -> str:
    """Boards side by side, `per_line` to a line, each headed by its move number (the document's `показреш`)."""
    width = len(str(board.cells - 1))
    column = max(board.size * (width + 1) - 1, len(f"move {len(path) - 1}"))
    blocks = []
    for first in range(0, len(path), per_line):
        chunk = list(enumerate(path))[first:first + per_line]
        lines = ["   ".join(("start" if number == 0 else f"move {number}").ljust(column) for number, _ in chunk)]
        for row in range(board.size):
            cells = []
            for _, position in chunk:
                items = position[row * board.size:(row + 1) * board.size]
                cells.append(" ".join(("_" if tile == BLANK else str(tile)).rjust(width) for tile in items).ljust(column))
            lines.append("   ".join(cells))
        blocks.append("\n".join(line.rstrip() for line in lines))
    return "\n\n".join(blocks)


def svg_strip(board: Board, path: Sequence[Position], title: str = "", per_line: int = 10) -> str:
    """One small board per position, left to right and wrapped every `per_line`; the tile that just moved is highlighted."""
    cell, gap, caption, margin = 28, 18, 18, 10
    side = board.size * cell
    top = margin + (24 if title else 0)
    columns = min(per_line, max(1, len(path)))
    rows = (len(path) + per_line - 1) // per_line
    width = 2 * margin + columns * side + (columns - 1) * gap
    height = top + rows * (side + caption + gap) - gap + margin
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
        'font-family="sans-serif">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
    ]
    if title:
        parts.append(f'<text x="{margin}" y="{margin + 14}" font-size="14">{escape(title)}</text>')
    for index, position in enumerate(path):
        x0 = margin + (index % per_line) * (side + gap)
        y0 = top + (index // per_line) * (side + caption + gap)
        moved = _moved_tile(path[index - 1], position) if index else None
        for cell_index, tile in enumerate(position):
            row, col = divmod(cell_index, board.size)
            x, y = x0 + col * cell, y0 + row * cell
            fill = "#d9d9d9" if tile == BLANK else ("#ffd966" if tile == moved else "#9fc5e8")
            parts.append(f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{fill}" stroke="#333"/>')
            if tile != BLANK:
                parts.append(
                    f'<text x="{x + cell / 2}" y="{y + cell / 2 + 5}" font-size="14" text-anchor="middle">{tile}</text>'
                )
        label = "start" if index == 0 else f"move {index}"
        parts.append(f'<text x="{x0 + side / 2}" y="{y0 + side + 14}" font-size="11" text-anchor="middle">{label}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
