"""Best-first search run as the automaton of specs/eight_puzzle.yaml."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from automata.runtime.runner import execute
from automata.errors import RunError
from automata.runtime.events import Observer
from automata.model.spec import Spec
from automata.io.loader import load_spec
from automata.runtime.trace import TraceSink

from .context import EightPuzzleContext
from .puzzle import Puzzle
from .search import EXHAUSTED, LIMIT, SOLVED, SearchResult

SPEC_PATH = "specs/eight_puzzle.yaml"
# The spec's final states, by number, and the search status each stands for.
STATUS_OF_FINAL_STATE = {3: SOLVED, 4: LIMIT, 5: EXHAUSTED}


def load() -> Spec:
    return load_spec(SPEC_PATH)


def solve(
    puzzle: Puzzle,
    observer: Observer,
    max_expanded: int | None = None,
    spec: Spec | None = None,
    engine: str = "transitions",
    sinks: Sequence[TraceSink] = (),
) -> SearchResult:
    context = EightPuzzleContext(puzzle, observer, max_expanded)
    summary = execute(spec or load(), context, engine=engine, sinks=sinks)
    return result_in_final_state(context, summary.final_state)


def result_in_final_state(context: EightPuzzleContext, final_state: int) -> SearchResult:
    """The result the automaton reported, with the status of the final state it stopped in:
    stopping in the wrong one is then a different result (a state the spec does not make final,
    as a mutant may reach, is named as such)."""
    if context.result is None:
        raise RunError(f"the automaton ended in state {final_state} without reporting a result")
    return replace(context.result, status=STATUS_OF_FINAL_STATE.get(final_state, f"stopped in state {final_state}"))
