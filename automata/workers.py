"""Worker processes that cannot outlive the command that started them, and that see what it imported.

`process_pool(workers, function)` is the pool `automata.sweep` runs cases on; `stop_pool(pool)`
ends it at once. Three choices make the pool safe:

* **How workers start.** A worker is forked from a *fork server*: one fresh, single-threaded
  interpreter started on first use, which has imported the framework and the sweep's function.
  Forking the command itself would copy every lock its other threads hold at that instant (a deep
  recursion runs in a thread of its own; Dask leaves threads behind), and a child that needs such
  a lock waits forever: Python 3.12+ warns about it, 3.14 stops doing it by default. A fork server
  costs one interpreter start per command, then a cheap fork per worker; plain spawning would pay
  the interpreter start and the imports in every worker.
* **What workers see.** Each worker takes the command's sys.path, working folder and the user
  modules the command imported from elsewhere (a spec's program, imported from the spec's
  folder, docs/security.md), so cases and results that refer to them unpickle; a sweep function
  defined in a script run as __main__ is found too.
* **How workers end.** A worker ignores Ctrl-C: the terminal sends it to the whole process group,
  and the command, which handles it once, ends the workers itself (`stop_pool`). A worker dies on
  SIGTERM. And each worker watches the command's process (a pidfd on Linux) and ends the moment
  the command ends, however it ends (even by SIGKILL): no worker is left running, re-parented to
  init and holding the command's output pipe. (The fork server ends once the last worker has.)
"""

from __future__ import annotations

import concurrent.futures as cf
import contextlib
import importlib
import multiprocessing
import os
import select
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

# How long a worker may take to end after SIGTERM before it is killed (SIGTERM kills a worker at
# once unless the user's code running in it installed a handler of its own).
_TERMINATE_GRACE = 5.0


@dataclass(frozen=True)
class WorkerSetup:
    """What a new worker takes from the command before its first case (plain, picklable data)."""

    path: tuple[str, ...]  # the command's sys.path
    folder: str  # the command's working folder
    modules: tuple[tuple[str, str], ...]  # (module, the folder it was imported from), outside sys.path
    command: int  # the command's process id: the worker ends when it does
    main: tuple[tuple[str, str], ...] = ()  # how to find the command's __main__, when the function is there


def start_method() -> str:
    """forkserver where the platform has it (Linux, macOS), else spawn (Windows)."""
    return "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"


def process_pool(workers: int, function: Callable[..., Any]) -> cf.ProcessPoolExecutor:
    """A pool of `workers` processes ready to run `function` (see the module's docstring)."""
    context = multiprocessing.get_context(start_method())
    module = getattr(function, "__module__", None)
    if start_method() == "forkserver":
        # The fork server imports these once, so each worker is forked with them loaded. (The
        # setting is the multiprocessing module's own; it counts when the server first starts.)
        preload = [__name__] + ([module] if module and module != "__main__" and module in sys.modules else [])
        context.set_forkserver_preload(preload)
    setup = WorkerSetup(path=tuple(sys.path), folder=os.getcwd(), modules=tuple(_modules_outside()), command=os.getpid(),
                        main=_main_module() if module == "__main__" else ())
    return cf.ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=start_worker,
                                  initargs=(setup,))


def start_worker(setup: WorkerSetup) -> None:
    """What each worker runs first: its signals, its parent, then the command's paths and modules."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_DFL)
    _die_with(setup.command)
    sys.path[:] = list(setup.path)
    with contextlib.suppress(OSError):  # a folder removed meanwhile: the cases name absolute paths then
        os.chdir(setup.folder)
    if setup.main:
        from multiprocessing import spawn

        spawn.prepare(dict(setup.main))
    for name, folder in setup.modules:
        if name not in sys.modules:
            _import_from(name, folder)


def stop_pool(pool: cf.ProcessPoolExecutor) -> None:
    """End every worker of `pool` now, without waiting for the cases they run, and wait until they
    are gone. Ctrl-C is ignored meanwhile: a second one must not leave the job half done."""
    with _interrupts_ignored():
        processes = list((getattr(pool, "_processes", None) or {}).values())  # before 3.14: no public way
        for process in processes:
            with contextlib.suppress(Exception):
                process.terminate()
        for process in processes:
            with contextlib.suppress(Exception):
                process.join(_TERMINATE_GRACE)
                if process.is_alive():
                    process.kill()
                    process.join()
        pool.shutdown(wait=True, cancel_futures=True)


@contextlib.contextmanager
def _interrupts_ignored() -> Iterator[None]:
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _die_with(command: int) -> None:
    """End this worker as soon as the command process ends, whatever ends it: a daemon thread
    waits on the command's pid (a pidfd on Linux; elsewhere it checks once a second)."""
    try:
        handle: int | None = os.pidfd_open(command)
    except ProcessLookupError:
        os._exit(1)  # the command ended before this worker started
    except (AttributeError, OSError):
        handle = None

    def watch() -> None:
        if handle is not None:
            select.select([handle], [], [])
        else:
            while _running(command):
                time.sleep(1.0)
        os._exit(1)

    threading.Thread(target=watch, name="automata-command-watch", daemon=True).start()


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _modules_outside() -> Iterator[tuple[str, str]]:
    """The command's imported modules that a worker could not import by name (the command's
    finders do not find their top-level package now): each with the folder it came from, the way
    automata.runtime.context imports a spec's program from beside the spec."""
    importable: dict[str, bool] = {}
    for name, module in list(sys.modules.items()):
        file = getattr(module, "__file__", None)
        if not file or name == "__main__" or name.startswith("__mp_main__"):
            continue
        top = name.partition(".")[0]
        if top not in importable:
            importable[top] = _findable(top)
        if importable[top]:
            continue
        depth = name.count(".") + (1 if Path(file).stem == "__init__" else 0)
        parents = Path(os.path.realpath(file)).parents
        if depth < len(parents):
            yield name, str(parents[depth])


def _findable(name: str) -> bool:
    """Whether importing the top-level module `name` afresh would find it (as a worker would)."""
    for finder in sys.meta_path:
        find = getattr(finder, "find_spec", None)
        try:
            if find is not None and find(name, None) is not None:
                return True
        except Exception:  # noqa: BLE001 - a third-party finder's failure means "not found here"
            continue
    return False


def _import_from(name: str, folder: str) -> None:
    saved = list(sys.path)
    sys.path.insert(0, folder)
    try:
        importlib.import_module(name)
    except BaseException:  # noqa: BLE001 - a case that needs it then reports its own unpickling error
        pass
    finally:
        sys.path[:] = saved


def _main_module() -> tuple[tuple[str, str], ...]:
    """How a worker finds the command's __main__ module (a script, or `python -m package.module`)."""
    main = sys.modules.get("__main__")
    name = getattr(getattr(main, "__spec__", None), "name", None)
    if name:
        return (("init_main_from_name", name),)
    file = getattr(main, "__file__", None)
    return (("init_main_from_path", os.path.abspath(file)),) if file else ()
