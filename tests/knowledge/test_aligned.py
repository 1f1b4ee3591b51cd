"""Catalogue-guided extraction (``knowledge/extract/aligned.py``): informal turns read against
the organisation's curated facts. Each test shows a decision the pass changes or must not."""

from __future__ import annotations

from engramdb import Memory
from engramdb.knowledge import reads
from engramdb.knowledge.extract.aligned import Template, _Earlier, _variant, align

MOT = Template(
    fact_id=1,
    subject="MOT test",
    subject_type="service",
    key="price",
    key_phrase="price",
    value="£54.85",
    value_kind="money",
    statement="MOT test price: £54.85",
)
ADULT = Template(
    fact_id=2,
    subject="",
    subject_type="organisation",
    key="adult_admission",
    key_phrase="adult admission",
    value="£18",
    value_kind="money",
    statement="Corvid Museum adult admission: £18",
    name="Corvid Museum",
)


def _values(text: str, templates: list[Template], names: tuple[str, ...] = ()) -> list[str]:
    return [claim.value for _, claim in align(text, templates, other_names=names)]


def test_slang_money_answers_the_named_service():
    assert _values("you guys charge forty quid for an MOT, cheapest in town", [MOT]) == [
        "forty quid"
    ]


def test_another_model_another_service_or_elsewhere_answers_nothing():
    assert _values("your MOT Plus costs £40", [MOT]) == []  # a variant of the name
    assert _values("your full service costs £189", [MOT]) == []  # the entity is not named
    assert _values("I paid £40 for an MOT at another garage", [MOT]) == []
    assert _values("Bloom & Vine charge £40 for an MOT", [MOT]) == []


def test_wishes_and_denials_before_the_value_are_not_claims_but_conditions_after_are():
    assert _values("I wish you charged £40 for an MOT", [MOT]) == []
    assert _values("you don't charge £40 for an MOT", [MOT]) == []
    assert _values("an MOT costs £40 if you book online", [MOT]) == ["£40"]
    assert _values("do you charge £40 for an MOT?", [MOT]) == []


def test_a_family_member_tells_admissions_apart():
    assert _values("Adults get into the museum for £12.", [ADULT]) == ["£12"]
    assert _values("Children under five get into the museum for free.", [ADULT]) == []


def _conflicts(setup: dict, turn: str, tmp_path) -> list:
    with Memory.open(tmp_path / "m") as mem:
        mem.remember(triples=[setup], scope="org/garage")
        return mem.remember(turn, scope="org/garage/user/sam").conflicts


def test_informal_turn_opens_a_conflict_and_the_same_amount_corroborates(tmp_path):
    mot = {"subject": "MOT test", "type": "service", "key": "price", "value": "£54.85"}
    assert _conflicts(mot, "you guys charge forty quid for an MOT, bargain", tmp_path / "a")
    with Memory.open(tmp_path / "b") as mem:
        mem.remember(triples=[mot], scope="org/garage")
        same = mem.remember("an MOT with you is 54.85 pounds sterling", scope="org/garage/user/s")
        assert not same.conflicts and same.corroborations


def test_frequency_and_clock_words(tmp_path):
    with Memory.open(tmp_path / "m") as mem:
        mem.upload(
            b"# Parking\n\nA free shuttle bus runs every 15 minutes.\n\n"
            b"# Hours\n\nThe Old Town branch closes at 9 pm.",
            name="info.md",
            scope="org/air",
        )
        shuttle = mem.remember(
            "heads up for anyone flying, the shuttle only comes once an hour",
            scope="org/air/user/a",
        )
        assert shuttle.conflicts
        hours = mem.remember(
            "The Old Town branch closes at 6 in the evening", scope="org/air/user/b"
        )
        assert hours.conflicts
        opening = mem.remember(
            "The Old Town branch opens at 8 in the morning", scope="org/air/user/c"
        )
        assert not opening.conflicts  # an opening time says nothing of the closing time


