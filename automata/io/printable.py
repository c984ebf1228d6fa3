"""Printable text: what is left of a text once every character a terminal, graphviz or a browser
would not simply show is written as a visible escape.

Spec text that `check` accepts (a title, a state's name, a description) may hold control
characters: a terminal obeys them (`\\x1b]0;...\\x07` retitles its window, `\\x1b]52;...` writes the
clipboard, `\\r` overwrites a line), graphviz refuses them in a label ("not well-formed"), XML
forbids most of them, and Mermaid and JavaScript end a line at `\\r` or U+2028. `printable` keeps
printable text of every script, its spaces, the newline and the tab, and writes everything else —
C0 and C1 controls, DEL, Unicode format characters (bidirectional overrides, zero-width
characters), line and paragraph separators, surrogates, private-use and unassigned code points — as
`\\uXXXX`, which is also JSON's escape of the same character (a surrogate pair beyond U+FFFF).
"""

from __future__ import annotations

import re
import unicodedata

# Everything but printable ASCII, the newline and the tab: the candidates, looked at one by one.
_SUSPECT = re.compile(r"[^\x20-\x7e\n\t]")


def _escaped(match: re.Match[str]) -> str:
    char = match.group()
    if char > "\x9f" and (char.isprintable() or unicodedata.category(char) == "Zs"):
        return char  # printable text of any script, and its spaces
    code = ord(char)
    if code > 0xFFFF:  # as JSON writes it: a surrogate pair
        code -= 0x10000
        return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
    return f"\\u{code:04x}"


def printable(text: str) -> str:
    """`text` with every character that is not printable text written as a visible `\\uXXXX`."""
    if text.isascii() and text.isprintable():
        return text
    return _SUSPECT.sub(_escaped, text)


def one_line(text: str) -> str:
    """`printable(text)` on one line: its newlines, tabs and runs of spaces become one space."""
    return " ".join(printable(text).split())
