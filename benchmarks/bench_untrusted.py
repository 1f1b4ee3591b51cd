"""What a crafted 64 KiB input costs, shape by shape (security finding 5).

Every shape of ``tests/untrusted_shapes.py`` goes through the turn path (``Memory.remember``)
and, per document kind, through parsing alone (``parse_document`` + ``chunk``) and through a
whole upload into a context that holds a small policy. The reference, in the same process, is a
real 64 KiB Markdown price list uploaded the same way: a crafted shape should cost no more than
an honest document of its size. Beside each upload's time, the time it held the context's lock
(what every other request to the context waits for: reading a document takes no lock).

    python benchmarks/bench_untrusted.py [--kinds md,html,txt,json,csv] [--top 10] [--no-turns]
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import sys

from _common import ROOT, Scratch, machine_info, now, print_table, write_json

sys.path.insert(0, str(ROOT / "tests"))

from bench_uploads import price_list  # noqa: E402

from engramdb import Memory, ValidationError  # noqa: E402
from engramdb.knowledge.documents import chunk, parse_document  # noqa: E402
from untrusted_shapes import (  # noqa: E402
    BUDGET,
    CSV_SHAPES,
    HTML_SHAPES,
    JSON_SHAPES,
    TEXT_SHAPES,
    shape,
)

KINDS = {
    "txt": TEXT_SHAPES,
    "md": TEXT_SHAPES,
    "html": {**TEXT_SHAPES, **HTML_SHAPES},
    "json": JSON_SHAPES,
    "csv": {**CSV_SHAPES, **{k: TEXT_SHAPES[k] for k in ("commas", "table_pipes")}},
}
POLICY = (
    "# Policy\n\nReturns are accepted within 30 days of delivery. The Acme Widget costs £5."
    " We are open from 9am to 5pm. Delivery takes 5 days.\n"
).encode()


class HeldLock:
    """The context's re-entrant lock, timing how long it is held (outermost hold only)."""

    def __init__(self, lock) -> None:
        self.lock, self.depth, self.since, self.held = lock, 0, 0.0, 0.0

    def __enter__(self):
        self.lock.acquire()
        self.depth += 1
        if self.depth == 1:
            self.since = now()
        return self

    def __exit__(self, *exc) -> None:
        self.depth -= 1
        if self.depth == 0:
            self.held += now() - self.since
        self.lock.release()

    def _is_owned(self) -> bool:  # (``OpenStore.db`` asks which connection this thread uses)
        return self.lock._is_owned()


def _held(mem: Memory, call) -> float:
    lock = mem._store.lock
    timer = mem._store.lock = HeldLock(lock)
    try:
        _time(call)
    finally:
        mem._store.lock = lock
    return timer.held


def _time(call) -> float:
    start = now()
    with contextlib.suppress(ValidationError):  # a refusal is an answer
        call()
    return now() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kinds", default=",".join(KINDS))
    ap.add_argument("--top", type=int, default=8)
    ap.add_argument("--no-turns", action="store_true")
    args = ap.parse_args()
    kinds = [k for k in args.kinds.split(",") if k]
    results: dict = {"machine": machine_info(), "paths": {}}
    rows, worst = [], []
    with Scratch("untrusted-") as scratch:
        with Memory.open(scratch.sub("ref"), embedder="hashing") as mem:
            real = price_list(64, 64)[:BUDGET]
            start = now()
            reference_held = _held(mem, lambda: mem.upload(real, scope="org/acme", name="p.md"))
            reference = now() - start
        results["reference_upload_s"] = reference
        results["reference_lock_held_s"] = reference_held
        paths: dict[str, dict[str, float]] = {}
        if not args.no_turns:
            with Memory.open(scratch.sub("turns"), embedder="hashing") as mem:
                mem.upload(POLICY, scope="org/acme", name="policy.md")
                turn_shapes = {**TEXT_SHAPES, **HTML_SHAPES}
                paths["remember"] = {
                    name: _time(
                        lambda t=shape(name): mem.remember(
                            t, scope="org/acme/user/b", session_id="s"
                        )
                    )
                    for name in turn_shapes
                }
        for kind in kinds:
            shapes = KINDS[kind]
            paths[f"parse.{kind}"] = {
                name: _time(
                    lambda d=shape(name).encode(), k=kind: chunk(
                        parse_document(d, name=f"attack.{k}")
                    )
                )
                for name in shapes
            }
            with Memory.open(scratch.sub(kind), embedder="hashing") as mem:
                mem.upload(POLICY, scope="org/acme", name="policy.md")
                upload: dict[str, float] = {}
                held: dict[str, float] = {}
                paths[f"upload.{kind}"], paths[f"lock held.{kind}"] = upload, held
                for name in shapes:
                    data = shape(name).encode()
                    start = now()
                    held[name] = _held(
                        mem,
                        lambda d=data, n=f"{name}.{kind}": mem.upload(d, scope="org/acme", name=n),
                    )
                    upload[name] = now() - start
    for path, times in paths.items():
        values = list(times.values())
        rows.append(
            [path, len(values), statistics.median(values), max(values), max(values) / reference]
        )
        worst += [(t, path, name) for name, t in times.items()]
        results["paths"][path] = times
    print_table(
        f"crafted 64 KiB shapes (seconds; reference: a real 64 KiB price list upload "
        f"{reference:.2f} s, holding the lock {reference_held:.2f} s)",
        ["path", "shapes", "median", "max", "max / reference"],
        rows,
    )
    print_table(
        "slowest shapes",
        ["seconds", "path", "shape"],
        [[t, p, n] for t, p, n in sorted(worst, reverse=True)[: args.top]],
    )
    write_json("bench_untrusted", results)


if __name__ == "__main__":
    main()
