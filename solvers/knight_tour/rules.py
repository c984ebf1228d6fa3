"""Readings of the article's rules where its text allows more than one (`--rules`).

The article (REFERENCE.md §1) names its optimizations in a sentence each and does not print its
program, so several details its figures depend on can be read more than one way. Each such detail
is a field of `Rules`; the project's own reading is `PROJECT`, the default everywhere. The list of
places where the text is ambiguous, with the readings that cannot change a figure and why, is
docs/knight-article.md.

`--rules` takes a preset name, optionally followed by changes: ``project``,
``project,ties=reverse,returns=dead-ends`` or just ``ties=reverse`` (changes to ``project``).
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

CHOICES: dict[str, tuple[str, ...]] = {
    # What one "return" is: every take-back, or every dead end (a run of take-backs counts once).
    "returns": ("take-backs", "dead-ends"),
    # Warnsdorff's degree of a candidate: its free neighbours, or all its neighbours on the board.
    "degree": ("free", "all"),
    # Where a candidate with no onward move sorts: like any other (first, being smallest), or last.
    "zero": ("first", "last"),
    # Ties of Warnsdorff's degree: move order, reverse move order, or the smallest sum of the degrees
    # of the candidate's neighbours (a look-ahead), then move order.
    "ties": ("order", "reverse", "lookahead"),
    # After a return, which move next: the next in Warnsdorff's order; the first pick only is
    # Warnsdorff's and the others follow the move order; or the best among the moves that come
    # after the one last tried in the move array (the article's stack keeps one index per level).
    "retry": ("sorted", "order", "after"),
    # Optimization 2: cells left with no exit next to the target, and pairs of cells that are each
    # other's only exit ("pairs"); single cells only; or any neighbour left with at most one exit.
    "blocked": ("pairs", "single", "one-exit"),
    # Optimization 2 also refuses a target with no onward move (unless it is the last cell)?
    "dead_end": ("enter", "refuse"),
    # "Except the penultimate move": a blocked cell is allowed when it is the last free cell, or
    # one move earlier too (the move counter read one off).
    "exception": ("penultimate", "last-two"),
    # GOOD_RET and MAX_RET "reached": the attempt stops when its returns equal the limit, or only
    # when they exceed it (one more return allowed).
    "limit": ("reached", "exceeded"),
    # The returns an attempt is limited by and reports: its own (reset at each restart), or the
    # total since the start cell was first searched.
    "counter": ("per-attempt", "total"),
}

FIELDS = tuple(CHOICES)
CHOICE_FIELDS = ("degree", "zero", "ties", "retry", "blocked", "dead_end", "exception")  # what decides the candidates


@dataclass(frozen=True)
class Rules:
    returns: str = "take-backs"
    degree: str = "free"
    zero: str = "first"
    ties: str = "order"
    retry: str = "sorted"
    blocked: str = "pairs"
    dead_end: str = "enter"
    exception: str = "penultimate"
    limit: str = "reached"
    counter: str = "per-attempt"

    def __post_init__(self) -> None:
        for item in fields(self):
            value = getattr(self, item.name)
            if value not in CHOICES[item.name]:
                raise ValueError(f"rule {item.name}={value!r} is unknown; choose among {', '.join(CHOICES[item.name])}")

    def codes(self) -> tuple[int, ...]:
        """Each field as the index of its value: the evaluator's (research/knight_orders/rules_eval.c) encoding."""
        return tuple(CHOICES[name].index(getattr(self, name)) for name in FIELDS)

    @classmethod
    def from_codes(cls, codes: tuple[int, ...]) -> Rules:
        return cls(**{name: CHOICES[name][code] for name, code in zip(FIELDS, codes)})

    @property
    def chooses_as_project(self) -> bool:
        """Are the candidates at every position the project's? (Only how returns are counted and
        limited may differ.)"""
        return all(getattr(self, name) == getattr(PROJECT, name) for name in CHOICE_FIELDS)

    @property
    def name(self) -> str:
        """The shortest `--rules` text that gives these rules."""
        for preset, rules in PRESETS.items():
            if rules == self:
                return preset
        changes = [f"{name}={getattr(self, name)}" for name in FIELDS if getattr(self, name) != getattr(PROJECT, name)]
        return ",".join(changes)


