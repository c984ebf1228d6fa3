"""The `automata equiv` and `automata minimize` commands: specs compared and minimized as Mealy machines."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import click

from ..io.files import display_path, write_atomically
from .support import check_output_file, print_json


def _state_text(spec: Any, number: int) -> str:
    return f"{number} ({spec.states[number].name})"


def _ending_text(spec: Any, ending: Any) -> str:
    if ending.where:  # inside a step of a system's root: where each automaton under way is
        return f"{ending.how} with {ending.where}"
    return f"{ending.how} in state {_state_text(spec, ending.state)}"


def _event_text(spec: Any, event: str) -> str:
    """An event as a run shows it: a pure Mealy machine's with its symbol."""
    from ..model.words import symbol

    shown = symbol(spec, event) if spec.is_pure and event in spec.events else event
    return f"{event} ({shown})" if shown != event else event


def _outputs_text(calls: dict[str, str], outputs: tuple[str, ...], with_calls: bool) -> str:
    if with_calls:  # names alone may hide the difference when the specs' names were matched differently
        return ", ".join(f"{name} ({calls[name]})" if name in calls else name for name in outputs) or "-"
    return ", ".join(outputs) or "-"


def _run_lines(first: Any, second: Any, calls: tuple[dict[str, str], dict[str, str]], run: Any, title: str,
               lock_step: bool, with_calls: bool) -> list[str]:
    skipping = "one step" if lock_step else "held across the steps without outputs that follow"
    events = {letter.event for letter in run.letters if letter.event}
    sending = f"sending {_event_text(first, run.event)}" if len(events) <= 1 else "sending the events shown"
    lines = [(f"  {title}, {sending} from the initial states {first.initial} and {second.initial} "
              f"(each line one valuation, {skipping}):")]
    rows = [("#", "inputs", "first outputs", "second outputs")]
    for number, letter in enumerate(run.letters, start=1):
        inputs = " ".join(f"{name}={int(value)}" for name, value in letter.valuation) or "(no inputs tested)"
        if len(events) > 1:
            inputs = f"{_event_text(first, letter.event) if letter.event else '(same step)'}: {inputs}"
        rows.append((str(number), inputs, _outputs_text(calls[0], letter.outputs[0], with_calls),
                     _outputs_text(calls[1], letter.outputs[1], with_calls)))
    if len(rows) > 1:
        widths = [max(len(row[column]) for row in rows) for column in range(3)]
        lines += [f"    {row[0]:>{widths[0]}}  {row[1]:<{widths[1]}}  {row[2]:<{widths[2]}}  {row[3]}" for row in rows]
    lines.append(f"  then the first {_ending_text(first, run.endings[0])}, "
                 f"the second {_ending_text(second, run.endings[1])}")
    return lines


def _run_json(first: Any, second: Any, run: Any) -> dict[str, Any]:
    def ending(spec: Any, end: Any) -> dict[str, Any]:
        shown = {"how": end.how, "state": end.state, "name": spec.states[end.state].name}
        return {**shown, "where": end.where} if end.where else shown

    return {
        "event": run.event,
        "sequence": [{"inputs": dict(letter.valuation), "first": list(letter.outputs[0]), "second": list(letter.outputs[1]),
                      "event": letter.event} for letter in run.letters],
        "first": ending(first, run.endings[0]),
        "second": ending(second, run.endings[1]),
    }


def _in_own_names(difference: Any, first_name: Callable[[str], str], second_name: Callable[[str], str]) -> Any:
    """The difference with each side's outputs under its own names (the comparison renamed the
    second's into the first's); the inputs stay in the first's names."""
    if difference is None:
        return None

    def own(run: Any) -> Any:
        return dataclasses.replace(run, letters=tuple(
            dataclasses.replace(letter, outputs=(tuple(map(first_name, letter.outputs[0])),
                                                 tuple(map(second_name, letter.outputs[1]))))
            for letter in run.letters))

    return dataclasses.replace(difference, run=own(difference.run),
                               earlier=own(difference.earlier) if difference.earlier is not None else None)


