"""Running the code generated from a spec (the fourth implementation, `engine="generated"`).

The committed module of a spec is run when it is exactly the code generated for the spec, the
digest of the text the spec was read from included (SPEC_HASH: the spec carries it, so its file is
not read again); otherwise (a spec of one's own, a mutant that exists only in memory) the same
code is generated and compiled in memory.
The text compiled is only ever codegen's own output, in which spec text appears as `repr`'d
literals, validated names and flattened comments.
"""

from __future__ import annotations

import importlib
import linecache
import weakref
from collections.abc import Callable, Iterable
from functools import lru_cache
from pathlib import Path
from types import ModuleType
from typing import Any

from ..io.codegen import GENERATED_PACKAGE, generate_source, module_name, module_path
from ..io.loader import load_system
from ..model.spec import Spec
from .engine import RunSummary
from .support import GeneratedAutomaton, system_members
from .trace import TraceSink

RunFunction = Callable[..., RunSummary]
Namespace = dict[str, Any]  # a generated module's names: `run`, `stepper`, SPEC_PATH, ...


def _committed_module(spec: Spec, source: str) -> Namespace | None:
    """The committed module's names when its text is exactly `source`; None otherwise."""
    path = module_path(spec)
    if not path.is_file() or path.read_text(encoding="utf-8") != source:
        return None
    module: ModuleType
    try:
        module = importlib.import_module(f"{GENERATED_PACKAGE}.{module_name(spec)}")
    except ImportError:  # the package is not on sys.path (e.g. not installed): the file is what counts
        return _compiled_module(source, str(path))
    if Path(module.__file__ or "").resolve() != path.resolve():
        return _compiled_module(source, str(path))
    return vars(module)


@lru_cache(maxsize=64)
def _compiled_module(source: str, filename: str) -> Namespace:
    """Compile generated text (only ever codegen's own output) and return its names."""
    code = compile(source, filename, "exec")
    # Let tracebacks show the generated lines even when the text exists only in memory.
    linecache.cache.setdefault(filename, (len(source), None, source.splitlines(keepends=True), filename))
    namespace: dict[str, Any] = {"__name__": f"{GENERATED_PACKAGE}.{Path(filename).stem}"}
    exec(code, namespace)
    return namespace


# Memo: spec object (by identity, while it lives) -> its module's names. A Spec is immutable, so the
# code generated for it never changes; the memo spares sweeps that run one spec thousands of times
# from regenerating and comparing its text on every run.
_MODULE_OF_SPEC: dict[int, tuple[weakref.ref, Namespace, tuple[int, ...]]] = {}


def compiled_module(spec: Spec) -> Namespace:
    """The names of the code generated for `spec`: the committed module when it is up to date with
    the spec, else the same code generated and compiled in memory."""
    known = _MODULE_OF_SPEC.get(id(spec))
    # A system's code depends on the specs it names too: those loaded now are part of the key.
    others = tuple(id(other) for other in load_system(spec).specs.values()) if spec.is_system else ()
    if known is not None and known[0]() is spec and known[2] == others:
        return known[1]
    names = _choose_module(spec)
    key = id(spec)
    _MODULE_OF_SPEC[key] = (weakref.ref(spec, lambda _: _MODULE_OF_SPEC.pop(key, None)), names, others)
    return names


def compiled_run(spec: Spec) -> RunFunction:
    """The `run` function of the code generated for `spec`."""
    return compiled_module(spec)["run"]


def _choose_module(spec: Spec) -> Namespace:
    source = generate_source(spec)
    if spec.origin is not None:  # read from a text: the committed module may be generated from the same
        committed = _committed_module(spec, source)
        if committed is not None:
            return committed
    return _compiled_module(source, f"<generated from {spec.path}>")


def run_generated(spec: Spec, context: object, sinks: Iterable[TraceSink] = (), max_steps: int | None = None) -> RunSummary:
    """Run the code generated from `spec` on `context` (what `execute(..., engine="generated")` does)."""
    return compiled_run(spec)(context, tuple(sinks), max_steps, spec)


def generated_automaton(spec: Spec, context: object, sinks: Iterable[TraceSink] = (),
                        max_steps: int | None = None) -> GeneratedAutomaton:
    """The code generated from `spec` bound to `context`, to be driven one step at a time."""
    module = compiled_module(spec)
    return GeneratedAutomaton(spec, context, module["stepper"], sinks, max_steps, module.get("EVENTS"))


def generated_members(spec: Spec) -> Callable[..., Any]:
    """The members of the system `spec` heads as its generated code runs them (one step function
    per automaton), for `SystemAutomaton(..., members=...)`."""
    return system_members(compiled_module(spec)["STEPPERS"])
