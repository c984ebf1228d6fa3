"""`automata step`: a terminal stepper, driven by one command per line of standard input.

It runs one step ahead of what it shows, so that before each step it can say exactly which
inputs the step reads, with their values, and which arc it takes: the step has been taken, its
record is only not shown yet. Going back replays the run from the start on a fresh context (an
automaton's context cannot be undone), so it works for any program.

On a system of automata (docs/systems.md) it shows the steps of every automaton, as the
protocol's nested `{ ... }` blocks do: `n` steps into a called or nested automaton, `o` steps
over its steps, `u` steps out to the automaton that runs it (automata/runtime/timeline.py), and
each line says where the step is (`A0 › A1`).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from typing import TextIO

import click

from ..errors import AutomataError
from ..io.labels import arc_text
from ..io.printable import printable
from ..model.guards import is_state_test, readings_text
from ..model.spec import Spec
from ..runtime.events import Recorder, format_event
from ..runtime.recording import StepListener
from ..runtime.stepping import StepControl
from ..runtime.system import SystemAutomaton
from ..runtime.timeline import parents, path_of
from ..runtime.trace import StepRecord
from ..runtime.user_code import failure_text
from .case_options import max_steps_option
from .target import CASE_CONTEXT, Target, resolve_target, target_options
from .terminal import raw

HELP = ("keys: [n]ext (or Enter; steps into a called automaton) · [o]ver · [u]p and out · [r]un to the end · "
        "[s [A] N] run to state N (of automaton A) · [g N] go to step N · [b]ack one step · [q]uit")


class Stepper:
    """One run of a target, shown step by step, one step behind the automaton."""

    def __init__(self, target: Target, engine: str, out: TextIO, max_steps: int | None = None) -> None:
        self.target = target
        self.engine = engine
        self.out = out
        self.max_steps = max_steps
        self.spec: Spec = target.program.spec
        self._restart()

    def _restart(self) -> None:
        program = self.target.program
        self.events = Recorder()
        self.context = program.new_context(self.target.case, self.events)
        limit = self.max_steps if self.max_steps is not None else program.max_steps(self.target.case)
        self.automaton: StepControl = program.open_automaton(self.context, self.engine, max_steps=limit)
        self.system = isinstance(self.automaton, SystemAutomaton)
        self.specs: dict[str, Spec] = (dict(self.automaton.system.specs) if isinstance(self.automaton, SystemAutomaton)
                                       else {self.spec.automaton: self.spec})
        self.records: list[StepRecord] = []  # every step taken so far, of every automaton, in the order they ended
        self.marks: list[int] = []  # events reported by the end of each
        if isinstance(self.automaton, SystemAutomaton):
            self.automaton.listen(StepListener(self._arrived))
        self.shown = 0  # steps shown so far
        self.failure: AutomataError | None = None
        self._ensure(1)

    def _arrived(self, record: StepRecord) -> None:
        self.records.append(record)
        self.marks.append(len(self.events.events))

    def _ensure(self, count: int) -> bool:
        """Take steps of the root until `count` steps (of all automata) are known; False when the run
        ends (or fails) first."""
        while len(self.records) < count:
            if self.automaton.is_final or self.failure is not None:
                return False
            try:
                record = self.automaton.step()
            except (Exception, SystemExit) as error:  # a failing step is shown, not a crash
                self.failure = self._failure(error)
                return len(self.records) >= count
            if not self.system:
                self._arrived(record)
        return True

    def _failure(self, error: BaseException) -> AutomataError:
        """What a failing step is: the limit (with how to raise it), a missing method, the user's
        code raising; anything else is a bug of the framework and is raised again."""
        failure = self.target.program.run_failure(error, self.engine, self.max_steps)
        if failure is None:
            raise error  # a bug of the framework, not of the run
        return failure

    @property
    def pending(self) -> StepRecord | None:
        """The next step to show (already taken), or None when the run is over or failed."""
        return self.records[self.shown] if self._ensure(self.shown + 1) else None

    # -- what is shown ---------------------------------------------------------------------------

    def _state(self, number: int, automaton: str | None = None) -> str:
        state = self.specs.get(automaton or self.spec.automaton, self.spec).states.get(number)
        return f"state {number} ({state.name})" if state else f"state {number}"

    def _arc(self, record: StepRecord) -> str:
        if record.arc is None:
            return "no arc (the state may stay)"
        spec = self.specs[record.automaton]
        arc = spec.arcs[record.arc]
        return f"arc {arc.number}: {arc_text(spec, arc)}"

    def _where(self, index: int) -> str:
        """`A0 › A1`: the automata whose steps are under way at step `index` (systems only)."""
        chain = path_of(parents([record.depth for record in self.records]), index)
        return " › ".join(self.records[step].automaton for step in chain)

    def _who(self, record: StepRecord) -> str:
        return f"{record.automaton} " if self.system else ""

    def echo(self, text: str = "", **style: object) -> None:
        # Colours are the stepper's own control sequences: written past the filter that lets only
        # printable text through (automata/cli/terminal.py), around text escaped the same way.
        if style:
            click.echo(click.style(printable(text), **style), file=raw(self.out))
        else:
            click.echo(text, file=self.out)

    def show_position(self) -> None:
        pending = self.pending
        where = "start" if self.shown == 0 else f"after step {self.shown:,}"
        if self.shown:
            last = self.records[self.shown - 1]
            automaton, state = last.automaton, last.state_after
            if last.depth:
                where += f" ({self._where(self.shown - 1)})"
        else:
            automaton, state = self.spec.automaton, self.spec.initial
        prefix = f"{automaton} in " if self.system else ""
        self.echo(f"now: {prefix}{self._state(state, automaton)}, {where}", bold=True)
        if pending is not None and self.system and pending.depth > self.depth():
            # The next step is inside a step of this level: say what that step does, and how to see it.
            chain = path_of(parents([record.depth for record in self.records]), self.shown)
            outer = self.records[chain[self.depth()]]
            inner = chain[self.depth()] - self.shown
            self.echo(f"next: {outer.automaton} takes {self._arc(outer)} to {self._state(outer.state_after, outer.automaton)}"
                      f"; on the way {inner:,} step{'s' if inner != 1 else ''} of "
                      f"{', '.join(dict.fromkeys(r.automaton for r in self.records[self.shown:chain[self.depth()]]))}: "
                      "n steps into them, o over them")
        if pending is not None:
            values = " ".join(readings_text(pending.inputs)) or "no input"
            into = f"{pending.automaton} " if self.system else ""
            into += f"({self._where(self.shown)}) " if pending.depth else ""
            self.echo(f"next: {into}reads {values}; takes {self._arc(pending)} to "
                      f"{self._state(pending.state_after, pending.automaton)}")
        elif self.failure is not None:
            self.echo(f"next: the step fails: {failure_text(self.failure)}", fg="red")
        elif self.spec.states[self.automaton.state].final:
            self.echo(f"the run is over: {self._state(self.automaton.state)} is final", fg="green")
        else:  # a pure Mealy machine's word is over
            self.echo(f"the word is over: {self._state(self.automaton.state)}", fg="green")

    def show_record(self, index: int) -> None:
        record = self.records[index]
        spec = self.specs[record.automaton]
        where = f"  [{self._where(index)}]" if record.depth else ""
        self.echo(f"step {index + 1:,}: {self._who(record)}{self._state(record.state_before, record.automaton)} -> "
                  f"{self._state(record.state_after, record.automaton)} by {self._arc(record)}{where}", fg="cyan")
        for name, value in record.inputs:
            if not is_state_test(name):
                self.echo(f"  read {name} = {int(value)}  {spec.inputs[name].doc}")
        for text in readings_text((name, value) for name, value in record.inputs if is_state_test(name)):
            tested = "A" + text.split()[0][1:]
            number = text.partition(" = ")[2]
            meaning = f"{tested} is in {self._state(int(number), tested)}" if number else f"the state of {tested}"
            self.echo(f"  read {text}  {meaning}")
        for name in record.outputs:
            runs = f" (runs {spec.outputs[name].run})" if spec.outputs[name].run else ""
            self.echo(f"  ran  {name}      {spec.outputs[name].doc}{runs}")
        events = self.events.events[self.marks[index - 1] if index else 0:self.marks[index]]
        if events:
            self.echo("  events: " + ", ".join(format_event(event) for event in events))

    # -- moving ----------------------------------------------------------------------------------

    def next(self, quiet: bool = False) -> bool:
        """Show the pending step; False when there is none (the run is over or failed)."""
        if self.pending is None:
            if quiet:
                return False
            if self.failure is not None:
                self.echo(f"step {self.shown + 1:,} failed: {failure_text(self.failure)}", fg="red")
            else:
                self.echo("no step left: the run is over")
            return False
        self.shown += 1
        if not quiet:
            self.show_record(self.shown - 1)
        return True

    def run_until(self, stop: Callable[[StepRecord], bool]) -> StepRecord | None:
        """Take the shown steps on, quietly, up to the first one `stop` accepts (or to the end);
        show how many were taken and the last one. Returns the last step taken."""
        moved = 0
        while self.next(quiet=True):
            moved += 1
            if stop(self.records[self.shown - 1]):
                break
        if moved:
            self.echo(f"{moved:,} step{'s' if moved != 1 else ''} taken; the last one:")
            self.show_record(self.shown - 1)
        if self.pending is None and self.failure is not None:
            self.next()  # shows why the next step fails
        elif not moved:
            self.echo("no step left")
        return self.records[self.shown - 1] if moved else None

    def depth(self) -> int:
        return self.records[self.shown - 1].depth if self.shown else 0

    def over(self) -> None:
        """On to the next step at this depth or above: a called automaton's steps are not shown."""
        depth = self.depth()
        self.run_until(lambda record: record.depth <= depth)

    def out_of(self) -> None:
        """On to the end of the step of the automaton that runs this one."""
        depth = self.depth()
        if depth == 0:
            self.over()
            return
        self.run_until(lambda record: record.depth < depth)

    def go_to(self, step: int) -> None:
        if step < self.shown:
            self._restart()  # back: replay from the start
        while self.shown < step and self.next(quiet=True):
            pass
        self.echo(f"at step {self.shown:,}")


