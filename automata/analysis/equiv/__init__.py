"""Specs as Mealy machines: deciding whether two are equivalent, and minimizing one.

`compare_specs(first, second)` matches the two specs' inputs and outputs, renames the second into
the first one's names and explores the product of the two automata breadth first, so that a
difference comes with a shortest distinguishing sequence of input valuations. `minimize(spec)`
merges the states no run can tell apart. docs/equivalence.md states the semantics.
"""