@dataclass(frozen=True)
class _Compared:
    """What the command prints, for two single specs or two systems alike."""

    matching: Any  # a Matching: pairs, only_first, only_second (qualified names for systems)
    comparison: Any
    difference: Any  # in each side's own names
    calls: tuple[dict[str, str], dict[str, str]]  # output name -> method, for each side
    call_differences: list[tuple[str, str, str, str]]
    automata: tuple[tuple[str, str], ...] = ()  # systems: the automata paired by name


def _compare_singles(first: Any, second: Any, by: str, pairs: list[tuple[str, str]], skip_silent: bool,
                     finals: str) -> _Compared:
    from ..analysis.equiv import compare_specs
    from ..analysis.equiv.matching import call_differences

    matching, comparison = compare_specs(first, second, by=by, mapping=pairs, skip_silent=skip_silent, finals=finals)
    back = {new: old for old, new in matching.second_to_first().items()}
    difference = _in_own_names(comparison.difference, lambda name: name, lambda name: back.get(name, name))
    calls = (_shown_calls(first), _shown_calls(second))
    return _Compared(matching, comparison, difference, calls, call_differences(first, second, matching))


def _shown_calls(spec: Any) -> dict[str, str]:
    """What each output is shown with: the method it calls, or a pure Mealy machine's symbol."""
    from ..model.words import symbol

    return {name: symbol(spec, name) if spec.is_pure else decl.call for name, decl in spec.outputs.items()}


def _compare_systems(first: Any, second: Any, by: str, pairs: list[tuple[str, str]], skip_silent: bool,
                     finals: str) -> _Compared:
    from ..analysis.equiv import compare_systems, system_of
    from ..analysis.equiv.system_matching import call_differences

    systems = system_of(first), system_of(second)
    matching, comparison = compare_systems(*systems, by=by, mapping=pairs, skip_silent=skip_silent, finals=finals)
    difference = _in_own_names(comparison.difference, lambda key: matching.own_name(key, False),
                               lambda key: matching.own_name(key, True))
    calls = tuple({f"{spec.automaton}.{name}": decl.call for spec in system for name, decl in spec.outputs.items()}
                  for system in systems)
    return _Compared(matching.matching, comparison, difference, calls,  # type: ignore[arg-type]
                     call_differences(*systems, matching), matching.automata)


@click.command("equiv")
@click.argument("first_file", metavar="A.yaml", type=click.Path(dir_okay=False))
@click.argument("second_file", metavar="B.yaml", type=click.Path(dir_okay=False))
@click.option("--map", "mappings", multiple=True, metavar="A=B,...",
              help="Pairs of names, the first spec's = the second's: --map x1=x3,z2=z1 (inputs or outputs); in a "
                   "system, A1.x1=A3.x2 for an automaton's input or output and A1=A3 for an automaton.")
@click.option("--by-call", is_flag=True,
              help="Match the names --map leaves by the context method they call, instead of by name "
                   "[default: by name; by symbol (events too) when both specs are pure Mealy machines].")
@click.option("--lock-step", is_flag=True,
              help="Observe every step, even one without outputs [default: skip such steps; always for pure Mealy "
                   "specs, whose words are observed letter by letter].")
@click.option("--final-numbers", is_flag=True,
              help="Final states correspond only when they have the same number [default: one to one, any numbers].")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document instead of text.")
