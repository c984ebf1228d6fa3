"""The knight's tour model shared by the iterative, recursive and automaton programs.

The article (REFERENCE.md §1) builds three programs over the same functions and variables and
shows that they give the same results.  This module is that shared part: the board, the knight's
moves, the four optimizations and the search state (the path and, for every level of it, the list
of candidate moves with the index of the next one to try: the article's explicit stack).  The
three programs differ only in how they sequence the operations below.

Every operation that changes the search reports a domain event to the observer:

=================================  ==========================================================
``("start", r, c)``                the knight is put on the start cell (1-based row, column)
``("move", r, c)``                 the knight moves to cell (r, c)
``("take_back", r, c)``            the move to (r, c) is taken back (one "return")
``("restart", k)``                 the attempt is abandoned; the search starts again from the
                                   start cell with move order number k (optimization 4)
``("found",)``                     the path covers the board: a tour
``("no_tour", reason)``            single-tour mode ends without a tour; reason is
                                   ``"impossible start"``, ``"exhausted"`` or ``"gave up"``
``("tour_count", n, reason)``      all-tours mode ends: n tours were found; reason as above
=================================  ==========================================================
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from automata.runtime.events import NullObserver, Observer
from solvers.knight_tour.rules import PROJECT, Rules, choose_candidates

MAX_SIDE = 100
MAX_CELLS = 10_000

DEFAULT_GOOD_RETURNS = 1
"""GOOD_RET: returns after which an attempt is abandoned for the next move order (the article's 1)."""

DEFAULT_MAX_RETURNS = 10_000
"""MAX_RET: returns after which the last attempt gives up.

The article reports 2502 returns as the *smallest* count on 8×8 with optimizations 1+2 while most
cells "exceed MAX_RET", so its limit was a few thousand; 10,000 keeps that picture and keeps a
hopeless cell to a fraction of a second in Python.
"""

ALL_OPTIMIZATIONS = frozenset({1, 2, 3, 4})

Move = tuple[int, int]

MOVE_ORDERS: tuple[tuple[Move, ...], ...] = (
    ((2, -1), (-2, 1), (-1, 2), (2, 1), (1, -2), (1, 2), (-2, -1), (-1, -2)),
    ((1, 2), (-1, 2), (-2, 1), (-2, -1), (-1, -2), (1, -2), (2, -1), (2, 1)),
    ((-2, -1), (-1, -2), (2, -1), (1, -2), (-2, 1), (2, 1), (1, 2), (-1, 2)),
    ((-2, -1), (2, 1), (1, -2), (-1, -2), (-1, 2), (-2, 1), (1, 2), (2, -1)),
    ((2, 1), (2, -1), (1, 2), (-1, 2), (-2, 1), (-2, -1), (1, -2), (-1, -2)),
)
"""Five fixed orders of the eight knight moves, as (row change, column change), rows downwards.

The article does not print its five arrays, so these were chosen by experiment
(docs/knight-move-orders.md tells how, with every number):

1. Among all 8! orders, one of the few that reproduce the article's 8x8 figures for the cells that
   need returns: with optimizations 1-3 only (6,4) needs returns, 3 of them; with 1+3 only (4,1)
   and (6,4), with 9 and 21 returns (the article: 9 and 79).
2. The order that rescues the most start cells order 1 leaves, on the square boards 5..16, 14x3,
   the rectangles up to 9x9 and samples of 50x50 and 100x100.
3. to 5. Found by `python3 -m research.knight_orders.search search` over the 110,404 start cells
   of every n x m board with 5 <= n <= m <= 30 and of the article's five boards: orders 3 and 4
   must tour by a greedy walk (no return) the cells orders 1 and 2 leave, order 5 searches with
   up to MAX_RET returns. With optimizations 1-4 every start cell of 8x8, 9x9, 50x50 and 77x77 is
   toured, and all but (6,50) and (86,7) of 100x100 and eight cells of 5 x n boards.
"""


@dataclass(frozen=True)
class KnightTourInstance:
    """One search: board size, start cell (1-based, row first) and the options."""

    rows: int
    cols: int
    start: tuple[int, int]
    optimizations: frozenset[int] = ALL_OPTIMIZATIONS
    good_returns: int = DEFAULT_GOOD_RETURNS
    max_returns: int | None = DEFAULT_MAX_RETURNS
    all_tours: bool = False
    rules: Rules = PROJECT  # the reading of the article's rules (rules.py)

    def __post_init__(self) -> None:
        for name, side in (("rows", self.rows), ("columns", self.cols)):
            if not 1 <= side <= MAX_SIDE:
                raise ValueError(f"board {name} must be between 1 and {MAX_SIDE}, got {side}")
        if self.rows * self.cols > MAX_CELLS:
            raise ValueError(f"board {self.rows}x{self.cols} has more than {MAX_CELLS} cells")
        row, col = self.start
        if not (1 <= row <= self.rows and 1 <= col <= self.cols):
            raise ValueError(
                f"start cell {row},{col} is outside the {self.rows}x{self.cols} board "
                f"(rows 1..{self.rows}, columns 1..{self.cols})"
            )
        object.__setattr__(self, "optimizations", frozenset(self.optimizations))
        unknown = sorted(self.optimizations - ALL_OPTIMIZATIONS)
        if unknown:
            raise ValueError(f"unknown optimization {unknown[0]}: choose among 1, 2, 3, 4")
        if self.good_returns < 1:
            raise ValueError(f"GOOD_RET must be at least 1, got {self.good_returns}")
        if self.max_returns is not None and self.max_returns < 1:
            raise ValueError(f"MAX_RET must be at least 1, got {self.max_returns}")

    @property
    def cells(self) -> int:
        return self.rows * self.cols

    @property
    def uses_restarts(self) -> bool:
        """Optimization 4 applies only to the search for one tour: all-tours mode is exhaustive."""
        return 4 in self.optimizations and not self.all_tours

    def with_start(self, start: tuple[int, int]) -> KnightTourInstance:
        return KnightTourInstance(
            self.rows, self.cols, start, self.optimizations,
            self.good_returns, self.max_returns, self.all_tours, self.rules,
        )


def is_parity_impossible(rows: int, cols: int, start: tuple[int, int]) -> bool:
    """On a board with an odd number of cells a tour starts and ends on the majority colour.

    The knight changes colour at every move, so a path over an odd number of cells begins and ends
    on the same colour, the one with one cell more: the colour of the corner (1, 1).
    """
    row, col = start
    return (rows * cols) % 2 == 1 and (row + col) % 2 == 1


@dataclass(frozen=True)
class TourResult:
    """What a search found; the three programs must return equal results."""

    found: bool
    path: tuple[tuple[int, int], ...]  # the (first) tour found, empty when none
    returns: int  # take-backs in the final attempt
    restarts: int  # move orders abandoned before the final attempt
    gave_up: bool  # MAX_RET was reached
    tours: int  # tours found (all of them in all-tours mode)
    impossible_start: bool = False  # rejected by optimization 1 without searching

    @property
    def outcome(self) -> str:
        if self.impossible_start:
            return "impossible start"
        if self.gave_up:
            return "gave up"
        return "found" if self.found else "exhausted"

    def to_json(self) -> dict[str, object]:
        return {
            "found": self.found,
            "path": [list(cell) for cell in self.path],
            "returns": self.returns,
            "restarts": self.restarts,
            "gave_up": self.gave_up,
            "tours": self.tours,
            "impossible_start": self.impossible_start,
            "outcome": self.outcome,
        }


_SILENT = NullObserver()


@lru_cache(maxsize=8)
def _neighbour_tables(rows: int, cols: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For every move order, every cell's neighbours (flat indices) in that order.

    Pure and immutable, so a small cache saves rebuilding it for each start cell of a sweep.
    """
    tables = []
    for order in MOVE_ORDERS:
        table = []
        for row in range(rows):
            for col in range(cols):
                table.append(tuple(
                    (row + dr) * cols + (col + dc)
                    for dr, dc in order
                    if 0 <= row + dr < rows and 0 <= col + dc < cols
                ))
        tables.append(tuple(table))
    return tuple(tables)


class KnightTour:
    """The search state and its operations, named as in the article's programs.

    Cells are flat indices ``(row - 1) * cols + (col - 1)`` inside; events and results use 1-based
    (row, column) pairs.  ``free_degree[c]`` counts the unvisited neighbours of cell ``c`` and is
    kept up to date by every move and take-back, so Warnsdorff's rule and the blocked-cell test
    never rescan the board.
    """

    def __init__(self, instance: KnightTourInstance, observer: Observer) -> None:
        self.instance = instance
        self._emit = observer.emit
        self._cols = instance.cols
        self._cells = instance.cells
        self._tables = _neighbour_tables(instance.rows, instance.cols)
        self._neighbours = self._tables[0]  # the neighbour *set* is the same in every order
        self._visited = bytearray(self._cells)
        self._free_degree = [len(around) for around in self._neighbours]
        self._path: list[int] = []
        self._candidates: list[list[int]] = []  # per level: the moves to try, best first
        self._next_candidate: list[int] = []  # per level: index of the next move to try
        self._use_blocked_cells = 2 in instance.optimizations
        self._use_warnsdorff = 3 in instance.optimizations
        self._rules = instance.rules
        self._project_rules = instance.rules.chooses_as_project
        self._count_dead_ends = instance.rules.returns == "dead-ends"
        self._slack = 1 if instance.rules.limit == "exceeded" else 0  # returns allowed beyond a limit
        self._reset_on_restart = instance.rules.counter == "per-attempt"
        self._after_take_back = False  # a run of take-backs counts once when returns are dead ends
        self.order_index = 0
        self.returns = 0
        self.restarts = 0
        self.tours = 0
        self._first_tour: tuple[tuple[int, int], ...] = ()
        self._gave_up = False
        self._impossible_start = False

    # ---- questions (the automaton's inputs; specs/knight_tour.yaml calls them by these names) --

    def is_start_impossible(self) -> bool:
        """Optimization 1: the start cell is on the minority colour of an odd board."""
        inst = self.instance
        return 1 in inst.optimizations and is_parity_impossible(inst.rows, inst.cols, inst.start)

    def is_complete(self) -> bool:
        return len(self._path) == self._cells

    def is_at_start(self) -> bool:
        return len(self._path) == 1

    def has_untried_move(self) -> bool:
        return self._next_candidate[-1] < len(self._candidates[-1])

    def is_all_tours_mode(self) -> bool:
        """Count every tour instead of stopping at the first."""
        return self.instance.all_tours

    def is_return_limit_reached(self) -> bool:
        """GOOD_RET while another move order is left (optimization 4), else MAX_RET."""
        if self.has_next_move_order():
            return self.returns >= self.instance.good_returns + self._slack
        limit = self.instance.max_returns
        return limit is not None and self.returns >= limit + self._slack

    def has_next_move_order(self) -> bool:
        return self.instance.uses_restarts and self.order_index < len(MOVE_ORDERS) - 1

    # ---- operations (the automaton's outputs) ------------------------------------------------

    def place_knight(self) -> None:
        start = self._cell_index(self.instance.start)
        self._visit(start)
        self._emit("start", *self.instance.start)

    def make_move(self) -> None:
        level = len(self._path) - 1
        target = self._candidates[level][self._next_candidate[level]]
        self._next_candidate[level] += 1
        self._visit(target)
        self._after_take_back = False
        self._emit("move", *self._coordinates(target))

    def take_back(self) -> None:
        cell = self._leave_last()
        if not (self._count_dead_ends and self._after_take_back):
            self.returns += 1
        self._after_take_back = True
        self._emit("take_back", *self._coordinates(cell))

    def restart(self) -> None:
        """Abandon this attempt and start again from the start cell with the next move order."""
        while len(self._path) > 1:
            self._leave_last()
        self.order_index += 1
        self.restarts += 1
        if self._reset_on_restart:
            self.returns = 0
        self._after_take_back = False
        self._candidates[0] = self._choose_candidates(self._path[0])
        self._next_candidate[0] = 0
        self._emit("restart", self.order_index + 1)

    def record_tour(self) -> None:
        self.tours += 1
        if not self._first_tour:
            self._first_tour = tuple(self._coordinates(cell) for cell in self._path)
        self._emit("found")

    def report_impossible_start(self) -> None:
        self._impossible_start = True
        self._finish("impossible start")

    def report_exhausted(self) -> None:
        self._finish("exhausted")

    def give_up(self) -> None:
        self._gave_up = True
        self._finish("gave up")

    def result(self) -> TourResult:
        return TourResult(
            found=self.tours > 0,
            path=self._first_tour,
            returns=self.returns,
            restarts=self.restarts,
            gave_up=self._gave_up,
            tours=self.tours,
            impossible_start=self._impossible_start,
        )

    # ---- for views (protocols, pictures) ----------------------------------------------------

    @property
    def path(self) -> tuple[tuple[int, int], ...]:
        return tuple(self._coordinates(cell) for cell in self._path)

    def candidates(self) -> tuple[tuple[int, int], ...]:
        """The moves the search tries from the knight's cell, in the order it tries them (those
        already tried included): what optimizations 2 and 3 made of the position when the knight
        arrived. Lets a test check their rules from outside (tests/test_oracle_knight.py)."""
        return tuple(self._coordinates(cell) for cell in self._candidates[-1])

    @classmethod
    def at_position(cls, instance: KnightTourInstance, path: Sequence[tuple[int, int]],
                    order_index: int = 0) -> KnightTour:
        """A model whose knight has walked `path` (1-based cells, the start first; any distinct
        cells: only which are visited and where the knight stands matter) with move order number
        `order_index` (0-based), reporting no event: any position, for checking `candidates()`."""
        tour = cls(instance.with_start(path[0]), _SILENT)
        tour.order_index = order_index
        for cell in path:
            tour._visit(tour._cell_index(cell))
        return tour

    # ---- internals --------------------------------------------------------------------------

    def _finish(self, reason: str) -> None:
        if self.instance.all_tours:
            self._emit("tour_count", self.tours, reason)
        else:
            self._emit("no_tour", reason)

    def _cell_index(self, cell: tuple[int, int]) -> int:
        return (cell[0] - 1) * self._cols + (cell[1] - 1)

    def _coordinates(self, index: int) -> tuple[int, int]:
        row, col = divmod(index, self._cols)
        return row + 1, col + 1

    def _visit(self, cell: int) -> None:
        self._visited[cell] = 1
        degree = self._free_degree
        for around in self._neighbours[cell]:
            degree[around] -= 1
        self._path.append(cell)
        self._candidates.append(self._choose_candidates(cell))
        self._next_candidate.append(0)

    def _leave_last(self) -> int:
        cell = self._path.pop()
        self._candidates.pop()
        self._next_candidate.pop()
        self._visited[cell] = 0
        degree = self._free_degree
        for around in self._neighbours[cell]:
            degree[around] += 1
        return cell

    def _choose_candidates(self, cell: int) -> list[int]:
        """The moves from ``cell`` (just visited) worth trying, in the order to try them.

        Computed once when the knight arrives: when the search comes back to this level the
        board beyond it is restored, so the list is still right.
        """
        if not self._project_rules:
            return choose_candidates(self._rules, self._tables[self.order_index][cell], self._visited,
                                     self._free_degree, self._neighbours, self._cells - len(self._path) - 1,
                                     self._use_blocked_cells, self._use_warnsdorff)
        visited = self._visited
        candidates = [t for t in self._tables[self.order_index][cell] if not visited[t]]
        if self._use_blocked_cells:
            free_after_move = self._cells - len(self._path) - 1
            candidates = [t for t in candidates if not self._blocks_a_cell(t, free_after_move)]
        if self._use_warnsdorff:
            # A stable sort keeps the move order among cells with equally many onward moves.
            candidates.sort(key=self._free_degree.__getitem__)
        return candidates

    def _blocks_a_cell(self, target: int, free_after_move: int) -> bool:
        """Optimization 2: would moving to ``target`` cut off a free cell or a pair of them?

        A free neighbour of the target left with no free neighbour can be entered (from the
        target) but not left, so it must be the last cell: allowed only on the penultimate move.
        Two free cells that are each other's only free neighbour can be entered but not left
        either, so they must be the last two cells.
        """
        visited = self._visited
        degree = self._free_degree
        neighbours = self._neighbours
        for cell in neighbours[target]:
            if visited[cell]:
                continue
            exits = degree[cell] - 1  # the target is about to be visited
            if exits == 0:
                if free_after_move != 1:
                    return True
            elif exits == 1 and free_after_move != 2:
                partner = next(c for c in neighbours[cell] if c != target and not visited[c])
                partner_exits = degree[partner] - (target in neighbours[partner])
                if partner_exits == 1:
                    return True
        return False
