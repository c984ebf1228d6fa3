"""Is there a reading of the article's rules and a first move order that give its 8×8 figures?

    nice -n 10 python3 -m research.knight_orders.rules_search --work DIR [--jobs N] [--out FILE.json]
                                                             [--hundred CELLS] [--classes N]

The article's 8×8 figures (REFERENCE.md §1) with optimizations 1+2, 1+3 and 1-3 use the first
move order alone, so together they fingerprint a reading of the rules and a first order:

* 1+2: most cells over MAX_RET; the fewest returns, 2,502, at (5,5);
* 1+3: every cell toured without a return but (4,1) with 9 and (6,4) with 79;
* 1-3: every cell toured without a return but (6,4) with 3.

(1-4 then needs some second order that tours (6,4) without a return; 100×100 needs orders 2-5.)
This search scores every reading (solvers/knight_tour/rules.py: 864 combinations) with every first
order (8! = 40,320) against these figures, with the C evaluator (rules_eval.c, built by fast.py):

1. Symmetry: one order of each class of eight (symmetry.py) is searched, from every cell.
2. Returns are counted up to CAP_1_PLUS_3 for 1+3, CAP_1_3 for 1-3 and CAP_PLAIN for 1+2 (at
   the four centre cells, the images of (5,5)); a cell needing more counts as "gave up".
3. A start cell toured without a return is toured so under every `retry` and `returns` reading
   (the first pick is the same under all of them, and so is the first dead end), so each
   combination of the other fields is searched from every cell once and only the cells that
   needed returns are searched again under the other five `retry` × `returns` readings (for 1-3
   only the classes with one such cell: with two or more no reading can give the article's one).

Every stage's result is saved in the work folder, so a stopped search resumes; the report (every
reading's counts of orders matching each figure, and the closest orders) goes to --out.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from automata.io.files import write_atomically
from automata.sweep import StderrProgress, run_sweep
from research.knight_orders import fast
from research.knight_orders.search import ALL_ORDERS
from research.knight_orders.symmetry import TRANSFORMS, cell_image, cell_preimages, classes, order_image
from solvers.knight_tour.model import MOVE_ORDERS
from solvers.knight_tour.rules import CHOICES, FIELDS, PROJECT, Rules

SIDE = 8
CAP_1_PLUS_3 = 200  # returns counted with 1+3 (the article's largest there is 79)
CAP_1_3 = 20  # returns counted with 1-3 (the article's largest there is 3)
CAP_PLAIN = 5000  # returns counted with 1+2 (the article's figure is 2,502)
NOT_COUNTED = -3  # a cell needing returns whose count was not needed (see profiles_case)
A41, A64, A55 = 3 * SIDE + 0, 5 * SIDE + 3, 4 * SIDE + 4  # the article's cells (4,1), (6,4), (5,5), 0-based flat
CENTRE = (27, 28, 35, 36)  # (4,4), (4,5), (5,4), (5,5): the images of (5,5) under the symmetries
ARTICLE_1_PLUS_3 = {A41: 9, A64: 79}
ARTICLE_1_3 = {A64: 3}
ARTICLE_1_PLUS_2 = 2502
BLOCK = 630  # classes per case
GROUP = 12  # readings per sweep (and per save)

WARNSDORFF_ONLY = ("degree", "zero", "ties")  # the fields a base of 1+3 varies (retry and returns: derived)
WITH_BLOCKED = WARNSDORFF_ONLY + ("blocked", "dead_end", "exception")
PLAIN = ("returns", "blocked", "dead_end", "exception")  # the fields 1+2 depends on

Profile = dict[int, int]  # cell -> returns (> 0), -1 gave up, -2 exhausted; cells with 0 returns left out


def variants(varied: Sequence[str]) -> list[Rules]:
    """Every combination of ``varied`` fields, the others as PROJECT."""
    return [replace(PROJECT, **dict(zip(varied, values))) for values in itertools.product(*(CHOICES[f] for f in varied))]


def derived(base: Rules) -> list[Rules]:
    return [replace(base, retry=retry, returns=returns) for retry in CHOICES["retry"] for returns in CHOICES["returns"]]


FIGURE_FIELDS = FIELDS[:8]  # limit and counter cannot change a figure of one attempt (docs/knight-article.md)


def code(rules: Rules) -> str:
    """The work folder's name for a reading: its codes of the fields the figures depend on."""
    return "".join(str(CHOICES[name].index(getattr(rules, name))) for name in FIGURE_FIELDS)


