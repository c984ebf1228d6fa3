"""Text for the `queens` commands: placements in the three notations, stats, comparison tables."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from solvers.queens.board import board_text, prolog_notation

NOTATIONS = ("grid", "prolog", "list")
LARGEST_PRINTED_BOARD = 32  # larger boards are summarised: a grid of more columns is unreadable
LARGEST_PRINTED_LIST = 200  # rows listed in full up to this N


def list_notation(rows: Sequence[int]) -> str:
    """Rows by column, comma-separated: the same form `--placement` reads."""
    return ",".join(map(str, rows))


def summary_notation(rows: Sequence[int], shown: int = 5) -> str:
    """The first and last rows of a large placement, e.g. `2,4,6,8,10,...,999997,999999 (1000000 queens)`."""
    head = ",".join(map(str, rows[:shown]))
    tail = ",".join(map(str, rows[-shown:]))
    return f"{head},...,{tail} ({len(rows)} queens)"


def placement_text(rows: Sequence[int], notation: str) -> str:
    """One placement in `notation`; boards too large to print are summarised."""
    n = len(rows)
    if notation == "grid" and n <= LARGEST_PRINTED_BOARD:
        return board_text(rows)
    if n > LARGEST_PRINTED_LIST:
        return summary_notation(rows)
    if notation == "prolog":
        return prolog_notation(rows)
    return list_notation(rows)


def default_notation(shown: int) -> str:
    """A single solution is drawn; many are listed one per line."""
    return "grid" if shown <= 1 else "list"


def stats_line(stats: Mapping[str, int]) -> str:
    return ", ".join(f"{name.replace('_', ' ')} {value:,}" for name, value in stats.items())


def table(header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A plain text table: the first column left-aligned, the others right-aligned."""
    cells = [list(map(str, header))] + [[_cell(value) for value in row] for row in rows]
    widths = [max(len(line[i]) for line in cells) for i in range(len(header))]
    lines = []
    for line in cells:
        first, *rest = line
        lines.append("  ".join([first.ljust(widths[0])] + [value.rjust(width) for value, width in zip(rest, widths[1:])]))
    return "\n".join(lines)


def _cell(value: object) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.3f}"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value)
