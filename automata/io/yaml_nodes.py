"""YAML text to a bounded node tree, with no recursion and no code.

PyYAML's own composer recurses once per nesting level (10,000 nested brackets end in a
RecursionError) and lets an anchor be used inside itself (a cycle). This one builds the same node
tree from the parser's events with an explicit stack, and refuses what no spec needs before it
costs anything:

- nesting deeper than MAX_DEPTH levels;
- more than MAX_NODES nodes once aliases are expanded (an "alias bomb" of a few lines stands for
  billions of nodes: anything that walks the tree would walk them all);
- tags (`!!python/object:...`, `!local`, `!!int`, ...), except `!!str`, `!!map` and `!!seq`, which
  change nothing; a value that starts with `!` must be quoted;
- merge keys (`<<: *base`).

The events come from libyaml (PyYAML's C parser, about ten times faster) when it is installed.
Any error it finds is found again with the pure-Python parser, whose messages and positions are the
ones users have always seen; both parsers give the same line and column to every node.
"""

from __future__ import annotations

import contextlib
import datetime
import gc
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import yaml
from yaml.constructor import SafeConstructor
from yaml.error import Mark
from yaml.events import (
    AliasEvent,
    CollectionStartEvent,
    DocumentStartEvent,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    StreamEndEvent,
)
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

MAX_DEPTH = 32  # a spec nests four levels (arcs > arc > actions > name); the rest is room
MAX_NODES = 2_000_000  # with aliases expanded; the shipped specs have about 500, a learned model of
# 49,275 arcs about 550,000
MAX_NUMBER_TEXT = 40  # characters of a value read as a number or date (YAML 1.1 allows `1_000:30:00`...)

_TAG = "tag:yaml.org,2002:"
_STR, _MAP, _SEQ = f"{_TAG}str", f"{_TAG}map", f"{_TAG}seq"
_ALLOWED_TAGS = {ScalarNode: _STR, MappingNode: _MAP, SequenceNode: _SEQ}
_TEXT_TAGS = {f"{_TAG}merge", f"{_TAG}value"}  # what `<<` and `=` resolve to: text anywhere but as a key

try:  # libyaml is optional: PyYAML without it still loads every spec, only slower
    from yaml import CSafeLoader as _FastLoader
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    _FastLoader = None  # type: ignore[assignment,misc]


