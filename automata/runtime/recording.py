"""Recording a run step by step, with a picture of the problem after the steps worth drawing.

The player and the docs replay a recorded run: its step records, how it ended, and pictures.
A problem (or a user's program module) may define `picture(context) -> str`, an SVG of the
context as it stands; it is called before the first step and after steps. A long run must not
carry one picture per step, so pictures are kept at a stride that doubles whenever the kept ones
pass a budget (count or bytes): every step of a short run has its picture; a run of 100,000 steps
keeps keyframes every 128 or 256 steps, and the viewer says which step a picture shows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..errors import AutomataError, InputError, RunError, UserCodeError
from ..model.spec import Spec
from .stepping import StepControl
from .trace import StepRecord
from .user_code import failure_text, implementation_subject, running_user_code, users_error

Picture = Callable[[object], str]

DEFAULT_MAX_PICTURES = 1_000
DEFAULT_MAX_PICTURE_BYTES = 12_000_000
DEFAULT_MAX_RECORDED_STEPS = 200_000


@dataclass(frozen=True)
class Recording:
    """A run as the player shows it."""

    spec: Spec
    records: tuple[StepRecord, ...]
    final_state: int | None  # None when the run failed or the recording stopped before the end
    error: str = ""  # why the run failed, if it did
    truncated: bool = False  # the recording stopped at its step limit before the run ended
    pictures: tuple[str, ...] = ()  # distinct pictures (SVG text)
    frames: tuple[tuple[int, int], ...] = ()  # (step, index into pictures), by step; step 0: before the first
    stride: int = 1  # pictures were kept every `stride` steps (plus the last step)
    # The failure itself, for a command to report with its exit code (1) after writing the recording.
    failure: AutomataError | None = field(default=None, compare=False, repr=False)

    @property
    def steps(self) -> int:
        return len(self.records)


@dataclass
class PictureBook:
    """Keeps pictures at a doubling stride under a budget; identical pictures are stored once."""

    draw: Picture
    max_pictures: int = DEFAULT_MAX_PICTURES
    max_bytes: int = DEFAULT_MAX_PICTURE_BYTES
    stride: int = 1
    frames: dict[int, str] = field(default_factory=dict)  # step -> picture

    def wants(self, step: int) -> bool:
        return step % self.stride == 0

    def add(self, step: int, context: object) -> None:
        with running_user_code(f"picture(context), after step {step:,},", anywhere=True):
            text = self.draw(context)
        if not isinstance(text, str):
            raise InputError(f"picture(context) must return SVG text, returned {type(text).__name__} after step {step:,}")
        self.frames[step] = text
        while len(self.frames) > 1 and (len(self.frames) > self.max_pictures or self._bytes() > self.max_bytes):
            self.stride *= 2
            self.frames = {kept: text for kept, text in self.frames.items() if kept % self.stride == 0}

    def _bytes(self) -> int:
        return sum(len(text) for text in set(self.frames.values()))

    def album(self) -> tuple[tuple[str, ...], tuple[tuple[int, int], ...]]:
        index: dict[str, int] = {}
        frames = []
        for step in sorted(self.frames):
            frames.append((step, index.setdefault(self.frames[step], len(index))))
        return tuple(index), tuple(frames)


def record_run(automaton: StepControl, context: object, picture: Picture | None = None,
               max_recorded_steps: int = DEFAULT_MAX_RECORDED_STEPS, max_pictures: int = DEFAULT_MAX_PICTURES,
               max_picture_bytes: int = DEFAULT_MAX_PICTURE_BYTES) -> Recording:
    """Step `automaton` (bound to `context`, not yet started) to its end, or for at most
    `max_recorded_steps` steps, drawing `picture(context)` at the kept steps."""
    book = PictureBook(picture, max_pictures, max_picture_bytes) if picture is not None else None
    if book is not None:
        book.add(0, context)
    records: list[StepRecord] = []
    error = ""
    failed: AutomataError | None = None
    while not automaton.is_final and len(records) < max_recorded_steps:
        try:
            record = automaton.step()
        except (RunError, UserCodeError) as failure:
            failed = failure
            break
        except InputError:
            raise
        except (Exception, SystemExit) as failure:  # the context raised: the run failed there, the player shows it
            failed = users_error(implementation_subject("automaton"), failure)
            if failed is None:
                raise  # a bug of the framework
            break
        records.append(record)
        if book is not None and book.wants(record.step):
            book.add(record.step, context)
    if failed is not None:
        error = failure_text(failed.cause) if isinstance(failed, UserCodeError) and failed.cause else str(failed)
    last = records[-1].step if records else 0
    if book is not None and not error and last not in book.frames:
        book.add(last, context)  # the end of the run is always drawn
    pictures, frames = book.album() if book is not None else ((), ())
    finished = automaton.is_final and not error
    return Recording(
        spec=automaton.spec,
        records=tuple(records),
        final_state=automaton.state if finished else None,
        error=error,
        truncated=not finished and not error,
        pictures=pictures,
        frames=frames,
        stride=book.stride if book is not None else 1,
        failure=failed,
    )
