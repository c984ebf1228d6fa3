"""The automaton program: automaton A1 (specs/knight_tour.yaml) run over the shared model, which is its context."""

from __future__ import annotations

from collections.abc import Sequence

from automata.io.loader import load_spec
from automata.model.spec import Spec
from automata.runtime.trace import TraceSink
from solvers.knight_tour.model import (
    KnightTour,
    KnightTourInstance,
    Observer,
    TourResult,
)

SPEC_PATH = "specs/knight_tour.yaml"


def solve(
    instance: KnightTourInstance,
    observer: Observer,
    engine: str = "transitions",
    sinks: Sequence[TraceSink] = (),
    spec: Spec | None = None,
    max_steps: int | None = None,
) -> TourResult:
    """Run A1; ``spec`` replaces the project's spec (a mutated one, or one loaded once per sweep)."""
    from automata.runtime.runner import execute  # the engines load only when an automaton runs

    tour = KnightTour(instance, observer)
    execute(spec or load_spec(SPEC_PATH), tour, engine=engine, sinks=sinks, max_steps=max_steps)
    return tour.result()
