"""The `automata equiv` and `automata minimize` commands: specs compared and minimized as Mealy machines."""

from __future__ import annotations

import dataclasses
from typing import Any

import click

from ..io.files import display_path, write_atomically
from .support import check_output_file, print_json


def _state_text(spec: Any, number: int) -> str:
    return f"{number} ({spec.states[number].name})"


def _ending_text(spec: Any, ending: Any) -> str:
    return f"{ending.how} in state {_state_text(spec, ending.state)}"


def _outputs_text(spec: Any, outputs: tuple[str, ...], with_calls: bool) -> str:
    if with_calls:  # names alone may hide the difference when the specs' names were matched differently
        return ", ".join(f"{name} ({spec.outputs[name].call})" if name in spec.outputs else name
                         for name in outputs) or "-"
    return ", ".join(outputs) or "-"


def _run_lines(first: Any, second: Any, run: Any, title: str, lock_step: bool, with_calls: bool) -> list[str]:
    skipping = "one step" if lock_step else "held across the steps without outputs that follow"
    lines = [(f"  {title}, sending {run.event} from the initial states {first.initial} and {second.initial} "
              f"(each line one valuation, {skipping}):")]
    rows = [("#", "inputs", "first outputs", "second outputs")]
    for number, letter in enumerate(run.letters, start=1):
        inputs = " ".join(f"{name}={int(value)}" for name, value in letter.valuation) or "(no inputs tested)"
        rows.append((str(number), inputs, _outputs_text(first, letter.outputs[0], with_calls),
                     _outputs_text(second, letter.outputs[1], with_calls)))
    if len(rows) > 1:
        widths = [max(len(row[column]) for row in rows) for column in range(3)]
        lines += [f"    {row[0]:>{widths[0]}}  {row[1]:<{widths[1]}}  {row[2]:<{widths[2]}}  {row[3]}" for row in rows]
    lines.append(f"  then the first {_ending_text(first, run.endings[0])}, "
                 f"the second {_ending_text(second, run.endings[1])}")
    return lines


def _run_json(first: Any, second: Any, run: Any) -> dict[str, Any]:
    def ending(spec: Any, end: Any) -> dict[str, Any]:
        return {"how": end.how, "state": end.state, "name": spec.states[end.state].name}

    return {
        "event": run.event,
        "sequence": [{"inputs": dict(letter.valuation), "first": list(letter.outputs[0]), "second": list(letter.outputs[1])}
                     for letter in run.letters],
        "first": ending(first, run.endings[0]),
        "second": ending(second, run.endings[1]),
    }


def _in_own_names(difference: Any, matching: Any) -> Any:
    """The difference with the second spec's outputs under its own names (the comparison renamed
    them into the first's); the inputs stay in the first spec's names."""
    if difference is None:
        return None
    back = {new: old for old, new in matching.second_to_first().items()}

    def own(run: Any) -> Any:
        return dataclasses.replace(run, letters=tuple(
            dataclasses.replace(letter, outputs=(letter.outputs[0], tuple(back.get(name, name) for name in letter.outputs[1])))
            for letter in run.letters))

    return dataclasses.replace(difference, run=own(difference.run),
                               earlier=own(difference.earlier) if difference.earlier is not None else None)


@click.command("equiv")
@click.argument("first_file", metavar="A.yaml", type=click.Path(dir_okay=False))
@click.argument("second_file", metavar="B.yaml", type=click.Path(dir_okay=False))
@click.option("--map", "mappings", multiple=True, metavar="A=B,...",
              help="Pairs of names, the first spec's = the second's: --map x1=x3,z2=z1 (inputs or outputs).")
@click.option("--by-call", is_flag=True,
              help="Match the names --map leaves by the context method they call, instead of by name.")
@click.option("--lock-step", is_flag=True,
              help="Observe every step, even one without outputs [default: skip such steps].")
@click.option("--final-numbers", is_flag=True,
              help="Final states correspond only when they have the same number [default: one to one, any numbers].")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document instead of text.")
