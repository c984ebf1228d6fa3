"""An additive pattern database: the second heuristic, far stronger than the Manhattan distance.

The tiles are split into groups (a 5-5-5 partition on the 4×4 board). For one group, the table
holds, for every placement of its tiles, the fewest moves *of those tiles* that bring them home,
the other tiles being ignored (the blank may pass through their cells for free). Each move moves
one tile, which belongs to one group, so the groups' values add up to a lower bound of the
solution: h = the sum of one lookup per group, admissible like the Manhattan distance and never
smaller than it (R. E. Korf and A. Felner, "Disjoint pattern database heuristics", Artificial
Intelligence 134, 2002).

A table is made by a breadth-first search backwards from the goal over the group's tiles and the
blank (a move of the blank onto a cell outside the group costs 0, a move of a group's tile costs
1), in about a minute per 5-tile group in CPython; each process that searches makes its own once.
A placement is stored under the code `sum(cell of the group's i-th tile << 4·i)`, so one move of a
tile changes one group's code by `(to - from) << 4·i`: h is updated from the parent's in two
lookups, as the Manhattan distance is.

`PdbIdaStarContext` is the automaton's context with this heuristic: the same spec, questions and
actions, its hot loop `advance` following the codes.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from functools import lru_cache

from automata.errors import InputError
from automata.runtime.events import Observer

from .automaton import IdaStarContext
from .model import BLANK, Position, tables

UNSEEN = 255
# The tile groups per board size: 5-5-5 on the fifteen puzzle, 4-4 on the eight puzzle.
PARTITIONS: dict[int, tuple[tuple[int, ...], ...]] = {
    2: ((1, 2, 3),),
    3: ((1, 2, 3, 4), (5, 6, 7, 8)),
    4: ((1, 2, 3, 6, 7), (4, 5, 8, 9, 12), (10, 11, 13, 14, 15)),
}
HEURISTICS = ("manhattan", "pdb")


@dataclass(frozen=True)
class PatternDatabase:
    size: int
    groups: tuple[tuple[int, ...], ...]
    tables: tuple[bytes, ...]  # per group: fewest moves of its tiles, by placement code
    group_of: tuple[int, ...]  # per tile: its group (-1 for the blank)
    shift_of: tuple[int, ...]  # per tile: 4 × its place in the group

    def codes(self, position: Position) -> list[int]:
        codes = [0] * len(self.groups)
        for cell, tile in enumerate(position):
            if tile != BLANK:
                codes[self.group_of[tile]] += cell << self.shift_of[tile]
        return codes

    def h(self, codes: list[int]) -> int:
        return sum(table[code] for table, code in zip(self.tables, codes))


def build_group(size: int, group: tuple[int, ...]) -> bytes:
    """The table of one group: 0-1 breadth-first search from the goal over (group's cells, blank)."""
    neighbours = [tables(size).children[cell][tables(size).root] for cell in range(size * size)]
    width = len(group)
    # a state: the blank's cell in the low nibble, then the cell of each of the group's tiles
    goal_state = sum(tile << 4 * (place + 1) for place, tile in enumerate(group))  # tile i on cell i, blank on 0
    distance = bytearray([UNSEEN]) * (1 << 4 * (width + 1))
    best = bytearray([UNSEEN]) * (1 << 4 * width)
    distance[goal_state] = 0
    queue = deque([goal_state])
    while queue:
        state = queue.popleft()
        moves = distance[state]
        placement = state >> 4
        if best[placement] == UNSEEN:  # states leave the queue in order of distance: the first is the fewest
            best[placement] = moves
        blank = state & 15
        cells = [(state >> 4 * (place + 1)) & 15 for place in range(width)]
        for cell in neighbours[blank]:
            if cell in cells:  # a group's tile slides onto the blank's cell: one move
                place = cells.index(cell)
                following = state - (cell << 4 * (place + 1)) + (blank << 4 * (place + 1)) - blank + cell
                if distance[following] > moves + 1:
                    distance[following] = moves + 1
                    queue.append(following)
            else:  # another tile: free
                following = state - blank + cell
                if distance[following] > moves:
                    distance[following] = moves
                    queue.appendleft(following)
    return bytes(best)


@lru_cache(maxsize=4)
def pattern_database(size: int) -> PatternDatabase:
    """The database of the board size's partition, made once per process."""
    if size not in PARTITIONS:
        raise InputError(f"no pattern database for a {size}×{size} board (sizes {', '.join(map(str, PARTITIONS))})")
    groups = PARTITIONS[size]
    group_of = [-1] * (size * size)
    shift_of = [0] * (size * size)
    for number, group in enumerate(groups):
        for place, tile in enumerate(group):
            group_of[tile], shift_of[tile] = number, 4 * place
    built = tuple(build_group(size, group) for group in groups)
    return PatternDatabase(size, groups, built, tuple(group_of), tuple(shift_of))


class PdbIdaStarContext(IdaStarContext):
    """The automaton's context with the pattern database as h."""

    def __init__(self, start: Position, observer: Observer) -> None:
        super().__init__(start, observer)
        self.database = pattern_database(self.tables.size)
        self.child_table = self.tables.children  # cells only: h comes from the codes here
        self.codes = self.database.codes(self.start_position)  # of the node on top of the stack

    def initial_h(self) -> int:
        return self.database.h(self.database.codes(self.start_position))

    def child_h(self, h: int, tile: int, cell: int, blank: int) -> int:
        group = self.database.group_of[tile]
        table, code = self.database.tables[group], self.codes[group]
        return h - table[code] + table[code + ((blank - cell) << self.database.shift_of[tile])]

    def moved(self, tile: int, cell: int, blank: int) -> None:
        self.codes[self.database.group_of[tile]] += (blank - cell) << self.database.shift_of[tile]

    def advance(self) -> None:
        """z2 with the pattern database: the model's loop (automaton.py) with h from the codes."""
        board = self.board
        frames = self.frames
        children, blank, h = frames[-1]
        group_of, shift_of, lookup = self.database.group_of, self.database.shift_of, self.database.tables
        codes = self.codes
        child_table = self.child_table
        threshold = self.threshold
        next_threshold = self.next_threshold
        emit = self.emit
        generated = self.generated
        depth = len(frames)
        while True:
            for cell in children:
                tile = board[cell]
                group = group_of[tile]
                table, code = lookup[group], codes[group]
                moved_code = code + ((blank - cell) << shift_of[tile])
                child_h = h - table[code] + table[moved_code]
                generated += 1
                if emit is not None:
                    emit("generate", tile, depth, child_h)
                f = depth + child_h
                if f > threshold:
                    if f < next_threshold:
                        next_threshold = self.next_threshold = f
                    continue
                board[blank] = tile
                board[cell] = BLANK
                codes[group] = moved_code
                frames.append((iter(child_table[cell][blank]), cell, child_h))
                self.generated = generated
                if child_h == 0:
                    self.searching = False
                return
            if depth == 1:
                self.searching = False
                self.generated = generated
                return
            frames.pop()
            depth -= 1
            children, parent, h = frames[-1]
            tile = board[parent]
            codes[group_of[tile]] += (blank - parent) << shift_of[tile]
            board[blank] = tile
            board[parent] = BLANK
            blank = parent
