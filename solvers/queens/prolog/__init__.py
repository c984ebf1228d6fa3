"""Prolog program 1: the column model filled from the last column, solutions in Prolog's order.

The model is backtracking's (backtracking/model.py, columns N..1); iterative.py, recursive.py
(the Prolog program itself), automaton.py (specs/queens_prolog.yaml), program.py.
"""
