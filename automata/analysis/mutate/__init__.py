"""Mutation score: how many single-point defects of a spec do the checks and the verification catch?

`mutants(spec)` makes every single-point mutant of a spec: an arc sent to another state, a literal
of a guard negated, an action dropped, two adjacent actions swapped, two arcs of a state tried in the
opposite order, another initial state. `score(spec, verify_spec, judge, cases)` puts each mutant
through the static checks (automata.analysis.check) and, when they find nothing new, through a
verification (`verify_spec(mutant, case, sinks=...)`, the reference against the mutated automaton)
for each case of a suite, stopping at the first case that catches it.

Before any mutant, `observe` runs the original spec over the same cases and records what the suite
exercises: the arcs taken, the final states reached, the outputs of each run, and every situation
met, that is a state together with the values of all the spec's inputs (the recording run reads
them all at each step, which is harmless because inputs are questions without side effects; a
difference from the reference would show that one is not).

A surviving mutant is then explained, strongest statement first:

- proved equivalent: the interpreter's step functions of the two specs, explored from their initial
  states over every valuation of the inputs, give the same outputs and the same final states, in
  lock step (`same step function`, `bisimilar states`) or once steps without outputs are skipped
  (during such a step nothing changes the context, so the inputs keep their values);
- unobservable over the suite: its runs over the suite call exactly the original's outputs, in the
  same order, and stop in the same final states, so no verification over these cases could see it.
  Either it differs only in situations the suite never produced (UNOBSERVED, the report names
  them), or it steps differently somewhere the suite went and still calls the same outputs
  (SAME_OUTPUTS). Usually an invariant of the model rules the difference out on every instance,
  but that is a claim about the model the graph cannot prove;
- gap in the verification: its outputs or final state differed on some run of the suite and
  neither the events nor the result showed it.

Each mutant's verification runs in a forked child process with a time limit, and every automaton
run of a case gets a step budget of a few times the original's steps on that case, so a mutant
that loops forever is caught quickly and cannot exhaust the memory of the command.
"""

from __future__ import annotations

from .observe import StepBudget, observe
from .operators import mutants
from .proofs import equivalence, explain_survivor
from .report import coverage_warnings, report_json, report_summary, report_table
from .results import (
    CAUGHT_BY_CHECK,
    CAUGHT_BY_RUN_ERROR,
    CAUGHT_BY_VERIFY,
    EQUIVALENT,
    EQUIVALENT_BISIMILAR,
    EQUIVALENT_SKIPPING,
    GAP,
    OUTCOMES,
    PROVED,
    SAME_OUTPUTS,
    SURVIVED,
    UNOBSERVABLE,
    UNOBSERVED,
    Mutant,
    MutantResult,
    Observation,
    Report,
)
from .scoring import score

__all__ = [
    "CAUGHT_BY_CHECK", "CAUGHT_BY_RUN_ERROR", "CAUGHT_BY_VERIFY", "EQUIVALENT", "EQUIVALENT_BISIMILAR",
    "EQUIVALENT_SKIPPING", "GAP", "OUTCOMES", "PROVED", "SAME_OUTPUTS", "SURVIVED", "UNOBSERVABLE", "UNOBSERVED",
    "Mutant", "MutantResult", "Observation", "Report", "StepBudget", "coverage_warnings", "equivalence",
    "explain_survivor", "mutants", "observe", "report_json", "report_summary", "report_table", "score",
]
