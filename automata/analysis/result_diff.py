"""Where two results first differ: the element of a list, the key of a dict, the field of a
dataclass. A verification that finds the same events but different results then points at the one
element that differs, as an event divergence points at one event, instead of printing both
results whole (a list of thirty tuples is unreadable twice).
"""

from __future__ import annotations

import dataclasses
from typing import Any

MAX_DEPTH = 50  # deeper results are compared whole at that depth


def first_difference(left: Any, right: Any) -> tuple[str, str, str]:
    """(path, left there, right there): the first place where `left` and `right` differ, as a
    Python accessor (`[3]`, `['moves'][0]`, `.path[2]`; "" for the whole values), with each side's
    value there as text. Call it on values that differ."""
    path = ""
    for _ in range(MAX_DEPTH):
        step = _step(left, right)
        if step is None:
            break
        accessor, left, right = step
        path += accessor
        if isinstance(left, _Missing) or isinstance(right, _Missing):
            return path, _text(left), _text(right)
    return path, _text(left), _text(right)


class _Missing:
    """No element there: one side is shorter, or lacks the key."""

    def __init__(self, what: str) -> None:
        self.what = what


def _text(value: Any) -> str:
    if isinstance(value, _Missing):
        return value.what
    text = repr(value)
    return text if len(text) <= 300 else text[:299] + "…"


def _step(left: Any, right: Any) -> tuple[str, Any, Any] | None:
    """One level down towards the difference, or None when the values differ as wholes."""
    if type(left) is not type(right):
        return None
    if isinstance(left, (list, tuple)):
        for index, (a, b) in enumerate(zip(left, right)):
            if a != b:
                return f"[{index}]", a, b
        if len(left) == len(right):
            return None
        index = min(len(left), len(right))
        missing = _Missing(f"(nothing: {type(left).__name__} of {index:,} items)")
        return (f"[{index}]", left[index], missing) if len(left) > index else (f"[{index}]", missing, right[index])
    if isinstance(left, dict):
        for key in (*left, *(key for key in right if key not in left)):
            if key not in right:
                return f"[{key!r}]", left[key], _Missing("(no such key)")
            if key not in left:
                return f"[{key!r}]", _Missing("(no such key)"), right[key]
            if left[key] != right[key]:
                return f"[{key!r}]", left[key], right[key]
        return None
    if dataclasses.is_dataclass(left) and not isinstance(left, type):
        for field in dataclasses.fields(left):
            a, b = getattr(left, field.name), getattr(right, field.name)
            if a != b:
                return f".{field.name}", a, b
        return None
    return None
