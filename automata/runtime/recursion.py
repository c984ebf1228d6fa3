"""Running deep recursion safely.

The recursive references recurse once per search level (10,000 levels for a 100x100 knight's
tour). CPython's default limit is 1,000 frames and the main thread's C stack is too small for
much more, so deep calls run in a worker thread whose stack is sized for them.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

_BYTES_PER_FRAME = 1024  # generous: a Python-to-Python call costs well under this in 3.11+
_MIN_STACK = 16 * 1024 * 1024
_HEADROOM = 200
DEEP_RECURSION_THREAD = "deep-recursion"  # the CLI's exit looks for it by this name


def deep_recursion_running() -> bool:
    """Whether a deep call is still running in its own thread (one left behind by a Ctrl-C)."""
    return any(thread.name == DEEP_RECURSION_THREAD and thread.is_alive() for thread in threading.enumerate())


def call_with_deep_stack(fn: Callable[..., T], *args: object, depth: int, **kwargs: object) -> T:
    """Call `fn(*args, **kwargs)` with room for `depth` nested Python calls; return its result or re-raise."""
    needed = depth + _HEADROOM
    if needed <= 900 and sys.getrecursionlimit() >= 1000:
        return fn(*args, **kwargs)
    outcome: dict[str, object] = {}

    def target() -> None:
        try:
            outcome["result"] = fn(*args, **kwargs)
        except BaseException as error:  # re-raised in the caller's thread
            outcome["error"] = error

    stack_size = max(_MIN_STACK, needed * _BYTES_PER_FRAME * 8)
    old_limit = sys.getrecursionlimit()
    old_stack = threading.stack_size()
    # The recursion limit is process-wide; raise it only for the duration of the call.
    sys.setrecursionlimit(max(old_limit, needed + old_limit))
    try:
        threading.stack_size(stack_size)
        worker = threading.Thread(target=target, name=DEEP_RECURSION_THREAD)
        worker.start()
    finally:
        threading.stack_size(old_stack)
    try:
        worker.join()
    finally:
        sys.setrecursionlimit(old_limit)
    if "error" in outcome:
        raise outcome["error"]  # type: ignore[misc]
    return outcome["result"]  # type: ignore[return-value]