def equiv_command(first_file: str, second_file: str, mappings: tuple[str, ...], by_call: bool, lock_step: bool,
                  final_numbers: bool, as_json: bool) -> None:
    """Decide whether two specs are the same Mealy machine.

    Equivalent (exit 0): from their initial states, on every sequence of events and input
    valuations their guards can see, the two call the same outputs in the same order, fail alike
    and stop in corresponding final states; states may be numbered and named differently. A spec
    that names other automata is compared as the whole system it heads: every automaton it calls,
    nests or tests takes part. Not equivalent (exit 1): the shortest sequence that tells them
    apart, with both output sequences. docs/equivalence.md gives the rules.
    """
    from ..analysis.equiv import (
        BY_CALL,
        BY_NAME,
        BY_SYMBOL,
        MATCHED,
        SAME_NUMBERS,
        NotComparable,
        TooManyInputs,
        parse_mapping,
    )
    from ..errors import InputError
    from ..io.loader import load_spec

    first, second = load_spec(first_file), load_spec(second_file)
    pairs = [pair for text in mappings for pair in parse_mapping(text)]
    finals = SAME_NUMBERS if final_numbers else MATCHED
    # Two pure Mealy machines (imports, say) number their symbols in the order each file first writes
    # them: the symbols, not the names, say which event or output is which.
    both_pure = first.is_pure and second.is_pure
    by = BY_CALL if by_call else BY_SYMBOL if both_pure else BY_NAME
    systems = first.is_system or second.is_system
    # A pure Mealy machine's word is observed letter by letter: a step without outputs is a step.
    lock_step = lock_step or first.is_pure or second.is_pure
    try:
        compared = (_compare_systems if systems else _compare_singles)(first, second, by, pairs, not lock_step, finals)
    except TooManyInputs as error:
        raise InputError(f"cannot compare {first_file} and {second_file} exactly: a pair of states tests {error}") from None
    except NotComparable as error:
        raise InputError(f"cannot compare {first_file} and {second_file} exactly: {error}") from None
    names = [display_path(first.path), display_path(second.path)]
    for mine, theirs, call, other_call in compared.call_differences:
        click.echo(f"warning: {mine} calls {call} in the first spec, {theirs} calls {other_call} in the second "
                   "(--by-call matches what the context sees)", err=True)
    comparison, difference, matching = compared.comparison, compared.difference, compared.matching
    if as_json:
        document: dict[str, Any] = {
            "first": names[0], "second": names[1], "equivalent": difference is None,
            "steps": "lock-step" if lock_step else "outputs", "finals": finals,
            "matched": dict(matching.pairs), "only_first": list(matching.only_first),
            "only_second": list(matching.only_second), "calls_differ": [list(row) for row in compared.call_differences],
            "pairs_of_states": len(comparison.pairs),
            "final_states": {str(mine): theirs for mine, theirs in sorted(comparison.finals.items())},
        }
        if systems:
            document["system"] = True
            document["automata"] = dict(compared.automata)
        if difference is not None:
            document["difference"] = {"why": difference.why, **_run_json(first, second, difference.run)}
            if difference.earlier is not None:
                document["difference"]["earlier"] = _run_json(first, second, difference.earlier)
        print_json(document)
    else:
        click.echo("\n".join(_text(names, first, second, compared, lock_step, systems)))
    if difference is not None:
        raise click.exceptions.Exit(1)


def _text(names: list[str], first: Any, second: Any, compared: _Compared, lock_step: bool, systems: bool) -> list[str]:
    lines = []
    matching, comparison, difference = compared.matching, compared.comparison, compared.difference
    renamed = [f"{mine}={theirs}" for mine, theirs in matching.pairs if mine != theirs]
    if renamed:
        lines.append(f"matched names (first=second): {' '.join(renamed)}")
    for label, only in (("only the first declares", matching.only_first), ("only the second declares", matching.only_second)):
        if only:
            lines.append(f"{label}: {' '.join(only)}")
    steps = "step by step" if lock_step else "steps without outputs skipped"
    whole = "systems of automata, compared as a whole; " if systems else ""
    if difference is None:
        finals = " ".join(f"{mine}={theirs}" for mine, theirs in sorted(comparison.finals.items()))
        together = "configurations" if systems else "pairs of states"
        lines.append(f"{names[0]} and {names[1]} are equivalent ({whole}{steps}; {len(comparison.pairs)} {together} "
                     f"reachable together; final states {finals or 'never reached'})")
        return lines
    lines.append(f"{names[0]} and {names[1]} are not equivalent{' as systems' if systems else ''}: {difference.why}")
    with_calls = any(mine != theirs for mine, theirs in matching.pairs)
    lines += _run_lines(first, second, compared.calls, difference.run, "the shortest run that tells them apart",
                        lock_step, with_calls)
    if difference.earlier is not None:
        lines += _run_lines(first, second, compared.calls, difference.earlier,
                            "while this earlier run paired the final states otherwise", lock_step, with_calls)
    return lines


