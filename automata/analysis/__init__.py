"""Reasoning about specs and runs: exact static checks, verification of implementations against
each other, mutation scores."""
