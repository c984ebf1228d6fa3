"""The explicit O(N) construction (the N mod 12 rule), walked like a search.

plan.py (the construction as runs of rows), model.py, iterative.py, recursive.py, automaton.py
(specs/queens_explicit.yaml's context), program.py.
"""
