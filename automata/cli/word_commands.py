"""`automata run`, `verify` and `replay` on a pure Mealy machine (a spec without a context): the
cases are words of events (`--word a,b,c`, `--words FILE`, `--random N`) or scenarios with the
outputs expected at each step (`--scenarios FILE`, `.sc` or YAML)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import click

from ..analysis.words import (
    WordCase,
    describe_mismatch,
    random_cases,
    replay,
    word_run,
    scenario_cases,
    verify_words,
    word_cases,
)
from ..errors import InputError
from ..io.files import display_path
from ..io.loader import load_spec
from ..model.spec import Spec
from ..model.words import symbol
from ..runtime.words import WORD_ENGINES, WordRun, WordRunner
from .support import BoundedInt, open_sinks, print_json, trace_options

MAX_WORDS_FILE = 64_000_000


def word_case_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """The cases of a pure Mealy machine: words, a file of words, scenarios, random words."""
    options = [
        click.option("--random-seed", "seed", type=BoundedInt(0, 2**32 - 1), default=0, show_default=True,
                     help="Seed of the random words."),
        click.option("--random-length", "length", type=BoundedInt(1, 100_000), default=20, show_default=True,
                     help="Letters per random word (fewer where the word reaches a state that defines no input)."),
        click.option("--random", "random_count", type=BoundedInt(1, 10_000_000), default=None, metavar="N",
                     help="N random words, each letter an input the state reached defines."),
        click.option("--scenarios", "scenarios_file", type=click.Path(dir_okay=False), default=None,
                     help="Scenarios: words with the outputs expected at each step (.sc of the EFSM tools, or YAML)."),
        click.option("--words", "words_file", type=click.Path(dir_okay=False), default=None,
                     help="A file of words, one a line (blank lines and lines starting with # skipped)."),
        click.option("--word", "words", multiple=True, metavar="A,B,C",
                     help="A word: input symbols (or event names) separated by commas; `E [x1 & !x2]` gives inputs."),
    ]
    for option in options:
        command = option(command)
    return command


def chosen_cases(spec: Spec, words: Sequence[str], words_file: str | None, scenarios_file: str | None,
                 random_count: int | None, length: int, seed: int, required: bool = True) -> list[WordCase]:
    """The cases the options name, in the order: --word, --words, --scenarios, --random."""
    cases = word_cases(spec, [(f"word {number}", text) for number, text in enumerate(words, start=1)])
    if words_file is not None:
        text, shown = _read(words_file)
        lines = [(f"{shown}:{number}", line) for number, line in enumerate(text.splitlines(), start=1)
                 if line.strip() and not line.lstrip().startswith("#")]
        cases += word_cases(spec, lines)
    if scenarios_file is not None:
        from ..io.interop.scenarios import read_scenarios

        text, shown = _read(scenarios_file)
        cases += scenario_cases(spec, read_scenarios(text, shown, _scenario_format(scenarios_file)), shown)
    if random_count is not None:
        cases += random_cases(spec, random_count, length, seed)
    if required and not cases:
        raise click.UsageError(f"{spec.automaton} is a pure Mealy machine (no context): give the words to run, with "
                               "--word A,B,C, --words FILE, --scenarios FILE or --random N")
    return cases


def _scenario_format(path: str) -> str | None:
    suffix = Path(path).suffix.lower()
    return "yaml" if suffix in (".yaml", ".yml") else "sc" if suffix == ".sc" else None


def _read(path: str) -> tuple[str, str]:
    from ..io.interop import read_text

    return read_text(path)


def _step_line(spec: Spec, letter_text: str, event: str, outputs: Sequence[str], names: bool) -> str:
    given = event if names else letter_text
    shown = ", ".join(outputs if names else (symbol(spec, name) for name in outputs))
    return f"{given}/{shown}"


def _run_document(spec: Spec, run: WordRun, names: bool) -> dict[str, Any]:
    document: dict[str, Any] = {
        "inputs": [step.letter.event if names else step.letter.text for step in run.steps],
        "outputs": [list(step.outputs) if names else [symbol(spec, name) for name in step.outputs]
                    for step in run.steps],
        "final_state": run.final_state,
    }
    if run.error:
        document["error"] = run.error
    return document


def make_word_run_command(spec_path: str, spec: Spec) -> click.Command:
    @click.command("run")
    @word_case_options
    @click.option("--impl", type=click.Choice(WORD_ENGINES), default="transitions", show_default=True,
                  help="Which runtime runs the words: the transitions engine, the generated code, the interpreter.")
    @click.option("--names", is_flag=True, help="Show events and outputs by name (e3/z1) instead of by symbol.")
    @trace_options
    @click.option("--json", "as_json", is_flag=True, help="Print one JSON document instead of text.")
    def run(words: tuple[str, ...], words_file: str | None, scenarios_file: str | None, random_count: int | None,
            length: int, seed: int, impl: str, names: bool, trace: str | None, protocol: str | None,
            as_json: bool) -> None:
        """Run a pure Mealy machine on words: one line `input/outputs` per step."""
        cases = chosen_cases(spec, words, words_file, scenarios_file, random_count, length, seed)
        documents = []
        failed = 0
        with open_sinks(trace, protocol, json_mode=as_json) as sinks:
            runner = WordRunner(spec, impl, sinks)
            for position, case in enumerate(cases):
                run = word_run(runner, case)
                failed += bool(run.error)
                if as_json:
                    documents.append(_run_document(spec, run, names))
                    continue
                if position:
                    click.echo()
                for step in run.steps:
                    click.echo(_step_line(spec, step.letter.text, step.letter.event, step.outputs, names))
                state = spec.states[run.final_state]
                click.echo(f"{spec.automaton}: {case.name}: {len(run.steps):,} steps, final state {run.final_state} "
                           f"({state.name})", err=True)
                if run.error:
                    click.echo(f"error: {run.error}", err=True)
        if as_json:
            shown = {"spec": display_path(spec.path)}
            one_word = len(words) == 1 and not words_file and not scenarios_file and random_count is None
            print_json({**shown, **documents[0]} if one_word else {**shown, "words": documents})
        if failed:
            raise click.exceptions.Exit(1)

    return run


def make_word_verify_command(spec_path: str, spec: Spec) -> click.Command:
    @click.command("verify")
    @word_case_options
    @click.option("--json", "as_json", is_flag=True, help="Print one JSON document instead of the table.")
    def verify(words: tuple[str, ...], words_file: str | None, scenarios_file: str | None, random_count: int | None,
               length: int, seed: int, as_json: bool) -> None:
        """Run each word on the transitions engine, the generated code and the interpreter, and
        compare their steps (and, for scenarios, the outputs expected)."""
        cases = chosen_cases(spec, words, words_file, scenarios_file, random_count, length, seed)
        verdicts = verify_words(spec, cases)
        differing = [verdict for verdict in verdicts if verdict.difference]
        steps = sum(len(verdict.runs["transitions"].steps) for verdict in verdicts)
        if as_json:
            print_json({"spec": display_path(spec.path), "runtimes": list(WORD_ENGINES), "agree": not differing,
                        "cases": len(verdicts), "steps": steps,
                        "differences": [{"case": verdict.case.name, "word": verdict.case.text,
                                         "difference": verdict.difference} for verdict in differing]})
        else:
            for verdict in differing[:20]:
                click.echo(f"{verdict.case.name}: DIFFER: {verdict.difference}")
            if len(differing) > 20:
                click.echo(f"... and {len(differing) - 20:,} more cases differ")
            agreeing = len(verdicts) - len(differing)
            click.echo(f"{'agree' if not differing else 'differ'}: {', '.join(WORD_ENGINES)} on {agreeing:,} of "
                       f"{len(verdicts):,} cases ({steps:,} steps)")
        if differing:
            raise click.exceptions.Exit(1)

    return verify


@click.command("replay")
@click.argument("spec_file", metavar="SPEC", type=click.Path(dir_okay=False))
@click.argument("scenario_file", metavar="FILE", type=click.Path(dir_okay=False))
@click.option("--format", "format_name", type=click.Choice(["sc", "yaml"]), default=None,
              help="The scenarios' format [default: from the file's name, else its content].")
@click.option("--impl", type=click.Choice(WORD_ENGINES), default="transitions", show_default=True,
              help="Which runtime runs the scenarios.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document instead of text.")
def replay_command(spec_file: str, scenario_file: str, format_name: str | None, impl: str, as_json: bool) -> None:
    """Run scenarios on a pure Mealy machine and report the first step whose outputs differ.

    FILE holds scenarios: the EFSM tools' `.sc` (a line of inputs `EVENT [guard]; ...`, the next
    line the outputs expected, `z1; ; z2`) or YAML (docs/interop.md). Exit 1 when a scenario's
    outputs differ from the machine's, or when the machine does not define an input it brings.
    """
    from ..io.interop.scenarios import read_scenarios

    spec = load_spec(spec_file)
    if not spec.is_pure:
        raise InputError(f"{display_path(spec.path)} has a context: replay runs pure Mealy machines (no `context:`)")
    text, shown = _read(scenario_file)
    scenarios = read_scenarios(text, shown, format_name or _scenario_format(scenario_file))
    cases = scenario_cases(spec, scenarios, shown)
    results = replay(spec, cases, impl)
    failing = [(case, mismatch) for case, mismatch in results if mismatch is not None]
    if as_json:
        print_json({"spec": display_path(spec.path), "scenarios": len(results), "passed": len(results) - len(failing),
                    "failures": [{"scenario": case.name, "step": mismatch.step, "line": mismatch.line,
                                  "input": mismatch.letter.text if mismatch.letter else None,
                                  "state": mismatch.state,
                                  "expected": list(mismatch.expected) if mismatch.expected is not None else None,
                                  "actual": list(mismatch.actual) if mismatch.actual is not None else None,
                                  "error": mismatch.error or None,
                                  "text": describe_mismatch(spec, mismatch)} for case, mismatch in failing]})
    else:
        for case, mismatch in failing:
            click.echo(f"{case.name}: {describe_mismatch(spec, mismatch)}")
        steps = sum(len(case.letters) for case, _ in results)
        click.echo(f"{len(results) - len(failing):,} of {len(results):,} scenarios pass ({steps:,} steps, {impl})")
    if failing:
        raise click.exceptions.Exit(1)
