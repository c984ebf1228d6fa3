"""Best-first search with the structure of Bratko's program (fig. 12.3 of the document's book).

The whole search tree is kept. A leaf is `Subtree(node, children=None)`; an expanded node keeps
its subtrees sorted by their labels, and its own label is the label of its first subtree, i.e.
the best key of any leaf below it. `grow(tree, bound)` follows the document's `expand`:

1. a goal leaf: solved;
2. a leaf within the bound: generate its successors and go on growing the new subtree;
3. a subtree within the bound: grow its best child with bound min(bound, label of the next child),
   then `continue`: re-insert the child (outgrown) or drop it (dead end) and try again;
4. a subtree with no children left: a dead end ("never");
5. a subtree whose label has passed the bound: give control back ("no").

The document labels subtrees with f alone; here the label is the node key `(f, h, serial)`, which
is the same comparison on f with the ties resolved by one total order (see `model.py`). A child
is therefore grown exactly while it holds the globally best leaf, so this program expands the same
nodes in the same order as the priority queue of `iterative.py`.

Growing a node again after a child returns is a tail call in Prolog; here it is the `while` loop,
so the Python recursion depth is the depth of the tree (one call per level), not the number of steps.
"""

from __future__ import annotations

from bisect import insort
from dataclasses import dataclass, field
from enum import Enum

from automata.runtime.events import Observer
from automata.runtime.recursion import call_with_deep_stack

from .model import UNBOUNDED, Key, Node, SearchModel, SearchResult
from .puzzle import Puzzle


class Outcome(Enum):
    SOLVED = "yes"  # a goal was reached; the result is in the Search
    OUTGROWN = "no"  # the subtree's label passed the bound
    DEAD_END = "never"  # no leaf is left below
    STOPPED = "limit"  # the node limit was reached


@dataclass(eq=False)
class Subtree:
    node: Node
    children: list[Subtree] | None = None  # None while the node is a leaf
    label: Key = field(init=False)

    def __post_init__(self) -> None:
        self.label = self.node.key

    def __lt__(self, other: Subtree) -> bool:  # for insort: order by label
        return self.label < other.label


class BratkoSearch:
    def __init__(self, model: SearchModel) -> None:
        self.model = model
        self.result: SearchResult | None = None

    def grow(self, tree: Subtree, bound: Key) -> Outcome:
        model = self.model
        while True:
            if tree.children is None:
                if model.is_goal(tree.node):  # case 1
                    self.result = model.solved(tree.node)
                    return Outcome.SOLVED
                if tree.label > bound:  # case 5 (only the start leaf can get here outside the bound)
                    return Outcome.OUTGROWN
                if model.limit_reached():
                    self.result = model.stopped_at_limit()
                    return Outcome.STOPPED
                tree.children = sorted(Subtree(child) for child in model.expand(tree.node))  # case 2
            elif not tree.children:  # case 4
                return Outcome.DEAD_END
            else:
                tree.label = tree.children[0].label
                if tree.label > bound:  # case 5
                    return Outcome.OUTGROWN
                best = tree.children[0]  # case 3
                child_bound = min(bound, tree.children[1].label) if len(tree.children) > 1 else bound
                outcome = self.grow(best, child_bound)
                if outcome in (Outcome.SOLVED, Outcome.STOPPED):
                    return outcome
                del tree.children[0]  # `continue`: drop a dead end, re-insert an outgrown child
                if outcome is Outcome.OUTGROWN:
                    insort(tree.children, best)


def solve(puzzle: Puzzle, observer: Observer, max_expanded: int | None = None) -> SearchResult:
    return search(SearchModel(puzzle, observer, max_expanded))


def search(model: SearchModel) -> SearchResult:
    """Grow the whole tree from the start node of a fresh `model` (its own tree, not a frontier)."""
    bratko = BratkoSearch(model)
    root = Subtree(model.make_start())
    outcome = call_with_deep_stack(bratko.grow, root, UNBOUNDED, depth=_depth_room(model.max_expanded))
    if outcome is Outcome.DEAD_END:
        return model.exhausted()
    assert bratko.result is not None
    return bratko.result


def _depth_room(max_expanded: int | None) -> int:
    """One call per tree level, and a level is only added by an expansion, so the node limit bounds
    the depth. Without a limit 10,000 levels is far beyond need: best-first trees stay shallow
    (the deepest node expanded under `bratko` from 300 random 3×3 positions was at depth 42)."""
    return min(max_expanded + 2, 10_000) if max_expanded is not None else 10_000
