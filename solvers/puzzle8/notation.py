"""Reading and writing positions: the grid notation and the document's X/Y list.

Grid notation: rows from top to bottom separated by `/`, `_` for the blank, e.g. `123/8_4/765`.
When a board has tiles above 9 every row lists its tiles separated by `,`, e.g.
`1,2,3,4/5,6,7,8/9,10,11,12/13,14,15,_`; a row without commas is read one character per tile.

X/Y list (the document's notation, always in brackets): the cell of the blank first, then the
cells of tiles 1, 2, ...; X is the column counted from the left, Y the row counted from the
BOTTOM (the document prints rows for Y = 3, 2, 1). So the document's goal
`[2/2,1/3,2/3,3/3,3/2,3/1,2/1,1/1,1/2]` is `123/8_4/765`.
"""

from __future__ import annotations

import re

from automata.errors import InputError

from .board import BLANK, Board, Position

BLANK_MARK = "_"

# The document's positions, in its X/Y notation (REFERENCE.md §5).
DOCUMENT_GOAL = "[2/2,1/3,2/3,3/3,3/2,3/1,2/1,1/1,1/2]"
NAMED_POSITIONS: dict[str, str] = {
    "goal": DOCUMENT_GOAL,
    "start1": "[2/2,1/3,3/2,2/3,3/3,3/1,2/1,1/1,1/2]",  # 4 moves
    "start2": "[2/1,1/2,1/3,3/3,3/2,3/1,2/2,1/1,2/3]",  # 5 moves
    "start3": "[2/2,2/3,1/3,3/1,1/2,2/1,3/3,1/1,3/2]",  # 18 moves
}
START_NAMES = ("start1", "start2", "start3")

_XY_ITEM = re.compile(r"^\s*(\d+)\s*/\s*(\d+)\s*$")


def parse_position(text: str, what: str = "position") -> tuple[Board, Position]:
    """A name (`start3`), a grid (`123/8_4/765`) or an X/Y list; the board size comes from the text."""
    stripped = text.strip()
    if stripped in NAMED_POSITIONS:
        return parse_position(NAMED_POSITIONS[stripped], what)
    if not stripped:
        raise InputError(f"{what} is empty: give a grid like 123/8_4/765, an X/Y list or one of {', '.join(NAMED_POSITIONS)}")
    if stripped.startswith("["):
        return _parse_xy(stripped, what)
    return _parse_grid(stripped, what)


def _parse_grid(text: str, what: str) -> tuple[Board, Position]:
    rows = text.split("/")
    size = len(rows)
    if size == 1:  # a board has at least two rows, so this is a misspelt name or a grid without '/'
        raise InputError(
            f"{what} {text!r} is not a position: give one of {', '.join(NAMED_POSITIONS)}, a grid like "
            f"123/8_4/765 (rows separated by '/') or an X/Y list like {DOCUMENT_GOAL}"
        )
    cells: list[str] = []
    for number, row in enumerate(rows, start=1):
        items = [item.strip() for item in row.split(",")] if "," in row else list(row.strip())
        if len(items) != size:
            raise InputError(
                f"{what} {text!r}: row {number} has {len(items)} cells but the grid has {size} rows; "
                f"a board is square, e.g. 123/8_4/765 (use ',' between tiles when a tile is above 9)"
            )
        cells.extend(items)
    tiles = []
    for item in cells:
        if item == BLANK_MARK:
            tiles.append(BLANK)
        elif item.isdigit() and int(item) > 0:
            tiles.append(int(item))
        else:
            raise InputError(f"{what} {text!r}: {item!r} is not a tile; tiles are 1..{size * size - 1} and '_' is the blank")
    board = Board(size)
    _check_tiles(board, tiles, text, what)
    return board, tuple(tiles)


def _parse_xy(text: str, what: str) -> tuple[Board, Position]:
    if not text.endswith("]"):
        raise InputError(f"{what} {text!r}: an X/Y list must end with ']', e.g. {DOCUMENT_GOAL}")
    items = [item for item in text[1:-1].split(",")]
    size = round(len(items) ** 0.5)
    if size < 2 or size * size != len(items):
        raise InputError(
            f"{what} {text!r} lists {len(items)} cells; an n×n board needs n² of them (9 for the eight puzzle: the blank, then tiles 1..8)"
        )
    board = Board(size)
    cells = []
    for item in items:
        match = _XY_ITEM.match(item)
        if not match:
            raise InputError(f"{what} {text!r}: {item.strip()!r} is not a cell X/Y (column/row from the bottom, e.g. 2/3)")
        x, y = int(match.group(1)), int(match.group(2))
        if not (1 <= x <= size and 1 <= y <= size):
            raise InputError(f"{what} {text!r}: cell {x}/{y} is off the {size}×{size} board; X and Y run from 1 to {size}")
        cells.append(board.cell_at(size - y, x - 1))
    position = [-1] * board.cells
    for tile, cell in enumerate(cells):
        if position[cell] != -1:
            name = "the blank" if position[cell] == BLANK else f"tile {position[cell]}"
            raise InputError(f"{what} {text!r}: cell {items[tile].strip()} is given twice ({name} and {'the blank' if tile == BLANK else f'tile {tile}'})")
        position[cell] = tile
    return board, tuple(position)


def _check_tiles(board: Board, tiles: list[int], text: str, what: str) -> None:
    """n² distinct values in 0..n²−1 are all of them, so ruling out repeats and strangers is enough."""
    seen: set[int] = set()
    for tile in tiles:
        if tile in seen:
            name = "the blank '_'" if tile == BLANK else f"tile {tile}"
            raise InputError(f"{what} {text!r}: {name} appears twice; each of _ and 1..{board.cells - 1} appears once")
        if tile >= board.cells:
            raise InputError(f"{what} {text!r}: tile {tile} does not fit a {board.size}×{board.size} board (tiles 1..{board.cells - 1})")
        seen.add(tile)


def format_grid(board: Board, position: Position) -> str:
    """`123/8_4/765`; tiles separated by ',' when the board has tiles above 9."""
    wide = board.cells > 10
    rows = []
    for row in range(board.size):
        items = [BLANK_MARK if tile == BLANK else str(tile) for tile in position[row * board.size:(row + 1) * board.size]]
        rows.append(",".join(items) if wide else "".join(items))
    return "/".join(rows)


def format_xy(board: Board, position: Position) -> str:
    """The document's list: cell of the blank, then of tiles 1, 2, ... as X/Y (Y counted from the bottom)."""
    items = []
    for cell in board.cells_of(position):
        row, col = board.row_col(cell)
        items.append(f"{col + 1}/{board.size - row}")
    return "[" + ",".join(items) + "]"


def default_goal(board: Board) -> Position:
    """The document's goal on 3×3; elsewhere tiles in reading order with the blank last."""
    if board.size == 3:
        return parse_position(DOCUMENT_GOAL)[1]
    return tuple(range(1, board.cells)) + (BLANK,)
