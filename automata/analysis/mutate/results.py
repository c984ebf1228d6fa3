"""The outcomes of mutation scoring and the records that carry them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ...errors import Loc
from ...model.spec import ArcDecl, Spec

CAUGHT_BY_CHECK = "caught by check"
CAUGHT_BY_VERIFY = "caught by verify"
CAUGHT_BY_RUN_ERROR = "caught by run error"
SURVIVED = "survived"
OUTCOMES = (CAUGHT_BY_CHECK, CAUGHT_BY_VERIFY, CAUGHT_BY_RUN_ERROR, SURVIVED)

EQUIVALENT = "equivalent (proved: same step function)"
EQUIVALENT_BISIMILAR = "equivalent (proved: bisimilar states)"
EQUIVALENT_SKIPPING = "equivalent (proved: same outputs once steps without outputs are skipped)"
PROVED = (EQUIVALENT, EQUIVALENT_BISIMILAR, EQUIVALENT_SKIPPING)
UNOBSERVED = "unobserved (differs only in situations the suite never produced)"
SAME_OUTPUTS = "same outputs over the suite (steps differently, yet every run calls the same outputs)"
UNOBSERVABLE = (UNOBSERVED, SAME_OUTPUTS)  # no verification over the suite's cases could catch these
GAP = "gap in verification"

# A mutant's automaton may take this many times the original's steps on a case (plus the margin)
# before it counts as looping: generous, since a mutant may legitimately take a detour.
STEP_BUDGET_FACTOR = 10
STEP_BUDGET_MARGIN = 1_000

# The kinds of single-point mutants, in the order `mutants` makes them (docs/mutation.md describes each).
KINDS = ("target", "negate", "drop-literal", "add-literal", "drop-action", "swap-actions", "duplicate-action",
         "replace-action", "move-on-enter", "swap-arcs", "priority", "swap-calls", "initial")

Valuation = tuple[tuple[str, bool], ...]  # (input, value) pairs sorted by input name
Case = tuple[str, ...]  # the verify options of one case of a suite
# Per case, per automaton run: the final state (None when the run failed) and a digest of the
# outputs called, in order. Two automata with equal trails on a case look the same to any observer.
Trail = tuple[tuple[int | None, str], ...]


@dataclass(frozen=True)
class Mutant:
    kind: str  # one of KINDS
    description: str
    loc: Loc
    spec: Spec = field(repr=False, compare=False)


@dataclass(frozen=True)
class MutantResult:
    mutant: Mutant
    outcome: str  # one of OUTCOMES
    detail: str  # the finding, the divergence or the error that caught it; "" for survivors
    case: int | None = None  # index of the suite case that caught it (verify and run errors)
    explanation: str = ""  # for survivors: one of PROVED, UNOBSERVABLE or GAP
    why: str = ""  # for unobserved survivors and gaps: where the mutant steps differently


@dataclass(frozen=True)
class Observation:
    """What the original spec did over a suite: the ground against which survivors are explained."""

    arcs_taken: frozenset[int]
    finals_reached: frozenset[int]
    # state -> the valuations met there, of every input of the spec where all could be asked (see
    # `observe`); an input missing from a valuation counts as having taken both values
    situations: Mapping[int, frozenset[Valuation]]
    steps: tuple[int, ...]  # automaton steps over each case
    trails: tuple[Trail, ...]  # per case
    seconds: float  # time of the original's verification over the whole suite

    def arcs_missed(self, spec: Spec) -> list[ArcDecl]:
        return [arc for arc in spec.arcs if arc.index not in self.arcs_taken]

    def finals_missed(self, spec: Spec) -> list[int]:
        return [number for number, state in sorted(spec.states.items())
                if state.final and number not in self.finals_reached]


@dataclass(frozen=True)
class Report:
    spec_path: str
    problem: str
    cases: tuple[Case, ...]
    results: tuple[MutantResult, ...]
    timeout: float
    observation: Observation
    seconds: float = 0.0  # wall time of the whole scoring

    def count(self, outcome: str) -> int:
        return sum(result.outcome == outcome for result in self.results)

    def explained(self, *explanations: str) -> list[MutantResult]:
        return [result for result in self.results if result.explanation in explanations]

    @property
    def equivalent(self) -> int:
        """Survivors proved equivalent."""
        return len(self.explained(*PROVED))

    @property
    def unobservable(self) -> list[MutantResult]:
        """Survivors no verification over the suite could catch (see UNOBSERVABLE)."""
        return self.explained(*UNOBSERVABLE)

    @property
    def gaps(self) -> list[MutantResult]:
        return self.explained(GAP)

    @property
    def killed(self) -> int:
        return len(self.results) - self.count(SURVIVED)

    @property
    def relevant(self) -> int:
        """Mutants that count: every one not proved equivalent (an unproved survivor counts as missed)."""
        return len(self.results) - self.equivalent

    @property
    def score(self) -> float:
        """The strict score, the headline: caught among the mutants not proved equivalent (1.0 when
        every one of them is caught)."""
        return self.killed / self.relevant if self.relevant else 1.0

    @property
    def observable(self) -> int:
        """Mutants the suite could catch: neither proved equivalent nor unobservable over the suite."""
        return self.relevant - len(self.unobservable)

    @property
    def score_observable(self) -> float:
        """The lenient score: caught among the mutants observable over the suite (unobservable
        survivors left out of the denominator, which says how well the suite's checks look, not
        how far its cases reach)."""
        return self.killed / self.observable if self.observable else 1.0

    def caught_by_case(self) -> list[int]:
        """How many mutants each case caught first."""
        counts = [0] * len(self.cases)
        for result in self.results:
            if result.case is not None:
                counts[result.case] += 1
        return counts
