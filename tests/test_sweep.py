"""automata.sweep: cases run here, in worker processes or on a Dask cluster, results in case order."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from automata.errors import InputError
from automata.sweep import SweepProgress, run_sweep
from solvers.knight_tour.model import KnightTourInstance
from solvers.knight_tour.sweeps import board_cells
from solvers.knight_tour.tables import board_results, run_table
from sweep_cases import fail_on_seven, late_first

TESTS = Path(__file__).parent


def test_results_come_back_in_case_order_whatever_order_they_finish_in() -> None:
    cases = [(i, 12) for i in range(12)]
    expected = [i * i for i in range(12)]
    assert run_sweep(late_first, cases, jobs=1) == expected
    assert run_sweep(late_first, cases, jobs=2, chunksize=1) == expected


def test_a_knight_tour_sweep_gives_the_same_results_on_one_and_on_two_processes() -> None:
    instance = KnightTourInstance(5, 6, (1, 1), frozenset({1, 3}), max_returns=2000)
    starts = board_cells(5, 6)
    serial = board_results(instance, starts, jobs=1)
    parallel = board_results(instance, starts, jobs=2)
    assert list(parallel) == starts and parallel == serial
    assert sum(r.returns for r in serial.values()) > 0  # a sweep with something to compare


def test_progress_reports_every_case_and_ends_at_the_total() -> None:
    seen: list[SweepProgress] = []
    run_sweep(late_first, [(i, 6) for i in range(6)], jobs=2, chunksize=2, progress=seen.append)
    done = [state.done for state in seen]
    assert done == sorted(done) and done[-1] == 6 and seen[-1].total == 6
    assert "6/6 cases" in seen[-1].describe()


def test_a_failing_case_stops_the_sweep_with_its_error() -> None:
    for jobs in (1, 2):
        with pytest.raises(ValueError, match="case 7 failed"):
            run_sweep(fail_on_seven, range(20), jobs=jobs, chunksize=1)


def test_bad_jobs_are_refused() -> None:
    with pytest.raises(InputError, match="--jobs must be at least 1"):
        run_sweep(abs, [1], jobs=0)


def test_without_distributed_the_scheduler_option_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed now fails
    with pytest.raises(InputError, match=r"pip install 'automata-search\[cluster\]'"):
        run_sweep(abs, [1, 2], scheduler="local")


def test_a_local_dask_cluster_gives_the_same_table_as_one_process() -> None:
    pytest.importorskip("distributed", reason="Dask's distributed is an optional extra: pip install .[cluster]")
    one = run_table(5, 5, frozenset({1, 2, 3}), jobs=1)
    cluster = run_table(5, 5, frozenset({1, 2, 3}), jobs=2, scheduler="local")
    assert cluster.results == one.results and list(cluster.results) == list(one.results)
    assert cluster.workers == "local Dask cluster of 2 processes"


SCRIPT = """
import json, sys
sys.path.insert(0, {tests!r})
from automata.sweep import Interrupted, run_sweep
from sweep_cases import slow_square

def progress(state):
    print(state.done, flush=True)

try:
    run_sweep(slow_square, range(300), jobs=2, chunksize=1, progress=progress)
except Interrupted as stop:
    print(json.dumps(stop.finished), flush=True)
    sys.exit(stop.exit_code)
"""


def test_ctrl_c_stops_the_workers_and_keeps_what_finished() -> None:
    process = subprocess.Popen([sys.executable, "-c", textwrap.dedent(SCRIPT.format(tests=str(TESTS)))],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert process.stdout is not None
    seen = 0
    for line in process.stdout:  # wait until some cases have finished
        seen = int(line)
        if seen >= 4:
            break
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=600)  # only a hang comes near it
    assert process.returncode == 130, err
    finished = {int(index): value for index, value in json.loads(out.strip().splitlines()[-1]).items()}
    assert seen <= len(finished) < 300
    assert all(value == index * index for index, value in finished.items())
