"""The N-queens problem (REFERENCE.md §2-§4): five algorithms, each as iterative, recursive and automaton programs.

Enumerating searches: backtracking (columns in order), prolog (Prolog program 1's order: the last
column first), mrv (fewest free cells first, with forced placements). Single-solution methods:
las-vegas (Brassard & Bratley, with hybrids) and explicit (the O(N) construction).
The shared interface is in `solvers.queens.algorithms`; the CLI in `solvers.queens.problem`.
"""
