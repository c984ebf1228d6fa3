"""The one model behind the three implementations of the explicit construction.

The construction is not a search, but it is written as one so that it can be traced, verified and
drawn like the others: the model walks the plan of `plan.py` run by run and queen by queen.

Events (the same stream from the iterative, recursive and automaton implementations):

    ("run", stage, text)   the next run of rows starts; `stage` is "even", "odd" or "moved",
                           `text` describes it ("even rows: 2, 4, 6, ..., 14")
    ("place", col, row)    the queen of column `col` goes to row `row`
    ("solution", rows)     all N queens stand; `rows` is the placement, rows by column

Nodes are counted like the searches count them: the empty board plus one per queen placed.
"""

from __future__ import annotations

from typing import Protocol

from automata.runtime.events import Observer

from solvers.queens.algorithms import QueensOptions, QueensResult
from solvers.queens.explicit.plan import Run, check_size, plan


class ExplicitModel:
    """The plan, the position reached in it and the rows placed so far."""

    def __init__(self, n: int, observer: Observer) -> None:
        self.n = n
        self.plan: tuple[Run, ...] = plan(n)
        self._observer = observer
        self._run_index = -1  # no run started yet
        self._placed_in_run = 0
        self.rows: list[int] = []

    def _following_run(self) -> Run | None:
        index = self._run_index + 1
        return self.plan[index] if index < len(self.plan) else None

    def _next_run_is(self, stage: str) -> bool:
        run = self._following_run()
        return run is not None and run.stage == stage

    # --- reading --------------------------------------------------------------------------------

    def has_row_left_in_run(self) -> bool:
        """The current run still has rows to place."""
        return self._run_index >= 0 and self._placed_in_run < self.plan[self._run_index].count

    def has_next_run(self) -> bool:
        return self._following_run() is not None

    def next_run_is_even(self) -> bool:
        return self._next_run_is("even")

    def next_run_is_odd(self) -> bool:
        return self._next_run_is("odd")

    def next_run_is_moved(self) -> bool:
        return self._next_run_is("moved")

    def rows_left_in_run(self) -> int:
        return self.plan[self._run_index].count - self._placed_in_run

    # --- acting ---------------------------------------------------------------------------------

    def start_next_run(self) -> None:
        self._run_index += 1
        self._placed_in_run = 0
        run = self.plan[self._run_index]
        self._observer.emit("run", run.stage, run.describe())

    def place_next_queen(self) -> None:
        """Put the queen of the next column on the current run's next row."""
        row = self.plan[self._run_index].row(self._placed_in_run)
        self._placed_in_run += 1
        self.rows.append(row)
        self._observer.emit("place", len(self.rows), row)

    def finish(self) -> None:
        """Every run is placed: report the solution."""
        self._observer.emit("solution", tuple(self.rows))

    def stats(self) -> tuple[tuple[str, int], ...]:
        return (("nodes", len(self.rows) + 1), ("runs", len(self.plan)), ("remainder", self.n % 12))


def check_options(opts: QueensOptions) -> None:
    """The construction needs a board with a solution: N = 1 or N >= 4."""
    check_size(opts.n)


def result_of(model: ExplicitModel) -> QueensResult:
    return QueensResult(solutions=(tuple(model.rows),), count=1, stats=model.stats())


# The programs are written in `ExplicitSteps`: they run on the model itself (a million queens), or
# on the automaton's context (solvers/queens/explicit/automaton.py), whose methods have the same
# names, where a plain implementation's calls are watched (its protocol, its call budget).
# `has_next_run` and `rows_left_in_run` are not the spec's: the automaton asks which kind of run
# comes next instead, and does not count rows.

class ExplicitSteps(Protocol):
    """The questions and actions the construction's plain programs are written in."""

    def has_next_run(self) -> bool: ...
    def has_row_left_in_run(self) -> bool: ...
    def rows_left_in_run(self) -> int: ...
    def start_next_run(self) -> None: ...
    def place_next_queen(self) -> None: ...
    def finish(self) -> None: ...
