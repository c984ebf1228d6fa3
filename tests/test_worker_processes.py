"""Worker processes (automata/workers.py): none outlives the command, whatever ends it; they see
what the command imported.

A `--jobs 2` verification is stopped the ways a user stops one: Ctrl-C from a terminal (SIGINT to
the whole process group, twice, the way `timeout -s INT` sends it), SIGTERM, and SIGKILL. Each test
waits for a state, never for a time: until the workers exist (found through /proc), then until
the command's output pipes close (which cannot happen while a worker holds them), then until
every process the command started is gone.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from core_support import run_cli

LONG_SWEEP = ("verify", "knight-tour", "--board", "8x8", "--optimizations", "1,2", "--jobs", "2")
# Starts the command as a terminal would: Ctrl-C raises KeyboardInterrupt (a job started in the
# background by a shell would inherit it ignored).
AS_FROM_A_TERMINAL = ("import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL);"
                      " os.execv(sys.executable, [sys.executable, '-m', 'automata.cli', *sys.argv[1:]])")
PATIENCE = 300.0  # seconds before a wait counts as a hang: only a hang comes near it


def _children() -> dict[int, list[int]]:
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                # the command name in parentheses may hold spaces: the fields after its ")" are fixed
                fields = (entry / "stat").read_text().rpartition(")")[2].split()
            except OSError:
                continue  # ended while we looked
            children.setdefault(int(fields[1]), []).append(int(entry.name))
    return children


def _descendants(pid: int) -> set[int]:
    children, found, todo = _children(), set(), [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


def _gone(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except OSError:
        return True
    return state in ("Z", "X")  # a zombie has ended; only its parent's wait is missing


def _wait_for(condition, what: str) -> None:
    deadline = time.monotonic() + PATIENCE
    while not condition():
        assert time.monotonic() < deadline, f"still waiting for {what}"
        time.sleep(0.02)


def _start_sweep() -> tuple[subprocess.Popen, set[int]]:
    """The command, once its two workers run: (the process, every process it started)."""
    process = subprocess.Popen([sys.executable, "-c", AS_FROM_A_TERMINAL, *LONG_SWEEP], start_new_session=True,
                               stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    workers: set[int] = set()

    def two_workers() -> bool:
        assert process.poll() is None, process.communicate()
        started = _descendants(process.pid)
        # the workers are forked by the fork server, the command's child: they are its grandchildren
        workers.update(pid for pid in started if pid not in _children().get(process.pid, []))
        return len(workers) >= 2

    _wait_for(two_workers, "the sweep's workers")
    return process, _descendants(process.pid)


@pytest.mark.parametrize("how", ["Ctrl-C twice", "SIGTERM", "SIGKILL"])
def test_no_worker_outlives_a_stopped_sweep(how: str) -> None:
    process, started = _start_sweep()
    if how == "Ctrl-C twice":
        process.send_signal(signal.SIGINT)  # what `timeout -s INT` does: the command, then its group
        os.killpg(process.pid, signal.SIGINT)
    else:
        process.send_signal(getattr(signal, how))
    # Returns only once nobody holds the output pipes: a worker left running would hang it here.
    out, err = process.communicate(timeout=PATIENCE)
    _wait_for(lambda: all(_gone(pid) for pid in started), "every worker to end")
    text = err.decode("utf-8", "replace")
    assert "Traceback" not in text, text
    if how == "SIGKILL":
        assert process.returncode == -signal.SIGKILL
    elif how == "SIGTERM":
        assert process.returncode == 143 and "terminated by SIGTERM" in text, text
    else:
        assert process.returncode == 130, text
        assert text.strip().splitlines()[-1].startswith("automata verify knight-tour: error: interrupted"), text


USER_PROGRAM = '''\
from dataclasses import dataclass


@dataclass(frozen=True)
class Stack:
    """A case that only this module knows how to rebuild."""
    disks: int


def make_context(case, observer):
    from hanoi import make_context as hanoi_context
    return hanoi_context({"disks": case.disks}, observer)


CASES = {f"{n} disks": Stack(n) for n in range(4)}
'''


def test_workers_import_a_program_from_beside_its_spec(capsys, tmp_path, monkeypatch) -> None:
    """The cases are instances of a class of the user's module, imported from the spec's folder
    (not on sys.path): a worker must import it the same way to read its cases."""
    hanoi = Path(__file__).parent / "data" / "hanoi"
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "hanoi.py").write_text((hanoi / "hanoi.py").read_text())
    (folder / "stacks.py").write_text(USER_PROGRAM + "\nfrom hanoi import IMPLEMENTATIONS, result  # noqa: E402\n")
    (folder / "hanoi.yaml").write_text((hanoi / "hanoi.yaml").read_text() + "program: stacks\n")
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli(capsys, "verify", "mine/hanoi.yaml", "--jobs", "2")
    assert code == 0, err
    assert "4 cases" in out or out.count("disks") >= 4, out


MAIN_SCRIPT = """
import sys
from automata.sweep import run_sweep

def cube(n):
    return n ** 3

if __name__ == "__main__":
    print(run_sweep(cube, range(6), jobs=2, chunksize=1))
"""


def test_a_sweep_function_of_a_script_run_as_main_reaches_the_workers(tmp_path: Path) -> None:
    script = tmp_path / "cubes.py"
    script.write_text(textwrap.dedent(MAIN_SCRIPT))
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=PATIENCE)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[0, 1, 8, 27, 64, 125]"
