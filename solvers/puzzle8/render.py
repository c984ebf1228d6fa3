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


def _board_parts(board: Board, position: Position, previous: Position | None, x0: float, y0: float,
                 cell: float) -> list[str]:
    """One board's tiles at (x0, y0), the tile that just moved (from `previous`) highlighted."""
    moved = _moved_tile(previous, position) if previous is not None else None
    parts = []
    for cell_index, tile in enumerate(position):
        row, col = divmod(cell_index, board.size)
        x, y = x0 + col * cell, y0 + row * cell
        fill = "#d9d9d9" if tile == BLANK else ("#ffd966" if tile == moved else "#9fc5e8")
        parts.append(f'<rect x="{x:g}" y="{y:g}" width="{cell:g}" height="{cell:g}" fill="{fill}" stroke="#333"/>')
        if tile != BLANK:
            parts.append(f'<text x="{x + cell / 2:g}" y="{y + cell * 0.68:g}" font-size="{cell / 2:g}" '
                         f'text-anchor="middle">{tile}</text>')
    return parts


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
        parts += _board_parts(board, position, path[index - 1] if index else None, x0, y0, cell)
        label = "start" if index == 0 else f"move {index}"
        parts.append(f'<text x="{x0 + side / 2}" y="{y0 + side + 14}" font-size="11" text-anchor="middle">{label}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def svg_focus(board: Board, path: Sequence[Position], title: str = "", per_line: int = 10) -> str:
    """The last position of `path` as one large board, readable from the back of a room, with the
    path that leads to it as a strip of small boards under it."""
    big, small, gap, margin = 96, 12, 8, 12
    side = board.size * big
    strip_side = board.size * small
    columns = min(per_line, max(1, len(path)))
    rows = (len(path) + per_line - 1) // per_line
    width = max(2 * margin + side, 2 * margin + columns * strip_side + (columns - 1) * gap)
    top = margin + (28 if title else 0)
    strip_top = top + side + 34
    height = strip_top + rows * (strip_side + gap) + margin
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
        'font-family="sans-serif">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
    ]
    if title:
        parts.append(f'<text x="{margin}" y="{margin + 16}" font-size="16">{escape(title)}</text>')
    last = len(path) - 1
    parts += _board_parts(board, path[last], path[last - 1] if last > 0 else None, (width - side) / 2, top, big)
    moves = f"{last} move{'s' if last != 1 else ''} from the start" if last else "the start"
    parts.append(f'<text x="{width / 2:g}" y="{top + side + 22}" font-size="14" text-anchor="middle">{moves}</text>')
    for index, position in enumerate(path):
        x0 = margin + (index % per_line) * (strip_side + gap)
        y0 = strip_top + (index // per_line) * (strip_side + gap)
        parts += _board_parts(board, position, path[index - 1] if index else None, x0, y0, small)
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
