"""Where a stepper or a player can go from a position of a recorded run of a system of automata.

A run is recorded as the list of every step of every automaton in the order the steps ended
(automata/runtime/trace.py): a step of A0 that calls A1 ends after A1's steps, so A1's steps come
first, at depth 1. Position p of the run is "the first p steps have been taken"; the step shown
there is step p - 1 of the list. Like a debugger the viewers move three ways:

- **into**: the next step, of whichever automaton takes it (p + 1);
- **over**: the next step at the depth of the one shown or above: the steps of the automata it
  calls or nests are taken without stopping;
- **out**: the next step above the depth of the one shown: the rest of this automaton's work for
  the step of the one that runs it.

A step's *parent* is the step of the automaton one level up during which it happened: the first
step after it in the list that is less deep. The chain of parents says where a position is
(`A0 › A1`).
"""

from __future__ import annotations

from collections.abc import Sequence


def parents(depths: Sequence[int]) -> list[int]:
    """For each step, the index of its parent step (-1 for a step of the root)."""
    nearest: dict[int, int] = {}  # depth -> the nearest later step at that depth, none shallower between
    found = [-1] * len(depths)
    for index in range(len(depths) - 1, -1, -1):
        depth = depths[index]
        found[index] = nearest.get(depth - 1, -1) if depth > 0 else -1
        for deeper in [key for key in nearest if key > depth]:
            del nearest[deeper]
        nearest[depth] = index
    return found


def _next_at_most(depths: Sequence[int], shallower: bool) -> list[int]:
    """For each position p: the first position q > p whose step is at most as deep as position p's
    (strictly less deep when `shallower`); the last position when there is none."""
    total = len(depths)
    targets = [total] * (total + 1)
    upcoming: dict[int, int] = {}  # depth -> the first later position whose step has that depth
    for position in range(total, -1, -1):
        depth = depths[position - 1] if position > 0 else 0
        limit = depth - 1 if shallower and position > 0 else depth
        candidates = [later for at, later in upcoming.items() if at <= limit]
        targets[position] = min(candidates) if candidates else total
        if position > 0:
            upcoming[depth] = position
    return targets


def over_targets(depths: Sequence[int]) -> list[int]:
    return _next_at_most(depths, shallower=False)


def out_targets(depths: Sequence[int]) -> list[int]:
    return _next_at_most(depths, shallower=True)


def path_of(parent: Sequence[int], index: int) -> list[int]:
    """The steps under way at step `index`: its ancestors from the root's down, then itself."""
    chain = [index]
    while parent[chain[-1]] >= 0:
        chain.append(parent[chain[-1]])
    return chain[::-1]
