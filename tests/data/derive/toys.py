"""Small contexts and programs for the tests of `automata derive` (tests/test_derive*.py)."""

from __future__ import annotations

import random

from automata.analysis.derive import CallStack
from automata.runtime.events import Observer


class Counter(CallStack):
    """Counts up to a limit; a context with pure questions and reporting actions."""

    def __init__(self, limit: int, observer: Observer) -> None:
        self.limit = limit
        self.count = 0
        self.observer = observer

    def is_done(self) -> bool:
        """The count has reached the limit?"""
        return self.count >= self.limit

    def is_even(self) -> bool:
        """The count is even?"""
        return self.count % 2 == 0

    def count_one(self) -> None:
        """Add one to the count.

        A second paragraph, which the spec leaves out.
        """
        self.count += 1
        self.observer.emit("count", self.count)

    def note_even(self) -> None:
        """Report an even count: "quotes", a colon: and # a hash & an ampersand !x1 *star"""
        self.observer.emit("even", self.count)

    def say_done(self) -> None:
        self.observer.emit("done", self.count)

    def result(self) -> int:
        return self.count


def count_to_limit(ctx: Counter):
    """Count to the limit, noting even numbers"""
    while not ctx.is_done():
        ctx.count_one()
        if ctx.is_even():
            ctx.note_even()
    ctx.say_done()
    return ctx.result()


def twin_loops(ctx: Counter):
    """Two copies of one loop: their control points are merged"""
    ctx.count_one()
    if ctx.is_even():
        while not ctx.is_done():
            ctx.count_one()
    else:
        while not ctx.is_done():
            ctx.count_one()
    return 0


def pointless_question(ctx: Counter):
    """A question whose answers lead the same way, and a point that only passes control on"""
    ctx.count_one()
    if ctx.is_even():
        pass


class Chooser:
    """A frontier of numbered nodes; asking about the chosen node before choosing one fails, like
    the eight puzzle's context."""

    def __init__(self, nodes: list[int], observer: Observer) -> None:
        self.nodes = list(nodes)
        self.chosen: int | None = None
        self.observer = observer

    def has_open_node(self) -> bool:
        return bool(self.nodes)

    def is_goal_chosen(self) -> bool:
        if self.chosen is None:
            raise RuntimeError("is_goal_chosen asked before a node was chosen")
        return self.chosen == 0

    def is_big_chosen(self) -> bool:
        if self.chosen is None:
            raise RuntimeError("is_big_chosen asked before a node was chosen")
        return self.chosen > 5

    def choose(self) -> None:
        self.chosen = self.nodes.pop()
        self.observer.emit("choose", self.chosen)

    def drop(self) -> None:
        self.observer.emit("drop", self.chosen)
        self.chosen = None

    def split(self) -> None:
        self.observer.emit("split", self.chosen)
        self.nodes += [self.chosen // 2, self.chosen // 3]
        self.chosen = None

    def report(self) -> None:
        self.observer.emit("goal")


def best_first(ctx: Chooser):
    """Choose nodes until the goal; the questions about the chosen node come second"""
    while ctx.has_open_node():
        ctx.choose()
        if ctx.is_goal_chosen() and not ctx.is_big_chosen():
            ctx.report()
            return True
        if ctx.is_big_chosen() or ctx.is_goal_chosen():
            ctx.split()
        else:
            ctx.drop()
    return False


class Tree(CallStack):
    """A walk over a complete binary tree of a given height: two self-calls per inner node."""

    def __init__(self, height: int, observer: Observer) -> None:
        self.height = height
        self.path = ""
        self.observer = observer

    def is_leaf(self) -> bool:
        return len(self.path) == self.height

    def visit_leaf(self) -> None:
        self.observer.emit("leaf", self.path)

    def go_left(self) -> None:
        self.path += "L"

    def go_right(self) -> None:
        self.path += "R"

    def go_up(self) -> None:
        self.observer.emit("up", self.path)
        self.path = self.path[:-1]


def walk(ctx: Tree):
    """Visit every leaf, left subtree first"""
    if ctx.is_leaf():
        ctx.visit_leaf()
        return
    ctx.go_left()
    walk(ctx)
    ctx.go_up()
    ctx.go_right()
    walk(ctx)
    ctx.go_up()


class Budget(Exception):
    """The scripted context has done as many actions as it may."""


class Scripted:
    """Answers that depend only on a seed, the question and how many actions were done: pure
    between actions, as the subset assumes, and the same for a program and its automaton."""

    QUESTIONS = ("q1", "q2", "q3")
    ACTIONS = ("a1", "a2", "a3")

    def __init__(self, seed: int, observer: Observer, budget: int = 40) -> None:
        self.seed = seed
        self.done = 0
        self.budget = budget
        self.observer = observer

    def _answer(self, question: str) -> bool:
        return random.Random(f"{self.seed}/{question}/{self.done}").random() < 0.5

    def _act(self, action: str) -> None:
        if self.done >= self.budget:
            raise Budget()
        self.done += 1
        self.observer.emit(action, self.done)

    def q1(self) -> bool:
        return self._answer("q1")

    def q2(self) -> bool:
        return self._answer("q2")

    def q3(self) -> bool:
        return self._answer("q3")

    def a1(self) -> None:
        self._act("a1")

    def a2(self) -> None:
        self._act("a2")

    def a3(self) -> None:
        self._act("a3")

    def a_count(self) -> int:
        """What a program may return: the number of actions done."""
        return self.done


class ScriptedStack(Scripted, CallStack):
    """A scripted context for recursive programs."""
