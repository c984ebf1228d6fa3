"""The one model behind the three Las Vegas implementations (Brassard & Bratley's `queensLV`).

An attempt fills the columns 1, 2, ..., N in order (the document fills rows; transposing the board
changes nothing and keeps the result in this package's "row of the queen in column c" form).
The first k queens are put at random: the column is scanned once from row 1 to row N, the free
cells are counted as they are met, and the i-th free cell replaces the current choice with
probability 1/i, which leaves every free cell chosen with probability 1/(number of free cells).
A column without a free cell ends the attempt (a dead end). With k < N the remaining columns are
then filled by ordinary backtracking, which may move only the queens it placed itself; if it runs
out of rows the attempt fails. k = N is the pure Las Vegas algorithm, k = 0 plain backtracking.

All randomness comes from one `random.Random(seed)` owned by this model and drawn only here, in
the same order whichever control structure drives the model: the implementations agree draw for
draw, hence event for event.

Events (the same stream from the iterative, recursive and automaton implementations):

    ("attempt", a)        attempt number a starts on an empty board (a = 1, 2, ...)
    ("place", col, row)   a queen is put on column `col`, row `row` (at random or by backtracking)
    ("remove", col, row)  backtracking takes the queen on column `col`, row `row` back
    ("dead_end", col)     a random placement finds no free cell in column `col`
    ("failure", a)        attempt a ends without a solution (after a dead end, or when backtracking
                          has tried every row above the random queens)
    ("solution", rows)    attempt succeeded; `rows` is the placement, rows by column

Nodes are counted as in Brassard & Bratley: the empty board is one node, every queen put on the
board one more.
"""

from __future__ import annotations

import random
from typing import Protocol

from automata.errors import InputError
from automata.runtime.events import Observer

from solvers.queens.algorithms import QueensOptions, QueensResult, check_board


class LasVegasModel:
    """The board, the random source and the counters of a run of Las Vegas attempts."""

    def __init__(
        self,
        n: int,
        random_queens: int,
        seed: int | None,
        observer: Observer,
        attempts_allowed: int | None,
        successes_wanted: int | None,
    ) -> None:
        self.n = n
        self.random_queens = random_queens
        self._rng = random.Random(seed)
        self._observer = observer
        self._attempts_allowed = attempts_allowed
        self._successes_wanted = successes_wanted
        self.rows: list[int] = []  # rows of the queens in columns 1..len(rows)
        self._row_taken = [False] * (n + 1)
        self._ascending_taken = [False] * (2 * n + 1)  # index column - row + n
        self._descending_taken = [False] * (2 * n + 2)  # index column + row
        self._last_tried = [0] * (n + 2)  # backtracking: the last row tried in each column
        self.solutions: list[tuple[int, ...]] = []
        self.attempt = 0
        self.attempt_nodes = 0
        self.nodes = 0
        self.success_nodes = 0
        self.failure_nodes = 0
        self.dead_ends = 0
        self.draws = 0

    # --- the board ------------------------------------------------------------------------------

    def _is_free(self, col: int, row: int) -> bool:
        return not (
            self._row_taken[row]
            or self._ascending_taken[col - row + self.n]
            or self._descending_taken[col + row]
        )

    def _put(self, row: int) -> None:
        col = len(self.rows) + 1
        self.rows.append(row)
        self._row_taken[row] = True
        self._ascending_taken[col - row + self.n] = True
        self._descending_taken[col + row] = True
        self._last_tried[col + 1] = 0  # the next column is entered afresh
        self.attempt_nodes += 1
        self._observer.emit("place", col, row)

    def _clear_board(self) -> None:
        for col, row in enumerate(self.rows, start=1):
            self._row_taken[row] = False
            self._ascending_taken[col - row + self.n] = False
            self._descending_taken[col + row] = False
        self.rows.clear()
        self._last_tried[1] = 0

    @property
    def next_column(self) -> int:
        return len(self.rows) + 1

    # --- attempts -------------------------------------------------------------------------------

    def may_start_attempt(self) -> bool:
        """Another attempt is allowed: solutions are still wanted and the attempt budget is not spent."""
        if self._successes_wanted is not None and len(self.solutions) >= self._successes_wanted:
            return False
        return self._attempts_allowed is None or self.attempt < self._attempts_allowed

    def start_attempt(self) -> None:
        """Empty the board and count a new attempt; the empty board is its first node."""
        self._clear_board()
        self.attempt += 1
        self.attempt_nodes = 1
        self._observer.emit("attempt", self.attempt)

    def is_complete(self) -> bool:
        """All N queens stand on the board."""
        return len(self.rows) == self.n

    def places_at_random(self) -> bool:
        """The next queen is one of the first k, placed at random."""
        return len(self.rows) < self.random_queens

    def record_solution(self) -> None:
        """The attempt succeeded: keep the placement and its node count."""
        rows = tuple(self.rows)
        self.solutions.append(rows)
        self._close_attempt(success=True)
        self._observer.emit("solution", rows)

    def record_failure(self) -> None:
        """The attempt failed: count its nodes with the failures."""
        self._close_attempt(success=False)
        self._observer.emit("failure", self.attempt)

    def _close_attempt(self, *, success: bool) -> None:
        self.nodes += self.attempt_nodes
        if success:
            self.success_nodes += self.attempt_nodes
        else:
            self.failure_nodes += self.attempt_nodes

    # --- the random phase -----------------------------------------------------------------------

    def next_column_has_free_cell(self) -> bool:
        """Some cell of the next column is attacked by no queen."""
        col = self.next_column
        return any(self._is_free(col, row) for row in range(1, self.n + 1))

    def place_at_random(self) -> None:
        """One pass down the next column: the i-th free cell met becomes the choice with probability 1/i.

        Exactly one random number is drawn per free cell (the document's `uniform(1, free) = 1`),
        which is what keeps every implementation on the same random sequence.
        """
        col = self.next_column
        free = 0
        choice = 0
        for row in range(1, self.n + 1):
            if self._is_free(col, row):
                free += 1
                if self._rng.randrange(free) == 0:
                    choice = row
        self.draws += free
        self._put(choice)

    def report_dead_end(self) -> None:
        """The next column has no free cell: this attempt gives up."""
        self.dead_ends += 1
        self._observer.emit("dead_end", self.next_column)

    # --- the backtracking phase -----------------------------------------------------------------

    def _next_untried_row(self) -> int:
        """The lowest free row of the next column above the last one tried there, 0 when none."""
        col = self.next_column
        for row in range(self._last_tried[col] + 1, self.n + 1):
            if self._is_free(col, row):
                return row
        return 0

    def has_untried_row(self) -> bool:
        """Backtracking can still try a free row in the next column."""
        return self._next_untried_row() != 0

    def place_next_untried(self) -> None:
        """Put a queen on the next untried free row of the next column."""
        row = self._next_untried_row()
        self._last_tried[self.next_column] = row
        self._put(row)

    def can_take_back(self) -> bool:
        """The last queen was placed by backtracking (random queens are never moved)."""
        return len(self.rows) > self.random_queens

    def take_back(self) -> None:
        """Remove the last queen; its column will continue with the rows above it."""
        col = len(self.rows)
        row = self.rows.pop()
        self._row_taken[row] = False
        self._ascending_taken[col - row + self.n] = False
        self._descending_taken[col + row] = False
        self._observer.emit("remove", col, row)

    # --- the outcome ----------------------------------------------------------------------------

    def stats(self) -> tuple[tuple[str, int], ...]:
        return (
            ("attempts", self.attempt),
            ("successes", len(self.solutions)),
            ("nodes", self.nodes),
            ("success_nodes", self.success_nodes),
            ("failure_nodes", self.failure_nodes),
            ("dead_ends", self.dead_ends),
            ("random_draws", self.draws),
        )


