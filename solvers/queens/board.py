"""Placements of N queens: an O(N) checker, the square's symmetries, and plain-text views.

A placement is written the way the whole package writes it: `rows[c - 1]` is the row (1..N) of
the queen standing in column c (1..N). Two queens attack each other when they share a row or a
diagonal; columns are distinct by construction.

Diagonals are named by an invariant of their cells: on an *ascending* diagonal (going up to the
right, like a1-h8) `column - row` is constant; on a *descending* one (like a8-h1) `column + row` is.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from automata.errors import InputError

Line = Literal["row", "ascending diagonal", "descending diagonal"]
Placement = tuple[int, ...]

FILES = "abcdefghijklmnopqrstuvwxyz"


def cell_name(col: int, row: int, n: int) -> str:
    """Chess notation (`b4`) while files have letters, `(col 27, row 4)` on wider boards."""
    if n <= len(FILES):
        return f"{FILES[col - 1]}{row}"
    return f"(col {col}, row {row})"


@dataclass(frozen=True)
class Attack:
    """Two queens that attack each other: the earlier one (lower column) first."""

    n: int
    first: tuple[int, int]  # (column, row)
    second: tuple[int, int]
    line: Line

    def describe(self) -> str:
        (c1, r1), (c2, r2) = self.first, self.second
        where = {
            "row": f"row {r1}",
            "ascending diagonal": f"the ascending diagonal column - row = {c1 - r1}",
            "descending diagonal": f"the descending diagonal column + row = {c1 + r1}",
        }[self.line]
        return (
            f"the queens on {cell_name(c1, r1, self.n)} (column {c1}) and "
            f"{cell_name(c2, r2, self.n)} (column {c2}) attack each other along {where}"
        )


def validate(rows: Sequence[int], n: int | None = None) -> int:
    """Check the shape of a placement (length, every row inside 1..N); return N.

    Raises InputError naming the first offending column, since a malformed list is a user's typo,
    not an attack.
    """
    size = len(rows)
    if n is not None and size != n:
        raise InputError(f"a placement on a {n}x{n} board needs {n} rows, one per column; got {size}")
    if size == 0:
        raise InputError("a placement needs at least one queen (the board has at least one column)")
    for col, row in enumerate(rows, start=1):
        if isinstance(row, bool) or not isinstance(row, int) or not 1 <= row <= size:
            raise InputError(f"column {col}: row {row!r} is not a row number between 1 and {size}")
    return size


def check_placement(rows: Sequence[int], n: int | None = None) -> Attack | None:
    """Return None when no two queens attack each other, else the first attacking pair.

    One pass over the columns with three "occupied by column ..." arrays (rows, ascending and
    descending diagonals), so a million queens are checked in about a second. The pair reported is
    the one whose later queen has the lowest column; for that queen, a shared row is reported before
    a shared diagonal.
    """
    size = validate(rows, n)
    row_owner = [0] * (size + 1)
    ascending_owner = [0] * (2 * size + 1)  # index column - row + size
    descending_owner = [0] * (2 * size + 1)  # index column + row
    for col, row in enumerate(rows, start=1):
        ascending = col - row + size
        descending = col + row
        if row_owner[row] or ascending_owner[ascending] or descending_owner[descending]:
            owners: tuple[tuple[int, Line], ...] = (
                (row_owner[row], "row"),
                (ascending_owner[ascending], "ascending diagonal"),
                (descending_owner[descending], "descending diagonal"),
            )
            earlier, line = next(owner for owner in owners if owner[0])
            return Attack(size, (earlier, rows[earlier - 1]), (col, row), line)
        row_owner[row] = col
        ascending_owner[ascending] = col
        descending_owner[descending] = col
    return None


def is_solution(rows: Sequence[int]) -> bool:
    """True when `rows` is a well-formed placement with no attacking pair."""
    return check_placement(rows) is None


# --- the square's symmetry group (dihedral group of order 8) -----------------------------------

def _inverse(rows: Sequence[int]) -> Placement:
    """Reflection in the ascending main diagonal: the queen (c, r) goes to (r, c)."""
    image = [0] * len(rows)
    for col, row in enumerate(rows, start=1):
        image[row - 1] = col
    return tuple(image)


def _mirror_columns(rows: Sequence[int]) -> Placement:
    """Left-right reflection: column c goes to column N + 1 - c."""
    return tuple(reversed(rows))


def _mirror_rows(rows: Sequence[int]) -> Placement:
    """Top-bottom reflection: row r goes to row N + 1 - r."""
    size = len(rows)
    return tuple(size + 1 - row for row in rows)


SYMMETRY_NAMES = (
    "identity",
    "quarter turn clockwise",
    "half turn",
    "quarter turn counterclockwise",
    "left-right mirror",
    "top-bottom mirror",
    "mirror in the ascending diagonal",
    "mirror in the descending diagonal",
)


def symmetries(rows: Sequence[int]) -> tuple[Placement, ...]:
    """The 8 images of a placement, in the order of SYMMETRY_NAMES (images may coincide).

    Every element of the group is a composition of the three reflections above, so each image
    costs O(N).
    """
    identity = tuple(rows)
    transposed = _inverse(identity)
    return (
        identity,
        _mirror_rows(transposed),                    # (c, r) -> (r, N+1-c)
        _mirror_rows(_mirror_columns(identity)),     # (c, r) -> (N+1-c, N+1-r)
        _mirror_columns(transposed),                 # (c, r) -> (N+1-r, c)
        _mirror_columns(identity),
        _mirror_rows(identity),
        transposed,
        _mirror_rows(_mirror_columns(transposed)),   # (c, r) -> (N+1-r, N+1-c)
    )


def canonical(rows: Sequence[int]) -> Placement:
    """The lexicographically smallest of the 8 images: one name for a whole symmetry class."""
    return min(symmetries(rows))


def middle_row(n: int) -> int:
    """The row the symmetric search fills first: the seed's row IV on 8x8, the centre row on odd boards."""
    return (n + 1) // 2


