"""The documentation site in headless Chromium: from the index to a page to its player, following
the links a reader clicks, with nothing fetched from outside the site and no script error."""

from __future__ import annotations

from pathlib import Path

import pytest

from automata.cli import main


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("site")
    with pytest.raises(SystemExit) as stop:
        main(["docs", "specs/knight_tour.yaml", "specs/queens_mrv.yaml", "--no-verify", "-o", str(folder)])
    assert stop.value.code in (0, None)
    return folder


def test_index_to_page_to_player(visit, site):
    index = site / "index.html"
    view = visit(index)
    assert view.page.locator("ul.cards > li").count() == 2
    view.page.click("text=A1: Knight's tour")
    assert view.page.url.endswith("/knight_tour.html")
    assert view.page.locator("svg.diagram").count() == 2  # connection diagram and transition graph
    assert view.page.locator('#knight_tour-graph-graph0 [data-state]').count() == 7
    view.page.click("text=Step through a run in the player")
    assert view.page.url.endswith("/knight_tour.player.html")
    assert view.root("ready") == "true"
    view.press("ArrowRight", 2)
    assert (view.root("step"), view.root("state")) == ("2", "1")
    view.page.click("text=this automaton's page")
    assert view.page.url.endswith("/knight_tour.html")
    outside = [url for url in view.requests if not url.startswith(site.resolve().as_uri()) and not url.startswith("data:")]
    assert outside == [] and view.errors == []
