"""lab/hand_gap.py: single hands played both ways round, and where two levels' play differs."""

from __future__ import annotations

import lab.hand_gap
from spades_gui.engine.bids import NIL


def test_a_level_against_itself_leaves_no_margin() -> None:
    """Both tables hold the same seats with the same seeds, so each deal is played alike twice
    and the margin (first table less the second, halved) is 0; a sign error would double it."""
    data = lab.hand_gap.play("classic", "baseline", 0, 4)
    assert data["deals"]
    for d in data["deals"]:
        a, b = d["tables"]
        assert a["bids"] == b["bids"] and a["tricks"] == b["tricks"]
        assert d["margin"] == 0


def test_the_split_counts_each_side_s_overtricks_sets_and_nils() -> None:
    """The level's team is engine team 0 at the first table and team 1 at the second; each
    side's counts are summed from the engine's scoring of each team."""
    data = {
        "deals": [
            {
                "margin": 12.0,
                "tables": [
                    # ours: 3 bid, 4 taken, a nil made; theirs: 6 bid, 9 taken
                    # (per team as the engine scored it: set, overtricks, nils, made)
                    {
                        "bids": [3, 4, NIL, 2],
                        "tricks": [4, 5, 0, 4],
                        "teams": [[0, 1, 1, 1], [0, 3, 0, 0]],
                    },
                    # ours (seats 1 and 3): 6 bid, 7 taken; theirs: 7 bid, 6 taken, set
                    {
                        "bids": [4, 5, 3, 1],
                        "tricks": [1, 4, 5, 3],
                        "teams": [[1, 0, 0, 0], [0, 1, 0, 0]],
                    },
                ],
            }
        ]
    }
    s = lab.hand_gap.split(data)
    assert (s["deals"], s["margin"], s["team_hands"]) == (1, 12.0, 2)
    assert (s["over"], s["set"], s["nils"], s["made"]) == (2, 0, 1, 1)
    assert (s["their_over"], s["their_set"], s["their_nils"]) == (3, 1, 0)
