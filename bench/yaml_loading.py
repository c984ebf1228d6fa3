"""How fast specs are composed: PyYAML's own composer against the bounded one of automata/io/yaml_nodes.py.

    python bench/yaml_loading.py

Side by side in one run (bench/harness.py), for each shipped spec: `yaml.compose` with the
pure-Python SafeLoader (what the loader used before), the bounded composer on libyaml's events
(what it uses now), and the bounded composer on the pure-Python parser's events (what it falls
back to, to word an error). The bounded composer adds the checks of docs/security.md (nesting,
alias expansion, tags) and still runs on libyaml about ten times faster than the old way.
"""

from __future__ import annotations

import sys
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parents[1]))

from harness import Case, measure, table

from automata.io import yaml_nodes
from automata.io.loader import spec_from_text

SPECS = sorted((Path(__file__).parents[1] / "specs").glob("*.yaml"))


def cases() -> list[Case]:
    result = []
    for path in SPECS:
        text = path.read_text(encoding="utf-8")
        result.append(Case("compose", path.name, {
            "PyYAML SafeLoader": lambda text=text: yaml.compose(text, Loader=yaml.SafeLoader),
            "bounded, libyaml": lambda text=text: yaml_nodes.compose(text),
            "bounded, pure Python": lambda text=text: yaml_nodes._compose_with(yaml.SafeLoader, text),
            "whole loader": lambda text=text, name=path.name: spec_from_text(text, name),
        }, reference="PyYAML SafeLoader"))
    return result


if __name__ == "__main__":
    if not yaml.__with_libyaml__:
        sys.exit("PyYAML was built without libyaml: nothing to compare")
    print(table([measure(case, repeat=3) for case in cases()]))
