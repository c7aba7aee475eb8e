"""The in-tree PEP 517 backend of the gamebench package (standard library only).

`pip install ./python` calls build_wheel here: it builds the C library from the Swift
package in the repository root (the parent of python/) with

    swift build -c release --product GameBenchC [GAMEBENCH_SWIFT_FLAGS...]

finds libGameBenchC.so through `swift build -c release --show-bin-path`, and writes a
wheel holding gamebench/*.py and the library, tagged py3-none-<platform>. A failed
Swift build fails the install with a one-line message (the compiler's output is above it).

build_editable (PEP 660) builds the library the same way and installs a .pth file that
puts python/ on sys.path; the package then loads the library from the repository's
release build folder (or GAMEBENCH_LIBRARY).

No sdist: the package is built from the whole repository (the Swift sources live outside
python/), so build_sdist refuses with a message saying so.
"""

import base64
import hashlib
import io
import os
import re
import shlex
import subprocess
import sys
import sysconfig
import zipfile

NAME = "gamebench"
HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))   # python/
REPO = os.path.dirname(HERE)                                          # the repository root
PACKAGE_DIR = os.path.join(HERE, NAME)
LIBRARY_NAMES = ("libGameBenchC.so", "libGameBenchC.dylib")
ZIP_DATE = (1980, 1, 1, 0, 0, 0)


class BuildError(SystemExit):
    """Stops the build with one line on stderr (SystemExit: no traceback from pip's hook runner)."""

    def __init__(self, message):
        super().__init__("gamebench build: " + message)


# ------------------------------------------------------------------------ metadata

def _version():
    path = os.path.join(PACKAGE_DIR, "_version.py")
    with open(path, encoding="utf-8") as f:
        m = re.search(r'^__version__\s*=\s*"([^"]+)"', f.read(), re.M)
    if not m:
        raise BuildError("no __version__ = \"...\" line in %s" % path)
    return m.group(1)


def _dist_info():
    return "%s-%s.dist-info" % (NAME, _version())


def _metadata():
    readme = ""
    path = os.path.join(HERE, "README.md")
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            readme = f.read()
    lines = [
        "Metadata-Version: 2.1",
        "Name: %s" % NAME,
        "Version: %s" % _version(),
        "Summary: The game-AI workbench's engines and agents in process (ctypes over libGameBenchC)",
        "Requires-Python: >=3.8",
        "Provides-Extra: numpy",
        'Requires-Dist: numpy; extra == "numpy"',
        "Description-Content-Type: text/markdown",
        "",
        readme,
    ]
    return "\n".join(lines)


def _tag():
    platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return "py3-none-%s" % platform


def _wheel_file():
    return "\n".join([
        "Wheel-Version: 1.0",
        "Generator: gamebench_backend",
        "Root-Is-Purelib: false",
        "Tag: %s" % _tag(),
        "",
    ])


# --------------------------------------------------------------------------- swift

def _swift_command(*extra):
    flags = shlex.split(os.environ.get("GAMEBENCH_SWIFT_FLAGS", ""))
    return ["swift", "build", "-c", "release", *extra, *flags]


def _run_swift(command, capture):
    if not os.path.exists(os.path.join(REPO, "Package.swift")):
        raise BuildError("no Package.swift in %s: build from the repository (pip install ./python in a checkout)"
                         % REPO)
    shown = " ".join(shlex.quote(c) for c in command)
    try:
        stderr_fd = sys.stderr.fileno()
    except (AttributeError, OSError, ValueError):
        stderr_fd = None
    try:
        # The compiler's output goes to stderr, where pip shows it when the build fails.
        result = subprocess.run(command, cwd=REPO, stdout=subprocess.PIPE if capture else stderr_fd,
                                stderr=stderr_fd, universal_newlines=True)
    except FileNotFoundError:
        raise BuildError("`swift` not found on PATH: the Swift toolchain is needed to build libGameBenchC") from None
    except OSError as e:
        raise BuildError("cannot run `%s`: %s" % (shown, e)) from None
    if result.returncode != 0:
        raise BuildError("`%s` failed (exit status %d) in %s; its output is above"
                         % (shown, result.returncode, REPO))
    return result.stdout if capture else None


