import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MAP = ROOT.parent / "shared" / "maps" / "provinces-of-japan.svg"

needs_map = pytest.mark.skipif(not MAP.exists(), reason=f"the map {MAP} is not beside the repository")


@pytest.fixture
def project(tmp_path, monkeypatch):
    """A copy of data/ and layouts/ in a temporary working folder, map via KIT_MAP."""
    shutil.copytree(ROOT / "data", tmp_path / "data")
    shutil.copytree(ROOT / "layouts", tmp_path / "layouts")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("KIT_MAP", str(MAP))
    return tmp_path
