"""Read the icon and version resource back out of a built Spades.exe and check them.

    python tools/exe_resources.py [--site DIR] dist/Spades.exe

Checks that the program is a windowed (GUI subsystem) 64-bit program, that its icon group holds
every size of assets/icon.ico, and that its version resource names Spades at the version of
spades_gui.__version__. Prints what it read; exits 1 naming each mismatch. Uses pefile (a
PyInstaller dependency on Windows); --site adds the folder it is installed in (the Windows
CPython's site-packages that tools/build-windows.sh fills).
"""

from __future__ import annotations

import argparse
import ast
import struct
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
GUI_SUBSYSTEM = 2  # IMAGE_SUBSYSTEM_WINDOWS_GUI: no console window on a double-click
AMD64 = 0x8664


def package_version() -> str:
    """spades_gui.__version__, read from the source without importing the package."""
    tree = ast.parse((ROOT / "spades_gui" / "__init__.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            getattr(t, "id", None) == "__version__" for t in node.targets
        ):
            return str(ast.literal_eval(node.value))
    raise SystemExit("exe_resources.py: spades_gui/__init__.py has no __version__")


def ico_sizes(data: bytes) -> list[tuple[int, int]]:
    """The (width, height) of each image in an .ico file's directory (0 means 256)."""
    count = struct.unpack_from("<HHH", data)[2]
    return [(data[6 + 16 * i] or 256, data[7 + 16 * i] or 256) for i in range(count)]


def group_icon_sizes(pe: Any, pefile: Any) -> list[tuple[int, int]]:
    """The sizes listed in the executable's first RT_GROUP_ICON resource."""
    for kind in getattr(pe, "DIRECTORY_ENTRY_RESOURCE", None).entries:
        if kind.id != pefile.RESOURCE_TYPE["RT_GROUP_ICON"]:
            continue
        entry = kind.directory.entries[0].directory.entries[0].data.struct
        data = pe.get_data(entry.OffsetToData, entry.Size)
        count = struct.unpack_from("<HHH", data)[2]
        return [(data[6 + 14 * i] or 256, data[7 + 14 * i] or 256) for i in range(count)]
    return []


def version_strings(pe: Any) -> dict[str, str]:
    """The StringFileInfo table of the version resource, decoded."""
    found: dict[str, str] = {}
    for info in getattr(pe, "FileInfo", None) or []:
        for block in info:
            for table in getattr(block, "StringTable", []):
                found.update({k.decode(): v.decode() for k, v in table.entries.items()})
    return found


def check(exe: Path) -> list[str]:
    """Every way the executable differs from what build.spec asks for."""
    import pefile

    pe = pefile.PE(str(exe))
    problems = []
    if pe.FILE_HEADER.Machine != AMD64:
        problems.append(f"machine {pe.FILE_HEADER.Machine:#x}, not x86-64")
    if pe.OPTIONAL_HEADER.Subsystem != GUI_SUBSYSTEM:
        problems.append(f"subsystem {pe.OPTIONAL_HEADER.Subsystem}, not windowed (2)")
    want_icon = ico_sizes((ROOT / "assets" / "icon.ico").read_bytes())
    got_icon = group_icon_sizes(pe, pefile)
    print(f"   icon sizes: {' '.join(f'{w}x{h}' for w, h in got_icon) or 'none'}")
    if sorted(got_icon) != sorted(want_icon):
        problems.append(f"icon sizes {got_icon}, assets/icon.ico has {want_icon}")
    strings = version_strings(pe)
    print("   version: " + ", ".join(f"{k}={v}" for k, v in sorted(strings.items())))
    version = package_version()
    want = {
        "ProductName": "Spades",
        "FileDescription": "Spades",
        "OriginalFilename": "Spades.exe",
        "FileVersion": version,
        "ProductVersion": version,
    }
    for key, value in want.items():
        if strings.get(key) != value:
            problems.append(f"version resource {key} is {strings.get(key)!r}, not {value!r}")
    return problems


def main(argv: list[str] | None = None) -> int:
    """Check one executable; 0 when it matches, else 1."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("exe", type=Path)
    parser.add_argument("--site", help="a folder to import pefile from")
    args = parser.parse_args(argv)
    if args.site:
        sys.path.append(args.site)
    problems = check(args.exe)
    for p in problems:
        print(f"exe_resources.py: {args.exe}: {p}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
