"""What `check` accepts, every command shows and draws, and only as printable text (issue 24.5, 24.8).

tests/data/control_text/hostile_text.yaml puts control sequences (OSC 0 retitles a terminal's
window, OSC 52 writes its clipboard), CSI and C1 codes, CR, DEL, a bidirectional override, U+2028,
HTML markup and Mermaid syntax into every text field, and its program into a case name. No byte
of them may reach the terminal, a graphviz label, an SVG, or a Mermaid file as anything but
visible, escaped text; JSON output stays exact JSON; and every picture draws.
"""

from __future__ import annotations

import json
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from automata.cli.terminal import PrintableStream
from automata.io.printable import printable
from core_support import run_cli

DATA = Path(__file__).parent / "data" / "control_text"
SPEC = "hostile_text.yaml"
CASE = "two \x1b]0;case\x07 \u2028 \x85"
# What a terminal may receive: printable text of any script, its spaces, the newline and the tab.
FORBIDDEN = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]")


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for path in DATA.iterdir():
        if path.suffix in (".yaml", ".py"):
            shutil.copy(path, tmp_path / path.name)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _shown(capsys: pytest.CaptureFixture[str], *argv: str, codes: tuple[int, ...] = (0,)) -> str:
    code, out, err = run_cli(capsys, *argv)
    assert code in codes, (code, err)
    assert not FORBIDDEN.search(out + err), FORBIDDEN.findall(out + err)
    return out + err


@pytest.mark.parametrize("argv", [
    ("check", SPEC),
    ("list",),
    ("run", SPEC, "--protocol"),
    ("run", SPEC, "--impl", "automaton", "--protocol", "--trace", "trace.jsonl"),
    ("verify", SPEC),
    ("draw", SPEC, "--format", "svg,dot,mermaid", "--out", "drawn"),
    ("player", SPEC, "-o", "player.html"),
    ("codegen", SPEC),
    ("minimize", SPEC),
    ("mutate", SPEC),
])
def test_the_terminal_gets_printable_text_only(folder, capsys, argv):
    shown = _shown(capsys, *argv)
    if argv[0] in ("run", "list"):
        assert "\\u001b]0;" in shown  # the sequence is there, visibly


def test_error_messages_quoting_user_text_are_printable(folder, capsys):
    shown = _shown(capsys, "run", SPEC, "--case", "\x1b]0;title\x07", codes=(2,))
    assert "two \\u001b]0;case\\u0007 \\u2028 \\u0085" in shown  # the program's case names, listed
    hostile_name = "\x1b]52;c;eA==\x07.yaml"
    (folder / hostile_name).write_text("automaton: [")
    _shown(capsys, "check", hostile_name, codes=(1, 2))


def test_the_stepper_shows_printable_text_and_keeps_its_own_colours(folder, capsys, monkeypatch):
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.StringIO("n\nn\nq\n"))
    shown = _shown(capsys, "step", SPEC)
    assert "Start\\u001b]0;pwn\\u0007" in shown


def test_json_output_stays_exact_json(folder, capsys):
    code, out, _ = run_cli(capsys, "verify", SPEC, "--json")
    assert code == 0 and not FORBIDDEN.search(out)
    assert json.loads(out)["cases"][0]["name"] == CASE  # the same string, escaped the JSON way


def test_every_picture_draws_and_holds_no_raw_control_character_or_markup(folder, capsys):
    _shown(capsys, "draw", SPEC, "--format", "svg,dot,mermaid", "--out", "drawn")
    for path in sorted((folder / "drawn").iterdir()):
        text = path.read_text(encoding="utf-8")
        assert not FORBIDDEN.search(text), (path.name, FORBIDDEN.findall(text))
        if path.suffix == ".svg":
            ET.fromstring(text.encode("utf-8"))  # well-formed XML
            assert "<script" not in text and "<img" not in text
        if path.suffix == ".mmd":
            assert "<script" not in text and "<img" not in text, path.name
            assert re.sub(r"<br/>", "", text).count("<") == 0, path.name  # only our own line break
            for line in text.splitlines():
                if line.strip().startswith("%%"):
                    assert "%%" not in line.strip()[2:], line  # the description did not open a new comment


def test_a_system_diagram_escapes_the_same_way(tmp_path):
    from automata.io.loader import load_spec, load_system
    from automata.io.system_diagrams import mermaid_system, system_diagram

    source = Path(__file__).parent / "data" / "systems"
    for path in source.iterdir():
        shutil.copy(path, tmp_path / path.name)
    root = tmp_path / "root.yaml"
    root.write_text(root.read_text().replace("title: Count then blink",
                                             'title: "Count <img src=x onerror=alert(1)> \\r\\u2028 \\u001b]0;x\\u0007"'))
    system = load_system(load_spec(root))
    text = mermaid_system(system)
    assert "<img" not in text and not FORBIDDEN.search(text)
    assert all(not line.strip().startswith("%%") or line.count("%%") == 1 for line in text.splitlines())
    assert not FORBIDDEN.search(system_diagram(system).source)


def test_an_scxml_export_is_well_formed_xml_whatever_the_state_names(folder):
    from automata.io.interop import export_spec
    from automata.io.loader import load_spec

    text = export_spec(load_spec(SPEC), "scxml")  # the state names go into XML comments
    ET.fromstring(text.encode("utf-8"))
    assert not FORBIDDEN.search(text)


@given(st.text())
def test_printable_text_is_printable_and_json_reads_it_back_exactly(text):
    shown = printable(text)
    assert all(char in "\n\t" or char.isprintable() or char.isspace() for char in shown)
    assert not FORBIDDEN.search(shown)
    document = json.dumps({"text": text}, ensure_ascii=False)
    assert json.loads(printable(document)) == {"text": text}


def test_printable_keeps_every_script_and_escapes_visibly():
    assert printable("Привет, 世界 — ok\tand\nnext") == "Привет, 世界 — ok\tand\nnext"
    assert printable("\x1b]0;x\x07") == "\\u001b]0;x\\u0007"
    assert printable("a\u202eb\u2028c\rd") == "a\\u202eb\\u2028c\\u000dd"
    assert printable("\U000e0041") == "\\udb40\\udc41"


def test_the_stream_wrapper_hides_its_buffer_and_delegates_the_rest(capsys):
    import sys

    stream = PrintableStream(sys.stdout)
    assert not hasattr(stream, "buffer")  # click would otherwise write past the filter
    stream.write("\x1b[31mred\n")
    assert capsys.readouterr().out == "\\u001b[31mred\n"