def equiv_command(first_file: str, second_file: str, mappings: tuple[str, ...], by_call: bool, lock_step: bool,
                  final_numbers: bool, as_json: bool) -> None:
    """Decide whether two specs are the same Mealy machine.

    Equivalent (exit 0): from their initial states, on every sequence of input valuations their
    guards can see, the two call the same outputs in the same order, fail alike and stop in
    corresponding final states; states may be numbered and named differently. Not equivalent
    (exit 1): the shortest sequence of valuations that tells them apart, with both output sequences.
    docs/equivalence.md gives the rules (priorities, may_stay, on_enter, final states, events).
    """
    from ..analysis.equiv import (
        BY_CALL,
        BY_NAME,
        MATCHED,
        SAME_NUMBERS,
        TooManyInputs,
        compare_specs,
        parse_mapping,
    )
    from ..analysis.equiv.matching import call_differences
    from ..errors import InputError
    from ..io.loader import load_spec

    first, second = load_spec(first_file), load_spec(second_file)
    pairs = [pair for text in mappings for pair in parse_mapping(text)]
    try:
        matching, comparison = compare_specs(first, second, by=BY_CALL if by_call else BY_NAME, mapping=pairs,
                                             skip_silent=not lock_step, finals=SAME_NUMBERS if final_numbers else MATCHED)
    except TooManyInputs as error:
        raise InputError(f"cannot compare {first_file} and {second_file} exactly: a pair of states tests {error}") from None
    names = [display_path(first.path), display_path(second.path)]
    calls = call_differences(first, second, matching)
    for mine, theirs, call, other_call in calls:
        click.echo(f"warning: {mine} calls {call} in the first spec, {theirs} calls {other_call} in the second "
                   "(--by-call matches what the context sees)", err=True)
    difference = _in_own_names(comparison.difference, matching)
    if as_json:
        document: dict[str, Any] = {
            "first": names[0], "second": names[1], "equivalent": difference is None,
            "steps": "lock-step" if lock_step else "outputs", "finals": SAME_NUMBERS if final_numbers else MATCHED,
            "matched": dict(matching.pairs), "only_first": list(matching.only_first),
            "only_second": list(matching.only_second), "calls_differ": [list(row) for row in calls],
            "pairs_of_states": len(comparison.pairs),
            "final_states": {str(mine): theirs for mine, theirs in sorted(comparison.finals.items())},
        }
        if difference is not None:
            document["difference"] = {"why": difference.why, **_run_json(first, second, difference.run)}
            if difference.earlier is not None:
                document["difference"]["earlier"] = _run_json(first, second, difference.earlier)
        print_json(document)
    else:
        click.echo("\n".join(_text(names, first, second, matching, comparison, difference, lock_step)))
    if difference is not None:
        raise click.exceptions.Exit(1)


def _text(names: list[str], first: Any, second: Any, matching: Any, comparison: Any, difference: Any,
          lock_step: bool) -> list[str]:
    lines = []
    renamed = [f"{mine}={theirs}" for mine, theirs in matching.pairs if mine != theirs]
    if renamed:
        lines.append(f"matched names (first=second): {' '.join(renamed)}")
    for label, only in (("only the first declares", matching.only_first), ("only the second declares", matching.only_second)):
        if only:
            lines.append(f"{label}: {' '.join(only)}")
    steps = "step by step" if lock_step else "steps without outputs skipped"
    if difference is None:
        finals = " ".join(f"{mine}={theirs}" for mine, theirs in sorted(comparison.finals.items()))
        lines.append(f"{names[0]} and {names[1]} are equivalent ({steps}; {len(comparison.pairs)} pairs of states "
                     f"reachable together; final states {finals or 'never reached'})")
        return lines
    lines.append(f"{names[0]} and {names[1]} are not equivalent: {difference.why}")
    lines += _run_lines(first, second, difference.run, "the shortest run that tells them apart", lock_step,
                        matching.renames)
    if difference.earlier is not None:
        lines += _run_lines(first, second, difference.earlier, "while this earlier run paired the final states otherwise",
                            lock_step, matching.renames)
    return lines


@click.command("minimize")
@click.argument("spec_file", metavar="SPEC", type=click.Path(dir_okay=False))
@click.option("-o", "--output", type=click.Path(dir_okay=False), default=None, callback=check_output_file,
              help="Write the minimal spec here [default: print it].")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document (with the spec's text if no -o).")
def minimize_command(spec_file: str, output: str | None, as_json: bool) -> None:
    """Write the minimal spec equivalent to SPEC, step for step.

    States no run can tell apart are merged (named after the merged ones, e.g. "Searching +
    Checking"), states no run reaches are left out, final states are never merged.
    """
    from ..analysis.equiv import minimize, spec_text
    from ..io.loader import load_spec

    spec = load_spec(spec_file)
    result = minimize(spec)
    merged = [" + ".join(str(number) for number in block) for block in result.merged]
    summary = (f"{display_path(spec.path)}: {len(spec.states)} states, {len(spec.states) - len(result.unreachable)} "
               f"reachable, {len(result.spec.states)} in the minimal spec"
               + (f" (merged: {'; '.join(merged)})" if merged else "")
               + (f" (unreachable, left out: {', '.join(map(str, result.unreachable))})" if result.unreachable else ""))
    comment = (f"The minimal equivalent of {display_path(spec.path)}, written by `automata minimize`."
               + (f"\nMerged states: {'; '.join(merged)}." if merged else ""))
    text = spec_text(result.spec, comment)
    if output is not None:
        write_atomically(output, text)
    if as_json:
        print_json({
            "spec": display_path(spec.path), "states": len(spec.states), "unreachable": list(result.unreachable),
            "minimal_states": len(result.spec.states),
            "merged": [{"states": list(block), "into": block[0], "name": result.spec.states[block[0]].name}
                       for block in result.merged],
            "output": display_path(output) if output else None, **({} if output else {"text": text}),
        })
        return
    click.echo(summary, err=True)
    click.echo(display_path(output) if output else text, nl=bool(output))
