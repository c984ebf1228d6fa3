"""Specs as Mealy machines: deciding whether two are equivalent, and minimizing one.

`compare_specs(first, second)` matches the two specs' inputs and outputs (`matching`), renames the
second into the first one's names and explores the product of the two automata breadth first
(`product`), so that a difference comes with a shortest distinguishing sequence of input
valuations. `minimize(spec)` merges the states no run can tell apart (`minimize`), and
`spec_text` writes a spec back as YAML. Both work on the regions of valuations in which a state
behaves alike (`moves`). docs/equivalence.md states the semantics.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...io.loader import load_system
from ...model.spec import Spec
from ...model.system import System
from .matching import BY_CALL, BY_NAME, BY_SYMBOL, Matching, events_by_symbol, match, parse_mapping, rename
from .minimize import Minimized, minimize
from .moves import TooManyInputs
from .product import (
    MATCHED,
    SAME_NUMBERS,
    Comparison,
    Difference,
    Ending,
    Letter,
    NotComparable,
    Run,
    compare,
    compare_machines,
    events_compared,
)
from .spec_text import spec_text
from .system_machine import SystemMachine
from .system_matching import SystemMatching, match_systems


def compare_specs(first: Spec, second: Spec, *, by: str = BY_NAME, mapping: Sequence[tuple[str, str]] = (),
                  skip_silent: bool = True, finals: str = MATCHED) -> tuple[Matching, Comparison]:
    """Match the single specs' names (`by` name, call or symbol, after the explicit `mapping` pairs), then
    compare. By symbol, the events are matched by their symbols too."""
    if by == BY_SYMBOL:
        second = events_by_symbol(first, second)
    matching = match(first, second, by, list(mapping))
    return matching, compare(first, rename(second, matching.second_to_first()), skip_silent=skip_silent, finals=finals)


def system_of(spec: Spec) -> System:
    """The system a spec heads: every automaton it reaches through `automata:`, or itself alone."""
    return load_system(spec) if spec.is_system else System(spec.automaton, {spec.automaton: spec})


def compare_systems(first: System, second: System, *, by: str = BY_NAME, mapping: Sequence[tuple[str, str]] = (),
                    skip_silent: bool = True, finals: str = MATCHED) -> tuple[SystemMatching, Comparison]:
    """Compare what two systems of automata do as a whole (automata/analysis/equiv/system_machine.py):
    the context methods their outputs call, in order, and the root's final state. Raises
    NotComparable when the letters cannot pair the events each root receives."""
    matching = match_systems(first, second, by, mapping)
    events = events_compared(first.root_spec, second.root_spec)
    comparison = compare_machines(SystemMachine(first, matching.first_keys), SystemMachine(second, matching.second_keys),
                                  events, skip_silent=skip_silent, finals=finals)
    return matching, comparison


__all__ = [
    "BY_CALL", "BY_NAME", "BY_SYMBOL", "MATCHED", "SAME_NUMBERS", "Comparison", "Difference", "Ending", "Letter", "Matching",
    "Minimized", "NotComparable", "Run", "SystemMatching", "TooManyInputs", "compare", "compare_specs",
    "compare_systems", "match", "minimize", "parse_mapping", "rename", "spec_text", "system_of",
]
