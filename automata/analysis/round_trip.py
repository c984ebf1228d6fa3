"""Proving an export faithful: the exported file imported again is the same Mealy machine.

An import names what it reads anew (e0, x1, z0, ... in the order the file first writes them), so
the imported spec is first given the original's names back, through the texts the export wrote
for each event, input and output (which the import keeps as their symbols); the two are then
compared by automata.analysis.equiv in lock step, every event at every step.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from ..errors import InputError
from ..model.spec import Spec
from ..model.words import symbol
from .equiv import BY_NAME, Comparison, compare_specs, rename
from .equiv.matching import rename_events


def _back(imported: Spec, declared: Mapping[str, object], written: Mapping[str, str], kind: str) -> dict[str, str]:
    """Imported name -> original name, through the text written for it."""
    original_of = {text: name for name, text in written.items()}
    names = {}
    for name in declared:
        text = symbol(imported, name)
        if text not in original_of:
            raise InputError(f"the imported {kind} {name} ({text!r}) was not written by the export")
        names[name] = original_of[text]
    return names


def given_back_names(original: Spec, imported: Spec, written: Mapping[str, Mapping[str, str]]) -> Spec:
    """`imported` with the names of `original` (see the module's docstring)."""
    events = _back(imported, imported.events, written["events"], "event")
    inputs = _back(imported, imported.inputs, written["inputs"], "input")
    outputs = _back(imported, imported.outputs, written["outputs"], "output")
    renamed = rename(rename_events(imported, events), {**inputs, **outputs})  # each name renamed once: swaps are fine
    # Events the export had no arc to write are declared, as in the original.
    missing = {name: decl for name, decl in original.events.items() if name not in renamed.events}
    return dataclasses.replace(renamed, events={**renamed.events, **missing}, step_event=original.step_event)


def same_machine(original: Spec, imported: Spec, written: Mapping[str, Mapping[str, str]]) -> Comparison:
    """Whether `imported` (a spec read from an export of `original`) is `original` as a Mealy machine."""
    _, comparison = compare_specs(original, given_back_names(original, imported, written), by=BY_NAME,
                                  skip_silent=False)
    return comparison
