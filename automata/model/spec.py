"""The spec data model: a Mealy automaton as plain, immutable data.

A `Spec` knows nothing of YAML, files or the `transitions` library: `automata.io.loader` builds
one from a file (keeping every value's position for messages), `automata.runtime` runs one, and
`automata.analysis` reasons about one.
"""

from __future__ import annotations

import hashlib
import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import Loc
from .guards import ALWAYS, Guard


@dataclass(frozen=True)
class EventDecl:
    name: str
    doc: str
    loc: Loc


@dataclass(frozen=True)
class InputDecl:
    name: str
    doc: str
    call: str
    loc: Loc


@dataclass(frozen=True)
class OutputDecl:
    name: str
    doc: str
    call: str  # the context method it runs ("" for an output that runs an automaton)
    loc: Loc
    # Calling (docs/systems.md): the automaton this output runs until it reaches a final state,
    # and the event it sends at each of its steps ("": that automaton's own step event).
    run: str = ""
    event: str = ""
    run_loc: Loc | None = field(default=None, compare=False)


@dataclass(frozen=True)
class StateDecl:
    number: int
    name: str
    doc: str
    final: bool
    on_enter: tuple[str, ...]
    may_stay: bool
    loc: Loc
    # Nesting (docs/systems.md): automata that take a step, on the same event, at each step made
    # while the automaton is in this state, before it chooses its arc.
    nested: tuple[str, ...] = ()
    nested_locs: tuple[Loc, ...] = field(default=(), compare=False)

    @property
    def label(self) -> str:
        return f"{self.number}. {self.name}"


@dataclass(frozen=True)
class ArcDecl:
    # Position in the file's `arcs` list, 0-based: the arc's identity inside the framework. Every
    # surface a person reads (messages, drawings, JSON, traces, generated comments) shows `number`.
    index: int
    source: int
    target: int
    event: str
    guard: Guard
    guard_text: str  # as written ("" when omitted)
    actions: tuple[str, ...]
    priority: int | None
    loc: Loc
    guard_loc: Loc

    @property
    def number(self) -> int:
        """The arc's number as people read it: 1 for the first arc of the file (docs/spec-format.md)."""
        return self.index + 1

    @property
    def title(self) -> str:
        """`arc 3 (0 -> 0, line 27)`: the arc as every message names it."""
        return f"arc {self.number} ({self.source} -> {self.target}, line {self.loc.line})"

    @property
    def label(self) -> str:
        """The methodology's arc label: `guard / actions`."""
        guard = "" if self.guard == ALWAYS else str(self.guard)
        actions = ", ".join(self.actions)
        text = f"{guard} / {actions}" if actions else guard
        return text.strip() or "1"


@dataclass(frozen=True)
class AutomatonRef:
    """`automata: {A2: search.yaml}`: another automaton of the system, by its spec's path as
    written (relative to the folder of the spec that names it)."""

    name: str
    path: str
    loc: Loc = field(compare=False)


@dataclass(frozen=True)
class Origin:
    """What a spec was read from: its file (None for text handed to the loader directly) and the
    digest of its text. Code generated from the spec records the digest (SPEC_HASH), so whether a
    committed module was generated from this very text is known without reading the file again."""

    file: Path | None
    digest: str  # text_digest of the YAML text


