"""Fewest free cells first, with forced placements (the MRV text's method).

model.py, iterative.py, recursive.py, automaton.py (specs/queens_mrv.yaml's context), program.py.
"""
