"""Embedder throughput and single-query latency: the default static model and the hashing one.

    python benchmarks/bench_embed.py            # 20k short texts, median of 3 runs
    python benchmarks/bench_embed.py --quick    # 4k texts

Texts are synthetic chat-like sentences of 6-14 words (~75 characters, each ending in a unique
"#N" token), plus a "medium" set of 4 such sentences joined (~300 characters). Throughput is one
``embed()`` call over the whole list (the embedder batches internally), median of 3 runs after
a warm-up run. Single-query latency is ``embed([text])`` on 300 distinct texts. For the static
model, the share of the time spent in the tokenizer is measured in the same process.
The hashing embedder memoises feature hashes, so it is measured both cold (a fresh instance per
run) and warm (the same instance, same texts again).
"""

from __future__ import annotations

import argparse
import sys

from _common import machine_info, median, now, pct, print_table, short_texts, write_json

from engramdb.embed import HashingEmbedder, StaticEmbedder


def throughput(fn, texts, reps=3) -> dict:
    fn(texts)  # warm-up
    ts = []
    for _ in range(reps):
        t = now()
        fn(texts)
        ts.append(now() - t)
    return {"texts": len(texts), "runs_s": ts, "texts_per_s_median": len(texts) / median(ts)}


def single(emb, texts) -> dict:
    for t in texts[:20]:
        emb.embed([t])
    ts = []
    for t in texts:
        s = now()
        emb.embed([t])
        ts.append(now() - s)
    return {
        "queries": len(texts),
        "latency_ms_median": median(ts) * 1e3,
        "latency_ms_p95": pct(ts, 95) * 1e3,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    n = 4_000 if args.quick else 20_000
    info = machine_info()
    print(
        f"bench_embed ({'quick' if args.quick else 'full'}) {info['date_utc']} UTC, "
        f"{info['cores']} cores, {info['cpu']}, load {info['loadavg_1m']:.2f}"
    )
    short = short_texts(n, seed=21)
    medium = [" ".join(short_texts(4, seed=1000 + i)) for i in range(n // 4)]
    queries = short_texts(300, seed=99)
    res: dict = {
        "machine": info,
        "quick": args.quick,
        "short_chars_mean": sum(map(len, short)) / n,
        "medium_chars_mean": sum(map(len, medium)) / len(medium),
    }
    print(
        f"texts: {n:,} short (mean {res['short_chars_mean']:.0f} chars), {len(medium):,} "
        f"medium (mean {res['medium_chars_mean']:.0f} chars)"
    )

    t = now()
    static = StaticEmbedder()
    res["static_load_s"] = now() - t
    res["static_model"] = static.model_id
    s_short = throughput(static.embed, short)
    s_med = throughput(static.embed, medium)
    s_single = single(static, queries)
    tok = None
    model = getattr(static, "_model", None)
    if model is not None and hasattr(model, "tokenize"):
        # tokenizer alone vs the whole embed(), alternated so both see the same machine
        t_tok, t_emb = [], []
        for _ in range(5):
            t = now()
            model.tokenize(short)
            t_tok.append(now() - t)
            t = now()
            static.embed(short)
            t_emb.append(now() - t)
        tok = {
            "texts": n,
            "tokenize_s_median": median(t_tok),
            "embed_s_median": median(t_emb),
            "texts_per_s_median": n / median(t_tok),
            "share_of_embed": median(t_tok) / median(t_emb),
        }
    res["static"] = {"short": s_short, "medium": s_med, "single": s_single, "tokenizer_only": tok}
    print(
        f"static: {s_short['texts_per_s_median']:,.0f} short texts/s, "
        f"{s_med['texts_per_s_median']:,.0f} medium texts/s, single "
        f"{s_single['latency_ms_median']:.3f} ms",
        flush=True,
    )

    hashing = HashingEmbedder()
    res["hashing_model"] = hashing.model_id
    h_cold_runs = []
    for _ in range(3):
        e = HashingEmbedder()
        t = now()
        e.embed(short)
        h_cold_runs.append(now() - t)
    h_warm = throughput(hashing.embed, short)
    h_med = throughput(hashing.embed, medium)
    h_single = single(hashing, queries)
    res["hashing"] = {
        "short_cold": {
            "texts": n,
            "runs_s": h_cold_runs,
            "texts_per_s_median": n / median(h_cold_runs),
        },
        "short_warm": h_warm,
        "medium_warm": h_med,
        "single": h_single,
    }
    print(
        f"hashing: {res['hashing']['short_cold']['texts_per_s_median']:,.0f} short texts/s cold,"
        f" {h_warm['texts_per_s_median']:,.0f} warm",
        flush=True,
    )

    rows = [
        [
            "static (default), short",
            s_short["texts_per_s_median"],
            s_single["latency_ms_median"],
            s_single["latency_ms_p95"],
        ],
        ["static (default), medium", s_med["texts_per_s_median"], "", ""],
        [
            "hashing, short, cold cache",
            res["hashing"]["short_cold"]["texts_per_s_median"],
            h_single["latency_ms_median"],
            h_single["latency_ms_p95"],
        ],
        ["hashing, short, warm cache", h_warm["texts_per_s_median"], "", ""],
        ["hashing, medium, warm cache", h_med["texts_per_s_median"], "", ""],
    ]
    print_table(
        f"Embedding throughput (median of 3, {n:,} short / {len(medium):,} medium texts)"
        f" and single-text latency (300 texts)",
        ["embedder, texts", "texts/s", "1 text median ms", "1 text p95 ms"],
        rows,
    )
    if tok:
        print(
            f"static model: the tokenizer alone runs at {tok['texts_per_s_median']:,.0f} "
            f"texts/s, i.e. {tok['share_of_embed'] * 100:.0f}% of embed() time; the rest is "
            f"the embedding lookup, mean and normalisation."
        )
    print(f"static model load: {res['static_load_s']:.2f} s")
    target = 20_000
    met = s_short["texts_per_s_median"] >= target
    res["target"] = {
        "texts_per_s": target,
        "met": met,
        "static_over_target": s_short["texts_per_s_median"] / target,
    }
    print(
        f"Target: default embedder >= {target:,} short texts/s: "
        f"{s_short['texts_per_s_median']:,.0f} -> {'MET' if met else 'NOT met'}"
    )
    out = write_json("bench_embed", res)
    print(f"JSON: {out}")


if __name__ == "__main__":
    sys.exit(main())
