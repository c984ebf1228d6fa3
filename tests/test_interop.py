"""automata import / export: the DOT Mealy dialects, EFSM graphs, transitions configurations and
SCXML, what each refuses (at the source's line), and exports that import back as the same machine."""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path

import pytest
from transitions import Machine

from automata.analysis.equiv import spec_text
from automata.analysis.round_trip import same_machine
from automata.io.codegen import generate_source
from automata.errors import InputError, SpecErrors
from automata.io.files import SPECS_DIR
from automata.io.interop import FORMATS, export_spec, import_spec, sniff, written_names
from automata.io.loader import load_spec
from automata.model.guards import ALWAYS, And, Not, Var
from automata.model.words import Alphabet, Letter, symbol
from automata.runtime.words import WordError, run_word

DATA = Path(__file__).parent / "data" / "interop"


def imported(tmp_path: Path, text: str, name: str = "machine.dot", format_name: str | None = None):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return import_spec(path, format_name)


def table(spec) -> set[tuple[str, str, str, tuple[str, ...]]]:
    """The transitions of an imported spec as the source wrote them: (from, input, to, outputs)."""
    return {(spec.states[arc.source].name, symbol(spec, arc.event), spec.states[arc.target].name,
             tuple(symbol(spec, name) for name in spec.outputs_of(arc))) for arc in spec.arcs}


# ---------------------------------------------------------------------------------------------
# DOT Mealy: the dialects the learning tools write

DIALECTS = {
    "spaces around the slash, start marker": (
        'digraph g {\n __start0 [label="" shape="none"];\n __start0 -> s0;\n'
        ' s0 [shape="circle" label="s0"];\n s1 [shape="circle" label="s1"];\n'
        ' s0 -> s1 [label="a / x"];\n s1 -> s0 [label="a / y"];\n}\n'),
    "no spaces, bare node lines, no semicolons, no start marker": (
        'digraph G {\nlabel=""\ns0 [color="red"]\ns1\ns0 -> s1[label="a/x"]\ns1 -> s0[label="a/y"]\n}\n'),
    "quoted ids, labelled start marker": (
        'digraph g {\n    "s0" [shape="circle" label="s0"];\n    "s1" [shape="circle" label="s1"];\n'
        '    "s0" -> "s1" [label="a / x"];\n    "s1" -> "s0" [label="a / y"];\n'
        '    __start0 [label="" shape="none"]\n    __start0 -> "s0" [label="start"];\n}\n'),
    "numeric ids, HTML labels, comments": (
        '// a comment\ndigraph {\n /* another */\n 0 -> 1 [label=<a<br/>x>];\n 1 -> 0 [label=<a<br />y>];\n}\n'),
}


@pytest.mark.parametrize("text", DIALECTS.values(), ids=DIALECTS.keys())
def test_every_dialect_of_dot_mealy_reads_as_the_same_machine(tmp_path, text):
    spec = imported(tmp_path, text)
    assert {(arc.source, symbol(spec, arc.event), arc.target, tuple(symbol(spec, z) for z in arc.actions))
            for arc in spec.arcs} == {(0, "a", 1, ("x",)), (1, "a", 0, ("y",))}
    assert spec.initial == 0 and spec.is_pure


def test_outputs_keep_ampersands_commas_and_parentheses(tmp_path):
    spec = imported(tmp_path, 'digraph g {\n__start0 -> s1;\ns0 -> s0 [label="SYN(V,V,0) / RST(ZERO,ZERO,0)"];\n'
                              's1 -> s0 [label="Connect/ConnAck & Closed"];\n}\n')
    assert table(spec) == {("s0", "SYN(V,V,0)", "s0", ("RST(ZERO,ZERO,0)",)),
                           ("s1", "Connect", "s0", ("ConnAck & Closed",))}
    assert spec.states[spec.initial].name == "s1"
    word = Alphabet(spec).word("Connect,SYN(V,V,0),SYN(V,V,0)", "--word")  # commas inside a symbol
    assert run_word(spec, word).symbols() == [["ConnAck & Closed"], ["RST(ZERO,ZERO,0)"], ["RST(ZERO,ZERO,0)"]]


