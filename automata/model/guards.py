"""Guard expressions over inputs: `x1 & !(x2 | x3)`.

Guards are parsed here (never evaluated as Python) into a tiny AST that can be evaluated,
printed, listed and enumerated by the static checks. Grammar, loosest first:

    expr   := term ('|' term)*
    term   := factor ('&' factor)*
    factor := '!' factor | '(' expr ')' | INPUT | '1' | '0'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

Lookup = Callable[[str], bool]


class GuardSyntaxError(ValueError):
    """A guard that does not parse; `column` is the 1-based column of the bad token in the guard text."""

    def __init__(self, message: str, column: int, hint: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.column = column
        self.hint = hint


@dataclass(frozen=True, slots=True)
class Const:
    value: bool

    def evaluate(self, lookup: Lookup) -> bool:
        return self.value

    def variables(self) -> tuple[str, ...]:
        return ()

    def __str__(self) -> str:
        return "1" if self.value else "0"


@dataclass(frozen=True, slots=True)
class Var:
    name: str

    def evaluate(self, lookup: Lookup) -> bool:
        return lookup(self.name)

    def variables(self) -> tuple[str, ...]:
        return (self.name,)

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True, slots=True)
class Not:
    operand: Guard

    def evaluate(self, lookup: Lookup) -> bool:
        return not self.operand.evaluate(lookup)

    def variables(self) -> tuple[str, ...]:
        return self.operand.variables()

    def __str__(self) -> str:
        inner = str(self.operand)
        return f"!{inner}" if isinstance(self.operand, (Var, Const, Not)) else f"!({inner})"


@dataclass(frozen=True, slots=True)
class And:
    operands: tuple[Guard, ...]

    def evaluate(self, lookup: Lookup) -> bool:
        # Short-circuit, left to right: inputs are sampled in the order a reader sees them.
        return all(operand.evaluate(lookup) for operand in self.operands)

    def variables(self) -> tuple[str, ...]:
        return variables_of(self.operands)

    def __str__(self) -> str:
        return " & ".join(f"({o})" if isinstance(o, Or) else str(o) for o in self.operands)


@dataclass(frozen=True, slots=True)
class Or:
    operands: tuple[Guard, ...]

    def evaluate(self, lookup: Lookup) -> bool:
        return any(operand.evaluate(lookup) for operand in self.operands)

    def variables(self) -> tuple[str, ...]:
        return variables_of(self.operands)

    def __str__(self) -> str:
        return " | ".join(str(o) for o in self.operands)


Guard = Const | Var | Not | And | Or

ALWAYS = Const(True)


def variables_of(guards: Iterable[Guard]) -> tuple[str, ...]:
    """The inputs the guards test, each once, in order of first appearance (the order they are read)."""
    seen: dict[str, None] = {}
    for guard in guards:
        for name in guard.variables():
            seen.setdefault(name, None)
    return tuple(seen)


_TOKEN = re.compile(r"\s*(?:(?P<name>[A-Za-z_][A-Za-z0-9_]*)|(?P<const>[01])(?![0-9])|(?P<op>[!&|()]))")
_PYTHON_OPERATORS = {"and": "&", "or": "|", "not": "!", "&&": "&", "||": "|", "~": "!"}


@dataclass(frozen=True, slots=True)
class _Token:
    kind: str  # "name", "const", "op", "end"
    text: str
    column: int


def _tokenize(text: str) -> list[_Token]:
    tokens: list[_Token] = []
    position = 0
    while position < len(text):
        if text[position:].strip() == "":
            break
        match = _TOKEN.match(text, position)
        if match is None:
            column = position + len(text[position:]) - len(text[position:].lstrip()) + 1
            bad = text[column - 1]
            hint = "guards use inputs (x1, x2, ...), ! & | ( ) and the constants 1 and 0"
            for written, meant in _PYTHON_OPERATORS.items():
                if text.startswith(written, column - 1):
                    hint = f"write '{meant}' instead of '{written}'"
            raise GuardSyntaxError(f"unexpected character {bad!r} in guard", column, hint)
        kind = match.lastgroup or "op"
        token_text = match.group(kind)
        tokens.append(_Token(kind, token_text, match.start(kind) + 1))
        position = match.end()
    tokens.append(_Token("end", "", len(text) + 1))
    return tokens


class _Parser:
    def __init__(self, text: str) -> None:
        self.tokens = _tokenize(text)
        self.position = 0

    @property
    def current(self) -> _Token:
        return self.tokens[self.position]

    def advance(self) -> _Token:
        token = self.current
        self.position += 1
        return token

    def parse(self) -> Guard:
        if self.current.kind == "end":
            raise GuardSyntaxError("empty guard", 1, "omit the guard (or write '1') for an arc that always fires")
        guard = self.expression()
        if self.current.kind != "end":
            raise GuardSyntaxError(
                f"unexpected {self.current.text!r} after a complete expression",
                self.current.column,
                "join conditions with & or |",
            )
        return guard

    def expression(self) -> Guard:
        operands = [self.term()]
        while self.current.text == "|":
            self.advance()
            operands.append(self.term())
        return operands[0] if len(operands) == 1 else Or(tuple(operands))

    def term(self) -> Guard:
        operands = [self.factor()]
        while self.current.text == "&":
            self.advance()
            operands.append(self.factor())
        return operands[0] if len(operands) == 1 else And(tuple(operands))

    def factor(self) -> Guard:
        token = self.advance()
        if token.text == "!":
            return Not(self.factor())
        if token.text == "(":
            inner = self.expression()
            if self.current.text != ")":
                raise GuardSyntaxError("missing ')'", self.current.column, f"close the '(' opened at column {token.column}")
            self.advance()
            return inner
        if token.kind == "name":
            if token.text in _PYTHON_OPERATORS:
                raise GuardSyntaxError(
                    f"'{token.text}' is not a guard operator", token.column, f"write '{_PYTHON_OPERATORS[token.text]}'"
                )
            return Var(token.text)
        if token.kind == "const":
            return Const(token.text == "1")
        where = "end of guard" if token.kind == "end" else repr(token.text)
        raise GuardSyntaxError(f"expected an input, '!', '(' or a constant, found {where}", token.column)


def parse_guard(text: str) -> Guard:
    """Parse a guard; raises GuardSyntaxError with the column of the offending token."""
    return _Parser(text).parse()
