"""lab/nil_model.py: collecting forced nils, and listing them by partner's bid."""

from __future__ import annotations

import json

import pytest

import lab.nil_model


def test_collect_keeps_partners_bid_and_partner_lists_the_nils_by_it(tmp_path, capsys) -> None:
    """Forced nils keep partner's number when partner bid first; `partner` reads them by it and
    names a file collected before the bid was kept."""
    nm = lab.nil_model
    data = nm.collect("classic", 60, 3)
    bids = [row[2] for row in data["rows"]]
    assert all(len(row) == 3 for row in data["rows"])
    assert any(b is None for b in bids) and any(isinstance(b, int) for b in bids)
    path = tmp_path / "nils.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    nm.main(["partner", str(path)])
    out = capsys.readouterr().out
    assert "partner bid no number yet (or nil)" in out and "per trick of partner's bid" in out
    old = tmp_path / "old.json"
    old.write_text(json.dumps({**data, "rows": [r[:2] for r in data["rows"]]}), encoding="utf-8")
    with pytest.raises(SystemExit, match="old.json: its rows hold no partner's bid"):
        nm.main(["partner", str(old)])
