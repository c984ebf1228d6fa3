"""Pieces every problem's click commands share: option parsing, trace sinks, JSON, progress."""

from __future__ import annotations

import contextlib
import json
import re
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

import click

from ..analysis.verify import Verdict
from ..runtime.trace import PROTOCOL_KINDS, JsonlSink, ProtocolSink, TraceSink

T = TypeVar("T")

IMPLEMENTATIONS = ("iterative", "recursive", "automaton", "generated")
AUTOMATON_IMPLEMENTATIONS = ("automaton", "generated")


def trace_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """Add --trace FILE and --protocol; the command receives `trace` and `protocol`."""
    command = click.option(
        "--protocol", is_flag=False, flag_value="all", default=None, metavar="[LINES]",
        help="Print the methodology's step-by-step protocol of the automaton. Optionally name the kinds of"
        " lines to keep, e.g. --protocol=input,output (kinds: start, input, output, transition, finish).",
    )(command)
    command = click.option(
        "--trace", type=click.Path(dir_okay=False, writable=True), default=None,
        help="Write the automaton's trace as JSON Lines to this file.",
    )(command)
    return command


def require_automaton_for_traces(impl: str, trace: str | None, protocol: bool) -> None:
    if (trace or protocol) and impl not in AUTOMATON_IMPLEMENTATIONS:
        flag = "--trace" if trace else "--protocol"
        raise click.UsageError(f"{flag} records an automaton's steps: use it with --impl automaton or --impl generated")


@contextlib.contextmanager
def open_sinks(trace: str | None, protocol: bool, json_mode: bool = False) -> Iterator[list[TraceSink]]:
    """The sinks the options ask for; the protocol goes to stdout, or stderr when stdout carries JSON."""
    sinks: list[TraceSink] = []
    try:
        if trace:
            try:
                sinks.append(JsonlSink(trace))
            except OSError as error:
                raise click.BadParameter(f"cannot write {trace}: {error.strerror}", param_hint="--trace") from None
        if protocol:
            sinks.append(ProtocolSink(sys.stderr if json_mode else sys.stdout, protocol_kinds(protocol)))
        yield sinks
    finally:
        for sink in sinks:
            sink.close()


def protocol_kinds(value: str | bool) -> frozenset[str]:
    """The protocol line kinds named by --protocol's value ("all", or a comma-separated list)."""
    if value is True or value == "all":
        return PROTOCOL_KINDS
    kinds = frozenset(part.strip() for part in str(value).split(",") if part.strip())
    unknown = sorted(kinds - PROTOCOL_KINDS)
    if unknown or not kinds:
        raise click.BadParameter(
            f"unknown kind of line {unknown[0]!r}" if unknown else "name at least one kind of line",
            param_hint="--protocol",
        ) from None
    return kinds


def impl_option(default: str = "automaton", allow_all: bool = False) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    choices = IMPLEMENTATIONS + (("all",) if allow_all else ())
    return click.option(
        "--impl", type=click.Choice(choices), default=default, show_default=True,
        help="Which implementation runs: the iterative or recursive reference, the automaton on transitions,"
        " or the code generated from the spec" + ("; 'all' runs every one" if allow_all else "") + ".",
    )


def impls_to_verify(impl: str, reference: str = "iterative") -> list[str]:
    """What `verify --impl IMPL` runs: every implementation for `all`, else the reference and IMPL."""
    return list(IMPLEMENTATIONS) if impl == "all" else list(dict.fromkeys([reference, impl]))


def print_json(document: Any) -> None:
    click.echo(json.dumps(document, indent=2, ensure_ascii=False))


def parse_board(text: str, max_side: int = 100, max_cells: int = 10_000) -> tuple[int, int]:
    match = re.fullmatch(r"\s*(\d+)\s*[xX×]\s*(\d+)\s*", text)
    if not match:
        raise click.BadParameter(f"expected ROWSxCOLUMNS such as 8x8, got '{text}'", param_hint="--board")
    rows, cols = int(match.group(1)), int(match.group(2))
    if not (1 <= rows <= max_side and 1 <= cols <= max_side):
        raise click.BadParameter(f"each side must be 1..{max_side}, got {rows}x{cols}", param_hint="--board")
    if rows * cols > max_cells:
        raise click.BadParameter(f"at most {max_cells:,} cells, got {rows * cols:,}", param_hint="--board")
    return rows, cols


def parse_cell(text: str, param_hint: str = "--start") -> tuple[int, int]:
    match = re.fullmatch(r"\s*(\d+)\s*,\s*(\d+)\s*", text)
    if not match:
        raise click.BadParameter(f"expected ROW,COLUMN such as 1,1, got '{text}'", param_hint=param_hint)
    return int(match.group(1)), int(match.group(2))


def parse_int_list(text: str, param_hint: str = "") -> list[int]:
    try:
        return [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise click.BadParameter(f"expected whole numbers separated by commas, got '{text}'", param_hint=param_hint) from None


@contextlib.contextmanager
def progress(items: Iterable[T], label: str, length: int | None = None) -> Iterator[Iterator[T]]:
    """Progress of a long sweep on stderr (a bar on a terminal, nothing when stderr is redirected)."""
    with click.progressbar(items, length=length, label=label, file=sys.stderr, show_pos=True) as bar:
        yield iter(bar)


def verdict_text(verdict: Verdict) -> str:
    names = ", ".join(verdict.runs)
    if verdict.agree:
        counts = {len(run.events) for run in verdict.runs.values()}
        count = counts.pop() if len(counts) == 1 else "?"
        return f"agree: {names} emitted the same {count} events and returned the same result"
    assert verdict.divergence is not None
    return "DIFFER: " + verdict.divergence.describe()
