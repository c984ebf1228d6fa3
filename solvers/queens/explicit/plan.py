"""The explicit O(N) construction of one N-queens solution, as a short plan of runs of rows.

The rule (REFERENCE.md §4), with r = N mod 12, writes the rows of columns 1, 2, ..., N as a list:

1. the even numbers 2, 4, ..., N; if r is 3 or 9, 2 moves to the end of them;
2. then the odd numbers 1, 3, ..., N, except that
   - r = 8: each adjacent pair is swapped (3, 1, 7, 5, 11, 9, ...);
   - r = 2: 1 and 3 are swapped and 5 moves to the end (3, 1, 7, 9, ..., 5);
   - r = 3 or 9: 1 and then 3 move to the end (5, 7, ..., N, 1, 3).

Every part of that list is an arithmetic progression (or, for r = 8, a progression read in swapped
pairs), so the plan is a tuple of at most five `Run`s and the list is produced in O(N).

Note that the source document's worked example for N = 8 prints 2,4,6,8,1,3,5,7, forgetting the
r = 8 pair swap; that placement is *not* a solution (b4 and e1 share a diagonal). The rule gives
2,4,6,8,3,1,7,5.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from automata.errors import InputError

Stage = Literal["even", "odd", "moved"]

NO_SOLUTION = {
    2: "on a 2x2 board a queen attacks all three other cells, so a second queen has nowhere to go",
    3: "on a 3x3 board at most two queens can stand without attacking each other",
}


@dataclass(frozen=True)
class Run:
    """`count` rows `first`, `first + step`, ... (read in swapped pairs when `swapped_pairs`).

    `stage` says which part of the rule produced it: the even rows, the odd rows, or rows moved
    by the remainder-specific rule (2 to the end of the evens, 3 and 1 swapped, 5 or 1 and 3 to
    the end).
    """

    stage: Stage
    first: int
    step: int
    count: int
    swapped_pairs: bool = False

    def row(self, index: int) -> int:
        """The row at 0-based position `index` of this run."""
        if self.swapped_pairs:
            index = index + 1 if index % 2 == 0 else index - 1
        return self.first + self.step * index

    def rows(self) -> list[int]:
        if not self.swapped_pairs:
            return list(range(self.first, self.first + self.step * self.count, self.step))
        return [self.row(index) for index in range(self.count)]

    def describe(self) -> str:
        shown = [self.row(index) for index in range(min(self.count, 3))]
        text = ", ".join(map(str, shown))
        if self.count > 4:
            text += f", ..., {self.row(self.count - 1)}"
        elif self.count == 4:
            text += f", {self.row(3)}"
        label = {"even": "even rows", "odd": "odd rows", "moved": "rows moved by the remainder rule"}[self.stage]
        pairs = " in swapped pairs" if self.swapped_pairs else ""
        return f"{label}{pairs}: {text}"


def check_size(n: int) -> None:
    """Raise InputError unless an N-queens solution exists (N = 1 or N >= 4)."""
    if n < 1:
        raise InputError(f"the board size must be at least 1; got {n}")
    if n in NO_SOLUTION:
        raise InputError(f"no solution exists for N = {n}: {NO_SOLUTION[n]}")


def plan(n: int) -> tuple[Run, ...]:
    """The runs whose concatenation is the construction's list of rows for N."""
    check_size(n)
    if n == 1:
        return (Run("odd", 1, 2, 1),)
    remainder = n % 12
    evens = n // 2
    odds = n - evens
    if remainder in (3, 9):
        return (
            Run("even", 4, 2, evens - 1),
            Run("moved", 2, 2, 1),
            Run("odd", 5, 2, odds - 2),
            Run("moved", 1, 2, 2),
        )
    if remainder == 8:
        return (Run("even", 2, 2, evens), Run("odd", 1, 2, odds, swapped_pairs=True))
    if remainder == 2:
        return (
            Run("even", 2, 2, evens),
            Run("moved", 3, -2, 2),
            Run("odd", 7, 2, odds - 3),
            Run("moved", 5, 2, 1),
        )
    return (Run("even", 2, 2, evens), Run("odd", 1, 2, odds))


def construct(n: int) -> list[int]:
    """One solution for N queens: the row of the queen in each column 1..N, in O(N)."""
    rows: list[int] = []
    for run in plan(n):
        rows.extend(run.rows())
    return rows
