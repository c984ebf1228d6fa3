"""The observable event stream every implementation of a problem reports through.

An event is a plain tuple `(kind, *data)`, e.g. `("move", 3, 4)`. Keeping events as tuples makes
recording cheap (it sits on every search's hot path) and comparison exact.
"""

from __future__ import annotations

from typing import Protocol

Event = tuple


class Observer(Protocol):
    def emit(self, kind: str, *data: object) -> None: ...


class Recorder:
    """Keeps every event in order."""

    __slots__ = ("events",)

    def __init__(self) -> None:
        self.events: list[Event] = []

    def emit(self, kind: str, *data: object) -> None:
        self.events.append((kind, *data))


class NullObserver:
    """Drops every event: for runs where only the result matters (benchmarks, sweeps)."""

    __slots__ = ()

    def emit(self, kind: str, *data: object) -> None:
        pass


class Counter:
    """Counts events by kind without keeping them."""

    __slots__ = ("counts",)

    def __init__(self) -> None:
        self.counts: dict[str, int] = {}

    def emit(self, kind: str, *data: object) -> None:
        self.counts[kind] = self.counts.get(kind, 0) + 1


def format_event(event: Event) -> str:
    kind, *data = event
    return f"{kind}({', '.join(map(str, data))})" if data else str(kind)