def test_catalogue_lines_faq_answers_and_denials_become_facts(tmp_path):
    page = (
        b"# Plans\n\n- Basic: \xc2\xa35.99/month, 1 screen at a time\n"
        b"- Standard: \xc2\xa39.99/month, 2 screens at a time\n\n"
        b"Q: How old can my dog be?\nA: Illness cover starts 14 days after your policy start.\n\n"
        b"Tyres are not accepted at any of our sites.\n\n"
        b"Salaries are paid on the last working day of each month.\n\n"
        b"- Deadline for sending us your records: 31 October\n"
    )
    with Memory.open(tmp_path / "m") as mem:
        mem.upload(page, name="page.md", scope="org/acme")
        facts = {(f.entity, f.key, f.value) for f in mem.facts(lens="org/acme")}
        assert ("Standard", "screens_time", "2") in facts  # a fact about the labelled plan
        assert not any(e == "A" for e, _, _ in facts)  # "A:" is an answer, not an entity
        said = {
            "Your Standard plan only lets one screen stream at once": True,
            "you accept old tyres at the recycling centre, right next to the tip": True,
            "you pay us on the 15th": True,
            "Records are due to you by the end of December": True,
            "Illness isn't covered until a month after you take the policy out": True,
            "Your Standard plan lets two screens stream at once": False,
        }
        for n, (text, conflict) in enumerate(said.items()):
            result = mem.remember(text, scope=f"org/acme/user/u{n}")
            assert bool(result.conflicts) is conflict, text


def test_edge_inputs_found_in_review(tmp_path):
    from engramdb.knowledge.extract.aligned import _clock_text
    from engramdb.knowledge.extract.stage0 import frequency_days
    from engramdb.knowledge.values import calendar_day

    assert frequency_days("0 times a week") is None  # was a ZeroDivisionError
    assert _clock_text("you hold parcels until 7 days after delivery") == (
        "you hold parcels until 7 days after delivery"
    )
    assert _clock_text("open till 5 on saturdays") == "open till 5pm on saturdays"
    assert calendar_day("the first 2 may be free") is None
    assert calendar_day("2 May") == (5, 2)
    with Memory.open(tmp_path / "m") as mem:
        mem.upload(
            b"Delivery costs \xc2\xa35 per order. Delivery takes 3 days.\n\n"
            b"We are closed for drop-offs and collections on Sundays.",
            name="info.md",
            scope="org/shop",
        )
        assert not mem.remember("I go 0 times a week", scope="org/shop/user/a").errors
        both = mem.remember("Your delivery fee is £5. The deposit is £50.", scope="org/shop/user/b")
        assert "£50" in {f.value for f in both.facts}  # not swallowed by the "£5" it contains
        assert mem.remember("Delivery takes 5 days.", scope="org/shop/user/c").conflicts
        same = mem.remember("your drop-offs are closed on Sundays", scope="org/shop/user/d")
        assert not same.conflicts


def test_templates_follow_curated_changes_between_turns(tmp_path):
    """The templates of a scope chain are kept between turns; a curated fact added, replaced
    or forgotten is seen by the very next turn."""
    lamp = {"subject": "Aurora Lamp", "type": "product", "key": "price", "value": "£49"}
    with Memory.open(tmp_path / "m") as mem:
        assert not mem.remember("your Aurora lamp is £65", scope="org/s/user/a").conflicts
        mem.remember(triples=[lamp], scope="org/s")
        assert mem.remember("your Aurora lamp is £65", scope="org/s/user/b").conflicts
        mem.remember(triples=[{**lamp, "value": "£65"}], scope="org/s")  # the operator's update
        again = mem.remember("your Aurora lamp is £65", scope="org/s/user/c")
        assert not again.conflicts and again.corroborations


FULL_PRICE = Template(
    fact_id=11,
    subject="",
    subject_type="organisation",
    key="return_window",
    key_phrase="return window",
    value="30 days",
    value_kind="duration",
    statement="Full-price items: return within 30 days of delivery for a full refund.",
    name="Northwind Outfitters",
)
EXPRESS = Template(
    fact_id=12,
    subject="",
    subject_type="organisation",
    key="delivery_time",
    key_phrase="delivery time",
    value="3 to 5 working days",
    value_kind="duration",
    statement="Standard delivery: 3 to 5 working days.",
    name="Northwind Outfitters",
)


