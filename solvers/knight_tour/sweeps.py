"""Running the implementations over start cells: the machinery behind `verify` and `compare`."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from functools import partial

from automata.analysis.verify import Verdict, verify
from automata.io.loader import load_spec
from automata.model.spec import Spec
from automata.runtime.events import Counter, Observer
from automata.runtime.trace import TraceSink
from solvers.knight_tour import automaton, iterative, recursive
from solvers.knight_tour.model import KnightTourInstance, TourResult

Cell = tuple[int, int]
Solver = Callable[[KnightTourInstance, Observer], TourResult]

REFERENCE = "iterative"


@dataclass(frozen=True)
class AutomatonSolver:
    """A1 on one engine with one spec (loaded once for a whole sweep), optionally with a step budget
    and trace sinks attached to every run (`automata mutate` records or limits the runs with them)."""

    spec: Spec
    engine: str
    max_steps: int | None = None
    sinks: tuple[TraceSink, ...] = ()

    def __call__(self, instance: KnightTourInstance, observer: Observer) -> TourResult:
        return automaton.solve(instance, observer, engine=self.engine, spec=self.spec, max_steps=self.max_steps,
                               sinks=self.sinks)


def solvers(names: Iterable[str], spec: Spec | None = None, sinks: Sequence[TraceSink] = ()) -> dict[str, Solver]:
    """The named implementations; both automaton engines run ``spec`` (the project's by default)
    with ``sinks`` attached."""
    spec = spec or load_spec(automaton.SPEC_PATH)
    available: dict[str, Solver] = {
        "iterative": iterative.solve,
        "recursive": recursive.solve,
        "automaton": AutomatonSolver(spec, "transitions", sinks=tuple(sinks)),
        "generated": AutomatonSolver(spec, "generated", sinks=tuple(sinks)),
    }
    return {name: available[name] for name in names}


def board_cells(rows: int, cols: int) -> list[Cell]:
    return [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)]


def verify_cell(instance: KnightTourInstance, implementations: dict[str, Solver], max_steps_factor: int = 0) -> Verdict:
    """Run every implementation from ``instance``'s start cell and compare them with the iterative one.

    With ``max_steps_factor`` the automata are stopped after that many steps per reference event
    (plus a margin): a mutated spec that loops forever then fails instead of hanging.
    """
    if max_steps_factor:
        # A1 takes one step per event, so a few steps per reference event is a generous budget.
        limit = max_steps_factor * _count_events(implementations[REFERENCE], instance) + 16
        implementations = {
            name: replace(solve, max_steps=limit) if isinstance(solve, AutomatonSolver) else solve
            for name, solve in implementations.items()
        }
    runs: dict[str, Callable[[Observer], TourResult]] = {
        name: partial(solve, instance) for name, solve in implementations.items()
    }
    return verify(runs, reference=REFERENCE)


def _count_events(solve: Solver, instance: KnightTourInstance) -> int:
    counter = Counter()
    solve(instance, counter)
    return sum(counter.counts.values())


@dataclass(frozen=True)
class SetSummary:
    """The article's experiment for one set of optimizations over every start cell."""

    optimizations: frozenset[int]
    cells: int
    found: int
    zero_returns: int  # tours found without a single return in the final attempt
    max_returns: int
    total_returns: int
    gave_up: int
    impossible: int  # ruled out by optimization 1
    exhausted: int  # searched to the end without a tour
    with_returns: tuple[tuple[Cell, int], ...]  # tours that needed returns, by cell
    gave_up_cells: tuple[Cell, ...] = ()  # cells whose search reached MAX_RET
    no_tour_cells: tuple[Cell, ...] = ()  # cells searched to the end without a tour

    def to_json(self) -> dict[str, object]:
        return {
            "optimizations": sorted(self.optimizations),
            "set": set_name(self.optimizations),
            "cells": self.cells,
            "found": self.found,
            "zero_returns": self.zero_returns,
            "max_returns": self.max_returns,
            "total_returns": self.total_returns,
            "gave_up": self.gave_up,
            "impossible": self.impossible,
            "exhausted": self.exhausted,
            "with_returns": [{"start": list(cell), "returns": returns} for cell, returns in self.with_returns],
            "gave_up_cells": [list(cell) for cell in self.gave_up_cells],
            "no_tour_cells": [list(cell) for cell in self.no_tour_cells],
        }


def summarize(optimizations: frozenset[int], results: dict[Cell, TourResult]) -> SetSummary:
    values = list(results.values())
    found = [r for r in values if r.found]
    return SetSummary(
        optimizations=optimizations,
        cells=len(values),
        found=len(found),
        zero_returns=sum(1 for r in found if r.returns == 0),
        max_returns=max((r.returns for r in values), default=0),
        total_returns=sum(r.returns for r in values),
        gave_up=sum(1 for r in values if r.gave_up),
        impossible=sum(1 for r in values if r.impossible_start),
        exhausted=sum(1 for r in values if r.outcome == "exhausted"),
        with_returns=tuple((cell, r.returns) for cell, r in results.items() if r.found and r.returns),
        gave_up_cells=tuple(cell for cell, r in results.items() if r.gave_up),
        no_tour_cells=tuple(cell for cell, r in results.items() if r.outcome == "exhausted"),
    )


def set_name(optimizations: Iterable[int]) -> str:
    """``1+2``, ``1-4`` (a run of three or more), or ``none``."""
    numbers = sorted(optimizations)
    if not numbers:
        return "none"
    if len(numbers) >= 3 and numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"{numbers[0]}-{numbers[-1]}"
    return "+".join(map(str, numbers))


def parse_set(text: str) -> frozenset[int]:
    """``1+3``, ``1-4``, ``2``, ``none``; raises ValueError with a message for users."""
    text = text.strip()
    if text.lower() in ("none", "0", ""):
        return frozenset()
    numbers: set[int] = set()
    for part in text.replace(",", "+").split("+"):
        low, dash, high = part.strip().partition("-")
        try:
            first, last = int(low), int(high) if dash else int(low)
        except ValueError:
            raise ValueError(f"'{text}' is not a set of optimizations such as 1+3, 1-4 or none") from None
        if first > last or not all(1 <= n <= 4 for n in (first, last)):
            raise ValueError(f"'{text}': optimizations are numbered 1 to 4")
        numbers.update(range(first, last + 1))
    return frozenset(numbers)