# ---- the sweeps' cases (module level: worker processes import them by name) ----------------------

def profiles_case(case: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int, bool]) -> dict[str, list[Profile]]:
    """For each reading derived from one base, each class's profile over the 64 start cells.

    With ``single``, a derived reading searches again only the classes that needed returns from
    one cell under the base: the cells needing returns are the same under every derived reading,
    so the others cannot match a figure with one such cell; their cells are marked NOT_COUNTED."""
    optimizations, base_codes, numbers, cap, single = case
    base = Rules.from_codes(base_codes)
    opts = frozenset(optimizations)
    orders = [ALL_ORDERS[n] for n in numbers]
    rows = fast.sweep_returns(SIDE, SIDE, range(SIDE * SIDE), orders, opts, base, cap)
    first = [{cell: value for cell, value in enumerate(row) if value} for row in rows]
    found: dict[str, list[Profile]] = {}
    for rules in derived(base):
        if rules == base:
            found[code(rules)] = first
            continue
        profiles = []
        for order, profile in zip(orders, first):
            cells = sorted(profile)
            if single and len(cells) > 1:
                profiles.append(dict.fromkeys(cells, NOT_COUNTED))
                continue
            values = fast.sweep_returns(SIDE, SIDE, cells, [order], opts, rules, cap)[0] if cells else []
            profiles.append({cell: value for cell, value in zip(cells, values)})
        found[code(rules)] = profiles
    return found


def centre_case(case: tuple[tuple[int, ...], tuple[int, ...], int]) -> list[list[int]]:
    """Optimization 2 alone (1+2 on an even board) from the four centre cells, per class."""
    rules_codes, numbers, cap = case
    orders = [ALL_ORDERS[n] for n in numbers]
    return fast.sweep_returns(SIDE, SIDE, CENTRE, orders, frozenset({2}), Rules.from_codes(rules_codes), cap)


# ---- stages --------------------------------------------------------------------------------------

def _blocks(representatives: Sequence[int]) -> list[tuple[int, ...]]:
    return [tuple(representatives[i:i + BLOCK]) for i in range(0, len(representatives), BLOCK)]


def profile_stage(work: Path, name: str, optimizations: tuple[int, ...], bases: list[Rules],
                  representatives: list[int], jobs: int | None, cap: int, single: bool) -> dict[str, list[Profile]]:
    """Every base of one figure with its derived readings, saved per base in work/name/ after each
    group of bases (one sweep per group, so the worker processes start once per group)."""
    folder = work / name
    folder.mkdir(parents=True, exist_ok=True)
    blocks = _blocks(representatives)
    todo = [base for base in bases if not (folder / f"{code(base)}.json").exists()]
    for first in range(0, len(todo), GROUP):
        group = todo[first:first + GROUP]
        cases = [(optimizations, base.codes(), block, cap, single) for base in group for block in blocks]
        label = f"{name}: readings {first + 1}-{first + len(group)} of {len(todo)} to do"
        parts = run_sweep(profiles_case, cases, jobs=jobs, chunksize=1, progress=StderrProgress(label))
        for k, base in enumerate(group):
            mine = parts[k * len(blocks):(k + 1) * len(blocks)]
            document = {key: [{str(c): v for c, v in profile.items()} for part in mine for profile in part[key]]
                        for key in mine[0]}
            write_atomically(folder / f"{code(base)}.json", json.dumps(document, separators=(",", ":")) + "\n")
    result: dict[str, list[Profile]] = {}
    for base in bases:
        document = json.loads((folder / f"{code(base)}.json").read_text())
        for key, profiles in document.items():
            result[key] = [{int(c): v for c, v in p.items()} for p in profiles]
    return result


