"""Las Vegas N queens: exact analysis, simulation, and the three implementations' agreement."""

from __future__ import annotations

from fractions import Fraction

import pytest

from automata.errors import InputError
from automata.runtime.events import NullObserver, Recorder
from automata.analysis.verify import verify
from solvers.queens.algorithms import QueensOptions
from solvers.queens.board import check_placement
from solvers.queens.algorithms import find_algorithm
from solvers.queens.las_vegas.exact import exact, exact_table
from solvers.queens.las_vegas.simulation import simulate

IMPLEMENTATIONS = ("iterative", "recursive", "automaton")
LAS_VEGAS = find_algorithm("las-vegas")


# --- exact analysis (Brassard & Bratley's figures for N = 8) -----------------------------------

def test_pure_las_vegas_for_eight_queens():
    result = exact(8)
    assert result.random_queens == 8
    assert result.p == Fraction(149, 1152)
    assert round(float(result.p), 4) == 0.1293
    assert result.s == 9  # a successful attempt always places 8 queens
    assert round(float(result.e), 3) == 6.971
    assert round(float(result.t), 2) == 55.93
    assert result.t == result.s + result.e * (1 - result.p) / result.p


def test_plain_backtracking_needs_114_nodes():
    result = exact(8, 0)
    assert (result.p, result.s, result.e, result.t) == (1, 114, None, 114)


def test_hybrid_table_for_eight_queens():
    table = {row.random_queens: row for row in exact_table(8)}
    expected_t = {0: 114, 1: 39.625, 2: 28.2, 3: 29.006, 4: 35.095, 5: 46.916, 6: 53.500, 7: 55.927, 8: 55.927}
    assert all(abs(float(table[k].t) - t) < 1e-3 for k, t in expected_t.items())
    assert table[1].p == 1 and table[1].t == Fraction(317, 8)  # every first queen extends to a solution
    assert table[2].p == Fraction(7, 8)
    # the eighth queen has at most one free cell, so choosing it at random changes nothing
    assert (table[7].p, table[7].s, table[7].e, table[7].t) == (table[8].p, table[8].s, table[8].e, table[8].t)
    best = min(table.values(), key=lambda row: row.t)
    assert best.random_queens == 2
    assert [row.p for row in table.values()] == sorted((row.p for row in table.values()), reverse=True)


def test_exact_when_no_solution_exists():
    result = exact(3)
    assert (result.p, result.s, result.t) == (0, None, None)
    assert result.as_dict()["t"] is None


def test_as_dict_gives_floats_and_exact_strings():
    data = exact(8).as_dict()
    assert data["p_exact"] == "149/1152" and data["s"] == 9.0
    assert abs(data["t"] - 55.927) < 1e-3


def test_the_texts_6_971_is_nodes_per_failed_attempt_not_attempts(capsys):
    from core_support import run_cli

    data = exact(8).as_dict()
    assert round(data["e"], 3) == 6.971 and data["e_exact"] == "34961/5015"  # the text's "about 6.971"
    assert data["attempts"] == pytest.approx(1152 / 149)  # 7.73 attempts to the first success, not 6.971
    code, out, _ = run_cli(capsys, "run", "queens", "--algorithm", "las-vegas", "--exact", "--seed", "1")
    assert code == 0 and "1/p = 7.7315" in out and '"about 6.971 repetitions" is e, nodes per failed attempt' in out


@pytest.mark.parametrize("k", [-1, 9])
def test_exact_rejects_bad_k(k):
    with pytest.raises(InputError, match="between 0 and 8"):
        exact(8, k)


# --- simulation ---------------------------------------------------------------------------------

def test_simulation_lands_within_three_standard_errors():
    summary = simulate(QueensOptions(n=8, seed=2024, attempts=100_000))
    p = float(exact(8).p)
    assert summary["attempts"] == 100_000
    assert abs(summary["success_rate"] - p) <= 3 * summary["standard_error"]
    assert summary["mean_nodes_success"] == 9
    assert abs(summary["mean_nodes_failure"] - float(exact(8).e)) < 0.05
    assert summary["dead_ends"] == summary["attempts"] - summary["successes"]


def test_hybrid_simulation_agrees_with_the_exact_probability():
    summary = simulate(QueensOptions(n=8, seed=7, random_queens=3, attempts=20_000))
    assert abs(summary["success_rate"] - float(exact(8, 3).p)) <= 3 * summary["standard_error"]


