"""Reading the DOT language, as far as graphs of machines use it: nodes, edges and their attributes.

Written from the DOT grammar (graphviz.org/doc/info/lang.html), not from any one tool's output:
IDs bare, numeric, double-quoted (with `\\"` and line continuations) or HTML (`<...>`, nested);
comments `//`, `/* */` and `#` lines; statements ended by `;` or not; attribute lists `[a=b, c=d]`,
several in a row; edge chains `a -> b -> c`; `node`/`edge`/`graph` defaults (which set nothing a
machine needs); `ID = ID` graph attributes. Subgraphs and ports are refused at their line: a
machine's graph has no use for them. Each node and edge keeps the line it is written on.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field

from .machine import source_error

MAX_DOT_TOKENS = 5_000_000

_TOKEN = re.compile(r"""
    [ \t\r\n\f\v]*
    (?:
        (?P<comment>//[^\n]*|/\*.*?\*/|(?:(?<=\n)|^)\#[^\n]*)
      | (?P<arrow>->|--)
      | "(?P<quoted>[^"\\]*(?:\\.[^"\\]*)*)"
      | (?P<html><)
      | (?P<id>[^\W\d]\w*|-?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?))
      | (?P<punct>[{}\[\];,=:])
      | (?P<end>\Z)
    )
""", re.VERBOSE | re.DOTALL)

# A token: (kind, text, offset in the file). Kinds: "id" (any kind of ID), "html", "arrow", "punct", "end".
Token = tuple[str, str, int]


@dataclass
class DotNode:
    name: str
    line: int
    attributes: dict[str, str] = field(default_factory=dict)
    html: set[str] = field(default_factory=set)  # the attributes whose value was an HTML string


@dataclass
class DotEdge:
    source: str
    target: str
    line: int
    attributes: dict[str, str] = field(default_factory=dict)
    html: set[str] = field(default_factory=set)


@dataclass
class DotGraph:
    name: str
    nodes: dict[str, DotNode]  # in the order first mentioned
    edges: list[DotEdge]


class Lines:
    """Line numbers of offsets in a text."""

    def __init__(self, text: str) -> None:
        self.breaks = [match.start() for match in re.finditer("\n", text)]

    def of(self, offset: int) -> int:
        return bisect.bisect_right(self.breaks, offset) + 1


def _html(text: str, start: int, lines: Lines, file: str) -> tuple[str, int]:
    """An HTML string from its opening `<` at `start`: (its content, the index after its closing `>`)."""
    depth = 0
    for position in range(start, len(text)):
        if text[position] == "<":
            depth += 1
        elif text[position] == ">":
            depth -= 1
            if depth == 0:
                return text[start + 1:position], position + 1
    raise source_error(file, lines.of(start), "an HTML string '<...>' is never closed", "close it with '>'")


_ESCAPE = re.compile(r"\\(\n|\\|\")")


def _unquoted(text: str) -> str:
    """A quoted ID's text: `\\"` is a quote, `\\\\` a backslash (as graphviz reads labels), a
    backslash at a line's end joins the lines; every other backslash stays."""
    if "\\" not in text:
        return text
    return _ESCAPE.sub(lambda match: "" if match.group(1) == "\n" else match.group(1), text)


def tokenize(text: str, file: str, lines: Lines) -> list[Token]:
    tokens: list[Token] = []
    append = tokens.append
    match_token = _TOKEN.match
    position = 0
    while True:
        match = match_token(text, position)
        if match is None:
            offset = position + len(text[position:]) - len(text[position:].lstrip())
            raise source_error(file, lines.of(offset), f"unexpected character {text[offset:offset + 1]!r} in the DOT "
                                                       "text", "is this a DOT file?")
        kind = match.lastgroup
        position = match.end()
        if kind == "comment":
            continue
        if kind == "quoted":
            append(("id", _unquoted(match.group("quoted")), match.start("quoted")))
        elif kind == "html":
            start = match.start("html")
            content, position = _html(text, start, lines, file)
            append(("html", content, start))
        elif kind == "end":
            append(("end", "", len(text)))
            return tokens
        else:
            append((kind, match.group(kind), match.start(kind)))  # type: ignore[arg-type]
        if len(tokens) > MAX_DOT_TOKENS:
            raise source_error(file, lines.of(position), f"more than {MAX_DOT_TOKENS:,} tokens", "split the graph")


class _Parser:
    def __init__(self, tokens: list[Token], file: str, lines: Lines) -> None:
        self.tokens, self.file, self.lines, self.position = tokens, file, lines, 0
        self.nodes: dict[str, DotNode] = {}
        self.edges: list[DotEdge] = []

    def line(self, token: Token) -> int:
        return self.lines.of(token[2])

    def is_punct(self, text: str) -> bool:
        kind, value, _ = self.tokens[self.position]
        return kind == "punct" and value == text

    def advance(self) -> Token:
        token = self.tokens[self.position]
        self.position += 1
        return token

    def expect(self, text: str) -> Token:
        token = self.advance()
        if token[1] != text or token[0] not in ("punct", "arrow"):
            found = "the end of the file" if token[0] == "end" else repr(token[1][:40])
            raise source_error(self.file, self.line(token), f"expected '{text}', found {found}",
                               "is this a DOT graph?")
        return token

    def graph(self) -> DotGraph:
        token = self.advance()
        if token[0] == "id" and token[1].lower() == "strict":
            token = self.advance()
        if token[0] != "id" or token[1].lower() not in ("digraph", "graph"):
            raise source_error(self.file, self.line(token), "a DOT file starts with `digraph NAME {`",
                               "is this a DOT file?")
        name = ""
        if self.tokens[self.position][0] in ("id", "html"):
            name = self.advance()[1]
        self.expect("{")
        while not self.is_punct("}"):
            if self.tokens[self.position][0] == "end":
                raise source_error(self.file, self.line(self.tokens[self.position]), "the graph's '{' is never closed",
                                   "add '}'")
            self.statement()
        self.advance()
        return DotGraph(name, self.nodes, self.edges)

    def node_id(self) -> Token:
        token = self.advance()
        if token[0] not in ("id", "html"):
            found = "the end of the file" if token[0] == "end" else repr(token[1][:40])
            raise source_error(self.file, self.line(token), f"expected a name, found {found}")
        if self.is_punct(":"):
            raise source_error(self.file, self.line(token), "node ports (`node:port`) are not supported",
                               "a machine's graph joins nodes, not ports")
        return token

    def attributes(self) -> tuple[dict[str, str], set[str]]:
        found: dict[str, str] = {}
        html: set[str] = set()
        while self.is_punct("["):
            self.advance()
            while not self.is_punct("]"):
                key = self.node_id()[1]
                value = "true"
                if self.is_punct("="):
                    self.advance()
                    kind, value, _ = self.node_id()
                    if kind == "html":
                        html.add(key)
                    else:
                        html.discard(key)
                found[key] = value
                if self.is_punct(",") or self.is_punct(";"):
                    self.advance()
            self.advance()
        return found, html

    def statement(self) -> None:
        kind, value, offset = self.tokens[self.position]
        if kind == "punct" and value == ";":
            self.advance()
            return
        if kind == "id" and value.lower() == "subgraph" or (kind == "punct" and value == "{"):
            raise source_error(self.file, self.lines.of(offset), "subgraphs are not supported",
                               "a machine is one flat graph")
        first = self.node_id()
        following = self.tokens[self.position]
        if first[0] == "id" and first[1].lower() in ("node", "edge", "graph") and self.is_punct("["):
            self.attributes()  # defaults for what follows: nothing a machine needs
        elif self.is_punct("="):
            self.advance()
            self.node_id()  # a graph attribute, `label = ""`
        elif following[0] == "arrow":
            chain = [first]
            while self.tokens[self.position][0] == "arrow":
                self.advance()
                chain.append(self.node_id())
            attributes, html = self.attributes()
            line = self.line(first)
            for source, target in zip(chain, chain[1:]):
                for end in (source, target):
                    if end[1] not in self.nodes:
                        self.nodes[end[1]] = DotNode(end[1], self.line(end))
                self.edges.append(DotEdge(source[1], target[1], line, attributes if len(chain) == 2
                                          else dict(attributes), html))
        else:
            attributes, html = self.attributes()
            node = self.nodes.get(first[1])
            if node is None:
                node = self.nodes[first[1]] = DotNode(first[1], self.line(first))
            node.attributes.update(attributes)
            node.html = (node.html - set(attributes)) | html
        if self.is_punct(";"):
            self.advance()


def read_dot(text: str, file: str) -> DotGraph:
    """The nodes and edges of a DOT graph; SourceErrors at the line of anything it cannot read."""
    lines = Lines(text)
    return _Parser(tokenize(text, file, lines), file, lines).graph()