def _encoder_similar(a: str, b: str) -> float:
    from engramdb.embed.contextual import encoded

    return float(encoded(a) @ encoded(b))


def test_the_encoder_finds_what_a_clause_is_about_when_no_attribute_word_is_shared():
    text = "gutted that you only give 14 days on full price stuff"
    # the rules alone: "give" and "stuff" share no attribute word with the return window
    assert align(text, [FULL_PRICE, EXPRESS]) == []
    found = align(text, [FULL_PRICE, EXPRESS], similar=_encoder_similar)
    assert [(t.fact_id, c.value, c.answers) for t, c in found] == [(11, "14 days", 11)]


def test_the_encoder_answers_nothing_without_a_clear_winner_or_for_the_speaker_or_a_question():
    text = "gutted that you only give 14 days on full price stuff"
    twin = Template(**{**FULL_PRICE.__dict__, "fact_id": 13})  # (two alike: no clear winner)
    assert align(text, [FULL_PRICE, twin], similar=_encoder_similar) == []
    assert align(text, [FULL_PRICE], similar=lambda a, b: 0.2) == []  # (not alike enough)
    for other in (
        "I only got 14 days on full price stuff at my last job",
        "do you only give 14 days on full price stuff?",
    ):
        assert align(other, [FULL_PRICE, EXPRESS], similar=_encoder_similar) == [], other


def _menu(mem: Memory) -> dict[str, int]:
    """A menu whose dishes share the word "menu" with two of its entries; fact id by subject."""
    mem.remember(
        triples=[
            {"subject": "Pizza Diavola", "type": "product", "key": "price", "value": "£13.50"},
            {"subject": "Children's menu", "type": "product", "key": "price", "value": "£8.95"},
            {"subject": "Lunch set menu", "type": "product", "key": "price", "value": "£15"},
        ],
        scope="org/trattoria",
    )
    return {f.entity: f.id for f in mem.facts(lens="org/trattoria") if f.authoritative}


def test_a_possessive_names_its_entity(tmp_path):
    """ "Diavola's" names Pizza Diavola: the conflict is against its price, not against the
    children's menu that "your menu" shares a word with."""
    with Memory.open(tmp_path / "m") as mem:
        ids = _menu(mem)
        said = mem.remember("Diavola's £12.50 on your menu", scope="org/trattoria/user/a")
        assert [c["against"] for c in said.conflicts] == [[ids["Pizza Diavola"]]]


def test_a_word_many_names_share_does_not_hide_the_entity_the_clause_names():
    """Two other dishes named only by "menu", a word both hold, do not stop the clause from
    being about the dish it names by a word no other name has."""
    dish = Template(
        fact_id=1,
        subject="Pizza Diavola",
        subject_type="product",
        key="price",
        key_phrase="price",
        value="£13.50",
        value_kind="money",
        statement="Pizza Diavola price: £13.50",
    )
    kids = Template(
        fact_id=2,
        subject="Children's menu",
        subject_type="product",
        key="price",
        key_phrase="price",
        value="£8.95",
        value_kind="money",
        statement="Children's menu price: £8.95",
    )
    names = ("Pizza Diavola", "Children's menu", "Lunch set menu")
    found = align("Diavola is £12.50 on your menu", [dish, kids], other_names=names)
    assert [(t.fact_id, c.value) for t, c in found] == [(1, "£12.50")]


_PLANS = b"code,name,data\nNW-F100,Flex 100GB,100 GB\nNW-F30,Flex 30GB,30 GB\n"
#: The first row of ``_PLANS`` as catalogue-guided reading sees its data fact.
_PLAN = Template(
    fact_id=1,
    subject="Flex 100GB",
    subject_type="product",
    key="data",
    key_phrase="data",
    value="100 GB",
    value_kind="quantity",
    statement="Flex 100GB (NW-F100) data: 100 GB",
    aliases=("NW-F100",),
)


def _plan_conflicts(mem: Memory, turn: str, user: str) -> list[str]:
    """The values of the curated facts a turn's conflicts are against."""
    said = mem.remember(turn, scope=f"org/mobile/user/{user}")
    return [reads.fact(mem._store, fid).value for c in said.conflicts for fid in c["against"]]