BROKEN_DOT = {
    "no label": ('digraph g {\ns0 -> s1;\n}\n', 2, "has no label"),
    "no slash": ('digraph g {\n\ns0 -> s1 [label="a"];\n}\n', 3, "no '/'"),
    "two transitions on one input": ('digraph g {\ns0 -> s1 [label="a/x"];\ns0 -> s0 [label="a/y"];\n}\n', 3,
                                     "a second transition"),
    "subgraph": ('digraph g {\n s0 -> s1 [label="a/x"];\n subgraph cluster { s2 }\n}\n', 3, "subgraphs"),
    "unclosed": ('digraph g {\n s0 -> s1 [label="a/x"];\n', 3, "never closed"),
    "not DOT": ('digraph g {\n s0 -> s1 [label="a/x"] @\n}\n', 2, "unexpected character"),
}


@pytest.mark.parametrize("text, line, words", BROKEN_DOT.values(), ids=BROKEN_DOT.keys())
def test_a_broken_dot_file_is_refused_at_its_line(tmp_path, text, line, words):
    with pytest.raises(SpecErrors) as caught:
        imported(tmp_path, text, format_name="dot-mealy")
    error = caught.value.errors[0]
    assert (error.loc.file.endswith("machine.dot"), error.loc.line) == (True, line) and words in error.message


