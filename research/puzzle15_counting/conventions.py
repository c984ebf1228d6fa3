"""Which successor order and way of counting reproduce Korf's node counts?

    python3 -m research.puzzle15_counting.conventions [--instances 79,12,42] [--json]

For each instance, IDA* with the Manhattan distance is run once per order of the blank's four
moves (24 orders), counting nodes as the project does (the start node once, then every child
generated, no move back to the parent) with the last iteration stopped at the goal; and once with
the last iteration counted in full (every node within the last threshold, which no order
changes). The iterations before the last visit every node within their thresholds, so they
generate the same nodes in any order; only the last iteration depends on the order.
"""

from __future__ import annotations

import argparse
import itertools
import json
from collections.abc import Sequence
from dataclasses import dataclass

from solvers.puzzle15.korf100 import BY_NUMBER

UP, LEFT, RIGHT, DOWN = "up", "left", "right", "down"
STEPS = {UP: (-1, 0), LEFT: (0, -1), RIGHT: (0, 1), DOWN: (1, 0)}
KORF_ORDER = (UP, LEFT, RIGHT, DOWN)


def count(tiles: Sequence[int], order: Sequence[str], whole_last_iteration: bool = False) -> tuple[int, int]:
    """(solution length, nodes generated) of IDA* on `tiles` with the blank's moves tried in `order`."""
    size = round(len(tiles) ** 0.5)
    cells = size * size
    distance = [[abs(t // size - c // size) + abs(t % size - c % size) if t else 0 for c in range(cells)]
                for t in range(cells)]
    moves = []
    for blank in range(cells):
        row, col = divmod(blank, size)
        targets = [(row + STEPS[move][0]) * size + col + STEPS[move][1] for move in order
                   if 0 <= row + STEPS[move][0] < size and 0 <= col + STEPS[move][1] < size]
        moves.append(targets)
    board = list(tiles)
    generated = 1
    found = False

    def search(blank: int, parent: int, g: int, h: int, bound: int) -> int:
        """The smallest f beyond `bound` below this node (0 once the goal is found and not counting on)."""
        nonlocal generated, found
        smallest = 1 << 30
        for cell in moves[blank]:
            if cell == parent:
                continue
            tile = board[cell]
            child_h = h - distance[tile][cell] + distance[tile][blank]
            generated += 1
            if g + 1 + child_h > bound:
                smallest = min(smallest, g + 1 + child_h)
                continue
            if child_h == 0:
                found = True
                if not whole_last_iteration:
                    return 0
                continue
            board[blank], board[cell] = tile, 0
            beyond = search(cell, blank, g + 1, child_h, bound)
            board[blank], board[cell] = 0, tile
            if found and not whole_last_iteration:
                return 0
            smallest = min(smallest, beyond)
        return smallest

    h0 = sum(distance[tile][cell] for cell, tile in enumerate(board))
    bound = h0
    while h0:
        following = search(board.index(0), -1, 0, h0, bound)
        if found:
            break
        bound = following
    return bound, generated


@dataclass(frozen=True)
class Finding:
    instance: int
    paper: int
    by_order: dict[str, int]  # "up left right down" -> nodes, last iteration stopped at the goal
    whole_last_iteration: int

    @property
    def matching_orders(self) -> list[str]:
        return [order for order, nodes in self.by_order.items() if nodes == self.paper]


def study(number: int) -> Finding:
    instance = BY_NUMBER[number]
    by_order = {}
    for order in itertools.permutations(KORF_ORDER):
        length, nodes = count(instance.tiles, order)
        assert length == instance.length
        by_order[" ".join(order)] = nodes
    _, whole = count(instance.tiles, KORF_ORDER, whole_last_iteration=True)
    return Finding(number, instance.nodes, by_order, whole)


def markdown(findings: Sequence[Finding]) -> str:
    lines = ["| order of the blank's moves | " + " | ".join(f"instance {f.instance}" for f in findings) + " |",
             "|---|" + "---:|" * len(findings)]
    for order in findings[0].by_order:
        cells = [f"**{f.by_order[order]:,}**" if f.by_order[order] == f.paper else f"{f.by_order[order]:,}"
                 for f in findings]
        lines.append(f"| {order} | " + " | ".join(cells) + " |")
    lines.append("| up left right down, last iteration in full | "
                 + " | ".join(f"{f.whole_last_iteration:,}" for f in findings) + " |")
    lines.append("| the paper | " + " | ".join(f"{f.paper:,}" for f in findings) + " |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--instances", default="79,12,42", help="Korf's instances by number, comma-separated")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    findings = [study(int(number)) for number in args.instances.split(",")]
    if args.json:
        print(json.dumps([{"instance": f.instance, "paper": f.paper, "by_order": f.by_order,
                           "whole_last_iteration": f.whole_last_iteration, "matching": f.matching_orders}
                          for f in findings], indent=1))
        return
    print(markdown(findings))


if __name__ == "__main__":
    main()
