"""The N-queens problem (REFERENCE.md §2-§4): five algorithms, each as iterative, recursive and automaton programs.

One folder per algorithm, each of the same shape (model.py, iterative.py, recursive.py,
automaton.py, program.py): backtracking (columns in order), prolog (Prolog program 1's order: the
last column first, over backtracking's model), mrv (fewest free cells first, with forced
placements), las_vegas (Brassard & Bratley, with hybrids) and explicit (the O(N) construction).
Beside them the shared parts: the interface and registry (`algorithms`), the board and its
checker (`board`, `bitboard`, `covers`), the notation of given queens (`given`), what the programs
share (`contract`), pictures and text (`picture`, `svg`, `views`, `seed_views`) and the commands
(`problem`).
"""
