"""A command group that imports each command only when it runs.

Every command module pulls in its part of the framework (the YAML loader, `transitions`, graphviz,
the analyses); importing them all before parsing the command line cost about 0.3 s on every call,
`automata --help` included. The group knows each command's module and one-line help, so listing
the commands imports none of them; tests/test_cli_startup.py keeps the help lines equal to the
commands' own.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping

import click

from .verbs import NamesFailingCommand


class LazyGroup(NamesFailingCommand):
    def __init__(self, *args: object, lazy_commands: Mapping[str, tuple[str, str, str]] | None = None,
                 **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        # name -> (module, attribute, one-line help)
        self.lazy_commands = dict(lazy_commands or {})

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.lazy_commands})

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in self.lazy_commands and name not in self.commands:
            module, attribute, _ = self.lazy_commands[name]
            self.add_command(getattr(importlib.import_module(module), attribute), name)
        return super().get_command(ctx, name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = []
        for name in self.list_commands(ctx):
            if name in self.commands:
                command = self.commands[name]
                if command.hidden:
                    continue
                rows.append((name, command.get_short_help_str(formatter.width - 6 - len(name))))
            else:
                rows.append((name, short_help(name, self.lazy_commands[name][2], formatter.width - 6 - len(name))))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


def short_help(name: str, help_text: str, limit: int) -> str:
    """The command list's line for a command not loaded yet, cut exactly as click cuts a loaded one's
    (a bare Command costs nothing to make; click deprecated the helper it uses for this)."""
    return click.Command(name, help=help_text).get_short_help_str(limit)
