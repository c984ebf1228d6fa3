"""Automata-based programming of search algorithms.

A spec (YAML) describes a Mealy automaton; the framework loads and checks it, runs it on the
`transitions` library, records traces, verifies it against iterative and recursive references
and draws it with graphviz.
"""

__version__ = "0.1.0"
