"""The hostile-input corpus of issue 8, as cases for the command line.

Each case is one class of bad input: a spec (tests/hostile/specs/, plus big ones built here), an
option value, a kind of file, a signal, a closed pipe. tests/test_hostile_cli.py runs every case
in a subprocess, all of them at once, and checks the promise of the README for each: one short
message naming what and where, exit code 1 or 2, no traceback, nothing written but what was asked.

A spec file marks the line its first error must name with the comment `# <- error`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

HOSTILE = Path(__file__).parent / "hostile"
SPECS = HOSTILE / "specs"
MARKER = b"# <- error"

# What a case may be: "spec" (a bad spec: stderr starts FILE:LINE:COL), "option" (stderr's first
# line names the option), "file" (a path that is no regular file), "signal", "pipe".
SPEC, OPTION, FILE, SIGNAL, PIPE = "spec", "option", "file", "signal", "pipe"

VALID_SPEC = (SPECS / "duplicate-keys.yaml").read_text(encoding="utf-8").replace("initial: 0\ninitial: 1  # <- error\n",
                                                                               "initial: 0\n")
assert "initial: 1" not in VALID_SPEC
HUGE = "9" * 5000


def _with(old: str, new: str) -> str:
    assert old in VALID_SPEC, old
    return VALID_SPEC.replace(old, new, 1)


def _alias_bomb(use: str) -> str:
    """Billion laughs: ten lines that stand for 10**9 values once the aliases are expanded."""
    lines = ["bomb:", '  a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for level in range(1, 10):
        lines.append(f"  a{level}: &a{level} [{', '.join([f'*a{level - 1}'] * 10)}]")
    return VALID_SPEC + "\n".join(lines) + "\n" + use


# Specs too big (or too repetitive) to keep as files: name -> (what it tests, its bytes).
GENERATED: dict[str, tuple[str, Callable[[], bytes]]] = {
    "deep-flow.yaml": ("10,000 nested flow lists (PyYAML's composer: RecursionError)",
                       lambda: _with("title: Counter", "title: " + "[" * 10_000 + "]" * 10_000).encode()),
    "deep-block.yaml": ("10,000 nested block lists on one line",
                        lambda: _with("title: Counter", "title:\n  " + "- " * 10_000 + "x").encode()),
    "deep-indent.yaml": ("1,000 mappings nested by indentation",
                         lambda: (VALID_SPEC + "".join(" " * level + f"k{level}:\n" for level in range(1000))
                                  + " " * 1000 + "end: 1\n").encode()),
    "deep-guard-parentheses.yaml": ("a guard of 10,000 nested parentheses",
                                    lambda: _with('guard: "x1"}', 'guard: "' + "(" * 10_000 + "x1" + ")" * 10_000 + '"}').encode()),
    "nested-guard.yaml": ("a guard of 900 nested parentheses (short enough, too deep)",
                          lambda: _with('guard: "x1"}', 'guard: "' + "(" * 900 + "x1" + ")" * 900 + '"}').encode()),
    "negated-guard.yaml": ("a guard of 1,500 negations",
                           lambda: _with('guard: "x1"}', 'guard: "' + "!" * 1500 + 'x1"}').encode()),
    "alias-bomb-keys.yaml": ("an alias bomb used as mapping keys (the duplicate-key check once printed the tree)",
                             lambda: _alias_bomb("extra:\n  ? *a9\n  : 1\n  ? *a9\n  : 2\n").encode()),
    "alias-bomb-values.yaml": ("an alias bomb used as a value",
                               lambda: _alias_bomb("extra: [*a9, *a9]\n").encode()),
    "too-big.yaml": ("a spec of 16.2 MB (the cap is 16 MB)",
                     lambda: _with("title: Counter", "title: Counter\ndescription: \"" + "x" * 16_200_000 + "\"").encode()),
    "ten-mb-title.yaml": ("a 10 MB title, drawn (once: exit 1 with no message)",
                          lambda: _with("title: Counter", "title: " + "T" * 10_000_000).encode()),
    "long-title.yaml": ("a title of 100,000 characters (under the size cap, over the title's limit)",
                        lambda: _with("title: Counter", "title: " + "T" * 100_000).encode()),
    "many-undefined-inputs.yaml": ("10,000 arcs, each testing an undefined input (once: 3 MB of errors)",
                                   lambda: (VALID_SPEC + "".join(f'  - {{from: 0, to: 1, guard: "x{i}"}}\n'
                                                                 for i in range(2, 10_002))).encode()),
    "undefined-inputs-in-one-guard.yaml": ("one guard naming 300 undefined inputs",
                                           lambda: _with('guard: "x1"}', 'guard: "' + " | ".join(
                                               f"x{i}" for i in range(2, 302)) + '"}').encode()),
    "many-inputs.yaml": ("10,000 declared inputs, one misspelt (the suggestion must stay cheap)",
                         lambda: _with("inputs:\n", "inputs:\n" + "".join(
                             f"  x{i}: {{doc: d, call: f}}\n" for i in range(100, 10_100))).replace(
                             'guard: "x1"}', 'guard: "x99"}').encode()),
}


@dataclass(frozen=True)
class Case:
    name: str
    kind: str
    argv: tuple[str, ...]  # after `automata`; {spec} is the case's spec file, {dir} its folder
    spec: str | None = None  # a corpus file, or a GENERATED name
    first_line: str | None = None  # a regex stderr's first line must match (default from the kind)
    codes: tuple[int, ...] = (1, 2)
    outputs: tuple[str, ...] = ()  # files the command is asked to write in its folder
    fifo: str | None = None  # a FIFO made in the folder under this name before the run
    folder: str | None = None  # a folder made in the folder under this name before the run
    signal: int | None = None  # SIGNAL cases: sent once the trace's temporary file has content
    xfail: str | None = None  # why the case still fails (a range check the problem module lacks)
    # Only a hang comes near it, even with every case running at once beside another suite on two
    # cores (an xfail case gets 10 s: it fails anyway). No test asserts a case's time.
    timeout: float = 600.0
    extra: dict[str, str] = field(default_factory=dict)


def spec_cases() -> list[Case]:
    """Every corpus spec through `check`, a few also through `draw`, `codegen`, `run` and `verify`."""
    cases = []
    for path in sorted(SPECS.glob("*.yaml")):
        cases.append(Case(f"check {path.name}", SPEC, ("check", "{spec}"), spec=path.name, codes=(1,)))
    for name in sorted(GENERATED):
        if name.endswith(".yaml"):  # (the Python sources are derive's: user_code_cases)
            cases.append(Case(f"check {name}", SPEC, ("check", "{spec}"), spec=name, codes=(1,)))
    for name in ("python-tag.yaml", "name-injection.yaml", "python-object-state.yaml", "alias-bomb-keys.yaml",
                 "deep-flow.yaml", "ten-mb-title.yaml"):
        cases.append(Case(f"draw {name}", SPEC, ("draw", "--format", "svg,dot", "--out", "{dir}/out", "{spec}"),
                          spec=name, codes=(2,)))
    for name in ("python-tag.yaml", "name-injection.yaml", "guard-python.yaml", "deep-guard-parentheses.yaml"):
        cases.append(Case(f"codegen {name}", SPEC, ("codegen", "{spec}"), spec=name, codes=(2,)))
    for verb in ("run", "verify"):
        for name in ("python-tag.yaml", "context-injection.yaml", "name-injection.yaml"):
            cases.append(Case(f"{verb} {name}", SPEC, (verb, "{spec}"), spec=name, codes=(2,)))
    return cases


def option_cases() -> list[Case]:
    """Bad option values: refused before any work, in one line naming the option."""
    def case(name: str, option: str, *argv: str, xfail: str | None = None, outputs: tuple[str, ...] = ()) -> Case:
        return Case(name, OPTION, argv, first_line=rf"^automata \S+( \S+)?: error: .*{option}", codes=(2,),
                    xfail=xfail, outputs=outputs, timeout=10.0 if xfail else 600.0)

    return [
        case("knight --board of 5,000 digits", "--board", "run", "knight-tour", "--board", f"{HUGE}x8"),
        case("knight --board 0x8", "--board", "run", "knight-tour", "--board", "0x8"),
        case("knight --board with other digits", "--board", "run", "knight-tour", "--board", "٨x٨"),
        case("knight --start of 5,000 digits", "--start", "run", "knight-tour", "--start", f"{HUGE},1"),
        case("knight --optimizations nonsense", "--optimizations", "run", "knight-tour", "--optimizations", "1,9"),
        case("knight --max-returns 10**30", "--max-returns", "run", "knight-tour", "--max-returns", "1" + "0" * 30),
        case("knight --good-returns 10**30", "--good-returns", "run", "knight-tour", "--good-returns", "1" + "0" * 30),
        case("knight compare --sets ''", "--sets", "compare", "knight-tour", "--board", "3x3", "--sets", ""),
        case("queens --n of 5,000 digits", "--n", "run", "queens", "--n", HUGE),
        case("queens --n 10**9", "--n", "run", "queens", "--n", "1000000000"),
        case("queens mrv --n 10**6", "--n", "run", "queens", "--algorithm", "mrv", "--n", "1000000"),
        case("queens --n 30 --count (days of work)", "--n", "run", "queens", "--n", "30", "--count"),
        case("queens --n 13, every solution on the automaton", "--n", "run", "queens", "--n", "13"),
        case("queens verify --n 14", "--n", "verify", "queens", "--n", "14"),
        case("queens explicit --n 10**9", "--n", "run", "queens", "--algorithm", "explicit", "--n", "1000000000"),
        case("queens --first 0", "--first", "run", "queens", "--first", "0"),
        case("queens --first of 5,000 digits", "--first", "run", "queens", "--first", HUGE),
        case("queens --seed of 5,000 digits", "--seed", "run", "queens", "--algorithm", "las-vegas", "--seed", HUGE),
        case("queens --attempts 10**12", "--attempts", "run", "queens", "--algorithm", "las-vegas", "--attempts",
             "1000000000000"),
        case("queens --random-queens -5", "--random-queens", "run", "queens", "--algorithm", "las-vegas",
             "--random-queens", "-5"),
        case("queens --placement with a number of 5,000 digits", "--placement", "run", "queens", "--placement",
             f"1,2,{HUGE}"),
        case("queens --placement ''", "--placement", "run", "queens", "--placement", ""),
        case("queens --protocol= (empty)", "--protocol", "run", "queens", "--n", "4", "--protocol="),
        case("queens --protocol=nonsense", "--protocol", "run", "queens", "--n", "4", "--protocol=nonsense"),
        case("queens --trace ''", "--trace", "run", "queens", "--n", "4", "--trace", ""),
        case("puzzle8 --max-expanded of 5,000 digits", "--max-expanded", "run", "puzzle8", "--max-expanded", HUGE),
        case("puzzle8 --max-expanded 10**15", "--max-expanded", "run", "puzzle8", "--max-expanded", "1" + "0" * 15),
        case("puzzle8 --start of 10,000 characters", "start", "run", "puzzle8", "--start", "1" * 10_000),
        case("puzzle15 --start of 10,000 characters", "start", "run", "puzzle15", "--start", "1" * 10_000),
        case("puzzle15 --start of 5,000 numbers", "start", "run", "puzzle15", "--start", "1 " * 5_000),
        case("puzzle15 --instance of 5,000 digits", "--instance", "run", "puzzle15", "--instance", HUGE),
        case("puzzle15 compare --instances of 5,000 digits", "--instances", "compare", "puzzle15", "--instances", HUGE),
        case("puzzle15 compare --instances ''", "--instances", "compare", "puzzle15", "--instances", ""),
        case("puzzle15 compare --easiest 0", "--easiest", "compare", "puzzle15", "--easiest", "0"),
        case("draw --format ''", "--format", "draw", "--format", "", "--out", "{dir}/out"),
        case("draw --format nonsense", "--format", "draw", "--format", "gif", "--out", "{dir}/out"),
    ]


def file_cases() -> list[Case]:
    """Paths that are no regular file, as specs and as outputs."""
    spec = "duplicate-keys.yaml"  # any corpus spec: the command must stop at the output option first
    return [
        Case("check /dev/zero", FILE, ("check", "/dev/zero"), first_line=r"^/dev/zero:1:1: error: .*not a regular file"),
        Case("draw /dev/zero", FILE, ("draw", "--out", "{dir}/out", "/dev/zero"),
             first_line=r"^/dev/zero:1:1: error: .*not a regular file"),
        Case("codegen /dev/zero", FILE, ("codegen", "/dev/zero"), first_line=r"^/dev/zero:1:1: error: .*not a regular file"),
        Case("check a FIFO", FILE, ("check", "{dir}/pipe.yaml"), fifo="pipe.yaml",
             first_line=r"pipe\.yaml:1:1: error: .*not a regular file \(a FIFO\)"),
        Case("draw a FIFO", FILE, ("draw", "--out", "{dir}/out", "{dir}/pipe.yaml"), fifo="pipe.yaml",
             first_line=r"pipe\.yaml:1:1: error: .*FIFO"),
        Case("codegen a FIFO", FILE, ("codegen", "{dir}/pipe.yaml"), fifo="pipe.yaml", first_line=r"pipe\.yaml:1:1: error: .*FIFO"),
        Case("run a FIFO", FILE, ("run", "{dir}/pipe.yaml"), fifo="pipe.yaml", first_line=r"pipe\.yaml:1:1: error: .*FIFO"),
        Case("check a folder", FILE, ("check", "{dir}/folder.yaml"), folder="folder.yaml",
             first_line=r"^automata check: error: .*folder\.yaml.* is a directory"),
        Case("check a missing file", FILE, ("check", "{dir}/absent.yaml"), first_line=r"absent\.yaml"),
        Case("codegen -o a FIFO", FILE, ("codegen", "{spec}", "-o", "{dir}/out.py"), spec=spec, fifo="out.py",
             first_line=r"^automata codegen: error: .*-o/--output.*FIFO"),
        Case("codegen -o a folder", FILE, ("codegen", "{spec}", "-o", "{dir}/out.py"), spec=spec, folder="out.py",
             first_line=r"^automata codegen: error: .*-o'? ?/ ?'?--output"),
        Case("codegen -o ''", FILE, ("codegen", "{spec}", "-o", ""), spec=spec,
             first_line=r"^automata codegen: error: .*-o/--output.*empty"),
        Case("run --trace a FIFO", FILE, ("run", "queens", "--n", "4", "--trace", "{dir}/trace.jsonl"), fifo="trace.jsonl",
             first_line=r"^automata run queens: error: .*--trace.*FIFO"),
        Case("run --trace a folder", FILE, ("run", "queens", "--n", "4", "--trace", "{dir}/trace.jsonl"),
             folder="trace.jsonl", first_line=r"^automata run queens: error: .*--trace"),
        Case("draw --out a file", FILE, ("draw", "--out", "{spec}"), spec=spec, first_line=r"^automata draw: error: .*--out"),
    ]


def process_cases() -> list[Case]:
    """Signals during a traced run, and a reader that goes away."""
    import signal

    # The largest board the automaton counts (solvers/queens/bounds.py): seconds of work, signalled in its first.
    long_run = ("run", "queens", "--n", "12", "--count", "--trace", "{dir}/trace.jsonl")
    cases = [Case(f"{name} during a traced run", SIGNAL, long_run, signal=getattr(signal, name),
                  codes=(128 + getattr(signal, name),), outputs=("trace.jsonl",))
             for name in ("SIGTERM", "SIGHUP", "SIGINT")]
    cases.append(Case("stdout closed after one line", PIPE, ("run", "queens", "--n", "10", "--impl", "iterative", "--notation", "grid"),
                      codes=(141,)))
    return cases


# Python sources for `automata derive` (issue 24, item 4): each must be one line, exit 2, quickly.
_DERIVE_HEADER = "class Ctx:\n    def a(self): ...\n    def q(self): return True\n\n\ndef f(ctx: Ctx):\n"
DERIVE_SOURCES: dict[str, tuple[str, Callable[[], bytes]]] = {
    "derive-nul.py": ("a NUL byte in the source (ValueError)", lambda: (_DERIVE_HEADER + "    ctx.a()\x00\n").encode()),
    "derive-nots.py": ("5,000 nested `not`s (RecursionError in the parser)",
                       lambda: (_DERIVE_HEADER + "    if " + "not " * 5000 + "ctx.q():\n        ctx.a()\n").encode()),
    "derive-ifs.py": ("1,500 flat `if`s (RecursionError in build.py's _explore)",
                      lambda: (_DERIVE_HEADER + "    if ctx.q():\n        ctx.a()\n" * 1500).encode()),
    "derive-operators.py": ("a 200,000-operator expression (MemoryError): over the 1 MB cap",
                            lambda: (_DERIVE_HEADER + "    if " + " and ".join(["ctx.q()"] * 200_000)
                                     + ":\n        ctx.a()\n").encode()),
    "derive-nodes.py": ("a 25,000-operator expression under the size cap: over the syntax-node cap",
                        lambda: (_DERIVE_HEADER + "    if " + " and ".join(["ctx.q()"] * 25_000)
                                 + ":\n        ctx.a()\n").encode()),
}
GENERATED.update(DERIVE_SOURCES)


def user_code_cases() -> list[Case]:
    """Issue 24, items 4 and 10: bad input to derive, outputs checked before any work, a bare verb."""
    spec = "duplicate-keys.yaml"  # any corpus spec: the command must stop at the output option first
    cases = [Case(f"derive {name}", FILE, ("derive", "{spec}:f"), spec=name, codes=(2,),
                  first_line=rf"^automata derive: error: .*{re.escape(name)}")
             for name in DERIVE_SOURCES]
    cases += [
        Case("minimize -o ''", FILE, ("minimize", "{spec}", "-o", ""), spec=spec,
             first_line=r"^automata minimize: error: .*-o/--output.*empty"),
        Case("derive -o ''", FILE, ("derive", "{spec}:f", "-o", ""), spec="derive-nul.py",
             first_line=r"^automata derive: error: .*-o/--output.*empty"),
        Case("draw --out ''", FILE, ("draw", "{spec}", "--out", ""), spec=spec,
             first_line=r"^automata draw: error: .*--out.*empty"),
        # A missing folder is made (the output policy, io/files.py); one under a file cannot be.
        Case("minimize -o into a folder under a file", FILE, ("minimize", "{spec}", "-o", "{spec}/absent/min.yaml"),
             spec=spec, first_line=r"^automata minimize: error: .*-o/--output.*is not a folder"),
        Case("derive -o into a folder under a file, before any note", FILE,
             ("derive", "{spec}:f", "-o", "{spec}/absent/x.yaml"),
             spec="derive-nul.py", first_line=r"^automata derive: error: .*-o/--output.*is not a folder"),
        Case("bare run", OPTION, ("run",), first_line=r"^automata run: error: name a problem .* or a spec file", codes=(2,)),
    ]
    return cases


def all_cases() -> list[Case]:
    return [*spec_cases(), *option_cases(), *file_cases(), *process_cases(), *user_code_cases()]
