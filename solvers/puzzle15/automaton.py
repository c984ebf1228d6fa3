"""IDA* as the automaton of specs/fifteen_puzzle.yaml, and the automaton's context.

The context is the model's search state (model.IdaStar) with the automaton's questions and
actions. One step of the automaton is one move along the depth-first search: `advance` goes to
the next node within the threshold, generating on the way the children that lie beyond it and
backing up out of nodes whose children are used up. Each arc therefore handles one node of the
tree inside the threshold, and the thresholds are the automaton's own: the iteration's end is a
state and raising the threshold an arc.

`advance` is the search's hot loop, the same work as the model's generate / is_over_threshold /
note_cutoff / back_up, written out with local variables: a child beyond the threshold is only
counted and reported, never put on the board, and each move comes with the change it makes to
the Manhattan distance (`Tables.moves`), so a child's h is one lookup. The event streams of this loop and of the
recursive program (which uses the model's operations) are compared by `automata verify`.
"""

from __future__ import annotations

from collections.abc import Sequence

from automata.model.spec import Spec
from automata.runtime.events import Observer
from automata.runtime.trace import TraceSink

from .model import BLANK, IdaStar, Position, SearchResult

SPEC_PATH = "specs/fifteen_puzzle.yaml"


class IdaStarContext(IdaStar):
    def __init__(self, start: Position, observer: Observer) -> None:
        super().__init__(start, observer)
        self.child_table = self.tables.moves  # (cell, change of h by tile): advance's one lookup per child

    # -- inputs ----------------------------------------------------------------------------------

    def is_searching(self) -> bool:
        """x1: the search within this threshold goes on (the node on top is not the goal, and the
        root has a child left to try)."""
        return self.searching

    # is_goal (x2) is the model's.

    # -- outputs: start (z1), report_solution (z3), end_iteration (z4) and raise_threshold (z5)
    # are the model's; advance (z2) is the hot loop --------------------------------------------

    def advance(self) -> None:
        """z2: go to the next node within the threshold, in depth-first order (Korf's order)."""
        board = self.board
        frames = self.frames
        children, blank, h = frames[-1]
        child_table = self.child_table
        threshold = self.threshold
        next_threshold = self.next_threshold
        emit = self.emit
        generated = self.generated
        depth = len(frames)  # the depth of a child of the node on top
        while True:
            for cell, change in children:
                tile = board[cell]
                child_h = h + change[tile]
                generated += 1
                if emit is not None:
                    emit("generate", tile, depth, child_h)
                f = depth + child_h
                if f > threshold:  # cut off: only its f is kept
                    if f < next_threshold:
                        next_threshold = self.next_threshold = f
                    continue
                board[blank] = tile
                board[cell] = BLANK
                frames.append((iter(child_table[cell][blank]), cell, child_h))
                self.generated = generated
                if child_h == 0:
                    self.searching = False  # the goal: x2 will say so
                return
            if depth == 1:  # the root's children are used up: the iteration is over
                self.searching = False
                self.generated = generated
                return
            frames.pop()
            depth -= 1
            children, parent, h = frames[-1]
            board[blank] = board[parent]
            board[parent] = BLANK
            blank = parent

def solve(start: Position, observer: Observer, engine: str = "transitions", sinks: Sequence[TraceSink] = (),
          spec: Spec | None = None) -> SearchResult:
    """Run the automaton on `start` (Korf's notation) with the given engine."""
    from automata.io.loader import load_spec  # the engines load only when an automaton runs
    from automata.runtime.runner import execute

    context = IdaStarContext(start, observer)
    execute(spec or load_spec(SPEC_PATH), context, engine=engine, sinks=sinks)
    return context.solution()
