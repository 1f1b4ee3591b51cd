"""A speaker's update of their own earlier statement, matched by topic (``own_updates``), and
contact details in a user's turn (``contacts.with_speaker_contacts``), through a real store."""

from __future__ import annotations

import pytest

from engramdb import Memory

SCOPE = "org/acme/user/sam"


@pytest.fixture
def mem(tmp_path):
    with Memory.open(tmp_path / "m", embedder="hashing") as m:
        yield m


def _say(mem, *turns, scope=SCOPE):
    out = None
    for i, text in enumerate(turns):
        out = mem.remember(
            text, scope=scope, session_id="s1", observed_at=f"2026-03-0{1 + i}T10:00:00Z"
        )
    return out


def _live(mem, scope=SCOPE):
    return {f.value for f in mem.facts(lens=scope) if f.scope == scope}


def test_an_ending_in_other_words_closes_the_earlier_statement(mem):
    first = _say(mem, "I smoke about ten a day.")
    old = {f.value for f in first.facts}
    assert old
    r = _say(mem, "I've stopped smoking completely — I'm not a smoker any more.")
    closed = {c["closed"] for c in r.corrections if c["action"] == "close"}
    assert closed == {f.id for f in first.facts}
    assert not old & _live(mem)


def test_a_change_supersedes_the_value_of_the_same_topic(mem):
    first = _say(mem, "My usual delivery slot is Thursday evening.")
    r = _say(mem, "I've switched my regular slot to Saturday mornings now.")
    assert any(d["action"] == "supersede" for d in r.decisions)
    assert {c["closed"] for c in r.corrections} == {f.id for f in first.facts}


def test_a_name_is_whose_value_not_which(mem):
    # "Tom is now 3" says Tom's age; it does not replace the cats' names
    _say(mem, "I have two cats, Tom and Jerry.")
    before = _live(mem)
    assert "Tom" in before
    _say(mem, "I have two cats, Tom and Jerry.", "Tom is now 3 years old.")
    assert "Tom" in _live(mem)


def test_a_new_value_replaces_only_a_value_of_its_shape(mem):
    _say(mem, "I'm flying to Tokyo on Thursday.")
    assert "Tokyo" in _live(mem)
    _say(
        mem,
        "I'm flying to Tokyo on Thursday.",
        "Ugh, flight got cancelled, going Saturday instead.",
    )
    assert "Tokyo" in _live(mem)


def test_an_update_touches_only_its_own_scope(mem):
    _say(mem, "I smoke about ten a day.", scope="org/acme/user/kim")
    kim = _live(mem, "org/acme/user/kim")
    _say(mem, "I smoke about ten a day.", "I've stopped smoking completely.")
    assert _live(mem, "org/acme/user/kim") == kim


def test_a_question_ends_nothing(mem):
    first = _say(mem, "I have a 10-class pack.")
    r = _say(mem, "Does the pack expire if I don't use it any more?")
    assert not r.corrections
    assert {f.value for f in first.facts} <= _live(mem)


def test_the_speakers_new_email_supersedes_the_old(mem):
    _say(mem, "My email on the account is eli.b@gmail.com.")
    r = _say(mem, "I changed my account email to eli.brooks@proton.me.")
    assert [(f.key, f.value) for f in r.facts] == [("email", "eli.brooks@proton.me")]
    live = _live(mem)
    assert "eli.brooks@proton.me" in live and "eli.b@gmail.com" not in live


def test_a_number_said_of_the_organisation_is_its_own(mem):
    r = _say(mem, "Your support number is 0800 123 4567, right.")
    phones = [f for f in r.facts if f.key == "phone"]
    assert phones and phones[0].entity_type == "organisation"


@pytest.mark.parametrize(
    "text, whose",
    [
        (
            "I've emailed your support address, support@acme.example, three times now",
            "organisation",
        ),
        ("I've been writing to coaches@acme.example about my shoulder.", "organisation"),
        ("I changed my account email to eli.brooks@proton.me.", "person"),
        ("I left that job, so please use my personal email now: jtran88@mailbox.ca.", "person"),
    ],
)
def test_whose_address_it_is(mem, text, whose):
    r = _say(mem, text)
    emails = [f for f in r.facts if f.key == "email"]
    assert emails and emails[0].entity_type == whose


def test_an_address_at_the_organisations_domain_contradicts_its_curated_one(mem):
    mem.remember(
        triples=[
            {
                "subject": "Acme",
                "type": "organisation",
                "key": "email",
                "value": "help@acme.example",
            }
        ],
        scope="org/acme",
    )
    r = _say(mem, "I've been writing to support@acme.example for a week and heard nothing.")
    assert r.conflicts, r.decisions
    assert r.conflicts[0]["against"]


