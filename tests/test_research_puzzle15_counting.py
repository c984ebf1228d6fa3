"""The counting study's plain IDA* counts like the shipped search in Korf's order, and differently otherwise."""

from __future__ import annotations

import random

from automata.runtime.events import NullObserver
from research.puzzle15_counting.conventions import KORF_ORDER, count
from solvers.puzzle15 import iterative
from solvers.puzzle15.program import random_walk


def test_korfs_order_counts_like_the_shipped_search() -> None:
    chance = random.Random(1985)
    for size, moves in ((3, 30), (3, 40), (4, 30), (4, 44)):
        start = random_walk(size, moves, chance)
        result = iterative.solve(start, NullObserver())
        assert count(start, KORF_ORDER) == (result.length, result.generated)
        length, whole = count(start, KORF_ORDER, whole_last_iteration=True)
        assert length == result.length and whole >= result.generated


def test_another_order_finds_the_same_length_with_another_count() -> None:
    start = (0, 1, 6, 3, 8, 2, 4, 7, 5)  # 20 moves, 1,913 nodes in Korf's order
    assert count(start, KORF_ORDER) == (20, 1913)
    assert count(start, ("down", "right", "left", "up"))[0] == 20
    assert count(start, ("down", "right", "left", "up"))[1] != 1913
