"""How the `automata` command ends: every error rendered once, as one short message, with an exit code.

Exit codes:

    0    success
    1    a verification found a difference, a check found a defect, a run misbehaved, or the
         user's code failed: an exception (or sys.exit) raised by a program's make_context, an
         implementation, a method of the context, result, parse_case, picture, ... is reported as
         "the implementation 'recursive' raised IndexError: ... (bsearch.py:42, in recursive)",
         the same way by run, verify, mutate, cover, step and player; --debug shows the traceback
    2    bad input or usage: one line naming what and where
    3    an internal error (a bug of the framework, never of the user's code): one line, and
         --debug shows the traceback
    130  interrupted (Ctrl-C); 129 and 143 for SIGHUP and SIGTERM, which end a run the same way
    141  stdout was closed early (`automata ... | head -1`): nothing more is printed

Nothing here knows any command; `app.main` hands its command line to `run_guarded`.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import traceback
from collections.abc import Callable, Iterator
from typing import Any

import click

from ..errors import AutomataError, SpecErrors, UserCodeError
from ..io.files import display_path
from ..runtime.user_code import users_error
from .terminal import printable_output

EXIT_DEFECT = 1
EXIT_BAD_INPUT = 2
EXIT_INTERNAL = 3
EXIT_INTERRUPTED = 128 + signal.SIGINT
EXIT_BROKEN_PIPE = 128 + signal.SIGPIPE

MAX_ERROR_LINES = 60
MAX_LINE_LENGTH = 1_000
DEBUG_ENVIRONMENT = "AUTOMATA_DEBUG"

# The signals that end a run the way Ctrl-C does: the trace is completed and moved into place.
TERMINATING_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))


class Terminated(KeyboardInterrupt):
    """SIGTERM or SIGHUP, raised in the main thread so that everything unwinds as for Ctrl-C."""

    def __init__(self, signum: int) -> None:
        self.signum = signum
        super().__init__(f"terminated by {signal.Signals(signum).name}")


def debug_option(command: click.Command) -> click.Command:
    """Add the global --debug flag: an internal error then shows its traceback."""

    def remember(ctx: click.Context, param: click.Parameter, value: bool) -> None:
        if value and isinstance(ctx.obj, dict):
            ctx.obj["debug"] = True

    return click.option("--debug", is_flag=True, expose_value=False, is_eager=True, callback=remember,
                        envvar=DEBUG_ENVIRONMENT,
                        help="Show the traceback of an internal error (also AUTOMATA_DEBUG=1).")(command)


@contextlib.contextmanager
def signals_as_exceptions() -> Iterator[None]:
    """While the command runs, Ctrl-C raises KeyboardInterrupt and SIGTERM and SIGHUP raise
    Terminated in the main thread, so that everything unwinds the same way (a trace completed,
    worker processes ended). Only the first signal unwinds: from then on Ctrl-C is ignored, so that
    a second one (a terminal sends one per key press; `timeout -s INT` sends two at once) cannot
    break the cleanup or the message that ends it, and a second SIGTERM or SIGHUP kills the
    process at once, the way out of a stuck cleanup. A signal the command was started with
    ignored (`nohup`, Ctrl-C in a background job) stays ignored."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    stopping = []

    def stop() -> None:
        stopping.append(True)
        if signal.SIGINT in previous:
            signal.signal(signal.SIGINT, signal.SIG_IGN)
        for number in TERMINATING_SIGNALS:
            if number in previous:
                signal.signal(number, signal.SIG_DFL)

    def interrupt(signum: int, frame: Any) -> None:
        stop()
        raise KeyboardInterrupt

    def terminate(signum: int, frame: Any) -> None:
        stop()
        raise Terminated(signum)

    handlers = {signal.SIGINT: interrupt, **{number: terminate for number in TERMINATING_SIGNALS}}
    previous = {number: signal.signal(number, handler) for number, handler in handlers.items()
                if signal.getsignal(number) is not signal.SIG_IGN}
    try:
        yield
    finally:
        if not stopping:  # after a signal the process is on its way out: no handler is put back
            for number, old in previous.items():
                signal.signal(number, old)


def run_guarded(command: Callable[[dict[str, Any]], Any]) -> int:
    """Run `command(settings)` and turn whatever ends it into an exit code, printing at most one
    short message on stderr. `settings["debug"]` (set by --debug) asks for internal tracebacks.
    Everything the command and its errors print is printable text (automata/cli/terminal.py)."""
    with printable_output():
        return _run_guarded(command)