def test_names_from_outside_reach_specs_and_generated_code_only_as_text(tmp_path):
    hostile = r'\"); import os; os.system(1) #'  # in a DOT string, \" is a quote
    spec = imported(tmp_path, f'digraph g {{\n"{hostile}" -> s1 [label="{hostile} / {hostile}"];\n}}\n')
    shown = hostile.replace("\\", "")
    assert {spec.states[spec.initial].name, spec.events["e0"].doc, spec.outputs["z0"].doc} == {shown}
    spec_text(spec)  # the spec's YAML reads back as the same spec (spec_text checks it)
    tree = ast.parse(generate_source(spec))
    names = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
    names |= {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
    assert not {"os", "system"} & names  # the text is in string literals and comments only


# ---------------------------------------------------------------------------------------------
# The other formats, from the files docs/interop.md shows


def test_efsm_guards_outputs_and_the_bold_initial_state():
    spec = import_spec(DATA / "vending.gv")
    assert sniff((DATA / "vending.gv").read_text(), "vending.gv") == "efsm"
    assert table(spec) >= {("0", "START", "1", ("OK",)), ("1", "COIN", "1", ("NO", "RETURN"))}
    assert {str(arc.guard) for arc in spec.arcs} == {"1", "x1", "!x1", "x2 & !x1", "x1 | !x2"}
    assert set(spec.inputs) == {"x1", "x2"}  # the tools' input variables keep their names


def test_a_transitions_configuration_runs_as_transitions_runs_it():
    """The oracle is `transitions` itself: the configuration given to Machine, on random words."""
    config = json.loads((DATA / "turnstile.json").read_text())
    spec = import_spec(DATA / "turnstile.json")
    assert {decl.call for decl in spec.inputs.values()} == {"coin_valid", "alarm_off"}
    condition_of = {decl.call: name for name, decl in spec.inputs.items()}
    event_of = {decl.doc: name for name, decl in spec.events.items()}
    chooser = random.Random(7)
    for _ in range(60):
        ran: list[str] = []
        values: dict[str, bool] = {}

        class Model:  # what the configuration names: conditions answer from `values`, callbacks note their name
            pass

        model = Model()
        for name in condition_of:
            setattr(model, name, lambda name=name: values[name])
        for name in ("take_coin", "return_coin", "sound_alarm", "log_kick", "count_passage", "lock_arm"):
            setattr(model, name, lambda name=name: ran.append(name))
        Machine(model=model, **{key: value for key, value in config.items() if key != "title"})
        letters, expected = [], []
        for _ in range(8):
            trigger = chooser.choice(["coin", "push", "kick"])
            values.update({name: chooser.random() < 0.5 for name in condition_of})
            literals = [Var(condition_of[name]) if value else Not(Var(condition_of[name]))
                        for name, value in values.items()]
            letters.append(Letter(event_of[trigger], And(tuple(literals)), trigger))
            ran.clear()
            model.trigger(trigger)
            expected.append(list(ran))
            if model.state == "broken":
                break
        run = run_word(spec, letters)
        assert run.symbols() == expected


def test_scxml_subset_with_entry_exit_and_conditions():
    spec = import_spec(DATA / "door.scxml")
    assert table(spec) >= {("opened", "close", "closed", ("light_off", "motor_close")),
                           ("closed", "open", "opened", ("motor_open", "light_on"))}
    assert {decl.doc or name for name, decl in spec.inputs.items()} == {"key_fits", "jammed", "_event.data.force > 3"}
    assert all(state.may_stay for state in spec.states.values() if not state.final)
    assert spec.states[spec.initial].name == "closed"


SCXML_REFUSED = {
    "DOCTYPE": ('<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol">]>\n<scxml/>', 2, "DOCTYPE"),
    "parallel": ('<scxml xmlns="http://www.w3.org/2005/07/scxml">\n  <state id="a"/>\n  <parallel id="p"/>\n</scxml>',
                 3, "parallel states"),
    "eventless": ('<scxml>\n<state id="a">\n<transition target="a"/>\n</state>\n</scxml>', 3, "eventless"),
    "script": ('<scxml>\n<state id="a">\n<onentry>\n<script>x = 1</script>\n</onentry>\n</state>\n</scxml>', 4,
               "scripts"),
    "history": ('<scxml>\n<state id="a">\n<history id="h"/>\n</state>\n</scxml>', 3, "history"),
}


@pytest.mark.parametrize("text, line, words", SCXML_REFUSED.values(), ids=SCXML_REFUSED.keys())
def test_scxml_outside_the_flat_subset_is_refused_at_its_line(tmp_path, text, line, words):
    with pytest.raises(SpecErrors) as caught:
        imported(tmp_path, text, "chart.scxml")
    assert caught.value.errors[0].loc.line == line and words in caught.value.errors[0].message


def test_transitions_configurations_refuse_nested_states(tmp_path):
    text = 'states:\n  - name: a\n    children: [b, c]\ntransitions: []\ninitial: a\n'
    with pytest.raises(SpecErrors) as caught:
        imported(tmp_path, text, "config.yaml", "transitions")
    assert caught.value.errors[0].loc.line == 3 and "nested" in caught.value.errors[0].message


# ---------------------------------------------------------------------------------------------
# Exports, and imports of them


SHIPPED = [path for path in sorted(SPECS_DIR.glob("*.yaml")) if not load_spec(path).is_system]
PURE = [DATA / "coffee.yaml", DATA / "vending.yaml"]
REFUSED = {**{(path.stem, "dot-mealy"): "a Mealy label has no conditions" for path in SHIPPED},
           ("coffee", "dot-mealy"): "a Mealy label has one output per step",
           ("vending", "dot-mealy"): "a Mealy label has no conditions",
           ("coffee", "scxml"): "where SCXML stays put"}


@pytest.mark.parametrize("format_name", FORMATS)
@pytest.mark.parametrize("path", SHIPPED + PURE, ids=lambda path: path.stem)
def test_an_export_imports_back_as_the_same_machine_or_is_refused_with_its_reasons(tmp_path, path, format_name):
    spec = load_spec(path)
    try:
        text = export_spec(spec, format_name)
    except InputError as refusal:
        # DOT Mealy labels have no conditions and one output; SCXML cannot fail where coffee.yaml does
        assert (path.stem, format_name) in REFUSED, refusal
        assert REFUSED[path.stem, format_name] in str(refusal)
        return
    assert spec.is_pure or format_name != "dot-mealy"
    copy = tmp_path / f"export.{format_name}"
    copy.write_text(text, encoding="utf-8")
    comparison = same_machine(spec, import_spec(copy, format_name), written_names(spec, format_name))
    assert comparison.equivalent, comparison.difference


def test_a_system_of_automata_is_refused_by_every_format():
    system = load_spec(SPECS_DIR / "knight_tour_system.yaml")
    for format_name in FORMATS:
        with pytest.raises(InputError, match="system of automata"):
            export_spec(system, format_name)


def test_an_undefined_input_stops_a_word_naming_the_state_and_the_input():
    spec = import_spec(DATA / "vending.gv")
    with pytest.raises(WordError, match=r"input 'CHOC' \(e2\) is undefined in state 0 \(0\)") as caught:
        run_word(spec, [Letter("e2", ALWAYS, "CHOC")])
    assert caught.value.run.steps == ()
