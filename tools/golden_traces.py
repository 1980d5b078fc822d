"""Writes the golden traces again (tests/data/golden_traces/, see tests/golden.py): when a change
is meant to change what the controller emits or saves. With case names, only those.

Run from the checkout: `python tools/golden_traces.py [CASE ...]`; then read the diff of what
changed (`python tools/golden_traces.py --diff CASE` prints the first difference first).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests import golden  # noqa: E402


def main() -> int:
    """Write the named cases' traces (all by default), or print how they differ now."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cases", nargs="*", help="cases to write (default: all)")
    parser.add_argument("--diff", action="store_true", help="print differences, write nothing")
    args = parser.parse_args()
    names = args.cases or golden.cases()
    unknown = sorted(set(names) - set(golden.cases()))
    if unknown:
        parser.error(f"no such case: {', '.join(unknown)}")
    if not args.diff:
        golden.write(names)
        print(f"wrote {len(names)} traces to {golden.DATA.relative_to(ROOT)}")
        return 0
    differ = 0
    for name in names:
        problem = golden.difference(name, golden.play(name))
        if problem:
            differ += 1
            print(f"{name}: {problem}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
