"""The programs of the knight's tour as a system of automata (issue 11, docs/systems.md).

`SYSTEM` is the program of specs/knight_tour_system.yaml (A0 calling A1): the same context, cases
and references as the single automaton of specs/knight_tour.yaml (solvers/knight_tour/program.py),
so `automata verify specs/knight_tour_system.yaml` proves the system equal, event for event, to the
same iterative and recursive programs. Its step limit adds the steps the split costs: A0's own
steps and one step per attempt that A1 takes to its final state.

`ATTEMPT` is the program of specs/knight_tour_attempt.yaml, A1 run on its own: the context is a
search whose knight already stands on its start cell, and the references are one attempt of the
search (solvers/knight_tour/attempt.py); a run's result says how the attempt ended.
"""

from __future__ import annotations

from types import SimpleNamespace

from automata.runtime.events import Observer
from solvers.knight_tour import attempt, program
from solvers.knight_tour.model import MOVE_ORDERS, KnightTour, KnightTourInstance, TourResult


def _system_step_limit(case: KnightTourInstance) -> int | None:
    single = program.step_limit(case)
    return None if single is None else single + 2 * len(MOVE_ORDERS) + 4


SYSTEM = SimpleNamespace(
    make_context=program.make_context,
    IMPLEMENTATIONS=program.IMPLEMENTATIONS,
    CASES=program.CASES,
    result=program.result,
    parse_case=program.parse_case,
    step_limit=_system_step_limit,
    picture=program.picture,
    KEY_EVENTS=program.KEY_EVENTS,
    explore_cases=program.explore_cases,
)


def _placed(case: KnightTourInstance, observer: Observer) -> KnightTour:
    tour = KnightTour(case, observer)
    tour.place_knight()
    return tour


def _ending(tour: KnightTour, final_state: int) -> tuple[str, TourResult]:
    return attempt.ENDING_OF_STATE[final_state], tour.result()


ATTEMPT = SimpleNamespace(
    make_context=_placed,
    IMPLEMENTATIONS={"iterative": attempt.iterative, "recursive": attempt.recursive},
    # The search's cases but the impossible start, which A0 rules out before any attempt.
    CASES={name: case for name, case in program.CASES.items() if "impossible" not in name},
    result=_ending,
    parse_case=program.parse_case,
    step_limit=program.step_limit,
    picture=program.picture,
    KEY_EVENTS=program.KEY_EVENTS,
    explore_cases=program.explore_cases,
)
