"""Nothing written in a spec may run as code: every text field carries a payload that would create
a marker file if it were ever executed, and the spec goes through check, draw, codegen, the
generated module's import and runs on both engines. The marker must never appear."""

from __future__ import annotations

import importlib
import importlib.util
import sys
import textwrap
from pathlib import Path

import pytest

from automata.io.codegen import generate_source
from automata.runtime.runner import execute
from automata.errors import SpecErrors
from automata.io.loader import load_spec
from core_support import run_cli

CONTEXT = textwrap.dedent('''
    class Context:
        def __init__(self):
            self.left = 2
        def has_more(self):
            return self.left > 0
        def take(self):
            self.left -= 1
''')

TEMPLATE = textwrap.dedent('''
    automaton: {automaton}
    title: {title}
    description: {description}
    source: {source}
    context: ctxmod:Context
    initial: 0
    events:
      e0: {{doc: {event_doc}}}
    inputs:
      x1: {{doc: {input_doc}, call: has_more}}
    outputs:
      z1: {{doc: {output_doc}, call: take}}
    states:
      0: {{name: {state_name}, doc: {state_doc}}}
      1: {{name: Done, final: true}}
    arcs:
      - {{from: 0, to: 0, guard: "x1", actions: [z1]}}
      - {{from: 0, to: 1, guard: "!x1"}}
''')

FIELDS = ("automaton", "title", "description", "source", "event_doc", "input_doc", "output_doc", "state_name", "state_doc")


def payloads(marker: Path) -> list[str]:
    code = f"__import__('pathlib').Path({str(marker)!r}).write_text('pwned')"
    return [
        f'"""\n{code}\n"""',
        f"'''\n{code}\n'''",
        f"x\r{code}\r#",
        f"x\n{code}\n#",
        f"x\u2028{code}",
        f"x\x0c{code}",
        f'"); {code}; ("',
        f"' + {code} + '",
        f"{{{code}}}",
        f"x\\\n{code}",
    ]


def _write_spec(folder: Path, field: str, payload: str) -> Path:
    values = {name: '"plain"' for name in FIELDS}
    values["automaton"] = "A1"
    values["state_name"] = "Working"
    # A double-quoted YAML scalar carries any character through escapes.
    values[field] = '"' + payload.encode("unicode_escape").decode("ascii").replace('"', '\\"') + '"'
    spec = folder / "spec.yaml"
    spec.write_text(TEMPLATE.format(**values), encoding="utf-8")
    return spec


@pytest.mark.parametrize("field", FIELDS)
def test_no_spec_text_runs_as_code(tmp_path: Path, field: str, monkeypatch: pytest.MonkeyPatch,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    marker = tmp_path / "MARKER"
    (tmp_path / "ctxmod.py").write_text(CONTEXT, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop("ctxmod", None)
    context_class = importlib.import_module("ctxmod").Context
    for number, payload in enumerate(payloads(marker)):
        spec_file = _write_spec(tmp_path, field, payload)
        run_cli(capsys, "check", str(spec_file))
        run_cli(capsys, "draw", str(spec_file), "--format", "dot,mermaid", "--out", str(tmp_path / "out"))
        out = tmp_path / f"gen_{field}_{number}.py"
        run_cli(capsys, "codegen", str(spec_file), "-o", str(out))
        try:
            spec = load_spec(spec_file)
        except SpecErrors:
            assert not out.exists() or not out.read_text(), "a refused spec must not be generated"
            continue
        source = generate_source(spec, spec_file.read_text(encoding="utf-8"))
        compile(source, str(out), "exec")  # the generated text is valid Python
        if out.exists():
            module_spec = importlib.util.spec_from_file_location(out.stem, out)
            module = importlib.util.module_from_spec(module_spec)
            sys.modules[out.stem] = module
            module_spec.loader.exec_module(module)
            module.run(context_class())
        for engine in ("transitions", "generated"):
            execute(spec, context_class(), engine=engine)
        assert not marker.exists(), f"payload {number} in {field} ran"
    assert not marker.exists()


@pytest.mark.parametrize("name", ["x8\n", "x\uff18", "x٣", "x1 ", "x_1"])
def test_input_names_are_plain_ascii(tmp_path: Path, name: str) -> None:
    text = TEMPLATE.format(automaton="A1", title="t", description="d", source="s", event_doc="e",
                           input_doc="i", output_doc="o", state_name="S", state_doc="s")
    escaped = name.encode("unicode_escape").decode("ascii")
    text = text.replace("x1: {doc", f'"{escaped}": {{doc', 1)
    spec = tmp_path / "names.yaml"
    spec.write_text(text, encoding="utf-8")
    with pytest.raises(SpecErrors, match="does not follow the methodology's naming"):
        load_spec(spec)


@pytest.mark.parametrize("call", ["_private", "__class__", "h\u00e9llo", "a.b", "x y"])
def test_call_names_are_public_ascii_methods(tmp_path: Path, call: str) -> None:
    text = TEMPLATE.format(automaton="A1", title="t", description="d", source="s", event_doc="e",
                           input_doc="i", output_doc="o", state_name="S", state_doc="s")
    escaped = call.encode("unicode_escape").decode("ascii")
    text = text.replace("call: has_more", f'call: "{escaped}"')
    spec = tmp_path / "calls.yaml"
    spec.write_text(text, encoding="utf-8")
    with pytest.raises(SpecErrors, match="is not a public method name"):
        load_spec(spec)
