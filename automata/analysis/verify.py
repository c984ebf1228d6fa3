"""Equivalence of implementations: same events in the same order, then the same result.

Each implementation is a callable taking an observer and returning a comparable result. The
reference runs first; every other implementation is compared with it event by event, and the
first divergence is reported with a few events of context from each side.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..runtime.events import Event, Recorder, format_event
from ..runtime.user_code import failure_text
from .result_diff import first_difference

Implementation = Callable[[Any], Any]


@dataclass(frozen=True)
class ImplRun:
    name: str
    events: list[Event] = field(repr=False)
    result: Any
    error: str | None = None
    dropped: int = 0  # events left out by slim(): a run sent back from a worker process keeps only counts

    @property
    def event_count(self) -> int:
        return len(self.events) + self.dropped

    def slim(self) -> ImplRun:
        """The run without its events (their number kept): what a sweep's worker sends back, since a
        verdict's divergence already holds the events that matter."""
        return ImplRun(self.name, [], self.result, self.error, self.event_count)


@dataclass(frozen=True)
class Divergence:
    kind: str  # "event": streams differ; "result": same streams, different results; "error": one side raised
    # With kind "error", `other` is the implementation that failed: the reference itself when it did.
    reference: str
    other: str
    index: int  # 0-based position in the event stream of the first difference
    expected: Any  # the reference's event (or result, or error) there; None when its stream ended
    actual: Any  # the other's
    context_before: tuple[Event, ...]
    reference_after: tuple[Event, ...]
    other_after: tuple[Event, ...]
    # With kind "event": why a stream that ended there ended, when its run failed (the user's code
    # raised, a step limit or a budget was reached, a method is missing).
    reference_error: str | None = None
    other_error: str | None = None

    def describe(self) -> str:
        if self.kind == "result":
            return result_difference(self.reference, self.other, self.index, self.expected, self.actual)
        if self.kind == "error":
            if self.other == self.reference:
                text = f"the reference {self.reference} failed after {self.index} events: {self.actual}"
            else:
                text = f"{self.other} failed after {self.index} events that agree with {self.reference}: {self.actual}"
            if self.context_before:
                text += "\n  its last events: " + ", ".join(format_event(event) for event in self.context_before)
            return text
        lines = [f"first divergence between {self.reference} and {self.other} at event #{self.index + 1}:"]
        start = self.index - len(self.context_before)
        for offset, event in enumerate(self.context_before):
            lines.append(f"    #{start + offset + 1:<8} {format_event(event)}   (both)")
        for name, first, rest in (
            (self.reference, self.expected, self.reference_after),
            (self.other, self.actual, self.other_after),
        ):
            shown = "(stream ended)" if first is None else format_event(first)
            tail = "  then " + ", ".join(format_event(e) for e in rest) if rest else ""
            lines.append(f"  > #{self.index + 1:<8} {shown}   ({name}){tail}")
        for name, error in ((self.reference, self.reference_error), (self.other, self.other_error)):
            if error:
                lines.append(f"  {name}'s stream ended because it failed: {error}")
        return "\n".join(lines)


@dataclass(frozen=True)
class Verdict:
    reference: str
    runs: dict[str, ImplRun]
    divergence: Divergence | None

    @property
    def agree(self) -> bool:
        return self.divergence is None

    @property
    def result(self) -> Any:
        return self.runs[self.reference].result

    def slim(self) -> Verdict:
        return Verdict(self.reference, {name: run.slim() for name, run in self.runs.items()}, self.divergence)


def result_difference(reference: str, other: str, events: int, expected: Any, actual: Any) -> str:
    """Two results that differ, pointed at where they first differ (the element of a list, the key of
    a dict, the field of a dataclass) rather than printed whole."""
    path, left, right = first_difference(expected, actual)
    head = f"{other} emitted the same {events} events as {reference} but returned a different result"
    if not path:
        return f"{head}:\n  {reference}: {left}\n  {other}: {right}"
    return f"{head}; they first differ at result{path}:\n  {reference}: {left}\n  {other}: {right}"


def run_one(name: str, implementation: Implementation) -> ImplRun:
    recorder = Recorder()
    try:
        result = implementation(recorder)
    except (Exception, SystemExit) as error:  # a failing implementation is a verification finding, not a crash
        return ImplRun(name, recorder.events, None, failure_text(error))
    return ImplRun(name, recorder.events, result)


def first_divergence(reference: ImplRun, other: ImplRun, context: int = 3) -> Divergence | None:
    expected, actual = reference.events, other.events
    limit = min(len(expected), len(actual))
    index = next((i for i in range(limit) if expected[i] != actual[i]), limit)
    if index == limit and len(expected) == len(actual):
        if other.error and other.error != reference.error:
            return Divergence("error", reference.name, other.name, index, reference.error, other.error,
                              tuple(actual[-context:]) if context else (), (), ())
        if reference.error and not other.error:  # only the reference failed: it is the finding
            return Divergence("error", reference.name, reference.name, index, None, reference.error,
                              tuple(expected[-context:]) if context else (), (), ())
        if reference.result != other.result:
            return Divergence("result", reference.name, other.name, index, reference.result, other.result, (), (), ())
        return None
    return Divergence(
        kind="event",
        reference=reference.name,
        other=other.name,
        index=index,
        expected=expected[index] if index < len(expected) else None,
        actual=actual[index] if index < len(actual) else None,
        context_before=tuple(expected[max(0, index - context):index]),
        reference_after=tuple(expected[index + 1:index + 1 + context]),
        other_after=tuple(actual[index + 1:index + 1 + context]),
        reference_error=reference.error if index >= len(expected) else None,
        other_error=other.error if index >= len(actual) else None,
    )


def verify(impls: Mapping[str, Implementation], reference: str = "iterative", context: int = 3) -> Verdict:
    """Run every implementation and compare each with `reference`; the first difference found wins."""
    if reference not in impls:
        raise ValueError(f"reference implementation '{reference}' is not among {', '.join(impls)}")
    runs = {reference: run_one(reference, impls[reference])}
    for name, implementation in impls.items():
        if name != reference:
            runs[name] = run_one(name, implementation)
    return compare_runs(runs, reference, context)


def compare_runs(runs: Mapping[str, ImplRun], reference: str, context: int = 3) -> Verdict:
    """Compare runs already made (the reference's among them) with the reference's."""
    runs = dict(runs)
    divergence = None
    for name, run in runs.items():
        if name == reference:
            continue
        divergence = first_divergence(runs[reference], run, context)
        if divergence is not None:
            break
    if divergence is None and runs[reference].error:
        ref = runs[reference]
        divergence = Divergence("error", reference, reference, len(ref.events), None, ref.error, (), (), ())
    return Verdict(reference, runs, divergence)
