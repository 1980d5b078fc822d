"""The coach without a window: hand review analysis, sure claims played out, record files."""

from .claim import claim_plays
from .records import (
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
    decision_points,
    explain_job,
    position,
    verdict_label,
)

__all__ = [
    "MISTAKE",
    "SLIP",
    "Point",
    "RecordFileError",
    "Verdict",
    "analyse",
    "claim_plays",
    "decision_points",
    "explain_job",
    "export_game",
    "export_hand",
    "exports_dir",
    "hand_record",
    "position",
    "read_record_file",
    "verdict_label",
]
