"""Small contexts and spec texts shared by the framework's own tests (no search problem involved)."""

from __future__ import annotations

from pathlib import Path

import pytest

from automata.cli import main

DATA = Path(__file__).parent / "data" / "core"


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run `automata ARGV` in process, as the console script does: (exit code, stdout, stderr)."""
    with pytest.raises(SystemExit) as stop:
        main(list(argv))
    captured = capsys.readouterr()
    return stop.value.code or 0, captured.out, captured.err


class Counter:
    """Counts up to a limit; records every action so tests can see their order."""

    def __init__(self, limit: int = 3) -> None:
        self.limit = limit
        self.count = 0
        self.log: list[str] = []
        self.reads: list[str] = []

    def is_done(self) -> bool:
        self.reads.append("is_done")
        return self.count >= self.limit

    def is_even(self) -> bool:
        self.reads.append("is_even")
        return self.count % 2 == 0

    def count_one(self) -> None:
        self.count += 1
        self.log.append("count_one")

    def note_even(self) -> None:
        self.log.append("note_even")

    def say_done(self) -> None:
        self.log.append("say_done")

    def explode(self) -> None:
        raise ValueError("the context failed on purpose")


COUNTER_SPEC = """\
automaton: A7
title: Counter
description: Counts to a limit, noting even numbers.
context: core_support:Counter
initial: 0
events:
  e0: {doc: "next step"}
inputs:
  x1: {doc: "the limit is reached?", call: is_done}
  x2: {doc: "the count is even?", call: is_even}
outputs:
  z1: {doc: "count one more", call: count_one}
  z2: {doc: "note an even count", call: note_even}
  z3: {doc: "announce the end", call: say_done}
states:
  0: {name: Counting}
  1: {name: Done, final: true, on_enter: [z3]}
arcs:
  - {from: 0, to: 1, guard: "x1"}
  - {from: 0, to: 0, guard: "!x1 & x2", actions: [z2, z1]}
  - {from: 0, to: 0, guard: "!x1 & !x2", actions: [z1]}
"""
