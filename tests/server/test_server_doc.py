"""docs/server.md's session, run as written against a real `engramdb serve` on a free port."""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.processes

DOC = Path(__file__).resolve().parents[2] / "docs" / "server.md"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.skipif(shutil.which("curl") is None, reason="needs curl")
def test_the_documented_session_runs(tmp_path):
    block = re.search(r"<!-- tested: server-session -->\s*```bash\n(.*?)```", DOC.read_text(), re.S)
    assert block
    env = {
        **os.environ,
        "PORT": str(_free_port()),
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
    }
    r = subprocess.run(
        ["bash", "-c", block.group(1)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0, r.stdout + r.stderr + (tmp_path / "serve.log").read_text()
    assert '"name":"shop"' in r.stdout
    assert "acme return_window" in r.stdout
    assert "## Open conflicts" in r.stdout and "30 days" in r.stdout
    assert "ADD" in r.stdout and r.stdout.rstrip().endswith("I adopted a beagle named Rolo")
