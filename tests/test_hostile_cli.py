"""Every hostile input of the corpus (tests/hostile_cases.py) through the real command line.

All cases run at once, each in its own subprocess and folder (a thread pool waits on them), the
first time any test asks; each test then checks one case's outcome: exit code 1 or 2 (or the
signal's own code), no traceback, stderr's first line naming the file and line or the option,
a few kB of output at most, finished well within a generous bound, and no file left behind but
the ones asked for. Cases that fail only because a problem module lacks a range check are marked
xfail with the option named, so that they turn into passes when the range is added.
"""

from __future__ import annotations

import concurrent.futures
import json
import os
import re
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest
from hostile_cases import (
    FILE,
    GENERATED,
    MARKER,
    OPTION,
    PIPE,
    SIGNAL,
    SPEC,
    SPECS,
    Case,
    all_cases,
)

MAX_OUTPUT = 8_000  # bytes of stdout + stderr for one refused input: a screenful
MEMORY_LIMIT_KB = 3_000_000  # a case that tries to take gigabytes fails fast instead of swapping
CASES = all_cases()


@dataclass
class Outcome:
    code: int | None
    stdout: bytes
    stderr: bytes
    seconds: float
    before: set[str]
    after: set[str]
    folder: Path
    note: str = ""

    @property
    def err(self) -> str:
        return self.stderr.decode("utf-8", "replace")


# Starts the command as a terminal would: a job started in the background by a shell inherits
# SIGINT ignored, and Python then never turns Ctrl-C into KeyboardInterrupt.
_AS_FROM_A_TERMINAL = ("import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL);"
                       " os.execv(sys.executable, [sys.executable, '-m', 'automata.cli', *sys.argv[1:]])")


def _command(case: Case, folder: Path, spec: Path | None) -> list[str]:
    argv = [part.replace("{dir}", str(folder)).replace("{spec}", str(spec) if spec else "") for part in case.argv]
    # Through a shell only to set the memory limit: preexec_fn is unsafe with threads.
    return ["/bin/sh", "-c", f'ulimit -v {MEMORY_LIMIT_KB}; exec "$@"', "sh", sys.executable, "-c",
            _AS_FROM_A_TERMINAL, *argv]


def _prepare(case: Case, folder: Path) -> Path | None:
    folder.mkdir(parents=True)
    spec = None
    if case.spec in GENERATED:
        spec = folder / case.spec
        spec.write_bytes(GENERATED[case.spec][1]())
    elif case.spec is not None:
        spec = folder / case.spec
        spec.write_bytes((SPECS / case.spec).read_bytes())
    if case.fifo:
        os.mkfifo(folder / case.fifo)
    if case.folder:
        (folder / case.folder).mkdir()
    return spec


def _listing(folder: Path) -> set[str]:
    return {str(path.relative_to(folder)) for path in folder.rglob("*")}


