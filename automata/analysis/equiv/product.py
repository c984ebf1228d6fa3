"""Are two specs the same Mealy machine? The product of the two, explored breadth first.

Both specs are run side by side from their initial states on the same input valuations; a pair of
states is *equivalent* when, on every valuation either state's guards can see, the two steps run
the same outputs in the same order and lead to an equivalent pair, fail alike, or stop in
corresponding final states. Exploring the reachable pairs breadth first, the first pair that
behaves differently gives a shortest distinguishing sequence of valuations.

Final states are observable: a run stops there, and a program may ask which final state it stopped
in (`result(context, final_state)`). With `finals=SAME_NUMBERS` two final states correspond when
they have the same number (a mutant and its original); with `finals=MATCHED` (two specs numbered
independently) each final state of one must always be met together with the same final state of
the other, a one-to-one correspondence the exploration builds as it goes.

The specs must use one set of names: the inputs and outputs of one are renamed to the other's
first (`automata.analysis.equiv.matching`). A run sends one event over and over (the step event by
default), so the comparison is made for each declared event separately.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, replace

from ...errors import InputError
from ...model.spec import Spec, name_order
from .moves import (
    MOVED,
    STUCK,
    Outcome,
    inputs_read,
    outcomes,
    tables_for,
    valuation_of,
)

SAME_NUMBERS = "numbers"
MATCHED = "matched"
FINALS = (MATCHED, SAME_NUMBERS)

# How a run goes on after the last valuation of a distinguishing sequence.
GOES_ON = "goes on"
STOPS = "stops"
FAILS = "fails (no arc enabled)"
LOOPS = "loops without outputs"

Pair = tuple[int, int]
Valuation = tuple[tuple[str, bool], ...]


@dataclass(frozen=True)
class Letter:
    """One valuation of a distinguishing sequence and what each spec outputs on it."""

    valuation: Valuation  # the inputs the two states (and their silent successors) test
    outputs: tuple[tuple[str, ...], tuple[str, ...]]  # of the first spec, of the second


@dataclass(frozen=True)
class Ending:
    how: str  # GOES_ON, STOPS, FAILS or LOOPS
    state: int


@dataclass(frozen=True)
class Run:
    """A sequence of valuations sent with `event` from the initial states, and how each spec ends it."""

    event: str
    letters: tuple[Letter, ...]
    endings: tuple[Ending, Ending]


@dataclass(frozen=True)
class Difference:
    run: Run  # the shortest run that tells the two apart
    why: str  # what differs, in words
    # With MATCHED finals, the earlier run that paired one of the two final states with another.
    earlier: Run | None = None


@dataclass(frozen=True)
class Comparison:
    difference: Difference | None
    pairs: frozenset[Pair]  # the pairs of states the two can be in together (all of them when equivalent)
    finals: Mapping[int, int]  # final state of the first -> final state of the second, as met
    skip_silent: bool

    @property
    def equivalent(self) -> bool:
        return self.difference is None


def _ending(spec: Spec, outcome: Outcome) -> Ending:
    if outcome.ending != MOVED:
        return Ending(FAILS if outcome.ending == STUCK else LOOPS, outcome.state)
    return Ending(STOPS if spec.states[outcome.state].final else GOES_ON, outcome.state)


class _Explorer:
    """One breadth-first exploration of the pairs of states, for one event."""

    def __init__(self, first: Spec, second: Spec, skip_silent: bool, finals: str,
                 matched: dict[int, int], paths: dict[Pair, Run]) -> None:
        self.first, self.second = first, second
        self.skip_silent, self.finals = skip_silent, finals
        self.matched = matched  # shared across events: a correspondence holds for every run
        self.paths = paths  # final pair -> the run that met it first
        self.parent: dict[Pair, tuple[Pair, Letter] | None] = {}

    def letters_to(self, pair: Pair) -> tuple[Letter, ...]:
        letters: list[Letter] = []
        step = self.parent[pair]
        while step is not None:
            pair, letter = step
            letters.append(letter)
            step = self.parent[pair]
        return tuple(reversed(letters))

    def _arrival(self, pair: Pair, run: Run) -> str:
        """Why arriving at `pair` (after `run`) tells the two apart, or ""."""
        mine, theirs = pair
        stop_mine, stop_theirs = self.first.states[mine].final, self.second.states[theirs].final
        if stop_mine != stop_theirs:
            which, other = ("first", "second") if stop_mine else ("second", "first")
            return f"the {which} stops where the {other} goes on"
        if not stop_mine:
            return ""
        if self.finals == SAME_NUMBERS:
            return "" if mine == theirs else f"they stop in different final states ({mine} and {theirs})"
        inverse = {b: a for a, b in self.matched.items()}
        if self.matched.get(mine, theirs) != theirs or inverse.get(theirs, mine) != mine:
            return (f"final state {mine} of the first is met with {theirs} of the second here, "
                    "but with another final state on an earlier run")
        self.matched[mine] = theirs
        self.paths.setdefault(pair, run)
        return ""

    def _conflicting_run(self, pair: Pair) -> Run | None:
        mine, theirs = pair
        for (a, b), run in self.paths.items():
            if (a == mine) != (b == theirs):
                return run
        return None

    def explore(self, event: str) -> tuple[Difference | None, set[Pair]]:
        first, second = self.first, self.second
        start = (first.initial, second.initial)
        self.parent[start] = None
        initial_run = Run(event, (), (_ending(first, Outcome(MOVED, (), start[0])),
                                      _ending(second, Outcome(MOVED, (), start[1]))))
        why = self._arrival(start, initial_run)
        if why:
            return Difference(initial_run, why, self._conflicting_run(start)), {start}
        queue = deque([start])
        while queue:
            pair = queue.popleft()
            mine, theirs = pair
            if first.states[mine].final:
                continue
            tables = tables_for(inputs_read(first, mine, self.skip_silent) + inputs_read(second, theirs, self.skip_silent))
            theirs_regions = outcomes(second, theirs, tables, self.skip_silent)
            for region, outcome in outcomes(first, mine, tables, self.skip_silent):
                for other_region, other in theirs_regions:
                    both = region & other_region
                    if not both:
                        continue
                    letter = Letter(valuation_of(tables, both), (outcome.outputs, other.outputs))
                    run = Run(event, self.letters_to(pair) + (letter,), (_ending(first, outcome), _ending(second, other)))
                    if outcome.outputs != other.outputs:
                        return Difference(run, "they run different outputs"), set(self.parent)
                    if outcome.ending != other.ending:
                        how = run.endings
                        return Difference(run, f"the first {how[0].how} where the second {how[1].how}"), set(self.parent)
                    if outcome.ending != MOVED:
                        continue
                    following = (outcome.state, other.state)
                    why = self._arrival(following, run)
                    if why:
                        return Difference(run, why, self._conflicting_run(following)), set(self.parent)
                    if following not in self.parent:
                        self.parent[following] = (pair, letter)
                        queue.append(following)
        return None, set(self.parent)


def events_compared(first: Spec, second: Spec) -> list[str]:
    """The events whose runs are compared: every declared event, the step event first.
    Two specs that declare different events, or different step events, are not comparable."""
    if set(first.events) != set(second.events) or first.step_event != second.step_event:
        def listing(spec: Spec) -> str:
            return f"{', '.join(sorted(spec.events, key=name_order))} (step event {spec.step_event})"

        raise InputError(f"the specs declare different events: {listing(first)} and {listing(second)}")
    return sorted(first.events, key=lambda event: (event != first.step_event, name_order(event)))


def compare(first: Spec, second: Spec, *, skip_silent: bool = True, finals: str = MATCHED) -> Comparison:
    """Decide whether `first` and `second` (over one set of input and output names) are equivalent.

    Raises InputError when they declare different events, and moves.TooManyInputs when a pair of
    states tests more inputs than the checker enumerates.
    """
    if finals not in FINALS:
        raise ValueError(f"finals must be one of {FINALS}, not {finals!r}")
    matched: dict[int, int] = {}
    paths: dict[Pair, Run] = {}
    pairs: set[Pair] = set()
    for event in events_compared(first, second):
        explorer = _Explorer(replace(first, step_event=event), replace(second, step_event=event),
                             skip_silent, finals, matched, paths)
        difference, seen = explorer.explore(event)
        pairs |= seen
        if difference is not None:
            return Comparison(difference, frozenset(pairs), dict(matched), skip_silent)
    return Comparison(None, frozenset(pairs), dict(matched), skip_silent)
