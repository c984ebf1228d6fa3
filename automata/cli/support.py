"""Pieces every problem's click commands share: option parsing, trace sinks, JSON, progress."""

from __future__ import annotations

import contextlib
import dataclasses
import json
import re
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

import click

from ..analysis.verify import Verdict
from ..io.files import output_file_problem, output_folder_problem
from ..runtime.trace import PROTOCOL_KINDS, JsonlSink, ProtocolSink, TraceSink
from .terminal import raw

T = TypeVar("T")

IMPLEMENTATIONS = ("iterative", "recursive", "automaton", "generated")
AUTOMATON_IMPLEMENTATIONS = ("automaton", "generated")


def trace_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """Add --trace FILE and --protocol; the command receives `trace` and `protocol` (both checked
    while the command line is parsed, before any work)."""
    command = click.option(
        "--protocol", is_flag=False, flag_value="all", default=None, metavar="[LINES]", callback=_check_protocol,
        help="Print the methodology's step-by-step protocol of the automaton. Optionally name the kinds of"
        " lines to keep, e.g. --protocol=input,output (kinds: start, input, output, transition, finish).",
    )(command)
    command = click.option(
        "--trace", type=click.Path(dir_okay=False, writable=True), default=None, callback=check_output_file,
        help="Write the automaton's trace as JSON Lines to this file.",
    )(command)
    return command


