"""The transitions engine, the generated code and the interpreter run random specs identically.

Hypothesis draws well-formed specs (2-6 states, 1-4 inputs, 0-4 outputs, guards with & | ! and
parentheses; each state's arcs either complete and mutually exclusive, or overlapping and ordered by
priority, sometimes with a case left uncovered) and a context whose inputs return the next values of
a random sequence (so reading an input at another moment, or twice, changes what the run sees) and
whose every call is logged. The three runtimes must produce the same step records, the same context
calls in the same order, and the same result or the same RunError.

The strategies and the runtimes' table live in automata/analysis/random_machines.py, shared with
`automata campaign` (which runs the same check on many cores). HYPOTHESIS_PROFILE=long runs 5,000
examples instead of 300 (tests/conftest.py).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, find, given, settings

from automata.analysis.random_machines import RUNTIMES, Machine, machines, outcome
from automata.io.codegen import generate_source
from automata.io.loader import spec_from_text
from automata.runtime.interpreter import interpret


# 300 examples by default (a few seconds); the long profile's count when it is larger.
@settings(max_examples=max(300, settings.default.max_examples), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(machines())
def test_engine_generated_code_and_interpreter_agree(machine: Machine) -> None:
    spec = spec_from_text(machine.spec_text, "random_machine.yaml")
    expected = outcome(RUNTIMES["transitions"], spec, machine.answers, machine.max_steps, traced=True)
    for name in ("generated", "interpreter"):
        assert outcome(RUNTIMES[name], spec, machine.answers, machine.max_steps, traced=True) == expected, name
    # Without sinks the generated code runs its plain loop: same calls, same result or error.
    for name in ("generated", "interpreter"):
        plain = outcome(RUNTIMES[name], spec, machine.answers, machine.max_steps, traced=False)
        assert plain[:2] == expected[:2], name


def ending(machine: Machine) -> str:
    spec = spec_from_text(machine.spec_text, "random_machine.yaml")
    result, _, _ = outcome(interpret, spec, machine.answers, machine.max_steps, traced=False)
    if not isinstance(result, tuple):
        return "final"
    return "step limit" if "step limit" in result[1] else "no arc enabled"


@pytest.mark.parametrize("wanted", ["final", "step limit", "no arc enabled"])
def test_the_machines_reach_every_ending(wanted: str) -> None:
    """The strategy produces runs that finish, hit the step limit and find no enabled arc (not vacuous)."""
    find(machines(), lambda machine: ending(machine) == wanted,
         settings=settings(max_examples=2_000, deadline=None, database=None, phases=[Phase.generate],
                           suppress_health_check=list(HealthCheck)))


@pytest.mark.parametrize("answers", [(True,), (False, True), (0, None, "yes")])
def test_a_state_read_on_some_paths_only_is_exact(answers: tuple[Any, ...]) -> None:
    """x2 is first read in the second arc on some paths and in the third on others: the UNREAD marker."""
    text = "\n".join([
        "automaton: A7", "title: Marker", "context: tests.random:Context", "initial: 0",
        "events: {e0: {doc: step}}",
        "inputs: {x1: {doc: a, call: ask_x1}, x2: {doc: b, call: ask_x2}, x3: {doc: c, call: ask_x3}}",
        "outputs: {z1: {doc: d, call: do_z1}}",
        "states: {0: {name: A}, 1: {name: B, final: true}}",
        "arcs:",
        "  - {from: 0, to: 1, guard: 'x1 & x2', actions: [z1]}",
        "  - {from: 0, to: 0, guard: 'x3 | x2', actions: [z1]}",
        "  - {from: 0, to: 1, guard: '!x2 & x1 | !x3 & !x2'}",
    ])
    spec = spec_from_text(text, "marker.yaml")
    assert "(x2 if x2 is not UNREAD else (x2 := read_x2()))" in generate_source(spec)
    expected = outcome(RUNTIMES["transitions"], spec, answers, 30, traced=True)
    assert outcome(RUNTIMES["generated"], spec, answers, 30, traced=True) == expected
    assert outcome(RUNTIMES["generated"], spec, answers, 30, traced=False)[:2] == expected[:2]
