"""A tour as an SVG picture: a checkered board, the path as a polyline, move numbers in the cells."""

from __future__ import annotations

from collections.abc import Sequence

Cell = tuple[int, int]

LIGHT, DARK = "#f0d9b5", "#b58863"
PATH_COLOUR, START_COLOUR, END_COLOUR = "#1f4e99", "#2e8b57", "#c0392b"


def tour_svg(rows: int, cols: int, path: Sequence[Cell], cell_size: int | None = None) -> str:
    """SVG text for the board with ``path`` (1-based (row, col) cells, first = start) drawn on it."""
    size = cell_size or max(8, min(48, 960 // max(rows, cols)))
    width, height = cols * size, rows * size
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}">',
        f"<title>Knight's tour on a {rows}x{cols} board, {len(path)} cells</title>",
        f'<rect width="{width}" height="{height}" fill="{LIGHT}"/>',
    ]
    # The corner (1, 1) is light, as on a chessboard; only the dark squares need drawing.
    parts.extend(
        f'<rect x="{(c - 1) * size}" y="{(r - 1) * size}" width="{size}" height="{size}" fill="{DARK}"/>'
        for r in range(1, rows + 1) for c in range(1, cols + 1) if (r + c) % 2 == 1
    )
    if path:
        centres = [_centre(cell, size) for cell in path]
        points = " ".join(f"{x:g},{y:g}" for x, y in centres)
        stroke = max(1.0, size / 16)
        parts.append(f'<polyline points="{points}" fill="none" stroke="{PATH_COLOUR}" '
                     f'stroke-width="{stroke:g}" stroke-linejoin="round" stroke-opacity="0.55"/>')
        radius = size * 0.3
        (sx, sy), (ex, ey) = centres[0], centres[-1]
        parts.append(f'<circle cx="{sx:g}" cy="{sy:g}" r="{radius:g}" fill="{START_COLOUR}"><title>start</title></circle>')
        parts.append(f'<rect x="{ex - radius:g}" y="{ey - radius:g}" width="{2 * radius:g}" height="{2 * radius:g}" '
                     f'fill="{END_COLOUR}"><title>end</title></rect>')
        if size >= 14:  # below that the numbers are unreadable; the line still shows the tour
            font = size * 0.36
            # A light halo under each number keeps it readable where the path crosses its cell.
            parts.extend(
                f'<text x="{x:g}" y="{y:g}" font-size="{font:g}" font-family="sans-serif" font-weight="bold" '
                f'text-anchor="middle" dominant-baseline="central" fill="#1a1a1a" stroke="#fffaf0" '
                f'stroke-width="{font / 4:g}" paint-order="stroke">{number}</text>'
                for number, (x, y) in enumerate(centres, start=1)
            )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _centre(cell: Cell, size: int) -> tuple[float, float]:
    row, col = cell
    return (col - 0.5) * size, (row - 0.5) * size
