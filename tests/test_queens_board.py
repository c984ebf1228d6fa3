"""The O(N) checker, the square's symmetries and the text/SVG views of a placement."""

from __future__ import annotations

import itertools
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import strategies as st

from automata.errors import InputError
from solvers.queens.board import (
    SYMMETRY_NAMES,
    board_text,
    canonical,
    check_placement,
    chess_notation,
    fundamental,
    orbit_size,
    prolog_notation,
    symmetries,
)
from solvers.queens.svg import board_svg

# OEIS A000170 and A002562 for N = 1..10
TOTALS = (1, 0, 0, 2, 10, 4, 40, 92, 352, 724)
FUNDAMENTALS = (1, 0, 0, 1, 2, 1, 6, 12, 46, 92)


def all_solutions(n: int) -> list[tuple[int, ...]]:
    """A deliberately plain enumeration, independent of every solver in the package."""
    found: list[tuple[int, ...]] = []

    def extend(rows: tuple[int, ...]) -> None:
        col = len(rows) + 1
        if col > n:
            found.append(rows)
            return
        for row in range(1, n + 1):
            if all(row != r and abs(row - r) != col - c for c, r in enumerate(rows, start=1)):
                extend(rows + (row,))

    extend(())
    return found


def attacks_pairwise(rows: tuple[int, ...]) -> bool:
    """The definition, in O(N²): some pair shares a row or a diagonal."""
    return any(
        r1 == r2 or abs(r1 - r2) == c2 - c1
        for (c1, r1), (c2, r2) in itertools.combinations(enumerate(rows, start=1), 2)
    )


# --- the checker ---------------------------------------------------------------------------------

@pytest.mark.parametrize("rows", [(1, 5, 8, 6, 3, 7, 2, 4), (2, 4, 6, 8, 3, 1, 7, 5), (2, 4, 1, 3), (1,)])
def test_checker_accepts_solutions(rows):
    assert check_placement(rows) is None
    assert check_placement(rows, n=len(rows)) is None


def test_the_documents_worked_example_for_n8_is_not_a_solution():
    # The seed document prints 2,4,6,8,1,3,5,7 as the rule's answer for N = 8 and calls it valid;
    # it forgot the r = 8 pair swap, and b4 / e1 share a descending diagonal.
    attack = check_placement((2, 4, 6, 8, 1, 3, 5, 7))
    assert attack is not None
    assert (attack.first, attack.second, attack.line) == ((2, 4), (5, 1), "descending diagonal")
    assert "b4" in attack.describe() and "e1" in attack.describe()


@pytest.mark.parametrize(
    "rows, first, second, line",
    [
        ((1, 3, 1, 2), (1, 1), (3, 1), "row"),
        ((3, 1, 4, 2, 5, 5), (5, 5), (6, 5), "row"),
        ((1, 3, 5, 2, 4), None, None, None),
        ((2, 4, 1, 3, 5, 1), (3, 1), (6, 1), "row"),
        ((1, 2), (1, 1), (2, 2), "ascending diagonal"),
        ((4, 1, 3, 2), (3, 3), (4, 2), "descending diagonal"),
    ],
)
def test_checker_names_the_first_attacking_pair(rows, first, second, line):
    attack = check_placement(rows)
    if first is None:
        assert attack is None
    else:
        assert (attack.first, attack.second, attack.line) == (first, second, line)
        assert line.split()[0] in attack.describe()


def test_checker_on_wide_boards_names_columns_without_letters():
    rows = tuple(range(1, 31))
    attack = check_placement(rows)
    assert attack.line == "ascending diagonal"
    assert "(col 1, row 1)" in attack.describe()


@pytest.mark.parametrize(
    "rows, n, fragment",
    [
        ((1, 2, 9), None, "column 3"),
        ((0, 1), None, "column 1"),
        ((1, 3, 5, 2), 5, "needs 5 rows"),
        ((), None, "at least one"),
        ((1, "2"), None, "column 2"),
    ],
)
def test_checker_rejects_malformed_placements(rows, n, fragment):
    with pytest.raises(InputError, match=fragment):
        check_placement(rows, n=n)


@given(st.lists(st.integers(min_value=1, max_value=7), min_size=1, max_size=7))
def test_checker_agrees_with_the_pairwise_definition(rows):
    rows = tuple(min(row, len(rows)) for row in rows)
    attack = check_placement(rows)
    assert (attack is not None) == attacks_pairwise(rows)
    if attack is not None:
        (c1, r1), (c2, r2) = attack.first, attack.second
        assert rows[c1 - 1] == r1 and rows[c2 - 1] == r2 and c1 < c2
        invariant = {"row": lambda c, r: r, "ascending diagonal": lambda c, r: c - r, "descending diagonal": lambda c, r: c + r}
        assert invariant[attack.line](c1, r1) == invariant[attack.line](c2, r2)
        assert not attacks_pairwise(rows[: c2 - 1])  # the pair whose later queen comes first


