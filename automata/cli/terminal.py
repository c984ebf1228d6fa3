"""What reaches the terminal: printable text only, whatever a spec, a file name or a user's
program put into it.

A spec's title, a state's name or an exception's message may hold control characters, and a
terminal obeys them: `\\x1b]0;...\\x07` retitles the window, `\\x1b]52;...` writes the clipboard,
`\\r` and cursor moves overwrite what was printed, bidirectional overrides reorder it. click
strips only CSI sequences, and only when the output is not a terminal. So while a command runs,
`sys.stdout` and `sys.stderr` are wrapped (`printable_output`): every character that is not
printable text is written as a visible escape `\\uXXXX` (automata/io/printable.py). That form is
also JSON's escape of the same character, so `--json` output stays exact JSON (json.dumps already
escapes the C0 controls; what it leaves raw becomes `\\u0085`, `\\u2028` and so on, the same string).

The framework's own control sequences (a progress line's `\\r`, the colours of `automata step`)
are written to `raw(stream)`, past the wrapper, around text escaped with `printable()`.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from typing import Any, TextIO

from ..io.printable import printable


class PrintableStream:
    """A text stream that writes `printable(text)` to the stream it wraps. It has no `buffer`,
    so that nothing (click looks for one) writes past it by mistake; `unfiltered` is the wrapped
    stream (automata.sweep's progress line finds it by that name)."""

    def __init__(self, stream: TextIO) -> None:
        self.unfiltered = stream

    def write(self, text: str) -> int:
        self.unfiltered.write(printable(text))
        return len(text)

    def writelines(self, lines: Any) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> Any:  # flush, isatty, fileno, encoding, errors, closed...
        if name == "buffer":
            raise AttributeError(name)
        return getattr(self.unfiltered, name)


def raw(stream: TextIO) -> TextIO:
    """The stream under the wrapper, for the framework's own control sequences."""
    return stream.unfiltered if isinstance(stream, PrintableStream) else stream


@contextlib.contextmanager
def printable_output() -> Iterator[None]:
    """While the command runs, only printable text reaches stdout and stderr."""
    saved = sys.stdout, sys.stderr
    installed = tuple(stream if stream is None or isinstance(stream, PrintableStream) else PrintableStream(stream)
                      for stream in saved)
    sys.stdout, sys.stderr = installed
    try:
        yield
    finally:
        # A stream the command replaced meanwhile (click wraps them after a closed pipe) stays.
        if sys.stdout is installed[0]:
            sys.stdout = saved[0]
        if sys.stderr is installed[1]:
            sys.stderr = saved[1]
