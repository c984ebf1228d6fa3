"""The readings of the article's rules (`--rules`), and the C evaluator that sweeps them.

The evaluator (research/knight_orders/rules_eval.c, built by gcc at run time) must make the
model's choices under every reading; the board's symmetries must map searches onto searches (the
rules search evaluates one order per class of eight); and the programs must agree under any reading.
"""

from __future__ import annotations

import random
import shutil

import pytest

from automata.runtime.events import NullObserver
from core_support import run_cli
from research.knight_orders import fast
from research.knight_orders.rules_search import analyse, profiles_case
from research.knight_orders.search import ALL_ORDERS
from research.knight_orders.symmetry import cell_image, classes, order_image
from solvers.knight_tour import iterative
from solvers.knight_tour.model import MOVE_ORDERS, KnightTour, KnightTourInstance
from solvers.knight_tour.rules import CHOICES, FIELDS, PROJECT, Rules, choose_candidates, parse_rules

needs_gcc = pytest.mark.skipif(shutil.which("gcc") is None and shutil.which("cc") is None,
                               reason="the research evaluator is C, built with gcc")


def random_rules(rng: random.Random) -> Rules:
    return Rules.from_codes(tuple(rng.randrange(len(CHOICES[name])) for name in FIELDS))


def test_rules_parse_and_name_each_other() -> None:
    assert parse_rules("project") == PROJECT and PROJECT.name == "project"
    rules = parse_rules("ties=reverse, returns=dead-ends,dead-end=refuse")
    assert (rules.ties, rules.returns, rules.dead_end, rules.blocked) == ("reverse", "dead-ends", "refuse", "pairs")
    assert parse_rules(rules.name) == rules and parse_rules("project," + rules.name) == rules
    for text, message in (("bogus", "unknown rules"), ("ties=sideways", "choose among"), ("ties", "unknown rules"), ("project,ties", "KEY=VALUE"),
                          ("", "name the rules")):
        with pytest.raises(ValueError, match=message):
            parse_rules(text)


