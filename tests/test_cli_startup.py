"""A fast start: the `automata` command imports a command's module, a problem's package and the
engines only when they are needed (issue 12). What is imported is checked here; the time it takes
is measured by bench/startup.py, never asserted."""

from __future__ import annotations

import importlib
import subprocess
import sys

from automata.cli.app import COMMANDS
from automata.cli.lazy import short_help


def _modules_after(*argv: str) -> set[str]:
    code = ("import sys, runpy; sys.argv = ['automata', *%r]\n"
            "try:\n    runpy.run_module('automata.cli', run_name='__main__')\n"
            "except SystemExit:\n    pass\n"
            "print('\\n'.join(sorted(sys.modules)), file=sys.stderr)") % (list(argv),)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600)
    return set(done.stderr.split())


def test_the_help_lines_are_the_commands_own() -> None:
    for name, (module, attribute, help_text) in COMMANDS.items():
        command = getattr(importlib.import_module(module), attribute)
        assert command.name == name
        assert short_help(name, help_text, 200) == command.get_short_help_str(200), name


def test_help_imports_no_command_module_no_problem_and_no_engine() -> None:
    loaded = _modules_after("--help")
    assert "automata.cli.app" in loaded
    assert not {module for module, _, _ in COMMANDS.values()} & loaded
    assert not {name for name in loaded if name.startswith(("solvers", "transitions", "graphviz", "yaml"))}


def test_a_plain_run_of_one_problem_imports_neither_the_others_nor_the_engine() -> None:
    loaded = _modules_after("run", "knight-tour", "--board", "5x5", "--impl", "iterative")
    assert "solvers.knight_tour.problem" in loaded
    assert not {name for name in loaded if name.startswith(("solvers.queens", "solvers.puzzle8"))}
    assert "transitions" not in loaded and "graphviz" not in loaded
