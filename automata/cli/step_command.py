"""`automata step`: a terminal stepper, driven by one command per line of standard input.

It runs one step ahead of what it shows, so that before each step it can say exactly which
inputs the step reads, with their values, and which arc it takes: the step has been taken, its
record is only not shown yet. Going back replays the run from the start on a fresh context (an
automaton's context cannot be undone), so it works for any program.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from typing import TextIO

import click

from ..errors import AutomataError
from ..io.labels import arc_text
from ..model.spec import Spec
from ..runtime.events import Recorder, format_event
from ..runtime.stepping import StepControl
from ..runtime.stepwise import open_automaton
from ..runtime.trace import StepRecord
from .target import CASE_CONTEXT, Target, resolve_target, target_options

HELP = ("keys: [n]ext (or Enter) · [r]un to the end · [s N] run to state N · [g N] go to step N · "
        "[b]ack one step · [q]uit")


class Stepper:
    """One run of a target, shown step by step, one step behind the automaton."""

    def __init__(self, target: Target, engine: str, out: TextIO) -> None:
        self.target = target
        self.engine = engine
        self.out = out
        self.spec: Spec = target.program.spec
        self._restart()

    def _restart(self) -> None:
        program = self.target.program
        self.events = Recorder()
        self.context = program.new_context(self.target.case, self.events)
        self.automaton: StepControl = open_automaton(self.spec, self.context, self.engine,
                                                     max_steps=program.max_steps(self.target.case))
        self.shown = 0  # steps shown so far
        self.events_shown = 0
        self.failure: AutomataError | Exception | None = None
        self._take_next()

    def _take_next(self) -> None:
        """Take the step after the shown ones (if any), to be able to preview it."""
        self.pending: StepRecord | None = None
        self.pending_events: list[tuple] = []
        if self.automaton.is_final or self.failure is not None:
            return
        before = len(self.events.events)
        try:
            self.pending = self.automaton.step()
        except Exception as error:  # noqa: BLE001 - a failing step is shown, not a crash
            self.failure = error
        self.pending_events = self.events.events[before:]

    # -- what is shown ---------------------------------------------------------------------------

    def _state(self, number: int) -> str:
        state = self.spec.states.get(number)
        return f"state {number} ({state.name})" if state else f"state {number}"

    def _arc(self, record: StepRecord) -> str:
        if record.arc is None:
            return "no arc (the state may stay)"
        return f"arc {record.arc}: {arc_text(self.spec, self.spec.arcs[record.arc])}"

    def echo(self, text: str = "", **style: object) -> None:
        click.echo(click.style(text, **style) if style else text, file=self.out)

    def show_position(self) -> None:
        state = self.automaton.state if self.pending is None else self.pending.state_before
        where = "start" if self.shown == 0 else f"after step {self.shown:,}"
        self.echo(f"now: {self._state(state)}, {where}", bold=True)
        if self.pending is not None:
            values = " ".join(f"{name}={int(value)}" for name, value in self.pending.inputs) or "no input"
            self.echo(f"next: reads {values}; takes {self._arc(self.pending)} to {self._state(self.pending.state_after)}")
        elif self.failure is not None:
            self.echo(f"next: the step fails: {self.failure}", fg="red")
        elif self.spec.states[self.automaton.state].final:
            self.echo(f"the run is over: {self._state(self.automaton.state)} is final", fg="green")
        else:  # a pure Mealy machine's word is over
            self.echo(f"the word is over: {self._state(self.automaton.state)}", fg="green")

    def show_record(self, record: StepRecord, events: list[tuple]) -> None:
        self.echo(f"step {record.step:,}: {self._state(record.state_before)} -> {self._state(record.state_after)} "
                  f"by {self._arc(record)}", fg="cyan")
        for name, value in record.inputs:
            self.echo(f"  read {name} = {int(value)}  {self.spec.inputs[name].doc}")
        for name in record.outputs:
            self.echo(f"  ran  {name}      {self.spec.outputs[name].doc}")
        if events:
            self.echo("  events: " + ", ".join(format_event(event) for event in events))

    # -- moving ----------------------------------------------------------------------------------

    def next(self, quiet: bool = False) -> bool:
        """Show the pending step; False when there is none (the run is over or failed)."""
        if self.pending is None:
            if quiet:
                return False
            if self.failure is not None:
                self.echo(f"step {self.shown + 1:,} failed: {self.failure}", fg="red")
            else:
                self.echo("no step left: the run is over")
            return False
        record, events = self.pending, self.pending_events
        self.shown += 1
        if not quiet:
            self.show_record(record, events)
        self._take_next()
        return True

    def run_until(self, stop: Callable[[StepRecord], bool]) -> StepRecord | None:
        """Take the shown steps on, quietly, up to the first one `stop` accepts (or to the end);
        show how many were taken and the last one. Returns the last step taken."""
        last = None
        moved = 0
        while self.pending is not None:
            record, events = self.pending, self.pending_events
            self.next(quiet=True)
            moved += 1
            last = (record, events)
            if stop(record):
                break
        if last is not None:
            self.echo(f"{moved:,} step{'s' if moved != 1 else ''} taken; the last one:")
            self.show_record(*last)
        if self.pending is None and self.failure is not None:
            self.next()  # shows why the next step fails
        elif last is None:
            self.echo("no step left")
        return last[0] if last is not None else None

    def go_to(self, step: int) -> None:
        if step < self.shown:
            self._restart()  # back: replay from the start
        while self.shown < step and self.next(quiet=True):
            pass
        self.echo(f"at step {self.shown:,}")


def commands(stream: TextIO) -> Iterator[str]:
    for line in stream:
        yield line.strip()


def _number(argument: str, what: str) -> int | None:
    try:
        return int(argument)
    except ValueError:
        click.echo(f"{what} needs a number, e.g. '{what[0]} 3'", err=True)
        return None


@click.command("step", context_settings=CASE_CONTEXT)
@target_options
@click.pass_context
def step_command(ctx: click.Context, target: str, spec_stem: str | None, case_name: str | None,
                 params: tuple[str, ...], engine: str) -> None:
    """Step through one run in the terminal, one command per line of input.

    Before each step it shows the state, the inputs the step reads with their values and the
    arc it takes; after it, the outputs run and the events reported. Commands: n (or an empty
    line) next step, r run to the end, s N run to state N, g N go to step N, b back one step
    (by replaying from the start), q quit. Works over a pipe:

    \b
    printf 'n\\nn\\nq\\n' | automata step knight-tour --board 5x5 --start 1,1
    """
    chosen = resolve_target(target, spec_stem, case_name, params, ctx.args)
    stepper = Stepper(chosen, engine, sys.stdout)
    spec = stepper.spec
    stepper.echo(f"{spec.automaton}: {spec.title} — case {chosen.case_name}", bold=True)
    interactive = sys.stdin.isatty()
    stepper.show_position()
    if interactive:
        click.echo(HELP, err=True)
    for command in commands(sys.stdin):
        verb, _, argument = command.partition(" ")
        verb = verb.lower()
        if verb in ("q", "quit", "exit"):
            break
        if verb in ("", "n", "next"):
            stepper.next()
        elif verb in ("r", "run"):
            stepper.run_until(lambda record: False)
        elif verb in ("s", "state"):
            wanted = _number(argument.strip(), "state")
            if wanted is None:
                continue
            if wanted not in spec.states:
                click.echo(f"{spec.automaton} has no state {wanted}", err=True)
                continue
            last = stepper.run_until(lambda record, wanted=wanted: record.state_after == wanted)
            if last is None or last.state_after != wanted:
                stepper.echo(f"state {wanted} is not reached again")
        elif verb in ("g", "go", "goto"):
            wanted = _number(argument.strip(), "go")
            if wanted is None:
                continue
            stepper.go_to(max(0, wanted))
        elif verb in ("b", "back"):
            stepper.go_to(max(0, stepper.shown - 1))
        elif verb in ("h", "help", "?"):
            click.echo(HELP, err=True)
            continue
        else:
            click.echo(f"unknown command {command[:20]!r}; {HELP}", err=True)
            continue
        stepper.show_position()
        if interactive:
            click.echo("> ", err=True, nl=False)