def _check_protocol(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if value is not None:
        protocol_kinds(value)  # `--protocol=` (empty) is refused here rather than ignored
    return value


def check_output_file(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """An output file option, checked against the output policy (automata/io/files.py) while the
    command line is parsed, before any work: refused when empty, a folder, a symbolic link, or a
    device or FIFO that writing through a temporary file would replace (think of /dev/null)."""
    if value is not None:
        _refuse(param, value, output_file_problem(value))
    return value


def check_output_folder(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """An output folder option (files are written into it), checked against the output policy
    before any work: refused when empty or when something other than a folder stands there."""
    if value is not None:
        _refuse(param, value, output_folder_problem(value))
    return value


def _refuse(param: click.Parameter, value: str, problem: str | None) -> None:
    if problem is not None:
        named = f"{quoted(value, 300)} " if str(value).strip() else ""
        raise click.BadParameter(f"{named}{problem}", param_hint="/".join(param.opts))


def sweep_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """--jobs N and --scheduler ADDRESS: where a command's independent cases run (automata/sweep.py,
    docs/scale.md); the command receives `sweep`, a SweepOptions with a progress line on stderr."""

    def gather(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
        return value

    command = click.option(
        "--scheduler", default=None, metavar="ADDRESS", callback=gather,
        help="Run the cases on a Dask cluster: tcp://HOST:8786, or 'local' for a cluster of --jobs processes "
             "on this machine (needs pip install 'automata-search[cluster]').")(command)
    command = click.option(
        "--jobs", type=BoundedInt(1, 1024), default=None, callback=gather,
        help="Worker processes for the cases [default: every core; 1 runs them in this process].")(command)
    return command


def sweep_settings(jobs: int | None, scheduler: str | None, label: str) -> Any:
    """The SweepOptions of --jobs/--scheduler, with progress on stderr (a line on a terminal, a line
    every 30 s on a log)."""
    from ..sweep import StderrProgress, SweepOptions

    if scheduler is not None and not scheduler.strip():
        raise click.BadParameter("name a scheduler address (tcp://HOST:8786) or 'local'", param_hint="--scheduler")
    return SweepOptions(jobs=jobs, scheduler=scheduler, progress=StderrProgress(label))


def require_automaton_for_traces(impl: str, trace: str | None, protocol: bool) -> None:
    if (trace or protocol) and impl not in AUTOMATON_IMPLEMENTATIONS:
        flag = "--trace" if trace else "--protocol"
        raise click.UsageError(f"{flag} records an automaton's steps: use it with --impl automaton or --impl generated")


@contextlib.contextmanager
def open_sinks(trace: str | None, protocol: bool, json_mode: bool = False) -> Iterator[list[TraceSink]]:
    """The sinks the options ask for; the protocol goes to stdout, or stderr when stdout carries JSON."""
    sinks: list[TraceSink] = []
    try:
        if trace is not None:
            try:
                sinks.append(JsonlSink(trace))
            except OSError as error:
                raise click.BadParameter(f"cannot write {trace}: {error.strerror}", param_hint="--trace") from None
        if protocol is not None and protocol is not False:
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


def jsonable(value: Any) -> Any:
    """A result as JSON can carry it: dataclasses as objects, tuples and sets as lists, the rest by repr."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {field.name: jsonable(getattr(value, field.name)) for field in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(key): jsonable(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(item) for item in value]
    if isinstance(value, (set, frozenset)):
        return sorted((jsonable(item) for item in value), key=repr)
    return repr(value)


def print_json(document: Any) -> None:
    click.echo(json.dumps(document, indent=2, ensure_ascii=False))


# Option values are untrusted text: a number is read only when it has at most this many digits, so
# that `--n 1e9`-style values and 5,000-digit numbers are refused before any work (int() of 5,000
# digits even raises ValueError), and a refused value is quoted at most this long.
MAX_DIGITS = 12
_QUOTED = 40


def quoted(text: str, limit: int = _QUOTED) -> str:
    """An option value as an error message quotes it: at most `limit` characters, on one line."""
    flat = " ".join(str(text).split())
    return repr(flat if len(flat) <= limit else flat[: limit - 1] + "…")


def whole_number(text: str, low: int, high: int | None, param_hint: str, what: str = "a whole number") -> int:
    """`text` read as a whole number in low..high (high None: no upper bound), or a BadParameter
    naming the option and the range."""
    stripped = str(text).strip()
    if not re.fullmatch(rf"[+-]?[0-9]{{1,{MAX_DIGITS}}}", stripped, re.ASCII):
        too_long = re.fullmatch(r"[+-]?[0-9]+", stripped, re.ASCII) is not None
        expected = f"{what} in {_range_text(low, high)}" if too_long else what
        raise click.BadParameter(f"expected {expected}, got {quoted(text)}", param_hint=param_hint)
    value = int(stripped)
    if value < low or (high is not None and value > high):
        raise click.BadParameter(f"must be in {_range_text(low, high)}, got {value:,}", param_hint=param_hint)
    return value


def _range_text(low: int, high: int | None) -> str:
    return f"{low:,}..{high:,}" if high is not None else f"{low:,} or more"


class BoundedInt(click.ParamType):
    """A click option type for a whole number in a documented range, checked before any work.

    Unlike `type=int`, it never echoes a huge value back and never lets 5,000 digits reach int();
    unlike click.IntRange, the range shows in --help. Use `type=BoundedInt(1, 14)`."""

    name = "integer"

    def __init__(self, low: int, high: int | None = None) -> None:
        self.low, self.high = low, high

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return f"INTEGER {self.low}..{self.high}" if self.high is not None else f"INTEGER >={self.low}"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        hint = param.get_error_hint(ctx) if param is not None and ctx is not None else None
        return whole_number(str(value), self.low, self.high, hint or "value")


def parse_board(text: str, max_side: int = 100, max_cells: int = 10_000) -> tuple[int, int]:
    match = re.fullmatch(r"\s*([0-9]+)\s*[xX×]\s*([0-9]+)\s*", text, re.ASCII)
    if not match:
        raise click.BadParameter(f"expected ROWSxCOLUMNS such as 8x8, got {quoted(text)}", param_hint="--board")
    sides = [whole_number(side, 1, max_side, "--board", "each side") if len(side) > MAX_DIGITS else int(side)
             for side in match.groups()]
    rows, cols = sides
    if not (1 <= rows <= max_side and 1 <= cols <= max_side):
        raise click.BadParameter(f"each side must be 1..{max_side}, got {rows}x{cols}", param_hint="--board")
    if rows * cols > max_cells:
        raise click.BadParameter(f"at most {max_cells:,} cells, got {rows * cols:,}", param_hint="--board")
    return rows, cols


def parse_cell(text: str, param_hint: str = "--start") -> tuple[int, int]:
    match = re.fullmatch(r"\s*([0-9]{1,12})\s*,\s*([0-9]{1,12})\s*", text, re.ASCII)
    if not match:
        raise click.BadParameter(f"expected ROW,COLUMN such as 1,1, got {quoted(text)}", param_hint=param_hint)
    return int(match.group(1)), int(match.group(2))


def parse_int_list(text: str, param_hint: str = "", max_items: int = 10_000_000) -> list[int]:
    """Whole numbers separated by commas (empty parts skipped); at least one, at most `max_items`."""
    parts = [part.strip() for part in text.split(",") if part.strip()]
    if not parts:
        raise click.BadParameter("expected whole numbers separated by commas, got nothing", param_hint=param_hint)
    if len(parts) > max_items:
        raise click.BadParameter(f"at most {max_items:,} numbers, got {len(parts):,}", param_hint=param_hint)
    number = re.compile(rf"[+-]?[0-9]{{1,{MAX_DIGITS}}}", re.ASCII)
    for position, part in enumerate(parts, start=1):
        if not number.fullmatch(part):
            raise click.BadParameter(f"expected whole numbers separated by commas; number {position:,} is {quoted(part)}",
                                     param_hint=param_hint)
    return [int(part) for part in parts]


@contextlib.contextmanager
def progress(items: Iterable[T], label: str, length: int | None = None) -> Iterator[Iterator[T]]:
    """Progress of a long sweep on stderr (a bar on a terminal, nothing when stderr is redirected:
    logs and pipes get the result, not a label per command)."""
    if not sys.stderr.isatty():
        yield iter(items)
        return
    with click.progressbar(items, length=length, label=label, file=raw(sys.stderr), show_pos=True) as bar:
        yield iter(bar)


def verdict_text(verdict: Verdict) -> str:
    names = ", ".join(verdict.runs)
    if verdict.agree:
        counts = {run.event_count for run in verdict.runs.values()}
        count = counts.pop() if len(counts) == 1 else "?"
        return f"agree: {names} emitted the same {count} events and returned the same result"
    assert verdict.divergence is not None
    return "DIFFER: " + verdict.divergence.describe()
