"""What each exchange format can say of a spec, and the parts of a spec every writer needs.

A spec is exported as the Mealy machine it is (lock step: one step per event, the outputs it runs).
What no format has is rewritten into what it has: a state's entry actions become the outputs of
the arcs into it, and a state that may stay gets explicit arcs that stay without outputs. What a
format cannot hold at all (conditions in a DOT Mealy label, two outputs in one step of it, a system
of automata) is reported, and the export refused.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from ...model.guards import ALWAYS, Guard, Not, Or
from ...model.spec import Spec, name_order
from ...model.words import symbol

TOKEN = re.compile(r"[A-Za-z_][A-Za-z0-9_]*", re.ASCII)  # what identifier-only formats accept as a name


@dataclass(frozen=True)
class Move:
    """One transition as the formats write it: from, to, on an event, when, with outputs (names)."""

    source: int
    target: int
    event: str
    guard: Guard
    outputs: tuple[str, ...]
    stays: bool = False  # a may_stay state's staying, made explicit (no exit, no entry)


def moves(spec: Spec) -> Iterator[Move]:
    """The spec's transitions state by state, event by event, in the order they are tried, entry
    actions folded into the arcs, and a may_stay state's staying made explicit."""
    for number in sorted(spec.states):
        state = spec.states[number]
        for event in sorted(spec.events, key=name_order):
            arcs = spec.arcs_from(number, event)
            for arc in arcs:
                yield Move(arc.source, arc.target, event, arc.guard, spec.outputs_of(arc))
            if state.may_stay and not state.final:
                covered = [arc.guard for arc in arcs]
                if ALWAYS in covered:
                    continue
                rest = Not(covered[0] if len(covered) == 1 else Or(tuple(covered))) if covered else ALWAYS
                yield Move(number, number, event, rest, (), stays=True)


def system_problems(spec: Spec) -> list[str]:
    return [f"{spec.automaton} heads a system of automata ({', '.join(spec.automata)}): export each automaton"
            ] if spec.is_system else []


def symbol_problems(spec: Spec, names: Iterable[str], kind: str) -> list[str]:
    """Symbols that would not read back as themselves: two names with one symbol, or a symbol
    whose spacing a file would change."""
    problems = []
    seen: dict[str, str] = {}
    for name in names:
        shown = symbol(spec, name)
        if shown in seen:
            problems.append(f"{kind}s {seen[shown]} and {name} have the same symbol {shown!r}")
        seen[shown] = name
        if shown != " ".join(shown.split()):
            problems.append(f"the symbol of {kind} {name} ({shown!r}) has line breaks or spaces at its ends")
    return problems


def token_symbol(spec: Spec, name: str) -> str:
    """The symbol of `name` where only identifiers are allowed: the symbol when it is one, else the name."""
    shown = symbol(spec, name)
    return shown if TOKEN.fullmatch(shown) else name


def token_symbols(spec: Spec, names: Iterable[str]) -> dict[str, str]:
    """`token_symbol` of every name, falling back to the names when two symbols would clash."""
    names = list(names)
    chosen = {name: token_symbol(spec, name) for name in names}
    if len(set(chosen.values())) < len(chosen) or set(chosen.values()) & (set(names) - set(chosen)):
        return {name: name for name in names}
    return chosen


def mealy_problems(spec: Spec, one_output: bool, conditions: bool) -> list[str]:
    """What a format without conditions (`conditions` False) or with one output per step cannot say."""
    problems = system_problems(spec)
    for move in moves(spec):
        line = f"arc from state {move.source} on {move.event}"
        if not conditions and move.guard != ALWAYS:
            problems.append(f"{line} tests inputs ({move.guard}): a Mealy label has no conditions (try efsm)")
        if one_output and len(move.outputs) > 1:
            problems.append(f"{line} runs {len(move.outputs)} outputs ({', '.join(move.outputs)}): a Mealy label "
                            "has one output per step (try efsm)")
    return problems


def unexpressed_failures(spec: Spec, format_name: str, undefined_too: bool = False) -> list[str]:
    """States that fail (no arc enabled) on some valuation of an event they have arcs for (or, with
    `undefined_too`, on an event they have none for): formats whose machines stay put instead
    (transitions when conditions fail, SCXML always) cannot say that."""
    from .conditions import covers_everything

    problems = []
    for number, state in sorted(spec.states.items()):
        if state.final or state.may_stay:
            continue
        if undefined_too:
            missing = [event for event in sorted(spec.events, key=name_order) if not spec.arcs_from(number, event)]
            if missing:
                problems.append(f"state {number} ({state.name}) does not define {', '.join(missing[:5])}"
                                f"{' ...' if len(missing) > 5 else ''}, where {format_name} stays put "
                                "(add may_stay: true to the state)")
        for event in spec.events_from(number):
            guards = [arc.guard for arc in spec.arcs_from(number, event)]
            if not covers_everything(guards):
                problems.append(f"state {number} ({state.name}) fails on {event} when no guard holds, where "
                                f"{format_name} stays put (add may_stay: true, or an arc for the rest)")
    return problems
