"""Texts the quantizer is calibrated on when a store is created.

Varied everyday sentences of the kinds an agent remembers (chat turns, facts, plans, documents,
instructions), written for EngramDB. They only shape the per-dimension int8 scales; rescoring with
float16 vectors makes ranking insensitive to the exact choice.
"""

from __future__ import annotations

from importlib import resources

__all__ = ["calibration_texts"]


def calibration_texts() -> list[str]:
    text = resources.files(__package__).joinpath("calibration.txt").read_text("utf-8")
    return [line.strip() for line in text.splitlines() if line.strip()]