@pytest.mark.parametrize(
    "said, conflict",
    [
        ("My lad's on the Junior plan and that one includes EU roaming.", True),
        ("The Junior plan doesn't include EU roaming, right.", False),
    ],
)
def test_a_yes_no_attribute_is_answered_by_what_the_clause_affirms(mem, said, conflict):
    csv = "plan,price,eu_roaming\nJunior plan,£8,no\nFamily plan,£20,yes\n"
    mem.upload(csv.encode(), name="plans.csv", scope="org/acme")
    r = _say(mem, said)
    assert bool(r.conflicts) is conflict, r.decisions
    if not conflict:
        assert r.corroborations


def test_one_turn_reads_a_bounded_number_of_updates(mem):
    from engramdb.knowledge.own_updates import MAX_UPDATE_SENTENCES

    things = """kayak piano tractor canoe trampoline telescope sewing-machine harp drumkit
    wetsuit caravan motorbike greenhouse aquarium hammock jukebox typewriter sandpit
    birdbath gazebo""".split()
    assert len(things) > MAX_UPDATE_SENTENCES
    for t in things:
        _say(mem, f"I own a {t}.")
    before = _live(mem)
    r = _say(mem, " ".join(f"My {t} is gone." for t in things))
    assert any(f"first {MAX_UPDATE_SENTENCES} sentences" in e for e in r.errors), r.errors
    closed = {c["closed"] for c in r.corrections}
    assert len(closed) == MAX_UPDATE_SENTENCES  # each of the first ends its thing, no more
    assert len(before - _live(mem)) == MAX_UPDATE_SENTENCES


@pytest.mark.parametrize(
    "before, chat",
    [
        ("I work at Deloitte as an accountant.", "I left work early today to pick up the kids."),
        ("I have a dog called Rex.", "Rex left a mess on the carpet."),
        ("I support Arsenal.", "Arsenal dropped points again."),
        ("I live in Leeds.", "Leeds won, the rain stopped."),
        ("I drink coffee every morning.", "My new coffee machine arrived."),
        ("I'm allergic to peanuts.", "Peanuts are now banned at my kid's school."),
        ("I work at Deloitte.", "I'm now working from home on Fridays."),
    ],
)
def test_ordinary_chat_with_a_cue_word_ends_nothing(mem, before, chat):
    """Found by review: one shared word and a cue anywhere closed real facts."""
    first = _say(mem, before)
    kept = {f.value for f in first.facts}
    assert kept
    _say(mem, before, chat)
    assert kept <= _live(mem), (chat, _live(mem))


@pytest.mark.parametrize(
    "said, conflict",
    [
        ("I have parking at my flat.", False),
        ("I'm not vegan.", False),
        ("I don't have wifi at home.", False),
        ("Your hotel has no wifi.", True),
    ],
)
def test_a_yes_no_attribute_is_not_the_speakers_own_affairs(mem, said, conflict):
    """Found by review: 'I have parking at my flat' conflicted with the hotel's 'parking: no'."""
    mem.remember(
        triples=[
            {"subject": "Acme", "type": "organisation", "key": "parking", "value": "no"},
            {"subject": "Acme", "type": "organisation", "key": "wifi", "value": "yes"},
            {"subject": "Acme", "type": "organisation", "key": "vegan", "value": "yes"},
        ],
        scope="org/acme",
    )
    assert bool(_say(mem, said).conflicts) is conflict


@pytest.mark.parametrize(
    "text",
    [
        "I emailed support@acme.com yesterday.",
        "Forward this to jane@x.com please.",
        "My colleague's email is jane@x.com.",
    ],
)
def test_an_address_written_to_or_of_someone_else_is_not_the_speakers(mem, text):
    _say(mem, "My email is bob@x.com.")
    _say(mem, "My email is bob@x.com.", text)
    assert "bob@x.com" in _live(mem)


def test_in_a_shared_scope_one_speaker_does_not_end_anothers_facts(mem):
    team = "org/acme/team/ops"
    mem.remember("I smoke about ten a day.", scope=team, session_id="ann")
    kept = {f.value for f in mem.facts(lens=team)}
    assert kept
    r = mem.remember("I've stopped smoking completely.", scope=team, session_id="bob")
    assert not r.corrections
    assert kept <= {f.value for f in mem.facts(lens=team)}
    # the same speaker still can
    r = mem.remember("I've stopped smoking completely.", scope=team, session_id="ann")
    assert r.corrections