class ComposeError(Exception):
    """Text that is not a spec's YAML: a syntax error, or a bound passed. `line` and `column` are 1-based."""

    def __init__(self, message: str, line: int, column: int, hint: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column
        self.hint = hint


@dataclass(frozen=True)
class Problem:
    """A defect the tree can be built around (a tag, a merge key), reported with the others."""

    node: Node
    message: str
    hint: str


@dataclass
class Composed:
    root: Node | None  # None for an empty document
    problems: list[Problem] = field(default_factory=list)


@contextlib.contextmanager
def paused_gc() -> Iterator[None]:
    """Python's cycle collector paused while a big tree is built: it would walk the growing heap
    again and again (three quarters of the time of loading a spec of 50,000 arcs), and a tree of
    nodes has no cycles to collect."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def compose(text: str) -> Composed:
    """Compose one YAML document (or none) into nodes; raises ComposeError."""
    if _FastLoader is not None:
        try:
            return _compose_with(_FastLoader, text)
        except yaml.YAMLError:
            pass  # found again below, with the messages and positions of the reference parser
    try:
        return _compose_with(yaml.SafeLoader, text)
    except yaml.YAMLError as error:
        raise _yaml_error(error, text) from None


def _compose_with(loader_class: type, text: str) -> Composed:
    if text and not text.endswith("\n"):
        # libyaml and PyYAML place an empty value at the very end of a stream differently (`?`
        # with no line end): with the line ended, both place it at the start of the next line.
        text += "\n"
    loader = loader_class(text)
    try:
        return _Composer(loader).document()
    finally:
        loader.dispose()


@dataclass
class _Open:
    """A collection whose end event has not come yet."""

    node: MappingNode | SequenceNode
    anchor: str | None
    size: int = 1
    key: Node | None = None  # a mapping's key waiting for its value


class _Composer:
    def __init__(self, loader: Any) -> None:
        self.loader = loader
        self.anchors: dict[str, tuple[Node, int]] = {}  # anchor -> (node, size with aliases expanded)
        self.problems: list[Problem] = []
        self.expanded = 0
        self._resolved: dict[tuple[str, tuple[bool, bool]], str] = {}

    def document(self) -> Composed:
        loader = self.loader
        loader.get_event()  # stream start
        if loader.check_event(StreamEndEvent):
            return Composed(None)
        loader.get_event()  # document start
        root = self.node()
        loader.get_event()  # document end
        if not loader.check_event(StreamEndEvent):
            event = loader.get_event()
            if isinstance(event, DocumentStartEvent):
                raise _error("a spec is one YAML document, but a second one starts here", event.start_mark,
                             "remove the `---` line and what follows, or merge the documents")
            raise _error("unexpected content after the document", event.start_mark)
        return Composed(root, self.problems)

    def node(self) -> Node:
        """The next node, however deep: collections are kept open on a stack instead of the call stack."""
        loader = self.loader
        stack: list[_Open] = []
        while True:
            event = loader.get_event()
            if isinstance(event, (SequenceEndEvent, MappingEndEvent)):
                done = stack.pop()
                if done.key is not None:  # cannot happen with a correct parser; kept from being silent
                    raise _error("a mapping key has no value", done.node.end_mark)
                done.node.end_mark = event.end_mark
                node, size, anchor = done.node, done.size, done.anchor
            elif isinstance(event, AliasEvent):
                if event.anchor not in self.anchors:
                    raise _error(f"the alias *{short(event.anchor)} names no anchor defined before it",
                                 event.start_mark, "define `&name` on a complete value before using `*name`")
                node, size = self.anchors[event.anchor]
                anchor = None
                self._count(size, event.start_mark)
            elif isinstance(event, ScalarEvent):
                node, size, anchor = self._scalar(event, in_key=bool(stack) and _wants_key(stack[-1])), 1, event.anchor
                self._count(1, event.start_mark)
            elif isinstance(event, CollectionStartEvent):
                if len(stack) >= MAX_DEPTH:
                    raise _error(f"the YAML nests deeper than {MAX_DEPTH} levels", event.start_mark,
                                 "a spec needs about four levels; look for a run of brackets or indentation")
                kind = MappingNode if isinstance(event, MappingStartEvent) else SequenceNode
                collection = kind(self._collection_tag(kind, event), [], event.start_mark, event.end_mark,
                                  flow_style=event.flow_style)
                self._count(1, event.start_mark)
                stack.append(_Open(collection, event.anchor))
                continue
            else:
                raise _error(f"unexpected YAML event {type(event).__name__}", event.start_mark)
            if anchor is not None:
                self.anchors[anchor] = (node, size)
            if not stack:
                return node
            parent = stack[-1]
            parent.size += size
            if isinstance(parent.node, SequenceNode):
                parent.node.value.append(node)
            elif parent.key is None:
                parent.key = node
            else:
                parent.node.value.append((parent.key, node))
                parent.key = None

    def _count(self, nodes: int, mark: Mark) -> None:
        self.expanded += nodes
        if self.expanded > MAX_NODES:
            raise _error(f"the spec has more than {MAX_NODES:,} YAML values once aliases are expanded", mark,
                         "aliases (*name) copy what their anchor (&name) holds; a spec needs far fewer values")

    def _scalar(self, event: ScalarEvent, in_key: bool) -> ScalarNode:
        tag = event.tag
        node = ScalarNode("", event.value, event.start_mark, event.end_mark, style=event.style)
        if tag is None or tag == "!":
            # Resolved once per distinct text: a big spec repeats `from`, `to`, `e3`, `12` thousands of times.
            key = (event.value, event.implicit)
            tag = self._resolved.get(key)
            if tag is None:
                tag = self._resolved[key] = self.loader.resolve(ScalarNode, event.value, event.implicit)
            if tag == f"{_TAG}merge" and in_key:
                self.problems.append(Problem(node, "merge keys (<<) are not supported in a spec",
                                             "write the keys out in full"))
            if tag in _TEXT_TAGS:
                tag = _STR
        elif tag != _STR:
            self._refuse_tag(node, tag)
            tag = _STR
        node.tag = tag
        return node

    def _collection_tag(self, kind: type, event: CollectionStartEvent) -> str:
        tag = event.tag
        allowed = _ALLOWED_TAGS[kind]
        if tag is not None and tag != "!" and tag != allowed:
            self._refuse_tag(kind(allowed, [], event.start_mark, event.end_mark), tag)
        return allowed

    def _refuse_tag(self, node: Node, tag: str) -> None:
        if tag.startswith(_TAG):
            shown, hint = "!!" + tag[len(_TAG):], "a spec holds plain text, numbers, true/false, lists and mappings: remove the tag"
        else:
            shown, hint = tag, "a value starting with ! is read as a tag: quote the whole value, e.g. guard: \"!x1 & x2\""
        self.problems.append(Problem(node, f"the YAML tag {short(shown)!r} is not allowed in a spec", hint))


def _wants_key(parent: _Open) -> bool:
    return isinstance(parent.node, MappingNode) and parent.key is None


def _error(message: str, mark: Mark | None, hint: str = "") -> ComposeError:
    line, column = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
    return ComposeError(message, line, column, hint)


def _yaml_error(error: yaml.YAMLError, text: str) -> ComposeError:
    """A PyYAML error as a ComposeError at the place it names."""
    if isinstance(error, yaml.reader.ReaderError):
        position = max(0, min(error.position, len(text)))
        line = text.count("\n", 0, position) + 1
        column = position - (text.rfind("\n", 0, position) + 1) + 1
        character = error.character if isinstance(error.character, int) else 0
        return ComposeError(f"YAML syntax: the control character U+{character:04X} is not allowed", line, column,
                            "remove it; inside a double-quoted string it can be written as an escape such as \\t")
    if isinstance(error, yaml.MarkedYAMLError):
        mark = error.problem_mark or error.context_mark
        message = f"YAML syntax: {error.problem or error.context}"
        if error.context and error.problem:
            message = f"YAML syntax: {error.problem} ({error.context})"
        hint = "check indentation and quoting around this point"
        failed = _error(short(message, 200), mark, hint)
        source_line = _line_of(text, failed.line)
        if any(f": {sign}" in source_line or f":{sign}" in source_line for sign in "!&*"):
            failed.hint = ("a value starting with !, & or * is YAML syntax (tag, anchor, alias): quote guards,"
                           " e.g. guard: \"!x1 & x2\"")
        return failed
    return ComposeError(f"YAML syntax: {short(str(error), 200)}", 1, 1)


def _line_of(text: str, line: int) -> str:
    start = 0
    for _ in range(line - 1):
        start = text.find("\n", start) + 1
        if start == 0:
            return ""
    end = text.find("\n", start)
    return text[start:end if end >= 0 else len(text)][:500]


def short(text: object, limit: int = 60) -> str:
    """User text as quoted in a message: one line, at most `limit` characters."""
    flat = " ".join(str(text).split()) if any(c in str(text) for c in "\n\r\t") else str(text)
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


class ScalarValueError(ValueError):
    """A scalar YAML reads as a number or a date that cannot be one (`2020-13-45`, 5,000 digits)."""


def scalar_value(constructor: SafeConstructor, node: ScalarNode) -> Any:
    """What a scalar means in YAML 1.1 (text, a whole number, a boolean, null, a float or a date),
    computed without anything that could take long or raise anything but ScalarValueError."""
    tag = node.tag
    if tag == _STR:
        return node.value
    kind = tag.removeprefix(_TAG)
    if kind in ("int", "float", "timestamp") and len(node.value) > MAX_NUMBER_TEXT:
        raise ScalarValueError(f"YAML reads {short(node.value)!r} as a {_KIND_NAMES[kind]}, which is too long")
    try:
        if kind == "int":
            return constructor.construct_yaml_int(node)
        if kind == "float":
            return constructor.construct_yaml_float(node)
        if kind == "bool":
            return constructor.construct_yaml_bool(node)
        if kind == "null":
            return None
        if kind == "timestamp":
            value = constructor.construct_yaml_timestamp(node)
            assert isinstance(value, (datetime.date, datetime.datetime))
            return value
    except (ValueError, TypeError, OverflowError, AssertionError, yaml.YAMLError) as error:
        why = f" ({short(str(error), 80)})" if kind == "timestamp" else ""  # "month must be in 1..12"
        raise ScalarValueError(f"YAML reads {short(node.value)!r} as a {_KIND_NAMES.get(kind, kind)},"
                               f" but it is not one{why}") from None
    return node.value


_KIND_NAMES = {"int": "whole number", "float": "number", "timestamp": "date", "bool": "boolean", "null": "null"}