# --- the three implementations --------------------------------------------------------------------

def run(name, opts, observer):
    return getattr(LAS_VEGAS, name)(opts, observer)


@pytest.mark.parametrize("random_queens", [None, 2, 0, 5])
@pytest.mark.parametrize("seed", [1, 2, 3, 11])
def test_implementations_agree_event_for_event(random_queens, seed):
    opts = QueensOptions(n=8, seed=seed, random_queens=random_queens)
    verdict = verify({name: (lambda obs, name=name: run(name, opts, obs)) for name in IMPLEMENTATIONS})
    assert verdict.agree, verdict.divergence.describe()
    events = verdict.runs["iterative"].events
    assert events[0] == ("attempt", 1) and events[-1][0] == "solution"


def test_implementations_agree_on_a_simulation_with_failures_of_both_kinds():
    # k = 5 on 8x8: some attempts die in the random phase, others when backtracking runs out
    opts = QueensOptions(n=8, seed=5, random_queens=5, attempts=40)
    verdict = verify({name: (lambda obs, name=name: run(name, opts, obs)) for name in IMPLEMENTATIONS})
    assert verdict.agree, verdict.divergence.describe()
    kinds = {event[0] for event in verdict.runs["iterative"].events}
    assert kinds == {"attempt", "place", "remove", "dead_end", "failure", "solution"}


def test_plain_backtracking_finds_the_first_solution_in_114_nodes():
    result = LAS_VEGAS.iterative(QueensOptions(n=8, random_queens=0, seed=1), NullObserver())
    assert result.solutions == ((1, 5, 8, 6, 3, 7, 2, 4),)
    assert result.stat("nodes") == 114 and result.stat("random_draws") == 0


def test_same_seed_same_run_and_events_tell_the_story():
    opts = QueensOptions(n=8, seed=42)
    first, second = Recorder(), Recorder()
    assert LAS_VEGAS.iterative(opts, first) == LAS_VEGAS.iterative(opts, second)
    assert first.events == second.events
    attempts = [event for event in first.events if event[0] == "attempt"]
    failures = [event for event in first.events if event[0] == "failure"]
    dead_ends = [event for event in first.events if event[0] == "dead_end"]
    assert len(attempts) == len(failures) + 1 == len(dead_ends) + 1
    places = sum(1 for event in first.events if event[0] == "place")
    result = LAS_VEGAS.iterative(opts, NullObserver())
    assert result.stat("nodes") == places + len(attempts)


def test_a_budget_of_attempts_runs_them_all_and_keeps_every_solution():
    result = LAS_VEGAS.iterative(QueensOptions(n=8, seed=3, attempts=500), NullObserver())
    assert result.stat("attempts") == 500
    assert result.count == result.stat("successes") == len(result.solutions) > 0
    assert all(check_placement(rows) is None for rows in result.solutions)
    assert result.stat("nodes") == result.stat("success_nodes") + result.stat("failure_nodes")


def test_limit_stops_after_that_many_solutions():
    result = LAS_VEGAS.recursive(QueensOptions(n=8, seed=3, limit=3), NullObserver())
    assert result.count == 3


def test_impossible_boards_need_an_attempt_budget():
    with pytest.raises(InputError, match="never"):
        LAS_VEGAS.iterative(QueensOptions(n=3, seed=1), NullObserver())
    result = LAS_VEGAS.iterative(QueensOptions(n=3, seed=1, attempts=10), NullObserver())
    assert result.count == 0 and result.stat("dead_ends") == 10


@pytest.mark.parametrize(
    "opts, fragment",
    [
        (QueensOptions(n=8, random_queens=9), "random-queens"),
        (QueensOptions(n=0), "at least 1"),
        (QueensOptions(n=8, attempts=0), "attempts"),
    ],
)
def test_bad_options(opts, fragment):
    with pytest.raises(InputError, match=fragment):
        LAS_VEGAS.iterative(opts, NullObserver())


def test_larger_boards_solve_with_a_hybrid():
    result = LAS_VEGAS.recursive(QueensOptions(n=40, seed=9, random_queens=20), NullObserver())
    assert check_placement(result.solutions[0]) is None
