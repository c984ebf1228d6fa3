"""The eight puzzle (and its n×n relatives) solved by best-first search, after Bratko §12.2.

One model (`board`, `notation`, `heuristics`, `search`) and three control structures over it:
`iterative` (a priority queue), `recursive` (Bratko's best-first tree search) and the automaton
(`specs/eight_puzzle.yaml` with `context`).
"""
