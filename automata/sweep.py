"""Running independent cases: one at a time, on every core, or on a Dask cluster.

Every command that loops over independent cases (start cells, verification cases, mutants, random
machines) hands them to `run_sweep`, the one place that decides where they run:

* ``jobs=1``: in this process, one after another;
* ``jobs=N`` (default: every core): in N worker processes (`concurrent.futures.ProcessPoolExecutor`
  started from a fork server, automata/workers.py);
* ``scheduler="tcp://host:8786"``: on a Dask distributed cluster, through the client's
  `concurrent.futures`-compatible executor, so the code below is the same for both;
  ``scheduler="local"`` starts a `LocalCluster` of ``jobs`` single-threaded worker processes.

Results come back in case order, merged by case index, never by arrival order: a sweep's output
is the same whatever ``jobs`` is and whatever order the cases finish in.  Ctrl-C (or SIGTERM, or a
case's exception) ends the workers before anything else happens, and Ctrl-C raises `Interrupted`,
which carries the results of the cases that finished.  Workers die with the command however it
ends (automata/workers.py).

The function must be importable by the workers (a module-level function of an importable module,
a user's program beside its spec, or the script run as __main__) and its cases and results picklable.
"""

from __future__ import annotations

import concurrent.futures as cf
import math
import os
import pickle
import signal
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TextIO, TypeVar

from automata.errors import AutomataError, InputError, RunError

Case = TypeVar("Case")
Result = TypeVar("Result")

INSTALL_HINT = "pip install 'automata-search[cluster]'"


def default_jobs() -> int:
    """Every core this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


@dataclass(frozen=True)
class SweepProgress:
    """How far a sweep has come; handed to the progress callback after every finished batch."""

    done: int
    total: int
    elapsed: float  # seconds since the sweep started

    @property
    def rate(self) -> float:
        """Cases per second so far."""
        return self.done / self.elapsed if self.elapsed > 0 else 0.0

    @property
    def remaining(self) -> float | None:
        """Seconds left at the rate so far (None before the first case finishes)."""
        if not self.done:
            return None
        return (self.total - self.done) / self.rate if self.rate else 0.0

    def describe(self) -> str:
        left = self.remaining
        eta = "?" if left is None else _clock(left)
        return f"{self.done:,}/{self.total:,} cases, {self.rate:,.1f}/s, {eta} left"


ProgressCallback = Callable[[SweepProgress], None]


class Interrupted(AutomataError):
    """The sweep was stopped (Ctrl-C, or SIGTERM or SIGHUP through the CLI); ``finished`` maps
    case index to result for the cases that ended.

    A command can print what finished (`results`, in case order) and exit with ``exit_code``: 130,
    the shell's code for a program stopped by SIGINT (143 for SIGTERM, 129 for SIGHUP).
    """

    def __init__(self, finished: dict[int, Any], total: int, signum: int = signal.SIGINT) -> None:
        self.finished = dict(sorted(finished.items()))
        self.total = total
        self.exit_code = 128 + signum  # 130 for Ctrl-C; 143 for SIGTERM, 129 for SIGHUP (the CLI's Terminated)
        how = "interrupted" if signum == signal.SIGINT else f"terminated by {signal.Signals(signum).name}"
        super().__init__(f"{how}: {len(self.finished):,} of {total:,} cases finished")

    @property
    def indices(self) -> list[int]:
        return list(self.finished)

    @property
    def results(self) -> list[Any]:
        return list(self.finished.values())


class StderrProgress:
    """A progress reporter: one line kept up to date on a terminal; on a log (stderr redirected),
    a line every ``interval`` seconds, so that short sweeps stay silent there."""

    def __init__(self, label: str = "", stream: TextIO | None = None, interval: float | None = None) -> None:
        self.label = f"{label}: " if label else ""
        self.stream = stream if stream is not None else sys.stderr
        # The CLI lets only printable text through stderr (automata/cli/terminal.py); this line's
        # own "\r" and erase sequence go to the stream under that filter.
        self.stream = getattr(self.stream, "unfiltered", self.stream)
        self.live = bool(getattr(self.stream, "isatty", lambda: False)())
        self.interval = interval if interval is not None else (0.2 if self.live else 30.0)
        self._last = 0.0

    def __call__(self, state: SweepProgress) -> None:
        finished = state.done == state.total
        if state.elapsed - self._last < self.interval and not (finished and self._last):
            return
        self._last = state.elapsed
        if self.live:
            end = "\n" if finished else ""
            self.stream.write(f"\r{self.label}{state.describe()}\x1b[K{end}")
        else:
            self.stream.write(f"{self.label}{state.describe()}\n")
        self.stream.flush()


def run_sweep(
    function: Callable[[Case], Result],
    cases: Iterable[Case],
    *,
    jobs: int | None = None,
    scheduler: str | None = None,
    progress: ProgressCallback | None = None,
    chunksize: int | None = None,
) -> list[Result]:
    """``[function(case) for case in cases]``, run where ``jobs`` and ``scheduler`` say.

    ``chunksize`` cases travel to a worker together (default: enough batches for every worker to
    get about twenty, so progress stays smooth and uneven cases even out).  An exception raised by
    ``function`` stops the sweep and is raised here.
    """
    case_list = list(cases)
    if jobs is not None and jobs < 1:
        raise InputError(f"--jobs must be at least 1, got {jobs}")
    if chunksize is not None and chunksize < 1:
        raise InputError(f"chunk size must be at least 1, got {chunksize}")
    started = time.perf_counter()
    if scheduler is None and (jobs == 1 or len(case_list) <= 1):
        return _run_here(function, case_list, progress, started)
    with _executor(function, jobs, scheduler, len(case_list)) as (executor, workers):
        size = chunksize or max(1, math.ceil(len(case_list) / (workers * 20)))
        return _run_on(executor, function, case_list, size, progress, started)


def _run_here(function: Callable[[Case], Result], cases: Sequence[Case],
              progress: ProgressCallback | None, started: float) -> list[Result]:
    results: list[Result] = []
    try:
        for case in cases:
            results.append(function(case))
            if progress:
                progress(SweepProgress(len(results), len(cases), time.perf_counter() - started))
    except KeyboardInterrupt as stop:
        raise Interrupted(dict(enumerate(results)), len(cases), _signal_of(stop)) from None
    return results


def _signal_of(stop: KeyboardInterrupt) -> int:
    """The signal behind an interruption: Ctrl-C's, or the one the CLI turned into an exception
    like it (automata.cli.errors.Terminated carries `signum`)."""
    return getattr(stop, "signum", signal.SIGINT)


def run_batch(function: Callable[[Case], Result], batch: list[tuple[int, Case]]) -> list[tuple[int, Result]]:
    """What a worker runs: a few cases, each result labelled with its case's index."""
    return [(index, function(case)) for index, case in batch]


