"""Fast checks of the standalone-build plumbing: resources.py, the assets, build.spec, wheels.

build.spec is executed with stand-ins for PyInstaller's classes, once per target OS, so these
tests need neither PyInstaller nor a build; tools/build.sh does the real build and smoke test.
One test builds a wheel and installs it (no dependencies) into a throwaway venv.
"""

from __future__ import annotations

import ast
import os
import pkgutil
import re
import shutil
import struct
import subprocess
import sys
import types
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

import spades_gui  # noqa: E402
from spades_gui import resources  # noqa: E402

from .tools import tool  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "build.spec"
PKG = Path(spades_gui.__file__).resolve().parent
ASSETS = ROOT / "assets"  # the top-level folder; wheels and the frozen program: spades_gui/assets
ICO_SIZES = {16, 24, 32, 48, 64, 128, 256}
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


# --------------------------------------------------------------------------- resources.py


def test_asset_path_from_the_checkout():
    assert not resources.is_frozen()
    assert not (PKG / "assets").exists(), "assets live in the top-level assets/ folder"
    assert resources.assets_dir() == ASSETS
    assert resources.asset_path("icon.png") == ASSETS / "icon.png"


def test_asset_path_prefers_the_packaged_folder(monkeypatch, tmp_path):
    """An installed wheel has spades_gui/assets/ beside resources.py: that one is used."""
    (tmp_path / "spades_gui" / "assets").mkdir(parents=True)
    (tmp_path / "spades_gui" / "assets" / "icon.png").write_bytes(b"png")
    monkeypatch.setattr(resources, "bundle_dir", lambda: tmp_path)
    assert resources.asset_path("icon.png") == tmp_path / "spades_gui" / "assets" / "icon.png"


def _copy_for_a_wheel(dest: Path) -> None:
    """What a wheel is built from, copied, so the build leaves nothing in the checkout (the lab
    and the tests too: the wheel must leave them out)."""
    skip = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")
    for name in ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md"):
        shutil.copy2(ROOT / name, dest / name)
    for name in ("spades_gui", "assets", "lab", "tests"):
        shutil.copytree(ROOT / name, dest / name, ignore=skip)


@pytest.mark.slow
def test_an_installed_wheel_finds_the_assets(tmp_path):
    """pip wheel . and pip install --no-deps into a new venv: the icon is found there, and the
    wheel holds the game alone, not the lab nor the tests."""
    import zipfile

    src, wheels, venv, elsewhere = (tmp_path / n for n in ("src", "wheels", "venv", "cwd"))
    for d in (src, elsewhere):
        d.mkdir()
    _copy_for_a_wheel(src)
    quiet = {"capture_output": True, "text": True, "timeout": 600}
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check"]
    p = subprocess.run([*pip, "wheel", "--no-deps", "-w", str(wheels), str(src)], **quiet)
    assert p.returncode == 0, p.stdout[-2000:] + p.stderr[-2000:]
    (wheel,) = wheels.glob("spades_gui-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    want = {f"spades_gui/assets/{p.relative_to(ASSETS).as_posix()}" for p in _asset_files()}
    assert want <= names and "spades_gui/assets/icon.png" in want
    assert not any(n.startswith("assets/") for n in names)
    tops = {n.split("/", 1)[0] for n in names}
    assert {t for t in tops if not t.endswith(".dist-info")} == {"spades_gui"}, tops

    p = subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], **quiet)
    assert p.returncode == 0, p.stderr
    py = venv / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")
    p = subprocess.run([*pip, "--python", str(py), "install", "--no-deps", str(wheel)], **quiet)
    assert p.returncode == 0, p.stdout[-2000:] + p.stderr[-2000:]
    code = (
        "import spades_gui, spades_gui.resources as r\n"
        "print(spades_gui.__file__)\n"
        "print(r.asset_path('icon.png'))\n"
    )
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    p = subprocess.run([str(py), "-c", code], cwd=elsewhere, env=env, **quiet)
    assert p.returncode == 0, p.stderr
    package, icon = (Path(line) for line in p.stdout.splitlines())
    assert venv.resolve() in package.resolve().parents, package
    assert icon == package.parent / "assets" / "icon.png"
    assert icon.read_bytes() == (ASSETS / "icon.png").read_bytes()