def commands(stream: TextIO) -> Iterator[str]:
    for line in stream:
        yield line.strip()


def run_to_state(stepper: Stepper, words: list[str]) -> bool:
    """`s N` (a state of the root) or `s A1 N` (a state of automaton A1); False when refused."""
    automaton = words[0] if len(words) == 2 else stepper.spec.automaton
    wanted = _number(words[-1] if words else "", "state")
    if wanted is None:
        return False
    spec = stepper.specs.get(automaton)
    if spec is None or wanted not in spec.states:
        click.echo(f"{automaton} has no state {wanted}" if spec else f"no automaton {automaton[:20]!r} in this run", err=True)
        return False
    last = stepper.run_until(lambda record: record.automaton == automaton and record.state_after == wanted)
    if last is None or last.state_after != wanted or last.automaton != automaton:
        stepper.echo(f"state {wanted} of {automaton} is not reached again" if stepper.system
                     else f"state {wanted} is not reached again")
    return True


def _number(argument: str, what: str) -> int | None:
    try:
        return int(argument)
    except ValueError:
        click.echo(f"{what} needs a number, e.g. '{what[0]} 3'", err=True)
        return None


@click.command("step", context_settings=CASE_CONTEXT)
@target_options
@max_steps_option
@click.pass_context
def step_command(ctx: click.Context, target: str, spec_stem: str | None, case_names: tuple[str, ...],
                 params: tuple[str, ...], engine: str, max_steps: int | None) -> None:
    """Step through one run in the terminal, one command per line of input.

    Before each step it shows the state, the inputs the step reads with their values and the
    arc it takes; after it, the outputs run and the events reported. Commands: n (or an empty
    line) next step, r run to the end, s N run to state N, g N go to step N, b back one step
    (by replaying from the start), q quit. On a system of automata n steps into a called or
    nested automaton, o steps over its steps, u steps out of it, s A1 N runs to state N of A1.
    Works over a pipe:

    \b
    printf 'n\\nn\\nq\\n' | automata step knight-tour --board 5x5 --start 1,1

    It exits 1 when the run fails (the user's code raised, no arc was enabled, the step limit was
    reached), as run does.
    """
    if sys.stdin is None or sys.stdin.closed:
        raise click.UsageError("step reads its commands from standard input, which is closed; give it some, "
                               "e.g. printf 'r\\n' | automata step SPEC")
    chosen = resolve_target(target, spec_stem, case_names, params, ctx.args, ctx.command)
    stepper = Stepper(chosen, engine, sys.stdout, max_steps)
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
        elif verb in ("o", "over"):
            stepper.over()
        elif verb in ("u", "up", "out"):
            stepper.out_of()
        elif verb in ("s", "state"):
            if not run_to_state(stepper, argument.split()):
                continue
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
    if stepper.failure is not None:
        # The run failed (and the stepper showed why): the same finding, and exit code, as `run`'s.
        failure = stepper.failure
        failure.command_path = None
        raise failure
