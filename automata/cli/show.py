"""`automata.show(...)`: a problem's run in a notebook, in one line.

    import automata
    run = automata.show("queens", n=8, algorithm="mrv")    # the player of the run, in the notebook
    run.at(12)                                             # step 12: graph, inputs, outputs, picture
    run.step(); run.step()                                 # on one step at a time from the start

The target and the case are named as on the command line (`automata player`): a shipped problem
with its case options as keyword arguments (`board="5x5", start="1,1"`; a problem with several
specs picks one by its option, `algorithm="mrv"`, or by `spec="queens_mrv"`), or the path of a
spec with a program module and `case="..."` or its parameters. The run is recorded once; every
view of it is read from the recording.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import Any

from ..io.html.player import ending
from ..io.notebook import running_html
from ..runtime.program import param_text
from ..runtime.recording import DEFAULT_MAX_RECORDED_STEPS, Recording
from .player_command import player_page, record_target
from .target import Target, resolve_target


@dataclass(frozen=True)
class Position:
    """One position of a recorded run, as a notebook shows it."""

    run: RunView
    position: int

    def _repr_html_(self) -> str:
        recording = self.run.recording
        record = recording.records[self.position - 1] if self.position else None
        spec = recording.specs.get(record.automaton, recording.spec) if record else recording.spec
        state = record.state_after if record else spec.initial
        found = recording.album.picture_at(self.position) if recording.album.frames else None
        final = spec.states[state].final if state in spec.states else False
        return running_html(spec, state, self.position, record.arc if record else None, final, record,
                            found[1] if found else None)

    def __repr__(self) -> str:
        record = self.run.recording.records[self.position - 1] if self.position else None
        if record is None:
            return f"<{self.run.recording.spec.automaton} before its first step>"
        return (f"<step {self.position:,}: {record.automaton} from state {record.state_before} to state "
                f"{record.state_after}>")


@dataclass
class RunView:
    """A recorded run: displays as the player; `at(p)` and `step()` show one position."""

    target: Target
    recording: Recording
    cursor: int = 0
    _page: str = field(default="", repr=False)

    @property
    def steps(self) -> int:
        return self.recording.steps

    def page(self) -> str:
        """The player page (one self-contained HTML document), as `automata player` writes it."""
        if not self._page:
            self._page = player_page(self.target, self.recording)
        return self._page

    def at(self, position: int) -> Position:
        return Position(self, max(0, min(self.steps, position)))

    def step(self, count: int = 1) -> Position:
        """Move `count` steps on from the last position shown this way (the start at first)."""
        self.cursor = max(0, min(self.steps, self.cursor + count))
        return self.at(self.cursor)

    def _repr_html_(self) -> str:
        return (f'<iframe title="{html.escape(self.recording.spec.automaton)}: the player" srcdoc="{html.escape(self.page())}" '
                'style="width:100%;height:46em;border:1px solid #d8dee6;border-radius:8px"></iframe>')

    def __repr__(self) -> str:
        return f"<run of {self.recording.spec.automaton}, case {self.target.case_name}: {ending(self.recording.spec, self.recording)}>"


def show(target: str, case: str | None = None, *, spec: str | None = None, engine: str = "transitions",
         max_steps: int = DEFAULT_MAX_RECORDED_STEPS, **params: Any) -> RunView:
    """Record one run of `target` and show it (see the module's docs)."""
    chosen = resolve_target(target, spec, (case,) if case is not None else (),
                            [f"{key}={_text(key, value)}" for key, value in params.items()], ())
    return RunView(chosen, record_target(chosen, engine, max_steps))


def _text(key: str, value: Any) -> str:
    """A keyword's value as the command line would give it: True -> "true", (3, 4) -> "3,4"."""
    text = param_text(value)
    if text is None:
        raise TypeError(f"show: {key}={value!r:.80} cannot be spelt as a case option; give text, numbers, booleans "
                        "or flat lists of numbers and text")
    return text
