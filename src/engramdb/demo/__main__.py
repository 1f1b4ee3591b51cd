"""``python -m engramdb.demo [--path DIR]``: run the demo in a fresh store."""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from rich.console import Console
from rich.markup import escape

from engramdb.demo import run
from engramdb.errors import EngramDBError


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engramdb.demo", description=__doc__)
    parser.add_argument(
        "--path",
        type=Path,
        help="an empty or new directory to keep the store in (default: a temporary one, "
        "deleted afterwards)",
    )
    args = parser.parse_args(argv)
    err = Console(stderr=True)
    try:
        if args.path is None:
            with tempfile.TemporaryDirectory(prefix="engramdb-demo-") as tmp:
                run(Path(tmp) / "store")
            return 0
        if args.path.exists() and any(args.path.iterdir()):
            msg = f"{args.path} is not empty; the demo needs a new store"
            err.print(f"[red]error:[/red] {escape(msg)}")
            return 2
        run(args.path)
        print(f"\nThe store is kept in {args.path}; try: engramdb -p {args.path} stats")
    except EngramDBError as exc:
        err.print(f"[red]error:[/red] {escape(str(exc))}", highlight=False)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
