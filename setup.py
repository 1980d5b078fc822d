"""One setuptools hook; everything else about the package is in pyproject.toml.

The icon and the other files that are not code live in the top-level `assets/` folder (the
layout of ../shared/DESIGN.md). A wheel can only carry files inside its packages, so building
one copies `assets/` into the package as `spades_gui/assets/`, where
`spades_gui.resources.assets_dir()` looks first. An editable install copies nothing: the
package then runs from the checkout and finds the top-level folder itself.
"""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ASSETS = Path(__file__).resolve().parent / "assets"


class BuildPyWithAssets(build_py):
    """build_py, then assets/ copied to <build>/spades_gui/assets/."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        dest = Path(self.build_lib) / "spades_gui" / "assets"
        for path in sorted(ASSETS.rglob("*")):
            if path.is_file() and not path.name.startswith("."):
                target = dest / path.relative_to(ASSETS)
                self.mkpath(str(target.parent))
                self.copy_file(str(path), str(target))


setup(cmdclass={"build_py": BuildPyWithAssets})
