"""Words: what a pure Mealy machine is given to run, one letter per step.

A letter names an event, by its name (`e3`) or by its symbol (the event's `doc`, which is how an
imported machine keeps the source's own names: `SYN(V,V,0)`), and may say what the inputs are:
`OFFER [x1 & !x2]` (`~` is read as `!`, as the EFSM tools write it). A word is letters separated
by commas; a comma inside a symbol (`RST(ZERO,ZERO,0)`) is fine, since pieces are joined back
until they name an event.

Which arc a letter takes is decided here, exactly: every valuation of the inputs that the letter's
condition allows must lead to the same step (same outputs, same target), or the letter is refused
as ambiguous, naming the input it must settle. The runtimes are then given the first such
valuation (inputs the letter does not name are 0).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..errors import InputError, clipped
from .guards import ALWAYS, Guard, GuardSyntaxError, Not, Var, parse_guard, renamed, variables_of
from .names import INPUT_NAME
from .spec import ArcDecl, Spec, name_order

# A letter's condition may name this many inputs together with the ones the state's arcs test;
# past it, deciding the step would enumerate too many valuations.
MAX_LETTER_INPUTS = 16
_CONDITION = re.compile(r"^(?P<symbol>.*?)\s*\[(?P<condition>[^\[\]]*)\]\s*$", re.DOTALL)


@dataclass(frozen=True)
class Letter:
    event: str  # the event's name, e.g. e3
    condition: Guard  # what the letter says of the inputs (ALWAYS: nothing)
    text: str  # as written, for messages

    def __str__(self) -> str:
        return self.text


def symbol(spec: Spec, name: str) -> str:
    """How a run shows an event or an output: its symbol (the `doc`), or its name when it has none."""
    decl = spec.events.get(name) or spec.outputs.get(name) or spec.inputs.get(name)
    return decl.doc if decl is not None and decl.doc else name


def parse_condition(text: str, where: str) -> Guard:
    """A letter's condition: a guard over inputs, `~` accepted for `!` (the EFSM tools' negation)."""
    try:
        return parse_guard(text.replace("~", "!"))
    except GuardSyntaxError as error:
        raise InputError(f"{where}: condition [{clipped(text, 80)}]: {error.message}") from None


class Alphabet:
    """The events of a spec, found by name or by symbol."""

    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        self.by_symbol: dict[str, str | None] = {}  # symbol -> event (None: several events share it)
        for name, decl in spec.events.items():
            if decl.doc:
                self.by_symbol[decl.doc] = None if decl.doc in self.by_symbol else name
        # How many commas a letter may contain: a piece of a split word is joined back to this many more.
        self.commas = max((text.count(",") for text in self.by_symbol), default=0)
        # A letter's condition names inputs by name (x1) or by symbol (`coin_valid`, an imported condition).
        self.inputs = {decl.doc: name for name, decl in spec.inputs.items() if decl.doc}
        self.inputs.update({name: name for name in spec.inputs})

    def event(self, text: str) -> str | None:
        """The event `text` names; None when it names none. Raises on a symbol that several events share."""
        if text in self.spec.events:
            return text
        if text in self.by_symbol:
            found = self.by_symbol[text]
            if found is None:
                shared = ", ".join(sorted((n for n, d in self.spec.events.items() if d.doc == text), key=name_order))
                raise InputError(f"'{clipped(text, 80)}' is the symbol of several events ({shared}): name the event")
            return found
        return None

    def letter(self, text: str, where: str) -> Letter | None:
        """The letter `text` is (an event, with or without a condition), or None."""
        text = text.strip()
        event = self.event(text)
        if event is not None:
            return Letter(event, ALWAYS, text)
        match = _CONDITION.match(text)
        if match:
            event = self.event(match["symbol"].strip())
            if event is not None:
                return Letter(event, self.condition(match["condition"], where), text)
        return None

    def condition(self, text: str, where: str) -> Guard:
        """A letter's condition over the spec's inputs, named by name or by symbol."""
        guard = parse_condition(text, where)
        # An input variable the machine never tests (x7) changes nothing: the EFSM tools' scenarios
        # name every variable of their problem. Any other unknown name is a mistake.
        unknown = [name for name in guard.variables() if name not in self.inputs and not INPUT_NAME.fullmatch(name)]
        if unknown:
            known = ", ".join(f"{name} ({self.spec.inputs[name].doc})" if self.spec.inputs[name].doc else name
                              for name in sorted(self.spec.inputs, key=name_order)) or "none"
            raise InputError(f"{where}: condition [{clipped(text, 80)}] names {unknown[0]!r}, which is not an input "
                             f"of {self.spec.automaton}; its inputs: {known}")
        return renamed(guard, self.inputs)

    def require(self, text: str, where: str) -> Letter:
        letter = self.letter(text, where)
        if letter is None:
            raise InputError(f"{where}: '{clipped(text.strip(), 80)}' is not an event of {self.spec.automaton}; "
                             f"its events are {self.listing()}")
        return letter

    def listing(self, limit: int = 12) -> str:
        names = sorted(self.spec.events, key=name_order)
        shown = [f"{name} ({clipped(self.spec.events[name].doc, 30)})" if self.spec.events[name].doc else name
                 for name in names[:limit]]
        return ", ".join(shown) + (f" and {len(names) - limit} more" if len(names) > limit else "")

    def word(self, text: str, where: str) -> list[Letter]:
        """The letters of a word written `a,b,c` (an empty text is the empty word)."""
        if not text.strip():
            return []
        pieces = text.split(",")
        letters: list[Letter] = []
        start = 0
        while start < len(pieces):
            # The longest run of pieces that names an event: symbols may contain commas.
            for end in range(min(len(pieces), start + self.commas + 1), start, -1):
                letter = self.letter(",".join(pieces[start:end]), f"{where}, letter {len(letters) + 1}")
                if letter is not None:
                    letters.append(letter)
                    start = end
                    break
            else:
                self.require(pieces[start], f"{where}, letter {len(letters) + 1}")
        return letters


@dataclass(frozen=True)
class Decision:
    """How one letter is taken in one state: the valuation given to the runtimes, and the arc it takes."""

    valuation: tuple[tuple[str, bool], ...]
    arc: ArcDecl | None  # None: no arc is enabled


def decide(spec: Spec, state: int, letter: Letter) -> Decision:
    """The step `letter` makes from `state`, decided over every valuation its condition allows;
    InputError when those valuations lead to different steps (the letter must say more)."""
    arcs = spec.arcs_from(state, letter.event)
    if letter.condition == ALWAYS and all(arc.guard == ALWAYS for arc in arcs):
        return Decision((), arcs[0] if arcs else None)  # the usual case: nothing to enumerate
    names = sorted(set(variables_of([letter.condition, *(arc.guard for arc in arcs)])), key=name_order)
    if len(names) > MAX_LETTER_INPUTS:
        raise InputError(f"letter '{clipped(letter.text, 80)}' in state {state}: {len(names)} inputs to enumerate "
                         f"(at most {MAX_LETTER_INPUTS})")
    first: Decision | None = None
    for bits in itertools.product((False, True), repeat=len(names)):
        values = dict(zip(names, bits))
        if not letter.condition.evaluate(values.__getitem__):
            continue
        arc = next((arc for arc in arcs if arc.guard.evaluate(values.__getitem__)), None)
        if first is None:
            first = Decision(tuple(values.items()), arc)
        elif _effect(spec, arc) != _effect(spec, first.arc):
            settle = [name for name in names if values[name] != dict(first.valuation)[name]]
            raise InputError(
                f"letter '{clipped(letter.text, 80)}' does not decide the step from state {state} "
                f"({spec.states[state].name}): it allows {_shown(first.valuation)} and {_shown(values.items())}, "
                f"which take different arcs; say what {', '.join(settle)} {'is' if len(settle) == 1 else 'are'}, "
                f"e.g. '{_settled(letter, settle, values)}'")
    if first is None:
        raise InputError(f"letter '{clipped(letter.text, 80)}': its condition [{letter.condition}] can never hold")
    return first


def _effect(spec: Spec, arc: ArcDecl | None) -> tuple[object, ...]:
    return (None,) if arc is None else (arc.target, spec.outputs_of(arc))


def _shown(valuation: Iterable[tuple[str, bool]]) -> str:
    return " ".join(f"{name}={int(value)}" for name, value in valuation) or "(no inputs)"


def _settled(letter: Letter, names: Sequence[str], values: dict[str, bool]) -> str:
    literals = [str(Var(name)) if values[name] else str(Not(Var(name))) for name in names]
    condition = " & ".join(([str(letter.condition)] if letter.condition != ALWAYS else []) + literals)
    return f"{symbol_text(letter)} [{condition}]"


def symbol_text(letter: Letter) -> str:
    match = _CONDITION.match(letter.text)
    return match["symbol"].strip() if match else letter.text
