"""Refresh the dashboard's third-party JavaScript (src/engramdb/server/ui/vendor/) from npm.

The dashboard loads nothing from a CDN: Preact, its hooks, htm and Cytoscape.js are committed
as the ES modules their npm packages ship, each beside its licence, with the versions and
SHA-256 digests in ``VERSIONS.json``. A bare import (hooks import ``"preact"``) is rewritten to
the file next to it, so the page needs no import map (an inline script a strict
Content-Security-Policy would refuse). Run it only to upgrade (it needs npm and the registry):

    python scripts/vendor_ui.py
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import tarfile
import tempfile
from pathlib import Path

VENDOR = Path(__file__).resolve().parents[1] / "src" / "engramdb" / "server" / "ui" / "vendor"

#: package → (version, files to take: path in the package → name in vendor/)
PACKAGES: dict[str, tuple[str, dict[str, str]]] = {
    "preact": ("11.2.0", {"dist/preact.mjs": "preact.js", "hooks/dist/hooks.mjs": "hooks.js"}),
    "htm": ("3.1.1", {"dist/htm.mjs": "htm.js"}),
    "cytoscape": ("3.35.0", {"dist/cytoscape.esm.min.mjs": "cytoscape.js"}),
    # the API's /docs page, served from here instead of a CDN (works offline; no third-party
    # script on the dashboard's origin, where the key sits in session storage)
    "swagger-ui-dist": (
        "5.35.0",
        {
            "swagger-ui-bundle.js": "swagger/swagger-ui-bundle.js",
            "swagger-ui.css": "swagger/swagger-ui.css",
        },
    ),
}

#: bare specifiers → the vendored file that provides them
REWRITES = {'from"preact"': 'from"./preact.js"', "from 'preact'": "from './preact.js'"}


def main() -> None:
    VENDOR.mkdir(parents=True, exist_ok=True)
    (VENDOR / "licenses").mkdir(exist_ok=True)
    versions = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name, (version, files) in PACKAGES.items():
            out = subprocess.run(
                ["npm", "pack", f"{name}@{version}", "--silent"],
                cwd=tmp,
                check=True,
                capture_output=True,
                text=True,
            ).stdout.split()[-1]
            root = Path(tmp) / name
            with tarfile.open(Path(tmp) / out) as tar:
                tar.extractall(root, filter="data")
            pkg = root / "package"
            digests = {}
            for src, dest in files.items():
                text = (pkg / src).read_text(encoding="utf-8")
                for bare, local in REWRITES.items():
                    text = text.replace(bare, local)
                # source maps are not shipped: no reference to them either
                text = re.sub(r"\n?//# sourceMappingURL=\S+\s*$", "\n", text)
                text = re.sub(r"/\*# sourceMappingURL=[^*]+\*/\s*$", "\n", text)
                (VENDOR / dest).parent.mkdir(parents=True, exist_ok=True)
                (VENDOR / dest).write_text(text, encoding="utf-8")
                digests[dest] = hashlib.sha256(text.encode()).hexdigest()
            shutil.copy(pkg / "LICENSE", VENDOR / "licenses" / f"{name}.LICENSE")
            if (pkg / "NOTICE").exists():
                shutil.copy(pkg / "NOTICE", VENDOR / "licenses" / f"{name}.NOTICE")
            licence = json.loads((pkg / "package.json").read_text())["license"]
            versions[name] = {"version": version, "license": licence, "files": digests}
    (VENDOR / "VERSIONS.json").write_text(json.dumps(versions, indent=2) + "\n")
    print(json.dumps(versions, indent=2))


if __name__ == "__main__":
    main()
