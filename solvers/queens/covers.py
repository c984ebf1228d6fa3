"""N solutions that together cover the whole N×N board: Pólya's doubly periodic construction.

For a multiplier a, the placement "row = a·col + b (mod N)" puts one queen in every row when a is
prime to N, and no two on a diagonal when a - 1 and a + 1 are prime to N as well (two queens on a
common diagonal would need (a ∓ 1)(c1 - c2) ≡ 0 mod N). The N shifts b = 0..N-1 then place
exactly one queen on every cell, since a cell (c, r) lies on the shift b = r - a·c only. Such a
exists precisely when N is divisible neither by 2 nor by 3 (a = 2 always works then; if 2 | N or
3 | N one of a - 1, a, a + 1 shares that factor with N).

The source document claims covers exist *only* when gcd(N, 6) = 1. That is wrong: it holds for
these doubly periodic covers, but N = 12 can be covered by 12 solutions that are not all shifts of
one linear placement (OEIS A168553). Among N = 4..11 covers exist exactly for N = 5, 7 and 11.
This module builds the periodic covers only, and says so when asked for another N.
"""

from __future__ import annotations

import math

from automata.errors import InputError

from solvers.queens.board import check_placement


def multiplier(n: int) -> int:
    """The smallest a with a - 1, a and a + 1 all prime to N (2 whenever gcd(N, 6) = 1)."""
    if n < 1:
        raise InputError(f"the board size must be at least 1; got {n}")
    if math.gcd(n, 6) != 1:
        factor = 2 if n % 2 == 0 else 3
        raise InputError(
            f"N = {n} is divisible by {factor}, so no multiplier a has a - 1, a and a + 1 all prime to N "
            "and Polya's periodic cover (row = a*col + b mod N) does not exist; choose N prime to 6 "
            "(5, 7, 11, 13, ...). Covers of other shapes exist for some such N (N = 12) but are not built here"
        )
    a = 2
    while math.gcd((a - 1) * a * (a + 1), n) != 1:  # never loops for gcd(N, 6) = 1; kept honest
        a += 1
    return a


def periodic_solution(n: int, a: int, shift: int) -> tuple[int, ...]:
    """The placement row = a·col + shift (mod N), written 1-based (columns and rows 1..N)."""
    return tuple((a * col + shift) % n + 1 for col in range(1, n + 1))


def covering_solutions(n: int) -> list[tuple[int, ...]]:
    """N solutions whose queens, superimposed, stand on every cell of the board exactly once.

    Each solution and the cover are checked before they are returned: the construction's proof is
    short, but the check is O(N²) and settles it for the N actually asked for.
    """
    a = multiplier(n)
    solutions = [periodic_solution(n, a, shift) for shift in range(n)]
    covered = [[False] * (n + 1) for _ in range(n + 1)]
    for rows in solutions:
        attack = check_placement(rows)
        if attack is not None:  # would mean the number theory above is wrong
            raise AssertionError(f"periodic placement {rows} is not a solution: {attack.describe()}")
        for col, row in enumerate(rows, start=1):
            if covered[col][row]:
                raise AssertionError(f"cell (column {col}, row {row}) is covered twice")
            covered[col][row] = True
    return solutions
