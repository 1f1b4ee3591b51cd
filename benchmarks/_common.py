"""Shared helpers for the benchmark scripts (not part of the package, not part of the tests).

Every script imports this module from its own directory (``python benchmarks/NAME.py`` puts
``benchmarks/`` first on ``sys.path``), so the helpers stay out of ``engramdb``.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import json
import os
import platform
import shutil
import statistics
import sys
import tempfile
import time
import zlib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

BENCH_DIR = Path(__file__).resolve().parent
RESULTS_DIR = BENCH_DIR / "results"
SCRATCH_ROOT = BENCH_DIR / ".scratch"
ROOT = BENCH_DIR.parent
sys.path.insert(0, str(ROOT / "src"))  # run from a checkout without installing

DIM = 256


# --------------------------------------------------------------------------- timing
def now() -> float:
    return time.perf_counter()


def median(xs: Sequence[float]) -> float:
    return float(statistics.median(xs))


def pct(xs: Sequence[float], p: float) -> float:
    return float(np.percentile(np.asarray(xs, dtype=np.float64), p))


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    t = now()
    out = fn()
    return now() - t, out


# --------------------------------------------------------------------------- scratch space
class Scratch:
    """A directory on the real disk (not tmpfs), deleted on exit."""

    def __init__(self, prefix: str):
        SCRATCH_ROOT.mkdir(parents=True, exist_ok=True)
        self.path = Path(tempfile.mkdtemp(prefix=prefix, dir=SCRATCH_ROOT))

    def sub(self, name: str) -> Path:
        return self.path / name

    def __enter__(self) -> Scratch:
        return self

    def __exit__(self, *exc: object) -> None:
        shutil.rmtree(self.path, ignore_errors=True)
        with contextlib.suppress(OSError):
            SCRATCH_ROOT.rmdir()  # only if empty: another script may be running


def filesystem_of(path: Path) -> dict[str, str]:
    """Device, mount point and type of the filesystem holding ``path`` (from /proc/mounts)."""
    path = path.resolve()
    best = ("", "", "")
    try:
        with open("/proc/mounts") as fh:
            for line in fh:
                dev, mnt, fstype, *_ = line.split()
                if (str(path) == mnt or str(path).startswith(mnt.rstrip("/") + "/")) and len(
                    mnt
                ) >= len(best[1]):
                    best = (dev, mnt, fstype)
    except OSError:
        pass
    return {"device": best[0], "mount": best[1], "fstype": best[2]}


def file_bytes(p: Path) -> tuple[int, int]:
    """(apparent size, allocated bytes from st_blocks) of one file."""
    st = p.stat()
    return st.st_size, st.st_blocks * 512


# --------------------------------------------------------------------------- physical bounds
def measure_fdatasync(directory: Path, reps: int = 60, big_mib: int = 4, big_reps: int = 8):
    """Cost of an append + fdatasync of 4 KiB (latency) and of ``big_mib`` MiB (throughput)."""
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / "fsync-probe.bin"
    small = os.urandom(4096)
    big = os.urandom(big_mib << 20)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    try:
        os.write(fd, small)
        os.fsync(fd)
        lat = []
        for _ in range(reps):
            t = now()
            os.write(fd, small)
            os.fdatasync(fd)
            lat.append(now() - t)
        bigs = []
        for _ in range(big_reps):
            t = now()
            os.write(fd, big)
            os.fdatasync(fd)
            bigs.append(now() - t)
    finally:
        os.close(fd)
        path.unlink(missing_ok=True)
    big_s = median(bigs)
    return {
        "fdatasync_4k_ms_median": median(lat) * 1e3,
        "fdatasync_4k_ms_p95": pct(lat, 95) * 1e3,
        f"write_fdatasync_{big_mib}mib_ms_median": big_s * 1e3,
        "sync_write_mb_per_s": (big_mib << 20) / big_s / 1e6,
    }


def measure_bandwidth(mib: int = 1024, reps: int = 5) -> dict[str, float]:
    """Memory read bandwidth over an array much larger than the caches, in GB/s: numpy sums
    (float32 and int64; numpy's float32 sum is partly compute-bound) and a compiled streaming
    int64 sum (numba) in one and in two threads. ``best_1t`` / ``best_2t`` are the bounds the
    scans are compared with."""
    from concurrent.futures import ThreadPoolExecutor

    import numba

    @numba.njit(nogil=True, fastmath=True, cache=False)
    def stream(a):  # pragma: no cover - compiled
        acc = np.int64(0)
        for i in range(a.shape[0]):
            acc += a[i]
        return acc

    f = np.ones((mib << 20) // 4, dtype=np.float32)
    i64 = f.view(np.int64)
    halves = np.array_split(i64, 2)
    stream(i64[:16])

    def rate(fn) -> float:
        fn()
        ts = []
        for _ in range(reps):
            t = now()
            fn()
            ts.append(now() - t)
        return f.nbytes / median(ts) / 1e9

    with ThreadPoolExecutor(2) as pool:
        out = {
            "array_mib": mib,
            "numpy_sum_f32_1t": rate(f.sum),
            "numpy_sum_i64_1t": rate(i64.sum),
            "numba_stream_1t": rate(lambda: stream(i64)),
            "numba_stream_2t": rate(lambda: list(pool.map(stream, halves))),
        }
    out["best_1t"] = max(out["numpy_sum_f32_1t"], out["numpy_sum_i64_1t"], out["numba_stream_1t"])
    out["best_2t"] = max(out["best_1t"], out["numba_stream_2t"])
    return out


_SPIN = None
_SPIN_POOL = None


def core_scaling(reps: int = 5, work: int = 10_000_000) -> dict[str, float]:
    """How much of the second core this process gets right now: a pure-compute job run once,
    then twice at the same time in two threads (2.0 = two full cores, 1.0 = one)."""
    global _SPIN, _SPIN_POOL
    if _SPIN is None:
        from concurrent.futures import ThreadPoolExecutor

        import numba

        @numba.njit(nogil=True, cache=False)
        def spin(n):  # pragma: no cover - compiled
            x = 0.0
            for _ in range(n):
                x = x * 0.999999 + 1.0
            return x

        spin(10)
        _SPIN = spin
        _SPIN_POOL = ThreadPoolExecutor(2, "core-scaling")
    spin, pool = _SPIN, _SPIN_POOL
    list(pool.map(spin, [1000, 1000]))  # both workers exist and are awake
    ratios = []
    for _ in range(reps):
        t = now()
        spin(work)
        t1 = now() - t
        t = now()
        list(pool.map(spin, [work, work]))
        t2 = now() - t
        ratios.append(2 * t1 / t2)
    return {
        "scaling_median": median(ratios),
        "scaling_min": min(ratios),
        "scaling_max": max(ratios),
    }


# --------------------------------------------------------------------------- data
def clustered_vectors(
    n: int,
    dim: int = DIM,
    *,
    centres: int = 2000,
    noise: float = 0.75,
    seed: int = 0,
    centre_seed: int = 12345,
    chunk: int = 262_144,
) -> np.ndarray:
    """Unit float32 vectors around ``centres`` random unit centres: x = c + noise * g,
    g ~ N(0, I/dim), then L2-normalised (cosine to its centre ~0.8 for noise 0.75, to another
    member of its cluster ~0.64). The centres depend only on ``centre_seed``, so queries drawn
    with another ``seed`` come from the same distribution."""
    crng = np.random.default_rng(centre_seed)
    c = crng.standard_normal((centres, dim), dtype=np.float32)
    c /= np.linalg.norm(c, axis=1, keepdims=True)
    rng = np.random.default_rng(seed)
    out = np.empty((n, dim), dtype=np.float32)
    scale = np.float32(noise / np.sqrt(dim))
    for s in range(0, n, chunk):
        e = min(n, s + chunk)
        lab = rng.integers(0, centres, e - s)
        x = rng.standard_normal((e - s, dim), dtype=np.float32)
        x *= scale
        x += c[lab]
        x /= np.linalg.norm(x, axis=1, keepdims=True)
        out[s:e] = x
    return out


class ClusteredSampleEmbedder:
    """An embedder for benchmark stores fed with precomputed clustered vectors: a text maps
    (deterministically, by its CRC-32) to a draw from the same distribution. The engine only
    calls it once, to calibrate the int8 quantizer on its calibration texts, which is exactly
    what a real deployment does with its real model."""

    def __init__(self, dim: int = DIM, noise: float = 0.75):
        self._dim = dim
        self._noise = noise

    @property
    def model_id(self) -> str:
        return f"bench/clustered-{self._dim}-n{self._noise}@1"

    @property
    def dim(self) -> int:
        return self._dim

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        rows = [
            clustered_vectors(1, self._dim, noise=self._noise, seed=zlib.crc32(t.encode()))[0]
            for t in texts
        ]
        return np.asarray(rows, dtype=np.float32).reshape(len(rows), self._dim)


_VOCAB = (
    "the user said they prefer tea coffee meeting tomorrow morning project deadline friday "
    "berlin paris trip hotel booking dentist appointment sister wedding june birthday gift "
    "report revenue quarter budget team review design document policy refund order shipping "
    "password account email phone call reminder dinner restaurant vegetarian allergy "
    "peanuts running marathon training week plan book novel chapter movie weekend garden "
    "puppy vet"
)
_WORDS = _VOCAB.split()


def short_texts(n: int, seed: int = 7) -> list[str]:
    """``n`` distinct short chat-like texts (6-14 words, ~75 characters)."""
    rng = np.random.default_rng(seed)
    lens = rng.integers(6, 15, n)
    picks = rng.integers(0, len(_WORDS), int(lens.sum()))
    out = []
    pos = 0
    for i, k in enumerate(lens.tolist()):
        words = [_WORDS[j] for j in picks[pos : pos + k].tolist()]
        pos += k
        out.append(f"{' '.join(words)} #{i}")
    return out


# --------------------------------------------------------------------------- reporting
def machine_info() -> dict[str, Any]:
    cpu = ""
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    mem_gb = None
    try:
        with open("/proc/meminfo") as fh:
            mem_gb = round(int(fh.readline().split()[1]) / 1024 / 1024, 1)
    except (OSError, ValueError, IndexError):
        pass
    import numba

    info: dict[str, Any] = {
        "date_utc": _dt.datetime.now(_dt.UTC).strftime("%Y-%m-%d %H:%M"),
        "cpu": cpu,
        "cores": os.cpu_count(),
        "mem_gb": mem_gb,
        "python": platform.python_version(),
        "numpy": np.__version__,
        "numba": numba.__version__,
        "loadavg_1m": os.getloadavg()[0],
    }
    try:
        import faiss

        info["faiss"] = faiss.__version__
    except ImportError:
        info["faiss"] = None
    return info


def print_table(title: str, header: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
    def fmt(x: Any) -> str:
        if isinstance(x, float):
            if x == 0:
                return "0"
            if abs(x) >= 1000:
                return f"{x:,.0f}"
            if abs(x) >= 100:
                return f"{x:.0f}"
            if abs(x) >= 10:
                return f"{x:.1f}"
            if abs(x) >= 1:
                return f"{x:.2f}"
            return f"{x:.3f}"
        if isinstance(x, int) and not isinstance(x, bool):
            return f"{x:,}"
        return str(x)

    cells = [[fmt(x) for x in r] for r in rows]
    widths = [
        max(len(h), *(len(r[i]) for r in cells)) if cells else len(h) for i, h in enumerate(header)
    ]
    print(f"\n{title}")
    print("  ".join(h.ljust(w) for h, w in zip(header, widths, strict=False)))
    print("  ".join("-" * w for w in widths))
    for r in cells:
        print(
            "  ".join(
                c.rjust(w) if i else c.ljust(w)
                for i, (c, w) in enumerate(zip(r, widths, strict=False))
            )
        )
    sys.stdout.flush()


def write_json(name: str, payload: dict[str, Any]) -> Path:
    RESULTS_DIR.mkdir(parents=True, exist_ok=True)
    path = RESULTS_DIR / f"{name}.json"
    path.write_text(json.dumps(payload, indent=2, default=_json_default) + "\n")
    return path


def _json_default(o: Any) -> Any:
    if isinstance(o, np.generic):
        return o.item()
    if isinstance(o, np.ndarray):
        return o.tolist()
    if isinstance(o, Path):
        return str(o)
    raise TypeError(type(o).__name__)


# --------------------------------------------------------------------------- BLAS threads
def _numpy_openblas():
    """numpy's bundled OpenBLAS as a ctypes library (found in /proc/self/maps), or None."""
    import ctypes

    np.ones(4) @ np.ones(4)  # make sure BLAS is loaded
    try:
        with open("/proc/self/maps") as fh:
            paths = {ln.split()[-1] for ln in fh if "openblas" in ln and "numpy" in ln}
    except OSError:
        return None
    for p in sorted(paths):
        try:
            return ctypes.CDLL(p)
        except OSError:
            continue
    return None


def set_blas_threads(n: int) -> bool:
    """Set numpy's OpenBLAS thread count at run time (what threadpoolctl does); False if the
    library or its symbol is not found."""
    import ctypes

    lib = _numpy_openblas()
    if lib is None:
        return False
    for name in (
        "scipy_openblas_set_num_threads64_",
        "openblas_set_num_threads64_",
        "openblas_set_num_threads",
    ):
        fn = getattr(lib, name, None)
        if fn is not None:
            fn.argtypes = [ctypes.c_int]
            fn(int(n))
            return True
    return False
