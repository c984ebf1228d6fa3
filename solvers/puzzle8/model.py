"""The model every implementation of best-first search shares: nodes, their order, the frontier,
the node store and the events.

**Tree search, cycles avoided along the path.** As in the document (`not member(M, P)` in
Bratko's `expand`), a successor is dropped when its position already occurs on the path from the
start to the node being expanded. The same position may still appear in several branches.

**One total order.** Nodes are ordered by `key = (f, h, serial)`: smaller f = g + h first; on equal
f the node with smaller h (the deeper one, nearer the goal by its own estimate); then the node
generated earlier. Serial numbers are handed out by one node store in generation order, so no two
nodes ever share a key. Because the order is total, "the best leaf" is a single node wherever it
is looked for: the priority queue pops it, and Bratko's tree search descends to it (each subtree
is labelled with the smallest key of its leaves, and a subtree is grown only while its label is
below the bound given by the best alternative). That is why the iterative, recursive and automaton
programs expand the same nodes in the same order by construction.

**Events** (what `verify` compares), all from this module:
- `("generate", grid, g, f)` a node enters the tree (the start node first);
- `("expand", grid, g, f)` the best node is not the goal: its successors are generated next;
- `("goal", grid, g)` the best node is the goal: the search ends with its path;
- `("limit", expanded)` the best node is not the goal but `max_expanded` nodes were already expanded;
- `("exhausted",)` no node is left (cannot happen for a solvable start, kept for completeness).
The goal test is made when a node is selected, not when it is generated, as in the document;
with an admissible heuristic the first solution is then a shortest one.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass

from automata.runtime.events import Observer

from .board import Position
from .puzzle import Puzzle

Key = tuple[float, int, int]
UNBOUNDED: Key = (float("inf"), 0, 0)  # above every node's key: the bound of the whole tree

SOLVED, LIMIT, EXHAUSTED = "solved", "limit", "exhausted"


@dataclass(frozen=True, eq=False, slots=True)
class Node:
    """A node of the search tree. Nodes compare by identity: equal positions on different branches are different nodes."""

    position: Position
    g: int
    h: int
    serial: int
    parent: Node | None

    @property
    def f(self) -> int:
        return self.g + self.h

    @property
    def key(self) -> Key:
        return (self.g + self.h, self.h, self.serial)

    def path(self) -> list[Position]:
        """Positions from the start to this node."""
        positions = []
        node: Node | None = self
        while node is not None:
            positions.append(node.position)
            node = node.parent
        positions.reverse()
        return positions

    def is_on_path(self, position: Position) -> bool:
        """Whether `position` occurs on the path from the start to this node (inclusive)."""
        node: Node | None = self
        while node is not None:
            if node.position == position:
                return True
            node = node.parent
        return False


@dataclass(frozen=True)
class SearchResult:
    status: str  # SOLVED, LIMIT or EXHAUSTED
    path: tuple[str, ...]  # grids from start to goal; empty unless solved
    generated: int  # nodes that entered the tree, the start node included
    expanded: int  # nodes whose successors were generated

    @property
    def moves(self) -> int | None:
        return len(self.path) - 1 if self.path else None

    def to_json(self) -> dict[str, object]:
        return {
            "status": self.status,
            "moves": self.moves,
            "path": list(self.path),
            "generated": self.generated,
            "expanded": self.expanded,
        }


class SearchModel:
    """One run's node store: hands out serial numbers, counts, applies the path rule, emits events."""

    def __init__(self, puzzle: Puzzle, observer: Observer, max_expanded: int | None = None) -> None:
        self.puzzle = puzzle
        self.observer = observer
        self.max_expanded = max_expanded
        self.generated = 0
        self.expanded = 0

    def _new_node(self, position: Position, g: int, parent: Node | None) -> Node:
        node = Node(position, g, self.puzzle.estimate(position), self.generated, parent)
        self.generated += 1
        self.observer.emit("generate", self.puzzle.grid(position), node.g, node.f)
        return node

    def make_start(self) -> Node:
        return self._new_node(self.puzzle.start, 0, None)

    def is_goal(self, node: Node) -> bool:
        return node.position == self.puzzle.goal

    def limit_reached(self) -> bool:
        return self.max_expanded is not None and self.expanded >= self.max_expanded

    def expand(self, node: Node) -> list[Node]:
        """The node's successors that do not repeat a position of its path, in generation order."""
        self.expanded += 1
        self.observer.emit("expand", self.puzzle.grid(node.position), node.g, node.f)
        return [
            self._new_node(position, node.g + 1, node)
            for position in self.puzzle.board.successors(node.position)
            if not node.is_on_path(position)
        ]

    def solved(self, node: Node) -> SearchResult:
        self.observer.emit("goal", self.puzzle.grid(node.position), node.g)
        return SearchResult(SOLVED, tuple(self.puzzle.grid(position) for position in node.path()), self.generated, self.expanded)

    def stopped_at_limit(self) -> SearchResult:
        self.observer.emit("limit", self.expanded)
        return SearchResult(LIMIT, (), self.generated, self.expanded)

    def exhausted(self) -> SearchResult:
        self.observer.emit("exhausted")
        return SearchResult(EXHAUSTED, (), self.generated, self.expanded)


class Frontier:
    """The open leaves as a priority queue on `Node.key` (keys are unique, so nodes are never compared)."""

    def __init__(self) -> None:
        self._heap: list[tuple[Key, Node]] = []

    def __len__(self) -> int:
        return len(self._heap)

    def add(self, nodes: list[Node]) -> None:
        for node in nodes:
            heapq.heappush(self._heap, (node.key, node))

    def take_best(self) -> Node:
        return heapq.heappop(self._heap)[1]
