"""Which input and output of one spec is which of another's, and renaming one spec into the other's names.

Two specs of the same program may name their inputs and outputs differently (a derived spec
numbers them anew). They are matched by name, by an explicit mapping (`x1=x3`: the first spec's x1
is the second's x3), by the context method they call, which is what the program sees, or by their
symbol (the `doc` a pure Mealy machine's run shows: two imports of one tool's machines number the
symbols in the order each file first writes them, so only the symbols say which is which). The
second spec is then renamed into the first one's names, so that the comparison sees one alphabet;
a name only the second declares becomes `B:name`, so that it cannot be mistaken for the first's.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass

from ...errors import InputError
from ...model.guards import renamed
from ...model.spec import Spec, name_order
from ...model.words import symbol

BY_NAME = "name"
BY_CALL = "call"
BY_SYMBOL = "symbol"
ONLY_SECOND = "B:"  # prefix of the names only the second spec declares


@dataclass(frozen=True)
class Matching:
    """Pairs (name in the first spec, name in the second), inputs then outputs."""

    pairs: tuple[tuple[str, str], ...]
    only_first: tuple[str, ...]
    only_second: tuple[str, ...]

    @property
    def renames(self) -> bool:
        """Whether any matched pair has two different names."""
        return any(mine != theirs for mine, theirs in self.pairs)

    def second_to_first(self) -> dict[str, str]:
        names = {theirs: mine for mine, theirs in self.pairs}
        names.update({theirs: ONLY_SECOND + theirs for theirs in self.only_second})
        return names


def call_differences(first: Spec, second: Spec, matching: Matching) -> list[tuple[str, str, str, str]]:
    """Matched pairs whose names call different methods: (first's name, second's, first's call, second's).
    Equivalent under such a matching, the two specs still drive their contexts differently."""
    return [(mine, theirs, _call_of(first, mine), _call_of(second, theirs)) for mine, theirs in matching.pairs
            if _call_of(first, mine) != _call_of(second, theirs)]


def rename(spec: Spec, names: Mapping[str, str]) -> Spec:
    """The same automaton with inputs and outputs renamed by `names` (others keep their names)."""
    if not names:
        return spec

    def new(name: str) -> str:
        return names.get(name, name)

    arcs = []
    for arc in spec.arcs:
        guard = renamed(arc.guard, names)
        arcs.append(dataclasses.replace(arc, guard=guard, guard_text=str(guard) if arc.guard_text else "",
                                        actions=tuple(new(name) for name in arc.actions)))
    states = {number: dataclasses.replace(state, on_enter=tuple(new(name) for name in state.on_enter))
              for number, state in spec.states.items()}
    inputs = {new(name): dataclasses.replace(decl, name=new(name)) for name, decl in spec.inputs.items()}
    outputs = {new(name): dataclasses.replace(decl, name=new(name)) for name, decl in spec.outputs.items()}
    return dataclasses.replace(spec, arcs=tuple(arcs), states=states, inputs=inputs, outputs=outputs)


def rename_events(spec: Spec, names: Mapping[str, str]) -> Spec:
    """The same machine with its events renamed by `names` (others keep their names)."""
    arcs = tuple(dataclasses.replace(arc, event=names.get(arc.event, arc.event)) for arc in spec.arcs)
    events = {names.get(name, name): dataclasses.replace(decl, name=names.get(name, name))
              for name, decl in spec.events.items()}
    return dataclasses.replace(spec, arcs=arcs, events=events, step_event=names.get(spec.step_event, spec.step_event))


def events_by_symbol(first: Spec, second: Spec) -> Spec:
    """`second` with each event renamed to the first's event of the same symbol; an event whose
    symbol the first lacks becomes `B:name`, so that the two are seen to declare different events.
    The step event follows the first's (a pure machine's run is a word: no event is special)."""
    mine = {symbol(first, name): name for name in first.events}
    names = {name: mine.get(symbol(second, name), ONLY_SECOND + name) for name in second.events}
    renamed = rename_events(second, names)
    if first.step_event in renamed.events:
        renamed = dataclasses.replace(renamed, step_event=first.step_event)
    return renamed


def _declared(spec: Spec) -> dict[str, str]:
    """name -> "input" or "output", for every declared input and output."""
    kinds = {name: "input" for name in spec.inputs}
    kinds.update({name: "output" for name in spec.outputs})
    return kinds


def _call_of(spec: Spec, name: str) -> str:
    return spec.inputs[name].call if name in spec.inputs else spec.outputs[name].call


def _key_of(spec: Spec, name: str, by: str) -> str:
    """What pairs a name with the other spec's: the method it calls, or its symbol."""
    return _call_of(spec, name) if by == BY_CALL else symbol(spec, name)


