"""Case functions for tests/test_sweep.py: module-level, so worker processes can import them."""

from __future__ import annotations

import time


def late_first(case: tuple[int, int]) -> int:
    """The earlier the case, the longer it sleeps: cases finish in reverse order."""
    index, total = case
    time.sleep(0.002 * (total - index))
    return index * index


def slow_square(n: int) -> int:
    # Slow enough that 300 of them (15 s on two workers) cannot all finish before the test's Ctrl-C,
    # however late a loaded machine delivers the first progress lines.
    time.sleep(0.1)
    return n * n


def fail_on_seven(n: int) -> int:
    if n == 7:
        raise ValueError("case 7 failed")
    return n