def centre_stage(work: Path, representatives: list[int], jobs: int | None) -> dict[str, list[list[int]]]:
    path = work / "1+2-centre.json"
    saved: dict[str, list[list[int]]] = json.loads(path.read_text()) if path.exists() else {}
    todo = [rules for rules in variants(PLAIN) if code(rules) not in saved]
    blocks = _blocks(representatives)
    for first in range(0, len(todo), GROUP):
        group = todo[first:first + GROUP]
        cases = [(rules.codes(), block, CAP_PLAIN) for rules in group for block in blocks]
        label = f"1+2 centre: readings {first + 1}-{first + len(group)} of {len(todo)} to do"
        parts = run_sweep(centre_case, cases, jobs=jobs, chunksize=1, progress=StderrProgress(label))
        for k, rules in enumerate(group):
            saved[code(rules)] = [row for part in parts[k * len(blocks):(k + 1) * len(blocks)] for row in part]
        write_atomically(path, json.dumps(saved, separators=(",", ":")) + "\n")
    return saved


# ---- scoring -------------------------------------------------------------------------------------

def _as_project(rules: Rules, fields: Sequence[str]) -> Rules:
    """``rules`` with every field outside ``fields`` set back to PROJECT's (what a figure ignores)."""
    return replace(PROJECT, **{name: getattr(rules, name) for name in fields})


def cell_name(cell: int) -> str:
    return f"({cell // SIDE + 1},{cell % SIDE + 1})"


def _mapped(profile: Profile, transform: int) -> Profile:
    return {cell_image(transform, cell, SIDE): value for cell, value in profile.items()}


def score(rules: Rules, number: int, transform: int, warnsdorff: Profile, blocked: Profile,
          centre: list[int]) -> dict[str, Any]:
    """One reading and one order, t(ALL_ORDERS[number]) for the transform t: its figures in the
    article's cells (from its class representative's profiles) and which of them match the article."""
    plus_3 = _mapped(warnsdorff, transform)
    one_to_3 = _mapped(blocked, transform)
    at_55 = centre[CENTRE.index(cell_preimages(SIDE)[transform][A55])]
    matches = {
        "1+3 cells": set(plus_3) == set(ARTICLE_1_PLUS_3),
        "1+3 (4,1) 9": plus_3.get(A41) == 9,
        "1+3 (6,4) 79": plus_3.get(A64) == 79,
        "1-3": one_to_3 == ARTICLE_1_3,
        "1+2 (5,5) 2502": at_55 == ARTICLE_1_PLUS_2,
    }
    return {
        "rules": rules.name, "order": [list(m) for m in order_image(transform, ALL_ORDERS[number])],
        "matches": sum(matches.values()), "matched": [k for k, v in matches.items() if v],
        "1+3": {cell_name(c): v for c, v in sorted(plus_3.items())},
        "1-3": {cell_name(c): v for c, v in sorted(one_to_3.items())},
        "1+2 at (5,5)": at_55,
    }


def _distance(entry: dict[str, Any]) -> tuple[int, int, int, int]:
    """Closest first: most figures matched, fewest other 1+3 cells, nearest 1+3 counts, nearest 1+2 count."""
    def value(v: int | None, cap: int) -> int:
        return cap + 1 if v is None or v < 0 else v

    plus_3 = entry["1+3"]
    extra = len(set(plus_3) - {"(4,1)", "(6,4)"})
    near = abs(value(plus_3.get("(6,4)", 0), CAP_1_PLUS_3) - 79) + abs(value(plus_3.get("(4,1)", 0), CAP_1_PLUS_3) - 9)
    return -entry["matches"], extra, near, abs(value(entry["1+2 at (5,5)"], CAP_PLAIN) - ARTICLE_1_PLUS_2)


