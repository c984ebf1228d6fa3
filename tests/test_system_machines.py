"""The system engine on `transitions`, the generated code (one function per automaton) and the
independent system interpreter run random systems of automata identically.

Hypothesis draws a root A0 with 2-4 states that calls A1 from an output and nests A2 in one of its
states (or A1 nests it), guards over inputs and state tests of the other automata (`y1 == 2`,
`y2 != 0`), sometimes incomplete, and a context whose inputs answer from a random sequence and
whose every call is logged. The three runtimes must give the same step records at every depth,
the same calls in the same order and the same summary or the same RunError.

The strategies live in automata/analysis/random_systems.py, shared with `automata campaign --systems`.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings

from automata.analysis.random_systems import (
    RandomSystem,
    build,
    generated_runner,
    outcome,
    systems,
)
from automata.runtime.system import SystemAutomaton
from automata.runtime.system_interpreter import interpret_system


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(systems())
def test_system_engine_generated_code_and_interpreter_agree(random_system: RandomSystem) -> None:
    system = build(random_system)
    limit = random_system.max_steps
    generated = generated_runner(system)
    runs = {
        "transitions": lambda context, sinks: SystemAutomaton(system, context, sinks, limit).run(),
        "generated": lambda context, sinks: generated(context, sinks, limit),
        "interpreter": lambda context, sinks: interpret_system(system, context, sinks, limit),
    }
    expected = outcome(runs["interpreter"], system, random_system.answers, traced=True)
    for name in ("transitions", "generated"):
        assert outcome(runs[name], system, random_system.answers, traced=True) == expected, name
        assert outcome(runs[name], system, random_system.answers, traced=False)[:2] == expected[:2], name