def _run(case: Case, folder: Path) -> Outcome:
    spec = _prepare(case, folder)
    before = _listing(folder)
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "COLUMNS": "100"}
    env.pop("AUTOMATA_DEBUG", None)
    started = time.monotonic()
    process = subprocess.Popen(_command(case, folder, spec), cwd=folder, env=env, stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    note = ""
    try:
        if case.kind == SIGNAL:
            note = _signal_when_tracing(process, folder, case)
        if case.kind == PIPE:
            assert process.stdout is not None
            process.stdout.readline()
            process.stdout.close()  # the reader goes away, like `| head -1`
            stdout, stderr = b"", process.stderr.read() if process.stderr else b""
            process.wait(timeout=case.timeout)
        else:
            stdout, stderr = process.communicate(timeout=case.timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        stdout, stderr = process.communicate()
        return Outcome(None, stdout, stderr, time.monotonic() - started, before, _listing(folder), folder, "timed out")
    return Outcome(process.returncode, stdout, stderr, time.monotonic() - started, before, _listing(folder), folder, note)


def _signal_when_tracing(process: subprocess.Popen, folder: Path, case: Case) -> str:
    """Send the case's signal once the run is under way: its trace's temporary file has content.
    Waits for that state however long a loaded machine takes to get there; only the case's own
    bound, which only a hang comes near, ends the wait."""
    deadline = time.monotonic() + case.timeout
    while time.monotonic() < deadline and process.poll() is None:
        temporary = [path for path in folder.iterdir() if path.name.startswith(".trace.jsonl.")]
        if temporary and temporary[0].stat().st_size > 10_000:
            assert case.signal is not None
            process.send_signal(case.signal)
            return "signalled"
        time.sleep(0.05)
    return "never saw the trace grow"


@pytest.fixture(scope="session")
def outcomes(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Outcome]:
    """The outcome of every case this session selected (`-k` runs fewer), all run at once."""
    selected = {item.callspec.params["case"].name for item in request.session.items
                if isinstance(getattr(item, "callspec", None) and item.callspec.params.get("case"), Case)}
    chosen = [case for case in CASES if case.name in selected]
    root = tmp_path_factory.mktemp("hostile")
    workers = max(2, min(8, 2 * (os.cpu_count() or 1)))
    with concurrent.futures.ThreadPoolExecutor(max_workers=workers) as pool:
        futures = {case.name: pool.submit(_run, case, root / f"case{index:03d}") for index, case in enumerate(chosen)}
        return {name: future.result() for name, future in futures.items()}


def _expected_first_line(case: Case, outcome: Outcome) -> str:
    if case.first_line:
        return case.first_line
    assert case.kind == SPEC and case.spec
    source = outcome.folder / case.spec
    marked = [number for number, line in enumerate(source.read_bytes().splitlines(), 1) if MARKER in line]
    line = str(marked[0]) if marked else r"\d+"
    return rf"^(.*/)?{re.escape(case.spec)}:{line}:\d+: error: "


def _first_line(text: str) -> str:
    return next((line for line in text.splitlines() if line.strip()), "")


@pytest.mark.parametrize("case", [
    pytest.param(case, id=case.name, marks=[pytest.mark.xfail(reason=case.xfail, strict=False)] if case.xfail else [])
    for case in CASES])
def test_hostile_input_is_refused_in_one_short_message(case: Case, outcomes: dict[str, Outcome]) -> None:
    outcome = outcomes[case.name]
    err = outcome.err
    assert outcome.note != "timed out", f"{case.name} did not finish within {case.timeout} s"
    assert "Traceback" not in err and "Traceback" not in outcome.stdout.decode("utf-8", "replace"), err[-3000:]
    assert outcome.code in case.codes, f"exit code {outcome.code}, expected {case.codes}: {err[:500]}"
    assert len(outcome.stdout) + len(outcome.stderr) <= MAX_OUTPUT or case.kind == PIPE, \
        f"{len(outcome.stdout) + len(outcome.stderr):,} bytes of output"
    created = outcome.after - outcome.before
    assert created <= set(case.outputs), f"files left behind: {sorted(created - set(case.outputs))}"
    assert not any("pwned" in name for name in outcome.after)
    if case.kind in (SPEC, OPTION, FILE):
        # `check` reports its findings on stdout (its result); every other refusal is on stderr.
        report = err if err.strip() or case.argv[0] != "check" else outcome.stdout.decode("utf-8", "replace")
        assert re.search(_expected_first_line(case, outcome), _first_line(report)), report[:500]
    if case.kind == SIGNAL:
        _check_complete_trace(case, outcome)
    if case.kind == PIPE:
        assert err == "", err[:500]


def _check_complete_trace(case: Case, outcome: Outcome) -> None:
    assert outcome.note == "signalled", outcome.note
    assert case.signal is not None
    name = signal.Signals(case.signal).name
    expected = "interrupted" if case.signal == signal.SIGINT else f"terminated by {name}"
    assert expected in err_lines(outcome), outcome.err
    trace = outcome.folder / "trace.jsonl"
    records = [json.loads(line) for line in trace.read_text(encoding="utf-8").splitlines()]
    assert records[0]["type"] == "start" and records[-1]["type"] == "error", records[-1]
    # The signal's own exception; or, when it landed where no step was under way (while a sink was
    # writing, say), the record the trace adds on closing: either way the trace ends with an error.
    assert records[-1]["error"] in ("Terminated", "KeyboardInterrupt", "Interrupted")
    assert [path.name for path in outcome.folder.iterdir()] == ["trace.jsonl"]  # no hidden temporary file


def err_lines(outcome: Outcome) -> str:
    return " ".join(outcome.err.split())


def test_every_corpus_spec_marks_the_line_of_its_error() -> None:
    """A corpus file without its marker would silently weaken its case to 'any line'."""
    unmarked = [path.name for path in SPECS.glob("*.yaml") if MARKER not in path.read_bytes()]
    assert unmarked == []


def test_the_corpus_covers_every_class_of_the_issue() -> None:
    names = " ".join(case.name for case in CASES)
    for needle in ("control-character", "python-tag", "python-object-state", "local-tag", "merge-key", "bad-int-tag",
                   "bad-timestamp-tag", "list-as-key", "deep-flow", "deep-guard", "alias-bomb-keys", "too-big",
                   "many-undefined-inputs", "ten-mb-title", "/dev/zero", "FIFO", "folder", "--board of 5,000",
                   "--protocol= (empty)", "--sets ''", "SIGTERM", "SIGHUP", "stdout closed"):
        assert needle in names, needle
    assert {case.kind for case in CASES} == {SPEC, OPTION, FILE, SIGNAL, PIPE}
