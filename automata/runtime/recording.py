"""Recording a run step by step, with a picture of the problem at every position that the budget allows.

The player, the stepper and the docs replay a recorded run: its step records, how it ended, the
events the model reported, and pictures. A run of a system of automata is recorded with the steps
of every automaton, in the order they ended (automata/runtime/timeline.py says how a viewer moves
through them). A problem (or a user's program module) may define `picture(context) -> str`, an
SVG of the context as it stands; it is drawn before the first step and after each step, and kept
as automata/runtime/pictures.py explains: every position of a run has its own picture while they
fit the budget, and a longer run goes on with keyframes and the pictures of the steps that matter
(entering a final state, or reporting one of the program's KEY_EVENTS).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..errors import AutomataError, InputError, RunError, UserCodeError
from ..model.spec import Spec
from .events import Event, Recorder, format_event
from .pictures import (
    DEFAULT_DENSE_BYTES,
    DEFAULT_MAX_PICTURE_BYTES,
    DEFAULT_MAX_PICTURES,
    Album,
    Picture,
    PictureBook,
)
from .stepping import StepControl
from .system import SystemAutomaton
from .timeline import out_targets, over_targets, parents
from .trace import StepRecord, TraceSink
from .user_code import failure_text, implementation_subject, users_error

DEFAULT_MAX_RECORDED_STEPS = 200_000


class RecordingFull(RunError):
    """The recording reached its step limit inside a step of the root (a long call)."""


class PictureFailed(Exception):
    """picture(context) raised: not a failure of the run, which the recording would show, but of
    the program's picture, which stops the recording (its UserCodeError is raised again)."""

    def __init__(self, error: UserCodeError) -> None:
        super().__init__(str(error))
        self.error = error


@dataclass(frozen=True)
class Recording:
    """A run as the player shows it."""

    spec: Spec
    records: tuple[StepRecord, ...]  # every step of every automaton, in the order they ended
    final_state: int | None  # None when the run failed or the recording stopped before the end
    error: str = ""  # why the run failed, if it did
    truncated: bool = False  # the recording stopped at its step limit before the run ended
    album: Album = field(default_factory=Album)
    specs: Mapping[str, Spec] = field(default_factory=dict)  # every automaton of the run, by name
    events: tuple[Event, ...] = ()  # what the model reported, in order (when the recording kept them)
    event_marks: tuple[int, ...] = ()  # how many events had been reported when each step ended
    # The failure itself, for a command to report with its exit code (1) after writing the recording.
    failure: AutomataError | None = field(default=None, compare=False, repr=False)

    @property
    def steps(self) -> int:
        return len(self.records)

    @property
    def root_steps(self) -> int:
        return sum(1 for record in self.records if record.depth == 0)

    @property
    def pictures(self) -> tuple[str, ...]:
        return self.album.pictures

    @property
    def frames(self) -> tuple[tuple[int, int], ...]:
        return self.album.frames

    @property
    def stride(self) -> int:
        return self.album.stride

    def navigation(self) -> tuple[list[int], list[int], list[int]]:
        """Per step its parent step; per position where `over` and `out` lead (runtime/timeline.py)."""
        depths = [record.depth for record in self.records]
        return parents(depths), over_targets(depths), out_targets(depths)

    def event_texts(self) -> list[str]:
        return [format_event(event) for event in self.events]


class StepListener(TraceSink):
    """Hears every step of every automaton of a system (the root's last, once its calls are over)."""

    whole_system = True

    def __init__(self, arrived: Any) -> None:
        self.step = arrived  # type: ignore[method-assign]


def record_run(automaton: StepControl, context: object, picture: Picture | None = None,
               max_recorded_steps: int = DEFAULT_MAX_RECORDED_STEPS, max_pictures: int = DEFAULT_MAX_PICTURES,
               max_picture_bytes: int = DEFAULT_MAX_PICTURE_BYTES, *, events: Recorder | None = None,
               key_events: Collection[str] = (), dense_bytes: int = DEFAULT_DENSE_BYTES) -> Recording:
    """Step `automaton` (bound to `context`, not yet started) to its end, or for at most
    `max_recorded_steps` steps of all its automata, drawing `picture(context)` as it goes.
    `events`: the Recorder the context reports to, to keep the events with the steps."""
    book = PictureBook(picture, dense_bytes, max_pictures, max_picture_bytes) if picture is not None else None
    system = automaton.system if isinstance(automaton, SystemAutomaton) else None
    specs = dict(system.specs) if system is not None else {automaton.spec.automaton: automaton.spec}
    finals = {name: frozenset(n for n, s in spec.states.items() if s.final) for name, spec in specs.items()}
    log = events.events if events is not None else []
    keys = frozenset(key_events)
    records: list[StepRecord] = []
    marks: list[int] = []

    def arrived(record: StepRecord) -> None:
        before = marks[-1] if marks else 0
        records.append(record)
        marks.append(len(log))
        key = record.state_after in finals[record.automaton] or (
            bool(keys) and any(event[0] in keys for event in log[before:]))
        if book is not None and book.wants(len(records), key):
            try:
                book.add(len(records), context, key)
            except UserCodeError as error:
                raise PictureFailed(error) from error
        if record.depth and len(records) >= max_recorded_steps:
            raise RecordingFull(f"the recording stops after {len(records):,} steps")

    if system is not None:
        automaton.listen(StepListener(arrived))  # type: ignore[attr-defined]
    if book is not None:
        book.add(0, context)
    error = ""
    full = False
    failed: AutomataError | None = None
    try:
        while not automaton.is_final and len(records) < max_recorded_steps:
            record = automaton.step()
            if system is None:
                arrived(record)
    except RecordingFull:
        full = True
    except PictureFailed as failed_picture:
        raise failed_picture.error from None
    except (RunError, UserCodeError) as failure:
        failed = failure
    except InputError:
        raise
    except (Exception, SystemExit) as failure:  # the context raised: the run failed there, the player shows it
        failed = users_error(implementation_subject("automaton"), failure)
        if failed is None:
            raise  # a bug of the framework
    if failed is not None:
        error = failure_text(failed.cause) if isinstance(failed, UserCodeError) and failed.cause else str(failed)
    if book is not None and not error:
        book.last(len(records), context)  # the end of the run is always drawn
    finished = automaton.is_final and not error and not full
    return Recording(
        spec=automaton.spec,
        records=tuple(records),
        final_state=automaton.state if finished else None,
        error=error,
        truncated=not finished and not error,
        album=book.album() if book is not None else Album(),
        specs=specs,
        events=tuple(log),
        event_marks=tuple(marks),
        failure=failed,
    )
