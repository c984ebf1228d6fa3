"""A case of a program, recorded and laid out as a player page: what `automata player`, the docs
site, the Sphinx directive's `:player:` and `automata.show` in a notebook all make."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..io.html.player import player_html
from .beside import loop_listing
from .events import Recorder
from .program import Program
from .recording import DEFAULT_MAX_RECORDED_STEPS, Recording, record_run
from .trace import TraceSink


def record_case(program: Program, case: Any, engine: str = "transitions",
                max_steps: int = DEFAULT_MAX_RECORDED_STEPS, sinks: Sequence[TraceSink] = ()) -> Recording:
    """Run `case` step by step, keeping the events the model reports and drawing the program's
    `picture(context)` if it has one."""
    events = Recorder()
    context = program.new_context(case, events)
    automaton = program.open_automaton(context, engine, sinks, max_steps=program.max_steps(case))
    return record_run(automaton, context, program.extras.get("picture"), max_recorded_steps=max_steps, events=events,
                      key_events=program.extras.get("key_events", ()))


def player_page(program: Program, case: Any, case_name: str, recording: Recording,
                links: Sequence[tuple[str, str]] = ()) -> str:
    """The player of `recording`, with the program's plain loop on the same case beside it."""
    loop = loop_listing(program, case, recording.records, recording.event_marks, finished=recording.final_state is not None)
    return player_html(program.spec, recording, case=case_name, links=links, loop=loop)
