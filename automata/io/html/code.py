"""Python and YAML source shown on a page: escaped, with comments, strings and keywords marked."""

from __future__ import annotations

import io
import keyword
import tokenize

from .page import esc


def _span(kind: str, text: str) -> str:
    return f'<span class="{kind}">{esc(text)}</span>' if kind else esc(text)


def highlight_python(source: str) -> str:
    """The source as HTML for a <pre>: every character escaped, tokens wrapped by kind."""
    lines = source.splitlines(keepends=True)
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line))
    out: list[str] = []
    position = 0
    try:
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            start = offsets[token.start[0] - 1] + token.start[1] if token.start[0] <= len(lines) else len(source)
            end = offsets[token.end[0] - 1] + token.end[1] if token.end[0] <= len(lines) else len(source)
            if start < position:
                continue
            out.append(esc(source[position:start]))
            text = source[start:end]
            kind = ""
            if token.type == tokenize.COMMENT:
                kind = "comment"
            elif token.type == tokenize.STRING:
                kind = "string"
            elif token.type == tokenize.NAME and keyword.iskeyword(token.string):
                kind = "keyword"
            elif token.type == tokenize.NUMBER:
                kind = "number"
            out.append(_span(kind, text))
            position = end
    except (tokenize.TokenError, IndentationError):
        pass  # show the rest plainly
    out.append(esc(source[position:]))
    return "".join(out)


def highlight_yaml(text: str) -> str:
    """YAML with its comments marked (enough for reading a spec)."""
    out = []
    for line in text.splitlines(keepends=True):
        stripped = line.lstrip()
        out.append(_span("comment", line) if stripped.startswith("#") else esc(line))
    return "".join(out)
