"""Memory with an LLM configured (a local OpenAI-compatible server serving fixed answers): what
stage 1 adds reaches the reconciler; a failing model never fails the write and shows."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from test_llm_extraction import (  # noqa: E402
    Handler,
    _reset,  # noqa: F401 - the autouse fixture that clears the script
    answer,
    base_url,  # noqa: F401 - the server fixture
    chat,
    claim,
    script,
)

from engramdb import Memory  # noqa: E402
from engramdb.knowledge.extract.llm import LLMConfig  # noqa: E402

ORG = "org/acme"
BOB = "org/acme/user/bob"


def test_stage1_claim_meets_the_policy_and_opens_the_conflict(tmp_path, base_url):  # noqa: F811
    with Memory.open(tmp_path / "s", llm=LLMConfig(base_url=base_url, model="fast")) as mem:
        # documents are read by stage 0 only: the model is not called for them
        mem.upload(b"Returns are accepted within 30 days of delivery.", name="r.md", scope=ORG)
        # a phrasing stage 0 reads no claim from; the model reads it
        text = "Pretty sure I can send stuff back for two whole months with you lot."
        script(
            chat(
                answer(
                    [
                        claim(
                            "you",
                            "return_window",
                            "60 days",
                            subject_type="organisation",
                            confidence=0.8,
                        )
                    ]
                )
            )
        )
        r = mem.remember(text, scope=BOB)
        assert not r.errors
        assert r.conflicts and "60 days" in [f.value for f in r.facts]
        sent = Handler.log[-1]["body"]
        assert sent["model"] == "fast" and text in sent["messages"][-1]["content"]
        assert mem.state(lens=BOB)["conflicts"][0]["applies"]["value"] == "30 days"


def test_a_failing_model_is_visible_and_the_write_stands(tmp_path, base_url):  # noqa: F811
    config = LLMConfig(base_url=base_url, model="fast", timeout_s=2.0)
    with Memory.open(tmp_path / "s", llm=config) as mem:
        script(chat("this is not json at all"))
        r = mem.remember("I live in Berlin.", scope=BOB)
        assert r.errors and "not JSON" in r.errors[0]
        assert [f.value for f in r.facts] == ["Berlin"]  # stage 0 still ran
        unknowns = mem.state(lens=BOB)["unknowns"]
        assert any(u["about"] == "extraction" for u in unknowns)
