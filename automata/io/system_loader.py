"""Loading a system of automata: the specs a root spec names under `automata:`, transitively, and
the checks that need more than one file (docs/systems.md).

Each referenced spec is found relative to the folder of the spec that names it and loaded like
any spec; what is wrong is reported at the reference, as `FILE:LINE:COL` of the naming spec:

- a referenced file that does not load (its own errors, each prefixed with the reference);
- a name clash: the file's `automaton:` differs from the name it is given, or two files give
  the same name;
- a cycle of nesting or calling (an automaton would run itself, directly or through others);
- a state test `y2 == 7` of a state A2 does not have;
- an event an automaton is stepped with (by a call, or passed on by nesting) that it does not declare.

The loader (automata/io/loader.py) hands in its way of reading one file, so this module does not
import it back.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from pathlib import Path

from ..errors import Loc, SpecError, SpecErrors
from ..model.spec import Spec
from ..model.system import CALLS, NESTS, Link, System, links_of, tests_in
from .node_reader import MAX_ERRORS_PER_FILE, listing
from .system_fields import MAX_AUTOMATA

LoadFile = Callable[[Path], Spec]


# Memo: root spec (by identity, while it lives) -> its system and the files it was made of. Specs
# are immutable and loaded files are cached by version, so the system is still right when
# loading each of its files again gives the very same Spec objects (a run loads its system once).
_KNOWN: dict[int, tuple[weakref.ref, System, tuple[tuple[Path, Spec], ...]]] = {}


def resolve_system(root: Spec, load_file: LoadFile) -> System:
    """The system `root` heads, every reference followed and checked; raises SpecErrors."""
    known = _KNOWN.get(id(root))
    if known is not None and known[0]() is root and all(load_file(path) is spec for path, spec in known[2]):
        return known[1]
    system, loaded = _resolve(root, load_file)
    key = id(root)
    _KNOWN[key] = (weakref.ref(root, lambda _, known=_KNOWN: known.pop(key, None)), system, loaded)
    return system


def _resolve(root: Spec, load_file: LoadFile) -> tuple[System, tuple[tuple[Path, Spec], ...]]:
    errors: list[SpecError] = []
    loaded_files: list[tuple[Path, Spec]] = []
    specs: dict[str, Spec] = {root.automaton: root}
    files: dict[str, Path] = {root.automaton: _resolved(Path(root.path))}
    # A spec is untrusted text: the files it makes the loader read stay inside its own folder.
    home = files[root.automaton].parent
    queue = [root]
    while queue:
        spec = queue.pop(0)
        folder = Path(spec.path).parent
        for name, ref in spec.automata.items():
            target = _resolved(folder / ref.path)
            if not target.is_relative_to(home):
                where = _shown(home)
                where = "the working folder" if where == "." else where
                errors.append(SpecError(ref.loc, f"the spec of {name}, {ref.path}, lies outside the folder of the "
                                        f"system's root spec ({where}), where every spec of the system must be",
                                        "put it in that folder or a folder below it and name it from here, e.g. "
                                        f"{Path(ref.path).name} or parts/{Path(ref.path).name} (docs/systems.md: "
                                        "where the specs may be)"))
                continue
            if name in files:
                if files[name] != target:
                    errors.append(SpecError(ref.loc, f"two specs are named {name}: {_shown(files[name])} and {ref.path}",
                                            "every automaton of a system needs a name of its own"))
                continue
            if len(specs) >= MAX_AUTOMATA:
                errors.append(SpecError(ref.loc, f"the system has more than {MAX_AUTOMATA} automata", "split it"))
                break
            try:
                loaded = load_file(folder / ref.path)
            except SpecErrors as failure:
                errors.extend(_prefixed(name, ref.path, ref.loc, failure.errors))
                files[name] = target
                continue
            if loaded.automaton != name:
                errors.append(SpecError(ref.loc, f"{ref.path} is automaton {loaded.automaton}, not {name}",
                                        f"name it {loaded.automaton} here, or rename the automaton in {ref.path}"))
                files[name] = target
                continue
            files[name] = target
            specs[name] = loaded
            queue.append(loaded)
            loaded_files.append((folder / ref.path, loaded))
    if not errors:
        system = System(root.automaton, specs)
        errors += _cycles(system) + _missing_states(system) + _undeclared_events(system)
    if errors:
        raise SpecErrors(errors[:MAX_ERRORS_PER_FILE])
    return system, tuple(loaded_files)


def _resolved(path: Path) -> Path:
    try:
        return path.resolve()
    except OSError:
        return path.absolute()


def _shown(path: Path) -> str:
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def _prefixed(name: str, path: str, where: Loc, inner: list[SpecError]) -> list[SpecError]:
    if len(inner) == 1 and inner[0].message == "no such spec file":
        return [SpecError(where, f"{name}: no such spec file {path}",
                          "the path is relative to the folder of the spec that names it")]
    return [SpecError(where, f"{name} ({path}) does not load: {error.loc}: {error.message}", error.hint)
            for error in inner]


def _cycles(system: System) -> list[SpecError]:
    """A cycle of nesting or calling: reported once, at the link that closes it."""
    edges: dict[str, list[Link]] = {
        name: [link for link in links_of(spec, system.specs) if link.kind in (NESTS, CALLS) and link.target in system.specs]
        for name, spec in system.specs.items()
    }
    state: dict[str, int] = {}  # 1: on the path being explored, 2: done
    path: list[Link] = []
    found: list[SpecError] = []

    def visit(name: str) -> None:
        state[name] = 1
        for link in edges[name]:
            if found:
                return
            if state.get(link.target) == 1:
                start = next((i for i, step in enumerate(path) if step.source == link.target), len(path))
                chain = ", ".join(_link_words(step) for step in [*path[start:], link])
                found.append(SpecError(link.loc, f"nesting and calling form a cycle: {chain}",
                                       "an automaton cannot run itself, directly or through others"))
                return
            if link.target not in state:
                path.append(link)
                visit(link.target)
                path.pop()
        state[name] = 2

    for name in system.specs:
        if name not in state and not found:
            visit(name)
    return found


def _link_words(link: Link) -> str:
    if link.kind == NESTS:
        return f"{link.source} nests {link.target} in {link.detail}"
    return f"{link.source} calls {link.target} by {link.output}"


def _missing_states(system: System) -> list[SpecError]:
    errors = []
    for spec in system.specs.values():
        for arc in spec.arcs:
            for test in tests_in(arc.guard):
                tested = system.specs.get(test.automaton)
                if tested is not None and test.state not in tested.states:
                    errors.append(SpecError(arc.guard_loc, f"{test} tests a state {test.automaton} does not have",
                                            f"the states of {test.automaton} are {listing(sorted(tested.states))}"))
    return errors


def _undeclared_events(system: System) -> list[SpecError]:
    received = system.events_received()
    errors = []
    for spec in system.specs.values():
        for link in links_of(spec, system.specs):
            target = system.specs.get(link.target)
            if target is None:
                continue
            if link.kind == CALLS and link.event not in target.events:
                errors.append(SpecError(link.loc, f"{link.output} runs {target.automaton} with {link.event}, which "
                                        f"{target.automaton} does not declare",
                                        f"declare {link.event} under `events:` of {target.automaton}, or send one "
                                        f"it declares: {listing(target.events)}"))
            elif link.kind == NESTS:
                for event in sorted(received[spec.automaton] - set(target.events)):
                    errors.append(SpecError(link.loc, f"{target.automaton} is nested in {link.detail} of "
                                            f"{spec.automaton}, which steps on {event}; {target.automaton} does not "
                                            f"declare {event}",
                                            f"a nested automaton takes its steps on its parent's events: declare {event}"
                                            f" under `events:` of {target.automaton}"))
    return errors