def analyse(representatives: list[int], plus_3: dict[str, list[Profile]], one_to_3: dict[str, list[Profile]],
            centre: dict[str, list[list[int]]], keep: int = 25,
            readings: Sequence[Rules] | None = None) -> dict[str, Any]:
    """For every reading (or those given), how many of the orders of the classes of
    ``representatives`` match each figure, and the closest orders.

    The closest are looked for among the orders that match 1-3, or 1+3 exactly, or 1+2."""
    pre = cell_preimages(SIDE)
    rows: list[dict[str, Any]] = []
    closest: dict[str, dict[str, Any]] = {}  # by the figures they give: the readings and orders giving them
    for rules in variants(FIGURE_FIELDS) if readings is None else readings:
        warnsdorff = plus_3[code(_as_project(rules, WARNSDORFF_ONLY + ("retry", "returns")))]
        blocked = one_to_3[code(rules)]
        plain = centre[code(_as_project(rules, PLAIN))]
        counts = dict.fromkeys(("1+3 cells", "1+3 exact", "1-3", "1+2 (5,5) 2502", "1+3 cells and 1-3", "all"), 0)
        for i, number in enumerate(representatives):
            two, one, at_centre = warnsdorff[i], blocked[i], plain[i]
            if len(two) != 2 and len(one) != 1 and ARTICLE_1_PLUS_2 not in at_centre:
                continue  # no member of this class can match a figure
            for transform in range(len(TRANSFORMS)):
                fits_1_3 = one == {pre[transform][A64]: 3}
                cells_ok = set(two) == {pre[transform][A41], pre[transform][A64]}
                exact = cells_ok and two[pre[transform][A41]] == 9 and two[pre[transform][A64]] == 79
                at_55 = at_centre[CENTRE.index(pre[transform][A55])] == ARTICLE_1_PLUS_2
                counts["1+3 cells"] += cells_ok
                counts["1+3 exact"] += exact
                counts["1-3"] += fits_1_3
                counts["1+2 (5,5) 2502"] += at_55
                counts["1+3 cells and 1-3"] += cells_ok and fits_1_3
                counts["all"] += exact and fits_1_3 and at_55
                if fits_1_3 or at_55 or exact:
                    _add(closest, score(rules, number, transform, two, one, at_centre))
        rows.append({"rules": rules.name, **counts})
    return {"readings": rows, "closest": sorted(closest.values(), key=_distance)[:keep]}


def _add(groups: dict[str, dict[str, Any]], entry: dict[str, Any]) -> None:
    """Pairs of a reading and an order giving the same figures form one group."""
    key = json.dumps([entry["1+3"], entry["1-3"], entry["1+2 at (5,5)"]])
    group = groups.setdefault(key, {name: entry[name] for name in ("matches", "matched", "1+3", "1-3", "1+2 at (5,5)")}
                              | {"readings": [], "orders": []})
    if entry["rules"] not in group["readings"]:
        group["readings"].append(entry["rules"])
    if entry["order"] not in group["orders"]:
        group["orders"].append(entry["order"])