def test_a_code_names_its_row_and_a_which_clause_states_what_it_describes(tmp_path):
    """ "NW-F100" is the Flex 100GB plan's code (an alias of its row), and ", which only gives
    50 gigs" says something of it: the conflict is against that plan's data allowance, not the
    other plan's, and the right amount for the other code is no conflict."""
    with Memory.open(tmp_path / "m") as mem:
        mem.upload(_PLANS, name="plans.csv", scope="org/mobile")
        turn = "I'm on NW-F100, which only gives 50 gigs of data a month."
        assert _plan_conflicts(mem, turn, "a") == ["100 GB"]
        right = "I'm on NW-F30, which gives 30 gigs of data a month."
        assert _plan_conflicts(mem, right, "b") == []


def test_a_which_clause_that_asks_is_still_a_question():
    said = "I'm on NW-F100, which gives 50 gigs of data a month"
    assert _values(said + ".", [_PLAN], ("Flex 100GB",)) == ["50 gigs"]
    assert _values(said + "?", [_PLAN], ("Flex 100GB",)) == []


def test_a_code_opening_a_clause_is_the_row_not_another_business(tmp_path):
    """ "NW-F100 only gives ..." opens with a code, not with another business's name: said
    before the catalogue, it meets the row when the catalogue arrives; said after, at once."""
    with Memory.open(tmp_path / "m") as mem:
        turn = "NW-F100 only gives 50 gigs of data a month."
        mem.remember(turn, scope="org/mobile/user/a")
        doc = mem.upload(_PLANS, name="plans.csv", scope="org/mobile")
        assert doc.write is not None
        assert [reads.fact(mem._store, c["fact"]).value for c in doc.write.conflicts] == ["100 GB"]
        assert _plan_conflicts(mem, turn, "b") == ["100 GB"]
        assert _plan_conflicts(mem, "NW-F30 only gives 30 gigs of data a month.", "c") == []


def test_a_rules_claim_no_curated_key_meets_is_read_as_the_fact_it_is_about(tmp_path):
    """The rules key "the main pool's only 25 metres" as ``main_pool``, which no curated key
    is; the encoder finds the centre's pool length the one fact of that kind it is about. A
    value of another kind (minutes) answers no length."""
    pool = {
        "subject": "Harbourside Aquatic Centre",
        "type": "place",
        "key": "main_pool_length",
        "value": "50 metres",
    }
    with Memory.open(tmp_path / "m") as mem:
        mem.remember(triples=[pool], scope="org/leisure")
        fid = next(f.id for f in mem.facts(lens="org/leisure") if f.authoritative)
        said = mem.remember(
            "The main pool's only 25 metres so I do double the laps.", scope="org/leisure/user/a"
        )
        assert [c["against"] for c in said.conflicts] == [[fid]]
        away = mem.remember("The main pool's only 25 minutes away.", scope="org/leisure/user/b")
        assert not away.conflicts


def test_verification_takes_only_a_clear_winner_of_the_values_kind():
    from engramdb.knowledge.claims import ORG, Claim
    from engramdb.knowledge.extract.aligned import verify_unmet

    def fact(fid: int, key: str, value: str, kind: str) -> Template:
        statement = f"Harbourside {key.replace('_', ' ')}: {value}"
        return Template(fid, "", "organisation", key, key, value, kind, statement)

    length = fact(1, "main_pool_length", "50 metres", "quantity")
    depth = fact(2, "main_pool_depth", "2 metres", "quantity")
    hours = fact(3, "sauna_session", "30 minutes", "duration")
    said = "The main pool's only 25 metres so I do double the laps."
    claim = Claim(ORG, "organisation", "main_pool", "main pool", "25 metres", "knowledge", said)

    def similar(scores):
        by_start = {
            "Harbourside main pool length": scores[1],
            "Harbourside main pool depth": scores[2],
        }
        return lambda a, b: next((s for k, s in by_start.items() if b.startswith(k)), 0.99)

    templates = [length, depth, hours]
    clear = verify_unmet([claim], templates, similar({1: 0.8, 2: 0.5}))
    assert [(i, c.answers, c.value) for i, c in clear.items()] == [(0, 1, "25 metres")]
    assert verify_unmet([claim], templates, similar({1: 0.8, 2: 0.78})) == {}  # (no winner)
    assert verify_unmet([claim], templates, similar({1: 0.4, 2: 0.1})) == {}  # (not alike)