def _run_on(executor: cf.Executor, function: Callable[[Case], Result], cases: Sequence[Case], size: int,
            progress: ProgressCallback | None, started: float) -> list[Result]:
    numbered = list(enumerate(cases))
    submitted = [executor.submit(run_batch, function, numbered[i:i + size]) for i in range(0, len(numbered), size)]
    pending = set(submitted)
    finished: dict[int, Result] = {}
    try:
        while pending:
            done, pending = cf.wait(pending, return_when=cf.FIRST_COMPLETED)
            for future in done:
                finished.update(_result_of(future))  # a case's exception is raised here
            if progress:
                progress(SweepProgress(len(finished), len(cases), time.perf_counter() - started))
    except KeyboardInterrupt as stop:
        for future in submitted:
            if future.done() and not future.cancelled() and future.exception() is None:
                finished.update(future.result())
        raise Interrupted(finished, len(cases), _signal_of(stop)) from None  # _executor ends the workers on the way out
    return [finished[index] for index in range(len(cases))]


def _result_of(future: cf.Future) -> list[tuple[int, Result]]:
    """A batch's results; a batch that could not travel to its worker, or whose worker died, is
    said as such: the program's cases (or its code) are the cause, not the framework."""
    try:
        return future.result()
    except cf.BrokenExecutor:
        raise RunError("a worker process died while it ran cases: the program's code may have ended the process "
                       "(os._exit, a crash in an extension module); run with --jobs 1 to see it here") from None
    except (pickle.PicklingError, TypeError, AttributeError) as error:
        # The pool's feeder thread pickles a batch on its way out and fails its future with the
        # error, its traceback (ending in multiprocessing's _feed) attached as the cause.
        if not isinstance(error, pickle.PicklingError) and "in _feed" not in str(error.__cause__ or ""):
            raise  # raised by the case itself, in its worker
        raise InputError(f"a case cannot be sent to a worker process ({error}): give a case's values as plain "
                         "data (numbers, text, lists, dicts, or objects of classes defined at the top of a module), "
                         "or run with --jobs 1") from None