def _run_guarded(command: Callable[[dict[str, Any]], Any]) -> int:
    settings: dict[str, Any] = {"debug": _debug_from_environment()}
    try:
        with signals_as_exceptions():
            try:
                result = command(settings)
            except click.exceptions.Exit as stop:
                result = stop.exit_code
            _flush_stdout()
        return result if isinstance(result, int) else 0
    except click.ClickException as error:
        where = f"{error.ctx.command_path}: " if getattr(error, "ctx", None) is not None else "automata: "
        _print(f"{where}error: {error.format_message()}")
        return EXIT_BAD_INPUT
    except SpecErrors as error:
        _print(error.render())
        return error.exit_code
    except UserCodeError as error:
        return _users_failure(error, settings)
    except AutomataError as error:
        _print(f"{error.command_path or 'automata'}: error: {error.render()}")
        return error.exit_code
    except click.Abort as stop:  # click's name for a KeyboardInterrupt (or a Terminated) in a command
        if isinstance(stop.__cause__, Terminated):
            _print(f"automata: {stop.__cause__}")
            return 128 + stop.__cause__.signum
        _print("automata: interrupted" if isinstance(stop.__cause__, KeyboardInterrupt) else "automata: aborted")
        return EXIT_INTERRUPTED
    except Terminated as stop:
        _print(f"automata: {stop}")
        return 128 + stop.signum
    except KeyboardInterrupt:
        _print("automata: interrupted")
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_BROKEN_PIPE
    except SystemExit as stop:
        # click's own answer to a closed stdout is exit(1) with stdout wrapped in its PacifyFlushWrapper,
        # matched by name: click 8.3 deprecated importing it and 8.5 renamed it _PacifyFlushWrapper.
        if type(sys.stdout).__name__.endswith("PacifyFlushWrapper"):
            _silence_stdout()
            return EXIT_BROKEN_PIPE
        # The framework never calls sys.exit inside a command: a SystemExit raised through the user's
        # code (sys.exit(7) in a method the spec calls) is theirs, and not our exit code 7.
        found = users_error("the program's code", stop)
        if found is not None:
            return _users_failure(found, settings)
        raise
    except RecursionError as error:
        return _internal(error, settings, "the input nests too deeply for this command")
    except OSError as error:
        # A file the command was pointed at could not be read or written: the user's to fix, so one
        # line naming the file, like any other bad input (the commands convert the usual cases).
        where = f"{display_path(error.filename)}: " if error.filename else ""
        _print(f"automata: error: {where}{error.strerror or error}")
        return EXIT_BAD_INPUT
    except Exception as error:  # noqa: BLE001 - the last resort: any bug becomes one line and exit code 3
        # (The user's code is run inside boundaries that turn its failures into UserCodeError, exit 1:
        # runtime/user_code.py. What gets here is the framework's.)
        return _internal(error, settings)


def _users_failure(error: UserCodeError, settings: dict[str, Any]) -> int:
    """The user's code failed: one line naming whose code, what it raised and where (exit 1); the
    traceback with --debug."""
    if settings.get("debug") and error.cause is not None:
        traceback.print_exception(error.cause, file=sys.stderr)
    hint = "" if settings.get("debug") else " (--debug shows the traceback)"
    _print(f"{error.command_path or 'automata'}: error: {error.render()}{hint}")
    return error.exit_code


def _internal(error: BaseException, settings: dict[str, Any], what: str = "") -> int:
    """The last resort: a bug, said in one line, with the way to see more."""
    if settings.get("debug"):
        traceback.print_exception(error, file=sys.stderr)
    detail = " ".join(str(error).split())
    message = f"{type(error).__name__}: {detail}" if detail else type(error).__name__
    if isinstance(error, MemoryError):
        what = what or "out of memory: the input asks for more than this machine has"
    if what:
        message = f"{what} ({message})"
    hint = "" if settings.get("debug") else "; rerun with --debug for the traceback"
    _print(f"automata: internal error: {message[:300]}{hint}")
    return EXIT_INTERNAL


def _debug_from_environment() -> bool:
    return os.environ.get(DEBUG_ENVIRONMENT, "").strip().lower() not in ("", "0", "false", "no")


def _print(text: str) -> None:
    """An error message on stderr, kept to a screenful whatever user text it quotes."""
    lines = text.rstrip("\n").split("\n")  # not splitlines(): U+2028 or \x85 is text to show escaped, not a line break
    if len(lines) > MAX_ERROR_LINES:
        lines = [*lines[:MAX_ERROR_LINES], f"... ({len(lines) - MAX_ERROR_LINES:,} more lines)"]
    lines = [line if len(line) <= MAX_LINE_LENGTH else line[: MAX_LINE_LENGTH - 1] + "…" for line in lines]
    try:
        click.echo("\n".join(lines), err=True)
    except (BrokenPipeError, ValueError):  # stderr closed too: nobody is listening
        pass


def _flush_stdout() -> None:
    """Flush stdout inside the guard, so that a reader gone early is noticed here and not in the
    interpreter's own flush at exit (which would print 'Exception ignored ... BrokenPipeError')."""
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        _silence_stdout()
        raise
    except ValueError:  # stdout already closed
        pass


def _silence_stdout() -> None:
    """Point stdout at /dev/null, so that nothing more is written to the closed pipe at exit."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # no real file behind stdout (tests capture it)
        pass


def exit_with(code: int) -> None:
    """End the process with `code`. After an interruption, a worker thread still deep in a recursive
    reference would keep the interpreter alive until it finished: the process ends at once instead.
    Only that thread decides it: main() called in a process with threads of its own (a test run, a
    notebook) must raise SystemExit like any other exit, not end the host process."""
    from ..runtime.recursion import deep_recursion_running

    if code >= 128 and deep_recursion_running():
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):
                stream.flush()
        os._exit(code)
    sys.exit(code)
