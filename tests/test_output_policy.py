"""The output policy (automata/io/files.py) through every command that writes a file or a folder.

Each writing command is pointed at what a rename would destroy: a FIFO, a character device made
here with mknod (never the machine's own /dev/null), a symbolic link to that device, a folder
where a file is asked for, and an empty name. Each must be refused in one line with exit code 2
before any work, and the thing at the path must be exactly what it was (same kind, same inode,
same device numbers): the proof that nothing was replaced.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from automata.errors import InputError
from automata.io.files import move_into_place, output_file_problem, output_folder_problem, write_atomically
from automata.runtime.trace import JsonlSink
from core_support import COUNTER_SPEC, run_cli

SPEC = "counter.yaml"
PROGRAM = '''\
class Walker:
    def more(self) -> bool:
        """Is there more to walk?"""
        return False

    def step(self) -> None:
        """Walk one step."""


def walk(ctx: Walker):
    while ctx.more():
        ctx.step()
'''

# command line (after `automata`) -> the file option's value is {out}
FILE_WRITERS = {
    "codegen -o": ("codegen", SPEC, "-o", "{out}"),
    "minimize -o": ("minimize", SPEC, "-o", "{out}"),
    "derive -o": ("derive", "walker.py:walk", "-o", "{out}"),
    "player -o": ("player", "queens", "--spec", "queens_backtracking", "--n", "4", "-o", "{out}"),
    "run --trace": ("run", "queens", "--n", "4", "--trace", "{out}"),
    "run knight-tour --svg": ("run", "knight-tour", "--board", "5x5", "--svg", "{out}"),
    "run puzzle8 --svg": ("run", "puzzle8", "--svg", "{out}"),
}
# command line -> (the folder option's value is {out}, a file the command writes into it)
FOLDER_WRITERS = {
    "draw --out": (("draw", SPEC, "--out", "{out}"), "counter.svg"),
    "docs -o": (("docs", "--no-verify", SPEC, "-o", "{out}"), "index.html"),
    "run queens --svg": (("run", "queens", "--n", "4", "--svg", "{out}"), "queens-4-solution-1.svg"),
    "compare --out": (("compare", "knight-tour", "--board", "3x3", "--sets", "none", "--out", "{out}"),
                      "knight-3x3-none.json"),
    "new --dir": (("new", "demo", "--dir", "{out}"), "demo"),
}


def _make(kind: str, path: Path) -> None:
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "device":  # a /dev/null of our own: major 1, minor 3
        os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    elif kind == "link to a device":
        _make("device", path.with_name(path.name + ".dev"))
        path.symlink_to(path.name + ".dev")
    elif kind == "folder":
        path.mkdir()
    else:
        raise AssertionError(kind)


def _identity(path: Path) -> tuple[int, int, int]:
    status = os.lstat(path)
    return status.st_mode, status.st_ino, status.st_rdev


def _listing(folder: Path) -> dict[str, tuple[int, int, int]]:
    return {str(path.relative_to(folder)): _identity(path) for path in folder.rglob("*")}


@pytest.fixture
def workdir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / SPEC).write_text(COUNTER_SPEC)
    (tmp_path / "walker.py").write_text(PROGRAM)
    return tmp_path


def _refused(capsys: pytest.CaptureFixture[str], folder: Path, argv: tuple[str, ...], out: str) -> str:
    before = _listing(folder)
    code, stdout, err = run_cli(capsys, *(part.replace("{out}", out) for part in argv))
    assert code == 2, (code, stdout, err)
    assert err.strip() and err.strip().count("\n") == 0, err  # one line, nothing printed before it
    assert "Traceback" not in err and stdout == ""
    assert _listing(folder) == before, "a file was replaced, made or left behind"
    return err


@pytest.mark.parametrize("kind", ["fifo", "device", "link to a device", "folder"])
@pytest.mark.parametrize("command", FILE_WRITERS)
def test_a_file_output_never_replaces_what_is_not_a_regular_file(workdir, capsys, command, kind):
    _make(kind, workdir / "target")
    _refused(capsys, workdir, FILE_WRITERS[command], "target")


@pytest.mark.parametrize("kind", ["fifo", "device", "link to a device", "folder"])
@pytest.mark.parametrize("command", FOLDER_WRITERS)
def test_a_folder_output_never_replaces_a_file_in_it(workdir, capsys, command, kind):
    argv, written = FOLDER_WRITERS[command]
    (workdir / "site").mkdir()
    if command == "new --dir" and kind == "folder":
        kind = "fifo"  # an empty folder is where `new` may make its own
    _make(kind, workdir / "site" / written)
    _refused(capsys, workdir, argv, "site")


@pytest.mark.parametrize("kind", ["fifo", "device", "link to a device"])
@pytest.mark.parametrize("command", FOLDER_WRITERS)
def test_a_folder_output_must_be_a_folder(workdir, capsys, command, kind):
    _make(kind, workdir / "target")
    _refused(capsys, workdir, FOLDER_WRITERS[command][0], "target")


@pytest.mark.parametrize("argv", [*FILE_WRITERS.values(), *(argv for argv, _ in FOLDER_WRITERS.values())],
                         ids=[*FILE_WRITERS, *FOLDER_WRITERS])
def test_an_empty_output_name_is_refused(workdir, capsys, argv):
    assert "empty" in _refused(capsys, workdir, argv, "")


def test_the_writers_write_a_regular_file_when_all_is_well(workdir, capsys):
    for name, argv in FILE_WRITERS.items():
        if "svg" in name:
            continue  # a search with its own tests; here only the refusals matter
        target = workdir / name.replace(" ", "_")
        code, _, err = run_cli(capsys, *(part.replace("{out}", str(target)) for part in argv))
        assert code == 0, (name, err)
        assert stat.S_ISREG(os.lstat(target).st_mode), name


def test_a_target_that_turns_into_a_device_during_the_work_is_still_not_replaced(tmp_path):
    """The policy is checked again just before the rename (a trace may run for hours)."""
    target = tmp_path / "run.jsonl"
    sink = JsonlSink(target)
    sink.started(_counter_spec(), 0, "e0")
    _make("device", target)
    before = _identity(target)
    with pytest.raises(InputError, match="character device"):
        sink.close()
    assert _identity(target) == before
    assert sorted(path.name for path in tmp_path.iterdir()) == ["run.jsonl"]  # no temporary file left


def test_move_into_place_and_write_atomically_refuse_on_their_own(tmp_path):
    _make("fifo", tmp_path / "pipe")
    temporary = tmp_path / "finished.tmp"
    temporary.write_text("content")
    with pytest.raises(InputError, match="FIFO"):
        move_into_place(temporary, tmp_path / "pipe")
    with pytest.raises(InputError, match="FIFO"):
        write_atomically(tmp_path / "pipe", "content")
    assert stat.S_ISFIFO(os.lstat(tmp_path / "pipe").st_mode)


def test_the_policy_in_words(tmp_path):
    _make("link to a device", tmp_path / "link")
    assert "symbolic link" in output_file_problem(tmp_path / "link")
    assert "character device" in output_folder_problem(tmp_path / "link")
    assert "NUL" in output_file_problem("a\x00b")
    (tmp_path / "file").write_text("")
    assert "not a folder" in output_file_problem(tmp_path / "file" / "below")
    assert output_file_problem(tmp_path / "new" / "deeper" / "file.txt") is None  # folders are made
    assert output_folder_problem(tmp_path / "new") is None
    (tmp_path / "to-folder").symlink_to(tmp_path)
    assert output_folder_problem(tmp_path / "to-folder") is None  # a link to a folder: files go inside


def _counter_spec():
    from automata.io.loader import spec_from_text

    return spec_from_text(COUNTER_SPEC, "counter.yaml")
