"""Held-out conflict-detection suite no. 13 (other phrasings).

Written independently of the implementation, from the specification alone:
"a conflict suite (paraphrased conflicts, agreements, unrelated statements,
supersessions, negations, other scopes) with precision and recall of conflict
detection >= 0.9" and "a separate suite with other phrasings will check the
same figures".

Each case writes its ``setup`` records in order, then the ``probe`` record,
and ``expect`` states what the reconciler must report for the probe:

- ``conflict``    -- a user turn contradicts an authoritative fact (document
                     or upsert) of its own org: same entity, same attribute,
                     different value.
- ``supersede``   -- the same user updates their own earlier chat fact.
- ``close``       -- the same user explicitly negates their own earlier fact.
- ``corroborate`` -- the same value restated, possibly in other words/units.
- ``none``        -- different entity or attribute, a question, a wish or a
                     hypothetical, or a contradiction across scopes that do
                     not overlap (two users, two orgs, sibling teams).

Scope ``org/X`` covers ``org/X/user/Y`` and ``org/X/team/T``; "you/your" in a
user turn refers to the org of the nearest ``org/<name>`` scope, "I/my" to
the user of that scope.

Categories and counts: paraphrase_conflict 24, agreement 14, supersession 12,
negation 12, unrelated 20, other_scope 14 (96 cases).
"""

from __future__ import annotations


def _doc(scope: str, name: str, text: str) -> dict:
    return {"kind": "document", "scope": scope, "name": name, "text": text}


def _up(scope: str, *triples: tuple[str, str, str, str]) -> dict:
    return {
        "kind": "upsert",
        "scope": scope,
        "triples": [{"subject": s, "type": t, "key": k, "value": v} for (s, t, k, v) in triples],
    }


def _turn(scope: str, session: str, text: str, at: str) -> dict:
    return {
        "kind": "turn",
        "scope": scope,
        "session": session,
        "role": "user",
        "text": text,
        "at": at,
    }


