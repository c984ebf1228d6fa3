"""Running the code generated from a spec (the fourth implementation, `engine="generated"`).

The committed module of a spec is run when it is up to date with the spec; otherwise (a spec of
one's own, a mutant that exists only in memory) the same code is generated and compiled in memory.
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

from ..io.codegen import GENERATED_PACKAGE, module_name, module_path, source_for
from ..model.spec import Spec
from .engine import RunSummary
from .trace import TraceSink

RunFunction = Callable[..., RunSummary]


def _committed_run(spec: Spec, source: str) -> RunFunction | None:
    """The committed module's `run` when its text is exactly `source`; None otherwise."""
    path = module_path(spec)
    if not path.is_file() or path.read_text(encoding="utf-8") != source:
        return None
    module: ModuleType
    try:
        module = importlib.import_module(f"{GENERATED_PACKAGE}.{module_name(spec)}")
    except ImportError:  # the package is not on sys.path (e.g. not installed): the file is what counts
        return _compiled_run(source, str(path))
    if Path(module.__file__ or "").resolve() != path.resolve():
        return _compiled_run(source, str(path))
    return module.run


@lru_cache(maxsize=64)
def _compiled_run(source: str, filename: str) -> RunFunction:
    """Compile generated text (only ever codegen's own output) and return its `run`."""
    code = compile(source, filename, "exec")
    # Let tracebacks show the generated lines even when the text exists only in memory.
    linecache.cache.setdefault(filename, (len(source), None, source.splitlines(keepends=True), filename))
    namespace: dict[str, Any] = {"__name__": f"{GENERATED_PACKAGE}.{Path(filename).stem}"}
    exec(code, namespace)
    return namespace["run"]


# Memo: spec object (by identity, while it lives) -> its run function. A Spec is immutable, so the
# code generated for it never changes; the memo spares sweeps that run one spec thousands of times
# from regenerating and comparing its text on every run.
_RUN_OF_SPEC: dict[int, tuple[weakref.ref, RunFunction]] = {}


def compiled_run(spec: Spec) -> RunFunction:
    """The `run` function of the code generated for `spec`: the committed module when it is up to
    date with the spec, else the same code generated and compiled in memory."""
    known = _RUN_OF_SPEC.get(id(spec))
    if known is not None and known[0]() is spec:
        return known[1]
    run = _choose_run(spec)
    key = id(spec)
    _RUN_OF_SPEC[key] = (weakref.ref(spec, lambda _: _RUN_OF_SPEC.pop(key, None)), run)
    return run


def _choose_run(spec: Spec) -> RunFunction:
    source, from_file = source_for(spec)
    if from_file:
        committed = _committed_run(spec, source)
        if committed is not None:
            return committed
    return _compiled_run(source, f"<generated from {spec.path}>")


def run_generated(spec: Spec, context: object, sinks: Iterable[TraceSink] = (), max_steps: int | None = None) -> RunSummary:
    """Run the code generated from `spec` on `context` (what `execute(..., engine="generated")` does)."""
    return compiled_run(spec)(context, tuple(sinks), max_steps, spec)
