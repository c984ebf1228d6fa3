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

from ...model.spec import Spec
from .matching import BY_CALL, BY_NAME, Matching, match, parse_mapping, rename
from .minimize import Minimized, minimize
from .moves import TooManyInputs
from .product import (
    MATCHED,
    SAME_NUMBERS,
    Comparison,
    Difference,
    Ending,
    Letter,
    Run,
    compare,
)
from .spec_text import spec_text


def compare_specs(first: Spec, second: Spec, *, by: str = BY_NAME, mapping: Sequence[tuple[str, str]] = (),
                  skip_silent: bool = True, finals: str = MATCHED) -> tuple[Matching, Comparison]:
    """Match the specs' names (`by` name or call, after the explicit `mapping` pairs), then compare."""
    matching = match(first, second, by, list(mapping))
    return matching, compare(first, rename(second, matching.second_to_first()), skip_silent=skip_silent, finals=finals)


__all__ = [
    "BY_CALL", "BY_NAME", "MATCHED", "SAME_NUMBERS", "Comparison", "Difference", "Ending", "Letter", "Matching",
    "Minimized", "Run", "TooManyInputs", "compare", "compare_specs", "match", "minimize", "parse_mapping", "rename",
    "spec_text",
]
