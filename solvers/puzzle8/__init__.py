"""The eight puzzle (and its n×n relatives) solved by best-first search, after Bratko §12.2.

One model (`model`, over `board`, `notation`, `heuristics` and `puzzle`) and three control
structures over it: `iterative` (a priority queue), `recursive` (Bratko's best-first tree search)
and `automaton` (`specs/eight_puzzle.yaml` and its context); `program` is the spec's program.
"""
