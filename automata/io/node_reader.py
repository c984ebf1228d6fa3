"""Reading typed values out of YAML nodes, each defect kept with its position.

The loader's sections (automata/io/loader.py) ask for text, whole numbers, flags, mappings with
known keys; this class answers, and collects what is wrong instead of stopping at the first
defect. It also keeps every report small whatever the spec holds: values are quoted at most 60
characters long, listings are cut short, and at most MAX_ERRORS_PER_FILE errors are kept (the
rest are counted in one last line), so that a spec with 10,000 undefined names prints a screen,
not megabytes.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import Any

from yaml.constructor import SafeConstructor
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from ..errors import Loc, SpecError
from .yaml_nodes import ScalarValueError, scalar_value, short

MAX_ERRORS_PER_FILE = 20  # like a C compiler's error limit: past it, later errors are mostly echoes
MAX_SUGGESTION_CANDIDATES = 500  # "did you mean" compares with each candidate: bounded work per error
_YAML11_BOOLEANS = {"y", "yes", "n", "no", "on", "off", "true", "false"}


def listing(names: Iterable[object], limit: int = 12) -> str:
    """`a, b, c`, cut after `limit` names with a count of the rest."""
    items = [short(name, 30) for name in names]
    shown = ", ".join(items[:limit])
    return f"{shown}, ... ({len(items) - limit} more)" if len(items) > limit else shown


def suggestion(name: str, candidates: Iterable[str]) -> str | None:
    """The candidate closest to `name`, if one is close; cheap enough for any spec."""
    pool = [candidate for candidate, _ in zip(candidates, range(MAX_SUGGESTION_CANDIDATES))]
    if len(name) > 100:
        return None
    close = difflib.get_close_matches(name, pool, n=1)
    return close[0] if close else None


class NodeReader:
    """Typed access to YAML nodes; every defect becomes a SpecError at the node's position."""

    def __init__(self, filename: str, max_errors: int = MAX_ERRORS_PER_FILE) -> None:
        self.filename = filename
        self.max_errors = max_errors
        self.errors: list[SpecError] = []
        self.omitted = 0
        self._last_omitted: Loc | None = None
        self._constructor = SafeConstructor()

    # -- errors ---------------------------------------------------------------------------------

    def loc(self, node: Node) -> Loc:
        return Loc(self.filename, node.start_mark.line + 1, node.start_mark.column + 1)

    @property
    def full(self) -> bool:
        """True once the error limit is reached: callers may skip the work of describing more."""
        return len(self.errors) >= self.max_errors

    def error(self, node: Node, message: str, hint: str = "") -> None:
        self.error_at(self.loc(node), message, hint)

    def error_at(self, loc: Loc, message: str, hint: str = "") -> None:
        if self.full:
            self._omit(loc)
            return
        self.errors.append(SpecError(loc, message, hint))

    def count_omitted(self, node: Node) -> None:
        """An error past the limit, counted without the work of describing it (see `full`)."""
        if not self.full:
            raise ValueError("count_omitted is for errors past the limit")
        self._omit(self.loc(node))

    def _omit(self, loc: Loc) -> None:
        self.omitted += 1
        if self._last_omitted is None or (loc.line, loc.col) > (self._last_omitted.line, self._last_omitted.col):
            self._last_omitted = loc

    def all_errors(self) -> list[SpecError]:
        """The errors kept, and one more line counting those left out."""
        if not self.omitted:
            return list(self.errors)
        assert self._last_omitted is not None
        more = SpecError(self._last_omitted, f"{self.omitted:,} more error{'s' if self.omitted != 1 else ''} not shown"
                         f" (at most {self.max_errors} are reported per file)", "fix the errors above first")
        return [*self.errors, more]

    # -- values ---------------------------------------------------------------------------------

    def scalar(self, node: ScalarNode) -> Any:
        """The scalar's YAML value; a number or date that cannot be one is reported and read as text."""
        try:
            return scalar_value(self._constructor, node)
        except ScalarValueError as error:
            self.error(node, str(error), "quote the value to keep it as text")
            return _Unreadable(node.value)

    def mapping(self, node: Node, what: str) -> list[tuple[Node, Node]] | None:
        if not isinstance(node, MappingNode):
            self.error(node, f"{what} must be a mapping (key: value), found {describe(node)}", "see docs/spec-format.md")
            return None
        seen: dict[Any, Node] = {}
        pairs = []
        for key_node, value_node in node.value:
            if not isinstance(key_node, ScalarNode):
                # Never shown nor hashed: a key can be an alias standing for a huge tree.
                self.error(key_node, f"a key in {what} must be plain text or a number, found {describe(key_node)}",
                           "write `name: value` with a plain name before the colon")
                continue
            key = self.scalar(key_node)
            if key in seen:
                first = seen[key]
                self.error(key_node, f"duplicate key {short(key_node.value)!r} in {what}",
                           f"it is already defined at line {first.start_mark.line + 1}; keep one definition")
                continue
            seen[key] = key_node
            pairs.append((key_node, value_node))
        return pairs

    def keyed(self, node: Node, what: str, allowed: set[str]) -> dict[str, tuple[Node, Node]]:
        """A mapping with string keys from a known set; unknown keys are reported with a suggestion."""
        result: dict[str, tuple[Node, Node]] = {}
        for key_node, value_node in self.mapping(node, what) or []:
            key = self.scalar(key_node)
            if isinstance(key, _Unreadable):
                continue
            if not isinstance(key, str):
                self.name_error(key_node, key, f"key in {what}")
                continue
            if key not in allowed:
                close = suggestion(key, sorted(allowed))
                hint = f"did you mean '{close}'?" if close else f"allowed keys: {', '.join(sorted(allowed))}"
                self.error(key_node, f"unknown key {short(key)!r} in {what}", hint)
                continue
            result[key] = (key_node, value_node)
        return result

    def name_error(self, node: Node, value: Any, what: str) -> None:
        raw = node.value if isinstance(node, ScalarNode) else ""
        if isinstance(value, bool) and str(raw).lower() in _YAML11_BOOLEANS:
            self.error(node, f"{what} {raw!r} is read by YAML 1.1 as the boolean {str(value).lower()}",
                       f"quote it: '{raw}'")
        elif not isinstance(value, _Unreadable):
            self.error(node, f"{what} must be text, found {describe(node)}")

    def text(self, node: Node | None, what: str, default: str | None = None, limit: int = 1000) -> str | None:
        if node is None:
            return default
        if not isinstance(node, ScalarNode):
            self.error(node, f"{what} must be text, found {describe(node)}")
            return default
        value = self.scalar(node)
        if isinstance(value, bool) or value is None or isinstance(value, _Unreadable):
            self.name_error(node, value, what)
            return default
        text = str(value)
        if len(text) > limit:
            self.error(node, f"{what} is {len(text):,} characters long; at most {limit:,} are allowed",
                       "shorten it; long explanations belong in `description` or in the docs")
            return default
        return text

    def integer(self, node: Node | None, what: str) -> int | None:
        if node is None:
            return None
        value = self.scalar(node) if isinstance(node, ScalarNode) else None
        if isinstance(value, _Unreadable):
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            self.error(node, f"{what} must be a whole number, found {describe(node)}")
            return None
        return value

    def flag(self, node: Node | None, what: str) -> bool:
        if node is None:
            return False
        value = self.scalar(node) if isinstance(node, ScalarNode) else None
        if isinstance(value, _Unreadable):
            return False
        if not isinstance(value, bool):
            self.error(node, f"{what} must be true or false, found {describe(node)}")
            return False
        return value

    def name_list(self, node: Node | None, what: str) -> tuple[tuple[str, Node], ...]:
        if node is None:
            return ()
        items = node.value if isinstance(node, SequenceNode) else [node]
        names = []
        for item in items:
            name = self.text(item, what, limit=100)
            if name is not None:
                names.append((name, item))
        return tuple(names)


class _Unreadable(str):
    """A scalar that YAML reads as a number or date but that cannot be one (already reported)."""


def describe(node: Node) -> str:
    """A node as a message names it, never longer than a line."""
    if isinstance(node, ScalarNode):
        return repr(short(node.value))
    return "a list" if isinstance(node, SequenceNode) else "a mapping"