PROJECT = Rules()
"""The project's reading, unchanged since the first version: the golden streams and tables use it."""

PRESETS: dict[str, Rules] = {"project": PROJECT}


def parse_rules(text: str) -> Rules:
    """``project``, ``project,ties=reverse``, ``ties=reverse,zero=last``; ValueError for users."""
    parts = [part.strip() for part in text.split(",") if part.strip()]
    if not parts:
        raise ValueError("name the rules, e.g. project or ties=reverse,zero=last")
    base = PROJECT
    if "=" not in parts[0]:
        name = parts.pop(0)
        if name not in PRESETS:
            raise ValueError(f"unknown rules {name!r}; presets: {', '.join(PRESETS)}; or changes such as ties=reverse")
        base = PRESETS[name]
    changes: dict[str, str] = {}
    for part in parts:
        key, equals, value = part.partition("=")
        key = key.strip().replace("-", "_")
        if not equals or key not in CHOICES:
            raise ValueError(f"{part!r} is not a rule change; write KEY=VALUE with KEY among {', '.join(FIELDS)}")
        changes[key] = value.strip()
    return replace(base, **changes)


# ---- the search's choices under any reading (the model calls these when the rules are not PROJECT) ----

def choose_candidates(rules: Rules, around: tuple[int, ...], visited: bytearray, degree: list[int],
                      neighbours: tuple[tuple[int, ...], ...], free_after_move: int, blocked: bool,
                      warnsdorff: bool) -> list[int]:
    """The moves from a cell worth trying, in the order to try them, as `KnightTour._choose_candidates`.

    ``around`` is the cell's neighbours in the move order, ``degree`` every cell's free neighbours,
    ``neighbours`` every cell's neighbours (any order), ``free_after_move`` the free cells once the
    knight has made its next move.
    """
    candidates = [t for t in around if not visited[t]]
    if blocked:
        candidates = [t for t in candidates if not refused(rules, t, free_after_move, visited, degree, neighbours)]
    if not warnsdorff or len(candidates) < 2:
        return candidates
    position = {t: i for i, t in enumerate(around)}  # the move order (off-board moves left out)

    def key(t: int) -> tuple[int, int, int]:
        primary = degree[t] if rules.degree == "free" else len(neighbours[t])
        if primary == 0 and rules.zero == "last":
            primary = 9
        if rules.ties == "reverse":
            return primary, 0, -position[t]
        if rules.ties == "lookahead":
            if rules.degree == "free":
                total = sum(degree[u] for u in neighbours[t] if not visited[u])
            else:
                total = sum(len(neighbours[u]) for u in neighbours[t])
            return primary, total, position[t]
        return primary, 0, position[t]

    if rules.retry == "sorted":
        return sorted(candidates, key=key)
    best = min(candidates, key=key)
    if rules.retry == "order":
        return [best] + [t for t in candidates if t != best]
    chosen = [best]  # "after": each next pick comes later in the move array than the previous one
    while True:
        later = [t for t in candidates if position[t] > position[chosen[-1]]]
        if not later:
            return chosen
        chosen.append(min(later, key=key))


def refused(rules: Rules, target: int, free_after_move: int, visited: bytearray, degree: list[int],
            neighbours: tuple[tuple[int, ...], ...]) -> bool:
    """Optimization 2 under ``rules``: is the move to ``target`` refused? (`KnightTour._blocks_a_cell`
    is the project's reading, this one with ``blocked=pairs``, ``dead_end=enter``, ``exception=penultimate``.)"""
    slack = 1 if rules.exception == "last-two" else 0
    for cell in neighbours[target]:
        if visited[cell]:
            continue
        exits = degree[cell] - 1  # the target is about to be visited
        if rules.blocked == "one-exit":
            if exits <= 1 and free_after_move > exits + 1 + slack:
                return True
        elif exits == 0:
            if free_after_move > 1 + slack:
                return True
        elif exits == 1 and rules.blocked == "pairs" and free_after_move != 2:
            partner = next(c for c in neighbours[cell] if c != target and not visited[c])
            if degree[partner] - (target in neighbours[partner]) == 1:
                return True
    return rules.dead_end == "refuse" and degree[target] == 0 and free_after_move > 0
