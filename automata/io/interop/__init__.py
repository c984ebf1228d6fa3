"""Machines from other tools, and specs for them: DOT Mealy machines (automata learning), EFSM graphs
and scenarios (the automata-programming school's tools), `transitions` configurations and SCXML.

`import_spec(path, format)` reads a file (its format recognised from the content when not given)
into a pure Mealy spec; `export_spec(spec, format)` writes a spec in one of the formats, or
refuses, saying what the format cannot express. docs/interop.md describes each mapping.
"""

from __future__ import annotations

import re
from pathlib import Path

from ...errors import InputError, Loc, SpecError
from ...model.spec import Spec
from ..files import UnreadableFile, display_path, read_regular_file
from ..yaml_nodes import paused_gc
from .machine import SourceErrors, source_error, to_spec

FORMATS = ("dot-mealy", "efsm", "transitions", "scxml")
MAX_IMPORT_BYTES = 64_000_000


def read_text(path: str | Path) -> tuple[str, str]:
    """(the file's text, its name as messages show it); SourceErrors when it cannot be read."""
    shown = display_path(path)
    try:
        content = read_regular_file(path, MAX_IMPORT_BYTES)
    except FileNotFoundError:
        raise source_error(shown, 1, "no such file") from None
    except UnreadableFile as error:
        raise source_error(shown, 1, f"cannot read it: it {error}", "name a regular file") from None
    except OSError as error:
        raise source_error(shown, 1, f"cannot read it: {error.strerror or error}") from None
    try:
        return content.decode("utf-8-sig"), shown
    except UnicodeDecodeError as error:
        line = content.count(b"\n", 0, error.start) + 1
        raise SourceErrors([SpecError(Loc(shown, line, 1), f"the file is not UTF-8 text (byte 0x{content[error.start]:02x})",
                                      "save it as UTF-8")]) from None


def sniff(text: str, file: str) -> str:
    """The format of a file's content: XML is SCXML, DOT is EFSM when its edges read
    `EVENT [guard] (outputs)` and a Mealy machine otherwise, JSON or YAML is a transitions config."""
    from .efsm import looks_like_efsm

    start = text.lstrip()
    if start.startswith("<"):
        return "scxml"
    head = "\n".join(line for line in start.splitlines()[:50] if not line.lstrip().startswith(("#", "//")))
    if any(word in head.split("{")[0].lower().split() for word in ("digraph", "graph")):
        return "efsm" if looks_like_efsm(text, file) else "dot-mealy"
    if re.search(r"^automaton:", text, re.M) and re.search(r"^arcs:", text, re.M):
        raise source_error(file, 1, "this is already a spec (automaton:, arcs:): there is nothing to import",
                           "use it as it is: automata check, run, export ...")
    if start.startswith(("{", "[")) or "transitions" in text or "states" in text:
        return "transitions"
    raise source_error(file, 1, "cannot tell the format of this file",
                       f"name it with --format ({', '.join(FORMATS)})")


def import_spec(path: str | Path, format_name: str | None = None) -> Spec:
    """The pure Mealy spec of a machine file; SourceErrors at the source line of what cannot be read."""
    text, shown = read_text(path)
    chosen = format_name or sniff(text, shown)
    title = f"{Path(path).stem} ({chosen})"
    if chosen == "dot-mealy":
        from .dot_mealy import read_dot_mealy

        machine = read_dot_mealy(text, shown, title)
    elif chosen == "efsm":
        from .efsm import read_efsm

        machine = read_efsm(text, shown, title)
    elif chosen == "transitions":
        from .transitions_config import read_transitions_config

        machine = read_transitions_config(text, shown, title)
    elif chosen == "scxml":
        from .scxml import read_scxml

        machine = read_scxml(text, shown, title)
    else:
        raise InputError(f"unknown format '{chosen}'; choose one of {', '.join(FORMATS)}")
    machine.doc = machine.doc or (f"Imported from {shown} ({chosen}) by `automata import`: the events are its input "
                                  "symbols and the outputs its output symbols, their names in the source kept in `doc`.")
    with paused_gc():
        return to_spec(machine, machine.name if _automaton_name(machine.name) else "A1")


def _automaton_name(name: str) -> bool:
    from ...model.names import AUTOMATON_NAME

    return bool(name) and AUTOMATON_NAME.fullmatch(name) is not None


def written_names(spec: Spec, format_name: str) -> dict[str, dict[str, str]]:
    """What an export writes for each event, input and output of `spec` ({"events": {name: text},
    "inputs": ..., "outputs": ...}): what an import of the file then keeps as their symbols."""
    from ...model.words import symbol
    from .expressible import token_symbols

    if format_name == "dot-mealy":
        return {"events": {name: symbol(spec, name) for name in spec.events}, "inputs": {},
                "outputs": {name: symbol(spec, name) for name in spec.outputs}}
    events = token_symbols(spec, spec.events)
    if format_name == "transitions":
        from .transitions_config import method_names

        return {"events": events, "inputs": method_names(spec, spec.inputs), "outputs": method_names(spec, spec.outputs)}
    return {"events": events, "inputs": {name: name for name in spec.inputs}, "outputs": token_symbols(spec, spec.outputs)}


def export_spec(spec: Spec, format_name: str, as_yaml: bool = False) -> str:
    """The spec in `format_name` (a transitions configuration as YAML when `as_yaml`, else JSON);
    InputError naming everything the format cannot express."""
    from .expressible import system_problems

    problems: list[str] = system_problems(spec)
    if problems:  # nothing else is worth saying
        raise InputError(f"{display_path(spec.path)}: {format_name} cannot express this spec: {problems[0]}")
    if format_name == "dot-mealy":
        from .dot_mealy import write_dot_mealy

        text = write_dot_mealy(spec, problems)
    elif format_name == "efsm":
        from .efsm import write_efsm

        text = write_efsm(spec, problems)
    elif format_name == "transitions":
        from .transitions_config import write_transitions_config

        text = write_transitions_config(spec, problems, as_json=not as_yaml)
    elif format_name == "scxml":
        from .scxml import write_scxml

        text = write_scxml(spec, problems)
    else:
        raise InputError(f"unknown format '{format_name}'; choose one of {', '.join(FORMATS)}")
    if problems:
        shown = "; ".join(problems[:5]) + (f"; and {len(problems) - 5} more" if len(problems) > 5 else "")
        raise InputError(f"{display_path(spec.path)}: {format_name} cannot express this spec: {shown}")
    return text
