"""The article's figures for its boards, and how a table of this project compares with each.

The article (REFERENCE.md §1; the seed knight-tour-automaton.ro.txt) reports its experiments as
sentences, one per board and optimization set. `FIGURES` holds each as data, with a check that
reads a table document (tables.py, docs/tables/) and says what the table shows in the article's
terms and whether that is what the article says. `tables.render` puts the comparison at the top
of docs/tables/README.md, so the page says plainly which figures differ and by how much.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Document = dict[str, Any]


@dataclass(frozen=True)
class Figure:
    board: tuple[int, int]
    set: str
    article: str  # what the article says, in short
    check: Callable[[Document], tuple[str, bool]]  # (what the table shows, the same as the article?)


def _cell(cell: list[int] | tuple[int, int]) -> str:
    return f"({cell[0]},{cell[1]})"


def _needing(document: Document) -> dict[tuple[int, int], int]:
    return {tuple(item["start"]): item["returns"] for item in document["summary"]["with_returns"]}


def _searched(document: Document) -> int:
    s = document["summary"]
    return s["cells"] - s["impossible"]


def _fewest_at_5_5(document: Document) -> tuple[str, bool]:
    s = document["summary"]
    needing = _needing(document)
    limit = f"{document['max_returns']:,}"
    if not needing:
        return f"every one of the {s['gave_up']} cells gives up at MAX_RET {limit}", False
    fewest = min(needing.values())
    cells = ", ".join(_cell(c) for c, n in needing.items() if n == fewest)
    same = s["gave_up"] > _searched(document) / 2 and fewest == 2502 and cells == "(5,5)"
    return f"{s['gave_up']} cells give up at MAX_RET {limit}; the fewest returns, {fewest:,}, at {cells}", same


def _only(expected: dict[tuple[int, int], int]) -> Callable[[Document], tuple[str, bool]]:
    def check(document: Document) -> tuple[str, bool]:
        needing = _needing(document)
        s = document["summary"]
        others = s["gave_up"] + s["exhausted"]
        text = ", ".join(f"{_cell(c)} {n:,}" for c, n in sorted(needing.items())) or "none"
        text = f"cells needing returns: {text}" + (f"; {others:,} cells not toured" if others else "")
        if needing != expected and set(needing) == set(expected):
            text += "; the article: " + ", ".join(f"{n:,} at {_cell(c)}" for c, n in sorted(expected.items())
                                                  if needing[c] != n)
        return text, needing == expected and not others
    return check


def _all_zero(second_at: tuple[int, int] | None = None) -> Callable[[Document], tuple[str, bool]]:
    def check(document: Document) -> tuple[str, bool]:
        s = document["summary"]
        searched = _searched(document)
        text = f"{s['zero_returns']:,} of {searched:,} cells toured without a return"
        same = s["zero_returns"] == searched
        if second_at is not None:
            restarts = document["restarts"][second_at[0] - 1][second_at[1] - 1]
            text += f"; {_cell(second_at)} by order {restarts + 1}"
            same = same and restarts == 1
        return text, same
    return check


def _most_zero(document: Document) -> tuple[str, bool]:
    s = document["summary"]
    searched = _searched(document)
    share = s["zero_returns"] / searched
    text = (f"{s['zero_returns']:,} of {searched:,} cells ({share:.1%}) without a return, {len(s['with_returns']):,} "
            f"with returns, {s['gave_up']:,} give up at MAX_RET")
    return text, share > 0.5


def _all_zero_but(expected: tuple[tuple[int, int], ...]) -> Callable[[Document], tuple[str, bool]]:
    def check(document: Document) -> tuple[str, bool]:
        s = document["summary"]
        rows = document["returns"]
        other = [(r, c) for r, line in enumerate(document["outcomes"], 1) for c, code in enumerate(line, 1)
                 if code != "x" and (code != "T" or rows[r - 1][c - 1])]
        text = f"{s['zero_returns']:,} of {_searched(document):,} without a return; the others: " + (
            ", ".join(_cell(c) for c in other) or "none")
        return text, tuple(other) == expected
    return check


FIGURES: tuple[Figure, ...] = (
    Figure((8, 8), "1+2", "most cells over MAX_RET; the fewest returns, 2,502, at (5,5)", _fewest_at_5_5),
    Figure((8, 8), "1+3", "no return but at (4,1) 9 and (6,4) 79", _only({(4, 1): 9, (6, 4): 79})),
    Figure((8, 8), "1-3", "no return but at (6,4) 3", _only({(6, 4): 3})),
    Figure((8, 8), "1-4", "no return anywhere; (6,4) by the second order", _all_zero((6, 4))),
    Figure((9, 9), "1-3", "no return from any cell with a tour", _all_zero()),
    Figure((9, 9), "1-4", "no return from any cell with a tour", _all_zero()),
    Figure((50, 50), "1-3", "most cells without a return", _most_zero),
    Figure((50, 50), "1-4", "no return anywhere", _all_zero()),
    Figure((77, 77), "1-3", "most cells without a return", _most_zero),
    Figure((77, 77), "1-4", "no return from any cell with a tour", _all_zero()),
    Figure((100, 100), "1-3", "most cells without a return", _most_zero),
    Figure((100, 100), "1-4", "no return but at (94,24) and (94,79)", _all_zero_but(((94, 24), (94, 79)))),
)


def comparison(documents: list[Document]) -> list[str]:
    """Markdown lines: one row per figure of the article whose table is among ``documents`` (the
    project's reading only: a table made with other --rules is compared by its own section)."""
    found = {(tuple(d["board"]), d["set"]): d for d in documents if d.get("rules", "project") == "project"}
    rows = []
    for figure in FIGURES:
        document = found.get((figure.board, figure.set))
        if document is None:
            continue
        text, same = figure.check(document)
        rows.append(f"| {figure.board[0]}×{figure.board[1]} | {figure.set} | {figure.article} | {text} | "
                    f"{'same' if same else '**differs**'} |")
    if not rows:
        return []
    differ = sum("**differs**" in row for row in rows)
    return ["## Against the article", "",
            f"The article's figures for these boards, next to the tables below: {differ} of {len(rows)} differ. "
            "Its move orders are not printed; no reading of its rules and no first move order gives all its 8×8 "
            "figures ([docs/knight-article.md](../knight-article.md)).", "",
            "| board | set | the article | these tables | |", "|---|---|---|---|---|", *rows, ""]
