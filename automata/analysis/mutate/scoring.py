"""Scoring: each mutant through the checks, then the verification suite in a child process with a time limit."""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

from ...errors import InputError, RunError
from ...model.spec import Spec
from .observe import StepBudget, Verify, _first_line, _OutputTrail, observe
from .operators import mutants
from .proofs import explain_survivor
from .results import (
    CAUGHT_BY_CHECK,
    CAUGHT_BY_RUN_ERROR,
    CAUGHT_BY_VERIFY,
    STEP_BUDGET_FACTOR,
    STEP_BUDGET_MARGIN,
    SURVIVED,
    Case,
    MutantResult,
    Report,
    Trail,
)

# ---------------------------------------------------------------------------------------------
# Scoring

# (outcome, detail, index of the case that caught it, the mutant's trails over the suite when it survived)
Classification = tuple[str, str, "int | None", "tuple[Trail, ...] | None"]


def _classify_case(verify_spec: Verify, spec: Spec, argv: Sequence[str], budget: int,
                   trail: _OutputTrail) -> tuple[str, str]:
    """Run one case of the verification on one mutant: (outcome, detail)."""
    try:
        verdict = verify_spec(spec, list(argv), sinks=(StepBudget(budget), trail))
    except RunError as error:
        return CAUGHT_BY_RUN_ERROR, str(error)
    except Exception as error:  # a mutant may break the problem's code in any way: that is a catch too
        return CAUGHT_BY_RUN_ERROR, f"{type(error).__name__}: {error}"
    if verdict.divergence is None:
        return SURVIVED, ""
    # A run that failed (the step budget, no arc enabled, a crash) is the sharper finding, even when
    # its shorter event stream already differs from the reference's.
    failed = [run.error for name, run in verdict.runs.items() if name != verdict.reference and run.error]
    if failed:
        return CAUGHT_BY_RUN_ERROR, failed[0]
    return CAUGHT_BY_VERIFY, _first_line(verdict)


def _classify(verify_spec: Verify, spec: Spec, cases: Sequence[Case], budgets: Sequence[int]) -> Classification:
    """Run the suite on one mutant until a case catches it."""
    trails = []
    for number, (argv, budget) in enumerate(zip(cases, budgets)):
        trail = _OutputTrail()
        outcome, detail = _classify_case(verify_spec, spec, argv, budget, trail)
        if outcome != SURVIVED:
            return outcome, detail, number, None
        trails.append(trail.trail)
    return SURVIVED, "", None, tuple(trails)


def _child(verify_spec: Verify, spec: Spec, cases: Sequence[Case], budgets: Sequence[int],
           connection: multiprocessing.connection.Connection) -> None:
    connection.send(_classify(verify_spec, spec, cases, budgets))
    connection.close()


def _verify_all(verify_spec: Verify, specs: Sequence[Spec], cases: Sequence[Case], budgets: Sequence[int],
                timeout: float, jobs: int, done: Callable[[int, Classification], None]) -> None:
    """Classify every spec, each in a forked child with a time limit; `done(position, result)` as they end.

    The children are forked (the judge is a closure: it could not be sent to a fresh process), and
    forking is safe only from a process with a single thread: a child copies the locks other
    threads hold at that instant, and one it needs would never be released (Python 3.12+ warns).
    A process with other threads (a program that embeds the framework, a test run after Dask left
    its threads) classifies in process instead, like a platform without fork: the step budgets
    still end a mutant that never stops."""
    if "fork" not in multiprocessing.get_all_start_methods() or threading.active_count() > 1:
        for position, spec in enumerate(specs):  # in process, without a time limit
            done(position, _classify(verify_spec, spec, cases, budgets))
        return
    forking = multiprocessing.get_context("fork")
    waiting = list(enumerate(specs))
    running: dict[Any, tuple[int, Any, float]] = {}  # connection -> (position, process, deadline)
    while waiting or running:
        while waiting and len(running) < jobs:
            position, spec = waiting.pop(0)
            receiver, sender = forking.Pipe(duplex=False)
            process = forking.Process(target=_child, args=(verify_spec, spec, cases, budgets, sender), daemon=True)
            process.start()
            sender.close()
            running[receiver] = (position, process, time.monotonic() + timeout)
        nearest = min(deadline for _, _, deadline in running.values())
        ready = multiprocessing.connection.wait(list(running), timeout=max(0.0, nearest - time.monotonic()))
        for receiver in list(running):
            position, process, deadline = running[receiver]
            result: Classification
            if receiver in ready:
                try:
                    result = receiver.recv()
                except EOFError:  # the child died without answering (killed, out of memory, crashed)
                    result = (CAUGHT_BY_RUN_ERROR, f"the verification process died (exit code {process.exitcode})",
                              None, None)
            elif time.monotonic() >= deadline:
                process.kill()
                result = (CAUGHT_BY_RUN_ERROR, f"timeout: the suite did not finish within {timeout:.1f} s", None, None)
            else:
                continue
            process.join()
            receiver.close()
            del running[receiver]
            done(position, result)


