"""The protocol of a system of automata: the methodology's nested `{ ... }` blocks.

Every line names its automaton. A step of a nested automaton is shown inside the step of its
parent, between the parent's `{` line and its inputs (the nested automaton steps before the
parent chooses its arc); the steps of a called automaton are shown right after the output that
called it. Each level is indented by two spaces:

    { A0: started in state 0 (Start) with event e0
    i A0.x1: the start cell is impossible? - NO
    * A0.z2: put the knight on the start cell
    * A0.z9: run one attempt of the search
      { A1: started in state 1 (Choosing a move) with event e0
      i A1.x2: the path covers every cell of the board? - NO
      ...
      } A1: finished in state 1 (Choosing a move)
    T A0: moved from state 0 to state 1
    } A0: finished in state 1 (Attempt over)

A step's record arrives only when the steps it caused are over, so the lines of nested and
called steps wait here until the step that ran them is shown. The single-automaton protocol
(automata.runtime.trace.ProtocolSink) is unchanged; it hands a system's run to this writer.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import IO, Any

INDENT = "  "


class NestedProtocol:
    """Writes the protocol of a system's run; `specs` are its automata by name."""

    def __init__(self, stream: IO[str], kinds: frozenset[str], specs: Mapping[str, Any]) -> None:
        self.stream = stream
        self.kinds = kinds
        self.specs = specs
        self._inputs: dict[tuple[str, str, bool], str] = {}
        self._outputs: dict[tuple[str, str], str] = {}
        for automaton, spec in specs.items():
            for name, decl in spec.inputs.items():
                for value in (False, True):
                    self._inputs[automaton, name, value] = f"i {automaton}.{name}: {decl.doc} - {_answer(value)}"
            for name, decl in spec.outputs.items():
                runs = f" (runs {decl.run})" if decl.run else ""
                self._outputs[automaton, name] = f"* {automaton}.{name}: {decl.doc}{runs}"
        # Lines of finished steps below the one under way, by depth: (via, lines) in order.
        self._waiting: dict[int, list[tuple[int, list[str]]]] = {}

    def step(self, record: Any) -> None:
        self._place(record, self._render(record, complete=True))

    def failed(self, spec: Any, record: Any | None, error: BaseException) -> None:
        if record is not None:
            lines = self._render(record, complete=False)
            if record.depth:
                self._place(record, lines)
                return
            self._write(lines)
        else:
            for depth in sorted(self._waiting):
                self._write([line for _, lines in self._waiting.pop(depth) for line in lines])
        self.stream.write(f"! {spec.automaton}: failed: {error}\n")

    # -- lines ----------------------------------------------------------------------------------

    def _place(self, record: Any, lines: list[str]) -> None:
        if record.depth == 0:
            self._write(lines)
        else:
            self._waiting.setdefault(record.depth, []).append((record.via, lines))

    def _write(self, lines: list[str]) -> None:
        self.stream.write("".join(line + "\n" for line in lines))

    def _state(self, automaton: str, number: int) -> str:
        spec = self.specs.get(automaton)
        state = spec.states.get(number) if spec is not None else None
        return f"state {number} ({state.name})" if state else f"state {number}"

    def _input_line(self, automaton: str, name: str, value: bool) -> str:
        line = self._inputs.get((automaton, name, value))
        if line is None:  # a state test: `y2=4`, A2 is in state 4
            variable, _, number = name.partition("=")
            tested = "A" + variable[1:]
            line = f"i {automaton}.{variable} == {number}: {tested} is in {self._state(tested, int(number))}? - {_answer(value)}"
            self._inputs[automaton, name, value] = line
        return line

    def _render(self, record: Any, complete: bool) -> list[str]:
        name, kinds, indent = record.automaton, self.kinds, INDENT * record.depth
        children = self._waiting.pop(record.depth + 1, [])
        lines = []
        if "start" in kinds:
            lines.append(f"{indent}{{ {name}: started in {self._state(name, record.state_before)} with event {record.event}")
        lines += [line for via, block in children if via < 0 for line in block]
        if "input" in kinds:
            lines += [indent + self._input_line(name, input_name, value) for input_name, value in record.inputs]
        for position, output in enumerate(record.outputs):
            if "output" in kinds:
                lines.append(indent + self._outputs.get((name, output), f"* {name}.{output}"))
            lines += [line for via, block in children if via == position for line in block]
        lines += [line for via, block in children if via >= len(record.outputs) for line in block]
        if complete and "transition" in kinds and record.arc is not None:
            lines.append(f"{indent}T {name}: moved from state {record.state_before} to state {record.state_after}")
        if complete and "finish" in kinds:
            lines.append(f"{indent}}} {name}: finished in {self._state(name, record.state_after)}")
        return lines


def _answer(value: bool) -> str:
    return "YES" if value else "NO"
