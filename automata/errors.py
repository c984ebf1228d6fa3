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


class MissingMethod(InputError):
    """An input or output whose `call:` names no method of the context (a misspelt name, most often)."""

    def __init__(self, name: str, method: str, class_name: str, close: str = "") -> None:
        self.name, self.method, self.class_name = name, method, class_name
        self.hint = f"did you mean '{close}'?" if close else f"add a method `{method}(self)` to {class_name}"
        super().__init__(f"{name} calls '{method}', which {class_name} does not have; {self.hint}")


class RunError(AutomataError):
    """An automaton misbehaved while running (no arc enabled, step limit). Exit code 1: a defect."""

    exit_code = 1


class UserCodeError(AutomataError):
    """The user's code raised while the framework ran it (an implementation, make_context, a method
    of the context): a finding about that code, not a bug of the framework. Exit code 1; `cause` is
    the exception itself, whose traceback --debug shows."""

    exit_code = 1

    def __init__(self, message: str, cause: BaseException | None = None, subject: str = "", detail: str = "") -> None:
        super().__init__(message)
        self.cause = cause
        self.subject = subject  # whose code failed: "the implementation 'recursive'", "hanoi.make_context"
        self.detail = detail or message  # what it raised, and where: "IndexError: ... (bsearch.py:42, in f)"


class StepLimitReached(RunError):
    """A run stopped by its step limit. Once the limit's origin is known, `with_hint` says how to
    raise it and which arcs of the state loop on it running nothing."""

    def __init__(self, automaton: str, limit: int, state: int, state_name: str, loops: str = "",
                 hint: str = "") -> None:
        self.automaton, self.limit, self.state, self.state_name, self.loops = automaton, limit, state, state_name, loops
        self.hint = hint
        super().__init__(self._text())

    def _text(self) -> str:
        head = f"{self.automaton}: step limit of {self.limit:,} reached in state {self.state} ({self.state_name})"
        if not self.hint:
            return f"{head}; raise the limit or check the graph for a cycle that never reaches a final state"
        looping = self.loops or "check the graph for a cycle that never reaches a final state"
        return f"{head}; {looping}; {self.hint}"

    def with_hint(self, hint: str, loops: str | None = None) -> StepLimitReached:
        """The same stop, saying how to raise the limit that stopped it (an option, a program's hook)
        and, when known, which arcs loop on the state with no action."""
        return StepLimitReached(self.automaton, self.limit, self.state, self.state_name,
                                self.loops if loops is None else loops, hint)


def step_limit_reached(automaton: str, limit: int, state: int, state_name: str) -> StepLimitReached:
    """The run loop's answer to a run that never ends (the engine's and the generated code's)."""
    return StepLimitReached(automaton, limit, state, state_name)


def no_arc_enabled(automaton: str, state: int, state_name: str, event: str, values: str, where: str) -> RunError:
    """A step in which no arc can fire: the graph is incomplete. `values` lists the inputs tested."""
    return RunError(
        f"{automaton}: no arc enabled in state {state} ({state_name}) on {event} with {values};"
        f" the graph is incomplete ({where})"
    )
