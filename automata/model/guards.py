"""Guard expressions over inputs: `x1 & !(x2 | x3)`.

Guards are parsed here (never evaluated as Python) into a tiny AST that can be evaluated,
printed, listed and enumerated by the static checks. Grammar, loosest first:

    expr   := term ('|' term)*
    term   := factor ('&' factor)*
    factor := '!' factor | '(' expr ')' | INPUT | STATE_TEST | '1' | '0'
    STATE_TEST := 'y' NUMBER ('==' | '!=') NUMBER        e.g. y2 == 4: automaton A2 is in state 4

A state test (state exchange between the automata of a system, docs/systems.md) is read like an
input: a yes/no question sampled at most once per step, recorded with the step's inputs under
its name `y2=4`. `y2 != 4` is the negation of `y2 == 4`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
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
class StateTest(Var):
    """`y2 == 4`: automaton A2 is in state 4. A Var whose value comes from another automaton's
    state instead of a context method; its `name` (`y2=4`) is what traces and checks call it."""

    variable: str = ""  # y2: the state variable of automaton A2
    state: int = 0

    @property
    def automaton(self) -> str:
        return "A" + self.variable[1:]

    def __str__(self) -> str:
        return f"{self.variable} == {self.state}"


def state_test(variable: str, state: int) -> StateTest:
    return StateTest(f"{variable}={state}", variable, state)


def atom(name: str) -> Var:
    """The guard atom a name stands for: the input `x2`, or the state test `y2=4` (y2 == 4)."""
    if is_state_test(name):
        variable, _, number = name.partition("=")
        return state_test(variable, int(number))
    return Var(name)


def is_state_test(name: str) -> bool:
    """Whether a name a guard reads is a state test (`y2=4`) rather than an input (`x2`)."""
    return name.startswith("y")


def shown_value(name: str, value: bool) -> str:
    """One reading as messages show it: `x2=1`, `y2=4` (A2 is in state 4) or `y2!=4`."""
    if is_state_test(name):
        return name if value else name.replace("=", "!=", 1)
    return f"{name}={int(value)}"


def readings_text(readings: Iterable[tuple[str, bool]]) -> list[str]:
    """A step's readings as a student reads them, in reading order: `x1=0` for an input, and the
    state tests of one automaton as one variable over its state: `y1 = 3` when a test came out
    true, `y1 ≠ 1` or `y1 ∉ {1, 4}` when every test read came out false."""
    shown: list[str] = []
    tests: dict[str, list[tuple[int, bool]]] = {}
    for name, value in readings:
        if not is_state_test(name):
            shown.append(f"{name}={int(value)}")
            continue
        variable, _, number = name.partition("=")
        if variable not in tests:
            tests[variable] = []
            shown.append(variable)  # a placeholder, filled in below
        tests[variable].append((int(number), bool(value)))
    for variable, results in tests.items():
        true = [number for number, value in results if value]
        if true:
            text = f"{variable} = {true[0]}"
        elif len(results) == 1:
            text = f"{variable} ≠ {results[0][0]}"
        else:
            text = f"{variable} ∉ {{{', '.join(str(number) for number, _ in results)}}}"
        shown[shown.index(variable)] = text
    return shown


@dataclass(frozen=True, slots=True)
class Not:
    operand: Guard

    def evaluate(self, lookup: Lookup) -> bool:
        return not self.operand.evaluate(lookup)

    def variables(self) -> tuple[str, ...]:
        return self.operand.variables()

    def __str__(self) -> str:
        if isinstance(self.operand, StateTest):
            return f"{self.operand.variable} != {self.operand.state}"
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


Guard = Const | Var | StateTest | Not | And | Or

ALWAYS = Const(True)


def renamed(guard: Guard, names: Mapping[str, str]) -> Guard:
    """The same guard over other names: each variable `name` becomes `names[name]` (kept if absent)."""
    if isinstance(guard, Var):
        return Var(names.get(guard.name, guard.name)) if not isinstance(guard, StateTest) else guard
    if isinstance(guard, Not):
        return Not(renamed(guard.operand, names))
    if isinstance(guard, (And, Or)):
        return type(guard)(tuple(renamed(operand, names) for operand in guard.operands))
    return guard


def variables_of(guards: Iterable[Guard]) -> tuple[str, ...]:
    """The inputs the guards test, each once, in order of first appearance (the order they are read)."""
    seen: dict[str, None] = {}
    for guard in guards:
        for name in guard.variables():
            seen.setdefault(name, None)
    return tuple(seen)


_TOKEN = re.compile(r"\s*(?:(?P<name>[A-Za-z_][A-Za-z0-9_]*)|(?P<number>[0-9]+)|(?P<compare>==|!=)|(?P<op>[!&|()]))")
_STATE_VARIABLE = re.compile(r"y[0-9]{1,9}", re.ASCII)  # yN: the state of automaton AN
MAX_STATE_DIGITS = 9
_PYTHON_OPERATORS = {"and": "&", "or": "|", "not": "!", "&&": "&", "||": "|", "~": "!"}


@dataclass(frozen=True, slots=True)
class _Token:
    kind: str  # "name", "number", "compare", "op", "end"
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
            hint = "guards use inputs (x1, x2, ...), state tests (y2 == 4), ! & | ( ) and the constants 1 and 0"
            for written, meant in _PYTHON_OPERATORS.items():
                if text.startswith(written, column - 1):
                    hint = f"write '{meant}' instead of '{written}'"
            if bad == "=":
                hint = "compare a state with '==': y2 == 4"
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
        if token.kind == "name" and _STATE_VARIABLE.fullmatch(token.text):
            return self.state_test(token)
        if token.kind == "name":
            if token.text in _PYTHON_OPERATORS:
                raise GuardSyntaxError(
                    f"'{token.text}' is not a guard operator", token.column, f"write '{_PYTHON_OPERATORS[token.text]}'"
                )
            return Var(token.text)
        if token.kind == "number" and token.text in ("0", "1"):
            return Const(token.text == "1")
        if token.kind == "number":
            raise GuardSyntaxError(f"unexpected number {token.text[:12]!r}", token.column,
                                   "the constants are 1 and 0; a state number follows a state test: y2 == 4")
        where = "end of guard" if token.kind == "end" else repr(token.text)
        raise GuardSyntaxError(f"expected an input, '!', '(' or a constant, found {where}", token.column)


    def state_test(self, variable: _Token) -> Guard:
        """`yN == S` or `yN != S`, the variable already read."""
        compare = self.advance()
        if compare.kind != "compare":
            found = "end of guard" if compare.kind == "end" else repr(compare.text)
            hint = f"compare the state of A{variable.text[1:]} with a state number: {variable.text} == 4"
            raise GuardSyntaxError(f"expected '==' or '!=' after {variable.text}, found {found}", compare.column, hint)
        number = self.advance()
        if number.kind != "number" or len(number.text) > MAX_STATE_DIGITS:
            found = "end of guard" if number.kind == "end" else repr(number.text[:12])
            raise GuardSyntaxError(f"expected a state number after '{compare.text}', found {found}", number.column,
                                   f"e.g. {variable.text} {compare.text} 4")
        test = state_test(variable.text, int(number.text))
        return test if compare.text == "==" else Not(test)


def parse_guard(text: str) -> Guard:
    """Parse a guard; raises GuardSyntaxError with the column of the offending token."""
    return _Parser(text).parse()


def guard_nesting(text: str) -> int:
    """How deep a guard's text nests: parentheses, and runs of `!` that apply to what follows. An
    upper bound of the parsed guard's depth, found without parsing (which recurses per level)."""
    depth = deepest = bangs = 0
    opened: list[int] = []
    for character in text:
        if character == "!":
            bangs += 1
            deepest = max(deepest, depth + bangs)
        elif character == "(":
            opened.append(bangs)
            depth += bangs + 1
            bangs = 0
            deepest = max(deepest, depth)
        elif character == ")":
            depth -= opened.pop() + 1 if opened else 0
            bangs = 0
        elif not character.isspace():
            bangs = 0
    return deepest
