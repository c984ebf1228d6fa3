"""The 91 learned Mealy machines of tests/external/mealy-benchmarks/ (bank cards, MQTT, TCP, TLS,
SSH, QUIC, ...), written by tools this project never saw: each is imported, counted against the
manifest (whose counts come from a parser written apart from this project), minimized (they are
minimal: nothing changes), exported and imported again (the same machine), and run on random
words by the transitions engine, the generated code and the small DOT interpreter below, which
must give the same outputs."""

from __future__ import annotations

import csv
import random
import re
from pathlib import Path

import pytest

from automata.analysis.equiv import minimize
from automata.analysis.round_trip import same_machine
from automata.io.interop import export_spec, import_spec, written_names
from automata.model.guards import ALWAYS
from automata.model.words import Letter, symbol
from automata.runtime.words import run_word

FOLDER = Path(__file__).parent / "external" / "mealy-benchmarks"
with (FOLDER / "manifest.tsv").open(encoding="utf-8") as manifest:
    MACHINES = list(csv.DictReader(manifest, delimiter="\t"))
WORDS, LETTERS = 4, 50


# ---------------------------------------------------------------------------------------------
# An interpreter of the DOT files, as plain as possible: it shares nothing with automata/io


_EDGE = re.compile(r'^\s*"?([^"\s\[]+)"?\s*->\s*"?([^"\s\[;]+)"?\s*(?:\[\s*label\s*=\s*"((?:[^"\\]|\\.)*)"\s*\])?')


def read_machine(text: str) -> tuple[str, dict[tuple[str, str], tuple[str, str]]]:
    """(initial state, {(state, input): (target, output)}) of a learned model's DOT text."""
    initial, table, first = "", {}, ""
    for line in text.splitlines():
        match = _EDGE.match(line)
        if not match:
            continue
        source, target, label = match.groups()
        if source.startswith("__start"):
            initial = target
            continue
        first = first or source
        separator = " / " if " / " in label else "/"
        given, _, output = label.partition(separator)
        table[(source, given.strip())] = (target, output.strip())
    return initial or first, table


def interpret(initial: str, table: dict, word: list[str]) -> list[str]:
    state, outputs = initial, []
    for given in word:
        state, output = table[(state, given)]
        outputs.append(output)
    return outputs


# ---------------------------------------------------------------------------------------------


def test_the_copy_is_the_whole_collection():
    assert len(MACHINES) == 91
    assert sorted(str(path.relative_to(FOLDER)) for path in FOLDER.rglob("*.dot")) == sorted(
        row["file"] for row in MACHINES)


@pytest.mark.parametrize("row", MACHINES, ids=[row["file"] for row in MACHINES])
def test_a_learned_machine_imports_minimizes_exports_and_runs_alike(row, tmp_path):
    path = FOLDER / row["file"]
    spec = import_spec(path)
    assert (len(spec.states), len(spec.events), len(spec.outputs), len(spec.arcs)) == (
        int(row["states"]), int(row["inputs"]), int(row["outputs"]), int(row["transitions"]))
    complete = all(spec.arcs_from(state, event) for state in spec.states for event in spec.events)
    assert complete == (row["completeness"] == "complete")

    assert len(minimize(spec).spec.states) == len(spec.states)  # learned models are minimal

    exported = tmp_path / path.name
    exported.write_text(export_spec(spec, "dot-mealy"), encoding="utf-8")
    assert same_machine(spec, import_spec(exported, "dot-mealy"), written_names(spec, "dot-mealy")).equivalent

    initial, table = read_machine(path.read_text(encoding="utf-8"))
    symbols = sorted({given for _, given in table})
    event_of = {decl.doc or name: name for name, decl in spec.events.items()}
    chooser = random.Random(row["file"])
    for _ in range(WORDS):
        word = [chooser.choice(symbols) for _ in range(LETTERS)]
        expected = interpret(initial, table, word)
        letters = [Letter(event_of[given], ALWAYS, given) for given in word]
        for engine in ("transitions", "generated"):
            run = run_word(spec, letters, engine)
            assert [" ".join(symbol(spec, name) for name in step.outputs) for step in run.steps] == expected, engine

