"""Traces of automaton runs: one record per step, and the sinks that keep or show them.

A step record holds everything the methodology's protocol shows: the event, the state before,
every input evaluated (in evaluation order, with its value), the arc taken, the outputs executed
and the state after. Sinks receive the run's start, each step, and either its finish or its
failure, so a trace is complete even when a run fails.

In a system of automata (docs/systems.md) the steps of the nested and called automata are
recorded too, with their `depth` below the root and `via`, where they happened in the step of
the automaton that ran them. A step's record is complete only when the steps it caused are over,
so those records reach the sinks first. Only sinks that say `whole_system = True` receive them;
the others see the root automaton's steps alone, as if it ran by itself.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING

from ..io.files import file_mode
from .protocol_lines import NestedProtocol

if TYPE_CHECKING:
    from ..model.spec import Spec
    from ..model.system import System


@dataclass(frozen=True, slots=True)
class StepRecord:
    automaton: str
    step: int  # 1-based
    event: str
    state_before: int
    inputs: tuple[tuple[str, bool], ...]  # in evaluation order
    arc: int | None  # ArcDecl.index of the arc taken (None when the automaton stayed); shown as its number
    outputs: tuple[str, ...]  # the arc's actions, then the target state's on_enter actions
    state_after: int
    # Systems only: 0 for the root automaton, 1 for an automaton the root nests or calls, ...
    depth: int = 0
    # Where this step happened in the step of the automaton one level up: -1 before it chose its
    # arc (a nested automaton's step), k >= 0 during its k-th output (an output that calls).
    via: int = -1

    def as_dict(self) -> dict:
        document = {
            "type": "step",
            "automaton": self.automaton,
            "step": self.step,
            "event": self.event,
            "state_before": self.state_before,
            "inputs": [[name, value] for name, value in self.inputs],
            "arc": None if self.arc is None else self.arc + 1,  # the arc's number, as drawn and documented
            "outputs": list(self.outputs),
            "state_after": self.state_after,
        }
        if self.depth:
            document |= {"depth": self.depth, "via": self.via}
        return document


class TraceSink:
    """Receives a run's records. Subclasses override what they need."""

    # Whether the sink also receives the steps of the other automata of a system (records with
    # depth > 0, and their failures); otherwise it sees the root automaton's steps only.
    whole_system = False

    def system_started(self, system: System) -> None:
        """A run of a system begins (before `started`): every automaton's spec, for sinks that show them."""

    def started(self, spec: Spec, state: int, event: str) -> None:
        pass

    def step(self, record: StepRecord) -> None:
        pass

    def finished(self, spec: Spec, state: int, steps: int) -> None:
        pass

    def failed(self, spec: Spec, record: StepRecord | None, error: BaseException) -> None:
        """`record` is the failing step as far as it got (inputs read so far), or None. In a
        system, a whole-system sink hears of the failure at every level, innermost first: `spec`
        and a record of depth > 0 for each automaton whose step was under way, the root last."""

    def close(self) -> None:
        pass


class MemorySink(TraceSink):
    """Keeps step records in a list (tests, verification of traces)."""

    whole_system = True

    def __init__(self) -> None:
        self.records: list[StepRecord] = []
        self.error: BaseException | None = None
        self.final_state: int | None = None

    def step(self, record: StepRecord) -> None:
        self.records.append(record)

    def finished(self, spec: Spec, state: int, steps: int) -> None:
        self.final_state = state

    def failed(self, spec: Spec, record: StepRecord | None, error: BaseException) -> None:
        if record is not None:
            self.records.append(record)
        self.error = error


class JsonlSink(TraceSink):
    """Writes one JSON object per line: a start record, step records, then a finish or error record.

    The file is written to a temporary name beside the target and moved into place on close, so a
    reader never sees a half-written trace; a failed run still produces a complete, valid file whose
    last record is the error. The CLI turns SIGTERM and SIGHUP into an exception like Ctrl-C's, so
    they end a trace the same way. A run cut off where no error could be recorded still gets an
    error record on close, and a sink that saw no run at all leaves no file behind.
    """

    whole_system = True

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        directory = self.path.parent if str(self.path.parent) else Path(".")
        descriptor, temporary = tempfile.mkstemp(prefix=f".{self.path.name}.", suffix=".tmp", dir=directory)
        self._temporary = Path(temporary)
        self._file: IO[str] = os.fdopen(descriptor, "w", encoding="utf-8")
        self._write = self._file.write
        self._lines = StepLineWriter()
        self._open_run: str | None = None  # the automaton of a run started and not yet ended
        self._runs = 0

    def _emit(self, record: dict) -> None:
        self._write(json.dumps(record, separators=(",", ":")) + "\n")

    def started(self, spec: Spec, state: int, event: str) -> None:
        self._open_run = spec.automaton
        self._runs += 1
        self._emit({"type": "start", "automaton": spec.automaton, "spec": spec.path, "state": state, "event": event})

    def step(self, record: StepRecord) -> None:
        self._write(self._lines.line(record))

    def finished(self, spec: Spec, state: int, steps: int) -> None:
        self._emit({"type": "finish", "automaton": spec.automaton, "state": state, "steps": steps})
        self._open_run = None

    def failed(self, spec: Spec, record: StepRecord | None, error: BaseException) -> None:
        if record is not None:
            failing = record.as_dict()
            failing["type"] = "failed-step"
            self._emit(failing)
            if record.depth:  # a nested or called automaton's step: the root's failure ends the run
                return
        self._emit({"type": "error", "automaton": spec.automaton, "error": type(error).__name__, "message": str(error)})
        self._open_run = None

    def close(self) -> None:
        if self._file.closed:
            return
        try:
            if self._open_run is not None:
                self._emit({"type": "error", "automaton": self._open_run, "error": "Interrupted",
                            "message": "the run stopped before it finished or failed"})
                self._open_run = None
            self._file.close()
            if self._runs:
                os.chmod(self._temporary, file_mode(self.path))
                os.replace(self._temporary, self.path)
        finally:
            if not self._file.closed:
                self._file.close()
            self._temporary.unlink(missing_ok=True)