CASES: list[dict] = [
    # ------------------------------------------------------------------
    # paraphrase_conflict (24) -- expect "conflict"
    # ------------------------------------------------------------------
    {
        "id": "h13-para-01",
        "category": "paraphrase_conflict",
        "setup": [
            _doc(
                "org/pinecrest-outfitters",
                "returns.md",
                "# Returns\n\nItems may be returned within 30 days of delivery for a full refund.",
            ),
        ],
        "probe": _turn(
            "org/pinecrest-outfitters/user/maya",
            "maya-s1",
            "Your return window is 60 days, so there's no rush to send these boots back.",
            "2026-01-08T09:15:00Z",
        ),
        "expect": "conflict",
        "note": "Policy says 30-day returns; the customer claims 60 days.",
    },
    {
        "id": "h13-para-02",
        "category": "paraphrase_conflict",
        "setup": [
            _up(
                "org/lumen-hotels",
                ("Harbor View Inn", "location", "check-in time", "3:00 PM"),
            ),
        ],
        "probe": _turn(
            "org/lumen-hotels/user/raj",
            "raj-s1",
            "Check-in at the Harbor View Inn starts at noon.",
            "2026-02-11T14:02:00Z",
        ),
        "expect": "conflict",
        "note": "Check-in time is 3 PM, user says noon.",
    },
    {
        "id": "h13-para-03",
        "category": "paraphrase_conflict",
        "setup": [
            _doc(
                "org/skyhop-air",
                "baggage.md",
                "# Checked baggage\n\nEach passenger may check one bag weighing up to 23 kg free of charge.",
            ),
        ],
        "probe": _turn(
            "org/skyhop-air/user/lena",
            "lena-s1",
            "You let every passenger check two bags for free.",
            "2026-03-04T07:40:00Z",
        ),
        "expect": "conflict",
        "note": "One free checked bag per passenger, user claims two.",
    },
    {
        "id": "h13-para-04",
        "category": "paraphrase_conflict",
        "setup": [
            _up(
                "org/northfield-bank",
                ("Everyday Saver Account", "product", "interest rate", "2.5% APY"),
            ),
        ],
        "probe": _turn(
            "org/northfield-bank/user/omar",
            "omar-s1",
            "The Everyday Saver Account pays 4 percent interest a year.",
            "2026-01-19T16:20:00Z",
        ),
        "expect": "conflict",
        "note": "Savings rate is 2.5%, user says 4%.",
    },
    {
        "id": "h13-para-05",
        "category": "paraphrase_conflict",
        "setup": [
            _doc(
                "org/maplewood-college",
                "fees.md",
                "Tuition for the 2026 academic year is $12,000. Fees are payable before term starts.",
            ),
        ],
        "probe": _turn(
            "org/maplewood-college/user/priya",
            "priya-s1",
            "Tuition at your college is fifteen thousand dollars for 2026.",
            "2026-04-02T11:05:00Z",
        ),
        "expect": "conflict",
        "note": "2026 tuition is $12,000, user says $15,000 (in words).",
    },
    {
        "id": "h13-para-06",
        "category": "paraphrase_conflict",
        "setup": [
            _up(
                "org/clearwater-utilities",
                ("Late Payment Fee", "policy", "amount", "$15"),
            ),
        ],
        "probe": _turn(
            "org/clearwater-utilities/user/greg",
            "greg-s1",
            "ugh, the late fee you charge is twenty-five bucks",
            "2026-05-13T20:45:00Z",
        ),
        "expect": "conflict",
        "note": "Late fee is $15, user informally says $25.",
    },
    {
        "id": "h13-para-07",
        "category": "paraphrase_conflict",
        "setup": [
            _doc(
                "org/greenleaf-clinic",
                "hours.md",
                "# Opening hours\n\nThe clinic is open Monday to Friday, 8am to 6pm. We are closed on weekends.",
            ),
        ],
        "probe": _turn(
            "org/greenleaf-clinic/user/hana",
            "hana-s1",
            "Your clinic is open on Saturdays.",
            "2026-02-27T08:30:00Z",
        ),
        "expect": "conflict",
        "note": "Clinic is closed on weekends, user says it opens Saturdays.",
    },
    {
        "id": "h13-para-08",
        "category": "paraphrase_conflict",
        "setup": [
            _up(
                "org/codeforge",
                ("Forge CLI", "product", "latest version", "4.2"),
                ("Forge CLI", "product", "license", "MIT"),
            ),
        ],
        "probe": _turn(
            "org/codeforge/user/ivan",
            "ivan-s1",
            "The newest release of Forge CLI is version 5.0.",
            "2026-06-01T13:10:00Z",
        ),
        "expect": "conflict",
        "note": "Latest Forge CLI version is 4.2, user says 5.0.",
    },
    {
        "id": "h13-para-09",
        "category": "paraphrase_conflict",
        "setup": [
            _doc(
                "org/riverton-council",
                "waste.md",
                "Household bins are collected every Tuesday.",
            ),
        ],
        "probe": _turn(
            "org/riverton-council/user/ellen",
            "ellen-s1",
            "Household bins are picked up on Thursdays by your crews.",
            "2026-03-17T18:00:00Z",
        ),
        "expect": "conflict",
        "note": "Bin day is Tuesday; passive-voice claim says Thursday.",
    },
    {
        "id": "h13-para-10",
        "category": "paraphrase_conflict",
        "setup": [
            _up(
                "org/atlas-logistics",
                ("Dana Whitfield", "person", "role", "Chief Financial Officer"),
            ),
        ],
        "probe": _turn(
            "org/atlas-logistics/user/ben",
            "ben-s1",
            "Dana Whitfield is your head of marketing.",
            "2026-01-26T10:25:00Z",
        ),
        "expect": "conflict",
        "note": "Dana Whitfield is CFO, user says head of marketing.",
    },
    {
        "id": "h13-para-11",
        "category": "paraphrase_conflict",
        "setup": [
            _doc(
                "org/sunbeam-pizza",
                "delivery.md",
                "# Delivery\n\nDelivery is free on orders over $25.",
            ),
        ],
        "probe": _turn(
            "org/sunbeam-pizza/user/kofi",
            "kofi-s1",
            "You only do free delivery when the order is above forty dollars.",
            "2026-07-03T19:30:00Z",
        ),
        "expect": "conflict",
        "note": "Free-delivery threshold is $25, user says $40.",
    },
    {
        "id": "h13-para-12",
        "category": "paraphrase_conflict",
        "setup": [
            _up(
                "org/vantage-telecom",
                ("Unlimited Plus", "plan", "monthly price", "$55"),
                ("Unlimited Plus", "plan", "data allowance", "unlimited"),
            ),
        ],
        "probe": _turn(
            "org/vantage-telecom/user/sofia",
            "sofia-s1",
            "Unlimited Plus costs $70 a month.",
            "2026-02-05T12:00:00Z",
        ),
        "expect": "conflict",
        "note": "Plan costs $55/month, user says $70.",
    },
    {
        "id": "h13-para-13",
        "category": "paraphrase_conflict",
        "setup": [
            _doc(
                "org/harborview-dental",
                "new-patients.md",
                "New patients must arrive 15 minutes before their first appointment to complete paperwork.",
            ),
        ],
        "probe": _turn(
            "org/harborview-dental/user/tom",
            "tom-s1",
            "You ask new patients to show up half an hour before their first appointment.",
            "2026-04-21T09:00:00Z",
        ),
        "expect": "conflict",
        "note": "Arrive 15 minutes early, user says 30 minutes.",
    },
    {
        "id": "h13-para-14",
        "category": "paraphrase_conflict",
        "setup": [
            _up(
                "org/trailhead-gym",
                ("Personal Training", "service", "session length", "60 minutes"),
            ),
        ],
        "probe": _turn(
            "org/trailhead-gym/user/nadia",
            "nadia-s1",
            "A personal training session with you lasts 45 minutes.",
            "2026-05-02T06:50:00Z",
        ),
        "expect": "conflict",
        "note": "Sessions are 60 minutes, user says 45.",
    },
    {
        "id": "h13-para-15",
        "category": "paraphrase_conflict",
        "setup": [
            _doc(
                "org/meridian-insurance",
                "claims.md",
                "# Making a claim\n\nClaims must be filed within 90 days of the incident. Late claims are reviewed case by case.",
            ),
        ],
        "probe": _turn(
            "org/meridian-insurance/user/carlos",
            "carlos-s1",
            "You only give people a week to file a claim after an incident.",
            "2026-03-09T15:35:00Z",
        ),
        "expect": "conflict",
        "note": "Claim deadline is 90 days, user says one week.",
    },
    {
        "id": "h13-para-16",
        "category": "paraphrase_conflict",
        "setup": [
            _up(
                "org/copperline-rail",
                ("Central Station", "location", "ticket office closing time", "10 PM"),
            ),
        ],
        "probe": _turn(
            "org/copperline-rail/user/aisha",
            "aisha-s1",
            "The ticket office at Central Station shuts at 8 in the evening.",
            "2026-01-30T21:10:00Z",
        ),
        "expect": "conflict",
        "note": "Ticket office closes at 10 PM, user says 8 PM.",
    },
    {
        "id": "h13-para-17",
        "category": "paraphrase_conflict",
        "setup": [
            _doc(
                "org/bluepeak-software",
                "trial.md",
                "# Free trial\n\nEvery new account gets a 14-day free trial. No credit card is required.",
            ),
        ],
        "probe": _turn(
            "org/bluepeak-software/user/jonas",
            "jonas-s1",
            "Your free trial runs for a full month.",
            "2026-06-15T10:40:00Z",
        ),
        "expect": "conflict",
        "note": "Trial is 14 days, user says a month.",
    },
    {
        "id": "h13-para-18",
        "category": "paraphrase_conflict",
        "setup": [
            _doc(
                "org/orchard-foods",
                "handbook.md",
                "# Leave\n\nEmployees accrue 25 days of paid vacation per year.",
            ),
        ],
        "probe": _turn(
            "org/orchard-foods/team/warehouse",
            "warehouse-s1",
            "Orchard Foods gives its employees 20 days of paid vacation a year.",
            "2026-02-18T07:15:00Z",
        ),
        "expect": "conflict",
        "note": "Team scope is covered by the org; 25 days vs 20 days of vacation.",
    },
    {
        "id": "h13-para-19",
        "category": "paraphrase_conflict",
        "setup": [
            _up(
                "org/stellar-cinemas",
                ("Summer Film Festival", "event", "start date", "2026-07-10"),
            ),
        ],
        "probe": _turn(
            "org/stellar-cinemas/user/mei",
            "mei-s1",
            "Your Summer Film Festival kicks off on the 24th of July.",
            "2026-05-20T17:00:00Z",
        ),
        "expect": "conflict",
        "note": "Festival starts 10 July, user says 24 July.",
    },
    {
        "id": "h13-para-20",
        "category": "paraphrase_conflict",
        "setup": [
            _doc(
                "org/quillbooks",
                "shipping.md",
                "Standard shipping takes 3-5 business days.",
            ),
        ],
        "probe": _turn(
            "org/quillbooks/user/dev",
            "dev-s1",
            "Standard shipping from you takes about two weeks.",
            "2026-08-06T11:45:00Z",
        ),
        "expect": "conflict",
        "note": "Standard shipping is 3-5 business days, user says two weeks.",
    },
    {
        "id": "h13-para-21",
        "category": "paraphrase_conflict",
        "setup": [
            _up(
                "org/evergreen-vet",
                ("Evergreen Veterinary", "organization", "emergency phone", "555-0142"),
            ),
        ],
        "probe": _turn(
            "org/evergreen-vet/user/lucy",
            "lucy-s1",
            "Your emergency line is 555-0199.",
            "2026-09-12T02:20:00Z",
        ),
        "expect": "conflict",
        "note": "Emergency number is 555-0142, user gives a different number.",
    },
    {
        "id": "h13-para-22",
        "category": "paraphrase_conflict",
        "setup": [
            _doc(
                "org/nimbus-cloud",
                "plans.md",
                "# Plans\n\nThe Starter plan includes 50 GB of storage. The Pro plan includes 1 TB.",
            ),
        ],
        "probe": _turn(
            "org/nimbus-cloud/user/felix",
            "felix-s1",
            "The Starter plan only comes with 10 gigs of storage.",
            "2026-03-28T13:55:00Z",
        ),
        "expect": "conflict",
        "note": "Starter storage is 50 GB, user says 10 GB.",
    },
    {
        "id": "h13-para-23",
        "category": "paraphrase_conflict",
        "setup": [
            _up(
                "org/kestrel-motors",
                ("Kestrel E4", "product", "price", "$32,000"),
                ("Kestrel E4", "product", "range", "400 km"),
            ),
        ],
        "probe": _turn(
            "org/kestrel-motors/user/yuki",
            "yuki-s1",
            "The Kestrel E4 can only go 250 kilometres on a full charge.",
            "2026-04-14T16:30:00Z",
        ),
        "expect": "conflict",
        "note": "Range is 400 km, user says 250 km.",
    },
    {
        "id": "h13-para-24",
        "category": "paraphrase_conflict",
        "setup": [
            _doc(
                "org/lakeside-library",
                "loans.md",
                "Borrowers can keep books for three weeks and renew them twice.",
            ),
        ],
        "probe": _turn(
            "org/lakeside-library/user/ruth",
            "ruth-s1",
            "You let people keep library books for just seven days.",
            "2026-10-01T10:10:00Z",
        ),
        "expect": "conflict",
        "note": "Loan period is three weeks, user says seven days.",
    },
    # ------------------------------------------------------------------
    # agreement (14) -- expect "corroborate"
    # ------------------------------------------------------------------
    {
        "id": "h13-agree-01",
        "category": "agreement",
        "setup": [
            _doc(
                "org/willow-pharmacy",
                "prescriptions.md",
                "Prescriptions are ready for pickup within 24 hours.",
            ),
        ],
        "probe": _turn(
            "org/willow-pharmacy/user/george",
            "george-s1",
            "You have prescriptions ready to collect within a day.",
            "2026-01-12T09:30:00Z",
        ),
        "expect": "corroborate",
        "note": "24 hours restated as a day.",
    },
    {
        "id": "h13-agree-02",
        "category": "agreement",
        "setup": [
            _up(
                "org/saltmarsh-ferries",
                ("Island Crossing", "service", "duration", "45 minutes"),
            ),
        ],
        "probe": _turn(
            "org/saltmarsh-ferries/user/iris",
            "iris-s1",
            "The Island Crossing takes three quarters of an hour.",
            "2026-06-22T08:05:00Z",
        ),
        "expect": "corroborate",
        "note": "45 minutes restated as three quarters of an hour.",
    },
    {
        "id": "h13-agree-03",
        "category": "agreement",
        "setup": [
            _doc(
                "org/brightpath-academy",
                "refunds.md",
                "# Refunds\n\nRefund requests are accepted for two weeks after purchase.",
            ),
        ],
        "probe": _turn(
            "org/brightpath-academy/user/leo",
            "leo-s1",
            "You accept refund requests for 14 days after buying a course.",
            "2026-02-09T19:20:00Z",
        ),
        "expect": "corroborate",
        "note": "Two weeks restated as 14 days.",
    },
    {
        "id": "h13-agree-04",
        "category": "agreement",
        "setup": [
            _up(
                "org/ironwood-bank",
                ("Platinum Card", "product", "annual fee", "$95"),
            ),
        ],
        "probe": _turn(
            "org/ironwood-bank/user/fatima",
            "fatima-s1",
            "The Platinum Card's annual fee is ninety-five dollars.",
            "2026-03-03T12:45:00Z",
        ),
        "expect": "corroborate",
        "note": "Same fee, written in words.",
    },
    {
        "id": "h13-agree-05",
        "category": "agreement",
        "setup": [
            _doc(
                "org/solace-spa",
                "visit.md",
                "The spa opens at 9 a.m. every day of the week.",
            ),
        ],
        "probe": _turn(
            "org/solace-spa/user/clara",
            "clara-s1",
            "Your spa opens at nine in the morning daily.",
            "2026-05-25T07:00:00Z",
        ),
        "expect": "corroborate",
        "note": "Same opening time, different wording.",
    },
    {
        "id": "h13-agree-06",
        "category": "agreement",
        "setup": [
            _up(
                "org/highland-water",
                ("Meter Reading", "service", "frequency", "quarterly"),
            ),
        ],
        "probe": _turn(
            "org/highland-water/user/angus",
            "angus-s1",
            "You read the water meters every three months.",
            "2026-04-08T14:15:00Z",
        ),
        "expect": "corroborate",
        "note": "Quarterly restated as every three months.",
    },
    {
        "id": "h13-agree-07",
        "category": "agreement",
        "setup": [
            _doc(
                "org/orbit-games",
                "orbit-arena.md",
                "# Orbit Arena\n\nOrbit Arena supports up to 8 players per match.",
            ),
        ],
        "probe": _turn(
            "org/orbit-games/user/zed",
            "zed-s1",
            "Orbit Arena matches allow a maximum of eight players.",
            "2026-07-18T22:30:00Z",
        ),
        "expect": "corroborate",
        "note": "Same player cap, number in words.",
    },
    {
        "id": "h13-agree-08",
        "category": "agreement",
        "setup": [
            _up(
                "org/granite-construction",
                ("Site Safety Policy", "policy", "hard hat requirement", "mandatory on all sites"),
            ),
        ],
        "probe": _turn(
            "org/granite-construction/team/site-crew",
            "crew-s1",
            "Hard hats are required on every Granite Construction site.",
            "2026-02-02T06:30:00Z",
        ),
        "expect": "corroborate",
        "note": "Team turn restates the mandatory hard-hat rule.",
    },
    {
        "id": "h13-agree-09",
        "category": "agreement",
        "setup": [
            _doc(
                "org/velvet-theatre",
                "tickets.md",
                "Tickets for the matinee performance cost £20.",
            ),
        ],
        "probe": _turn(
            "org/velvet-theatre/user/harriet",
            "harriet-s1",
            "A matinee ticket at your theatre is twenty pounds.",
            "2026-11-04T13:00:00Z",
        ),
        "expect": "corroborate",
        "note": "£20 restated as twenty pounds.",
    },
    {
        "id": "h13-agree-10",
        "category": "agreement",
        "setup": [
            _up(
                "org/cedar-hospital",
                ("Cedar General Hospital", "location", "visiting hours", "2 PM to 8 PM"),
            ),
        ],
        "probe": _turn(
            "org/cedar-hospital/user/paul",
            "paul-s1",
            "Visiting hours at Cedar General Hospital are from 14:00 to 20:00.",
            "2026-03-21T11:20:00Z",
        ),
        "expect": "corroborate",
        "note": "Same hours in 24-hour clock.",
    },
    {
        "id": "h13-agree-11",
        "category": "agreement",
        "setup": [
            _doc(
                "org/fleetwise-rentals",
                "requirements.md",
                "# Rental requirements\n\nRenters must be at least 21 years old and hold a full driving licence.",
            ),
        ],
        "probe": _turn(
            "org/fleetwise-rentals/user/sam",
            "sam-s1",
            "You need to be 21 or older to rent a car from you.",
            "2026-08-14T09:50:00Z",
        ),
        "expect": "corroborate",
        "note": "Same minimum age restated.",
    },
    {
        "id": "h13-agree-12",
        "category": "agreement",
        "setup": [
            _up(
                "org/parcelpoint",
                ("Small Parcel", "product", "max weight", "2 kg"),
            ),
        ],
        "probe": _turn(
            "org/parcelpoint/user/nina",
            "nina-s1",
            "Your Small Parcel option takes anything up to 2000 grams.",
            "2026-05-07T15:25:00Z",
        ),
        "expect": "corroborate",
        "note": "2 kg restated as 2000 grams.",
    },
    {
        "id": "h13-agree-13",
        "category": "agreement",
        "setup": [
            _doc(
                "org/northwind-airlines",
                "boarding.md",
                "Boarding closes 20 minutes before departure.",
            ),
        ],
        "probe": _turn(
            "org/northwind-airlines/user/erik",
            "erik-s1",
            "Your gates close for boarding twenty minutes prior to departure.",
            "2026-09-01T05:40:00Z",
        ),
        "expect": "corroborate",
        "note": "Same boarding cutoff, number in words.",
    },
    {
        "id": "h13-agree-14",
        "category": "agreement",
        "setup": [
            _up(
                "org/hilltop-school",
                ("Spring Term", "event", "start date", "2026-04-13"),
            ),
        ],
        "probe": _turn(
            "org/hilltop-school/user/grace",
            "grace-s1",
            "Spring term at Hilltop starts on Monday 13 April 2026.",
            "2026-03-10T18:10:00Z",
        ),
        "expect": "corroborate",
        "note": "Same start date in a different date format.",
    },
    # ------------------------------------------------------------------
    # supersession (12) -- expect "supersede"
    # ------------------------------------------------------------------
    {
        "id": "h13-super-01",
        "category": "supersession",
        "setup": [
            _turn(
                "org/brightmart/user/alice",
                "alice-s1",
                "I live in Bristol.",
                "2026-01-05T10:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/brightmart/user/alice",
            "alice-s2",
            "Just relocated, I'm living in Edinburgh these days.",
            "2026-04-12T10:00:00Z",
        ),
        "expect": "supersede",
        "note": "Same user changes home city from Bristol to Edinburgh.",
    },
    {
        "id": "h13-super-02",
        "category": "supersession",
        "setup": [
            _turn(
                "org/careline-health/user/bilal",
                "bilal-s1",
                "I work as a nurse at St Mary's.",
                "2026-02-01T08:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/careline-health/user/bilal",
            "bilal-s2",
            "I've changed careers, I'm a paramedic now.",
            "2026-06-03T08:00:00Z",
        ),
        "expect": "supersede",
        "note": "Same user's job changes from nurse to paramedic.",
    },
    {
        "id": "h13-super-03",
        "category": "supersession",
        "setup": [
            _turn(
                "org/pawprint-pets/user/chloe",
                "chloe-s1",
                "I have one cat.",
                "2026-01-14T17:30:00Z",
            ),
        ],
        "probe": _turn(
            "org/pawprint-pets/user/chloe",
            "chloe-s2",
            "We adopted another kitten, so I have two cats now.",
            "2026-03-02T17:30:00Z",
        ),
        "expect": "supersede",
        "note": "Same user's number of cats goes from one to two.",
    },
    {
        "id": "h13-super-04",
        "category": "supersession",
        "setup": [
            _turn(
                "org/roadsure-insurance/user/derek",
                "derek-s1",
                "I drive a Honda Civic.",
                "2026-02-20T12:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/roadsure-insurance/user/derek",
            "derek-s2",
            "I traded the Civic in; a Tesla Model 3 is what I drive now.",
            "2026-05-15T12:00:00Z",
        ),
        "expect": "supersede",
        "note": "Same user's car changes from Honda Civic to Tesla Model 3.",
    },
    {
        "id": "h13-super-05",
        "category": "supersession",
        "setup": [
            _turn(
                "org/vantage-telecom/user/eva",
                "eva-s1",
                "My phone number is 07700 900123.",
                "2026-01-09T09:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/vantage-telecom/user/eva",
            "eva-s2",
            "New number: 07700 900456, please use that from now on.",
            "2026-02-25T09:00:00Z",
        ),
        "expect": "supersede",
        "note": "Same user replaces their phone number.",
    },
    {
        "id": "h13-super-06",
        "category": "supersession",
        "setup": [
            _turn(
                "org/freshbox-meals/user/finn",
                "finn-s1",
                "I'm vegetarian.",
                "2026-01-03T18:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/freshbox-meals/user/finn",
            "finn-s2",
            "I've gone fully vegan since March, so please treat my diet as vegan.",
            "2026-04-01T18:00:00Z",
        ),
        "expect": "supersede",
        "note": "Same user's diet changes from vegetarian to vegan.",
    },
    {
        "id": "h13-super-07",
        "category": "supersession",
        "setup": [
            _turn(
                "org/atlas-logistics/user/gina",
                "gina-s1",
                "My manager is Priya Shah.",
                "2026-02-10T09:30:00Z",
            ),
        ],
        "probe": _turn(
            "org/atlas-logistics/user/gina",
            "gina-s2",
            "I report to a new manager now, Tom Becker.",
            "2026-07-06T09:30:00Z",
        ),
        "expect": "supersede",
        "note": "Same user's manager changes from Priya Shah to Tom Becker.",
    },
    {
        "id": "h13-super-08",
        "category": "supersession",
        "setup": [
            _turn(
                "org/streamly/user/hugo",
                "hugo-s1",
                "I'm on the Basic plan.",
                "2026-03-01T20:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/streamly/user/hugo",
            "hugo-s2",
            "I upgraded to the Premium plan yesterday.",
            "2026-03-19T20:00:00Z",
        ),
        "expect": "supersede",
        "note": "Same user's subscription plan changes from Basic to Premium.",
    },
    {
        "id": "h13-super-09",
        "category": "supersession",
        "setup": [
            _turn(
                "org/quillbooks/user/irene",
                "irene-s1",
                "My shipping address is 12 Elm Street, Norwich.",
                "2026-01-22T11:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/quillbooks/user/irene",
            "irene-s2",
            "Heads up: my shipping address changed to 48 Oak Avenue, Norwich.",
            "2026-05-30T11:00:00Z",
        ),
        "expect": "supersede",
        "note": "Same user updates their shipping address.",
    },
    {
        "id": "h13-super-10",
        "category": "supersession",
        "setup": [
            _turn(
                "org/greenleaf-clinic/user/jack",
                "jack-s1",
                "I'm 34 years old.",
                "2026-01-15T10:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/greenleaf-clinic/user/jack",
            "jack-s2",
            "I turned 35 last week.",
            "2026-08-20T10:00:00Z",
        ),
        "expect": "supersede",
        "note": "Same user's age updates from 34 to 35.",
    },
    {
        "id": "h13-super-11",
        "category": "supersession",
        "setup": [
            _turn(
                "org/northfield-bank/user/kira",
                "kira-s1",
                "My preferred way to be contacted is email.",
                "2026-02-14T13:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/northfield-bank/user/kira",
            "kira-s2",
            "Actually, text messages are my preferred contact method now, not email.",
            "2026-04-28T13:00:00Z",
        ),
        "expect": "supersede",
        "note": "Same user changes preferred contact method from email to SMS.",
    },
    {
        "id": "h13-super-12",
        "category": "supersession",
        "setup": [
            _turn(
                "org/kingsbridge-university/user/liam",
                "liam-s1",
                "I'm studying for a law degree.",
                "2026-01-11T15:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/kingsbridge-university/user/liam",
            "liam-s2",
            "I switched my degree, I'm studying economics now.",
            "2026-09-28T15:00:00Z",
        ),
        "expect": "supersede",
        "note": "Same user's degree subject changes from law to economics.",
    },
    # ------------------------------------------------------------------
    # negation (12) -- expect "close"
    # ------------------------------------------------------------------
    {
        "id": "h13-neg-01",
        "category": "negation",
        "setup": [
            _turn(
                "org/careline-health/user/marta",
                "marta-s1",
                "I smoke about ten cigarettes a day.",
                "2026-01-07T09:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/careline-health/user/marta",
            "marta-s2",
            "I quit smoking last month.",
            "2026-05-07T09:00:00Z",
        ),
        "expect": "close",
        "note": "Same user quits smoking.",
    },
    {
        "id": "h13-neg-02",
        "category": "negation",
        "setup": [
            _turn(
                "org/roadsure-insurance/user/nate",
                "nate-s1",
                "I own a Ford Focus.",
                "2026-02-03T10:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/roadsure-insurance/user/nate",
            "nate-s2",
            "I sold my car, so I don't have one anymore.",
            "2026-06-10T10:00:00Z",
        ),
        "expect": "close",
        "note": "Same user sold the car they said they owned.",
    },
    {
        "id": "h13-neg-03",
        "category": "negation",
        "setup": [
            _turn(
                "org/trailhead-gym/user/olive",
                "olive-s1",
                "I'm a member of the Riverside Running Club.",
                "2026-01-20T07:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/trailhead-gym/user/olive",
            "olive-s2",
            "I'm no longer a member of the Riverside Running Club.",
            "2026-04-20T07:00:00Z",
        ),
        "expect": "close",
        "note": "Same user explicitly ends the club membership.",
    },
    {
        "id": "h13-neg-04",
        "category": "negation",
        "setup": [
            _turn(
                "org/dailyledger-news/user/pete",
                "pete-s1",
                "I subscribe to your premium newsletter.",
                "2026-02-12T08:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/dailyledger-news/user/pete",
            "pete-s2",
            "I cancelled the premium newsletter, I'm not subscribed anymore.",
            "2026-03-30T08:00:00Z",
        ),
        "expect": "close",
        "note": "Same user's newsletter subscription is negated.",
    },
    {
        "id": "h13-neg-05",
        "category": "negation",
        "setup": [
            _turn(
                "org/harmony-music-school/user/quinn",
                "quinn-s1",
                "I play the violin in a community orchestra.",
                "2026-01-25T19:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/harmony-music-school/user/quinn",
            "quinn-s2",
            "I used to play violin in the orchestra, but I stopped.",
            "2026-07-25T19:00:00Z",
        ),
        "expect": "close",
        "note": "Same user says they used to play and stopped.",
    },
    {
        "id": "h13-neg-06",
        "category": "negation",
        "setup": [
            _turn(
                "org/beanhouse-coffee/user/rosa",
                "rosa-s1",
                "I drink coffee every morning.",
                "2026-03-05T07:30:00Z",
            ),
        ],
        "probe": _turn(
            "org/beanhouse-coffee/user/rosa",
            "rosa-s2",
            "I gave up coffee completely.",
            "2026-06-05T07:30:00Z",
        ),
        "expect": "close",
        "note": "Same user gave up their daily coffee.",
    },
    {
        "id": "h13-neg-07",
        "category": "negation",
        "setup": [
            _turn(
                "org/talentbridge/user/simon",
                "simon-s1",
                "I work at Halden Engineering.",
                "2026-01-28T12:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/talentbridge/user/simon",
            "simon-s2",
            "I don't work at Halden Engineering anymore.",
            "2026-05-28T12:00:00Z",
        ),
        "expect": "close",
        "note": "Same user's employment is negated with no replacement given.",
    },
    {
        "id": "h13-neg-08",
        "category": "negation",
        "setup": [
            _turn(
                "org/evergreen-vet/user/tara",
                "tara-s1",
                "I have a pet rabbit named Clover.",
                "2026-02-06T16:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/evergreen-vet/user/tara",
            "tara-s2",
            "Sadly Clover passed away, so I don't have a rabbit any more.",
            "2026-08-06T16:00:00Z",
        ),
        "expect": "close",
        "note": "Same user no longer has the pet rabbit.",
    },
    {
        "id": "h13-neg-09",
        "category": "negation",
        "setup": [
            _turn(
                "org/willow-pharmacy/user/umar",
                "umar-s1",
                "I take metformin every day.",
                "2026-01-16T09:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/willow-pharmacy/user/umar",
            "umar-s2",
            "My doctor took me off metformin, I'm not taking it anymore.",
            "2026-04-16T09:00:00Z",
        ),
        "expect": "close",
        "note": "Same user stops the medication.",
    },
    {
        "id": "h13-neg-10",
        "category": "negation",
        "setup": [
            _turn(
                "org/lingolane/user/vera",
                "vera-s1",
                "I'm learning Japanese.",
                "2026-02-22T20:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/lingolane/user/vera",
            "vera-s2",
            "I stopped learning Japanese.",
            "2026-09-22T20:00:00Z",
        ),
        "expect": "close",
        "note": "Same user stopped learning the language.",
    },
    {
        "id": "h13-neg-11",
        "category": "negation",
        "setup": [
            _turn(
                "org/homenest-lettings/user/will",
                "will-s1",
                "I rent a flat on Castle Road.",
                "2026-01-02T14:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/homenest-lettings/user/will",
            "will-s2",
            "I no longer rent the flat on Castle Road.",
            "2026-07-02T14:00:00Z",
        ),
        "expect": "close",
        "note": "Same user no longer rents the flat.",
    },
    {
        "id": "h13-neg-12",
        "category": "negation",
        "setup": [
            _turn(
                "org/riverton-council/user/xena",
                "xena-s1",
                "I volunteer at the food bank on Fridays.",
                "2026-03-13T10:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/riverton-council/user/xena",
            "xena-s2",
            "I'm not volunteering at the food bank now, I stopped in the summer.",
            "2026-10-13T10:00:00Z",
        ),
        "expect": "close",
        "note": "Same user stopped volunteering.",
    },
    # ------------------------------------------------------------------
    # unrelated (20) -- expect "none"
    # ------------------------------------------------------------------
    {
        "id": "h13-unrel-01",
        "category": "unrelated",
        "setup": [
            _doc(
                "org/pinecrest-outfitters",
                "returns.md",
                "# Returns\n\nItems may be returned within 30 days of delivery.",
            ),
        ],
        "probe": _turn(
            "org/pinecrest-outfitters/user/abe",
            "abe-s1",
            "My order arrived in two days, which was great.",
            "2026-01-10T12:00:00Z",
        ),
        "expect": "none",
        "note": "Delivery speed of one order is not the return window.",
    },
    {
        "id": "h13-unrel-02",
        "category": "unrelated",
        "setup": [
            _up(
                "org/acme-lighting",
                ("Aurora Desk Lamp", "product", "price", "$49"),
            ),
        ],
        "probe": _turn(
            "org/acme-lighting/user/bea",
            "bea-s1",
            "The Aurora Floor Lamp costs $89.",
            "2026-02-14T10:00:00Z",
        ),
        "expect": "none",
        "note": "Different product (floor lamp vs desk lamp).",
    },
    {
        "id": "h13-unrel-03",
        "category": "unrelated",
        "setup": [
            _doc(
                "org/brightmart",
                "returns.md",
                "Returns are accepted within 30 days of delivery.",
            ),
        ],
        "probe": _turn(
            "org/brightmart/user/cal",
            "cal-s1",
            "Is your return policy 60 days?",
            "2026-03-01T09:00:00Z",
        ),
        "expect": "none",
        "note": "A question, not an assertion.",
    },
    {
        "id": "h13-unrel-04",
        "category": "unrelated",
        "setup": [
            _doc(
                "org/brightmart",
                "returns.md",
                "Returns are accepted within 30 days of delivery.",
            ),
        ],
        "probe": _turn(
            "org/brightmart/user/dina",
            "dina-s1",
            "I wish your return window was 90 days.",
            "2026-03-02T09:00:00Z",
        ),
        "expect": "none",
        "note": "A wish, not a claim about the policy.",
    },
    {
        "id": "h13-unrel-05",
        "category": "unrelated",
        "setup": [
            _doc(
                "org/ironpulse-gym",
                "hours.md",
                "# Hours\n\nThe gym opens at 6am on weekdays.",
            ),
        ],
        "probe": _turn(
            "org/ironpulse-gym/user/eli",
            "eli-s1",
            "If the gym opened at 5am I could train before my shift.",
            "2026-04-03T21:00:00Z",
        ),
        "expect": "none",
        "note": "Hypothetical about opening time, not an assertion.",
    },
    {
        "id": "h13-unrel-06",
        "category": "unrelated",
        "setup": [
            _up(
                "org/seaside-lodges",
                ("Seaside Lodge", "location", "check-in time", "4 PM"),
            ),
        ],
        "probe": _turn(
            "org/seaside-lodges/user/fay",
            "fay-s1",
            "Checkout at the Seaside Lodge is at 11 in the morning.",
            "2026-05-09T08:00:00Z",
        ),
        "expect": "none",
        "note": "Same place, different attribute (checkout vs check-in).",
    },
    {
        "id": "h13-unrel-07",
        "category": "unrelated",
        "setup": [
            _doc(
                "org/maplewood-college",
                "fees.md",
                "Tuition for the 2026 academic year is $12,000.",
            ),
        ],
        "probe": _turn(
            "org/maplewood-college/user/gus",
            "gus-s1",
            "I'm paying my tuition in two instalments.",
            "2026-04-05T16:00:00Z",
        ),
        "expect": "none",
        "note": "Personal payment arrangement, not the tuition amount.",
    },
    {
        "id": "h13-unrel-08",
        "category": "unrelated",
        "setup": [
            _doc(
                "org/tunewave",
                "pricing.md",
                "# Pricing\n\nThe Basic plan costs $10 per month.",
            ),
        ],
        "probe": _turn(
            "org/tunewave/user/hal",
            "hal-s1",
            "The Family plan costs $25 per month.",
            "2026-06-11T19:00:00Z",
        ),
        "expect": "none",
        "note": "Different plan (Family vs Basic).",
    },
    {
        "id": "h13-unrel-09",
        "category": "unrelated",
        "setup": [
            _up(
                "org/vantage-telecom",
                ("Unlimited Plus", "plan", "monthly price", "$55"),
            ),
        ],
        "probe": _turn(
            "org/vantage-telecom/user/ida",
            "ida-s1",
            "Does Unlimited Plus cost $70 a month?",
            "2026-02-06T12:00:00Z",
        ),
        "expect": "none",
        "note": "A question, not an assertion.",
    },
    {
        "id": "h13-unrel-10",
        "category": "unrelated",
        "setup": [
            _doc(
                "org/bluepeak-software",
                "trial.md",
                "Every new account gets a 14-day free trial.",
            ),
        ],
        "probe": _turn(
            "org/bluepeak-software/user/jay",
            "jay-s1",
            "If the trial were a month long, I'd have time to test everything properly.",
            "2026-06-16T10:00:00Z",
        ),
        "expect": "none",
        "note": "Counterfactual, not a claim that the trial is a month.",
    },
    {
        "id": "h13-unrel-11",
        "category": "unrelated",
        "setup": [
            _up(
                "org/kestrel-motors",
                ("Kestrel E4", "product", "range", "400 km"),
            ),
        ],
        "probe": _turn(
            "org/kestrel-motors/user/kai",
            "kai-s1",
            "The Kestrel E4 charges to 80 percent in about 30 minutes.",
            "2026-04-15T16:00:00Z",
        ),
        "expect": "none",
        "note": "Same car, different attribute (charging time vs range).",
    },
    {
        "id": "h13-unrel-12",
        "category": "unrelated",
        "setup": [
            _up(
                "org/atlas-logistics",
                ("Dana Whitfield", "person", "role", "Chief Financial Officer"),
            ),
        ],
        "probe": _turn(
            "org/atlas-logistics/user/lars",
            "lars-s1",
            "Marcus Lee is your head of marketing.",
            "2026-01-27T10:00:00Z",
        ),
        "expect": "none",
        "note": "Different person.",
    },
    {
        "id": "h13-unrel-13",
        "category": "unrelated",
        "setup": [
            _doc(
                "org/lakeside-library",
                "loans.md",
                "Borrowers can keep books for three weeks.",
            ),
        ],
        "probe": _turn(
            "org/lakeside-library/user/mo",
            "mo-s1",
            "I'd love it if you let us keep books for two months.",
            "2026-10-02T10:00:00Z",
        ),
        "expect": "none",
        "note": "A wish, not a claim about the loan period.",
    },
    {
        "id": "h13-unrel-14",
        "category": "unrelated",
        "setup": [
            _doc(
                "org/sunbeam-pizza",
                "delivery.md",
                "Delivery is free on orders over $25.",
            ),
        ],
        "probe": _turn(
            "org/sunbeam-pizza/user/ned",
            "ned-s1",
            "I usually order about $30 worth of pizza on Fridays.",
            "2026-07-04T19:00:00Z",
        ),
        "expect": "none",
        "note": "User's own ordering habit, not the delivery threshold.",
    },
    {
        "id": "h13-unrel-15",
        "category": "unrelated",
        "setup": [
            _doc(
                "org/ashford-council",
                "waste.md",
                "# Bin collections\n\nIn the North district, household bins are collected every Tuesday.",
            ),
        ],
        "probe": _turn(
            "org/ashford-council/user/opal",
            "opal-s1",
            "In the South district, the recycling lorry comes on Fridays.",
            "2026-03-18T18:00:00Z",
        ),
        "expect": "none",
        "note": "Different district and a different collection.",
    },
    {
        "id": "h13-unrel-16",
        "category": "unrelated",
        "setup": [
            _up(
                "org/copperline-rail",
                ("Central Station", "location", "ticket office closing time", "10 PM"),
            ),
        ],
        "probe": _turn(
            "org/copperline-rail/user/pia",
            "pia-s1",
            "What time does the ticket office at Central Station close?",
            "2026-01-31T20:00:00Z",
        ),
        "expect": "none",
        "note": "A question with no asserted value.",
    },
    {
        "id": "h13-unrel-17",
        "category": "unrelated",
        "setup": [
            _doc(
                "org/nimbus-cloud",
                "plans.md",
                "The Starter plan includes 50 GB of storage.",
            ),
        ],
        "probe": _turn(
            "org/nimbus-cloud/user/rex",
            "rex-s1",
            "The Starter plan lets you add up to three users.",
            "2026-03-29T14:00:00Z",
        ),
        "expect": "none",
        "note": "Same plan, different attribute (user seats vs storage).",
    },
    {
        "id": "h13-unrel-18",
        "category": "unrelated",
        "setup": [
            _doc(
                "org/greenleaf-clinic",
                "hours.md",
                "The clinic is open Monday to Friday, 8am to 6pm.",
            ),
        ],
        "probe": _turn(
            "org/greenleaf-clinic/user/sia",
            "sia-s1",
            "My appointment is on Wednesday at 10am.",
            "2026-02-23T08:00:00Z",
        ),
        "expect": "none",
        "note": "Personal appointment, not the clinic's hours.",
    },
    {
        "id": "h13-unrel-19",
        "category": "unrelated",
        "setup": [
            _doc(
                "org/pixelcraft-studio",
                "trial.md",
                "# Trial\n\nThe free trial lasts 7 days.",
            ),
        ],
        "probe": _turn(
            "org/pixelcraft-studio/user/ty",
            "ty-s1",
            "Could you extend my trial to 30 days?",
            "2026-05-11T11:00:00Z",
        ),
        "expect": "none",
        "note": "A request, not a claim about the trial length.",
    },
    {
        "id": "h13-unrel-20",
        "category": "unrelated",
        "setup": [
            _up(
                "org/codeforge",
                ("Forge CLI", "product", "latest version", "4.2"),
            ),
        ],
        "probe": _turn(
            "org/codeforge/user/uma",
            "uma-s1",
            "The latest version of Forge Studio is 2.1.",
            "2026-06-02T13:00:00Z",
        ),
        "expect": "none",
        "note": "Different product (Forge Studio vs Forge CLI).",
    },
    # ------------------------------------------------------------------
    # other_scope (14) -- expect "none"
    # ------------------------------------------------------------------
    {
        "id": "h13-scope-01",
        "category": "other_scope",
        "setup": [
            _doc(
                "org/brightmart",
                "returns.md",
                "# Returns\n\nReturns are accepted within 30 days of delivery.",
            ),
        ],
        "probe": _turn(
            "org/shopwell/user/vic",
            "vic-s1",
            "Your return policy is 60 days.",
            "2026-03-02T10:00:00Z",
        ),
        "expect": "none",
        "note": "User of another org; 'your' refers to Shopwell, not Brightmart.",
    },
    {
        "id": "h13-scope-02",
        "category": "other_scope",
        "setup": [
            _turn(
                "org/brightmart/user/alice",
                "alice-s1",
                "I live in Leeds.",
                "2026-01-05T10:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/brightmart/user/bob",
            "bob-s1",
            "I live in York.",
            "2026-01-06T10:00:00Z",
        ),
        "expect": "none",
        "note": "Two different users of the same org; each is about themselves.",
    },
    {
        "id": "h13-scope-03",
        "category": "other_scope",
        "setup": [
            _turn(
                "org/novatech/team/alpha",
                "alpha-s1",
                "Our daily standup is at 9:30.",
                "2026-02-02T09:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/novatech/team/beta",
            "beta-s1",
            "Our daily standup is at 10:00.",
            "2026-02-03T09:00:00Z",
        ),
        "expect": "none",
        "note": "Sibling teams, each describing its own standup.",
    },
    {
        "id": "h13-scope-04",
        "category": "other_scope",
        "setup": [
            _up(
                "org/helios-energy",
                ("Green Tariff", "plan", "unit rate", "24p per kWh"),
            ),
        ],
        "probe": _turn(
            "org/solara-energy/user/wes",
            "wes-s1",
            "Your Green Tariff costs 30p per kWh.",
            "2026-04-09T12:00:00Z",
        ),
        "expect": "none",
        "note": "Different org; 'your Green Tariff' is Solara's, not Helios's.",
    },
    {
        "id": "h13-scope-05",
        "category": "other_scope",
        "setup": [
            _turn(
                "org/roadsure-insurance/user/carol",
                "carol-s1",
                "My car is a blue Volvo.",
                "2026-02-15T10:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/roadsure-insurance/user/dan",
            "dan-s1",
            "My car is a red Mazda.",
            "2026-02-16T10:00:00Z",
        ),
        "expect": "none",
        "note": "Two users each describing their own car.",
    },
    {
        "id": "h13-scope-06",
        "category": "other_scope",
        "setup": [
            _doc(
                "org/acme",
                "shipping.md",
                "Standard shipping takes 3-5 business days.",
            ),
        ],
        "probe": _turn(
            "org/acme-labs/user/xavi",
            "xavi-s1",
            "Your standard shipping takes about two weeks.",
            "2026-05-05T10:00:00Z",
        ),
        "expect": "none",
        "note": "org/acme does not cover org/acme-labs; different org.",
    },
    {
        "id": "h13-scope-07",
        "category": "other_scope",
        "setup": [
            _doc(
                "org/greenleaf-clinic",
                "hours.md",
                "# Opening hours\n\nThe clinic is open Monday to Friday. We are closed on weekends.",
            ),
        ],
        "probe": _turn(
            "org/oakridge-medical/team/front-desk",
            "frontdesk-s1",
            "Our clinic is open on Saturdays from 9 to 1.",
            "2026-02-28T08:00:00Z",
        ),
        "expect": "none",
        "note": "A team of another org describing its own clinic.",
    },
    {
        "id": "h13-scope-08",
        "category": "other_scope",
        "setup": [
            _turn(
                "org/talentbridge/user/ella",
                "ella-s1",
                "I work remotely full time.",
                "2026-03-04T09:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/talentbridge/user/fred",
            "fred-s1",
            "I work in the office five days a week.",
            "2026-03-05T09:00:00Z",
        ),
        "expect": "none",
        "note": "Different users' own working arrangements.",
    },
    {
        "id": "h13-scope-09",
        "category": "other_scope",
        "setup": [
            _up(
                "org/lumen-hotels",
                ("Harbor View Inn", "location", "check-in time", "3:00 PM"),
            ),
        ],
        "probe": _turn(
            "org/coastal-stays/user/yara",
            "yara-s1",
            "Check-in at your Harbor View Inn starts at noon.",
            "2026-02-12T14:00:00Z",
        ),
        "expect": "none",
        "note": "Another org's user talking about that org's own inn.",
    },
    {
        "id": "h13-scope-10",
        "category": "other_scope",
        "setup": [
            _turn(
                "org/novatech/team/red",
                "red-s1",
                "Our project deadline is March 31.",
                "2026-01-12T11:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/novatech/team/blue",
            "blue-s1",
            "Our project deadline is April 15.",
            "2026-01-13T11:00:00Z",
        ),
        "expect": "none",
        "note": "Sibling teams, each with its own project deadline.",
    },
    {
        "id": "h13-scope-11",
        "category": "other_scope",
        "setup": [
            _turn(
                "org/pawprint-pets/user/gwen",
                "gwen-s1",
                "My dog is a labrador called Max.",
                "2026-04-01T17:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/pawprint-pets/user/hank",
            "hank-s1",
            "My dog is a poodle called Max.",
            "2026-04-02T17:00:00Z",
        ),
        "expect": "none",
        "note": "Two users each describing their own dog.",
    },
    {
        "id": "h13-scope-12",
        "category": "other_scope",
        "setup": [
            _doc(
                "org/skyhop-air",
                "baggage.md",
                "Each passenger may check one bag up to 23 kg free of charge.",
            ),
        ],
        "probe": _turn(
            "org/jetstream-airways/user/ines",
            "ines-s1",
            "You let every passenger check two bags for free.",
            "2026-03-05T07:00:00Z",
        ),
        "expect": "none",
        "note": "User of a different airline org; 'you' is Jetstream.",
    },
    {
        "id": "h13-scope-13",
        "category": "other_scope",
        "setup": [
            _up(
                "org/bramble-robotics",
                ("Jordan Price", "person", "role", "Chief Executive Officer"),
            ),
        ],
        "probe": _turn(
            "org/ferncliff-systems/user/jo",
            "jo-s1",
            "Jordan Price is your CTO.",
            "2026-06-18T10:00:00Z",
        ),
        "expect": "none",
        "note": "Another org's user; Ferncliff's staff are not Bramble's.",
    },
    {
        "id": "h13-scope-14",
        "category": "other_scope",
        "setup": [
            _turn(
                "org/streamly/user/kim",
                "kim-s1",
                "I'm on the Premium plan.",
                "2026-03-08T20:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/streamly/user/lou",
            "lou-s1",
            "I'm on the Basic plan.",
            "2026-03-09T20:00:00Z",
        ),
        "expect": "none",
        "note": "Two users each stating their own plan.",
    },
]
