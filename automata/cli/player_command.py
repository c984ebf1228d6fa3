"""`automata player`: record one run and write the step-through player, one self-contained HTML file."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import click

from ..io.files import display_path, write_atomically
from ..io.html.player import ending
from ..io.html.simulate import simulate_html
from ..io.loader import load_spec
from ..runtime import playback
from ..runtime.playback import record_case
from ..runtime.recording import DEFAULT_MAX_RECORDED_STEPS, Recording
from ..runtime.trace import TraceSink
from .support import check_output_file
from .case_options import case_values
from .target import CASE_CONTEXT, Target, resolve_target, spec_of_target, target_options


def record_target(target: Target, engine: str = "transitions", max_steps: int = DEFAULT_MAX_RECORDED_STEPS,
                  sinks: Sequence[TraceSink] = ()) -> Recording:
    """Run the target's case step by step (runtime/playback.py)."""
    return record_case(target.program, target.case, engine, max_steps, sinks)


def player_page(target: Target, recording: Recording, links: Sequence[tuple[str, str]] = ()) -> str:
    return playback.player_page(target.program, target.case, target.case_name, recording, links)


@click.command("player", context_settings=CASE_CONTEXT)
@target_options
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True), required=True, callback=check_output_file,
              help="The HTML file to write.")
@click.option("--max-steps", type=click.IntRange(1, 10_000_000), default=DEFAULT_MAX_RECORDED_STEPS, show_default=True,
              help="Record at most this many steps (a longer run is shown up to there).")
@click.option("--simulate", is_flag=True,
              help="The spec alone, no program: the page lets you set the inputs and fire the arcs yourself.")
@click.pass_context
def player_command(ctx: click.Context, target: str, spec_stem: str | None, case_names: tuple[str, ...],
                   params: tuple[str, ...], engine: str, output: str, max_steps: int, simulate: bool) -> None:
    """Write a step-through player of one run: a single HTML file with no outside resources.

    It shows the transition graph with the current state and the arc just taken highlighted, the
    protocol of the step, the inputs read, the events beside the plain program's own protocol and,
    when the program defines picture(context), the problem as it stands. On a system of automata
    it steps into, over and out of the called and nested automata. Quiz mode asks which arc fires
    before each step. Keys: Right/Left step, Down/Up over/out, Space plays, Home/End jump, Q quiz,
    P projector. With --simulate the page runs the spec alone: you set the inputs.

    \b
    automata player knight-tour --board 5x5 --start 1,1 -o tour.html
    automata player queens --n 8 --algorithm mrv -o mrv.html
    automata player specs/knight_tour.yaml --case "5x5 from 2,4: restart with the next move order" -o restart.html
    automata player specs/knight_tour.yaml --simulate -o simulate.html
    """
    if simulate:
        write_simulator(target, spec_stem, case_names, params, ctx.args, ctx.command, Path(output))
        return
    chosen = resolve_target(target, spec_stem, case_names, params, ctx.args, ctx.command)
    recording = record_target(chosen, engine, max_steps)
    page = player_page(chosen, recording)
    path = Path(output)
    write_atomically(path, page)
    album = recording.album
    pictures = (", a picture at every step" if album.frames and album.stride == 1 else
                f", pictures at every step up to {album.dense_until:,} then every {album.stride:,} steps and at each "
                "step that matters" if album.frames else ", no pictures")
    click.echo(f"{display_path(path)}: {recording.steps:,} steps{pictures}; {ending(chosen.program.spec, recording)}",
               err=True)
    click.echo(display_path(path))
    if recording.failure is not None:  # the player shows the failed run; the exit code says it failed, as run's does
        raise recording.failure


def write_simulator(target: str, spec_stem: str | None, case_names: Sequence[str], params: Sequence[str],
                    extra: Sequence[str], command: click.Command, path: Path) -> None:
    """`--simulate`: the spec's page without running anything (its program is not even imported)."""
    values = case_values(params, extra, command)
    spec = load_spec(spec_of_target(target, spec_stem, values))  # takes out the option that picks the spec
    if case_names or values:
        raise click.UsageError("--simulate runs the spec alone: it takes no case (--case, -p or case options)")
    write_atomically(path, simulate_html(spec))
    click.echo(f"{display_path(path)}: a simulator of {spec.automaton} ({len(spec.states)} states, {len(spec.arcs)} arcs)",
               err=True)
    click.echo(display_path(path))
