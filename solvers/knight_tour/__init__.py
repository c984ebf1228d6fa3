"""The knight's tour as iterative, recursive and automaton programs (REFERENCE.md §1)."""
