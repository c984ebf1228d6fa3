"""How the commands' time grows with the size of a Mealy machine (issue 19, big machines).

Random complete machines (automata.analysis.random_mealy: every state reached, targets and outputs
drawn with a seed) of 10 to 10,000 states and 5 to 75 inputs, plus one of the size of the largest
learned model of the benchmark collection (657 states, 75 inputs, 49,275 transitions), go through
what a user does with a learned model:

    import    the DOT file read and the spec written (automata import)
    load      the spec file loaded (what every command starts with)
    check     automata check
    minimize  automata minimize (the machine is minimal: nothing merges)
    equiv     the spec against the import of its own DOT export (automata export --verify)
    codegen   the generated module written and compiled
    words     WORDS random words of LETTERS letters on the transitions engine, then on the generated code

Each command is timed in-process, CPU time, the fastest of `repeat` runs (big machines once).
`rows(sizes, repeat)` returns the measurements; `growth_table(rows)` the Markdown table with, for
each command, the exponent k of its growth (time ~ transitions^k between the smallest and the
largest machine of 10 inputs). `python bench/mealy_scaling.py` prints the table; the one in
docs/performance.md is `TABLES["growth"]`, written with every measured table by
`python bench/run.py --write-docs` (bench/README.md).
"""

from __future__ import annotations

import argparse
import gc
import math
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from automata.analysis.equiv import minimize, spec_text  # noqa: E402
from automata.analysis.check import check_spec  # noqa: E402
from automata.analysis.random_mealy import random_mealy_dot  # noqa: E402
from automata.analysis.round_trip import same_machine  # noqa: E402
from automata.analysis.words import random_cases, word_run  # noqa: E402
from automata.io.codegen import generate_source  # noqa: E402
from automata.io.interop import export_spec, import_spec, written_names  # noqa: E402
from automata.io.loader import spec_from_text  # noqa: E402
from automata.runtime.words import WordRunner  # noqa: E402

WORDS, LETTERS = 10_000, 10
COMMANDS = ("import", "load", "check", "minimize", "equiv", "codegen", "words (transitions)", "words (generated)")
# (states, inputs): the growth in states at 10 inputs, in inputs at 1,000 states, and the learned model's size.
SIZES = ((10, 10), (100, 10), (1_000, 10), (10_000, 10), (1_000, 5), (1_000, 25), (657, 75))
QUICK_SIZES = ((10, 5), (100, 5), (30, 20))


@dataclass
class Row:
    states: int
    inputs: int
    transitions: int = 0
    seconds: dict[str, float] = field(default_factory=dict)


def _timed(work: Callable[[], object], repeat: int) -> tuple[float, object]:
    best, result = math.inf, None
    for _ in range(repeat):
        gc.collect()
        start = time.process_time()
        result = work()
        best = min(best, time.process_time() - start)
    return best, result


