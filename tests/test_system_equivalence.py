"""The verdicts of `equiv` on random systems of automata, checked against runs of the real engine.

A context answers each question as a function of the method asked and of how many actions the run
has done so far: the model `equiv` assumes (questions without side effects, whose answers change
only when an action runs). For a random system and one of its root's mutants:

- "equivalent" must hold on runs: for several such contexts, both systems call the same actions in
  the same order and end alike (stop in the same final state, or both fail);
- "not equivalent" (skipping silent steps) must come with a real counterexample: a context
  answering each question as the counterexample's letters say makes the two systems call different
  actions or end differently.
"""

from __future__ import annotations

import hashlib
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from automata.analysis.equiv import BY_CALL, SAME_NUMBERS, compare_systems
from automata.analysis.mutate import mutants
from automata.analysis.random_systems import build, systems
from automata.errors import RunError
from automata.model.system import System
from automata.runtime.system import SystemAutomaton

LIMIT = 400


def context_for(system: System, answer: Any) -> Any:
    """A context whose question `method` answers `answer(method, actions done so far)`, logging actions."""
    methods: dict[str, Any] = {}
    for spec in system:
        for decl in spec.inputs.values():
            methods[decl.call] = lambda self, call=decl.call: answer(call, len(self.actions))
        for decl in spec.outputs.values():
            if not decl.run:
                methods[decl.call] = lambda self, call=decl.call: self.actions.append(call)
    context = type("Context", (), methods)()
    context.actions = []
    return context


def run(system: System, answer: Any) -> tuple[list[str], tuple[str, int | None]]:
    context = context_for(system, answer)
    try:
        summary = SystemAutomaton(system, context, (), LIMIT).run()
    except RunError as error:
        return context.actions, ("limit" if "step limit" in str(error) else "fails", None)
    return context.actions, ("stops", summary.final_state)


def hashed(seed: int) -> Any:
    return lambda call, done: hashlib.blake2b(f"{seed}:{call}:{done}".encode(), digest_size=1).digest()[0] & 1 == 1


def from_letters(system: System, letters: Any) -> Any:
    """Answers that replay a counterexample skipping silent steps: letter k holds from the moment
    the actions of the letters before it are done."""
    method = {f"{spec.automaton}.{name}": decl.call for spec in system for name, decl in spec.inputs.items()}
    by_actions: dict[int, dict[str, bool]] = {}
    done = 0
    for letter in letters:
        by_actions.setdefault(done, {method[key]: value for key, value in letter.valuation if key in method})
        done += len(letter.outputs[0])
    return lambda call, actions: by_actions.get(actions, {}).get(call, False)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(systems(), st.integers(0, 10**6), st.booleans())
def test_verdicts_on_random_systems_hold_on_runs(random_system, choice: int, skip_silent: bool) -> None:
    try:
        system = build(random_system)
    except Exception:  # noqa: BLE001 - test_system_machines checks that the generator's systems load
        return
    candidates = mutants(system.root_spec)
    mutant = candidates[choice % len(candidates)].spec if candidates and choice % 5 else system.root_spec
    altered = System(system.root, {name: mutant if name == system.root else spec for name, spec in system.specs.items()})
    # By call: the runs below compare the methods the context sees.
    _, comparison = compare_systems(system, altered, by=BY_CALL, skip_silent=skip_silent, finals=SAME_NUMBERS)
    if comparison.equivalent:
        for seed in range(4):
            mine, theirs = run(system, hashed(seed + choice)), run(altered, hashed(seed + choice))
            if "limit" in (mine[1][0], theirs[1][0]):
                continue  # a run that does not end within the limit shows nothing to compare
            assert mine == theirs, (seed, mine, theirs)
    elif skip_silent:  # (in lock step, letters may change with no action between them: no context replays that)
        answer = from_letters(system, comparison.difference.run.letters)
        mine, theirs = run(system, answer), run(altered, answer)
        assert mine != theirs or "limit" in (mine[1][0], theirs[1][0]), comparison.difference
