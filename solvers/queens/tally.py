"""What every enumerating queens search reports and counts, kept in one place.

The event vocabulary, identical for the iterative, recursive and automaton implementations:

    ("place", col, row)   a queen is put on column `col`, row `row` by a choice of the search
    ("force", col, row)   (mrv) a queen is put on the only free cell left in some row or column
    ("remove", col, row)  the queen on column `col`, row `row` is taken back
    ("solution", rows)    all n queens stand; `rows` is the tuple of rows by column
    ("dead_end",)         the placement cannot be extended: backtracking and prolog find no free
                          row in the column to fill; mrv finds a row or column without a free cell

Nodes are counted the way the N×N document counts them: the empty board is one node and every
queen put on the board (chosen or forced) is one more.
"""

from __future__ import annotations

from automata.runtime.events import Observer

from solvers.queens.algorithms import ENOUGH, EXHAUSTED, QueensResult


class Tally:
    """Counters, solutions and the solution limit of one search run; emits the events above."""

    __slots__ = ("_observer", "_limit", "solutions", "choices", "forced", "dead_ends", "branch_points")

    def __init__(self, observer: Observer, limit: int | None) -> None:
        self._observer = observer
        self._limit = limit
        self.solutions: list[tuple[int, ...]] = []
        self.choices = 0
        self.forced = 0
        self.dead_ends = 0
        self.branch_points = 0  # mrv: how many times a line was chosen to branch on

    @property
    def nodes(self) -> int:
        """The empty board, and every queen put on the board."""
        return 1 + self.choices + self.forced

    def placed(self, col: int, row: int) -> None:
        self.choices += 1
        self._observer.emit("place", col, row)

    def forced_placed(self, col: int, row: int) -> None:
        self.forced += 1
        self._observer.emit("force", col, row)

    def removed(self, col: int, row: int) -> None:
        self._observer.emit("remove", col, row)

    def solution(self, rows: tuple[int, ...]) -> None:
        self.solutions.append(rows)
        self._observer.emit("solution", rows)

    def dead_end(self) -> None:
        self.dead_ends += 1
        self._observer.emit("dead_end")

    def has_enough(self) -> bool:
        """True once the requested number of solutions has been found."""
        return self._limit is not None and len(self.solutions) >= self._limit

    def result(self, *, with_branch_points: bool = False) -> QueensResult:
        stats = [("nodes", self.nodes), ("choices", self.choices), ("forced", self.forced), ("dead_ends", self.dead_ends)]
        if with_branch_points:
            stats.append(("branch_points", self.branch_points))
        # The references stop as soon as they have enough, so a search that has enough stopped for that.
        outcome = ENOUGH if self.has_enough() else EXHAUSTED
        return QueensResult(solutions=tuple(self.solutions), count=len(self.solutions), stats=tuple(stats),
                            outcome=outcome)
