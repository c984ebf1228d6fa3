"""The model every fifteen-puzzle program drives: Korf's IDA* with the Manhattan distance.

**Korf's convention** (R. E. Korf, Artificial Intelligence 27, 1985), which is the one that
reproduces his table (docs/puzzle15.md):

* the goal has the blank in the top-left corner and tile i on cell i (`_,1,2,3/4,5,...`);
* a node's children are the blank's moves in the order up, left, right, down, leaving out the
  move that takes back the one that made the node (no move back to the parent);
* IDA*: a depth-first search that cuts off every node whose f = g + h exceeds a threshold; the
  first threshold is the start's h, each next one the smallest f that exceeded the last;
* *nodes generated* counts the start node once and then every child as it is generated, in every
  iteration; the last iteration stops at the goal (the goal counted, its later siblings and the
  rest of the tree not).

**The search state** is a stack of frames, one per node of the current path, each
`(children left to try, blank's cell, h)`, over one mutable board. `IdaStar` offers the textbook
operations on it (generate a child, test it, back up) that the recursive program uses;
`automaton.IdaStarContext` adds the automaton's coarser steps over the same stack. h is the
Manhattan distance, updated per move; pdb.py overrides `initial_h`, `child_h` and `moved` (and
the hot loop) for the pattern database.

**Events** (what `verify` compares), all reported here or in the context's hot loop:
`("start", h)`, `("iteration", threshold)` when an iteration begins, `("generate", tile, g, h)`
for every child generated (the tile that slid, the child's depth and h), `("iteration_end",
threshold, generated)` with the nodes that iteration generated, `("solved", length, generated)`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from automata.errors import RunError
from automata.runtime.events import NullObserver, Observer

Position = tuple[int, ...]
BLANK = 0
NO_THRESHOLD = 1 << 30  # above every f: "nothing exceeded the threshold yet"


@dataclass(frozen=True)
class Tables:
    """What the search looks up instead of computing, for one board size."""

    size: int
    manhattan: tuple[tuple[int, ...], ...]  # [tile][cell]: moves from that cell to the tile's goal cell
    children: tuple[tuple[tuple[int, ...], ...], ...]  # [blank's cell][parent's blank cell or `root`]
    # The same moves with what each does to the Manhattan distance: (cell, change of h by the tile
    # that slides from `cell` onto the blank's), so the hot loop makes one lookup for a child's h.
    moves: tuple[tuple[tuple[tuple[int, tuple[int, ...]], ...], ...], ...]
    root: int  # the "parent" index of the start node: no move is excluded

    @property
    def cells(self) -> int:
        return self.size * self.size


@lru_cache(maxsize=None)
def tables(size: int) -> Tables:
    cells = size * size

    def distance(a: int, b: int) -> int:
        return abs(a // size - b // size) + abs(a % size - b % size)

    def moves(blank: int) -> list[int]:
        row, col = divmod(blank, size)
        order = ((row > 0, blank - size), (col > 0, blank - 1), (col < size - 1, blank + 1), (row < size - 1, blank + size))
        return [cell for possible, cell in order if possible]  # Korf's order: up, left, right, down

    manhattan = tuple(tuple(0 if tile == BLANK else distance(tile, cell) for cell in range(cells)) for tile in range(cells))
    children = tuple(tuple(tuple(cell for cell in moves(blank) if cell != parent) for parent in range(cells + 1))
                     for blank in range(cells))
    with_changes = tuple(tuple(tuple((cell, tuple(manhattan[tile][blank] - manhattan[tile][cell] for tile in range(cells)))
                                     for cell in children[blank][parent]) for parent in range(cells + 1))
                         for blank in range(cells))
    return Tables(size, manhattan, children, with_changes, cells)


def goal(size: int) -> Position:
    """Korf's goal: the blank on cell 0, tile i on cell i."""
    return tuple(range(size * size))


def manhattan(position: Position, size: int) -> int:
    table = tables(size).manhattan
    return sum(table[tile][cell] for cell, tile in enumerate(position))


@dataclass(frozen=True)
class SearchResult:
    start: Position
    length: int  # moves of the solution found (optimal: the Manhattan distance is admissible)
    generated: int  # Korf's count: the start node, then every child generated
    moves: tuple[int, ...]  # the tiles slid, from the start to the goal
    iterations: tuple[tuple[int, int], ...]  # (threshold, nodes generated in that iteration), in order

    def to_json(self) -> dict[str, Any]:
        return {
            "length": self.length,
            "generated": self.generated,
            "moves": list(self.moves),
            "iterations": [{"threshold": threshold, "generated": count} for threshold, count in self.iterations],
        }