def _asset_files() -> list[Path]:
    return [p for p in ASSETS.rglob("*") if p.is_file() and not p.name.startswith(".")]


def test_asset_path_inside_a_frozen_bundle(monkeypatch, tmp_path):
    (tmp_path / "spades_gui" / "assets" / "sounds").mkdir(parents=True)
    (tmp_path / "spades_gui" / "assets" / "sounds" / "deal.wav").write_bytes(b"RIFF")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resources.is_frozen()
    assert resources.bundle_dir() == tmp_path
    want = tmp_path / "spades_gui" / "assets" / "sounds" / "deal.wav"
    assert resources.asset_path("sounds/deal.wav") == want
    assert resources.asset_path("sounds\\deal.wav") == want
    with pytest.raises(FileNotFoundError, match="icon.png"):
        resources.asset_path("icon.png")  # looked for in the bundle, not in the source tree


@pytest.mark.parametrize("name", ["", "../pyproject.toml", "a/../../b", "/etc/passwd", "C:/x"])
def test_asset_path_refuses_names_outside_the_folder(name):
    with pytest.raises(ValueError):
        resources.asset_path(name)


def test_ensure_stdio_gives_a_windowed_program_streams(monkeypatch):
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    resources.ensure_stdio()
    try:
        print("goes nowhere, without an error")
        sys.stdout.flush()
        sys.stderr.write("nor this\n")
    finally:
        sys.stdout.close()


def test_ensure_stdio_leaves_real_streams_alone(monkeypatch):
    out, err = sys.stdout, sys.stderr
    resources.ensure_stdio()
    assert sys.stdout is out and sys.stderr is err


def test_seconds_since_launch():
    secs = resources.seconds_since_launch()
    if sys.platform.startswith("linux"):
        assert secs is not None
    if secs is not None:
        assert 0 <= secs < 7 * 24 * 3600


def test_first_frame_hook_prints_and_leaves():
    """SPADES_EXIT_AFTER_FIRST_FRAME=1: the App's loop prints one line after its first frame."""
    code = (
        "from spades_gui.ui.window import App, Scene\n"
        "app = App(size=(320, 200), headless=True)\n"
        "app.switch(Scene(app))\n"
        "app.run()\n"
    )
    env = dict(os.environ, SPADES_EXIT_AFTER_FIRST_FRAME="1", PYGAME_HIDE_SUPPORT_PROMPT="1")
    p = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, env=env
    )
    assert p.returncode == 0, p.stderr
    assert re.fullmatch(r"first frame after (\d+\.\d{3}|\?) s\n", p.stdout), p.stdout


# --------------------------------------------------------------------------- icon files


def test_icon_png_is_a_transparent_cornered_card():
    import pygame

    img = pygame.image.load(str(ASSETS / "icon.png"))
    assert img.get_size() == (256, 256)
    assert img.get_at((0, 0)).a == 0 and img.get_at((255, 255)).a == 0
    assert img.get_at((128, 128))[:3] == (22, 22, 26)  # the spade's ink in the middle
    assert img.get_at((128, 30)).a == 255