@contextmanager
def _executor(function: Callable[..., Any], jobs: int | None, scheduler: str | None,
              cases: int) -> Iterator[tuple[cf.Executor, int]]:
    """An executor and its number of workers: a process pool (automata/workers.py), or a Dask
    client's executor. Whatever ends the sweep early (Ctrl-C, SIGTERM, a case's exception) ends
    the workers before it goes on: none runs on after the sweep."""
    if scheduler is None:
        from .workers import process_pool, stop_pool

        workers = max(1, min(jobs or default_jobs(), cases))
        pool = process_pool(workers, function)
        try:
            yield pool, workers
        except BaseException:
            stop_pool(pool)
            raise
        pool.shutdown(wait=True)
        return
    with dask_client(scheduler, jobs) as client:
        workers = max(1, sum(client.nthreads().values()))
        executor = client.get_executor(pure=False)
        try:
            yield executor, workers
        finally:
            executor.shutdown(wait=False)  # cancels what still runs on the cluster


@contextmanager
def dask_client(scheduler: str, jobs: int | None = None) -> Iterator[Any]:
    """A `distributed.Client` connected to ``scheduler`` (an address such as ``tcp://host:8786``),
    or to a new `LocalCluster` of ``jobs`` worker processes for ``scheduler="local"``."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise InputError(f"--scheduler needs Dask's distributed package: {INSTALL_HINT}") from None
    if scheduler == "local":
        cluster = LocalCluster(n_workers=jobs or default_jobs(), threads_per_worker=1, processes=True,
                               dashboard_address=None)
        try:
            with Client(cluster) as client:
                yield client
        finally:
            cluster.close()
        return
    _check_greeting(scheduler)
    try:
        client = Client(scheduler, timeout="10s")
    except (OSError, TimeoutError, ValueError) as error:
        raise InputError(f"--scheduler {scheduler}: cannot reach a Dask scheduler there ({error})") from None
    except Exception as error:  # noqa: BLE001 - a service that speaks another protocol: bad input, not our bug
        raise InputError(f"--scheduler {scheduler}: the service there does not answer as a Dask scheduler "
                         f"({type(error).__name__}: {' '.join(str(error).split())[:200]})") from None
    with client:
        yield client


# A Dask scheduler opens every connection by sending its handshake: a message of a few hundred
# bytes, announced by its length in 8 bytes (distributed/comm/tcp.py). Another service that greets
# first (SMTP's "220 ...", SSH's "SSH-2.0-...") would have that greeting read as a length of
# petabytes, and the client would try to allocate it: the first 8 bytes are checked here first.
MAX_HANDSHAKE_BYTES = 16 * 1024 * 1024
GREETING_SECONDS = 10.0


def _check_greeting(scheduler: str) -> None:
    """Refuse, as bad input, a TCP address whose service does not open with a Dask handshake."""
    import socket
    import struct
    from urllib.parse import urlsplit

    if "://" in scheduler and not scheduler.startswith("tcp://"):
        return  # tls://, ucx://, ...: left to the client
    where = urlsplit(scheduler if "://" in scheduler else f"tcp://{scheduler}")
    try:
        host, port = where.hostname, where.port
    except ValueError:
        host, port = None, None
    if not host or port is None:
        return  # the client says what is wrong with the address
    try:
        with socket.create_connection((host, port), timeout=GREETING_SECONDS) as connection:
            greeting = b""
            while len(greeting) < 8:
                chunk = connection.recv(8 - len(greeting))
                if not chunk:
                    break
                greeting += chunk
    except TimeoutError:
        raise InputError(f"--scheduler {scheduler}: the service there sent nothing within {GREETING_SECONDS:.0f} s; "
                         "a Dask scheduler greets every connection at once") from None
    except OSError as error:
        raise InputError(f"--scheduler {scheduler}: cannot reach a Dask scheduler there "
                         f"({error.strerror or error})") from None
    if len(greeting) < 8:
        raise InputError(f"--scheduler {scheduler}: the service there closed the connection without the greeting "
                         "a Dask scheduler sends")
    (length,) = struct.unpack("<Q", greeting)
    if length > MAX_HANDSHAKE_BYTES:
        raise InputError(f"--scheduler {scheduler}: the service there is not a Dask scheduler (it greets with "
                         f"{greeting!r}, not a Dask handshake)")


def _clock(seconds: float) -> str:
    seconds = round(seconds)
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


@dataclass(frozen=True)
class SweepOptions:
    """Where a command's sweeps run (its `--jobs` and `--scheduler`), gathered once for many sweeps."""

    jobs: int | None = None
    scheduler: str | None = None
    progress: ProgressCallback | None = None

    def map(self, function: Callable[[Case], Result], cases: Iterable[Case], chunksize: int | None = None) -> list[Result]:
        return run_sweep(function, cases, jobs=self.jobs, scheduler=self.scheduler,
                         progress=self.progress, chunksize=chunksize)
