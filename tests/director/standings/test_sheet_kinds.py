"""What the standings ask of a kind of sheet (``director.sheets``): the ranking it imposes, its own
templates, how it reads and writes a tally card's figure, and the figures on a stored sheet."""

from __future__ import annotations

import pytest

from director.sheets.registry import by_name, kinds
from director.standings.selectors import COOP, MATCHPOINTS, TALLY, TEAMS, rankings
from scoring import variants

from .test_cutthroat import THREE

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)


def test_only_the_coop_and_cutthroat_kinds_impose_a_ranking():
    imposed = {kind.name: kind.standings for kind in kinds() if kind.standings}
    assert imposed == {"coop": COOP, "cutthroat": "cutthroat"}
    assert set(rankings()) == {TALLY, MATCHPOINTS, TEAMS, COOP, "cutthroat"}


def test_a_kind_finds_its_own_template_then_its_parents_then_the_page_s():
    name = "director/standings/round.html"
    assert by_name("coop")().templates(name) == [f"sheets/coop/{name}", f"sheets/partnership/{name}", name]
    assert by_name("cutthroat")().templates(name) == [f"sheets/cutthroat/{name}", name]


def test_a_card_figure_is_a_net_unless_every_player_scores_alone():
    partnership, cutthroat = by_name("partnership")(), by_name("cutthroat")()
    assert (partnership.read_figure("−1,020"), partnership.figure_text(1020)) == (-1020, "+1,020")
    assert (cutthroat.read_figure("1,250"), cutthroat.figure_text(1250)) == (1250, "1,250")
    with pytest.raises(ValueError, match="never is"):
        cutthroat.read_figure("-40")


def test_only_a_sheet_of_individual_scores_has_figures_of_its_own():
    assert by_name("partnership")().tally_figures({"anything": 1}, own=False) is None
    assert by_name("cutthroat")().tally_figures({"trick_piles": {}}, own=True) is None  # not a sheet that scores


def test_a_three_gives_totals_where_own_scores_are_added_and_nets_in_a_tally():
    sheet = THREE  # three players' own trick piles, ♣ out
    three = by_name("three")(variants.THREE_HANDED, "SHD")
    scored = variants.score_table_sheet(variants.THREE_HANDED, sheet, "SHD")
    assert three.tally_figures(sheet, own=True) == dict(scored.totals)
    assert three.tally_figures(sheet, own=False) == dict(scored.nets)
    assert sum(three.tally_figures(sheet, own=False).values()) == 0
