"""The fifteen puzzle as the player shows it after each step: the board of the node on top of
the stack, the tile that made it highlighted, with its depth g, h, f = g + h, the threshold and
the nodes generated so far; the moves from the start are listed underneath."""

from __future__ import annotations

from html import escape

from .model import BLANK, IdaStar

CELL = 44
MARGIN = 12
TEXT = 18
MOVES_PER_LINE = 20


def search_picture(context: IdaStar) -> str:
    size = context.tables.size
    if context.frames:
        position = context.path()[-1]
        moves = context.moves()
        g, h = context.depth, context.h
        lines = [f"depth g={g}  h={h}  f={g + h}  threshold {context.threshold}",
                 f"{context.generated:,} nodes generated, iteration {len(context.iterations) + 1}"]
    else:
        position, moves = context.start_position, ()
        lines = [f"start, h={context.h}", "nothing generated yet"]
    moved = moves[-1] if moves else None
    if moves:
        slid = [str(tile) for tile in moves]
        lines += ["tiles slid: " + " ".join(slid[i:i + MOVES_PER_LINE]) if i == 0 else " ".join(slid[i:i + MOVES_PER_LINE])
                  for i in range(0, len(slid), MOVES_PER_LINE)]
    side = size * CELL
    width = max(2 * MARGIN + side, 2 * MARGIN + 8 * max(len(line) for line in lines))
    height = 2 * MARGIN + side + TEXT * len(lines) + 6
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
             f'<rect width="{width}" height="{height}" fill="white"/>']
    for cell, tile in enumerate(position):
        row, col = divmod(cell, size)
        x, y = MARGIN + col * CELL, MARGIN + row * CELL
        fill = "#d9d9d9" if tile == BLANK else ("#ffd966" if tile == moved else "#9fc5e8")
        parts.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{fill}" stroke="#333"/>')
        if tile != BLANK:
            parts.append(f'<text x="{x + CELL / 2}" y="{y + CELL / 2 + 6}" font-size="18" text-anchor="middle">{tile}</text>')
    for number, line in enumerate(lines):
        y = 2 * MARGIN + side + TEXT * number + 4
        parts.append(f'<text x="{MARGIN}" y="{y}" font-size="13">{escape(line)}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
