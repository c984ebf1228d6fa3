"""The coarsest partition of a deterministic machine's states that its transitions respect:
Hopcroft's partition refinement, in the form Valmari and Lehtinen give it for machines with
partial transitions ("Efficient minimization of DFAs with partial transition functions", STACS
2008), in O(m log n) for m transitions and n states.

The machine is given as states 0..n-1, an initial partition (states that differ in what they
output on some letter already apart), and its transitions (source, letter, target); a letter with
no transition from a state is simply absent. Two states stay in one block exactly when, for every
letter, either neither has a transition or both lead into one block.

A block that is split is processed again only through its smaller half (the other half keeps the
block's number): each state is in a processed half at most log2(n) times, and processing a half
costs the transitions that enter it.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Refinement:
    block_of: list[int]  # the block number of each state
    visits: int  # transitions looked at while splitting: at most m * (log2(n) + 1)


def refine(size: int, blocks: Sequence[Sequence[int]], transitions: Iterable[tuple[int, Hashable, int]]) -> Refinement:
    """The coarsest refinement of `blocks` (which must cover states 0..size-1) that the transitions respect."""
    entering: list[list[tuple[Hashable, int]]] = [[] for _ in range(size)]  # target -> (letter, source)
    for source, letter, target in transitions:
        entering[target].append((letter, source))
    members: list[set[int]] = [set(block) for block in blocks if block]
    block_of = [0] * size
    for number, block in enumerate(members):
        for state in block:
            block_of[state] = number
    waiting = list(range(len(members)))  # the splitters still to process
    visits = 0
    while waiting:
        splitter = waiting.pop()
        sources: dict[Hashable, set[int]] = {}  # letter -> the states whose transition on it enters the splitter
        for target in list(members[splitter]):
            visits += len(entering[target])
            for letter, source in entering[target]:
                sources.setdefault(letter, set()).add(source)
        for found in sources.values():
            touched: dict[int, list[int]] = {}
            for state in found:
                touched.setdefault(block_of[state], []).append(state)
            for number, hit in touched.items():
                block = members[number]
                if len(hit) == len(block):
                    continue
                # Split: the smaller part moves to a new block and waits to be processed; the larger
                # keeps the number (and its place in the queue, if it was waiting).
                moved = set(hit) if 2 * len(hit) <= len(block) else block.difference(hit)
                block -= moved
                new = len(members)
                members.append(moved)
                for state in moved:
                    block_of[state] = new
                waiting.append(new)
    return Refinement(block_of, visits)
