"""Watching a plain implementation through its context: which questions it asks, which actions it
takes, and a budget on how many it may make.

A plain implementation drives the same context object as the automaton, so its calls of the
methods the spec's inputs and outputs name can be shown in the protocol's own line format
(`i x1: ... - YES`, `* z2: ...`): a student can then diff the protocol of the loop with the
automaton's. The methods are wrapped on the context instance itself (an instance attribute
shadows the class's method), so calls from the implementation and from the context's own code
are seen alike, and nothing changes for any other object of the class.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from typing import IO, Any

from ..errors import InputError, RunError
from ..io.loader import load_system
from ..model.spec import Spec
from .trace import PROTOCOL_KINDS


class CallBudgetExceeded(RunError):
    """A plain implementation made more calls of the spec's methods than its budget allows."""


def wrap_methods(context: object, spec: Spec, before: Callable[[str, str], None] | None = None,
                 after: Callable[[str, str, Any], None] | None = None) -> None:
    """Wrap every method the spec's inputs and outputs call on `context`: `before(kind, name)` runs
    before the call and `after(kind, name, value)` after it, with kind "input" or "output" and name
    the spec's name for it (x1, z2; the first declared when several share a method)."""
    if not hasattr(context, "__dict__"):
        raise InputError(f"{type(context).__name__} keeps no instance dictionary (__slots__), so its calls cannot be "
                         "watched; drop __slots__ to get a plain implementation's protocol or budget")
    named: dict[str, tuple[str, str]] = {}
    for kind, name, decl in declared_methods(spec):
        if decl.call:
            named.setdefault(decl.call, (kind, name))
    # Only calls from outside are seen: a method the context calls from inside another one (a
    # question asking another question) is the context's own business, as it is for the automaton.
    depth = [0]
    for method_name, (kind, name) in named.items():
        method = getattr(context, method_name, None)
        if method is None:
            continue  # the automaton's binding check reports it when the automaton runs
        setattr(context, method_name, _wrapped(method, kind, name, before, after, depth))


def declared_methods(spec: Spec) -> list[tuple[str, str, Any]]:
    """(kind, name, declaration) of every input and output whose method a plain implementation may
    call; for a system of automata, those of every automaton, named `A1.x2` (docs/systems.md)."""
    if not spec.is_system:
        return [(kind, name, decl) for kind, declarations in (("input", spec.inputs), ("output", spec.outputs))
                for name, decl in declarations.items()]
    return [(kind, f"{other.automaton}.{name}", decl) for other in load_system(spec).specs.values()
            for kind, declarations in (("input", other.inputs), ("output", other.outputs))
            for name, decl in declarations.items()]


def _wrapped(method: Callable[[], Any], kind: str, name: str, before: Callable[[str, str], None] | None,
             after: Callable[[str, str, Any], None] | None, depth: list[int]) -> Callable[..., Any]:
    @functools.wraps(method)
    def call(*args: Any, **kwargs: Any) -> Any:
        if depth[0]:
            return method(*args, **kwargs)
        if before is not None:
            before(kind, name)
        depth[0] += 1
        try:
            value = method(*args, **kwargs)
        finally:
            depth[0] -= 1
        if after is not None:
            after(kind, name, value)
        return value

    return call


class PlainProtocol:
    """The protocol of a plain implementation: its questions and actions, one line each, in the
    automaton protocol's format; `start` and `finish` lines name the implementation."""

    def __init__(self, spec: Spec, implementation: str, stream: IO[str] | None = None,
                 kinds: frozenset[str] = PROTOCOL_KINDS) -> None:
        self.spec = spec
        self.implementation = implementation
        self.stream = stream if stream is not None else sys.stdout
        self.kinds = kinds
        self._docs = {name: decl.doc for _, name, decl in declared_methods(spec)}

    def attach(self, context: object) -> None:
        if "start" in self.kinds:
            self.stream.write(f"{{ {self.implementation}: started\n")
        wrap_methods(context, self.spec, after=self._line)

    def _line(self, kind: str, name: str, value: Any) -> None:
        if kind == "input" and "input" in self.kinds:
            self.stream.write(f"i {name}: {self._docs[name]} - {'YES' if value else 'NO'}\n")
        elif kind == "output" and "output" in self.kinds:
            self.stream.write(f"* {name}: {self._docs[name]}\n")

    def finished(self) -> None:
        if "finish" in self.kinds:
            self.stream.write(f"}} {self.implementation}: finished\n")
        self.stream.flush()


class CallBudget:
    """Stops a plain implementation after `limit` calls of the spec's methods: a loop that never
    ends is reported as a failure instead of hanging the verification."""

    def __init__(self, spec: Spec, limit: int, implementation: str) -> None:
        self.spec = spec
        self.limit = limit
        self.implementation = implementation
        self.calls = 0

    def attach(self, context: object) -> None:
        if hasattr(context, "__dict__"):  # a context with __slots__ cannot be watched: it runs unbudgeted
            wrap_methods(context, self.spec, before=self._count)

    def _count(self, kind: str, name: str) -> None:
        self.calls += 1
        if self.calls > self.limit:
            raise CallBudgetExceeded(f"{self.implementation} made more than {self.limit:,} calls of the spec's "
                                     "questions and actions (its budget, from the reference's own run): it does not stop")