def test_a_bare_number_in_an_id_column_names_no_row(tmp_path):
    """An id column's 1 and 2 are no codes: "only 2 GB" is an amount, not row 2's name."""
    ids = b"id,name,data\n1,Starter,5 GB\n2,Unlimited Max,200 GB\n"
    with Memory.open(tmp_path / "m") as mem:
        mem.upload(ids, name="plans.csv", scope="org/mobile")
        assert _plan_conflicts(mem, "Your data allowance is only 2 GB.", "a") == []


def test_a_customers_own_name_for_a_row_is_no_code_for_others(tmp_path):
    """A customer's mention linked to a catalogue row ("my Flex") is theirs: it is no alias
    other customers' turns are read with."""
    from engramdb.knowledge.catalogue import aliases_of

    with Memory.open(tmp_path / "m") as mem:
        mem.upload(_PLANS, name="plans.csv", scope="org/mobile")
        rows = [f for f in mem.facts(lens="org/mobile") if f.authoritative]
        with mem._store.lock, mem._store.transaction():  # (as a linked chat mention is stored)
            mem.db.execute(
                "INSERT INTO entities(type, key, name, scope, category, authoritative, source_id, "
                "created_ms, resolves_to) SELECT type, 'my_f9', 'MY-F9', 'org/mobile/user/bob', "
                "'knowledge', 0, source_id, created_ms, id FROM entities WHERE name = 'Flex 100GB'"
            )
        found = aliases_of(mem.db, [f.id for f in rows])
        assert {a for names in found.values() for a in names} == {"NW-F100", "NW-F30"}


def test_a_which_clause_tells_only_of_what_the_clause_before_names(tmp_path):
    with Memory.open(tmp_path / "m") as mem:
        mem.upload(_PLANS, name="plans.csv", scope="org/mobile")
        asked = "Quick question, which plan gives 50 gigs of data"
        assert _plan_conflicts(mem, asked, "a") == []
        # a code beside a word both rows' names hold ("flex") names its own row
        for code, right in (("NW-F30", "30 GB"), ("NW-F100", "100 GB")):
            said = f"The {code} flex plan gives 50 GB of data"
            assert _plan_conflicts(mem, said, code) == [right]


def test_a_which_clause_after_no_named_thing_asserts_nothing():
    allowance = Template(
        1,
        "",
        "organisation",
        "data",
        "data allowance",
        "100 GB",
        "quantity",
        "Vantel data allowance: 100 GB",
        name="Vantel",
    )
    assert _values("Quick question, which allowance gives 50 GB of data", [allowance]) == []


def test_verification_reads_one_fact_for_one_claim_of_a_turn():
    from engramdb.knowledge.claims import ORG, Claim
    from engramdb.knowledge.extract.aligned import verify_unmet

    length = Template(
        1,
        "",
        "organisation",
        "pool_length",
        "pool length",
        "50 metres",
        "quantity",
        "Harbourside pool length: 50 metres",
    )
    said = "The main pool's only 25 metres. The main pool is only 30 metres long."
    claims = [
        Claim(ORG, "organisation", "main_pool", "main pool", v, "knowledge", said)
        for v in ("25 metres", "30 metres")
    ]
    read = verify_unmet(claims, [length], lambda a, b: 0.9)
    assert [(i, c.answers) for i, c in read.items()] == [(0, 1)]


def test_a_code_is_found_where_it_is_said_whatever_folds_before_it():
    """Offsets of the case-folded turn ("ß" folds to "ss") are compared as such: a code at
    the end of its clause still names its row."""
    said = "ßßßßßßßßßßßß: only 50 gigs of data a month on NW-F100"
    assert _values(said, [_PLAN], ("Flex 100GB",)) == ["50 gigs"]