@needs_gcc
def test_the_evaluator_makes_the_models_choices_under_every_reading() -> None:
    rng = random.Random(21)
    boards = [(5, 5), (5, 6), (6, 6), (3, 4), (4, 5), (6, 7), (8, 8)]
    for _ in range(160):
        rules = random_rules(rng)
        rows, cols = rng.choice(boards)
        optimizations = frozenset(rng.sample([2, 3, 4], rng.randrange(4)))
        start = rng.randrange(rows * cols)
        good, limit = rng.choice([1, 1, 3]), rng.choice([20, 300])
        instance = KnightTourInstance(rows, cols, (start // cols + 1, start % cols + 1), optimizations, good, limit,
                                      rules=rules)
        expected = iterative.solve(instance, NullObserver())
        got = fast.solve(rows, cols, [start], MOVE_ORDERS, optimizations, rules, good, limit)[0]
        assert (got.outcome, got.returns, got.restarts) == (expected.outcome, expected.returns, expected.restarts), \
            (rules.name, rows, cols, sorted(optimizations), start, good, limit)


def test_the_project_reading_through_the_general_code_is_the_models_own() -> None:
    rng = random.Random(5)
    instance = KnightTourInstance(8, 8, (1, 1), frozenset({1, 2, 3}))
    for _ in range(60):
        cells = rng.sample([(r, c) for r in range(1, 9) for c in range(1, 9)], rng.randrange(1, 60))
        tour = KnightTour.at_position(instance, cells, order_index=rng.randrange(5))
        cell = tour._path[-1]
        general = choose_candidates(PROJECT, tour._tables[tour.order_index][cell], tour._visited, tour._free_degree,
                                    tour._neighbours, tour._cells - len(tour._path) - 1, True, True)
        assert [tour._coordinates(t) for t in general] == list(tour.candidates())


@needs_gcc
def test_a_symmetry_of_the_board_maps_every_search_onto_another() -> None:
    rng = random.Random(8)
    for _ in range(12):
        rules, order, transform = random_rules(rng), rng.choice(ALL_ORDERS), rng.randrange(8)
        optimizations = frozenset(rng.choice([{3}, {2, 3}, {2}]))
        here = fast.sweep(8, 8, range(64), [order], optimizations, rules, 200)[0]
        there = fast.sweep(8, 8, [cell_image(transform, s, 8) for s in range(64)], [order_image(transform, order)],
                           optimizations, rules, 200)[0]
        assert here == there


def test_the_orders_fall_into_5040_classes_of_eight() -> None:
    representatives, where = classes(ALL_ORDERS)
    assert len(representatives) == 5040 and len(where) == 40_320
    for number in (0, 17, 40_319, ALL_ORDERS.index(MOVE_ORDERS[0])):
        representative, transform = where[number]
        assert order_image(transform, ALL_ORDERS[representative]) == ALL_ORDERS[number]


@needs_gcc
def test_cells_toured_without_a_return_are_the_same_under_every_retry_and_returns_reading() -> None:
    numbers = tuple(range(0, 40_320, 4_480))
    for optimizations in ((1, 3), (1, 2, 3)):
        profiles = profiles_case((optimizations, PROJECT.codes(), numbers, 60, False))
        first = {key: [set(profile) for profile in found] for key, found in profiles.items()}
        assert len(first) == 6 and all(cells == first["00000000"] for cells in first.values())
        for key, found in profiles.items():  # and the counts are the evaluator's, cell by cell
            rules = Rules.from_codes(tuple(map(int, key)))
            full = fast.sweep_returns(8, 8, range(64), [ALL_ORDERS[numbers[2]]], frozenset(optimizations), rules, 60)[0]
            assert found[2] == {cell: value for cell, value in enumerate(full) if value}


@needs_gcc
def test_the_analysis_finds_the_projects_first_order_by_its_figures() -> None:
    """On the class of MOVE_ORDERS[0] alone: the project's reading gives 1-3 as the article (one
    order of the class: MOVE_ORDERS[0] itself) and 1+3 at the article's cells with 9 and 21."""
    representative, _ = classes(ALL_ORDERS)[1][ALL_ORDERS.index(MOVE_ORDERS[0])]
    plus_3 = profiles_case(((1, 3), PROJECT.codes(), (representative,), 200, False))
    one_to_3 = profiles_case(((1, 2, 3), PROJECT.codes(), (representative,), 20, True))
    centre = {"00000000": fast.sweep_returns(8, 8, (27, 28, 35, 36), [ALL_ORDERS[representative]], frozenset({2}),
                                             PROJECT, 50)}
    report = analyse([representative], plus_3, one_to_3, centre, readings=[PROJECT])
    counts = report["readings"][0]
    assert (counts["1-3"], counts["1+3 cells and 1-3"], counts["1+3 exact"], counts["all"]) == (1, 1, 0, 0)
    best = report["closest"][0]
    assert [list(move) for move in MOVE_ORDERS[0]] in best["orders"] and best["readings"] == ["project"]
    assert best["1+3"] == {"(4,1)": 9, "(6,4)": 21} and best["1-3"] == {"(6,4)": 3}


def test_every_program_agrees_under_another_reading(capsys: pytest.CaptureFixture[str]) -> None:
    rules = "retry=after,returns=dead-ends,limit=exceeded,counter=total,blocked=single,ties=lookahead"
    code, out, _ = run_cli(capsys, "verify", "knight-tour", "--board", "5x6", "--rules", rules, "--max-returns", "40",
                           "--jobs", "1")
    assert code == 0 and "agree:" in out and f"rules {parse_rules(rules).name}" in out


def test_compare_names_the_reading_and_its_figures_differ(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "compare", "knight-tour", "--sets", "1+3", "--rules", "returns=dead-ends",
                           "--jobs", "1", "--json")
    assert code == 0
    import json

    document = json.loads(out)
    assert document["rules"] == "returns=dead-ends"
    assert {tuple(item["start"]): item["returns"] for item in document["sets"][0]["with_returns"]} == {(4, 1): 3, (6, 4): 6}
    code, _, err = run_cli(capsys, "compare", "knight-tour", "--rules", "ties=maybe")
    assert code == 2 and "--rules" in err


def test_the_tables_page_is_rendered_from_its_documents_and_says_which_figures_differ() -> None:
    from pathlib import Path

    from solvers.knight_tour.tables import render

    folder = Path(__file__).resolve().parent.parent / "docs" / "tables"
    page = (folder / "README.md").read_text(encoding="utf-8")
    assert page == render(folder), "docs/tables/README.md is stale: python3 -m solvers.knight_tour.tables render docs/tables"
    differ = {line.split(" | ")[0] + " " + line.split(" | ")[1] for line in page.splitlines() if "**differs**" in line}
    assert differ == {"| 8×8 1+2", "| 8×8 1+3", "| 100×100 1-3", "| 100×100 1-4"}
    assert "(6,4) 21; the article: 79 at (6,4)" in page and "4,663 of 10,000 cells (46.6%)" in page


def test_the_article_page_quotes_the_searchs_report() -> None:
    import json
    from pathlib import Path

    docs = Path(__file__).resolve().parent.parent / "docs"
    report = json.loads((docs / "knight-orders" / "article-rules.json").read_text(encoding="utf-8"))
    rows = report["readings"]
    assert len(rows) == 864 and report["extent"]["orders"] == 40_320
    total = {key: sum(row[key] for row in rows) for key in ("1+3 cells", "1+3 exact", "1-3", "1+2 (5,5) 2502",
                                                            "1+3 cells and 1-3", "all")}
    assert total == {"1+3 cells": 2880, "1+3 exact": 0, "1-3": 11_600, "1+2 (5,5) 2502": 0,
                     "1+3 cells and 1-3": 360, "all": 0}
    assert report["closest"][0]["matches"] == 3 and report["1+2 at 2,502"]["orders with 2,502 at (5,5)"] == 0
    page = (docs / "knight-article.md").read_text(encoding="utf-8")
    for quoted in ("11,600 (under 136 readings)", "360 (under 80 readings)", "| `returns=dead-ends` | 936 | 2,498, 2,550 |"):
        assert quoted in page
