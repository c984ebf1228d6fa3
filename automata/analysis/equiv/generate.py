"""Big machines for the tests and benchmarks of `equiv` and `minimize`, built as Spec objects
(a YAML file of 49,000 arcs would pass the loader's size limit): a chain of states, and random
event-driven Mealy machines, complete or partial, in the form of the pure Mealy specs automata
learning produces (events as inputs, one output per transition, no input tested by a guard).

`doubled(spec, seed)` makes an equivalent machine twice the size (every state copied, each arc
sent to the target or its copy at random), which minimizes back to the original's size, and
`run_letters(spec, letters)` replays a sequence of (event, valuation) letters step by step with the
interpreter's step function, so a test can check a counterexample without trusting the product.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence

from ...errors import Loc
from ...model.guards import ALWAYS, Guard, Not, Var
from ...model.spec import ArcDecl, EventDecl, InputDecl, OutputDecl, Spec, StateDecl
from ...runtime.interpreter import take_step

_HERE = Loc("<generated>", 1, 1)


def _spec(name: str, states: dict[int, StateDecl], arcs: list[ArcDecl], events: Sequence[str],
          inputs: Sequence[str], outputs: Sequence[str], initial: int = 0) -> Spec:
    return Spec(
        path=f"{name}.yaml", automaton="A0", title=name, description="", source="", context="generated:Machine",
        initial=initial, step_event=events[0],
        events={event: EventDecl(event, f"event {event}", _HERE) for event in events},
        inputs={name: InputDecl(name, f"{name}?", f"ask_{name}", _HERE) for name in inputs},
        outputs={name: OutputDecl(name, f"do {name}", f"do_{name}", _HERE) for name in outputs},
        states=states, arcs=tuple(arcs), loc=_HERE)


def _state(number: int, final: bool = False) -> StateDecl:
    return StateDecl(number, f"S{number}", "", final, (), False, _HERE)


def _arc(index: int, source: int, target: int, event: str, guard: Guard, actions: tuple[str, ...]) -> ArcDecl:
    return ArcDecl(index, source, target, event, guard, str(guard) if guard != ALWAYS else "", actions, None, _HERE, _HERE)


def chain(length: int) -> Spec:
    """States 0..length-1 in a row, then a final state: on x1 a state moves on with z1, on !x1 it
    stays with z2. Every state is a different distance from the end, so none can be merged, and a
    refinement that splits one block per round needs `length` rounds."""
    states = {number: _state(number) for number in range(length)}
    states[length] = _state(length, final=True)
    arcs: list[ArcDecl] = []
    for number in range(length):
        arcs.append(_arc(len(arcs), number, number + 1, "e0", Var("x1"), ("z1",)))
        arcs.append(_arc(len(arcs), number, number, "e0", Not(Var("x1")), ("z2",)))
    return _spec(f"chain{length}", states, arcs, ["e0"], ["x1"], ["z1", "z2"])


def mealy(states: int, events: int, outputs: int, seed: int, undefined: float = 0.0) -> Spec:
    """A random Mealy machine over `events` events: on each event each state runs one of `outputs`
    outputs and moves to a random state; with probability `undefined` a state has no arc on an
    event (a partial machine: sending that event there fails the run)."""
    rng = random.Random(seed)
    names = [f"e{number}" for number in range(events)]
    arcs: list[ArcDecl] = []
    for source in range(states):
        for event in names:
            if rng.random() >= undefined:
                output = f"z{rng.randrange(outputs) + 1}"
                arcs.append(_arc(len(arcs), source, rng.randrange(states), event, ALWAYS, (output,)))
    return _spec(f"mealy{states}x{events}", {number: _state(number) for number in range(states)}, arcs, names, [],
                 [f"z{number}" for number in range(1, outputs + 1)])


def doubled(spec: Spec, seed: int) -> Spec:
    """An equivalent machine with every working state copied (copy of state n: n + offset); each arc
    of the original and of its copy goes to the target or the target's copy, at random. Final states
    are not copied: a run must stop in the same final state, and finals are never merged."""
    rng = random.Random(seed)
    offset = max(spec.states) + 1
    states = dict(spec.states)
    working = [number for number, state in spec.states.items() if not state.final]
    for number in working:
        state = spec.states[number]
        states[number + offset] = dataclasses.replace(state, number=number + offset, name=f"{state.name} again")
    arcs: list[ArcDecl] = []
    for shift in (0, offset):
        for arc in spec.arcs:
            if shift and arc.source not in working:
                continue
            copied = arc.target in working and rng.random() < 0.5
            arcs.append(dataclasses.replace(arc, index=len(arcs), source=arc.source + shift,
                                            target=arc.target + (offset if copied else 0)))
    return dataclasses.replace(spec, states=states, arcs=tuple(arcs), path=f"doubled_{spec.path}")


def run_letters(spec: Spec, letters: Sequence[tuple[str, dict[str, bool]]]) -> tuple[list[tuple[str, ...]], str]:
    """Replay (event, valuation) letters one step each from the initial state: the outputs of each
    step, and how the run ends ("goes on", "stops", or "fails")."""
    state, outputs = spec.initial, []
    for event, values in letters:
        if spec.states[state].final:
            return outputs, "stops"
        step = take_step(dataclasses.replace(spec, step_event=event), state, lambda name: values.get(name, False))
        if step.stuck:
            return outputs, "fails"
        outputs.append(step.outputs)
        state = step.state_after
    return outputs, "stops" if spec.states[state].final else "goes on"
