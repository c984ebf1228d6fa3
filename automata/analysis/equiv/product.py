"""Are two specs (or two systems of automata) the same Mealy machine? The product of the two,
explored breadth first.

Both machines run side by side from their initial states on the same letters; a letter is an event
and a valuation of the inputs read (a run may send any declared event at each step: the step event
over and over, as a program's run does, is one such sequence). A pair of states is *equivalent*
when, on every letter either state can see, the two steps run the same outputs in the same order
and lead to an equivalent pair, fail alike, or stop in corresponding final states. Exploring the
reachable pairs breadth first, the first pair that behaves differently gives a shortest
distinguishing sequence of letters.

Final states are observable: a run stops there, and a program may ask which final state it stopped
in (`result(context, final_state)`). With `finals=SAME_NUMBERS` two final states correspond when
they have the same number (a mutant and its original); with `finals=MATCHED` (two specs numbered
independently) each final state of one must always be met together with the same final state of
the other, a one-to-one correspondence the exploration builds as it goes.

The exploration only asks each machine what a step does (`Machine`): a single spec's states are
its state numbers (`SpecMachine`); a system's are the configurations of all its automata
(automata/analysis/equiv/system_machine.py). Both use one set of names: the second's inputs and
outputs are renamed to the first's (`automata.analysis.equiv.matching`).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from typing import Protocol

from ...errors import InputError
from ...model.spec import ArcDecl, Spec, name_order
from .moves import MOVED, STUCK, Outcome, Region, Steps, TruthTables, tables_for, valuation_of

SAME_NUMBERS = "numbers"
MATCHED = "matched"
FINALS = (MATCHED, SAME_NUMBERS)

# How a run goes on after the last letter of a distinguishing sequence.
GOES_ON = "goes on"
STOPS = "stops"
FAILS = "fails (no arc enabled)"
LOOPS = "loops without outputs"

Node = Hashable
Pair = tuple[Node, Node]
Valuation = tuple[tuple[str, bool], ...]

# Pairs of states an exploration may meet before it gives up (each costs a few hundred bytes): far
# more than two specs of a few thousand states meet when they are equivalent, and a bound on what a
# system of many automata, whose configurations multiply, can make the command hold in memory.
MAX_PAIRS = 2_000_000


class NotComparable(ValueError):
    """The two machines cannot be compared exactly (the message says why)."""


class Machine(Protocol):
    """What the product asks of one side: its states (`Node`s) and what a step from one does."""

    initial: Node
    events: tuple[str, ...]

    def final(self, node: Node) -> int | None:
        """The final state the run stops in at `node`, or None when the run goes on."""

    def reads(self, node: Node, event: str, skip_silent: bool) -> list[str]:
        """The inputs a step from `node` on `event` may read."""

    def outcomes(self, node: Node, event: str, tables: TruthTables, skip_silent: bool) -> list[Region]:
        """What a step from the working `node` does, as regions partitioning every valuation of `tables`."""

    def number(self, node: Node) -> int:
        """The state number a reader knows `node` by (the root's, in a system)."""

    def where(self, node: Node) -> str:
        """Where a system is inside a step at `node` ("" for a single spec)."""


class SpecMachine:
    """A single spec as a `Machine`. Its nodes are its state numbers; skipping silent steps, a step
    that runs several outputs passes through nodes `(arc, outputs run)` between them, since a
    letter lasts until one output runs (what the arc runs next does not depend on it)."""

    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        self.steps = Steps(spec)
        self.arcs = {arc.index: arc for arc in spec.arcs}
        self.initial: Node = spec.initial
        self.events = tuple(spec.events)
        self._outcomes: dict[tuple[Node, str, bool, tuple[str, ...]], list[Region]] = {}

    def final(self, node: Node) -> int | None:
        return node if isinstance(node, int) and self.steps.final(node) else None

    def reads(self, node: Node, event: str, skip_silent: bool) -> list[str]:
        return [] if isinstance(node, tuple) else self.steps.inputs_read(node, event, skip_silent)  # type: ignore[arg-type]

    def outcomes(self, node: Node, event: str, tables: TruthTables, skip_silent: bool) -> list[Region]:
        key = (node, event, skip_silent, tables.inputs)
        found = self._outcomes.get(key)
        if found is None:
            found = self._outcomes[key] = self._outcomes_of(node, event, tables, skip_silent)
        return found

    def _outcomes_of(self, node: Node, event: str, tables: TruthTables, skip_silent: bool) -> list[Region]:
        if isinstance(node, tuple):  # an arc's outputs under way: the next one runs, nothing is read
            arc, done = self.arcs[node[0]], node[1]
            return [(tables.full, self._output(arc, done, started=False))]
        regions = self.steps.outcomes(node, event, tables, skip_silent)  # type: ignore[arg-type]
        if not skip_silent:
            return regions
        return [(region, self._output(self.arcs[outcome.arc], 0, started=True))
                if outcome.ending == MOVED and len(outcome.outputs) > 1 else (region, outcome)
                for region, outcome in regions]

    def _output(self, arc: ArcDecl, done: int, started: bool) -> Outcome:
        """The outcome of running output number `done` of `arc`'s outputs."""
        outputs = self.steps.outputs(arc)
        following = (arc.index, done + 1) if done + 1 < len(outputs) else arc.target
        return Outcome(MOVED, (outputs[done],), following, arc.index, started)

    def number(self, node: Node) -> int:
        return self.arcs[node[0]].target if isinstance(node, tuple) else node  # type: ignore[return-value]

    def where(self, node: Node) -> str:
        if not isinstance(node, tuple):
            return ""
        arc = self.arcs[node[0]]
        rest = ", ".join(self.steps.outputs(arc)[node[1]:])
        return f"in the step from state {arc.source} to state {arc.target} ({rest} still to run)"


@dataclass(frozen=True)
class Letter:
    """One letter of a distinguishing sequence and what each machine outputs on it."""

    valuation: Valuation  # the inputs the two states (and their silent successors) test
    outputs: tuple[tuple[str, ...], tuple[str, ...]]  # of the first machine, of the second
    event: str = ""  # the event the run sends ("" inside a system's step, where the event is fixed)


@dataclass(frozen=True)
class Ending:
    how: str  # GOES_ON, STOPS, FAILS or LOOPS
    state: int  # the state (of the root, in a system)
    where: str = ""  # in a system: the automata under way, "A0 in state 1 > A1 in state 0"


@dataclass(frozen=True)
class Run:
    """A sequence of letters sent from the initial states, and how each machine ends it."""

    event: str  # the event of the first letter (the step event when there is none)
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


def _ending(machine: Machine, outcome: Outcome) -> Ending:
    where = machine.where(outcome.state)
    if outcome.ending != MOVED:
        return Ending(FAILS if outcome.ending == STUCK else LOOPS, machine.number(outcome.state), where)
    return Ending(STOPS if machine.final(outcome.state) is not None else GOES_ON, machine.number(outcome.state), where)


class _Explorer:
    """One breadth-first exploration of the pairs of states."""

    def __init__(self, first: Machine, second: Machine, events: list[str], skip_silent: bool, finals: str) -> None:
        self.first, self.second = first, second
        self.events = events
        self.skip_silent, self.finals = skip_silent, finals
        self.matched: dict[int, int] = {}
        self.met: dict[tuple[int, int], Pair] = {}  # final pair -> the pair of nodes where a run first met it
        self.parent: dict[Pair, tuple[Pair, Letter] | None] = {}
        self._tables: dict[tuple[str, ...], TruthTables] = {}

    def letters_to(self, pair: Pair) -> tuple[Letter, ...]:
        letters: list[Letter] = []
        step = self.parent[pair]
        while step is not None:
            pair, letter = step
            letters.append(letter)
            step = self.parent[pair]
        return tuple(reversed(letters))

    def _run(self, letters: tuple[Letter, ...], endings: tuple[Ending, Ending]) -> Run:
        event = next((letter.event for letter in letters if letter.event), self.events[0])
        return Run(event, letters, endings)

    def _stopped_run(self, pair: Pair) -> Run:
        first, second = self.first, self.second
        return self._run(self.letters_to(pair), (_ending(first, Outcome(MOVED, (), pair[0])),
                                                 _ending(second, Outcome(MOVED, (), pair[1]))))

    def _arrival(self, pair: Pair) -> str:
        """Why arriving at `pair` tells the two apart, or ""."""
        stop_mine, stop_theirs = self.first.final(pair[0]), self.second.final(pair[1])
        if (stop_mine is None) != (stop_theirs is None):
            if self.skip_silent:  # the one that goes on may yet stop there without an output: see _regions
                return ""
            which, other = ("first", "second") if stop_mine is not None else ("second", "first")
            return f"the {which} stops where the {other} goes on"
        if stop_mine is None or stop_theirs is None:
            return ""
        if self.finals == SAME_NUMBERS:
            if stop_mine != stop_theirs:
                return f"they stop in different final states ({stop_mine} and {stop_theirs})"
        else:
            inverse = {b: a for a, b in self.matched.items()}
            if self.matched.get(stop_mine, stop_theirs) != stop_theirs or inverse.get(stop_theirs, stop_mine) != stop_mine:
                return (f"final state {stop_mine} of the first is met with {stop_theirs} of the second here, "
                        "but with another final state on an earlier run")
        self.matched[stop_mine] = stop_theirs
        self.met.setdefault((stop_mine, stop_theirs), pair)
        return ""

    def _conflicting_run(self, pair: Pair) -> Run | None:
        mine, theirs = self.first.final(pair[0]), self.second.final(pair[1])
        for (a, b), where in self.met.items():
            if (a == mine) != (b == theirs):
                return self._stopped_run(where)
        return None

    def tables(self, names: list[str]) -> TruthTables:
        key = tuple(sorted(set(names)))
        found = self._tables.get(key)
        if found is None:
            found = self._tables[key] = tables_for(key)
        return found

    def _misaligned(self, outcome: Outcome, other: Outcome) -> None:
        """With several events, a letter's event goes to the steps of the root it starts: if only
        one of the two starts one, the letters cannot pair the events each run receives."""
        if len(self.events) > 1 and outcome.started != other.started:
            side = "first" if outcome.started else "second"
            raise NotComparable(f"the {side} starts a step of its root where the other is still inside one, and "
                                f"there are several events ({', '.join(self.events)}): which event each receives "
                                "cannot be paired; compare with --lock-step")

    def _regions(self, machine: Machine, node: Node, event: str, tables: TruthTables) -> list[Region]:
        """What a step from `node` does; a run that has stopped stays stopped, running nothing (only
        met when skipping silent steps, where the other run may still stop without an output)."""
        if machine.final(node) is not None:  # (it takes whatever event: no event is left to pair with)
            return [(tables.full, Outcome(MOVED, (), node, None, True))]
        return machine.outcomes(node, event, tables, self.skip_silent)

    def _reads(self, machine: Machine, node: Node, event: str) -> list[str]:
        return [] if machine.final(node) is not None else machine.reads(node, event, self.skip_silent)

    def _difference(self, pair: Pair, letter: Letter, outcome: Outcome, other: Outcome) -> Difference:
        run = self._run(self.letters_to(pair) + (letter,), (_ending(self.first, outcome), _ending(self.second, other)))
        if outcome.outputs != other.outputs:
            return Difference(run, "they run different outputs")
        return Difference(run, f"the first {run.endings[0].how} where the second {run.endings[1].how}")

    def explore(self) -> Difference | None:
        first, second = self.first, self.second
        start = (first.initial, second.initial)
        self.parent[start] = None
        why = self._arrival(start)
        if why:
            return Difference(self._stopped_run(start), why, self._conflicting_run(start))
        queue = deque([start])
        while queue:
            pair = queue.popleft()
            mine, theirs = pair
            if first.final(mine) is not None and second.final(theirs) is not None:
                continue
            for position, event in enumerate(self.events):
                tables = self.tables(self._reads(first, mine, event) + self._reads(second, theirs, event))
                theirs_regions = self._regions(second, theirs, event, tables)
                mine_regions = self._regions(first, mine, event, tables)
                if position and not any(outcome.started for _, outcome in mine_regions + theirs_regions):
                    break  # no step of a root starts here: the event changes nothing
                for region, outcome in mine_regions:
                    for other_region, other in theirs_regions:
                        both = region & other_region
                        if not both:
                            continue
                        self._misaligned(outcome, other)
                        if outcome.outputs != other.outputs or outcome.ending != other.ending:
                            letter = Letter(valuation_of(tables, both), (outcome.outputs, other.outputs),
                                            event if outcome.started or other.started else "")
                            return self._difference(pair, letter, outcome, other)
                        if outcome.ending != MOVED:
                            continue
                        following = (outcome.state, other.state)
                        if following in self.parent:
                            continue  # met before: its arrival was judged then, and judges the same now
                        if len(self.parent) >= MAX_PAIRS:
                            raise NotComparable(f"the two can be in more than {MAX_PAIRS:,} pairs of states together, "
                                                "more than this comparison holds in memory")
                        self.parent[following] = (pair, Letter(valuation_of(tables, both),
                                                               (outcome.outputs, other.outputs),
                                                               event if outcome.started or other.started else ""))
                        why = self._arrival(following)
                        if why:
                            return Difference(self._stopped_run(following), why, self._conflicting_run(following))
                        queue.append(following)
        return None


def events_compared(first: Spec, second: Spec) -> list[str]:
    """The events a run may send: every declared event, the step event first. Two specs that
    declare different events, or different step events, are not comparable."""
    if set(first.events) != set(second.events) or first.step_event != second.step_event:
        def listing(spec: Spec) -> str:
            return f"{', '.join(sorted(spec.events, key=name_order))} (step event {spec.step_event})"

        raise InputError(f"the specs declare different events: {listing(first)} and {listing(second)}")
    return sorted(first.events, key=lambda event: (event != first.step_event, name_order(event)))


def compare_machines(first: Machine, second: Machine, events: list[str], *, skip_silent: bool = True,
                     finals: str = MATCHED) -> Comparison:
    """Decide whether two machines over one set of input and output names are equivalent.
    Raises moves.TooManyInputs when a pair of states tests more inputs than the checker enumerates."""
    if finals not in FINALS:
        raise ValueError(f"finals must be one of {FINALS}, not {finals!r}")
    explorer = _Explorer(first, second, events, skip_silent, finals)
    difference = explorer.explore()
    return Comparison(difference, frozenset(explorer.parent), dict(explorer.matched), skip_silent)


def compare(first: Spec, second: Spec, *, skip_silent: bool = True, finals: str = MATCHED) -> Comparison:
    """Decide whether the single specs `first` and `second` (over one set of input and output names)
    are equivalent.

    Raises InputError when they declare different events, and moves.TooManyInputs when a pair of
    states tests more inputs than the checker enumerates.
    """
    events = events_compared(first, second)
    return compare_machines(SpecMachine(first), SpecMachine(second), events, skip_silent=skip_silent, finals=finals)
