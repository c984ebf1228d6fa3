"""The measured tables of README.md and docs/ are what the current benchmarks wrote (bench/pages.py).

A table goes stale when it was edited by hand or when the code it measures changed after it was
measured; the fix is always `python bench/run.py --write-docs` (the message says which table and why).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

import pages  # noqa: E402


def test_every_measured_table_is_current():
    problems = pages.stale_regions()
    assert not problems, ("measured tables to write again with `python bench/run.py --write-docs`:\n"
                          + "\n".join(problems))


def test_the_readme_and_the_performance_page_show_measured_tables():
    where = {(region.page.relative_to(ROOT).as_posix(), region.key) for region in pages.all_regions()}
    assert ("README.md", "bench/run.py:summary") in where
    for name in ("speed", "floor", "goals", "tracing"):
        assert ("docs/performance.md", f"bench/run.py:{name}") in where


@pytest.mark.parametrize("page", ["README.md", "docs/performance.md"])
def test_no_ratio_is_typed_outside_a_measured_table(page):
    text = pages.MARKER.sub("", (ROOT / page).read_text(encoding="utf-8"))
    assert re.findall(r"\d\.\d+ ?×", text) == []


# --- the mechanism, on a project of its own ------------------------------------------------------

BENCH = '''
from pages import Table

def render(session):
    return "| case | ratio |\\n|---|---:|\\n| one | 1.25× |"

def broken(session):
    raise RuntimeError("the benchmark failed")

TABLES = {"ratio": Table(render, ("src/*.py", "src/spec.yaml")), "broken": Table(broken)}
'''

MODEL = '''"""A model."""

def step(state):  # one step
    return state + 1
'''

SPEC = "automaton: A1\ndescription: counts\nstates:\n  0: {name: start, doc: where it begins}\n"


def make_project(root: Path, module: str) -> Path:
    (root / "bench").mkdir()
    (root / "bench" / f"{module}.py").write_text(BENCH, encoding="utf-8")
    (root / "src").mkdir()
    (root / "src" / "model.py").write_text(MODEL, encoding="utf-8")
    (root / "src" / "spec.yaml").write_text(SPEC, encoding="utf-8")
    (root / "docs").mkdir()
    page = root / "docs" / "speed.md"
    page.write_text(f"# Speed\n\n<!-- measured bench/{module}.py:ratio -->\n<!-- /measured -->\n\nThe end.\n",
                    encoding="utf-8")
    return page


def test_a_table_is_written_between_its_markers_and_then_current(tmp_path):
    page = make_project(tmp_path, "pages_example_written")
    assert "never measured" in pages.stale_regions(tmp_path)[0]
    written = pages.write_pages(pages.Session(repeat=1, stamp="*Measured today.*"), root=tmp_path)
    assert written == [page]
    text = page.read_text(encoding="utf-8")
    assert "| one | 1.25× |\n\n*Measured today.*\n<!-- /measured -->\n\nThe end.\n" in text
    assert pages.stale_regions(tmp_path) == []
    # Writing again gives the same page: a region is found by its markers, whatever it holds.
    pages.write_pages(pages.Session(repeat=1, stamp="*Measured today.*"), root=tmp_path)
    assert page.read_text(encoding="utf-8") == text


def test_a_table_edited_by_hand_is_stale(tmp_path):
    page = make_project(tmp_path, "pages_example_edited")
    pages.write_pages(pages.Session(repeat=1, stamp="*Measured today.*"), root=tmp_path)
    page.write_text(page.read_text(encoding="utf-8").replace("1.25×", "1.05×"), encoding="utf-8")
    [problem] = pages.stale_regions(tmp_path)
    assert "docs/speed.md:3" in problem and "edited by hand" in problem


def test_a_change_to_the_measured_code_makes_the_table_stale_but_comments_and_docs_do_not(tmp_path):
    make_project(tmp_path, "pages_example_code")
    pages.write_pages(pages.Session(repeat=1, stamp="*Measured today.*"), root=tmp_path)
    model = tmp_path / "src" / "model.py"
    spec = tmp_path / "src" / "spec.yaml"
    model.write_text('"""A model, documented at length."""\n\n\ndef step(state):\n    # a comment\n'
                     '    return state + 1\n', encoding="utf-8")
    spec.write_text(SPEC.replace("where it begins", "the first state"), encoding="utf-8")
    (tmp_path / "src" / "unrelated.txt").write_text("not a source\n", encoding="utf-8")
    assert pages.stale_regions(tmp_path) == []
    model.write_text(MODEL.replace("state + 1", "state + 2"), encoding="utf-8")
    [problem] = pages.stale_regions(tmp_path)
    assert "the code it measures changed" in problem and "src/model.py" in problem
    model.write_text(MODEL, encoding="utf-8")
    spec.write_text(SPEC.replace("0: {", "1: {"), encoding="utf-8")
    assert "the code it measures changed" in pages.stale_regions(tmp_path)[0]


def test_a_failing_benchmark_writes_nothing(tmp_path):
    page = make_project(tmp_path, "pages_example_failing")
    before = page.read_text(encoding="utf-8").replace("<!-- /measured -->\n\nThe end.",
                                                      "<!-- /measured -->\n\n<!-- measured bench/pages_example_failing.py"
                                                      ":broken -->\n<!-- /measured -->\n\nThe end.")
    page.write_text(before, encoding="utf-8")
    with pytest.raises(RuntimeError, match="the benchmark failed"):
        pages.write_pages(pages.Session(repeat=1, stamp="*Measured today.*"), root=tmp_path)
    assert page.read_text(encoding="utf-8") == before


def test_a_moved_source_or_a_missing_table_is_named(tmp_path):
    page = make_project(tmp_path, "pages_example_moved")
    pages.write_pages(pages.Session(repeat=1, stamp="*Measured today.*"), root=tmp_path)
    (tmp_path / "src" / "spec.yaml").unlink()
    assert "'src/spec.yaml' matches no file" in pages.stale_regions(tmp_path)[0]
    page.write_text(page.read_text(encoding="utf-8").replace(":ratio ", ":speed "), encoding="utf-8")
    assert "has no table 'speed'" in pages.stale_regions(tmp_path)[0]
