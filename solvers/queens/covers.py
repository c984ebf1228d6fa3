"""N solutions that together cover the whole N×N board: Pólya's doubly periodic construction.

For a multiplier a, the placement "row = a·col + b (mod N)" puts one queen in every row when a is
prime to N, and no two on a diagonal when a - 1 and a + 1 are prime to N as well (two queens on a
common diagonal would need (a ∓ 1)(c1 - c2) ≡ 0 mod N). The N shifts b = 0..N-1 then place
exactly one queen on every cell, since a cell (c, r) lies on the shift b = r - a·c only. Such a
exists precisely when N is divisible neither by 2 nor by 3 (a = 2 always works then; if 2 | N or
3 | N one of a - 1, a, a + 1 shares that factor with N).

The source document claims covers exist *only* when gcd(N, 6) = 1. That holds for these doubly
periodic covers; whether other covers exist for other N is settled here by `find_cover`, an exact
search over all the N-queens solutions: among N = 4..11 covers exist exactly for N = 5, 7 and 11
(the search proves the others have none), and for N = 12 see COVER_12 below.
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
            "(5, 7, 11, 13, ...) or N = 12, which has a cover of another shape (found by an exact search); "
            "for N = 4, 6, 8, 9 and 10 the search proves there is none"
        )
    a = 2
    while math.gcd((a - 1) * a * (a + 1), n) != 1:  # never loops for gcd(N, 6) = 1; kept honest
        a += 1
    return a


def periodic_solution(n: int, a: int, shift: int) -> tuple[int, ...]:
    """The placement row = a·col + shift (mod N), written 1-based (columns and rows 1..N)."""
    return tuple((a * col + shift) % n + 1 for col in range(1, n + 1))


def covering_solutions(n: int) -> list[tuple[int, ...]]:
    """N solutions whose queens, superimposed, stand on every cell of the board exactly once:
    Pólya's periodic cover for N prime to 6, COVER_12 for N = 12.

    Each solution and the cover are checked before they are returned: the construction's proof is
    short, but the check is O(N²) and settles it for the N actually asked for.
    """
    if n == 12:
        solutions = list(COVER_12)
    else:
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


COVER_12: tuple[tuple[int, ...], ...] = (
    (1, 3, 8, 6, 11, 9, 5, 12, 4, 7, 10, 2), (10, 4, 6, 8, 2, 11, 1, 7, 5, 3, 9, 12),
    (9, 6, 12, 2, 8, 3, 7, 4, 10, 1, 5, 11), (3, 8, 4, 11, 9, 2, 12, 5, 7, 10, 1, 6),
    (4, 2, 9, 12, 10, 8, 6, 3, 1, 11, 7, 5), (7, 12, 2, 9, 6, 4, 10, 1, 3, 5, 11, 8),
    (2, 10, 7, 4, 12, 5, 9, 11, 6, 8, 3, 1), (12, 9, 3, 5, 7, 1, 11, 2, 8, 6, 4, 10),
    (11, 5, 1, 10, 4, 7, 3, 8, 2, 12, 6, 9), (6, 1, 10, 7, 5, 12, 2, 9, 11, 4, 8, 3),
    (5, 7, 11, 1, 3, 6, 8, 10, 12, 9, 2, 4), (8, 11, 5, 3, 1, 10, 4, 6, 9, 2, 12, 7),
)
"""Twelve 12-queens solutions with one queen on every cell of the 12×12 board, so the N×N text's
"only when N is divisible by neither 2 nor 3" is wrong at N = 12 (in agreement with the chromatic
number 12 of the 12×12 queen graph, M. Vasquez, "On the queen graph coloring problem"). Found by `find_cover(12, mirrored=True)` (about 40,000 search nodes,
15 s; `python3 -m research.queens_seed covers --n 12 --mirrored`): the last six are the left-right
mirror images of the first six. tests/test_queens_board_covers.py checks it."""


# ---- any cover, by exact search --------------------------------------------------------------------

def all_solutions(n: int) -> list[tuple[int, ...]]:
    """Every N-queens solution, as rows (1-based) of the queens in columns 1..N, in column-major order."""
    found: list[tuple[int, ...]] = []
    rows: list[int] = []

    def extend(col: int, used: int, rising: int, falling: int) -> None:
        if col == n:
            found.append(tuple(row + 1 for row in rows))
            return
        for row in range(n):
            if not (used >> row & 1 or rising >> (row + col) & 1 or falling >> (row - col + n) & 1):
                rows.append(row)
                extend(col + 1, used | 1 << row, rising | 1 << (row + col), falling | 1 << (row - col + n))
                rows.pop()

    extend(0, 0, 0, 0)
    return found


def find_cover(n: int, mirrored: bool = False) -> tuple[list[tuple[int, ...]] | None, int]:
    """N solutions that together hold every cell once, or None when there are none; and the number
    of search nodes. Exact: every cell needs one solution, so each node branches on the free cell
    that the fewest remaining solutions (those disjoint from the chosen ones) hold, and a node with
    a free cell no remaining solution holds has no cover below it. Practical up to N = 11.

    With ``mirrored``, only the covers that the left-right mirror maps onto themselves: each solution
    is chosen with its mirror image (never itself: its queens would pair up in rows). That smaller
    search finds a 12×12 cover in seconds (COVER_12); "None" then means no *mirrored* cover."""
    if n < 1:
        raise InputError(f"the board size must be at least 1; got {n}")
    solutions = all_solutions(n)
    cells = [[col * n + row - 1 for col, row in enumerate(rows)] for rows in solutions]
    masks = [sum(1 << cell for cell in held) for held in cells]
    if mirrored:  # the mirror of rows (r1, ..., rN) is (rN, ..., r1); a solution and its mirror go together
        index = {rows: number for number, rows in enumerate(solutions)}
        masks = [mask | masks[index[rows[::-1]]] for mask, rows in zip(masks, solutions)]
        cells = [held + cells[index[rows[::-1]]] for held, rows in zip(cells, solutions)]
    full = (1 << n * n) - 1
    nodes = 0

    def search(covered: int, remaining: list[int], chosen: list[int]) -> list[int] | None:
        nonlocal nodes
        nodes += 1
        if covered == full:
            return chosen
        holders = [0] * (n * n)
        for number in remaining:
            for cell in cells[number]:
                holders[cell] += 1
        cell = min((c for c in range(n * n) if not covered >> c & 1), key=holders.__getitem__)
        for number in remaining:
            if masks[number] >> cell & 1:
                mask = masks[number]
                found = search(covered | mask, [m for m in remaining if not masks[m] & mask], chosen + [number])
                if found is not None:
                    return found
        return None

    chosen = search(0, list(range(len(solutions))), [])
    if chosen is None:
        return None, nodes
    found = [solutions[number] for number in chosen]
    return (found + [rows[::-1] for rows in found] if mirrored else found), nodes


def is_cover(solutions: list[tuple[int, ...]]) -> bool:
    """N valid solutions of one N×N board with one queen on every cell."""
    n = len(solutions)
    if any(len(rows) != n or check_placement(rows) is not None for rows in solutions):
        return False
    return len({(col, row) for rows in solutions for col, row in enumerate(rows)}) == n * n