def measure(states: int, inputs: int, repeat: int = 3, words: int = WORDS, letters: int = LETTERS) -> Row:
    """Every command on one random machine of `states` states and `inputs` inputs (outputs: half the inputs)."""
    repeat = 1 if states * inputs > 20_000 else repeat
    row = Row(states, inputs)
    with tempfile.TemporaryDirectory(prefix="automata-bench-") as folder:
        source = Path(folder) / "machine.dot"
        source.write_text(random_mealy_dot(states, inputs, max(2, inputs // 2), seed=states * 100 + inputs),
                          encoding="utf-8")

        def imported() -> str:
            return spec_text(import_spec(source, "dot-mealy"))

        row.seconds["import"], text = _timed(imported, repeat)
        row.seconds["load"], spec = _timed(lambda: spec_from_text(str(text), "machine.yaml"), repeat)
        row.transitions = len(spec.arcs)
        row.seconds["check"], _ = _timed(lambda: check_spec(spec), repeat)
        row.seconds["minimize"], _ = _timed(lambda: minimize(spec), repeat)
        exported = Path(folder) / "export.dot"

        def equivalent() -> bool:
            exported.write_text(export_spec(spec, "dot-mealy"), encoding="utf-8")
            return same_machine(spec, import_spec(exported, "dot-mealy"), written_names(spec, "dot-mealy")).equivalent

        row.seconds["equiv"], same = _timed(equivalent, repeat)
        assert same, "a machine and the import of its export differ"
        row.seconds["codegen"], _ = _timed(lambda: compile(generate_source(spec), "<generated>", "exec"), repeat)
        cases = random_cases(spec, words, letters, seed=1)
        for engine in ("transitions", "generated"):
            def run_all(engine: str = engine) -> int:
                runner = WordRunner(spec, engine)
                return sum(len(word_run(runner, case).steps) for case in cases)

            row.seconds[f"words ({engine})"], steps = _timed(run_all, 1)
            assert steps == words * letters, "a complete machine runs every letter"
    return row


def rows(sizes: Sequence[tuple[int, int]] = SIZES, repeat: int = 3, progress: Callable[[str], None] | None = None,
         words: int = WORDS) -> list[Row]:
    """The measurements of every size, in order."""
    found = []
    for states, inputs in sizes:
        if progress is not None:
            progress(f"{states:,} states x {inputs} inputs")
        found.append(measure(states, inputs, repeat, words))
    return found


def _seconds(value: float) -> str:
    return f"{value * 1000:.0f} ms" if value < 1 else f"{value:.1f} s"


def growth(rows_: Sequence[Row], command: str) -> float | None:
    """k in time ~ transitions^k, between the smallest and the largest machine of 10 inputs."""
    chosen = sorted((row for row in rows_ if row.inputs == 10), key=lambda row: row.transitions)
    if len(chosen) < 2:
        return None
    first, last = chosen[0], chosen[-1]
    if first.seconds[command] <= 0 or last.seconds[command] <= 0:
        return None
    return math.log(last.seconds[command] / first.seconds[command]) / math.log(last.transitions / first.transitions)


def growth_table(rows_: Sequence[Row], words: int = WORDS) -> str:
    head = "| states × inputs | transitions | " + " | ".join(COMMANDS) + " |"
    lines = [head, "|" + "---|" * (len(COMMANDS) + 2)]
    for row in rows_:
        cells = " | ".join(_seconds(row.seconds[command]) for command in COMMANDS)
        lines.append(f"| {row.states:,} × {row.inputs} | {row.transitions:,} | {cells} |")
    exponents = [growth(rows_, command) for command in COMMANDS]
    lines.append("| growth (time ~ transitions^k, 10 inputs) | | " +
                 " | ".join(f"k = {k:.2f}" if k is not None else "" for k in exponents) + " |")
    stamp = (f"*CPU time of each command in one process, the fastest of 3 runs on "
             f"machines under 20,000 transitions, one run above; words: {words:,} random words of {LETTERS} "
             "letters per runtime.*")
    return "\n".join(lines) + "\n\n" + stamp + "\n"


def render(session: object) -> str:
    """What bench/pages.py's measured pages call (`TABLES` below): the table of one session."""
    repeat = getattr(session, "repeat", 3)
    return growth_table(rows(SIZES, min(repeat, 3)))


try:  # bench/pages.py, the measured pages, where the project has them
    from pages import Table  # type: ignore[import-not-found]

    TABLES = {"growth": Table(render, ("automata/io/interop/*.py", "automata/io/loader.py", "automata/io/yaml_nodes.py",
                                       "automata/analysis/check.py", "automata/analysis/equiv/*.py",
                                       "automata/io/codegen.py", "automata/runtime/words.py",
                                       "automata/runtime/engine.py", "automata/model/words.py"))}
except ImportError:
    TABLES = {}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small machines only: checks that the benchmark works")
    parser.add_argument("--repeat", type=int, default=3)
    options = parser.parse_args(argv)
    sizes = QUICK_SIZES if options.quick else SIZES
    words = 100 if options.quick else WORDS
    table = growth_table(rows(sizes, options.repeat, lambda text: print(text, file=sys.stderr), words), words)
    print(table)


if __name__ == "__main__":
    main()