def test_icon_ico_has_every_windows_size():
    data = (ASSETS / "icon.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data)
    assert (reserved, kind) == (0, 1)
    sizes = set()
    for i in range(count):
        w, h, _, _, _, bpp, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        size = w or 256
        assert h == w and bpp == 32 and offset + length <= len(data)
        blob = data[offset : offset + length]
        if size > 48:
            assert blob.startswith(PNG_MAGIC)
        else:
            assert struct.unpack_from("<Iii", blob) == (40, size, 2 * size)
        sizes.add(size)
    assert sizes == ICO_SIZES


def test_ico_writer_round_trips_through_sdl_image():
    """The hand-written DIB entries (rows bottom-up, BGRA) decode to the drawing itself."""
    import io

    import pygame

    make_icon = tool("make_icon")
    drawn = make_icon.draw_icon(24)
    loaded = pygame.image.load(io.BytesIO(make_icon.ico_bytes((24,))), "icon.ico")
    assert loaded.get_size() == (24, 24)
    for x in range(24):
        for y in range(24):
            want = drawn.get_at((x, y))
            if want.a == 255:
                assert loaded.get_at((x, y)) == want, (x, y)


def test_icon_icns_is_well_formed():
    data = (ASSETS / "icon.icns").read_bytes()
    assert data[:4] == b"icns" and struct.unpack_from(">I", data, 4)[0] == len(data)
    pos, kinds = 8, set()
    while pos < len(data):
        kind, length = data[pos : pos + 4], struct.unpack_from(">I", data, pos + 4)[0]
        assert data[pos + 8 : pos + 16] == PNG_MAGIC
        kinds.add(kind)
        pos += length
    assert pos == len(data)
    assert {b"ic07", b"ic08", b"ic09", b"ic10"} <= kinds


# --------------------------------------------------------------------------- build.spec


class _Target:
    """Stands in for PyInstaller's Analysis, PYZ, EXE, COLLECT and BUNDLE: records its call."""

    made: list[_Target] = []

    def __init__(self, *args, **kwargs):
        self.args, self.kwargs = args, kwargs
        self.kind = type(self).__name__
        self.made.append(self)
        if self.kind == "Analysis":
            self.scripts, self.pure, self.datas = [("frozen_main", "", "PYSOURCE")], [], []
            self.binaries = [
                ("pygame_ce.libs/libportmidi-8a3ff27a.so.2.0.7", "/x", "BINARY"),
                ("pygame_ce.libs/libasound-2b3a3662.so.2.0.0", "/x", "BINARY"),
                ("portmidi.dll", "/x", "BINARY"),
                ("pygame_ce.libs/libSDL2-2-50d19f93.0.so.0.3200.10", "/x", "BINARY"),
                ("SDL2_mixer.dll", "/x", "BINARY"),
            ]


def _stub_module(name: str, **attrs) -> types.ModuleType:
    mod = types.ModuleType(name)
    mod.__dict__.update(attrs)
    return mod


def _collect_submodules(package: str) -> list[str]:
    mod = __import__(package, fromlist=["_"])
    found = [m.name for m in pkgutil.walk_packages(mod.__path__, package + ".")]
    return [package, *found]


def _version_stub(name):
    return lambda *a, **k: (name, a, k)


def run_spec(monkeypatch, platform: str) -> dict:
    """Execute build.spec as PyInstaller would on `platform`; returns its namespace + calls."""
    classes = {n: type(n, (_Target,), {}) for n in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")}
    _Target.made = []
    vi_names = (
        "FixedFileInfo StringFileInfo StringStruct StringTable VarFileInfo VarStruct VSVersionInfo"
    )
    stubs = {
        "PyInstaller": _stub_module("PyInstaller"),
        "PyInstaller.utils": _stub_module("PyInstaller.utils"),
        "PyInstaller.utils.hooks": _stub_module(
            "PyInstaller.utils.hooks", collect_submodules=_collect_submodules
        ),
        "PyInstaller.utils.win32": _stub_module("PyInstaller.utils.win32"),
        "PyInstaller.utils.win32.versioninfo": _stub_module(
            "PyInstaller.utils.win32.versioninfo",
            **{n: _version_stub(n) for n in vi_names.split()},
        ),
    }
    for name, mod in stubs.items():
        monkeypatch.setitem(sys.modules, name, mod)
    ns = {"SPECPATH": str(ROOT), "DISTPATH": str(ROOT / "dist"), "os": os, **classes}
    code = compile(SPEC.read_text(encoding="utf-8"), str(SPEC), "exec")
    with monkeypatch.context() as m:
        m.setattr(sys, "platform", platform)
        exec(code, ns)
    ns["made"] = {t.kind: t for t in _Target.made}
    return ns


@pytest.fixture(scope="module")
def spec_linux():
    with pytest.MonkeyPatch.context() as m:
        return run_spec(m, "linux")


def _lazy_imports_of(path: Path) -> set[str]:
    """Modules of the package imported inside functions (relative imports) in one file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    base = path.relative_to(PKG.parent).with_suffix("").parts[:-1]
    out = set()
    for fn in ast.walk(tree):
        if not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for node in ast.walk(fn):
            if isinstance(node, ast.ImportFrom) and node.level:
                parts = list(base[: len(base) - node.level + 1])
                out.add(".".join(parts + ([node.module] if node.module else [])))
    return out


def test_spec_collects_every_lazily_imported_module(spec_linux):
    analysis = spec_linux["made"]["Analysis"]
    hidden = set(analysis.kwargs["hiddenimports"])
    assert {"spades_gui.app", "spades_gui.commands", "spades_gui.bench_figures"} <= hidden
    missing = []
    for path in PKG.rglob("*.py"):
        for mod in _lazy_imports_of(path):
            rel = Path(*mod.split("."))
            exists = (PKG.parent / rel).with_suffix(".py").is_file() or (
                PKG.parent / rel / "__init__.py"
            ).is_file()
            if exists and mod not in hidden:
                missing.append(mod)
    assert not missing


def test_spec_entry_script_and_assets(spec_linux):
    analysis = spec_linux["made"]["Analysis"]
    (script,) = analysis.args[0]
    assert Path(script) == ROOT / "tools" / "frozen_main.py" and Path(script).is_file()
    datas = {(Path(src).name, dest.replace("\\", "/")) for src, dest in analysis.kwargs["datas"]}
    build_only = {"icon.ico", "icon.icns", "spades.desktop"}
    assert spec_linux["BUILD_ONLY"] == build_only
    shipped = {
        (p.name, ("spades_gui/assets" / p.parent.relative_to(ASSETS)).as_posix())
        for p in _asset_files()
        if p.name not in build_only
    }
    typeface = {
        ("AtkinsonHyperlegible-Regular.ttf", "fontpkg_atkinson_hyperlegible/files"),
        ("AtkinsonHyperlegible-Bold.ttf", "fontpkg_atkinson_hyperlegible/files"),
        ("LICENSE", "fontpkg_atkinson_hyperlegible"),
    }
    assert ("icon.png", "spades_gui/assets") in datas
    assert datas == shipped | typeface
    for src, _ in analysis.kwargs["datas"]:
        assert Path(src).is_file(), src


def test_the_typeface_is_found_inside_a_frozen_bundle(monkeypatch, tmp_path):
    """Frozen, the typeface is read from the bundle's copy of its package, where build.spec
    puts it, and not from an installed one."""
    files = tmp_path / "fontpkg_atkinson_hyperlegible" / "files"
    files.mkdir(parents=True)
    (files / "AtkinsonHyperlegible-Bold.ttf").write_bytes(b"\0\1\0\0")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resources.typeface_path("bold") == files / "AtkinsonHyperlegible-Bold.ttf"
    with pytest.raises(FileNotFoundError, match="Regular"):
        resources.typeface_path("regular")


def test_spec_version_is_the_package_version(spec_linux):
    assert spec_linux["VERSION"] == spades_gui.__version__


def test_spec_drops_only_midi_binaries(spec_linux):
    names = [b[0] for b in spec_linux["made"]["Analysis"].binaries]
    assert names == ["pygame_ce.libs/libSDL2-2-50d19f93.0.so.0.3200.10", "SDL2_mixer.dll"]


def test_spec_linux_is_one_console_file(spec_linux):
    exe = spec_linux["made"]["EXE"]
    assert exe.kwargs["name"] == "spades" and exe.kwargs["console"] is True
    assert "exclude_binaries" not in exe.kwargs and "BUNDLE" not in spec_linux["made"]
    assert exe.kwargs["upx"] is False


def test_spec_windows_is_one_windowed_file_with_icon_and_version(monkeypatch):
    ns = run_spec(monkeypatch, "win32")
    exe = ns["made"]["EXE"]
    assert exe.kwargs["name"] == "Spades" and exe.kwargs["console"] is False
    assert exe.kwargs["icon"].endswith("icon.ico") and Path(exe.kwargs["icon"]).is_file()
    assert "exclude_binaries" not in exe.kwargs and exe.kwargs["strip"] is False
    version = exe.kwargs["version"]
    assert version[0] == "VSVersionInfo"
    assert spades_gui.__version__ in repr(version)


def test_spec_macos_is_a_windowed_app_bundle(monkeypatch):
    ns = run_spec(monkeypatch, "darwin")
    exe, bundle = ns["made"]["EXE"], ns["made"]["BUNDLE"]
    assert exe.kwargs["name"] == "spades" and exe.kwargs["console"] is False
    assert bundle.kwargs["name"] == "Spades.app"
    assert bundle.kwargs["icon"].endswith("icon.icns") and Path(bundle.kwargs["icon"]).is_file()
    assert bundle.kwargs["version"] == spades_gui.__version__
    assert bundle.kwargs["bundle_identifier"] == "io.github.spades-gui"
    plist = bundle.kwargs["info_plist"]
    assert plist["NSHighResolutionCapable"] is True
    assert plist["CFBundleShortVersionString"] == plist["CFBundleVersion"] == spades_gui.__version__
    assert plist["CFBundleName"] == "Spades"


def _checking_only(tree: ast.AST) -> set[int]:
    """The ids of the nodes under `if TYPE_CHECKING:`: imports the type checker reads and the
    program never runs."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and ast.unparse(node.test).endswith("TYPE_CHECKING"):
            out |= {id(n) for stmt in node.body for n in ast.walk(stmt)}
    return out


def _imported_modules() -> dict[str, str]:
    """Every absolute module name the game's code imports when it runs -> the first file
    importing it."""
    out: dict[str, str] = {}
    for path in sorted(PKG.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        tree = ast.parse(text)
        skip = _checking_only(tree)
        for node in ast.walk(tree):
            if id(node) in skip:
                continue
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            for name in names:
                out.setdefault(name, str(path.relative_to(PKG.parent)))
        if "ProcessPoolExecutor" in text:
            out.setdefault("multiprocessing", str(path.relative_to(PKG.parent)))
    return out


# Imported only after checking the module is there (coach.record_files.picker_available): the frozen
# program leaves tkinter out and simply offers no Browse button.
OPTIONAL = {
    "tkinter": "spades_gui/coach/record_files.py",
    "tkinter.filedialog": "spades_gui/coach/record_files.py",
}


def test_spec_excludes_nothing_the_game_imports(spec_linux):
    excludes = spec_linux["made"]["Analysis"].kwargs["excludes"]
    used = _imported_modules()
    clashes = {
        name: where
        for name, where in used.items()
        for ex in excludes
        if (name == ex or name.startswith(ex + ".")) and OPTIONAL.get(name) != where
    }
    assert not clashes, f"build.spec excludes modules the game imports: {clashes}"


def test_spec_leaves_the_lab_out(spec_linux):
    """The yardsticks and research scripts are the repository's: the program excludes them, and
    nothing the game imports reaches them."""
    excludes = spec_linux["made"]["Analysis"].kwargs["excludes"]
    assert "lab" in excludes
    hidden = spec_linux["made"]["Analysis"].kwargs["hiddenimports"]
    assert not [m for m in hidden if m == "lab" or m.startswith("lab.")]
    used = _imported_modules()
    assert not {n: w for n, w in used.items() if n == "lab" or n.startswith("lab.")}


@pytest.mark.skipif(shutil.which("bash") is None, reason="no bash")
@pytest.mark.parametrize(
    "script",
    ["build.sh", "smoke.sh", "build-windows.sh", "wine_exe.sh", "package.sh", "install-linux.sh"],
)
def test_build_scripts_parse(script):
    assert subprocess.run(["bash", "-n", str(ROOT / "tools" / script)]).returncode == 0


def test_linux_launcher_names_the_program_and_the_icon():
    lines = (ASSETS / "spades.desktop").read_text(encoding="utf-8").splitlines()
    assert lines[0] == "[Desktop Entry]"
    entry = dict(line.split("=", 1) for line in lines[1:] if "=" in line)
    assert entry["Type"] == "Application" and entry["Name"] == "Spades"
    assert entry["Exec"] == "spades" and entry["Icon"] == "spades"  # install.sh rewrites Exec
    assert entry["Categories"].endswith(";") and "Game" in entry["Categories"].split(";")
