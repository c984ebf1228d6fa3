"""The explicit call stack of an automaton derived from a recursive function.

An automaton cannot call itself, so `automata derive` turns recursion into a stack of return points:

- a self-call `f(ctx)` becomes the output `push_return_point_K` (K numbers the self-calls of the
  function in source order) followed by a jump to the function's first control point;
- a `return` (or the end of the function) asks the input `is_call_stack_empty`: when it holds, the
  run ends in a final state; otherwise, with several self-calls, the inputs
  `top_is_return_point_K` tell which one is on top, and the output `pop_return_point` removes it
  before control goes on after that self-call.

Like every input and output these are methods of the context, so a context derived from a
recursive function inherits them from this mixin:

    class MazeContext(CallStack):
        ...

The stack holds return-point numbers and nothing else: the subset has no local variables, so a
level of the recursion has nothing else to remember (its data live in the model, as in the
plain recursive function).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

MAX_CALL_SITES = 8
STACK_EMPTY = "is_call_stack_empty"


def push_name(site: int) -> str:
    return f"push_return_point_{site}"


def pop_name() -> str:
    return "pop_return_point"


def top_is_name(site: int) -> str:
    return f"top_is_return_point_{site}"


def stack_docs(return_lines: Sequence[int]) -> dict[str, str]:
    """The docs derive writes for the stack's inputs and outputs; `return_lines[K-1]` is the line
    of self-call K."""
    docs = {
        pop_name(): "return from a self-call: take its return point off the call stack",
        STACK_EMPTY: "no self-call is pending (the call stack is empty)?",
    }
    for site, line in enumerate(return_lines, start=1):
        docs[push_name(site)] = f"call the function again: remember to go on after line {line} (push)"
        docs[top_is_name(site)] = f"the pending self-call is the one on line {line}?"
    return docs


class CallStack:
    """Mixin for a context: the call stack of an automaton derived from a recursive function."""

    def is_call_stack_empty(self) -> bool:
        return not self._return_points()

    def pop_return_point(self) -> None:
        self._return_points().pop()

    def _return_points(self) -> list[int]:
        # Kept in the instance's dict so that the mixin needs no __init__ of its own.
        return vars(self).setdefault("_derived_call_stack", [])


def _push(site: int) -> Callable[[CallStack], None]:
    def push(self: CallStack) -> None:
        self._return_points().append(site)

    push.__name__ = push.__qualname__ = push_name(site)
    push.__doc__ = f"Remember return point {site} (push)."
    return push


def _top_is(site: int) -> Callable[[CallStack], bool]:
    def top_is(self: CallStack) -> bool:
        points = self._return_points()
        return bool(points) and points[-1] == site

    top_is.__name__ = top_is.__qualname__ = top_is_name(site)
    top_is.__doc__ = f"Is return point {site} on top of the call stack?"
    return top_is


for _site in range(1, MAX_CALL_SITES + 1):
    setattr(CallStack, push_name(_site), _push(_site))
    setattr(CallStack, top_is_name(_site), _top_is(_site))