class IdaStar:
    """One run's search state and the textbook operations on it (see the module's doc)."""

    def __init__(self, start: Position, observer: Observer) -> None:
        size = round(len(start) ** 0.5)
        self.tables = tables(size)
        self.manhattan = self.tables.manhattan
        # What each frame's "children left to try" iterates over (the automaton's hot loop may want more).
        self.child_table: Any = self.tables.children
        self.start_position = tuple(start)
        self.board = list(start)
        # Nobody listens to a NullObserver: skip building the events (the hot loop checks for None).
        self.emit = None if isinstance(observer, NullObserver) else observer.emit
        self.frames: list[tuple[Any, int, int]] = []  # (children left to try, blank's cell, h), root first
        self.threshold = 0
        self.next_threshold = NO_THRESHOLD
        self.generated = 0
        self.generated_before = 0  # at the start of the current iteration
        self.iterations: list[tuple[int, int]] = []
        self.searching = False  # the automaton's x1 (automaton.py)
        self.result: SearchResult | None = None

    # -- the search's life: start, iterations, solution ---------------------------------------

    def start(self) -> None:
        """Put the start node on the stack; the first threshold is its h."""
        blank = self.board.index(BLANK)
        h = self.initial_h()
        self.frames = [(iter(self.child_table[blank][self.tables.root]), blank, h)]
        self.generated = 1
        self.generated_before = 0  # the first iteration counts the start node
        self.threshold = h
        self.searching = h != 0
        if self.emit is not None:
            self.emit("start", h)
            self.emit("iteration", h)

    def end_iteration(self) -> None:
        """Every node within the threshold has been visited without reaching the goal."""
        count = self.generated - self.generated_before
        self.iterations.append((self.threshold, count))
        if self.emit is not None:
            self.emit("iteration_end", self.threshold, count)

    def raise_threshold(self) -> None:
        """The next threshold is the smallest f that exceeded this one; start again at the root."""
        if self.next_threshold == NO_THRESHOLD:  # cannot happen: every node has a child to cut off
            raise RunError("no node exceeded the threshold, so there is no next one")
        self.threshold = self.next_threshold
        self.next_threshold = NO_THRESHOLD
        self.generated_before = self.generated
        _, blank, h = self.frames[0]
        self.frames[0] = (iter(self.child_table[blank][self.tables.root]), blank, h)
        self.searching = True
        if self.emit is not None:
            self.emit("iteration", self.threshold)

    def report_solution(self) -> None:
        """The node on top is the goal: the path on the stack is the solution."""
        self.iterations.append((self.threshold, self.generated - self.generated_before))
        length = len(self.frames) - 1
        self.result = SearchResult(self.start_position, length, self.generated, self.moves(), tuple(self.iterations))
        if self.emit is not None:
            self.emit("solved", length, self.generated)

    # -- the heuristic: the Manhattan distance (pdb.py overrides these three) -----------------------

    def initial_h(self) -> int:
        return manhattan(self.start_position, self.tables.size)

    def child_h(self, h: int, tile: int, cell: int, blank: int) -> int:
        """h of the child made by sliding `tile` from `cell` onto the blank's cell, from its parent's h."""
        return h + self.manhattan[tile][blank] - self.manhattan[tile][cell]

    def moved(self, tile: int, cell: int, blank: int) -> None:
        """`tile` slides from `cell` to `blank` on the board (a heuristic with state follows it here)."""

    # -- the textbook operations (recursive.py) --------------------------------------------------

    def is_goal(self) -> bool:
        return self.frames[-1][2] == 0

    def children(self) -> tuple[int, ...]:
        """The cells the blank may move to from the node on top, in Korf's order, parent excluded."""
        _, blank, _ = self.frames[-1]
        parent = self.frames[-2][1] if len(self.frames) > 1 else self.tables.root
        return self.tables.children[blank][parent]

    def generate(self, cell: int) -> None:
        """Move the blank to `cell`: the child becomes the node on top (counted and reported)."""
        _, blank, h = self.frames[-1]
        tile = self.board[cell]
        h = self.child_h(h, tile, cell, blank)
        self.moved(tile, cell, blank)
        self.board[blank], self.board[cell] = tile, BLANK
        self.frames.append((iter(self.child_table[cell][blank]), cell, h))
        self.generated += 1
        if self.emit is not None:
            self.emit("generate", tile, len(self.frames) - 1, h)

    def is_over_threshold(self) -> bool:
        return len(self.frames) - 1 + self.frames[-1][2] > self.threshold

    def note_cutoff(self) -> None:
        """The node on top is cut off: its f may be the next threshold."""
        f = len(self.frames) - 1 + self.frames[-1][2]
        if f < self.next_threshold:
            self.next_threshold = f

    def back_up(self) -> None:
        """Take back the move that made the node on top."""
        _, cell, _ = self.frames.pop()
        parent = self.frames[-1][1]
        tile = self.board[parent]
        self.moved(tile, parent, cell)
        self.board[cell], self.board[parent] = tile, BLANK

    # -- views -------------------------------------------------------------------------------------

    @property
    def depth(self) -> int:
        return len(self.frames) - 1

    @property
    def h(self) -> int:
        return self.frames[-1][2] if self.frames else self.initial_h()

    def moves(self) -> tuple[int, ...]:
        """The tiles slid from the start to the node on top."""
        board = list(self.start_position)
        slid = []
        for (_, blank, _), (_, cell, _) in zip(self.frames, self.frames[1:]):
            slid.append(board[cell])
            board[blank], board[cell] = board[cell], BLANK
        return tuple(slid)

    def path(self) -> list[Position]:
        """The positions from the start to the node on top."""
        board = list(self.start_position)
        positions = [tuple(board)]
        for (_, blank, _), (_, cell, _) in zip(self.frames, self.frames[1:]):
            board[blank], board[cell] = board[cell], BLANK
            positions.append(tuple(board))
        return positions

    def solution(self) -> SearchResult:
        if self.result is None:
            raise RunError("the search ended without reporting a solution")
        return self.result
