"""`automata campaign`: run many random machines on the three runtimes and report any disagreement.

    automata campaign                               # 300 machines, a new seed, every core
    automata campaign --examples 5000 --seed 7      # the same 5,000 machines every time
    automata campaign --systems --jobs 1            # systems of three automata, in this process
    automata campaign --examples 100000 --scheduler tcp://alpha:8786 --json

The machines are those of tests/test_random_machines.py (and tests/test_system_machines.py with
--systems), drawn by hypothesis in chunks of 50 with seeds derived from --seed: the machines tried,
and so the output, are the same whatever --jobs or --scheduler (automata/analysis/campaign.py).
Exit 0 when the transitions engine, the generated code and the interpreter agree on every machine;
1 when some machine makes them differ (the first such machine is shown, shrunk by hypothesis);
130 when interrupted, after showing what the finished chunks found.
"""

from __future__ import annotations

import random
from typing import Any

import click

from ..errors import InputError
from ..sweep import Interrupted
from .support import BoundedInt, print_json, sweep_options, sweep_settings

HYPOTHESIS_HINT = "pip install 'automata-search[test]'"


def _campaign_module() -> Any:
    """automata.analysis.campaign, which needs hypothesis (the `test` extra, not a core dependency)."""
    try:
        from ..analysis import campaign
    except ModuleNotFoundError as error:
        if (error.name or "").split(".")[0] != "hypothesis":
            raise
        raise InputError(f"automata campaign draws its machines with hypothesis, which is not installed: "
                         f"{HYPOTHESIS_HINT}") from None
    return campaign


@click.command("campaign")
@click.option("--examples", type=BoundedInt(1, 10_000_000), default=300, show_default=True,
              help="Random machines to try (in chunks of 50, each a hypothesis search of its own).")
@click.option("--seed", type=BoundedInt(0, 999_999_999_999), default=None,
              help="The campaign's seed: the same seed tries the same machines [default: a new one, printed].")
@click.option("--systems", is_flag=True,
              help="Random systems of three automata (calls, nesting, state tests) instead of single machines.")
@sweep_options
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document instead of text.")
def campaign_command(examples: int, seed: int | None, systems: bool, jobs: int | None, scheduler: str | None,
                     as_json: bool) -> None:
    """Run random machines on the engine, the generated code and the interpreter; report any disagreement.

    Each machine runs on the three runtimes, traced and plain; they must give the same step records,
    the same context calls in the same order and the same result or error. Exit 1 when they do not,
    with the first disagreeing machine (the smallest hypothesis found) and the first differing step.
    """
    campaign = _campaign_module()
    seed = random.SystemRandom().randrange(1_000_000_000) if seed is None else seed
    chunks = campaign.plan(examples, seed, systems)
    sweep = sweep_settings(jobs, scheduler, "campaign chunks")
    interrupted: Interrupted | None = None
    try:
        results = sweep.map(campaign.run_chunk, chunks, chunksize=1)
    except Interrupted as stop:
        interrupted, results = stop, stop.results
    report = campaign.CampaignReport(examples, seed, systems, len(chunks), results)
    if as_json:
        print_json(report.as_json())
    else:
        _print_report(report)
    if interrupted is not None:
        click.echo(f"{interrupted}: the output above covers those chunks only", err=True)
        raise click.exceptions.Exit(interrupted.exit_code)
    if report.disagreements:
        raise click.exceptions.Exit(1)


def _print_report(report: Any) -> None:
    kind = "systems" if report.systems else "machines"
    click.echo(f"campaign: {report.examples:,} random {kind}, seed {report.seed}, "
               f"{report.chunks:,} chunk{'s' if report.chunks != 1 else ''}")
    click.echo(f"{kind} tried: {report.machines:,}")
    click.echo(f"steps run: {report.steps:,}")
    found = report.disagreements
    if not found:
        ending = "so far" if report.interrupted else f"on every {kind[:-1]}"
        click.echo(f"no disagreement: the transitions engine, the generated code and the interpreter agree {ending}")
        return
    first = found[0]
    others = f"{len(found)} of {report.chunks:,} chunks found one; the first is shown" if len(found) > 1 else "the only one"
    click.echo(f"DISAGREEMENT in chunk {first.chunk} ({others}, the smallest hypothesis found after "
               f"{first.shrink_candidates:,} shrinking runs)")
    click.echo(first.difference.describe())
    click.echo(f"inputs answer in turn, cyclically: {first.answers}; step limit {first.max_steps}")
    for name, text in first.files:
        click.echo(f"--- {name}")
        click.echo(text, nl=False)
    flag = " --systems" if report.systems else ""
    click.echo(f"reproduce: automata campaign --examples {report.examples} --seed {report.seed}{flag}")
