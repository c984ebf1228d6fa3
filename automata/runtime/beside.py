"""The plain program beside the automaton: a loop's protocol, aligned step by step with a run.

The framework's claim is that the automaton and the plain program report the same events. The
player shows it: it runs the program's plain implementation (the iterative loop, by default) on
the same case, lists what the loop does in the protocol's own line format — each question with
its answer (`i x1: ... - NO`), each action (`* z2: ...`) and each event it reports (`→ move(3, 2)`)
— and cuts that listing into one segment per step of the recorded automaton run:

- the events are the anchors: the segment of a step ends after the loop has reported as many
  events as the automaton had reported by the end of that step;
- between two events, the step's own questions and actions are matched, in order, with the
  loop's next lines, so a loop that asks what the automaton asks lines up line for line.

A loop that never reports as many events (it differs, or the recording went further) keeps its
last lines in the last segment; the note says why the listing is shorter when it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import InputError
from ..model.guards import is_state_test
from .events import format_event
from .instrument import declared_methods, wrap_methods
from .program import Program
from .trace import StepRecord
from .user_code import failure_text

MAX_ENTRIES = 1_000_000
MATCH_WINDOW = 64  # how far ahead a step's line is looked for among the loop's lines


@dataclass(frozen=True)
class LoopListing:
    implementation: str
    entries: tuple[str, ...]  # the loop's lines in order: questions, actions and events
    cuts: tuple[int, ...]  # position p's segment is entries[cuts[p - 1]:cuts[p]]; cuts[0] == 0
    note: str = ""  # why the listing is shorter than the loop's run, or how the loop ended


class _Enough(BaseException):
    """Stops the loop once its listing is long enough (not an Exception: the user's code must not catch it)."""


EVENT = "→ "


def step_lines(record: StepRecord, docs: dict[str, str], system: bool) -> list[str]:
    """A step's questions and actions as the loop's listing writes them (a loop has no state tests)."""
    def qualified(name: str) -> str:
        return f"{record.automaton}.{name}" if system else name

    lines = [f"i {qualified(name)}: {docs.get(qualified(name), '')} - {'YES' if value else 'NO'}"
             for name, value in record.inputs if not is_state_test(name)]
    return lines + [f"* {qualified(name)}: {docs.get(qualified(name), '')}" for name in record.outputs]


def loop_listing(program: Program, case: Any, records: Sequence[StepRecord], event_marks: Sequence[int],
                 finished: bool, implementation: str | None = None) -> LoopListing | None:
    """The listing of `implementation` (the program's first plain one) on `case`, aligned with the
    recorded `records` (and the events reported by the end of each); None without a plain one."""
    name = implementation or next(iter(program.implementations), None)
    if name is None:
        return None
    docs = {qualified: decl.doc for _, qualified, decl in declared_methods(program.spec)}
    entries: list[str] = []
    wanted = event_marks[-1] + 1 if event_marks and not finished else None
    events = [0]

    class Listing:
        def emit(self, kind: str, *data: object) -> None:
            entries.append(EVENT + format_event((kind, *data)))
            events[0] += 1
            if wanted is not None and events[0] >= wanted or len(entries) >= MAX_ENTRIES:
                raise _Enough

    def asked(kind: str, qualified: str, value: Any) -> None:
        if kind == "input":
            entries.append(f"i {qualified}: {docs[qualified]} - {'YES' if value else 'NO'}")

    def acting(kind: str, qualified: str) -> None:
        if kind == "output":
            entries.append(f"* {qualified}: {docs[qualified]}")
        if len(entries) >= MAX_ENTRIES:
            raise _Enough

    context = program.new_context(case, Listing())
    note = ""
    try:
        wrap_methods(context, program.spec, before=acting, after=asked)
    except InputError as error:
        note = f"only the loop's events are listed: {error}"
    try:
        program.implementations[name](context)
    except _Enough:
        note = note or f"the listing stops after {len(entries):,} lines, where the recorded run stops"
    except Exception as error:  # noqa: BLE001 - the user's loop failed: the listing shows how far it got
        note = f"the loop failed: {failure_text(error)}"
    else:
        note = note or f"the loop ended after {len(entries):,} lines"
    system = program.spec.is_system
    cuts = align([step_lines(record, docs, system) for record in records], event_marks, entries, finished)
    return LoopListing(name, tuple(entries), tuple(cuts), note)


def align(steps: Sequence[Sequence[str]], event_marks: Sequence[int], entries: Sequence[str], finished: bool) -> list[int]:
    """cuts[p]: how far the loop's listing has got when the automaton has taken p steps (module docs)."""
    entries = tuple(entries)
    event_at = [index for index, entry in enumerate(entries) if entry.startswith(EVENT)]
    cuts = [0]
    at = 0
    for position, lines in enumerate(steps, start=1):
        reported = event_marks[position - 1]
        if reported == 0:
            floor = 0
        else:
            floor = event_at[reported - 1] + 1 if reported <= len(event_at) else len(entries)
        limit = event_at[reported] if reported < len(event_at) else len(entries)
        reached = at
        for line in lines:
            try:
                reached = entries.index(line, reached, min(limit, reached + MATCH_WINDOW)) + 1
            except ValueError:
                continue  # the loop does not do this here: the next line is looked for from the same place
        at = max(at, reached, floor)
        cuts.append(at)
    if finished and len(cuts) > 1:
        cuts[-1] = len(entries)
    return cuts
