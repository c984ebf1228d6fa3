"""Las Vegas (Brassard & Bratley's queensLV) and its hybrids with backtracking.

model.py, iterative.py, recursive.py, automaton.py (specs/queens_las_vegas.yaml's context),
program.py; exact.py (p, s, e, t from the probability tree) and simulation.py (their estimates).
"""
