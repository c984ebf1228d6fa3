"""Side-by-side timing: every implementation of a case is timed in the same run, interleaved, so
ratios against the iterative reference are not skewed by the machine's load drifting between them.

A case is a name plus a mapping implementation-name -> zero-argument callable. Each callable is
run `repeat` times in round-robin order; the minimum is kept (the least disturbed run).
Short cases are run several times per timed batch (see `measure`). `measure_all` spreads the
rounds over several cases, so that each case's rounds are minutes apart.

Time is the CPU time of this process (`time.process_time`): on a machine shared with other work,
the time this process waits for a core is not counted, while the time it computes is.
"""

from __future__ import annotations

import gc
import json
import math
import platform
import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class Case:
    group: str
    name: str
    runs: Mapping[str, Callable[[], object]]
    reference: str = "iterative"
    note: str = ""


@dataclass
class Timing:
    group: str
    case: str
    reference: str
    seconds: dict[str, float] = field(default_factory=dict)
    note: str = ""

    def ratio(self, name: str) -> float:
        return self.seconds[name] / self.seconds[self.reference]


# A timed batch should last at least this long: shorter ones are dominated by timer resolution and
# by whatever else the machine happens to do during a fraction of a millisecond.
MIN_BATCH_SECONDS = 0.05


def measure(case: Case, repeat: int = 3, warmed: bool = False) -> Timing:
    """Time every implementation of `case`, round-robin, keeping each one's fastest batch.

    Cases faster than MIN_BATCH_SECONDS are run several times per batch (the same number of times
    for every implementation, like `timeit`), and the time per run is reported. `warmed`: the
    caller has run every implementation once already (imports, spec loading, code generation).
    """
    return measure_all([case], repeat, warmed)[0]


def measure_all(cases: list[Case], repeat: int = 3, warmed: bool = False,
                progress: Callable[[str], None] = lambda line: None) -> list[Timing]:
    """`measure` for several cases, the rounds spread over all of them: round r times every
    implementation of every case once before round r + 1 begins. A burst of load on a shared
    machine that lasts seconds then spoils one round of a case, not all of them, and each
    implementation keeps its fastest batch."""
    timings = [Timing(case.group, case.name, case.reference, note=case.note) for case in cases]
    best = [{name: float("inf") for name in case.runs} for case in cases]
    numbers = []
    for case, fastest in zip(cases, best):
        if not warmed:
            for run in case.runs.values():
                run()
        single = {name: _time_batch(run, 1) for name, run in case.runs.items()}
        number = max(1, math.ceil(MIN_BATCH_SECONDS / max(min(single.values()), 1e-9)))
        if number == 1:  # a long case: the single runs were batches already
            fastest.update(single)
        numbers.append(number)
    for round_number in range(repeat):
        progress(f"round {round_number + 1} of {repeat}")
        for case, fastest, number in zip(cases, best, numbers):
            for name, run in case.runs.items():
                fastest[name] = min(fastest[name], _time_batch(run, number) / number)
    for timing, fastest in zip(timings, best):
        timing.seconds = fastest
    return timings


def _time_batch(run: Callable[[], object], number: int) -> float:
    gc.collect()
    start = time.process_time()
    for _ in range(number):
        run()
    return time.process_time() - start


def table(timings: list[Timing]) -> str:
    """One Markdown table per set of implementations (e.g. the tracing sinks get their own)."""
    sections: dict[tuple[str, ...], list[Timing]] = {}
    for timing in timings:
        sections.setdefault(tuple(timing.seconds), []).append(timing)
    return "\n\n".join(_section(list(names), members) for names, members in sections.items())


def _section(names: list[str], timings: list[Timing]) -> str:
    header = f"| case | {' | '.join(names)} |"
    lines = [header, "|" + "---|" * (len(names) + 1)]
    for timing in timings:
        cells = []
        for name in names:
            if name not in timing.seconds:
                cells.append("")
            elif name == timing.reference:
                cells.append(f"{timing.seconds[name] * 1000:.1f} ms (1.00×)")
            else:
                cells.append(f"{timing.seconds[name] * 1000:.1f} ms ({timing.ratio(name):.2f}×)")
        label = f"{timing.group}: {timing.case}" + (f" — {timing.note}" if timing.note else "")
        lines.append(f"| {label} | {' | '.join(cells)} |")
    return "\n".join(lines)


def save(timings: list[Timing], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    document = {
        "python": sys.version.split()[0],
        "machine": platform.machine(),
        "processor": platform.processor(),
        "timings": [
            {"group": t.group, "case": t.case, "reference": t.reference, "seconds": t.seconds,
             "ratios": {name: t.ratio(name) for name in t.seconds}, "note": t.note}
            for t in timings
        ],
    }
    path.write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
