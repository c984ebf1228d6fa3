"""What the player's and the simulator's scripts read: the automata, and a recorded run, as JSON.

Everything the page shows comes from here, as data (the scripts put text on the page through
textContent only): per automaton its states, inputs, outputs and arcs, each arc with its guard as
a small tree the simulator evaluates; per recorded step the inputs read, the arc, the states and,
for a system of automata, which automaton took it and where a viewer steps over or out to.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from ...model.guards import Const, Guard, Not, StateTest, Var, readings_text
from ...model.spec import Spec, name_order
from ...model.system import state_tests
from ..labels import arc_text, tried_order


class StepLike(Protocol):
    """A step record (automata.runtime.trace.StepRecord) as far as the player reads it."""

    automaton: str
    event: str
    state_before: int
    inputs: tuple[tuple[str, bool], ...]
    arc: int | None
    state_after: int
    depth: int


class AlbumLike(Protocol):
    """A run's pictures (automata.runtime.pictures.Album)."""

    pictures: Sequence[str]
    frames: Sequence[tuple[int, int]]
    deltas: Sequence[Sequence[tuple[int, int, Sequence[str]]]]
    stride: int
    dense_until: int


class RunLike(Protocol):
    """A recorded run (automata.runtime.recording.Recording) as far as the player reads it."""

    records: Sequence[StepLike]
    final_state: int | None
    error: str
    truncated: bool
    album: AlbumLike
    specs: Mapping[str, Spec]
    event_marks: Sequence[int]

    @property
    def root_steps(self) -> int: ...

    def event_texts(self) -> list[str]: ...

    def navigation(self) -> tuple[list[int], list[int], list[int]]: ...


class LoopLike(Protocol):
    """A plain implementation's listing aligned with the run (automata.runtime.beside.LoopListing)."""

    implementation: str
    entries: Sequence[str]
    cuts: Sequence[int]
    note: str


def guard_tree(guard: Guard) -> list:
    """A guard as nested lists: ["x", name], ["y", variable, state], ["!", g], ["&", ...], ["|", ...], ["1"/"0"]."""
    if isinstance(guard, Const):
        return ["1" if guard.value else "0"]
    if isinstance(guard, StateTest):
        return ["y", guard.variable, guard.state]
    if isinstance(guard, Var):
        return ["x", guard.name]
    if isinstance(guard, Not):
        return ["!", guard_tree(guard.operand)]
    operator = "&" if type(guard).__name__ == "And" else "|"
    return [operator, *(guard_tree(operand) for operand in guard.operands)]  # type: ignore[attr-defined]


def state_name(specs: Mapping[str, Spec], automaton: str, number: int) -> str:
    spec = specs.get(automaton)
    state = spec.states.get(number) if spec is not None else None
    return f"state {number} ({state.name})" if state else f"state {number}"


def automaton_data(spec: Spec, specs: Mapping[str, Spec]) -> dict[str, Any]:
    """One automaton as the scripts read it; `specs`: the system's automata (for state tests)."""
    inputs = {name: spec.inputs[name].doc for name in sorted(spec.inputs, key=name_order)}
    tests: dict[str, list[int]] = {}
    for name, test in state_tests(spec).items():
        inputs[name] = f"{test.automaton} is in {state_name(specs, test.automaton, test.state)}"
        tests.setdefault(test.variable, []).append(test.state)
    tested = {}
    for variable, numbers in tests.items():
        other = specs.get("A" + variable[1:])
        states = sorted(other.states) if other is not None else sorted(set(numbers))
        tested[variable] = [[number, other.states[number].name if other is not None else ""] for number in states]
    return {
        "name": spec.automaton,
        "title": spec.title,
        "initial": spec.initial,
        "event": spec.step_event,
        "events": {name: decl.doc for name, decl in spec.events.items()},
        "states": [[number, state.name, state.final, state.may_stay] for number, state in sorted(spec.states.items())],
        "inputs": inputs,
        "tests": tested,
        "outputs": {name: decl.doc + (f" (runs {decl.run})" if decl.run else "") for name, decl in spec.outputs.items()},
        "arcs": {str(arc.index): {"from": arc.source, "to": arc.target, "label": arc_text(spec, arc),
                                  "number": arc.number, "event": arc.event, "guard": guard_tree(arc.guard),
                                  "outputs": list(spec.outputs_of(arc))} for arc in spec.arcs},
        "order": [arc.index for arc in tried_order(spec)],
    }


def album_data(album: AlbumLike) -> dict[str, Any]:
    """The pictures: `dense` holds the ref of every position 0, 1, ... up to `denseUntil` (the
    positions are implied), `frames` the (position, ref) of the keyframes after it."""
    dense = [ref for position, ref in album.frames if position <= album.dense_until][:album.dense_until + 1]
    return {
        "pictures": list(album.pictures),
        "dense": dense,
        "frames": [list(frame) for frame in album.frames[len(dense):]],
        "deltas": [[[at, remove, list(insert)] for at, remove, insert in delta] for delta in album.deltas],
        "stride": album.stride,
        "denseUntil": album.dense_until,
    }


def interned(texts: Sequence[str]) -> dict[str, list]:
    """Texts as a table of the distinct ones and an index per text (events and lines recur)."""
    index: dict[str, int] = {}
    refs = [index.setdefault(text, len(index)) for text in texts]
    return {"table": list(index), "refs": refs}


def run_data(specs: Mapping[str, Spec], run: RunLike, summary: str, loop: LoopLike | None = None) -> dict[str, Any]:
    """A recorded run: per step, the index of the inputs read (the same few combinations recur),
    the arc, the states before and after and the event as flat arrays; for a system also which
    automaton took it, its depth and where over/out lead (automata/runtime/timeline.py)."""
    input_sets: dict[tuple[tuple[str, bool], ...], int] = {}
    names = list(specs)
    events = sorted({record.event for record in run.records} | {spec.step_event for spec in specs.values()})
    inputs, arcs, after, before, who, depth, event_ids = [], [], [], [], [], [], []
    for record in run.records:
        inputs.append(input_sets.setdefault(record.inputs, len(input_sets)))
        arcs.append(-1 if record.arc is None else record.arc)
        after.append(record.state_after)
        before.append(record.state_before)
        who.append(names.index(record.automaton))
        depth.append(record.depth)
        event_ids.append(events.index(record.event))
    steps: dict[str, list[int]] = {"inputs": inputs, "arc": arcs, "after": after}
    if len(events) > 1:
        steps["event"] = event_ids
    if len(specs) > 1:  # a single automaton's page works these out: the state before is the one after the step before
        parent, over, out = run.navigation()
        steps |= {"before": before, "who": who, "depth": depth, "parent": parent, "over": over, "out": out}
    data: dict[str, Any] = {
        "names": names,
        "eventNames": events,
        "inputSets": [[[name, int(value)] for name, value in key] for key in input_sets],
        "readings": [readings_text(key) for key in input_sets],
        "steps": steps,
        "album": album_data(run.album),
        "stream": {**interned(run.event_texts()), "marks": list(run.event_marks) if run.events else []},
        "end": {"final": run.final_state, "error": run.error, "truncated": run.truncated, "summary": summary},
    }
    if loop is not None:
        data["loop"] = {"implementation": loop.implementation, **interned(loop.entries), "cuts": list(loop.cuts),
                        "note": loop.note}
    return data