def _relocated(spec: Any, output: str) -> Any:
    """The spec with its `automata:` paths written relative to the folder `output` is in, so that
    the written root finds its automata there (a system's automata lie in its spec's folder or below)."""
    from pathlib import Path

    from ..errors import InputError

    if not spec.automata:
        return spec
    source, target = Path(spec.path).resolve().parent, Path(output).resolve().parent
    refs = {}
    for name, ref in spec.automata.items():
        file = (source / ref.path).resolve()
        if not file.is_relative_to(target):
            raise InputError(f"cannot write the minimized system root to {display_path(output)}: its automaton {name} "
                             f"({display_path(file)}) would lie outside the new spec's folder, and a system's automata "
                             f"must lie in its spec's folder or below it; write it in {display_path(source)}")
        refs[name] = dataclasses.replace(ref, path=file.relative_to(target).as_posix())
    return dataclasses.replace(spec, automata=refs)


@click.command("minimize")
@click.argument("spec_file", metavar="SPEC", type=click.Path(dir_okay=False))
@click.option("-o", "--output", type=click.Path(dir_okay=False), default=None, callback=check_output_file,
              help="Write the minimal spec here [default: print it].")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document (with the spec's text if no -o).")
def minimize_command(spec_file: str, output: str | None, as_json: bool) -> None:
    """Write the minimal spec equivalent to SPEC, step for step.

    States no run can tell apart are merged (named after the merged ones, e.g. "Searching +
    Checking"), states no run reaches are left out, final states are never merged. The root of a
    system is minimized inside its system and keeps its automata, calls and nesting.
    """
    from ..analysis.equiv import TooManyInputs, minimize, spec_text
    from ..errors import InputError
    from ..io.loader import load_spec, load_system, spec_from_text

    spec = load_spec(spec_file)
    placed = _relocated(spec, output) if output else spec
    try:
        result = minimize(spec)
    except TooManyInputs as error:
        raise InputError(f"cannot minimize {spec_file} exactly: its states test {error}") from None
    merged = [" + ".join(str(number) for number in block) for block in result.merged]
    summary = (f"{display_path(spec.path)}: {len(spec.states)} states, {len(spec.states) - len(result.unreachable)} "
               f"reachable, {len(result.spec.states)} in the minimal spec"
               + (f" (merged: {'; '.join(merged)})" if merged else "")
               + (f" (unreachable, left out: {', '.join(map(str, result.unreachable))})" if result.unreachable else ""))
    comment = (f"The minimal equivalent of {display_path(spec.path)}, written by `automata minimize`."
               + (f"\nMerged states: {'; '.join(merged)}." if merged else ""))
    text = spec_text(dataclasses.replace(result.spec, automata=placed.automata), comment)
    if spec.is_system:  # what is written must find its automata where it is written
        load_system(spec_from_text(text, str(output or spec.path)))
    if output is not None:
        write_atomically(output, text)
    if as_json:
        print_json({
            "spec": display_path(spec.path), "states": len(spec.states), "unreachable": list(result.unreachable),
            "minimal_states": len(result.spec.states),
            "merged": [{"states": list(block), "into": block[0], "name": result.spec.states[block[0]].name}
                       for block in result.merged],
            "output": display_path(output) if output is not None else None,
            **({} if output is not None else {"text": text}),
        })
        return
    click.echo(summary, err=True)
    click.echo(display_path(output) if output is not None else text, nl=output is not None)