def figure_summaries(representatives: list[int], plus_3: dict[str, list[Profile]],
                     centre: dict[str, list[list[int]]]) -> dict[str, Any]:
    """Per reading of the figure's own fields: the counts the article's cells get.

    1+3: the orders whose cells needing returns are exactly (4,1) and (6,4), and their two counts;
    1+2: how many orders tour (5,5) within CAP_PLAIN returns, and the counts nearest 2,502."""
    pre = cell_preimages(SIDE)
    plus = []
    for rules in variants(WARNSDORFF_ONLY + ("retry", "returns")):
        pairs: dict[tuple[int, int], int] = {}
        for profile in plus_3[code(rules)]:
            if len(profile) != 2:
                continue
            for transform in range(len(TRANSFORMS)):
                if set(profile) == {pre[transform][A41], pre[transform][A64]}:
                    pair = (profile[pre[transform][A41]], profile[pre[transform][A64]])
                    pairs[pair] = pairs.get(pair, 0) + 1
        plus.append({"rules": rules.name, "orders with the article's two cells": sum(pairs.values()),
                     "(4,1), (6,4) and how many orders": [[a, b, n] for (a, b), n in sorted(pairs.items())]})
    plain = []
    for rules in variants(PLAIN):
        values = [row[CENTRE.index(pre[transform][A55])] for row in centre[code(rules)]
                  for transform in range(len(TRANSFORMS))]
        toured = sorted(v for v in values if v >= 0)
        below = [v for v in toured if v < ARTICLE_1_PLUS_2][-3:]
        above = [v for v in toured if v > ARTICLE_1_PLUS_2][:3]
        plain.append({"rules": rules.name, f"orders touring (5,5) within {CAP_PLAIN:,} returns": len(toured),
                      "exactly 2,502": toured.count(ARTICLE_1_PLUS_2), "nearest below": below, "nearest above": above})
    return {"1+3": plus, "1+2": plain}


def plain_case(case: tuple[tuple[int, ...], tuple[tuple[int, int], ...], int]) -> list[int]:
    """Optimization 2 alone from every 8×8 cell with one order: returns, -1 gave up, -2 exhausted."""
    rules_codes, order, cap = case
    return fast.sweep_returns(SIDE, SIDE, range(SIDE * SIDE), [order], frozenset({2}), Rules.from_codes(rules_codes),
                              cap)[0]


def plain_check(representatives: list[int], centre: dict[str, list[list[int]]],
                jobs: int | None) -> dict[str, Any]:
    """Every (1+2 reading, order) touring (5,5) after exactly 2,502 returns, from every cell: is
    (5,5) then the cell with the fewest returns, and do most cells need more (over a MAX_RET of
    2,502 or more)?"""
    pre = cell_preimages(SIDE)
    hits = [(rules, number, transform) for rules in variants(PLAIN)
            for i, number in enumerate(representatives) for transform in range(len(TRANSFORMS))
            if centre[code(rules)][i][CENTRE.index(pre[transform][A55])] == ARTICLE_1_PLUS_2]
    cases = [(rules.codes(), order_image(transform, ALL_ORDERS[number]), ARTICLE_1_PLUS_2 + 1)
             for rules, number, transform in hits]
    rows = run_sweep(plain_case, cases, jobs=jobs, progress=StderrProgress("1+2 from every cell")) if cases else []
    found = []
    for (rules, _number, _transform), (codes, order, _cap), row in zip(hits, cases, rows):
        toured = {cell: value for cell, value in enumerate(row) if value >= 0}
        fewer = sorted(cell_name(cell) for cell, value in toured.items() if value < ARTICLE_1_PLUS_2)
        over = sum(1 for value in row if value == -1)
        found.append({"rules": rules.name, "order": [list(m) for m in order], "cells toured with fewer": fewer,
                      "cells toured with as many": sum(1 for v in toured.values() if v == ARTICLE_1_PLUS_2) - 1,
                      "cells over 2,502": over, "no tour": sum(1 for value in row if value == -2)})
    good = [entry for entry in found if not entry["cells toured with fewer"] and entry["cells over 2,502"] > 32]
    return {"orders with 2,502 at (5,5)": len(found), "of which (5,5) is the fewest and most cells exceed": len(good),
            "each": found}


ZERO_FIELDS = ("degree", "ties", "blocked", "dead_end", "exception")  # all that decides a tour without a return


def hundred_case(case: tuple[tuple[int, ...], tuple[int, ...]]) -> int:
    """How many of the sampled 100×100 start cells optimizations 1-3 tour without a return under one
    reading, with the project's first order (MAX_RET 1: the first return ends the search)."""
    rules_codes, starts = case
    rows = fast.sweep_returns(100, 100, starts, [MOVE_ORDERS[0]], frozenset({2, 3}), Rules.from_codes(rules_codes), 1)
    return sum(1 for value in rows[0] if value == 0)


