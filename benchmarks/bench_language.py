"""The language layer's costs: the English parser and the contextual encoder, against the static
embedder in the same run.

    python benchmarks/bench_language.py [--texts 300]

Load time is a fresh process each (import and load, median of 3). Per-text time is the median
over distinct short chat-like texts after a warm-up, one call a text (as a turn is read).
"""

from __future__ import annotations

import argparse
import subprocess
import sys

from _common import machine_info, median, now, print_table, short_texts, write_json

_LOAD = {
    "parser": "from engramdb.language import parse; parse('warm')",
    "contextual": "from engramdb.embed.contextual import ContextualEncoder as C; C().embed(['w'])",
    "static": "from engramdb.embed.static import StaticEmbedder as S; S().embed(['w'])",
}


def load_s(what: str) -> float:
    ts = []
    for _ in range(3):
        t = now()
        subprocess.run([sys.executable, "-c", _LOAD[what]], check=True)
        ts.append(now() - t)
    return median(ts)


def per_text_ms(fn, texts: list[str]) -> float:
    for t in texts[:20]:
        fn(t)
    ts = []
    for t in texts:
        s = now()
        fn(t)
        ts.append((now() - s) * 1e3)
    return median(ts)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--texts", type=int, default=300)
    args = ap.parse_args()
    from engramdb.embed.contextual import ContextualEncoder
    from engramdb.embed.static import StaticEmbedder
    from engramdb.language import parse

    texts = short_texts(args.texts)
    enc, static = ContextualEncoder(), StaticEmbedder()
    rows = {
        "parser": (load_s("parser"), per_text_ms(parse, texts)),
        "contextual": (load_s("contextual"), per_text_ms(lambda t: enc.embed([t]), texts)),
        "static": (load_s("static"), per_text_ms(lambda t: static.embed([t]), texts)),
    }
    base = rows["static"][1]
    print_table(
        "Language layer: a process's load (s) and a short text (ms, median)",
        ["part", "load s", "per text ms", "x static"],
        [[k, v[0], v[1], v[1] / base] for k, v in rows.items()],
    )
    write_json(
        "bench_language",
        {
            "machine": machine_info(),
            "texts": args.texts,
            "results": {k: {"load_s": v[0], "per_text_ms": v[1]} for k, v in rows.items()},
        },
    )


if __name__ == "__main__":
    main()