def test_a_code_said_names_its_row_and_no_other_model_of_it(tmp_path):
    """ "The TR-520" shows a capitalised word beside a word of "Trailhead 520" (which reads
    as another model of it), but the code names that very row."""
    table = (
        b"sku,model,type,price\nTR-320,Trailhead 320,hardtail,\xc2\xa3649\n"
        b"TR-520,Trailhead 520,full-suspension,\xc2\xa31499\n"
    )
    with Memory.open(tmp_path / "m") as mem:
        mem.upload(table, name="bikes.csv", scope="org/spokes")
        price = {f.entity: f.id for f in mem.facts(lens="org/spokes") if f.key == "price"}
        result = mem.remember(
            "The TR-520 at \u00a3649 isn't bad at all, I'll come in Saturday and buy it.",
            scope="org/spokes/user/a",
        )
        assert [c["against"] for c in result.conflicts] == [[price["Trailhead 520"]]]


def _said_against(tmp_path, doc: bytes, name: str, turns: list[str]) -> tuple[dict, list]:
    """``doc`` uploaded to an organisation, then each turn said by a user of its own: the
    curated facts by id (entity, value) and each turn's write result."""
    with Memory.open(tmp_path / "m", embedder="hashing") as mem:
        mem.upload(doc, name=name, scope="org/o")
        facts = {f.id: (f.entity, f.value) for f in mem.facts(lens="org/o") if f.authoritative}
        results = [mem.remember(t, scope=f"org/o/user/u{i}") for i, t in enumerate(turns)]
    return facts, results


def _values_against(facts: dict, result) -> list[str]:
    return [facts[i][1] for c in result.conflicts for i in c["against"]]


def test_a_free_cell_and_a_value_that_opens_with_an_amount_are_answered_by_amounts(tmp_path):
    # a table's "Free" is a price of nothing, and "£4.50 per wash, £3 per dry" is answered by
    # the amount it opens with: before, both were text no amount of a turn could answer
    table = (
        b"| Facility | Hours | Charge |\n|---|---|---|\n"
        b"| Shower block | 24 hours | Free |\n"
        b"| Laundry room | 8am - 8pm | \xc2\xa34.50 per wash, \xc2\xa33 per dry |\n"
    )
    turns = [
        "Showers are 20p a go there.",
        "Laundry is 350p a wash.",
        "Good that showers are free.",
    ]
    facts, (showers, laundry, free) = _said_against(tmp_path, table, "facilities.md", turns)
    assert _values_against(facts, showers) == ["Free"]
    assert _values_against(facts, laundry) == ["£4.50 per wash, £3 per dry"]
    assert not free.conflicts and [facts[i][1] for i in free.corroborations] == ["Free"]


def test_days_are_sets_and_a_bare_opening_hour_is_a_time(tmp_path):
    # "at weekends" is the Saturday and Sunday row, not the weekday one ("weekend" and
    # "Saturday" used to be told apart as two members of one family), and "opens at 7" is 7am
    table = (
        b"# Opening hours\n\n| Days | Gym floor | Pool |\n|---|---|---|\n"
        b"| Monday to Friday | 6:00am - 10:00pm | 6:30am - 9:00pm |\n"
        b"| Saturday and Sunday | 8:00am - 8:00pm | 8:00am - 7:30pm |\n"
    )
    turns = [
        "At weekends the gym floor opens at 7, great.",
        "At weekends the gym floor opens at 8.",
        # weekdays and "Saturday and Sunday" share no day: not that row's 8am
        "On weekdays the gym floor opens at 8am.",
    ]
    facts, (early, right, other) = _said_against(tmp_path, table, "hours.md", turns)
    assert other.corroborations == []
    assert [facts[i] for c in early.conflicts for i in c["against"]] == [
        ("Saturday and Sunday", "8:00am - 8:00pm")
    ]
    assert not right.conflicts
    assert [facts[i] for i in right.corroborations] == [("Saturday and Sunday", "8:00am - 8:00pm")]


