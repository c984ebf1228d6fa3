"""Backtracking, column by column, rows in order: all solutions in lexicographic order.

model.py (the column model, shared with prolog), iterative.py, recursive.py, automaton.py
(specs/queens_backtracking.yaml's context), program.py (the spec's program).
"""
