"""`automata docs`: a page per shipped spec, each linking its player, every page passing the HTML
check (well nested, no broken links, nothing from outside)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from core_support import COUNTER_SPEC, run_cli
from html_check import check_page

from automata.io.files import SPECS_DIR
from automata.io.html.site import presentation
from automata.io.loader import load_spec, spec_from_text

HANOI = Path(__file__).parent / "data" / "hanoi" / "hanoi.yaml"


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """`automata docs -o site` in a folder with no spec: the shipped specs are documented."""
    from automata.cli import main

    empty = tmp_path_factory.mktemp("empty")
    folder = empty / "site"
    here = os.getcwd()
    os.chdir(empty)
    try:
        with pytest.raises(SystemExit) as stop:
            main(["docs", "-o", "site"])
    finally:
        os.chdir(here)
    assert stop.value.code in (0, None)
    return folder


def test_every_shipped_spec_has_a_page_that_links_its_player(site):
    stems = sorted(path.stem for path in SPECS_DIR.glob("*.yaml"))
    assert sorted(path.stem for path in site.glob("*.html") if "." not in path.stem and path.stem != "index") == stems
    index = (site / "index.html").read_text(encoding="utf-8")
    for stem in stems:
        page = (site / f"{stem}.html").read_text(encoding="utf-8")
        assert f'href="{stem}.html"' in index
        assert f'href="{stem}.player.html"' in page, f"{stem}'s page links its player"
        assert 'data-step="0"' in (site / f"{stem}.player.html").read_text(encoding="utf-8")
        assert f'href="{stem}.simulate.html"' in page, f"{stem}'s page links its simulator"
    assert str(SPECS_DIR.parent) not in index and 'class="badge ok">verified' in index


def test_a_systems_page_draws_how_its_automata_interact_and_links_theirs(site):
    page = (site / "knight_tour_system.html").read_text(encoding="utf-8")
    assert "The system: how its automata interact" in page
    assert 'aria-label="how the automata of A0: Knight&#x27;s tour as a system of two automata interact"' in page
    assert '<a href="knight_tour_system.html">A0: ' in page and '<a href="knight_tour_attempt.html">A1: ' in page


def test_a_spec_that_check_rejects_is_not_verified_and_shows_why(tmp_path, capsys):
    from core_support import COUNTER_SPEC

    overlap = COUNTER_SPEC.replace('guard: "!x1 & x2"', 'guard: "x2"')  # now it overlaps x1's arc
    assert overlap != COUNTER_SPEC
    (tmp_path / "counter.yaml").write_text(overlap)
    code, _, err = run_cli(capsys, "docs", str(tmp_path / "counter.yaml"), "-o", str(tmp_path / "site"))
    assert code == 0, err
    index = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    page = (tmp_path / "site" / "counter.html").read_text(encoding="utf-8")
    assert "check fails" in index and ">verified<" not in index
    assert "automata check rejects this spec" in page and "counter.yaml:" in page and "are both enabled when" in page
    assert str(tmp_path) not in page + index


def test_every_page_passes_the_html_check(site):
    problems = [problem for path in sorted(site.glob("*.html")) for problem in check_page(path)]
    assert problems == []


def test_a_page_presents_the_automaton_as_the_methodology_does(site):
    page = (site / "knight_tour.html").read_text(encoding="utf-8")
    spec = load_spec("specs/knight_tour.yaml")
    for heading in ("Connection diagram", "Transition graph", "A sample run: the protocol", "States", "Inputs",
                    "Outputs", "Verification", "The code generated from the spec"):
        assert f">{heading}</h2>" in page, heading
    assert page.count('class="node" data-state=') == len(spec.states)
    assert page.count('class="edge" data-arc=') == len(spec.arcs)
    assert "{ A1: started in state 0 (Start) with event e0" in page  # the protocol excerpt
    assert "All implementations agree" in page and "arcs 11/11" in page
    assert "def stepper(context, tracer, where=SPEC_PATH):" in re.sub(r"<[^>]+>", "", page)
    for name, decl in spec.inputs.items():
        assert f'<td class="name">{name}</td><td>' in page and decl.call in page


def test_automata_docs_on_a_users_spec(tmp_path, capsys):
    code, out, err = run_cli(capsys, "docs", str(HANOI), "-o", str(tmp_path / "site"))
    assert code == 0, err
    assert out.strip().endswith("index.html")
    assert {path.name for path in (tmp_path / "site").iterdir()} == {"index.html", "hanoi.html", "hanoi.player.html",
                                                                     "hanoi.simulate.html"}
    assert all(check_page(path) == [] for path in (tmp_path / "site").iterdir())
    for path in (tmp_path / "site").iterdir():  # no absolute path of the machine that built the site
        assert str(HANOI.parent) not in path.read_text(encoding="utf-8"), path.name


def test_a_spec_without_a_program_gets_a_page_that_says_why(tmp_path, capsys):
    spec_file = tmp_path / "counter.yaml"
    spec_file.write_text(COUNTER_SPEC.replace("context: core_support:Counter", "context: no_such_module:Counter"))
    code, _, err = run_cli(capsys, "docs", str(spec_file), "-o", str(tmp_path / "site"))
    assert code == 0, err
    page = (tmp_path / "site" / "counter.html").read_text(encoding="utf-8")
    assert "No sample run and no verification" in page and "player.html" not in page
    assert check_page(tmp_path / "site" / "counter.html") == []


def test_spec_text_is_escaped_in_the_presentation():
    spec = spec_from_text(COUNTER_SPEC.replace('doc: "count one more"', "doc: '<b>x</b> & <script>'"), "counter.yaml")
    html = presentation(spec)
    assert "<script>" not in html and "&lt;b&gt;x&lt;/b&gt; &amp; &lt;script&gt;" in html


def test_the_html_check_finds_what_it_should(tmp_path):
    (tmp_path / "other.html").write_text('<p id="here">x</p>')
    page = tmp_path / "page.html"
    page.write_text('<html><head><script src="https://cdn.example/x.js"></script><style>a{background:url(//x/y.png)}'
                    '</style></head><body><p id="a"></p><p id="a"></p><a href="missing.html">m</a>'
                    '<a href="other.html#nowhere">n</a><a href="other.html#here">ok</a><a href="../up.html">u</a>'
                    '<img src="data:image/png;base64,AA=="><div><span></div></body></html>')
    problems = "\n".join(check_page(page))
    for expected in ("refers outside the site: https://cdn.example", "refers outside the site: //x/y.png",
                     "duplicate ids ['a']", "broken link <a> missing.html", "broken anchor <a> other.html#nowhere",
                     "leaves the site: ../up.html", "</div> closes <span>"):
        assert expected in problems, expected
    assert "other.html#here" not in problems and "data:" not in problems
