"""Errors with context. They are raised anywhere and rendered once, at the CLI edge."""

from __future__ import annotations

from dataclasses import dataclass


class AutomataError(Exception):
    """Base of every error the framework reports to a user. `exit_code` follows the CLI conventions."""

    exit_code = 2
    # The command that was running (`automata run queens`), filled in by the CLI on the way out,
    # so that every error names where it happened the way click's usage errors do.
    command_path: str | None = None

    def render(self) -> str:
        return str(self)


class InputError(AutomataError):
    """Bad user input: an option value, a file, a position. Exit code 2."""


@dataclass(frozen=True)
class Loc:
    """A position in a source file, 1-based like editors show it."""

    file: str
    line: int
    col: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


def clipped(text: str, limit: int = 500) -> str:
    """A message part kept to a readable length, whatever user text it quotes."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


class SpecError(AutomataError):
    """A defect in a spec file, reported as FILE:LINE:COL: error: message, with a hint."""

    def __init__(self, loc: Loc, message: str, hint: str = "") -> None:
        message, hint = clipped(message), clipped(hint)
        super().__init__(f"{loc}: error: {message}")
        self.loc = loc
        self.message = message
        self.hint = hint

    def render(self) -> str:
        text = f"{self.loc}: error: {self.message}"
        return f"{text}\n  hint: {self.hint}" if self.hint else text


class SpecErrors(AutomataError):
    """Several spec defects found in one pass, so that a user fixes them all at once."""

    def __init__(self, errors: list[SpecError]) -> None:
        errors = sorted(errors, key=lambda error: (error.loc.line, error.loc.col))
        super().__init__("\n".join(error.render() for error in errors))
        self.errors = errors

    def render(self) -> str:
        return "\n".join(error.render() for error in self.errors)


class RunError(AutomataError):
    """An automaton misbehaved while running (no arc enabled, step limit). Exit code 1: a defect."""

    exit_code = 1


def step_limit_reached(automaton: str, limit: int, state: int, state_name: str) -> RunError:
    """The run loop's answer to a run that never ends (the engine's and the generated code's)."""
    return RunError(
        f"{automaton}: step limit of {limit:,} reached in state {state} ({state_name});"
        " raise the limit or check the graph for a cycle that never reaches a final state"
    )


def no_arc_enabled(automaton: str, state: int, state_name: str, event: str, values: str, where: str) -> RunError:
    """A step in which no arc can fire: the graph is incomplete. `values` lists the inputs tested."""
    return RunError(
        f"{automaton}: no arc enabled in state {state} ({state_name}) on {event} with {values};"
        f" the graph is incomplete ({where})"
    )
