"""Text for the MRV text's options on the command line: line degrees, and the classes the
symmetric search finds expanded to their orbits."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from solvers.queens.board import FILES, symmetries

ROMAN = (("M", 1000), ("CM", 900), ("D", 500), ("CD", 400), ("C", 100), ("XC", 90), ("L", 50), ("XL", 40),
         ("X", 10), ("IX", 9), ("V", 5), ("IV", 4), ("I", 1))


def roman(number: int) -> str:
    """The row as the MRV text numbers it: 4 is IV."""
    digits = []
    for letters, value in ROMAN:
        count, number = divmod(number, value)
        digits.append(letters * count)
    return "".join(digits)


def column_label(col: int, n: int) -> str:
    return FILES[col - 1] if n <= len(FILES) else str(col)


def degrees_document(n: int, plain: tuple[Mapping[int, int], Mapping[int, int]],
                     looked_ahead: tuple[Mapping[int, int], Mapping[int, int]] | None) -> dict[str, Any]:
    """The free cells of every open line, as JSON: {"rows": {"1": 4, ...}, "columns": {"1": 3, ...}},
    and the same counts under look-ahead when it is on."""
    def counts(lines: tuple[Mapping[int, int], Mapping[int, int]]) -> dict[str, dict[str, int]]:
        columns, rows = lines
        return {"rows": {str(row): free for row, free in rows.items()},
                "columns": {str(col): free for col, free in columns.items()}}

    return {**counts(plain), "look_ahead": None if looked_ahead is None else counts(looked_ahead)}


def degrees_lines(n: int, document: Mapping[str, Any]) -> list[str]:
    """`free cells by row: 1 (I) 4, 2 (II) 3, ...` and `... by column: a 3, ...`, then the same under look-ahead."""
    def lines(counts: Mapping[str, Mapping[str, int]], what: str) -> list[str]:
        rows = ", ".join(f"{row} ({roman(int(row))}) {free}" for row, free in counts["rows"].items())
        columns = ", ".join(f"{column_label(int(col), n)} {free}" for col, free in counts["columns"].items())
        return [f"{what} by row:    {rows or '-'}", f"{what} by column: {columns or '-'}"]

    text = lines(document, "free cells")
    if document["look_ahead"] is not None:
        text += lines(document["look_ahead"], "free cells passing the look-ahead")
    return text


def orbits_document(fundamental: Sequence[tuple[int, ...]]) -> dict[str, Any]:
    """The classes found by the symmetric search, each with its orbit size, and every solution
    they stand for (their images, sorted)."""
    images = sorted({image for rows in fundamental for image in symmetries(rows)})
    return {
        "classes": [{"solution": list(rows), "orbit": len(set(symmetries(rows)))} for rows in fundamental],
        "expanded": len(images),
        "expanded_solutions": [list(rows) for rows in images],
    }


def orbits_line(document: Mapping[str, Any]) -> str:
    sizes: dict[int, int] = {}
    for item in document["classes"]:
        sizes[item["orbit"]] = sizes.get(item["orbit"], 0) + 1
    parts = ", ".join(f"{count} with {orbit} image{'s' if orbit > 1 else ''}" for orbit, count in sorted(sizes.items(), reverse=True))
    total = document["expanded"]
    return f"expanded to their orbits: {total:,} solution{'s' if total != 1 else ''}" + (f" ({parts})" if parts else "")