def check_options(opts: QueensOptions) -> None:
    """Refuse options that mean nothing, or that would make the attempts go on forever."""
    check_board(opts)
    n = opts.n
    k = _random_queens(opts)
    if not 0 <= k <= n:
        raise InputError(f"--random-queens must be between 0 and {n} on a {n}x{n} board; got {k}")
    if opts.attempts is not None and opts.attempts < 1:
        raise InputError(f"--attempts must be at least 1; got {opts.attempts}")
    if opts.limit is not None and opts.limit < 1:
        raise InputError(f"--limit must be at least 1; got {opts.limit}")
    if opts.attempts is None and n in (2, 3):
        raise InputError(
            f"no placement of {n} queens on a {n}x{n} board exists, so Las Vegas attempts would never "
            "succeed; pass --attempts to simulate a fixed number of them"
        )


def _random_queens(opts: QueensOptions) -> int:
    return opts.n if opts.random_queens is None else opts.random_queens


def new_model(opts: QueensOptions, observer: Observer) -> LasVegasModel:
    """Check the options and build the shared model."""
    check_options(opts)
    wanted = opts.limit if opts.limit is not None else (1 if opts.attempts is None else None)
    return LasVegasModel(opts.n, _random_queens(opts), opts.seed, observer, opts.attempts, wanted)


def result_of(model: LasVegasModel) -> QueensResult:
    return QueensResult(solutions=tuple(model.solutions), count=len(model.solutions), stats=model.stats())


# The programs are written in the spec's questions and actions (`LasVegasSteps`): they run on the
# model itself where speed counts (simulations of many attempts), or on the automaton's context
# (solvers/queens/las_vegas/automaton.py), whose methods have the same names, where a plain
# implementation's calls are watched (its protocol, its call budget).

class LasVegasSteps(Protocol):
    """The questions and actions the Las Vegas programs are written in."""

    def may_start_attempt(self) -> bool: ...
    def is_complete(self) -> bool: ...
    def places_at_random(self) -> bool: ...
    def next_column_has_free_cell(self) -> bool: ...
    def has_untried_row(self) -> bool: ...
    def can_take_back(self) -> bool: ...
    def start_attempt(self) -> None: ...
    def place_at_random(self) -> None: ...
    def report_dead_end(self) -> None: ...
    def place_next_untried(self) -> None: ...
    def take_back(self) -> None: ...
    def record_solution(self) -> None: ...
    def record_failure(self) -> None: ...