def _check_errors(spec: Spec) -> dict[tuple[str, str], str]:
    from ..check import ERROR, check_spec

    return {(finding.code, finding.message): finding.render().splitlines()[0]
            for finding in check_spec(spec) if finding.severity == ERROR}


# Classifies mutants elsewhere (a cluster): (mutant specs, cases, budgets) -> their classifications, in order.
ClassifyMany = Callable[[Sequence[Spec], Sequence[Case], Sequence[int]], Sequence[Classification]]


def classify(verify_spec: Verify, spec: Spec, cases: Sequence[Case], budgets: Sequence[int]) -> Classification:
    """One mutant through the suite until a case catches it (what a cluster's worker runs)."""
    return _classify(verify_spec, spec, cases, budgets)


def score(spec: Spec, verify_spec: Verify, judge: str, cases: Sequence[Sequence[str]], *, jobs: int = 1,
          timeout: float | None = None, progress: Callable[[MutantResult], None] | None = None,
          classify_many: ClassifyMany | None = None) -> Report:
    """Classify every mutant of `spec` with the checks and `verify_spec(mutant, case, sinks=...)` over
    `cases`; `judge` names who verifies (a problem, or a user's module) in the report. Mutants run
    in forked children with a time limit, `jobs` at a time, unless `classify_many` runs them
    elsewhere (a Dask cluster: there the step budgets alone bound a mutant that does not stop)."""
    if not cases:
        raise InputError("the suite has no case: give at least one set of verify options")
    suite = tuple(tuple(argv) for argv in cases)
    started = time.monotonic()
    observation = observe(spec, verify_spec, suite)
    budgets = [STEP_BUDGET_FACTOR * steps + STEP_BUDGET_MARGIN for steps in observation.steps]
    limit = timeout if timeout is not None else max(5.0, 30 * observation.seconds)

    candidates = mutants(spec)
    results: list[MutantResult | None] = [None] * len(candidates)
    known = _check_errors(spec)

    def finish(position: int, result: MutantResult) -> None:
        results[position] = result
        if progress is not None:
            progress(result)

    to_verify: list[int] = []
    for position, mutant in enumerate(candidates):
        new = [text for key, text in _check_errors(mutant.spec).items() if key not in known]
        if new:
            finish(position, MutantResult(mutant, CAUGHT_BY_CHECK, new[0]))
        else:
            to_verify.append(position)

    def verified(index: int, verdict: Classification) -> None:
        position = to_verify[index]
        mutant = candidates[position]
        outcome, detail, case, trails = verdict
        explanation = why = ""
        if outcome == SURVIVED:
            explanation, why = explain_survivor(spec, mutant.spec, observation, trails)
        finish(position, MutantResult(mutant, outcome, detail, case, explanation, why))

    mutant_specs = [candidates[p].spec for p in to_verify]
    if classify_many is not None:
        for index, verdict in enumerate(classify_many(mutant_specs, suite, budgets)):
            verified(index, verdict)
    else:
        _verify_all(verify_spec, mutant_specs, suite, budgets, limit, max(1, jobs), verified)
    final = tuple(result for result in results if result is not None)
    assert len(final) == len(candidates)
    return Report(spec.path, judge, suite, final, limit, observation, time.monotonic() - started)