def _build_library():
    """Builds libGameBenchC in release and returns its path."""
    sys.stderr.write("gamebench build: building libGameBenchC (swift build -c release) in %s\n" % REPO)
    sys.stderr.flush()
    _run_swift(_swift_command("--product", "GameBenchC"), capture=False)
    bin_path = _run_swift(_swift_command("--show-bin-path"), capture=True).strip().splitlines()
    if not bin_path:
        raise BuildError("`swift build -c release --show-bin-path` printed no path")
    folder = bin_path[-1].strip()
    for name in LIBRARY_NAMES:
        candidate = os.path.join(folder, name)
        if os.path.isfile(candidate):
            return candidate
    raise BuildError("the Swift build succeeded but %s holds no %s" % (folder, " or ".join(LIBRARY_NAMES)))


# --------------------------------------------------------------------------- wheel

def _record_line(arcname, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode("ascii")
    return "%s,sha256=%s,%d" % (arcname, digest, len(data))


def _write_wheel(wheel_directory, files):
    """Writes the wheel of `files` (arcname -> (bytes, mode)) plus its dist-info; returns its file name."""
    dist_info = _dist_info()
    files = dict(files)
    files["%s/METADATA" % dist_info] = (_metadata().encode("utf-8"), 0o644)
    files["%s/WHEEL" % dist_info] = (_wheel_file().encode("utf-8"), 0o644)
    record_name = "%s/RECORD" % dist_info
    record = [_record_line(name, data) for name, (data, _) in files.items()]
    record.append("%s,," % record_name)
    files[record_name] = (("\n".join(record) + "\n").encode("utf-8"), 0o644)

    filename = "%s-%s-%s.whl" % (NAME, _version(), _tag())
    os.makedirs(wheel_directory, exist_ok=True)
    target = os.path.join(wheel_directory, filename)
    partial = target + ".part"
    with zipfile.ZipFile(partial, "w", compression=zipfile.ZIP_DEFLATED) as z:
        for name, (data, mode) in files.items():
            info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            info.external_attr = (0o100000 | mode) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)
    os.replace(partial, target)
    return filename


def _package_files():
    files = {}
    for name in sorted(os.listdir(PACKAGE_DIR)):
        if name.endswith(".py"):
            with open(os.path.join(PACKAGE_DIR, name), "rb") as f:
                files["%s/%s" % (NAME, name)] = (f.read(), 0o644)
    if not files:
        raise BuildError("no Python files in %s" % PACKAGE_DIR)
    return files


def _read(path):
    with open(path, "rb") as f:
        return f.read()


# ------------------------------------------------------------------------ PEP 517

def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_editable(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    dist_info = _dist_info()
    folder = os.path.join(metadata_directory, dist_info)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "METADATA"), "w", encoding="utf-8") as f:
        f.write(_metadata())
    with open(os.path.join(folder, "WHEEL"), "w", encoding="utf-8") as f:
        f.write(_wheel_file())
    return dist_info


prepare_metadata_for_build_editable = prepare_metadata_for_build_wheel


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    library = _build_library()
    files = _package_files()
    files["%s/%s" % (NAME, os.path.basename(library))] = (_read(library), 0o755)
    return _write_wheel(wheel_directory, files)


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    _build_library()
    pth = (HERE + "\n").encode("utf-8")
    return _write_wheel(wheel_directory, {"_gamebench_editable.pth": (pth, 0o644)})


def build_sdist(sdist_directory, config_settings=None):
    raise BuildError("no sdist: gamebench is built from the whole repository (the Swift package around python/); "
                     "install it with `pip install ./python` from a checkout")
