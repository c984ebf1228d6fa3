"""Which input and output of one system of automata is which of another's.

In a system every automaton drives the same context, so what a run shows is the sequence of context
methods its outputs call, and its questions are the context's methods too. Names are qualified by
automaton (`A1.x2`, `A0.z6`); outputs that run an automaton (`run: A1`) are no part of it: what
shows is what the called automaton does.

- By name (the default): automata are paired by name (or by `--map A1=A3`), and within a pair
  inputs and outputs by name (or by `--map A1.x1=A3.x2`; a name without an automaton is the
  root's: `--map x1=x3`).
- By call: every input and output is paired with the first system's one that calls the same
  method, whichever automaton declares it.

Each name becomes a *key* the comparison sees: the first system's qualified name for outputs
(its method, by call), and for inputs the first qualified name in the first system that asks the
same method, since two automata asking one method at one moment get one answer. A name of the
second system with no partner keeps its own, prefixed `B:`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...errors import InputError
from ...model.spec import Spec
from ...model.system import System
from .matching import BY_CALL, BY_NAME, ONLY_SECOND, Matching
from .system_machine import qualified

INPUT, OUTPUT = "input", "output"


@dataclass(frozen=True)
class SystemMatching:
    matching: Matching  # pairs of qualified names (first, second), inputs then outputs
    automata: tuple[tuple[str, str], ...]  # automata paired by name or by --map (by name only)
    first_keys: dict[str, str]  # qualified name of the first system -> the key the comparison sees
    second_keys: dict[str, str]  # qualified name of the second system -> key

    def own_name(self, key: str, second: bool) -> str:
        """The qualified name a key stands for in one system (the first such name), for messages."""
        keys = self.second_keys if second else self.first_keys
        return next((name for name, known in keys.items() if known == key), key)


def observable(spec: Spec) -> dict[str, tuple[str, str]]:
    """name -> (kind, method) for the inputs and the outputs that call a context method."""
    found = {name: (INPUT, decl.call) for name, decl in spec.inputs.items()}
    found.update({name: (OUTPUT, decl.call) for name, decl in spec.outputs.items() if not decl.run})
    return found


def _declared(system: System) -> dict[str, tuple[str, str]]:
    """Qualified name -> (kind, method), automaton by automaton in the system's order."""
    return {qualified(spec.automaton, name): kind for spec in system for name, kind in observable(spec).items()}


def _qualify(name: str, system: System) -> str:
    return name if "." in name else qualified(system.root, name)


def match_systems(first: System, second: System, by: str = BY_NAME,
                  explicit: Sequence[tuple[str, str]] = ()) -> SystemMatching:
    """Pair the two systems' automata, inputs and outputs (see the module's docstring)."""
    if by not in (BY_NAME, BY_CALL):
        raise ValueError(f"match by {BY_NAME!r} or {BY_CALL!r}, not {by!r}")
    mine_declared, theirs_declared = _declared(first), _declared(second)
    automata: dict[str, str] = {}
    pairs: dict[str, str] = {}
    for mine, theirs in explicit:
        if "." not in mine + theirs and mine in first.specs and theirs in second.specs:
            if mine in automata or theirs in automata.values():
                raise InputError(f"--map: automaton {mine if mine in automata else theirs} is mapped twice")
            automata[mine] = theirs
            continue
        mine, theirs = _qualify(mine, first), _qualify(theirs, second)
        if mine not in mine_declared:
            raise InputError(f"--map: the first system ({first.root_spec.path}) has no input or output {mine} "
                             "(name one as A1.x2, or an automaton as A1)")
        if theirs not in theirs_declared:
            raise InputError(f"--map: the second system ({second.root_spec.path}) has no input or output {theirs} "
                             "(name one as A1.x2, or an automaton as A1)")
        if mine_declared[mine][0] != theirs_declared[theirs][0]:
            raise InputError(f"--map: {mine} is an {mine_declared[mine][0]} but {theirs} is an "
                             f"{theirs_declared[theirs][0]}")
        if mine in pairs or theirs in pairs.values():
            raise InputError(f"--map: {mine if mine in pairs else theirs} is mapped twice")
        pairs[mine] = theirs
    if by == BY_NAME:
        for name in first.specs:
            if name not in automata and name in second.specs and name not in automata.values():
                automata[name] = name
        for mine_automaton, theirs_automaton in automata.items():
            theirs_names = observable(second.specs[theirs_automaton])
            for name, kind in observable(first.specs[mine_automaton]).items():
                mine, theirs = qualified(mine_automaton, name), qualified(theirs_automaton, name)
                if theirs_names.get(name, ("",))[0] == kind[0] and mine not in pairs and theirs not in pairs.values():
                    pairs[mine] = theirs
    else:
        by_method: dict[tuple[str, str], str] = {}
        for name, kind in theirs_declared.items():
            by_method.setdefault(kind, name)
        for mine, kind in mine_declared.items():
            theirs = by_method.get(kind)
            if mine not in pairs and theirs is not None and theirs not in pairs.values():
                pairs[mine] = theirs
    first_keys = _first_keys(mine_declared, by)
    second_keys = {}
    representative = {kind: first_keys[name] for name, kind in reversed(list(mine_declared.items()))}
    inverse = {theirs: mine for mine, theirs in pairs.items()}
    for name, kind in theirs_declared.items():
        if name in inverse:
            second_keys[name] = first_keys[inverse[name]]
        elif by == BY_CALL and kind in representative:
            second_keys[name] = representative[kind]
        else:
            second_keys[name] = ONLY_SECOND + name
    ordered = tuple(sorted(pairs.items(), key=lambda pair: (mine_declared[pair[0]][0] == OUTPUT,
                                                            list(mine_declared).index(pair[0]))))
    matching = Matching(ordered, tuple(name for name in mine_declared if name not in pairs),
                        tuple(name for name in theirs_declared if name not in inverse))
    return SystemMatching(matching, tuple(automata.items()) if by == BY_NAME else (), first_keys, second_keys)


def _first_keys(declared: dict[str, tuple[str, str]], by: str) -> dict[str, str]:
    """The first system's keys: a method's first qualified name for its inputs (and, by call, its
    outputs), the qualified name itself for outputs by name."""
    first_of: dict[tuple[str, str], str] = {}
    keys = {}
    for name, kind in declared.items():
        representative = first_of.setdefault(kind, name)
        keys[name] = representative if kind[0] == INPUT or by == BY_CALL else name
    return keys


def call_differences(first: System, second: System, matching: SystemMatching) -> list[tuple[str, str, str, str]]:
    """Matched pairs whose names call different methods: (first's name, second's, first's call, second's)."""
    mine_declared, theirs_declared = _declared(first), _declared(second)
    return [(mine, theirs, mine_declared[mine][1], theirs_declared[theirs][1]) for mine, theirs in matching.matching.pairs
            if mine_declared[mine][1] != theirs_declared[theirs][1]]
