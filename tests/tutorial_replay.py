"""Replaying docs/tutorial.md: the reader starts in an empty folder and types what the page shows.

The page marks what a reader types and runs, in order:

    <!-- file: NAME -->            the code block is the whole file NAME (the reader creates it)
    <!-- append: NAME -->          the block goes at the end of NAME
    <!-- change: NAME -->          the block replaces the definition its first line starts (the
                                   `def` of the same name, with its body) in NAME
    <!-- change: NAME line N -->   the block (one line) replaces line N of NAME
    <!-- console -->               `$ command` lines, each followed by what it prints
    <!-- excerpt: NAME -->         a block that appears in NAME as it is (a file a command wrote)
    <!-- notebook -->              Python run as a notebook cell; its last line is shown

`steps()` reads them in page order; `Replay` carries them out in a folder, running `automata`
in-process, `printf '...' | automata ...` with that standard input, `cat FILE`, `python -c` and
`python FILE`.
"""

from __future__ import annotations

import io
import re
import runpy
import shlex
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from automata.cli import main

MARK = re.compile(r"<!-- (?P<kind>file|append|change|console|excerpt|notebook)(?:: (?P<name>[^ ]+)(?: line (?P<line>\d+))?)? -->\n"
                  r"```\w*\n(?P<body>.*?)\n```", re.DOTALL)
MODULES = ("maze", "ways", "gen", "test_maze")


@dataclass(frozen=True)
class Step:
    kind: str
    name: str | None
    line: int | None
    body: str


def steps(page: str) -> list[Step]:
    return [Step(found["kind"], found["name"], int(found["line"]) if found["line"] else None, found["body"])
            for found in MARK.finditer(page)]


def console_commands(body: str) -> Iterator[tuple[str, str]]:
    """The `$ command` lines of a console block, each with the output printed under it."""
    commands: list[tuple[str, list[str]]] = []
    for line in body.splitlines():
        if line.startswith("$ "):
            commands.append((line[2:], []))
        else:
            assert commands, f"console block does not start with a command: {line!r}"
            commands[-1][1].append(line)
    for command, output in commands:
        yield command, "\n".join(output)


def definition(lines: list[str], head: str) -> tuple[int, int]:
    """Where the definition `head` starts (`    def take_back(...`) lies in `lines`: its first line
    (the same up to the first parenthesis) and the line after its body (more indented lines)."""
    key = head.split("(", 1)[0]
    first = next(index for index, line in enumerate(lines) if line.split("(", 1)[0] == key)
    indent = len(head) - len(head.lstrip())
    end = first + 1
    while end < len(lines) and (not lines[end].strip() or len(lines[end]) - len(lines[end].lstrip()) > indent):
        end += 1
    while end - 1 > first and not lines[end - 1].strip():
        end -= 1  # the blank lines after the body stay where they are
    return first, end


def forget_modules() -> None:
    for name in MODULES:
        sys.modules.pop(name, None)


class Replay:
    """Carries out the page's steps in `folder` (the current folder, on Python's path)."""

    def __init__(self, folder: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
        self.folder = folder
        self.capsys = capsys
        self.monkeypatch = monkeypatch
        self.kernel: dict[str, object] = {"__name__": "__main__"}  # the notebook's cells share their names

    def write(self, step: Step) -> None:
        path = self.folder / step.name
        if step.kind == "file":
            path.write_text(step.body + "\n", encoding="utf-8")
        elif step.kind == "append":
            path.write_text(path.read_text(encoding="utf-8") + "\n\n" + step.body + "\n", encoding="utf-8")
        else:
            lines = path.read_text(encoding="utf-8").split("\n")
            new = step.body.split("\n")
            if step.line is not None:
                assert len(new) == 1, f"a change of line {step.line} of {step.name} is one line"
                lines[step.line - 1] = new[0]
            else:
                first, end = definition(lines, new[0])
                lines[first:end] = new
            path.write_text("\n".join(lines), encoding="utf-8")
        forget_modules()  # the next command imports the file as it is now

    def run(self, command: str) -> str:
        """What `command` prints (stdout, then stderr)."""
        stdin = None
        piped = re.fullmatch(r"printf '([^']*)' \| (.*)", command)
        if piped:
            stdin, command = piped.group(1).encode().decode("unicode_escape"), piped.group(2)
        argv = shlex.split(command)
        self.capsys.readouterr()
        if stdin is not None:
            self.monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        if argv[0] == "automata":
            with pytest.raises(SystemExit):
                main(argv[1:])
        elif argv[0] == "cat":
            print((self.folder / argv[1]).read_text(encoding="utf-8"), end="")
        elif argv[:2] == ["python", "-c"]:
            exec(compile(argv[2], "<python -c>", "exec"), {"__name__": "__main__"})
        elif argv[0] == "python":
            self.monkeypatch.setattr(sys, "argv", argv[1:])
            runpy.run_path(str(self.folder / argv[1]), run_name="__main__")
        elif argv[0] in ("mkdir", "cd"):
            pass  # the folder the replay runs in is the reader's new folder
        else:
            raise AssertionError(f"the tutorial shows a command this replay cannot run: {command}")
        captured = self.capsys.readouterr()
        return (captured.out + captured.err).rstrip("\n")

    def notebook(self, body: str) -> object:
        """Run a notebook cell; the value of its last line, as a notebook shows it."""
        *statements, last = body.strip().split("\n")
        exec(compile("\n".join(statements), "<cell>", "exec"), self.kernel)
        return eval(compile(last, "<cell>", "eval"), self.kernel)

    def all(self, page: str, check: Callable[[str, str, str], None]) -> None:
        """Every step of the page; `check(command, printed, shown)` judges each console command."""
        for step in steps(page):
            if step.kind in ("file", "append", "change"):
                self.write(step)
            elif step.kind == "console":
                for command, shown in console_commands(step.body):
                    check(command, self.run(command), shown)
            elif step.kind == "excerpt":
                assert step.body in (self.folder / step.name).read_text(encoding="utf-8"), \
                    f"excerpt not found in {step.name}:\n{step.body}"
            else:
                shown = self.notebook(step.body)
                assert hasattr(shown, "_repr_html_"), f"the cell's last line shows no picture: {step.body}"