class StepLineWriter:
    """Formats step records as JSON lines, byte for byte what `json.dumps(record.as_dict(),
    separators=(",", ":"))` gives, at a fraction of the cost.

    A step record is mostly small integers plus a few strings that repeat on every step (the
    automaton, the event, the sequence of inputs read and of outputs run): their JSON text is made
    by `json` once and reused, so a step costs one string formatting instead of a dictionary,
    lists and a generic encoder walk. The caches are bounded by the spec's size (names are
    declared; input values are booleans).
    """

    def __init__(self) -> None:
        self._strings: dict[str, str] = {}
        self._inputs: dict[tuple[tuple[str, bool], ...], str] = {}
        self._outputs: dict[tuple[str, ...], str] = {}

    def line(self, record: StepRecord) -> str:
        strings = self._strings
        automaton = strings.get(record.automaton) or self._string(record.automaton)
        event = strings.get(record.event) or self._string(record.event)
        inputs = self._inputs.get(record.inputs) or self._inputs_text(record.inputs)
        outputs = self._outputs.get(record.outputs) or self._outputs_text(record.outputs)
        arc = "null" if record.arc is None else record.arc + 1
        nesting = f',"depth":{record.depth},"via":{record.via}' if record.depth else ""
        return (
            f'{{"type":"step","automaton":{automaton},"step":{record.step},"event":{event},'
            f'"state_before":{record.state_before},"inputs":{inputs},"arc":{arc},'
            f'"outputs":{outputs},"state_after":{record.state_after}{nesting}}}\n'
        )

    def _string(self, text: str) -> str:
        encoded = self._strings[text] = json.dumps(text)
        return encoded

    def _inputs_text(self, inputs: tuple[tuple[str, bool], ...]) -> str:
        encoded = self._inputs[inputs] = json.dumps([[name, value] for name, value in inputs], separators=(",", ":"))
        return encoded

    def _outputs_text(self, outputs: tuple[str, ...]) -> str:
        encoded = self._outputs[outputs] = json.dumps(list(outputs), separators=(",", ":"))
        return encoded


PROTOCOL_KINDS = frozenset({"start", "input", "output", "transition", "finish"})


class ProtocolSink(TraceSink):
    """The methodology's human protocol, one line per fact:

        { A1: started in state 1 (Searching) with event e0
        i x1: the tour is complete? - NO
        * z2: make the move
        T A1: moved from state 1 to state 2
        } A1: finished in state 2

    Each kind of line (start, input, output, transition, finish) can be switched off. A system's
    run is written with nested blocks and the automaton's name on every line
    (automata.runtime.protocol_lines).
    """

    whole_system = True

    def __init__(self, stream: IO[str] | None = None, kinds: frozenset[str] = PROTOCOL_KINDS) -> None:
        unknown = set(kinds) - PROTOCOL_KINDS
        if unknown:
            raise ValueError(f"unknown protocol line kinds: {', '.join(sorted(unknown))}")
        self.stream = stream if stream is not None else sys.stdout
        self.kinds = kinds
        self._spec: Spec | None = None
        self._input_lines: dict[tuple[str, bool], str] = {}
        self._output_lines: dict[str, str] = {}
        self._nested: NestedProtocol | None = None

    def system_started(self, system: System) -> None:
        self._nested = NestedProtocol(self.stream, self.kinds, system.specs)

    def started(self, spec: Spec, state: int, event: str) -> None:
        self._spec = spec
        # An input or output line depends only on the name (and the value): made once per run.
        self._input_lines = {
            (name, value): f"i {name}: {decl.doc} - {'YES' if value else 'NO'}"
            for name, decl in spec.inputs.items() for value in (False, True)
        }
        self._output_lines = {name: f"* {name}: {decl.doc}" for name, decl in spec.outputs.items()}

    def _state(self, number: int) -> str:
        state = self._spec.states.get(number) if self._spec else None
        return f"state {number} ({state.name})" if state else f"state {number}"

    def _lines(self, record: StepRecord) -> list[str]:
        assert self._spec is not None
        name = record.automaton
        kinds = self.kinds
        lines = []
        if "start" in kinds:
            lines.append(f"{{ {name}: started in {self._state(record.state_before)} with event {record.event}")
        if "input" in kinds:
            lines.extend(map(self._input_lines.__getitem__, record.inputs))
        if "output" in kinds:
            lines.extend(map(self._output_lines.__getitem__, record.outputs))
        if "transition" in kinds and record.arc is not None:
            lines.append(f"T {name}: moved from state {record.state_before} to state {record.state_after}")
        if "finish" in kinds:
            lines.append(f"}} {name}: finished in {self._state(record.state_after)}")
        return lines

    def step(self, record: StepRecord) -> None:
        if self._nested is not None:
            self._nested.step(record)
            return
        self.stream.write("".join(line + "\n" for line in self._lines(record)))

    def failed(self, spec: Spec, record: StepRecord | None, error: BaseException) -> None:
        if self._nested is not None:
            self._nested.failed(spec, record, error)
            return
        if record is not None:
            lines = self._lines(record)
            if "finish" in self.kinds:
                lines = lines[:-1]
            self.stream.write("".join(line + "\n" for line in lines))
        self.stream.write(f"! {spec.automaton}: failed: {error}\n")

    def close(self) -> None:
        self.stream.flush()
