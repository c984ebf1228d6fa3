"""Names that reach HTML and SVG as data, never as markup: a spec's file name, its folder, a case's
name and a spec's text pass through the docs site, the player, the simulator, the notebook display
and the Sphinx directive escaped, and every id made from a name keeps only [A-Za-z0-9_-]
(issue 24, item 1: a file name with a quote used to open live onmouseover handlers in the site)."""

from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest
from core_support import run_cli

from automata.io.loader import spec_from_text
from automata.io.notebook import spec_html

HANOI = Path(__file__).parent / "data" / "hanoi"
HOSTILE = ['x" onmouseover="alert(1)" y="', "<img src=x onerror=alert(2)>", "a'b&c<svg onload=alert(3)>", "ünï cödé"]
ID = re.compile(r"[A-Za-z0-9_-]+")


class _Markup(HTMLParser):
    """Every element's attributes, and the scripts' count."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.problems: list[str] = []
        self.scripts = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.scripts += tag == "script"
        for name, value in attrs:
            if name.startswith("on"):
                self.problems.append(f"<{tag} {name}=...>: an event handler")
            if name == "id" and not ID.fullmatch(value or ""):
                self.problems.append(f"<{tag} id={value!r}>: an id made of more than [A-Za-z0-9_-]")
        if tag in ("img", "iframe", "object", "embed") and tag != "img":
            self.problems.append(f"<{tag}>")

    handle_startendtag = handle_starttag


def markup_problems(html: str, scripts: int) -> list[str]:
    found = _Markup()
    found.feed(html)
    if found.scripts > scripts:
        found.problems.append(f"{found.scripts} scripts, {scripts} expected")
    return found.problems


@pytest.fixture
def hostile_folder(tmp_path):
    """The Hanoi example under a hostile folder name, with its spec under each hostile file name."""
    folder = tmp_path / 'dir"><b onclick=alert(0)>'
    folder.mkdir()
    shutil.copy(HANOI / "hanoi.py", folder / "hanoi.py")
    for name in HOSTILE:
        shutil.copy(HANOI / "hanoi.yaml", folder / f"{name}.yaml")
    return folder


def test_the_docs_site_escapes_every_name(hostile_folder, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(hostile_folder)
    monkeypatch.syspath_prepend(str(hostile_folder))
    site = tmp_path / "site"
    code, _, err = run_cli(capsys, "docs", "--no-verify", "--max-steps", "50", "-o", str(site))
    assert code == 0, err
    pages = sorted(site.glob("*.html"))
    assert len(pages) == 1 + 3 * len(HOSTILE)  # the index, and per spec its page, simulator and player
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert markup_problems(text, 2 if ".player." in page.name or ".simulate." in page.name else 0) == [], page.name
        assert "<script>alert" not in text and str(tmp_path) not in text
    index = (site / "index.html").read_text(encoding="utf-8")
    assert "x&quot; onmouseover=&quot;alert(1)&quot; y=&quot;.yaml" in index, "the name is shown, as text"


def test_the_player_and_the_simulator_escape_every_name(hostile_folder, tmp_path, capsys):
    for number, name in enumerate(HOSTILE):
        spec = str(hostile_folder / f"{name}.yaml")
        for extra in ((), ("--simulate",)):
            out = tmp_path / f"{number}{''.join(extra)}.html"
            code, _, err = run_cli(capsys, "player", spec, "--case", "one disk", *extra, "-o", str(out))
            if extra:
                code, _, err = run_cli(capsys, "player", spec, "--simulate", "-o", str(out))
            assert code == 0, err
            assert markup_problems(out.read_text(encoding="utf-8"), 2) == []


def test_the_notebook_display_escapes_every_name():
    text = (HANOI / "hanoi.yaml").read_text(encoding="utf-8")
    for name in HOSTILE:
        html = spec_html(spec_from_text(text, f"{name}.yaml"))
        assert markup_problems(html, 0) == [] and "graph0" in html


@pytest.mark.skipif(importlib.util.find_spec("sphinx") is None, reason="sphinx is not installed")
def test_the_sphinx_directive_escapes_every_name(hostile_folder, tmp_path):
    source = tmp_path / "src"
    source.mkdir()
    (source / "conf.py").write_text('extensions = ["automata.sphinx"]\n')
    names = [name for name in HOSTILE if "\n" not in name]
    for name in names:
        shutil.copy(hostile_folder / f"{name}.yaml", source / f"{name}.yaml")
    (source / "index.rst").write_text("Title\n=====\n\n" + "".join(f".. automaton:: {name}.yaml\n\n" for name in names))
    done = subprocess.run([sys.executable, "-m", "sphinx", "-b", "html", "-q", str(source), str(tmp_path / "out")],
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0 and "ERROR" not in done.stderr, done.stderr
    page = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    assert page.count('class="node" data-state=') == 2 * len(names)
    assert [problem for problem in markup_problems(page, 99) if "id=" in problem or "handler" in problem] == []
