"""The rules viewer's contents: the sections, and under the one being read its subsections, each a click away."""

import pytest

from game.ui.scenes.rules_viewer import RulesScene, SubTocEntry, TocEntry

from .ui_helpers import click, frames, make_app


@pytest.fixture()
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("VELOTHEQUE_HOME", str(tmp_path))
    return make_app()


def test_the_contents_list_the_subsections_of_the_section_being_read_and_a_click_goes_there(app):
    """VeloMaster's Expert and Pro rules are subsections of its long last section: the contents listed only the
    five sections, and a player who chose the Expert level scrolled through a thousand lines to find them."""
    scene = RulesScene(app, "VeloMaster", "velomaster.md")
    app.stack.clear_to(scene)
    frames(app, 2)
    toc = [w for w in scene.widgets if isinstance(w, TocEntry)]
    assert [e.lines[0] for e in toc][-1] == "Interpretations"
    click(app, toc[-1].rect.center)
    frames(app, 60)
    subs = {" ".join(w.lines): w for w in scene.widgets if isinstance(w, SubTocEntry) and w.visible}
    assert {"Niveau Expert", "Niveau Pro", "Course à étapes"} <= set(subs)
    assert all(toc[-1].rect.bottom <= s.rect.y for s in subs.values()), "listed under their section"
    assert all(s.rect.bottom <= scene.widgets[0].rect.y for s in subs.values()), "above Back"
    click(app, subs["Niveau Expert"].rect.center)
    frames(app, 60)
    heading = dict(scene.subsections)["Niveau Expert"]
    assert abs(scene.scroll - heading) < 2, "the page shows the Expert rules from their heading"
