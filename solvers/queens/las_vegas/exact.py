"""Exact performance of the Las Vegas algorithm and its hybrids, by walking the probability tree.

For k random queens the tree's inner nodes are the placements of fewer than k queens reachable by
the random phase; a node with f free cells in its next column has f children, each reached with
probability 1/f, and none when f = 0 (a dead end). A placement of k queens is handed to
deterministic backtracking, whose outcome (solution or not, nodes visited) is computed directly.
Summing over the leaves with exact fractions gives Brassard & Bratley's figures:

    p  probability that an attempt succeeds
    s  expected nodes of a successful attempt
    e  expected nodes of a failed attempt
    t  expected nodes until the first success, s + e (1 - p) / p
       (the attempts before the first success number (1 - p) / p on average)

This module deliberately shares no code with the model (model.py): it is an independent derivation, so that
a simulation of the model landing on these numbers checks both. The walk visits every placement
the random phase can reach, so it is meant for small boards (N <= 12 or so).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from automata.errors import InputError

Rows = tuple[int, ...]


@dataclass(frozen=True)
class Exact:
    """Brassard & Bratley's p, s, e, t for N queens with k queens placed at random."""

    n: int
    random_queens: int
    p: Fraction
    s: Fraction | None  # None when no attempt can succeed (p = 0)
    e: Fraction | None  # None when no attempt can fail (p = 1)
    t: Fraction | None  # None when p = 0: the algorithm never stops

    def as_dict(self) -> dict[str, object]:
        """Floats for reading and exact fractions as strings ("p_exact": "1/8") for checking."""

        def number(value: Fraction | None) -> float | None:
            return None if value is None else float(value)

        def text(value: Fraction | None) -> str | None:
            return None if value is None else str(value)

        return {
            "n": self.n,
            "random_queens": self.random_queens,
            "p": number(self.p),
            "s": number(self.s),
            "e": number(self.e),
            "t": number(self.t),
            "p_exact": text(self.p),
            "s_exact": text(self.s),
            "e_exact": text(self.e),
            "t_exact": text(self.t),
            # attempts until the first success, on average (the failed ones and the successful one)
            "attempts": None if self.p == 0 else float(1 / self.p),
        }


def _free_rows(rows: Rows, n: int) -> list[int]:
    col = len(rows) + 1
    return [
        row
        for row in range(1, n + 1)
        if all(row != other and abs(row - other) != col - other_col for other_col, other in enumerate(rows, start=1))
    ]


def _backtrack(rows: Rows, n: int) -> tuple[bool, int]:
    """Depth-first search below `rows` in row order: (found a solution?, queens placed on the way)."""
    if len(rows) == n:
        return True, 0
    placed = 0
    for row in _free_rows(rows, n):
        found, below = _backtrack(rows + (row,), n)
        placed += 1 + below
        if found:
            return True, placed
    return False, placed


def exact(n: int, random_queens: int | None = None) -> Exact:
    """Exact p, s, e, t for N queens with `random_queens` placed at random (None = all N: pure Las Vegas)."""
    if n < 1:
        raise InputError(f"the board size must be at least 1; got {n}")
    k = n if random_queens is None else random_queens
    if not 0 <= k <= n:
        raise InputError(f"the number of random queens must be between 0 and {n}; got {k}")

    success_mass = Fraction(0)
    success_nodes = Fraction(0)  # sum of probability * nodes over successful leaves
    failure_nodes = Fraction(0)

    def walk(rows: Rows, probability: Fraction) -> None:
        nonlocal success_mass, success_nodes, failure_nodes
        nodes_so_far = 1 + len(rows)  # the empty board and each queen placed
        if len(rows) == k:
            found, placed = _backtrack(rows, n)
            if found:
                success_mass += probability
                success_nodes += probability * (nodes_so_far + placed)
            else:
                failure_nodes += probability * (nodes_so_far + placed)
            return
        free = _free_rows(rows, n)
        if not free:
            failure_nodes += probability * nodes_so_far
            return
        share = probability / len(free)
        for row in free:
            walk(rows + (row,), share)

    walk((), Fraction(1))
    p = success_mass
    s = success_nodes / p if p else None
    e = failure_nodes / (1 - p) if p != 1 else None
    if p == 0:
        t = None
    elif p == 1:
        t = s
    else:
        assert s is not None and e is not None
        t = s + e * (1 - p) / p
    return Exact(n=n, random_queens=k, p=p, s=s, e=e, t=t)


def exact_table(n: int) -> list[Exact]:
    """The hybrid table for k = 0..N (k = 0 plain backtracking, k = N pure Las Vegas)."""
    return [exact(n, k) for k in range(n + 1)]