def half_board_representative(rows: Sequence[int]) -> Placement:
    """The one image of a class the symmetric mrv search keeps: the smallest of the images whose
    queen in the middle row stands in the left half of the board (the middle column included).

    Every class has such an image, since the left-right mirror keeps the middle row and moves its
    queen across the axis; the search, which puts that queen in the left half only, meets it.
    """
    middle = middle_row(len(rows))
    return min(image for image in symmetries(rows) if image.index(middle) < middle)


def orbit_size(rows: Sequence[int]) -> int:
    """How many distinct placements the symmetries make of this one (1, 2, 4 or 8)."""
    return len(set(symmetries(rows)))


def fundamental(solutions: Iterable[Sequence[int]]) -> list[tuple[Placement, int]]:
    """Group solutions into symmetry classes: (canonical representative, orbit size) per class.

    Classes are listed in the order their first member appears in `solutions`. For N = 8 the 92
    solutions make 12 classes: 11 of size 8 and one (the centrally symmetric one) of size 4.
    """
    classes: dict[Placement, int] = {}
    for rows in solutions:
        representative = canonical(rows)
        if representative not in classes:
            classes[representative] = orbit_size(representative)
    return list(classes.items())


# --- plain-text views -------------------------------------------------------------------------

def _file_label(col: int, n: int) -> str:
    return FILES[col - 1] if n <= len(FILES) else str(col)


def board_text(rows: Sequence[int], queen: str = "Q", empty: str = ".") -> str:
    """The board as text, row N at the top like a chess diagram, ranks left, files below."""
    size = validate(rows)
    rank_width = len(str(size))
    cell_width = max(len(_file_label(col, size)) for col in range(1, size + 1))
    lines = []
    for row in range(size, 0, -1):
        cells = (queen if rows[col - 1] == row else empty for col in range(1, size + 1))
        lines.append(f"{row:>{rank_width}} " + " ".join(cell.rjust(cell_width) for cell in cells))
    files = " ".join(_file_label(col, size).rjust(cell_width) for col in range(1, size + 1))
    lines.append(" " * (rank_width + 1) + files)
    return "\n".join(lines)


def prolog_notation(rows: Sequence[int]) -> str:
    """The placement as the Prolog program prints it: `[1/4,2/2,3/7,...]` (column/row)."""
    return "[" + ",".join(f"{col}/{row}" for col, row in enumerate(rows, start=1)) + "]"


def chess_notation(rows: Sequence[int]) -> str:
    """The placement as a list of squares, `a4, b1, c5, ...` (files need letters: N <= 26)."""
    size = validate(rows)
    return ", ".join(cell_name(col, row, size) for col, row in enumerate(rows, start=1))
