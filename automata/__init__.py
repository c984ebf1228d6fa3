"""Automata-based programming: Mealy automata written as YAML specs, run on `transitions`, verified
against plain iterative and recursive programs, and drawn with graphviz.

The package is layered; each layer imports only the ones before it:

- `automata.model`: the spec as plain data, and guards (nothing of YAML, files or transitions);
- `automata.io`: loading specs from YAML, the JSON Schema, diagrams and generated code;
- `automata.runtime`: running a spec (transitions engine, generated code, interpreter), traces;
- `automata.analysis`: static checks, verification, mutation scores;
- `automata.cli`: the `automata` command.

The names most programs need are importable from `automata` itself (docs/architecture.md lists
them); they are loaded on first use, so `import automata` stays cheap.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.2.0"

# public name -> the module that defines it
_PUBLIC = {
    "Spec": "automata.model.spec",
    "load_spec": "automata.io.loader",
    "spec_from_text": "automata.io.loader",
    "Automaton": "automata.runtime.engine",
    "RunSummary": "automata.runtime.engine",
    "execute": "automata.runtime.runner",
    "ENGINES": "automata.runtime.runner",
    "Observer": "automata.runtime.events",
    "Recorder": "automata.runtime.events",
    "NullObserver": "automata.runtime.events",
    "StepRecord": "automata.runtime.trace",
    "TraceSink": "automata.runtime.trace",
    "MemorySink": "automata.runtime.trace",
    "JsonlSink": "automata.runtime.trace",
    "ProtocolSink": "automata.runtime.trace",
    "verify": "automata.analysis.verify",
    "Verdict": "automata.analysis.verify",
    "check_spec": "automata.analysis.check",
    "AutomataError": "automata.errors",
    "InputError": "automata.errors",
    "SpecError": "automata.errors",
    "SpecErrors": "automata.errors",
    "RunError": "automata.errors",
    "show": "automata.cli.show",
    "UserCodeError": "automata.errors",
}

__all__ = [  # the same names as _PUBLIC (tests/test_architecture.py checks), spelled out for tools
    "AutomataError", "Automaton", "ENGINES", "InputError", "JsonlSink", "MemorySink", "NullObserver", "Observer",
    "ProtocolSink", "Recorder", "RunError", "RunSummary", "Spec", "SpecError", "SpecErrors", "StepRecord",
    "TraceSink", "UserCodeError", "Verdict", "__version__", "check_spec", "execute", "load_spec", "show",
    "spec_from_text", "verify",
]

if TYPE_CHECKING:
    from .analysis.check import check_spec
    from .analysis.verify import Verdict, verify
    from .cli.show import show
    from .errors import AutomataError, InputError, RunError, SpecError, SpecErrors, UserCodeError
    from .io.loader import load_spec, spec_from_text
    from .model.spec import Spec
    from .runtime.engine import Automaton, RunSummary
    from .runtime.events import NullObserver, Observer, Recorder
    from .runtime.runner import ENGINES, execute
    from .runtime.trace import JsonlSink, MemorySink, ProtocolSink, StepRecord, TraceSink


def __getattr__(name: str) -> Any:
    module = _PUBLIC.get(name)
    if module is None:
        raise AttributeError(f"module 'automata' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # the next lookup is a plain attribute
    return value


def load_ipython_extension(ipython: Any) -> None:
    """`%load_ext automata` in a notebook: specs display their diagrams (automata/io/notebook.py)."""
    from .io.notebook import load_ipython_extension as load

    load(ipython)


def __dir__() -> list[str]:
    return sorted(__all__)