def test_a_nil_amount_contradicts_the_amount_and_words_for_free_are_free(tmp_path):
    # "no excess" says the excess is nil: against "an excess of £100" it is a contradiction;
    # "a pitch with no electric" names a kind of pitch, and "no sessions booked anymore" is
    # the speaker's own affairs; "doesn't cost anything" is a price of nothing
    policy = (
        b"# Cover\n\nThere is an excess of \xc2\xa3100 per claim.\n\n"
        b"A pitch with electric hook-up costs \xc2\xa325 a night.\n\n"
        b"A junior gym session costs \xc2\xa34 per session.\n\n"
        b"Switching to an eSIM costs \xc2\xa32.50.\n"
    )
    turns = [
        "Glad there's no excess on your claims, my last place charged one.",
        "I booked one of your pitches with no electric.",
        "I quit your gym, no sessions booked anymore.",
        "Moving my number to an eSIM with you doesn't cost anything.",
    ]
    facts, results = _said_against(tmp_path, policy, "cover.md", turns)
    assert [_values_against(facts, r) for r in results] == [["£100"], [], [], ["£2.50"]]


def test_a_nil_amount_meets_only_the_attribute_it_names(tmp_path):
    # "no co-pay" names no attribute of the plan that is stored: not its premium
    with Memory.open(tmp_path / "m", embedder="hashing") as mem:
        mem.remember(
            triples=[
                {"subject": "Lifetime 5K", "type": "plan", "key": k, "value": v}
                for k, v in (("max_entry_age", "8 years"), ("monthly_premium", "£24.50"))
            ],
            scope="org/pets",
        )
        facts = {f.id: f.key for f in mem.facts(lens="org/pets") if f.authoritative}
        other = mem.remember(
            "There's no co-pay at all on the Lifetime 5K.", scope="org/pets/user/a"
        )
        named = mem.remember(
            "There's no entry age limit on the Lifetime 5K.", scope="org/pets/user/b"
        )
    assert other.conflicts == []
    assert {facts[i] for c in named.conflicts for i in c["against"]} == {"max_entry_age"}


def test_a_bare_opening_hour_keeps_its_part_of_the_day():
    from engramdb.knowledge.extract.aligned import _clock_text

    assert _clock_text("the bar opens at 6 in the evening") == "the bar opens at 6pm"
    assert _clock_text("the gym opens at 7") == "the gym opens at 7am"
    assert _clock_text("you shut at half nine") == "you shut at 9:30pm"


def test_a_count_per_period_is_a_count_and_a_unit_before_per_types_it():
    from engramdb.knowledge.extract.aligned import _template_kind

    def kind(phrase: str, value: str) -> str:
        return _template_kind(
            Template(1, "Basic", "plan", phrase.replace(" ", "_"), phrase, value, "number", "")
        )

    assert kind("cleanings per year", "2") == "number"  # (not "2 year")
    assert kind("submissions a month", "10000") == "number"
    assert kind("class hours per week", "15") == "duration"  # (15 hours)
    assert kind("class a hours", "15") == "duration"  # (a class's label is no period)
    # the turn's count meets the count: "three cleanings a year" against 2 a year
    basic = Template(
        3,
        "Basic",
        "plan",
        "cleanings_per_year",
        "cleanings per year",
        "2",
        "number",
        "Basic cleanings per year: 2",
    )
    assert _values("You cover three cleanings a year on Basic.", [basic]) == ["three"]


def test_a_rows_code_names_it_before_a_siblings_name():
    """ "The HS1 ferry to Skerry": HS1 is the Harlow Point row's code, Skerry the name of
    another row and a word of HS1's own key. The code, an exact identifier, picks the row."""
    skerry = Template(
        1,
        "Skerry",
        "route",
        "crossing",
        "crossing",
        "35 minutes",
        "duration",
        "Skerry (SS1) crossing: 35 minutes",
        aliases=("SS1",),
    )
    harlow = Template(
        2,
        "Harlow Point",
        "route",
        "skerry_crossing",
        "skerry crossing",
        "45 minutes",
        "duration",
        "Harlow Point (HS1) skerry crossing: 45 minutes",
        aliases=("HS1",),
    )
    text = "The normal HS1 ferry to Skerry only takes 25 minutes so I can make the meeting."
    assert [(t.fact_id, c.value) for t, c in align(text, [skerry, harlow])] == [(2, "25 minutes")]
    said = align("The Skerry crossing takes 25 minutes.", [skerry, harlow])
    assert [t.fact_id for t, _ in said] == [1]  # (no code said: the name decides)
    earlier = "HS1 was cancelled last week. Anyway, the Skerry crossing takes 25 minutes."
    assert [t.fact_id for t, _ in align(earlier, [skerry, harlow])] == [1]  # (not this clause's)


