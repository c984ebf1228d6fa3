"""A placement drawn as an SVG chessboard: checkered cells, queens, rank and file labels."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from solvers.queens.board import FILES, validate

CELL = 40          # pixels per cell
MARGIN = 24        # room for the labels
TITLE_HEIGHT = 28
LIGHT = "#f0d9b5"
DARK = "#b58863"
QUEEN = "\u265b"   # black chess queen; font fallbacks below keep it readable without a chess font
FONTS = "DejaVu Sans, Segoe UI Symbol, Noto Sans Symbols2, Arial Unicode MS, sans-serif"


def _file_label(col: int, n: int) -> str:
    return FILES[col - 1] if n <= len(FILES) else str(col)


def board_svg(rows: Sequence[int], title: str = "") -> str:
    """Return a standalone SVG document of the board with a queen in each column.

    Row 1 is at the bottom and column a at the left, as on a chess diagram, so the picture reads the
    same way as `board_text` and the chess notation. The square a1 is dark.
    """
    size = validate(rows)
    top = TITLE_HEIGHT if title else 0
    width = 2 * MARGIN + size * CELL
    height = top + 2 * MARGIN + size * CELL
    label_size = max(9, min(14, CELL // 3))
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="{FONTS}">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
    ]
    if title:
        parts.append(
            f'<text x="{width / 2}" y="{TITLE_HEIGHT - 8}" font-size="16" '
            f'text-anchor="middle">{escape(title)}</text>'
        )

    def cell_origin(col: int, row: int) -> tuple[int, int]:
        return MARGIN + (col - 1) * CELL, top + MARGIN + (size - row) * CELL

    for row in range(1, size + 1):
        for col in range(1, size + 1):
            x, y = cell_origin(col, row)
            colour = DARK if (col + row) % 2 == 0 else LIGHT
            parts.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{colour}"/>')
    for col, row in enumerate(rows, start=1):
        x, y = cell_origin(col, row)
        parts.append(
            f'<text x="{x + CELL / 2}" y="{y + CELL * 0.78}" font-size="{int(CELL * 0.8)}" '
            f'text-anchor="middle" fill="black">{QUEEN}<title>{_file_label(col, size)}{row}</title></text>'
        )
    board_bottom = top + MARGIN + size * CELL
    for index in range(1, size + 1):
        x_mid = MARGIN + (index - 1) * CELL + CELL / 2
        y_mid = top + MARGIN + (size - index) * CELL + CELL / 2 + label_size / 3
        label = _file_label(index, size)
        parts.append(
            f'<text x="{x_mid}" y="{board_bottom + MARGIN * 0.7}" font-size="{label_size}" '
            f'text-anchor="middle">{label}</text>'
        )
        parts.append(
            f'<text x="{MARGIN / 2}" y="{y_mid}" font-size="{label_size}" '
            f'text-anchor="middle">{index}</text>'
        )
    parts.append(
        f'<rect x="{MARGIN}" y="{top + MARGIN}" width="{size * CELL}" height="{size * CELL}" '
        f'fill="none" stroke="#444" stroke-width="1"/>'
    )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
