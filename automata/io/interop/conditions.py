"""Conditions written by other tools, read into guards over the source's own names.

The EFSM tools write `x1 & !x2`, `~x1`, `1`; SCXML documents write `ready && !busy`; a
`transitions` configuration lists condition names. All are boolean formulas over names: `!`, `~`
and `not` negate, `&`, `&&` and `and` join, `|`, `||` and `or` choose, `1`/`true` and `0`/`false`
are constants. A text that is not such a formula (`_event.data.x > 3`) is not read here: the SCXML
reader keeps it whole as one named input. Nothing is ever evaluated.
"""

from __future__ import annotations

import itertools
import re

from ...model.guards import ALWAYS, And, Const, Guard, Not, Or, Var

MAX_CONDITION_CHARACTERS = 2_000
MAX_CONDITION_NESTING = 32

_TOKEN = re.compile(r"\s*(?:(?P<name>[A-Za-z_][A-Za-z0-9_.]*)|(?P<op>&&|\|\||[!~&|()])|(?P<const>[01]))")
_WORDS = {"not": "!", "and": "&", "or": "|", "true": "1", "false": "0", "True": "1", "False": "0"}
_OPS = {"&&": "&", "||": "|", "~": "!"}


class _NotAFormula(ValueError):
    pass


def _tokens(text: str) -> list[tuple[str, str]]:
    tokens: list[tuple[str, str]] = []
    position = 0
    while text[position:].strip():
        match = _TOKEN.match(text, position)
        if match is None:
            raise _NotAFormula(text)
        kind = match.lastgroup or ""
        value = match.group(kind)
        if kind == "name" and value in _WORDS:
            value = _WORDS[value]
            kind = "const" if value in "01" else "op"
        tokens.append((kind, _OPS.get(value, value)))
        position = match.end()
    tokens.append(("end", ""))
    return tokens


class _Parser:
    def __init__(self, text: str) -> None:
        self.tokens = _tokens(text)
        self.position = 0
        self.depth = 0

    def peek(self) -> str:
        return self.tokens[self.position][1]

    def next(self) -> tuple[str, str]:
        token = self.tokens[self.position]
        self.position += 1
        return token

    def formula(self) -> Guard:
        self.depth += 1
        if self.depth > MAX_CONDITION_NESTING:
            raise _NotAFormula("too deep")
        operands = [self.conjunction()]
        while self.peek() == "|":
            self.next()
            operands.append(self.conjunction())
        self.depth -= 1
        return operands[0] if len(operands) == 1 else Or(tuple(operands))

    def conjunction(self) -> Guard:
        operands = [self.factor()]
        while self.peek() == "&":
            self.next()
            operands.append(self.factor())
        return operands[0] if len(operands) == 1 else And(tuple(operands))

    def factor(self) -> Guard:
        kind, value = self.next()
        if value == "!":
            self.depth += 1
            if self.depth > MAX_CONDITION_NESTING:
                raise _NotAFormula("too deep")
            inner = Not(self.factor())
            self.depth -= 1
            return inner
        if value == "(":
            inner = self.formula()
            if self.next()[1] != ")":
                raise _NotAFormula("unclosed")
            return inner
        if kind == "name":
            return Var(value)
        if kind == "const":
            return Const(value == "1")
        raise _NotAFormula(value)


def read_condition(text: str) -> Guard | None:
    """The guard a condition's text is, over the source's names; None when it is not such a formula."""
    if len(text) > MAX_CONDITION_CHARACTERS:
        return None
    try:
        parser = _Parser(text)
        guard = parser.formula()
        if parser.tokens[parser.position][0] != "end":
            return None
    except _NotAFormula:
        return None
    return guard


def condition_text(guard: Guard, name_of: dict[str, str], and_: str = " & ", or_: str = " | ", not_: str = "!") -> str:
    """A guard written back with the source's names and operators (the inverse of `read_condition`)."""
    if guard == ALWAYS:
        return "1"
    if isinstance(guard, Const):
        return "1" if guard.value else "0"
    if isinstance(guard, Var):
        return name_of.get(guard.name, guard.name)
    if isinstance(guard, Not):
        inner = condition_text(guard.operand, name_of, and_, or_, not_)
        return f"{not_}{inner}" if isinstance(guard.operand, (Var, Const, Not)) else f"{not_}({inner})"
    joiner = and_ if isinstance(guard, And) else or_
    parts = []
    for operand in guard.operands:
        text = condition_text(operand, name_of, and_, or_, not_)
        parts.append(f"({text})" if isinstance(operand, (And, Or)) else text)
    return joiner.join(parts)


def covers_everything(guards: list[Guard]) -> bool:
    """Whether some guard holds on every valuation of their inputs (decided by trying them all, up
    to 16 inputs; past that, False: an arc added for the rest then never fires, which is harmless)."""
    if ALWAYS in guards:
        return True
    names = sorted({name for guard in guards for name in guard.variables()})
    if len(names) > 16:
        return False
    for bits in itertools.product((False, True), repeat=len(names)):
        values = dict(zip(names, bits))
        if not any(guard.evaluate(values.__getitem__) for guard in guards):
            return False
    return True


def exclusive(guards: list[Guard]) -> bool:
    """Whether no two of the guards hold together (decided by trying every valuation, up to 16
    inputs; past that, False)."""
    names = sorted({name for guard in guards for name in guard.variables()})
    if len(names) > 16:
        return False
    for bits in itertools.product((False, True), repeat=len(names)):
        values = dict(zip(names, bits))
        if sum(guard.evaluate(values.__getitem__) for guard in guards) > 1:
            return False
    return True


def simplified(guard: Guard) -> Guard:
    """The same guard without double negations and one-operand joins (`!!x1` is `x1`)."""
    if isinstance(guard, Not):
        inner = simplified(guard.operand)
        return inner.operand if isinstance(inner, Not) else Not(inner)
    if isinstance(guard, (And, Or)):
        operands = tuple(simplified(operand) for operand in guard.operands)
        return operands[0] if len(operands) == 1 else type(guard)(operands)
    return guard
