"""Held-out conflict cases for EngramDB's reconciler.

Written independently of the implementation and of ``conflict_cases.py`` (whose topics and
phrasings it deliberately avoids), so that scores on it estimate how well contradiction detection
generalises to wording the system was not tuned on. Same case format as the main suite; run with
``tests/knowledge/_suite.py`` (each case in a fresh store: setup writes, then the probe, whose
outcome is one of conflict | supersede | close | corroborate | none).

Categories and what they expect:

- ``paraphrase_conflict`` -> conflict: a user turn contradicts an authoritative fact (document or
  upsert) of its own org, in different words, units or number formats.
- ``agreement`` -> corroborate: the same value restated, possibly in other units or words.
- ``unrelated`` -> none: different entity or attribute, questions, wishes, hypotheticals.
- ``supersession`` -> supersede: the same user updates their own fact (or a document is
  re-uploaded with a new version).
- ``negation`` -> close: "no longer", "not ... anymore", "used to", "quit", "sold my".
- ``other_scope`` -> none: contradicting statements in non-overlapping scopes.
"""

CASES: list[dict] = [
    {
        "id": "ho-para-01",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/fitloop",
                "name": "membership.md",
                "text": "# Flex membership\n\nThe Flex membership costs €39 per month.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/fitloop/user/alice",
            "session": "alice-s1",
            "role": "user",
            "text": "Your Flex plan is 49 euros a month.",
            "at": "2026-03-02T10:00:00Z",
        },
        "expect": "conflict",
        "note": "monthly fee €39 (doc) vs 49 euros (user); currency word vs symbol",
    },
    {
        "id": "ho-para-02",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/skyway",
                "name": "baggage.md",
                "text": "# Checked baggage\n\nEconomy passengers may check one bag of up to 23 kg.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/skyway/user/bob",
            "session": "bob-s1",
            "role": "user",
            "text": "Economy travellers on your flights can check a bag weighing as much as 30 "
            "kilograms.",
            "at": "2026-03-02T10:00:00Z",
        },
        "expect": "conflict",
        "note": "checked-bag weight limit 23 kg vs 30 kilograms, reworded",
    },
    {
        "id": "ho-para-03",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/larder",
                "name": "opening-days.md",
                "text": "# Opening days\n\nThe restaurant is closed every Monday.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/larder/user/carol",
            "session": "carol-s1",
            "role": "user",
            "text": "You are open on Mondays.",
            "at": "2026-03-02T10:00:00Z",
        },
        "expect": "conflict",
        "note": "boolean: closed on Mondays vs open on Mondays",
    },
    {
        "id": "ho-para-04",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/cloudnest",
                "triples": [
                    {"subject": "Team plan", "type": "plan", "key": "maximum users", "value": "25"}
                ],
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/cloudnest/user/dan",
            "session": "dan-s1",
            "role": "user",
            "text": "Your Team plan is limited to ten users.",
            "at": "2026-03-02T10:00:00Z",
        },
        "expect": "conflict",
        "note": "seat limit 25 (upsert) vs ten (number in words)",
    },
    {
        "id": "ho-para-05",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/cloudnest",
                "name": "plans.md",
                "text": "# Pro plan\n\nThe Pro plan includes 100 GB of storage.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/cloudnest/user/erin",
            "session": "erin-s1",
            "role": "user",
            "text": "Your Pro plan comes with 2 TB of storage.",
            "at": "2026-03-02T10:00:00Z",
        },
        "expect": "conflict",
        "note": "storage 100 GB vs 2 TB; needs unit conversion to see they differ",
    },
    {
        "id": "ho-para-06",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/keystone",
                "name": "lease.md",
                "text": "# Deposit\n\nA security deposit of $1,500 is required before move-in.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/keystone/user/frank",
            "session": "frank-s1",
            "role": "user",
            "text": "You ask tenants for a two thousand dollar security deposit.",
            "at": "2026-03-02T10:00:00Z",
        },
        "expect": "conflict",
        "note": "deposit $1,500 (passive voice) vs two thousand dollars (words, active voice)",
    },
    {
        "id": "ho-para-07",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/lendwell",
                "triples": [
                    {"subject": "Starter Loan", "type": "loan", "key": "term", "value": "36 months"}
                ],
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/lendwell/user/gina",
            "session": "gina-s1",
            "role": "user",
            "text": "Your Starter Loan has to be repaid over five years.",
            "at": "2026-03-02T10:00:00Z",
        },
        "expect": "conflict",
        "note": "loan term 36 months vs five years (60 months)",
    },
    {
        "id": "ho-para-08",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/streamly",
                "name": "trial.md",
                "text": "# Free trial\n\nEvery new subscriber gets a 14-day free trial.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/streamly/user/hugo",
            "session": "hugo-s1",
            "role": "user",
            "text": "Your free trial lasts a whole month.",
            "at": "2026-03-02T10:00:00Z",
        },
        "expect": "conflict",
        "note": "trial length 14 days vs one month",
    },
    {
        "id": "ho-para-09",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/harbourhotel",
                "name": "stay.md",
                "text": "# Departure\n\nGuests must check out by 11:00 a.m.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/harbourhotel/user/ivy",
            "session": "ivy-s1",
            "role": "user",
            "text": "Check-out at your hotel is at 1 pm.",
            "at": "2026-03-02T10:00:00Z",
        },
        "expect": "conflict",
        "note": "check-out time 11:00 a.m. vs 1 pm",
    },
    {
        "id": "ho-para-10",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/quickcart",
                "triples": [
                    {
                        "subject": "Standard delivery",
                        "type": "service",
                        "key": "fee",
                        "value": "$4.99",
                    }
                ],
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/quickcart/team/ops",
            "session": "ops-s1",
            "role": "user",
            "text": "Standard delivery with you costs 7 dollars.",
            "at": "2026-03-02T10:00:00Z",
        },
        "expect": "conflict",
        "note": "org upsert applies to its team scope; fee $4.99 vs 7 dollars",
    },
    {
        "id": "ho-para-11",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/oakline",
                "triples": [
                    {"subject": "Atlas Desk", "type": "product", "key": "width", "value": "140 cm"}
                ],
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/oakline/user/jack",
            "session": "jack-s1",
            "role": "user",
            "text": "The Atlas Desk is 1.2 metres wide.",
            "at": "2026-03-02T10:00:00Z",
        },
        "expect": "conflict",
        "note": "width 140 cm vs 1.2 m (120 cm) after unit conversion",
    },
    {
        "id": "ho-para-12",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/zephyr",
                "name": "warranty.md",
                "text": "# Warranty\n\nEvery Zephyr laptop is covered by a two-year warranty.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/zephyr/user/kate",
            "session": "kate-s1",
            "role": "user",
            "text": "Your Zephyr laptops only have a 12-month warranty.",
            "at": "2026-03-02T10:00:00Z",
        },
        "expect": "conflict",
        "note": "laptop warranty two years vs 12 months",
    },
    {
        "id": "ho-para-13",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/keystone",
                "name": "refunds.md",
                "text": "# Refunds\n\nRefunds are issued within 5 business days.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/keystone/user/liam",
            "session": "liam-s1",
            "role": "user",
            "text": "You take ten business days to process a refund.",
            "at": "2026-03-02T10:00:00Z",
        },
        "expect": "conflict",
        "note": "refund processing 5 vs ten business days; passive doc, active turn",
    },
    {
        "id": "ho-agree-01",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/skyway",
                "name": "cabin.md",
                "text": "# Cabin baggage\n\nCabin bags may weigh up to 8 kg.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/skyway/user/alice",
            "session": "alice-s1",
            "role": "user",
            "text": "Your cabin bag limit is 8000 grams.",
            "at": "2026-03-03T09:00:00Z",
        },
        "expect": "corroborate",
        "note": "8 kg = 8000 g",
    },
    {
        "id": "ho-agree-02",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/streamly",
                "name": "trial.md",
                "text": "# Free trial\n\nNew subscribers get a two-week free trial.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/streamly/user/bob",
            "session": "bob-s1",
            "role": "user",
            "text": "Your free trial is 14 days long.",
            "at": "2026-03-03T09:00:00Z",
        },
        "expect": "corroborate",
        "note": "two weeks = 14 days",
    },
    {
        "id": "ho-agree-03",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/keystone",
                "name": "lease.md",
                "text": "# Deposit\n\nTenants pay a security deposit of $1,500.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/keystone/user/carol",
            "session": "carol-s1",
            "role": "user",
            "text": "The security deposit you charge is fifteen hundred dollars.",
            "at": "2026-03-03T09:00:00Z",
        },
        "expect": "corroborate",
        "note": "$1,500 = fifteen hundred dollars",
    },
    {
        "id": "ho-agree-04",
        "category": "agreement",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/lendwell",
                "triples": [
                    {"subject": "Starter Loan", "type": "loan", "key": "term", "value": "36 months"}
                ],
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/lendwell/user/dan",
            "session": "dan-s1",
            "role": "user",
            "text": "Your Starter Loan runs for three years.",
            "at": "2026-03-03T09:00:00Z",
        },
        "expect": "corroborate",
        "note": "36 months = three years",
    },
    {
        "id": "ho-agree-05",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/harbourhotel",
                "name": "stay.md",
                "text": "# Departure\n\nCheck-out is at 12:00.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/harbourhotel/user/erin",
            "session": "erin-s1",
            "role": "user",
            "text": "Your check-out time is noon.",
            "at": "2026-03-03T09:00:00Z",
        },
        "expect": "corroborate",
        "note": "12:00 = noon",
    },
    {
        "id": "ho-agree-06",
        "category": "agreement",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/cloudnest",
                "triples": [
                    {"subject": "Basic plan", "type": "plan", "key": "storage", "value": "50 GB"}
                ],
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/cloudnest/user/frank",
            "session": "frank-s1",
            "role": "user",
            "text": "Your Basic plan comes with fifty gigabytes of storage.",
            "at": "2026-03-03T09:00:00Z",
        },
        "expect": "corroborate",
        "note": "50 GB = fifty gigabytes",
    },
    {
        "id": "ho-agree-07",
        "category": "agreement",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/quickcart",
                "triples": [
                    {"subject": "Standard delivery", "type": "service", "key": "fee", "value": "$5"}
                ],
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/quickcart/user/gina",
            "session": "gina-s1",
            "role": "user",
            "text": "Standard delivery from you costs five dollars.",
            "at": "2026-03-03T09:00:00Z",
        },
        "expect": "corroborate",
        "note": "$5 = five dollars",
    },
    {
        "id": "ho-agree-08",
        "category": "agreement",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/oakline",
                "triples": [
                    {"subject": "Atlas Desk", "type": "product", "key": "width", "value": "1.4 m"}
                ],
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/oakline/user/hugo",
            "session": "hugo-s1",
            "role": "user",
            "text": "The Atlas Desk is 140 cm wide.",
            "at": "2026-03-03T09:00:00Z",
        },
        "expect": "corroborate",
        "note": "1.4 m = 140 cm",
    },
    {
        "id": "ho-agree-09",
        "category": "agreement",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/cloudnest",
                "triples": [
                    {"subject": "Team plan", "type": "plan", "key": "maximum users", "value": "25"}
                ],
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/cloudnest/user/ivy",
            "session": "ivy-s1",
            "role": "user",
            "text": "Your Team plan allows up to twenty-five users.",
            "at": "2026-03-03T09:00:00Z",
        },
        "expect": "corroborate",
        "note": "25 = twenty-five",
    },
    {
        "id": "ho-agree-10",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/zephyr",
                "name": "warranty.md",
                "text": "# Warranty\n\nZephyr laptops carry a warranty of 24 months.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/zephyr/user/jack",
            "session": "jack-s1",
            "role": "user",
            "text": "Zephyr laptops come with a two-year warranty from you.",
            "at": "2026-03-03T09:00:00Z",
        },
        "expect": "corroborate",
        "note": "24 months = two years",
    },
    {
        "id": "ho-agree-11",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/fitloop",
                "name": "membership.md",
                "text": "# Flex membership\n\nThe Flex membership costs €39 per month.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/fitloop/user/kate",
            "session": "kate-s1",
            "role": "user",
            "text": "Your Flex membership is 39 euros monthly.",
            "at": "2026-03-03T09:00:00Z",
        },
        "expect": "corroborate",
        "note": "€39 per month = 39 euros monthly",
    },
    {
        "id": "ho-agree-12",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/larder",
                "name": "kitchen.md",
                "text": "# Kitchen\n\nThe kitchen opens at 17:00.",
            }
        ],
        "probe": {
            "kind": "upsert",
            "scope": "org/larder",
            "triples": [
                {"subject": "kitchen", "type": "venue", "key": "opening time", "value": "5 pm"}
            ],
        },
        "expect": "corroborate",
        "note": "document and upsert agree: 17:00 = 5 pm (independent authoritative sources)",
    },
    {
        "id": "ho-agree-13",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/larder",
                "name": "opening-days.md",
                "text": "# Opening days\n\nThe restaurant is open on Sundays.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/larder/user/liam",
            "session": "liam-s1",
            "role": "user",
            "text": "You're open on Sundays.",
            "at": "2026-03-03T09:00:00Z",
        },
        "expect": "corroborate",
        "note": "boolean restated: open on Sundays",
    },
    {
        "id": "ho-unrel-01",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/skyway",
                "name": "baggage.md",
                "text": "# Checked baggage\n\nEconomy passengers may check one bag of up to 23 kg.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/skyway/user/alice",
            "session": "alice-s1",
            "role": "user",
            "text": "Your carry-on limit is 7 kg.",
            "at": "2026-03-04T08:00:00Z",
        },
        "expect": "none",
        "note": "different attribute: carry-on vs checked bag",
    },
    {
        "id": "ho-unrel-02",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/harbourhotel",
                "name": "stay.md",
                "text": "# Departure\n\nGuests must check out by 11:00 a.m.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/harbourhotel/user/bob",
            "session": "bob-s1",
            "role": "user",
            "text": "Is check-out at your hotel at 1 pm?",
            "at": "2026-03-04T08:00:00Z",
        },
        "expect": "none",
        "note": "question, not an assertion",
    },
    {
        "id": "ho-unrel-03",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/keystone",
                "name": "lease.md",
                "text": "# Deposit\n\nA security deposit of $1,500 is required before move-in.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/keystone/user/carol",
            "session": "carol-s1",
            "role": "user",
            "text": "I wish your security deposit were only $500.",
            "at": "2026-03-04T08:00:00Z",
        },
        "expect": "none",
        "note": "wish, not a claim",
    },
    {
        "id": "ho-unrel-04",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/streamly",
                "name": "trial.md",
                "text": "# Free trial\n\nEvery new subscriber gets a 14-day free trial.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/streamly/user/dan",
            "session": "dan-s1",
            "role": "user",
            "text": "If your free trial lasted a month, I would sign up straight away.",
            "at": "2026-03-04T08:00:00Z",
        },
        "expect": "none",
        "note": "hypothetical",
    },
    {
        "id": "ho-unrel-05",
        "category": "unrelated",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/oakline",
                "triples": [
                    {"subject": "Atlas Desk", "type": "product", "key": "width", "value": "140 cm"}
                ],
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/oakline/user/erin",
            "session": "erin-s1",
            "role": "user",
            "text": "The Orion Desk is 120 cm wide.",
            "at": "2026-03-04T08:00:00Z",
        },
        "expect": "none",
        "note": "different entity (Orion vs Atlas), same attribute",
    },
    {
        "id": "ho-unrel-06",
        "category": "unrelated",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/cloudnest",
                "triples": [
                    {"subject": "Team plan", "type": "plan", "key": "maximum users", "value": "25"}
                ],
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/cloudnest/user/frank",
            "session": "frank-s1",
            "role": "user",
            "text": "Your Team plan costs $15 per user each month.",
            "at": "2026-03-04T08:00:00Z",
        },
        "expect": "none",
        "note": "same entity, different attribute (price vs seat limit)",
    },
    {
        "id": "ho-unrel-07",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/quickcart",
                "name": "delivery.md",
                "text": "# Delivery\n\nStandard delivery costs $4.99.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/quickcart/user/gina",
            "session": "gina-s1",
            "role": "user",
            "text": "Standard delivery usually takes three days.",
            "at": "2026-03-04T08:00:00Z",
        },
        "expect": "none",
        "note": "delivery time vs delivery fee",
    },
    {
        "id": "ho-unrel-08",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/keystone",
                "name": "about.md",
                "text": "# About us\n\nThe head office is in Dublin.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/keystone/user/hugo",
            "session": "hugo-s1",
            "role": "user",
            "text": "I live in Cork.",
            "at": "2026-03-04T08:00:00Z",
        },
        "expect": "none",
        "note": "user's home vs company's head office",
    },
    {
        "id": "ho-unrel-09",
        "category": "unrelated",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/lendwell",
                "triples": [
                    {"subject": "Starter Loan", "type": "loan", "key": "term", "value": "36 months"}
                ],
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/lendwell/user/ivy",
            "session": "ivy-s1",
            "role": "user",
            "text": "Could I stretch my Starter Loan to 48 months?",
            "at": "2026-03-04T08:00:00Z",
        },
        "expect": "none",
        "note": "question about extending the term",
    },
    {
        "id": "ho-unrel-10",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/zephyr",
                "name": "warranty.md",
                "text": "# Warranty\n\nEvery Zephyr laptop is covered by a two-year warranty.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/zephyr/user/jack",
            "session": "jack-s1",
            "role": "user",
            "text": "Your Zephyr monitors come with a one-year warranty.",
            "at": "2026-03-04T08:00:00Z",
        },
        "expect": "none",
        "note": "different entity: monitors vs laptops",
    },
    {
        "id": "ho-unrel-11",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/fitloop",
                "name": "membership.md",
                "text": "# Flex membership\n\nThe Flex membership costs €39 per month.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/fitloop/user/kate",
            "session": "kate-s1",
            "role": "user",
            "text": "I go to the gym three times a week.",
            "at": "2026-03-04T08:00:00Z",
        },
        "expect": "none",
        "note": "visit frequency, not the fee",
    },
    {
        "id": "ho-unrel-12",
        "category": "unrelated",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/liam",
                "session": "liam-s1",
                "role": "user",
                "text": "I live in Rome.",
                "at": "2026-03-04T08:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/liam",
            "session": "liam-s1",
            "role": "user",
            "text": "I work in Milan.",
            "at": "2026-03-04T08:05:00Z",
        },
        "expect": "none",
        "note": "workplace city vs home city: different attributes",
    },
    {
        "id": "ho-unrel-13",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/larder",
                "name": "opening-days.md",
                "text": "# Opening days\n\nThe restaurant is closed every Monday.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/larder/user/mia",
            "session": "mia-s1",
            "role": "user",
            "text": "It would be great if you opened on Mondays.",
            "at": "2026-03-04T08:00:00Z",
        },
        "expect": "none",
        "note": "wish phrased conditionally",
    },
    {
        "id": "ho-sup-01",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/alice",
                "session": "alice-s1",
                "role": "user",
                "text": "I live in Rome.",
                "at": "2026-03-05T09:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/alice",
            "session": "alice-s1",
            "role": "user",
            "text": "I relocated to Oslo in March.",
            "at": "2026-03-05T09:10:00Z",
        },
        "expect": "supersede",
        "note": "home city updated with 'relocated'",
    },
    {
        "id": "ho-sup-02",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/bob",
                "session": "bob-s1",
                "role": "user",
                "text": "I'm based in Berlin.",
                "at": "2026-03-05T09:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/bob",
            "session": "bob-s1",
            "role": "user",
            "text": "I am now based in Munich.",
            "at": "2026-03-05T09:10:00Z",
        },
        "expect": "supersede",
        "note": "'am now based in'",
    },
    {
        "id": "ho-sup-03",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/carol",
                "session": "carol-s1",
                "role": "user",
                "text": "I work at Deloitte.",
                "at": "2026-03-05T09:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/carol",
            "session": "carol-s2",
            "role": "user",
            "text": "I took a job at Stripe.",
            "at": "2026-03-12T15:00:00Z",
        },
        "expect": "supersede",
        "note": "employer updated with 'took a job at'",
    },
    {
        "id": "ho-sup-04",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/dan",
                "session": "dan-s1",
                "role": "user",
                "text": "My favourite programming language is Python.",
                "at": "2026-03-05T09:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/dan",
            "session": "dan-s1",
            "role": "user",
            "text": "These days my favourite programming language is Rust.",
            "at": "2026-03-05T09:10:00Z",
        },
        "expect": "supersede",
        "note": "'these days' update",
    },
    {
        "id": "ho-sup-05",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/erin",
                "session": "erin-s1",
                "role": "user",
                "text": "I drive a Honda Civic.",
                "at": "2026-03-05T09:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/erin",
            "session": "erin-s1",
            "role": "user",
            "text": "I switched cars and now drive a Tesla Model 3.",
            "at": "2026-03-05T09:10:00Z",
        },
        "expect": "supersede",
        "note": "car updated with 'switched'",
    },
    {
        "id": "ho-sup-06",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/frank",
                "session": "frank-s1",
                "role": "user",
                "text": "I have two children.",
                "at": "2026-03-05T09:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/frank",
            "session": "frank-s1",
            "role": "user",
            "text": "I have three children now.",
            "at": "2026-03-05T09:10:00Z",
        },
        "expect": "supersede",
        "note": "children count 2 -> 3 (words)",
    },
    {
        "id": "ho-sup-07",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/gina",
                "session": "gina-s1",
                "role": "user",
                "text": "I'm vegetarian.",
                "at": "2026-03-05T09:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/gina",
            "session": "gina-s2",
            "role": "user",
            "text": "I've gone vegan.",
            "at": "2026-04-01T08:00:00Z",
        },
        "expect": "supersede",
        "note": "diet updated",
    },
    {
        "id": "ho-sup-08",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/hugo",
                "session": "hugo-s1",
                "role": "user",
                "text": "My job title is Product Designer.",
                "at": "2026-03-05T09:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/hugo",
            "session": "hugo-s1",
            "role": "user",
            "text": "I was promoted, so my job title is now Design Lead.",
            "at": "2026-03-05T09:10:00Z",
        },
        "expect": "supersede",
        "note": "job title updated",
    },
    {
        "id": "ho-sup-09",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/ivy",
                "session": "ivy-s1",
                "role": "user",
                "text": "My gym is IronWorks.",
                "at": "2026-03-05T09:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/ivy",
            "session": "ivy-s1",
            "role": "user",
            "text": "I changed gyms and my gym is Pulse Fitness now.",
            "at": "2026-03-05T09:10:00Z",
        },
        "expect": "supersede",
        "note": "gym membership moved",
    },
    {
        "id": "ho-sup-10",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/jack",
                "session": "jack-s1",
                "role": "user",
                "text": "I have 1 cat.",
                "at": "2026-03-05T09:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/jack",
            "session": "jack-s1",
            "role": "user",
            "text": "I now have two cats.",
            "at": "2026-03-05T09:10:00Z",
        },
        "expect": "supersede",
        "note": "pet count, digit then word",
    },
    {
        "id": "ho-sup-11",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/kate",
                "session": "kate-s1",
                "role": "user",
                "text": "I live in Lyon.",
                "at": "2026-03-05T09:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/kate",
            "session": "kate-s2",
            "role": "user",
            "text": "Last month I moved to Marseille.",
            "at": "2026-05-20T18:30:00Z",
        },
        "expect": "supersede",
        "note": "moved, new session weeks later",
    },
    {
        "id": "ho-sup-12",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/liam",
                "session": "liam-s1",
                "role": "user",
                "text": "I'm employed by Siemens.",
                "at": "2026-03-05T09:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/liam",
            "session": "liam-s1",
            "role": "user",
            "text": "Bosch is my employer now.",
            "at": "2026-03-05T09:10:00Z",
        },
        "expect": "supersede",
        "note": "employer, passive then inverted phrasing",
    },
    {
        "id": "ho-sup-13",
        "category": "supersession",
        "setup": [
            {
                "kind": "document",
                "scope": "org/keystone",
                "name": "returns.md",
                "text": "# Returns\n\nItems can be returned within 30 days of delivery.",
            }
        ],
        "probe": {
            "kind": "document",
            "scope": "org/keystone",
            "name": "returns.md",
            "text": "# Returns\n\nItems can be returned within 45 days of delivery.",
        },
        "expect": "supersede",
        "note": "newer version of the same document supersedes its own earlier fact",
    },
    {
        "id": "ho-neg-01",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/alice",
                "session": "alice-s1",
                "role": "user",
                "text": "I live in Rome.",
                "at": "2026-03-06T09:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/alice",
            "session": "alice-s1",
            "role": "user",
            "text": "I don't live in Rome anymore.",
            "at": "2026-03-06T09:10:00Z",
        },
        "expect": "close",
        "note": "'don't ... anymore'",
    },
    {
        "id": "ho-neg-02",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/bob",
                "session": "bob-s1",
                "role": "user",
                "text": "I work at Deloitte.",
                "at": "2026-03-06T09:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/bob",
            "session": "bob-s2",
            "role": "user",
            "text": "I quit my job at Deloitte.",
            "at": "2026-03-20T11:00:00Z",
        },
        "expect": "close",
        "note": "'quit' closes employer",
    },
    {
        "id": "ho-neg-03",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/carol",
                "session": "carol-s1",
                "role": "user",
                "text": "I'm vegetarian.",
                "at": "2026-03-06T09:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/carol",
            "session": "carol-s1",
            "role": "user",
            "text": "I'm no longer vegetarian.",
            "at": "2026-03-06T09:10:00Z",
        },
        "expect": "close",
        "note": "'no longer'",
    },
    {
        "id": "ho-neg-04",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/dan",
                "session": "dan-s1",
                "role": "user",
                "text": "I have a dog named Biscuit.",
                "at": "2026-03-06T09:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/dan",
            "session": "dan-s1",
            "role": "user",
            "text": "I used to have a dog.",
            "at": "2026-03-06T09:10:00Z",
        },
        "expect": "close",
        "note": "'used to' closes pet",
    },
    {
        "id": "ho-neg-05",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/erin",
                "session": "erin-s1",
                "role": "user",
                "text": "I drive a Volvo XC60.",
                "at": "2026-03-06T09:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/erin",
            "session": "erin-s1",
            "role": "user",
            "text": "I sold my Volvo XC60.",
            "at": "2026-03-06T09:10:00Z",
        },
        "expect": "close",
        "note": "'sold my' closes car",
    },
    {
        "id": "ho-neg-06",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/frank",
                "session": "frank-s1",
                "role": "user",
                "text": "I'm a member of the IronWorks gym.",
                "at": "2026-03-06T09:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/frank",
            "session": "frank-s1",
            "role": "user",
            "text": "I'm not a member of IronWorks anymore.",
            "at": "2026-03-06T09:10:00Z",
        },
        "expect": "close",
        "note": "gym membership negated",
    },
    {
        "id": "ho-neg-07",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/gina",
                "session": "gina-s1",
                "role": "user",
                "text": "My favourite language is Java.",
                "at": "2026-03-06T09:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/gina",
            "session": "gina-s1",
            "role": "user",
            "text": "Java isn't my favourite language any more.",
            "at": "2026-03-06T09:10:00Z",
        },
        "expect": "close",
        "note": "contracted negation, 'any more' spelled as two words",
    },
    {
        "id": "ho-neg-08",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/hugo",
                "session": "hugo-s1",
                "role": "user",
                "text": "I work as a barista.",
                "at": "2026-03-06T09:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/hugo",
            "session": "hugo-s1",
            "role": "user",
            "text": "I no longer work as a barista.",
            "at": "2026-03-06T09:10:00Z",
        },
        "expect": "close",
        "note": "job negated",
    },
    {
        "id": "ho-neg-09",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/ivy",
                "session": "ivy-s1",
                "role": "user",
                "text": "I'm based in Berlin.",
                "at": "2026-03-06T09:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/ivy",
            "session": "ivy-s2",
            "role": "user",
            "text": "I used to be based in Berlin.",
            "at": "2026-04-02T10:00:00Z",
        },
        "expect": "close",
        "note": "'used to be'",
    },
    {
        "id": "ho-neg-10",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/jack",
                "session": "jack-s1",
                "role": "user",
                "text": "I smoke.",
                "at": "2026-03-06T09:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/jack",
            "session": "jack-s1",
            "role": "user",
            "text": "I quit smoking two months ago.",
            "at": "2026-03-06T09:10:00Z",
        },
        "expect": "close",
        "note": "'quit' a habit",
    },
    {
        "id": "ho-neg-11",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/kate",
                "session": "kate-s1",
                "role": "user",
                "text": "I have a Netflix subscription.",
                "at": "2026-03-06T09:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/kate",
            "session": "kate-s1",
            "role": "user",
            "text": "I don't have a Netflix subscription anymore.",
            "at": "2026-03-06T09:10:00Z",
        },
        "expect": "close",
        "note": "subscription negated",
    },
    {
        "id": "ho-neg-12",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/liam",
                "session": "liam-s1",
                "role": "user",
                "text": "I own a flat in Leeds.",
                "at": "2026-03-06T09:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/liam",
            "session": "liam-s1",
            "role": "user",
            "text": "I no longer own the flat in Leeds.",
            "at": "2026-03-06T09:10:00Z",
        },
        "expect": "close",
        "note": "ownership negated",
    },
    {
        "id": "ho-scope-01",
        "category": "other_scope",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/alice",
                "session": "alice-s1",
                "role": "user",
                "text": "I live in Rome.",
                "at": "2026-03-07T09:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/bob",
            "session": "bob-s1",
            "role": "user",
            "text": "I live in Oslo.",
            "at": "2026-03-07T09:05:00Z",
        },
        "expect": "none",
        "note": "alice vs bob: each user's own home",
    },
    {
        "id": "ho-scope-02",
        "category": "other_scope",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/alice",
                "session": "alice-s1",
                "role": "user",
                "text": "I took a job at Deloitte.",
                "at": "2026-03-07T09:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/bob",
            "session": "bob-s1",
            "role": "user",
            "text": "I work for KPMG.",
            "at": "2026-03-07T09:05:00Z",
        },
        "expect": "none",
        "note": "different users' employers",
    },
    {
        "id": "ho-scope-03",
        "category": "other_scope",
        "setup": [
            {
                "kind": "document",
                "scope": "org/skyway",
                "name": "baggage.md",
                "text": "# Checked baggage\n\nEconomy passengers may check one bag of up to 23 kg.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/jetlink/user/bob",
            "session": "bob-s1",
            "role": "user",
            "text": "Your checked bag limit is 30 kg.",
            "at": "2026-03-07T09:00:00Z",
        },
        "expect": "none",
        "note": "'your' refers to org/jetlink, not org/skyway",
    },
    {
        "id": "ho-scope-04",
        "category": "other_scope",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/acme/team/red",
                "triples": [
                    {"subject": "sprint", "type": "process", "key": "length", "value": "2 weeks"}
                ],
            }
        ],
        "probe": {
            "kind": "upsert",
            "scope": "org/acme/team/blue",
            "triples": [
                {"subject": "sprint", "type": "process", "key": "length", "value": "3 weeks"}
            ],
        },
        "expect": "none",
        "note": "sibling teams may have different sprint lengths",
    },
    {
        "id": "ho-scope-05",
        "category": "other_scope",
        "setup": [
            {
                "kind": "document",
                "scope": "org/acme/team/red",
                "name": "oncall.md",
                "text": "# On-call\n\nEach on-call shift lasts 7 days.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/team/blue",
            "session": "blue-s1",
            "role": "user",
            "text": "Each on-call shift lasts three days.",
            "at": "2026-03-07T09:00:00Z",
        },
        "expect": "none",
        "note": "team red's doc does not apply to sibling team blue",
    },
    {
        "id": "ho-scope-06",
        "category": "other_scope",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/acme",
                "triples": [
                    {"subject": "Nimbus Router", "type": "product", "key": "price", "value": "$129"}
                ],
            }
        ],
        "probe": {
            "kind": "upsert",
            "scope": "org/globex",
            "triples": [
                {"subject": "Nimbus Router", "type": "product", "key": "price", "value": "$149"}
            ],
        },
        "expect": "none",
        "note": "two orgs price the same product differently",
    },
    {
        "id": "ho-scope-07",
        "category": "other_scope",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/carol",
                "session": "carol-s1",
                "role": "user",
                "text": "I'm vegetarian.",
                "at": "2026-03-07T09:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/dan",
            "session": "dan-s1",
            "role": "user",
            "text": "I'm vegan.",
            "at": "2026-03-07T09:05:00Z",
        },
        "expect": "none",
        "note": "different users' diets",
    },
    {
        "id": "ho-scope-08",
        "category": "other_scope",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/alice",
                "session": "alice-s1",
                "role": "user",
                "text": "I live in Madrid.",
                "at": "2026-03-07T09:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/globex/user/alice",
            "session": "alice-g1",
            "role": "user",
            "text": "I live in Porto.",
            "at": "2026-03-07T09:05:00Z",
        },
        "expect": "none",
        "note": "same user name in two orgs is two different scopes",
    },
    {
        "id": "ho-scope-09",
        "category": "other_scope",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/erin",
                "session": "erin-s1",
                "role": "user",
                "text": "My car is a Volvo.",
                "at": "2026-03-07T09:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/frank",
            "session": "frank-s1",
            "role": "user",
            "text": "My car is a Tesla.",
            "at": "2026-03-07T09:05:00Z",
        },
        "expect": "none",
        "note": "different users' cars",
    },
    {
        "id": "ho-scope-10",
        "category": "other_scope",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/team/red",
                "session": "red-s1",
                "role": "user",
                "text": "The team standup is at 9:00.",
                "at": "2026-03-07T09:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/team/blue",
            "session": "blue-s1",
            "role": "user",
            "text": "The team standup is at 10:30.",
            "at": "2026-03-07T09:05:00Z",
        },
        "expect": "none",
        "note": "sibling teams' standup times",
    },
    {
        "id": "ho-scope-11",
        "category": "other_scope",
        "setup": [
            {
                "kind": "document",
                "scope": "org/acme",
                "name": "lease.md",
                "text": "# Deposit\n\nA security deposit of $1,500 is required before move-in.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme-eu/user/dan",
            "session": "dan-s1",
            "role": "user",
            "text": "Your security deposit is $2,000.",
            "at": "2026-03-07T09:00:00Z",
        },
        "expect": "none",
        "note": "org/acme-eu is not under org/acme (path-segment prefix, not string prefix)",
    },
    {
        "id": "ho-scope-12",
        "category": "other_scope",
        "setup": [
            {
                "kind": "document",
                "scope": "org/larder",
                "name": "opening-days.md",
                "text": "# Opening days\n\nThe restaurant is closed every Monday.",
            }
        ],
        "probe": {
            "kind": "document",
            "scope": "org/pantry",
            "name": "opening-days.md",
            "text": "# Opening days\n\nThe restaurant is open on Mondays.",
        },
        "expect": "none",
        "note": "two orgs' restaurants, same document name",
    },
    {
        "id": "ho-scope-13",
        "category": "other_scope",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/fitloop/user/erin",
                "session": "erin-s1",
                "role": "user",
                "text": "I have two children.",
                "at": "2026-03-07T09:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/fitloop/user/frank",
            "session": "frank-s1",
            "role": "user",
            "text": "I've got four kids.",
            "at": "2026-03-07T09:05:00Z",
        },
        "expect": "none",
        "note": "different users' children counts",
    },
]