# --- symmetries --------------------------------------------------------------------------------

def test_symmetries_of_one_placement_are_the_eight_images():
    images = symmetries((1, 5, 8, 6, 3, 7, 2, 4))
    assert len(images) == len(SYMMETRY_NAMES) == 8
    assert images[0] == (1, 5, 8, 6, 3, 7, 2, 4)
    assert images[1] == (8, 2, 4, 1, 7, 5, 3, 6)  # a1 goes to a8 under a clockwise quarter turn
    assert images[4] == (4, 2, 7, 3, 6, 8, 5, 1)  # left-right mirror
    assert images[6] == (1, 7, 5, 8, 2, 4, 6, 3)  # transpose: inverse permutation
    assert len(set(images)) == 8


def test_symmetries_form_a_group_acting_on_the_92_solutions():
    solutions = set(all_solutions(8))
    for rows in solutions:
        images = symmetries(rows)
        assert set(images) <= solutions
        for image in images:  # closure: the images of an image are the same orbit
            assert set(symmetries(image)) == set(images)
            assert canonical(image) == canonical(rows)
        assert 8 % orbit_size(rows) == 0


@pytest.mark.parametrize("n", range(1, 11))
def test_fundamental_counts(n):
    solutions = all_solutions(n)
    assert len(solutions) == TOTALS[n - 1]
    classes = fundamental(solutions)
    assert len(classes) == FUNDAMENTALS[n - 1]
    assert sum(size for _, size in classes) == len(solutions)
    assert all(rep == canonical(rep) for rep, _ in classes)


def test_eight_queens_have_eleven_simple_classes_and_one_symmetric():
    sizes = sorted(size for _, size in fundamental(all_solutions(8)))
    assert sizes == [4] + [8] * 11


def test_the_documents_fundamental_list_is_right():
    # Placements 3-12 of the document's basic set (1 and 2 are only pictured there).
    listed = [
        "a4 b1 c5 d8 e6 f3 g7 h2", "a4 b2 c5 d8 e6 f1 g3 h7", "a4 b2 c7 d3 e6 f8 g1 h5",
        "a4 b2 c7 d3 e6 f8 g5 h1", "a3 b5 c2 d8 e6 f4 g7 h1", "a4 b1 c5 d8 e2 f7 g3 h6",
        "a4 b7 c3 d8 e2 f5 g1 h6", "a6 b4 c2 d8 e5 f7 g1 h3", "a4 b8 c1 d5 e7 f2 g6 h3",
        "a4 b2 c7 d5 e1 f8 g6 h3",
    ]
    placements = [tuple(int(square[1]) for square in text.split()) for text in listed]
    assert all(check_placement(rows) is None for rows in placements)
    assert len({canonical(rows) for rows in placements}) == 10
    assert chess_notation(placements[0]) == "a4, b1, c5, d8, e6, f3, g7, h2"


# --- views -------------------------------------------------------------------------------------

def test_board_text_and_prolog_notation():
    assert board_text((2, 4, 1, 3)) == "\n".join(
        [
            "4 . Q . .",
            "3 . . . Q",
            "2 Q . . .",
            "1 . . Q .",
            "  a b c d",
        ]
    )
    assert prolog_notation((1, 5, 8, 6, 3, 7, 2, 4)) == "[1/1,2/5,3/8,4/6,5/3,6/7,7/2,8/4]"


def test_board_svg_draws_every_cell_queen_and_label():
    svg = board_svg((2, 4, 6, 8, 3, 1, 7, 5), title="N = 8 <explicit>")
    root = ET.fromstring(svg)
    namespace = "{http://www.w3.org/2000/svg}"
    rects = root.findall(f"{namespace}rect")
    texts = root.findall(f"{namespace}text")
    assert len(rects) == 1 + 64 + 1  # background, cells, frame
    queens = [text for text in texts if text.text == "\u265b"]
    assert [text.find(f"{namespace}title").text for text in queens] == ["a2", "b4", "c6", "d8", "e3", "f1", "g7", "h5"]
    labels = {text.text for text in texts}
    assert set("abcdefgh") <= labels and {str(rank) for rank in range(1, 9)} <= labels
    assert "N = 8 <explicit>" in labels  # escaped in the file, intact once parsed


def test_board_svg_colours_a1_dark():
    root = ET.fromstring(board_svg((1,)))
    cell = root.findall("{http://www.w3.org/2000/svg}rect")[1]
    assert cell.get("fill") == "#b58863"
