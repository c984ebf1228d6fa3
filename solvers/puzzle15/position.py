"""Reading and writing start positions.

A start position is given as
* `korf1` .. `korf100`: an instance of Korf's table (korf100.py);
* Korf's list: the tile on each cell in reading order, 0 the blank, separated by spaces or commas
  (`14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3`);
* a grid, rows separated by `/` and `_` the blank, with `,` between tiles above 9
  (`14,13,15,7/11,12,9,5/6,_,2,1/4,8,10,3`), as the eight puzzle writes positions.
The board is square, 2×2 to 4×4, its size read from the number of entries. The goal is always
Korf's: the blank on the first cell, then the tiles in order.
"""

from __future__ import annotations

import re

from automata.errors import InputError
from solvers.puzzle8.board import Board
from solvers.puzzle8.notation import format_grid, parse_position

from .korf100 import BY_NUMBER
from .model import Position, goal

SIZES = (2, 3, 4)
_KORF_NAME = re.compile(r"korf\s*([0-9]{1,3})", re.IGNORECASE)
_NUMBER_LIST = re.compile(r"[0-9]{1,2}(?:[\s,]+[0-9]{1,2})*")


def parse_start(text: str, what: str = "start") -> Position:
    stripped = text.strip()
    named = _KORF_NAME.fullmatch(stripped)
    if named:
        number = int(named.group(1))
        if number not in BY_NUMBER:
            raise InputError(f"{what} {stripped!r}: Korf's instances are korf1 to korf100")
        return BY_NUMBER[number].tiles
    if "/" in stripped:
        _, position = parse_position(stripped, what)
    elif _NUMBER_LIST.fullmatch(stripped):
        position = tuple(int(item) for item in re.split(r"[\s,]+", stripped))
    else:
        raise InputError(f"{what} {stripped[:60]!r} is not a position: give korf1..korf100, Korf's list of the tiles on "
                         "each cell with 0 for the blank (e.g. '1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15'), or a grid "
                         "like _,1,2,3/4,5,6,7/8,9,10,11/12,13,14,15")
    _check(position, stripped, what)
    return position


def _check(position: Position, text: str, what: str) -> None:
    size = round(len(position) ** 0.5)
    if size * size != len(position) or size not in SIZES:
        raise InputError(f"{what} {text[:60]!r} has {len(position)} entries; a square board of 2×2 to 4×4 has 4, 9 or 16 "
                         "(the blank and the tiles)")
    if sorted(position) != list(range(size * size)):
        repeated = sorted({tile for tile in position if position.count(tile) > 1})
        stranger = sorted(tile for tile in position if tile >= size * size)
        problem = (f"{repeated[0]} appears more than once" if repeated else f"{stranger[0]} is not a tile of this board")
        raise InputError(f"{what} {text[:60]!r}: {problem}; a {size}×{size} board holds 0 (the blank) and the tiles "
                         f"1..{size * size - 1}, each once")
    if not Board(size).can_reach(position, goal(size)):
        raise InputError(f"{what} {text[:60]!r} cannot reach the goal {format_korf(goal(size))} (the other half of the "
                         "positions: swapping two tiles makes it solvable)")


def format_korf(position: Position) -> str:
    """Korf's list: `14 13 15 7 ...`."""
    return " ".join(str(tile) for tile in position)


def format_grid_of(position: Position) -> str:
    """The grid notation: `14,13,15,7/11,12,9,5/6,_,2,1/4,8,10,3`."""
    return format_grid(Board(round(len(position) ** 0.5)), position)