def text_digest(text: str) -> str:
    """The digest a spec's text is known by: "sha256:" and the SHA-256 of its UTF-8 bytes."""
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Spec:
    path: str
    automaton: str
    title: str
    description: str
    source: str
    context: str  # "package.module:Class"; "" for a pure Mealy machine (docs/spec-format.md)
    initial: int
    step_event: str
    events: Mapping[str, EventDecl]
    inputs: Mapping[str, InputDecl]
    outputs: Mapping[str, OutputDecl]
    states: Mapping[int, StateDecl]
    arcs: tuple[ArcDecl, ...]
    loc: Loc = field(compare=False)
    context_loc: Loc | None = field(default=None, compare=False)  # where `context:` is written
    program_loc: Loc | None = field(default=None, compare=False)  # where `program:` is written (None: not written)
    # "package.module" or "package.module:NAME" holding the program contract ("": the context's module)
    program: str = ""
    # The other automata this one nests, calls or tests the state of (a system, docs/systems.md).
    automata: Mapping[str, AutomatonRef] = field(default_factory=dict)
    # What the loader read it from (see `with_origin`). Not an argument of the constructor, so a
    # spec made from another with dataclasses.replace (a mutant, a renamed copy) has none: only
    # the spec the text describes carries the text's digest.
    origin: Origin | None = field(default=None, init=False, compare=False, repr=False)

    @property
    def stem(self) -> str:
        return Path(self.path).stem

    def __repr__(self) -> str:
        # One line a reader can use in a terminal or a notebook (the dataclass's own repr lists every
        # field of every state and arc: kilobytes). Equality and hashing stay the dataclass's.
        system = f", a system with {', '.join(self.automata)}" if self.automata else ""
        return (f"<Spec {self.automaton}: {self.title!r} from {self.path!r}: {len(self.states)} states, "
                f"{len(self.inputs)} inputs, {len(self.outputs)} outputs, {len(self.arcs)} arcs{system}>")

    @property
    def is_system(self) -> bool:
        """Whether the spec names other automata: it then runs as the root of a system of automata."""
        return bool(self.automata)

    @property
    def is_pure(self) -> bool:
        """A pure Mealy machine: no context class. Its events are the input symbols a run is given
        one by one, its outputs are symbols recorded in the trace (docs/spec-format.md)."""
        return not self.context

    def arcs_from(self, state: int, event: str | None = None) -> list[ArcDecl]:
        """The arcs leaving `state` on `event`, in the order they are tried: priority, then file order."""
        return list(self._arcs_by_source_and_event.get((state, event or self.step_event), ()))

    def events_from(self, state: int) -> list[str]:
        """The events some arc leaving `state` listens to, in the order of the file's first arc for each."""
        return list(self._events_by_source.get(state, ()))

    @functools.cached_property
    def _arcs_by_source_and_event(self) -> dict[tuple[int, str], tuple[ArcDecl, ...]]:
        # Built once per Spec (immutable): machines learned from real systems have tens of thousands
        # of arcs, and every command asks for the arcs of each state on each event.
        grouped: dict[tuple[int, str], list[ArcDecl]] = {}
        for arc in self.arcs:
            grouped.setdefault((arc.source, arc.event), []).append(arc)
        return {key: tuple(sorted(arcs, key=lambda arc: (arc.priority is None, arc.priority or 0, arc.index)))
                for key, arcs in grouped.items()}

    @functools.cached_property
    def _events_by_source(self) -> dict[int, tuple[str, ...]]:
        events: dict[int, dict[str, None]] = {}
        for arc in self.arcs:
            events.setdefault(arc.source, {})[arc.event] = None
        return {state: tuple(found) for state, found in events.items()}

    def outputs_of(self, arc: ArcDecl) -> tuple[str, ...]:
        """What taking `arc` runs, in order: its actions, then its target's `on_enter` actions."""
        return arc.actions + self.states[arc.target].on_enter

    def silent_loops(self, state: int | None = None) -> list[ArcDecl]:
        """The arcs (of `state`, or of every state) that loop on their state on the step event and
        run nothing, in a state that nests no automaton and that no other event leaves: inputs have
        no side effects, so once such an arc is taken nothing changes and it is taken again at every
        step, forever."""
        waiting = {arc.source for arc in self.arcs if arc.event != self.step_event}
        return [arc for arc in self.arcs
                if arc.source == arc.target and (state is None or arc.source == state) and arc.event == self.step_event
                and not self.outputs_of(arc) and not self.states[arc.source].nested and arc.source not in waiting]


def with_origin(spec: Spec, origin: Origin) -> Spec:
    """`spec` marked as read from `origin`: for the loader, on the spec it has just built from that
    text, before anyone else sees it (a Spec is otherwise never changed)."""
    object.__setattr__(spec, "origin", origin)
    return spec


def name_order(name: str) -> tuple[int, str]:
    """Sort key for the methodology's names, by number: x2 before x10."""
    digits = re.sub(r"\D", "", name)
    return (int(digits) if digits else -1, name)