def hundred_sample(work: Path, size: int, jobs: int | None) -> dict[str, Any]:
    """The article says most 100×100 cells need no return with 1-3; the project's table has 46.6%.
    Under each reading that can change it, the share in a seeded sample of cells, first order 1."""
    starts = tuple(sorted(random.Random(100).sample(range(100 * 100), size)))
    readings = variants(ZERO_FIELDS)
    path = work / f"100x100-{size}.json"
    if path.exists():
        return json.loads(path.read_text())
    counts = run_sweep(hundred_case, [(rules.codes(), starts) for rules in readings], jobs=jobs, chunksize=1,
                       progress=StderrProgress("100x100 1-3 sample"))
    document = {"cells": size, "order": [list(m) for m in MOVE_ORDERS[0]],
                "without a return": sorted(({"rules": rules.name, "share": round(n / size, 3)}
                                            for rules, n in zip(readings, counts)), key=lambda e: -e["share"])}
    write_atomically(path, json.dumps(document) + "\n")
    return document


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python3 -m research.knight_orders.rules_search", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--work", type=Path, required=True, help="folder for the stages' results (resumable)")
    parser.add_argument("--out", type=Path, help="JSON report")
    parser.add_argument("--jobs", type=int, default=None, help="worker processes (default: every core)")
    parser.add_argument("--classes", type=int, default=None,
                        help="search only the first N of the 5,040 classes of orders (a trial run)")
    parser.add_argument("--hundred", type=int, default=0, metavar="CELLS",
                        help="also sample this many 100x100 cells under 1-3 with every reading (first order 1)")
    args = parser.parse_args(argv)
    fast.library()  # build once here, before the workers load it
    representatives = classes(ALL_ORDERS)[0][:args.classes]
    plus_3 = profile_stage(args.work, "1+3", (1, 3), variants(WARNSDORFF_ONLY), representatives, args.jobs,
                           CAP_1_PLUS_3, single=False)
    one_to_3 = profile_stage(args.work, "1-3", (1, 2, 3), variants(WITH_BLOCKED), representatives, args.jobs,
                             CAP_1_3, single=True)
    centre = centre_stage(args.work, representatives, args.jobs)
    report: dict[str, Any] = {"extent": {
        "readings": {"all figures": len(variants(FIGURE_FIELDS)), "1+3": len(variants(WARNSDORFF_ONLY)) * 6,
                     "1-3": len(variants(FIGURE_FIELDS)), "1+2": len(variants(PLAIN))},
        "fields": {name: list(CHOICES[name]) for name in FIGURE_FIELDS},
        "orders": len(representatives) * len(TRANSFORMS), "classes searched": len(representatives),
        "returns counted up to": {"1+3": CAP_1_PLUS_3, "1-3": CAP_1_3, "1+2": CAP_PLAIN},
        "figures": {"1+3": "exactly (4,1) 9 and (6,4) 79", "1-3": "exactly (6,4) 3",
                    "1+2": "(5,5) toured after exactly 2,502 returns"}}}
    report |= analyse(representatives, plus_3, one_to_3, centre, keep=20)
    report["figures"] = figure_summaries(representatives, plus_3, centre)
    report["1+2 at 2,502"] = plain_check(representatives, centre, args.jobs)
    if args.hundred:
        report["100x100 1-3"] = hundred_sample(args.work, args.hundred, args.jobs)
    text = json.dumps(report, indent=1) + "\n"
    if args.out:
        write_atomically(args.out, text)
        print(f"wrote {args.out}", file=sys.stderr)
    else:
        print(text)


if __name__ == "__main__":
    from research.knight_orders.rules_search import main as module_main  # importable by the workers

    module_main()
