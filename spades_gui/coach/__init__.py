"""The coach without a window: hand review analysis, sure claims played out, record files."""

from .claim_playout import claim_plays
from .record_files import (
    RecordFileError,
    export_game,
    export_hand,
    exports_dir,
    hand_record,
    read_record_file,
)
from .review import (
    MISTAKE,
    SLIP,
    Point,
    Verdict,
    analyse,
    cost_points,
    decision_points,
    explain_job,
    position,
    ruff_seats,
    ruff_words,
    verdict_label,
    verdict_words,
)

__all__ = [
    "MISTAKE",
    "SLIP",
    "Point",
    "RecordFileError",
    "Verdict",
    "analyse",
    "claim_plays",
    "cost_points",
    "decision_points",
    "explain_job",
    "export_game",
    "export_hand",
    "exports_dir",
    "hand_record",
    "position",
    "read_record_file",
    "ruff_seats",
    "ruff_words",
    "verdict_label",
    "verdict_words",
]