def test_another_model_is_a_name_word_then_a_new_capital_or_number():
    assert _variant("the Corsa 410 is lighter", "Corsa 210")
    assert _variant("Metricly Pro is $39 a month", "Metricly Business")
    assert _variant("your MOT Plus costs £40", "MOT test")
    # a number the name's word starts with is the same model, shortened
    assert not _variant("The Flex 30 is a two-year contract", "Flex 30GB")
    assert not _variant("the iPhone 15 256 is in stock", "iPhone 15 256GB")
    # punctuation between the name and the number: a count or a price, not a model
    assert not _variant("Went for the large Spring Meadow, 25 stems for £48.", "Spring Meadow")
    assert not _variant("Diavola's £12.50 on your menu", "Pizza Diavola")
    # a number with its unit is an amount ("the medium 50 sq ft ones")
    assert not _variant("the medium 50 sq ft ones go for £89", "Medium")
    assert _variant("the medium 50 plan is cheaper", "Medium")
    # "I" is no model, nor is a stop word of the name a name word
    assert not _variant("As a Best Friend I get priority booking", "Best Friend")
    assert not _variant("ER-01's the 4 out of 5 difficulty one", "The Curator's Vault")


def test_a_capital_that_opens_a_sentence_is_no_other_model():
    name = "Aria Pro Noise-Cancelling Headphones"
    assert not _variant("Got the Aria Pro, the noise cancelling ones. Shame about it", name)
    assert _variant("Got the Aria Pro, the noise cancelling Max ones", name)


def test_what_is_no_other_model_beside_a_name():
    # a stop word of the name is still its word ("Of"), and "I'm" is the speaker
    assert not _variant("I love House Of Fraser", "House of Fraser")
    assert not _variant("the Aria Pro I'm loving it", "Aria Pro")
    # only an amount of the name said short is the same model: a shorter number is not
    assert _variant("the Corsa 21 is", "Corsa 210")
    assert _variant("the Pixel 8 costs", "Pixel 8a")
    assert _variant("Galaxy S2 is", "Galaxy S23")


def test_a_name_said_before_the_clause_is_read_as_the_whole_text_reads_it():
    for text, at, name in [
        ("I want the Aria Pro, 2 please", "2 please", "Aria Pro"),
        ("I want the Aria Pro 2 please", "2 please", "Aria Pro"),
        ("Got the Aria Pro.   Shame it", "Shame it", "Aria Pro X"),
        ("Got the Aria Pro.\r\n\r\nShame it", "Shame it", "Aria Pro X"),
        ("Got the Aria Pro and Shame it", "Shame it", "Aria Pro X"),
    ]:
        start = text.index(at)
        clause = text[start:]
        whole = _variant(text[:start] + " " + clause, name)
        assert _Earlier(text, frozenset()).variant(name, start, clause) == whole, text


def _own_fact(key: str, value: str, statement: str) -> Template:
    """A fact of the organisation itself (no entity), as a curated sentence gives it."""
    return Template(
        fact_id=3,
        subject="",
        subject_type="organisation",
        key=key,
        key_phrase=key.replace("_", " "),
        value=value,
        value_kind="money",
        statement=statement,
        name="Osteria Fiume",
    )


def test_a_business_is_ours_only_when_the_statement_says_its_whole_name():
    snug = _own_fact("minimum_spend", "£900", "The Snug private room: minimum spend £900.")
    assert _values("The Snug has a £600 minimum on Saturdays", [snug]) == ["£600"]
    assert _values("The Vaults has a £600 minimum on Saturdays", [snug]) == []
    london = _own_fact("delivery_price", "£5", "Delivery within London costs £5.")
    assert _values("London Couriers charge £9 for delivery", [london]) == []
