"""The `automata` command line: one command, a subcommand per verb, errors rendered once (app.py)."""

from .app import cli, main

__all__ = ["cli", "main"]
