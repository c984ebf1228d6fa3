"""`automata player`: record one run and write the step-through player, one self-contained HTML file."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import click

from ..io.files import display_path, write_atomically
from ..io.html.player import ending, player_html
from ..runtime.events import NullObserver
from ..runtime.recording import DEFAULT_MAX_RECORDED_STEPS, Recording, record_run
from ..runtime.stepwise import open_automaton
from ..runtime.trace import TraceSink
from .support import check_output_file
from .target import CASE_CONTEXT, Target, resolve_target, target_options


def record_target(target: Target, engine: str = "transitions", max_steps: int = DEFAULT_MAX_RECORDED_STEPS,
                  sinks: Sequence[TraceSink] = ()) -> Recording:
    """Run the target's case step by step, drawing the program's `picture(context)` if it has one."""
    program = target.program
    context = program.new_context(target.case, NullObserver())
    automaton = open_automaton(program.spec, context, engine, sinks, max_steps=program.max_steps(target.case))
    return record_run(automaton, context, program.extras.get("picture"), max_recorded_steps=max_steps)


@click.command("player", context_settings=CASE_CONTEXT)
@target_options
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True), required=True, callback=check_output_file,
              help="The HTML file to write.")
@click.option("--max-steps", type=click.IntRange(1, 10_000_000), default=DEFAULT_MAX_RECORDED_STEPS, show_default=True,
              help="Record at most this many steps (a longer run is shown up to there).")
@click.pass_context
def player_command(ctx: click.Context, target: str, spec_stem: str | None, case_name: str | None,
                   params: tuple[str, ...], engine: str, output: str, max_steps: int) -> None:
    """Write a step-through player of one run: a single HTML file with no outside resources.

    It shows the transition graph with the current state and the arc just taken highlighted, the
    protocol of the step, the inputs read and, when the program defines picture(context), the
    problem as it stands. Keys: Right/Left step, Space plays, Home/End jump.

    \b
    automata player knight-tour --board 5x5 --start 1,1 -o tour.html
    automata player specs/knight_tour.yaml --case "5x5 from 2,4: restart with the next move order" -o restart.html
    """
    chosen = resolve_target(target, spec_stem, case_name, params, ctx.args)
    recording = record_target(chosen, engine, max_steps)
    page = player_html(chosen.program.spec, recording, case=chosen.case_name)
    path = Path(output)
    write_atomically(path, page)
    pictures = f", {len(recording.frames):,} pictures" if recording.frames else ", no pictures"
    click.echo(f"{display_path(path)}: {recording.steps:,} steps{pictures}; {ending(chosen.program.spec, recording)}",
               err=True)
    click.echo(display_path(path))