def parse_mapping(text: str) -> list[tuple[str, str]]:
    """`x1=x3,z2=z1` -> [("x1", "x3"), ("z2", "z1")]."""
    pairs = []
    for item in filter(None, (part.strip() for part in text.split(","))):
        mine, equals, theirs = item.partition("=")
        if not equals or not mine.strip() or not theirs.strip():
            raise InputError(f"--map: '{item}' is not NAME=NAME (the first spec's name = the second's)")
        pairs.append((mine.strip(), theirs.strip()))
    return pairs


def match(first: Spec, second: Spec, by: str = BY_NAME, explicit: list[tuple[str, str]] | None = None) -> Matching:
    """Match the two specs' inputs and outputs: the `explicit` pairs, then the rest by name, call or symbol."""
    kinds, other_kinds = _declared(first), _declared(second)
    pairs: dict[str, str] = {}
    for mine, theirs in explicit or []:
        if mine not in kinds:
            raise InputError(f"--map: the first spec ({first.path}) declares no input or output '{mine}'")
        if theirs not in other_kinds:
            raise InputError(f"--map: the second spec ({second.path}) declares no input or output '{theirs}'")
        if kinds[mine] != other_kinds[theirs]:
            raise InputError(f"--map: {mine} is an {kinds[mine]} but {theirs} is an {other_kinds[theirs]}")
        if mine in pairs or theirs in pairs.values():
            raise InputError(f"--map: {mine if mine in pairs else theirs} is mapped twice")
        pairs[mine] = theirs
    if by in (BY_CALL, BY_SYMBOL):
        verb = "call" if by == BY_CALL else "are written"
        for spec, declared in ((first, kinds), (second, other_kinds)):
            seen: dict[tuple[str, str], str] = {}
            for name, kind in declared.items():
                key = (kind, _key_of(spec, name, by))
                if key in seen:
                    raise InputError(f"{spec.path}: {seen[key]} and {name} both {verb} '{key[1]}', so matching by "
                                     f"{by} is ambiguous; give --map")
                seen[key] = name
        theirs_by_key = {(kind, _key_of(second, name, by)): name for name, kind in other_kinds.items()}
        candidates = {mine: theirs_by_key.get((kind, _key_of(first, mine, by))) for mine, kind in kinds.items()}
    elif by == BY_NAME:
        candidates = {mine: mine if other_kinds.get(mine) == kind else None for mine, kind in kinds.items()}
    else:
        raise ValueError(f"match by {BY_NAME!r}, {BY_CALL!r} or {BY_SYMBOL!r}, not {by!r}")
    for mine in sorted(kinds, key=name_order):
        theirs = candidates[mine]
        if mine not in pairs and theirs is not None and theirs not in pairs.values():
            pairs[mine] = theirs
    ordered = tuple(sorted(pairs.items(), key=lambda pair: (kinds[pair[0]] == "output", name_order(pair[0]))))
    only_first = tuple(sorted((name for name in kinds if name not in pairs), key=name_order))
    only_second = tuple(sorted((name for name in other_kinds if name not in pairs.values()), key=name_order))
    return Matching(ordered, only_first, only_second)
