"""Presenting a mutation report as a table, a summary and JSON."""

from __future__ import annotations

from typing import Any

from ...model.spec import Spec
from .observe import _case_text
from .operators import _arc_name
from .results import (
    GAP,
    KINDS,
    OUTCOMES,
    PROVED,
    SAME_OUTPUTS,
    SURVIVED,
    UNOBSERVED,
    MutantResult,
    Observation,
    Report,
)

# ---------------------------------------------------------------------------------------------
# Presenting a report


def coverage_warnings(spec: Spec, observation: Observation) -> list[str]:
    """One line per arc the suite never takes and per final state it never reaches."""
    lines = [f"the suite never takes {_arc_name(arc)}: mutants that change it cannot be caught"
             for arc in observation.arcs_missed(spec)]
    lines += [f"the suite never reaches final state {number} ({spec.states[number].name})"
              for number in observation.finals_missed(spec)]
    return lines


def _outcome_text(report: Report, result: MutantResult) -> str:
    if result.outcome == SURVIVED:
        return f"survived: {result.explanation}"
    if result.case is not None and len(report.cases) > 1:
        return f"{result.outcome} (case {result.case + 1})"
    return result.outcome


def report_table(report: Report) -> str:
    rows = [("line", "kind", "mutant", "outcome")]
    for result in report.results:
        rows.append((str(result.mutant.loc.line), result.mutant.kind, result.mutant.description,
                     _outcome_text(report, result)))
    widths = [max(len(row[column]) for row in rows) for column in range(3)]
    lines = [f"{row[0]:>{widths[0]}}  {row[1]:<{widths[1]}}  {row[2]:<{widths[2]}}  {row[3]}" for row in rows]
    lines.append("")
    lines.extend(report_summary(report))
    return "\n".join(lines)


def report_summary(report: Report) -> list[str]:
    lines = [(f"{report.spec_path} with {report.problem}: {len(report.results)} mutants, "
              f"{len(report.cases)} case{'s' if len(report.cases) != 1 else ''} "
              f"({report.seconds:.1f} s)")]
    for number, (argv, caught) in enumerate(zip(report.cases, report.caught_by_case()), start=1):
        lines.append(f"  case {number}: {_case_text(argv)}  (caught {caught} first)")
    for outcome in OUTCOMES:
        lines.append(f"  {outcome:<20} {report.count(outcome):>5}")
    lines.append(f"  {'of the survivors':<20} {report.equivalent:>5} proved equivalent, "
                 f"{len(report.explained(UNOBSERVED))} unobserved, {len(report.explained(SAME_OUTPUTS))} with the "
                 f"same outputs over the suite, {len(report.gaps)} gaps in verification")
    lines.append("  by kind:")
    for kind in KINDS:
        counts = _kind_counts(report, kind)
        if counts["mutants"]:
            lines.append(f"    {kind:<17} {counts['mutants']:>4}: {counts['caught']} caught, {counts['equivalent']} "
                         f"proved equivalent, {counts['missed']} missed")
    lines.append(f"mutation score: {report.killed}/{report.relevant} = {100 * report.score:.1f}% "
                 "(caught / not proved equivalent; every unproved survivor counts as missed)")
    lines.append(f"  observable over the suite: {report.killed}/{report.observable} = "
                 f"{100 * report.score_observable:.1f}% (unobservable survivors left out)")
    for label, explanation in (("unobserved", UNOBSERVED), ("same outputs", SAME_OUTPUTS), ("gap", GAP)):
        for result in report.explained(explanation):
            lines.append(f"  {label}: line {result.mutant.loc.line}: {result.mutant.description}: {result.why}")
    return lines


def _kind_counts(report: Report, kind: str) -> dict[str, int]:
    """For one kind of mutant: how many, caught, proved equivalent, other survivors."""
    mine = [result for result in report.results if result.mutant.kind == kind]
    proved = sum(result.explanation in PROVED for result in mine)
    caught = sum(result.outcome != SURVIVED for result in mine)
    return {"mutants": len(mine), "caught": caught, "equivalent": proved, "missed": len(mine) - caught - proved}


def report_json(report: Report) -> dict[str, Any]:
    observed = report.observation
    return {
        "spec": report.spec_path,
        "problem": report.problem,
        "cases": [list(argv) for argv in report.cases],
        "caught_by_case": report.caught_by_case(),
        "timeout_seconds": report.timeout,
        "seconds": round(report.seconds, 3),
        "mutants": len(report.results),
        "counts": {outcome: report.count(outcome) for outcome in OUTCOMES},
        "equivalent": report.equivalent,
        "unobserved": len(report.explained(UNOBSERVED)),
        "same_outputs": len(report.explained(SAME_OUTPUTS)),
        "gaps": len(report.gaps),
        "score": round(report.score, 4),  # strict: caught / not proved equivalent
        "score_observable": round(report.score_observable, 4),  # caught / observable over the suite
        "kinds": {kind: _kind_counts(report, kind) for kind in KINDS if any(r.mutant.kind == kind for r in report.results)},
        "arcs_taken": sorted(observed.arcs_taken),
        "finals_reached": sorted(observed.finals_reached),
        "results": [
            {"kind": r.mutant.kind, "line": r.mutant.loc.line, "col": r.mutant.loc.col, "description": r.mutant.description,
             "outcome": r.outcome, "detail": r.detail, "case": r.case, "explanation": r.explanation or None,
             "why": r.why or None}
            for r in report.results
        ],
    }
