"""Holdout set 6 of conflict-detection cases for EngramDB's reconciler.

Written without reading the implementation or any other suite, so it measures how well the
system carries over to new wording. Each case replays its ``setup`` writes in order, then
the ``probe`` write, and states what the reconciler should do with the probe:

- ``conflict``: an experiential claim (a user turn) disagrees with an authoritative fact
  (document or upsert) whose scope covers the speaker (``org/X`` covers ``org/X/user/Y`` and
  ``org/X/team/Z``). The curated record stays unchanged and the clash is shown.
- ``supersede``: the same user updates their own fact, or a newer version of the same
  document replaces its earlier fact.
- ``close``: explicit negation ("no longer", "not anymore", "used to", "quit", "gave up",
  "stopped") ends the older value.
- ``corroborate``: the same value restated, perhaps in other units or wording.
- ``none``: a different entity or attribute, a question, a wish or a hypothetical, or a
  contradiction across scopes that do not overlap (two users, two orgs, sibling teams).

In a user turn, "you/your" means the org of the nearest ``org/<name>`` scope and "I/my" means
the user of that scope. Domains: everyday businesses (bookshops, garden centres, opticians,
bike workshops, driving schools, dry cleaners, florists, hardware stores, piano tuners, print
shops), internal company policies, and personal user facts.
"""

CASES: list[dict] = [
    # ------------------------------------------------------------------ paraphrase_conflict
    {
        "id": "h6-para-01",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/inkwell",
                "name": "returns.md",
                "text": "# Returns\n\nBooks bought in store can be returned for a full refund within 14 days of purchase.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/inkwell/user/alice",
            "session": "alice-s1",
            "role": "user",
            "text": "So, you give people a whole month to bring books back for a refund.",
            "at": "2026-03-02T10:00:00Z",
        },
        "expect": "conflict",
        "note": "a month vs 14 days for the bookshop refund window, said in other words",
    },
    {
        "id": "h6-para-02",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/greenway",
                "name": "opening-hours.md",
                "text": "# Opening hours\n\nThe garden centre opens at 9am every day of the week.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/greenway/user/tom",
            "session": "tom-s1",
            "role": "user",
            "text": "Btw, you open at half past seven in the morning, I've been in that early.",
            "at": "2026-03-03T08:15:00Z",
        },
        "expect": "conflict",
        "note": "opening time 7:30 (in words) vs 9am",
    },
    {
        "id": "h6-para-03",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/brightlens",
                "triples": [
                    {
                        "subject": "Standard Eye Test",
                        "type": "service",
                        "key": "price",
                        "value": "£25",
                    }
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/brightlens/user/maya",
            "session": "maya-s1",
            "role": "user",
            "text": "A standard eye test with you costs forty pounds.",
            "at": "2026-03-04T11:00:00Z",
        },
        "expect": "conflict",
        "note": "price given in words (£40) disagrees with the upserted £25",
    },
    {
        "id": "h6-para-04",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/northwind",
                "name": "remote-work.md",
                "text": "# Remote work\n\nEmployees may work remotely up to two days per week.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/northwind/user/priya",
            "session": "priya-s1",
            "role": "user",
            "text": "The company lets us work from home three days a week.",
            "at": "2026-03-05T09:30:00Z",
        },
        "expect": "conflict",
        "note": "'work from home' means remote work; 3 days vs up to 2",
    },
    {
        "id": "h6-para-05",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/northwind",
                "triples": [
                    {
                        "subject": "Home Office Equipment Budget",
                        "type": "policy",
                        "key": "amount",
                        "value": "$500",
                    }
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/northwind/user/liam",
            "session": "liam-s1",
            "role": "user",
            "text": "The home office equipment allowance here is a thousand dollars per person.",
            "at": "2026-03-05T14:00:00Z",
        },
        "expect": "conflict",
        "note": "allowance = budget; $1,000 in words vs $500",
    },
    {
        "id": "h6-para-06",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/stackforge",
                "name": "on-call.md",
                "text": "# On-call compensation\n\nEngineers on the on-call rota are paid £200 for each week of on-call duty.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/stackforge/user/dev",
            "session": "dev-s1",
            "role": "user",
            "text": "On-call pays £150 a week at this company, which isn't much.",
            "at": "2026-03-06T17:45:00Z",
        },
        "expect": "conflict",
        "note": "on-call pay £150 vs £200 per week, with an aside",
    },
    {
        "id": "h6-para-07",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/wheelworks",
                "name": "servicing.md",
                "text": "# Servicing\n\nA standard bike service is completed within 2 working days.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/wheelworks/user/noah",
            "session": "noah-s1",
            "role": "user",
            "text": "Your standard bike service only takes one day.",
            "at": "2026-03-07T10:20:00Z",
        },
        "expect": "conflict",
        "note": "turnaround one day vs 2 working days",
    },
    {
        "id": "h6-para-08",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/clearroad",
                "name": "lessons.md",
                "text": "# Lesson length\n\nEach driving lesson lasts 60 minutes.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/clearroad/user/zoe",
            "session": "zoe-s1",
            "role": "user",
            "text": "Your driving lessons are an hour and a half long.",
            "at": "2026-03-08T15:00:00Z",
        },
        "expect": "conflict",
        "note": "90 minutes (in words) vs 60 minutes",
    },
    {
        "id": "h6-para-09",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/lumen",
                "name": "annual-leave.md",
                "text": "# Annual leave\n\nFull-time staff are entitled to 25 days of paid annual leave per year.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/lumen/user/omar",
            "session": "omar-s1",
            "role": "user",
            "text": "We get twenty days of paid holiday a year here.",
            "at": "2026-03-09T12:10:00Z",
        },
        "expect": "conflict",
        "note": "'paid holiday' means annual leave; 20 vs 25 days",
    },
    {
        "id": "h6-para-10",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/pressfresh",
                "triples": [
                    {
                        "subject": "Suit Dry Cleaning",
                        "type": "service",
                        "key": "turnaround",
                        "value": "48 hours",
                    }
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/pressfresh/user/hana",
            "session": "hana-s1",
            "role": "user",
            "text": "So, getting a suit dry-cleaned with you takes a full week.",
            "at": "2026-03-10T09:05:00Z",
        },
        "expect": "conflict",
        "note": "a week vs 48 hours, so the units differ",
    },
    {
        "id": "h6-para-11",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/acme",
                "name": "parental-leave.md",
                "text": "# Parental leave\n\nEmployees receive 16 weeks of fully paid parental leave.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/team/platform",
            "session": "platform-s1",
            "role": "user",
            "text": "Parental leave at this company is 12 weeks fully paid.",
            "at": "2026-03-11T13:30:00Z",
        },
        "expect": "conflict",
        "note": "a turn in the team scope is covered by the org document; 12 vs 16 weeks",
    },
    {
        "id": "h6-para-12",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/petalpost",
                "name": "delivery.md",
                "text": "# Delivery\n\nLocal flower delivery costs £6.50 per order.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/petalpost/user/ivy",
            "session": "ivy-s1",
            "role": "user",
            "text": "Your local delivery is free on every order.",
            "at": "2026-03-12T16:40:00Z",
        },
        "expect": "conflict",
        "note": "free (£0) vs £6.50 delivery fee",
    },
    {
        "id": "h6-para-13",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/boltandnut",
                "triples": [
                    {"subject": "Key Cutting", "type": "service", "key": "price", "value": "$4"}
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/boltandnut/user/eli",
            "session": "eli-s1",
            "role": "user",
            "text": "Getting a key cut at your shop costs 10 bucks.",
            "at": "2026-03-13T11:25:00Z",
        },
        "expect": "conflict",
        "note": "informal money ('10 bucks') vs $4",
    },
    {
        "id": "h6-para-14",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/lumen",
                "name": "learning.md",
                "text": "# Learning budget\n\nEach employee has an annual learning and development budget of €1,000.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/lumen/user/sara",
            "session": "sara-s1",
            "role": "user",
            "text": "The yearly training budget here is only 500 euros.",
            "at": "2026-03-14T10:00:00Z",
        },
        "expect": "conflict",
        "note": "'training budget' means L&D budget; 500 euros vs €1,000",
    },
    # ------------------------------------------------------------------ agreement
    {
        "id": "h6-agree-01",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/inkwell",
                "name": "loyalty.md",
                "text": "# Loyalty card\n\nLoyalty card holders get 10% off all books.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/inkwell/user/alice",
            "session": "alice-s2",
            "role": "user",
            "text": "Your loyalty card gives ten percent off every book.",
            "at": "2026-03-02T11:00:00Z",
        },
        "expect": "corroborate",
        "note": "ten percent (in words) = 10%",
    },
    {
        "id": "h6-agree-02",
        "category": "agreement",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/greenway",
                "triples": [
                    {
                        "subject": "Multi-purpose Compost 50L",
                        "type": "product",
                        "key": "price",
                        "value": "£7.99",
                    }
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/greenway/user/tom",
            "session": "tom-s2",
            "role": "user",
            "text": "The 50 litre bag of multi-purpose compost is £7.99 at your place.",
            "at": "2026-03-03T09:00:00Z",
        },
        "expect": "corroborate",
        "note": "same product and the same price, said in other words",
    },
    {
        "id": "h6-agree-03",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/greenway",
                "name": "bird-care.md",
                "text": "# Bird care\n\nEach bag of wild bird seed weighs 2 kg.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/greenway/user/ruth",
            "session": "ruth-s1",
            "role": "user",
            "text": "Your wild bird seed bags are 2000 grams each.",
            "at": "2026-03-03T14:30:00Z",
        },
        "expect": "corroborate",
        "note": "2000 g = 2 kg",
    },
    {
        "id": "h6-agree-04",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/northwind",
                "name": "remote-work.md",
                "text": "# Remote work\n\nEmployees may work remotely up to 2 days per week.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/northwind/user/priya",
            "session": "priya-s2",
            "role": "user",
            "text": "We're allowed to work from home two days each week.",
            "at": "2026-03-05T10:00:00Z",
        },
        "expect": "corroborate",
        "note": "two days (in words) = 2 days; work from home = work remotely",
    },
    {
        "id": "h6-agree-05",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/lumen",
                "name": "probation.md",
                "text": "# Probation\n\nDuring probation the notice period is 14 days.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/lumen/user/omar",
            "session": "omar-s2",
            "role": "user",
            "text": "While you're on probation here, the notice period is two weeks.",
            "at": "2026-03-09T13:00:00Z",
        },
        "expect": "corroborate",
        "note": "two weeks = 14 days",
    },
    {
        "id": "h6-agree-06",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/clearroad",
                "name": "lessons.md",
                "text": "# Lesson length\n\nEach driving lesson lasts 90 minutes.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/clearroad/user/zoe",
            "session": "zoe-s2",
            "role": "user",
            "text": "Your driving lessons are an hour and a half long.",
            "at": "2026-03-08T16:00:00Z",
        },
        "expect": "corroborate",
        "note": "an hour and a half = 90 minutes",
    },
    {
        "id": "h6-agree-07",
        "category": "agreement",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/alice",
                "session": "alice-s1",
                "role": "user",
                "text": "I live in Bristol.",
                "at": "2026-03-01T09:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/alice",
            "session": "alice-s2",
            "role": "user",
            "text": "Btw, I'm based in Bristol.",
            "at": "2026-03-04T09:00:00Z",
        },
        "expect": "corroborate",
        "note": "the same user repeats where they live in another session",
    },
    {
        "id": "h6-agree-08",
        "category": "agreement",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/ben",
                "session": "ben-s1",
                "role": "user",
                "text": "I have two cats.",
                "at": "2026-03-01T10:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/ben",
            "session": "ben-s2",
            "role": "user",
            "text": "I've got 2 cats, like I said before.",
            "at": "2026-03-06T10:00:00Z",
        },
        "expect": "corroborate",
        "note": "pet count restated as a digit",
    },
    {
        "id": "h6-agree-09",
        "category": "agreement",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/northwind",
                "triples": [
                    {
                        "subject": "Home Office Equipment Budget",
                        "type": "policy",
                        "key": "amount",
                        "value": "$500",
                    }
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/northwind/user/liam",
            "session": "liam-s2",
            "role": "user",
            "text": "We get five hundred dollars for home office equipment.",
            "at": "2026-03-05T15:00:00Z",
        },
        "expect": "corroborate",
        "note": "five hundred dollars = $500",
    },
    {
        "id": "h6-agree-10",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/pressfresh",
                "name": "shirts.md",
                "text": "# Shirt service\n\nLaundered shirts are ready within 24 hours.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/pressfresh/user/hana",
            "session": "hana-s2",
            "role": "user",
            "text": "Your shirt laundering takes one day.",
            "at": "2026-03-10T10:00:00Z",
        },
        "expect": "corroborate",
        "note": "one day = 24 hours",
    },
    {
        "id": "h6-agree-11",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/truetone",
                "name": "prices.md",
                "text": "# Prices\n\nPiano tuning costs £85 per visit.",
            },
        ],
        "probe": {
            "kind": "upsert",
            "scope": "org/truetone",
            "triples": [
                {"subject": "Piano Tuning", "type": "service", "key": "price", "value": "£85"}
            ],
        },
        "expect": "corroborate",
        "note": "an upsert and a document, two separate sources, give the same price",
    },
    {
        "id": "h6-agree-12",
        "category": "agreement",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/carla",
                "session": "carla-s1",
                "role": "user",
                "text": "My commute is 45 minutes each way.",
                "at": "2026-03-02T08:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/carla",
            "session": "carla-s2",
            "role": "user",
            "text": "My commute takes three quarters of an hour each way.",
            "at": "2026-03-09T08:00:00Z",
        },
        "expect": "corroborate",
        "note": "three quarters of an hour = 45 minutes",
    },
    {
        "id": "h6-agree-13",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/stackforge",
                "name": "on-call.md",
                "text": "# On-call compensation\n\nEngineers on the on-call rota are paid £200 for each week of on-call duty.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/stackforge/team/sre",
            "session": "sre-s1",
            "role": "user",
            "text": "On-call pays two hundred pounds a week here.",
            "at": "2026-03-06T18:00:00Z",
        },
        "expect": "corroborate",
        "note": "a team-scope turn agrees with the org policy; two hundred pounds = £200",
    },
    {
        "id": "h6-agree-14",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/printpoint",
                "name": "turnaround.md",
                "text": "# Turnaround\n\nBusiness card orders are printed within 3 working days.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/printpoint/user/kai",
            "session": "kai-s1",
            "role": "user",
            "text": "You print business cards in three working days.",
            "at": "2026-03-15T12:00:00Z",
        },
        "expect": "corroborate",
        "note": "the same turnaround in active voice, number in words",
    },
    # ------------------------------------------------------------------ unrelated
    {
        "id": "h6-unrel-01",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/inkwell",
                "name": "returns.md",
                "text": "# Returns\n\nBooks bought in store can be returned for a full refund within 14 days of purchase.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/inkwell/user/alice",
            "session": "alice-s3",
            "role": "user",
            "text": "Do you accept book returns after 30 days?",
            "at": "2026-03-02T12:00:00Z",
        },
        "expect": "none",
        "note": "a question asserts nothing",
    },
    {
        "id": "h6-unrel-02",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/greenway",
                "name": "opening-hours.md",
                "text": "# Opening hours\n\nThe garden centre opens at 9am every day of the week.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/greenway/user/tom",
            "session": "tom-s3",
            "role": "user",
            "text": "I wish you opened at 7am on Sundays.",
            "at": "2026-03-03T10:00:00Z",
        },
        "expect": "none",
        "note": "a wish, not a claim",
    },
    {
        "id": "h6-unrel-03",
        "category": "unrelated",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/brightlens",
                "triples": [
                    {
                        "subject": "Standard Eye Test",
                        "type": "service",
                        "key": "price",
                        "value": "£25",
                    }
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/brightlens/user/maya",
            "session": "maya-s2",
            "role": "user",
            "text": "Your cheapest glasses frames start at £60.",
            "at": "2026-03-04T12:00:00Z",
        },
        "expect": "none",
        "note": "frames and the eye test are different things, though both have a price",
    },
    {
        "id": "h6-unrel-04",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/northwind",
                "name": "remote-work.md",
                "text": "# Remote work\n\nEmployees may work remotely up to two days per week.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/northwind/user/priya",
            "session": "priya-s3",
            "role": "user",
            "text": "If the company allowed four remote days a week, I'd move to the coast.",
            "at": "2026-03-05T11:00:00Z",
        },
        "expect": "none",
        "note": "a hypothetical asserts nothing about the policy",
    },
    {
        "id": "h6-unrel-05",
        "category": "unrelated",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/northwind",
                "triples": [
                    {
                        "subject": "Home Office Equipment Budget",
                        "type": "policy",
                        "key": "amount",
                        "value": "$500",
                    }
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/northwind/user/liam",
            "session": "liam-s3",
            "role": "user",
            "text": "My new monitor cost $300.",
            "at": "2026-03-05T16:00:00Z",
        },
        "expect": "none",
        "note": "a purchase price is not the budget amount",
    },
    {
        "id": "h6-unrel-06",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/stackforge",
                "name": "on-call.md",
                "text": "# On-call compensation\n\nEngineers on the on-call rota are paid £200 for each week of on-call duty.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/stackforge/user/dev",
            "session": "dev-s2",
            "role": "user",
            "text": "I'm on call one week in every six.",
            "at": "2026-03-06T19:00:00Z",
        },
        "expect": "none",
        "note": "how often the user is on call is a different attribute from on-call pay",
    },
    {
        "id": "h6-unrel-07",
        "category": "unrelated",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/alice",
                "session": "alice-s1",
                "role": "user",
                "text": "I live in Manchester.",
                "at": "2026-03-01T09:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/alice",
            "session": "alice-s2",
            "role": "user",
            "text": "My sister lives in Glasgow.",
            "at": "2026-03-02T09:00:00Z",
        },
        "expect": "none",
        "note": "a different person (the sister)",
    },
    {
        "id": "h6-unrel-08",
        "category": "unrelated",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/ben",
                "session": "ben-s1",
                "role": "user",
                "text": "My car is a blue Honda Civic.",
                "at": "2026-03-01T10:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/ben",
            "session": "ben-s2",
            "role": "user",
            "text": "My partner drives a red Toyota Yaris.",
            "at": "2026-03-03T10:00:00Z",
        },
        "expect": "none",
        "note": "it is the partner's car, not the user's",
    },
    {
        "id": "h6-unrel-09",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/clearroad",
                "name": "lessons.md",
                "text": "# Lesson length\n\nEach driving lesson lasts 60 minutes.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/clearroad/user/zoe",
            "session": "zoe-s3",
            "role": "user",
            "text": "Your driving lessons cost £38 each.",
            "at": "2026-03-08T17:00:00Z",
        },
        "expect": "none",
        "note": "price and lesson length are different attributes",
    },
    {
        "id": "h6-unrel-10",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/petalpost",
                "name": "delivery.md",
                "text": "# Delivery\n\nLocal flower delivery costs £6.50 per order.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/petalpost/user/ivy",
            "session": "ivy-s2",
            "role": "user",
            "text": "Would delivery be cheaper if I ordered two bouquets at once?",
            "at": "2026-03-12T17:00:00Z",
        },
        "expect": "none",
        "note": "a question",
    },
    {
        "id": "h6-unrel-11",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/lumen",
                "name": "annual-leave.md",
                "text": "# Annual leave\n\nFull-time staff are entitled to 25 days of paid annual leave per year.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/lumen/user/omar",
            "session": "omar-s3",
            "role": "user",
            "text": "Paid sick leave here is ten days a year.",
            "at": "2026-03-09T14:00:00Z",
        },
        "expect": "none",
        "note": "sick leave is not annual leave",
    },
    {
        "id": "h6-unrel-12",
        "category": "unrelated",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/greenway",
                "triples": [
                    {
                        "subject": "Multi-purpose Compost 50L",
                        "type": "product",
                        "key": "price",
                        "value": "£7.99",
                    }
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/greenway/user/ruth",
            "session": "ruth-s2",
            "role": "user",
            "text": "Your 20 litre bag of multi-purpose compost is £4.50.",
            "at": "2026-03-03T15:00:00Z",
        },
        "expect": "none",
        "note": "the 20 L bag is a different product from the 50 L one",
    },
    {
        "id": "h6-unrel-13",
        "category": "unrelated",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/carla",
                "session": "carla-s1",
                "role": "user",
                "text": "My daughter is seven years old.",
                "at": "2026-03-02T08:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/carla",
            "session": "carla-s2",
            "role": "user",
            "text": "My son is 4 years old.",
            "at": "2026-03-05T08:00:00Z",
        },
        "expect": "none",
        "note": "ages of two different children",
    },
    {
        "id": "h6-unrel-14",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/wheelworks",
                "name": "servicing.md",
                "text": "# Servicing\n\nA standard bike service is completed within 2 working days.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/wheelworks/user/noah",
            "session": "noah-s2",
            "role": "user",
            "text": "Could you finish my bike service in one day this time?",
            "at": "2026-03-07T11:00:00Z",
        },
        "expect": "none",
        "note": "a request or question, not a claim about the policy",
    },
    # ------------------------------------------------------------------ supersession
    {
        "id": "h6-super-01",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/alice",
                "session": "alice-s1",
                "role": "user",
                "text": "I live in Leeds.",
                "at": "2026-03-01T09:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/alice",
            "session": "alice-s2",
            "role": "user",
            "text": "So, I moved last month and I live in York now.",
            "at": "2026-04-02T09:00:00Z",
        },
        "expect": "supersede",
        "note": "the user has moved; their home city changes",
    },
    {
        "id": "h6-super-02",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/ben",
                "session": "ben-s1",
                "role": "user",
                "text": "I work as a nurse.",
                "at": "2026-03-01T10:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/ben",
            "session": "ben-s2",
            "role": "user",
            "text": "I work as a midwife now.",
            "at": "2026-05-01T10:00:00Z",
        },
        "expect": "supersede",
        "note": "the user's role changes",
    },
    {
        "id": "h6-super-03",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/carla",
                "session": "carla-s1",
                "role": "user",
                "text": "I work for Deloitte.",
                "at": "2026-03-01T08:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/carla",
            "session": "carla-s2",
            "role": "user",
            "text": "I work for KPMG these days, started in April.",
            "at": "2026-04-20T08:00:00Z",
        },
        "expect": "supersede",
        "note": "the user's employer changes, with an aside",
    },
    {
        "id": "h6-super-04",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/dan",
                "session": "dan-s1",
                "role": "user",
                "text": "My car is a Ford Focus.",
                "at": "2026-03-02T12:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/dan",
            "session": "dan-s2",
            "role": "user",
            "text": "My car is a Tesla Model 3 now.",
            "at": "2026-03-20T12:00:00Z",
        },
        "expect": "supersede",
        "note": "a new car replaces the old one",
    },
    {
        "id": "h6-super-05",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/inkwell/user/erin",
                "session": "erin-s1",
                "role": "user",
                "text": "My favourite book is Dune.",
                "at": "2026-03-02T19:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/inkwell/user/erin",
            "session": "erin-s2",
            "role": "user",
            "text": "My favourite book is The Left Hand of Darkness now.",
            "at": "2026-03-25T19:00:00Z",
        },
        "expect": "supersede",
        "note": "the favourite book changes",
    },
    {
        "id": "h6-super-06",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/finn",
                "session": "finn-s1",
                "role": "user",
                "text": "My diet is vegetarian.",
                "at": "2026-03-03T13:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/finn",
            "session": "finn-s2",
            "role": "user",
            "text": "My diet is fully vegan now.",
            "at": "2026-04-03T13:00:00Z",
        },
        "expect": "supersede",
        "note": "the diet changes from vegetarian to vegan",
    },
    {
        "id": "h6-super-07",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/northwind/user/gita",
                "session": "gita-s1",
                "role": "user",
                "text": "I commute to work by bike.",
                "at": "2026-03-04T08:30:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/northwind/user/gita",
            "session": "gita-s2",
            "role": "user",
            "text": "I commute to work by train these days.",
            "at": "2026-03-28T08:30:00Z",
        },
        "expect": "supersede",
        "note": "the way the user commutes changes",
    },
    {
        "id": "h6-super-08",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/hugo",
                "session": "hugo-s1",
                "role": "user",
                "text": "My main hobby is rock climbing.",
                "at": "2026-03-05T18:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/hugo",
            "session": "hugo-s2",
            "role": "user",
            "text": "My main hobby is pottery now.",
            "at": "2026-04-15T18:00:00Z",
        },
        "expect": "supersede",
        "note": "the main hobby changes",
    },
    {
        "id": "h6-super-09",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/isla",
                "session": "isla-s1",
                "role": "user",
                "text": "I have one dog.",
                "at": "2026-03-06T09:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/isla",
            "session": "isla-s2",
            "role": "user",
            "text": "I have two dogs now, we adopted a puppy last week.",
            "at": "2026-03-30T09:00:00Z",
        },
        "expect": "supersede",
        "note": "the number of dogs goes up",
    },
    {
        "id": "h6-super-10",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/jon",
                "session": "jon-s1",
                "role": "user",
                "text": "My favourite colour is green.",
                "at": "2026-03-07T14:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/jon",
            "session": "jon-s2",
            "role": "user",
            "text": "My favourite colour is orange.",
            "at": "2026-03-21T14:00:00Z",
        },
        "expect": "supersede",
        "note": "the same user later names a different favourite colour",
    },
    {
        "id": "h6-super-11",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/kim",
                "session": "kim-s1",
                "role": "user",
                "text": "My son goes to Hillside Primary.",
                "at": "2026-03-08T07:45:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/kim",
            "session": "kim-s2",
            "role": "user",
            "text": "My son goes to Oakfield Primary since we moved house.",
            "at": "2026-04-22T07:45:00Z",
        },
        "expect": "supersede",
        "note": "the child's school changes after a move",
    },
    {
        "id": "h6-super-12",
        "category": "supersession",
        "setup": [
            {
                "kind": "document",
                "scope": "org/inkwell",
                "name": "returns.md",
                "text": "# Returns\n\nBooks bought in store can be returned for a full refund within 14 days of purchase.",
            },
        ],
        "probe": {
            "kind": "document",
            "scope": "org/inkwell",
            "name": "returns.md",
            "text": "# Returns\n\nBooks bought in store can be returned for a full refund within 30 days of purchase.",
        },
        "expect": "supersede",
        "note": "a newer version of the same document replaces its own earlier fact",
    },
    {
        "id": "h6-super-13",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/stackforge/user/dev",
                "session": "dev-s1",
                "role": "user",
                "text": "My team lead is Sam.",
                "at": "2026-03-09T10:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/stackforge/user/dev",
            "session": "dev-s2",
            "role": "user",
            "text": "Btw, my team lead is Jordan now, after the reorg.",
            "at": "2026-04-09T10:00:00Z",
        },
        "expect": "supersede",
        "note": "the team lead changes after a reorg",
    },
    {
        "id": "h6-super-14",
        "category": "supersession",
        "setup": [
            {
                "kind": "document",
                "scope": "org/stackforge",
                "name": "on-call.md",
                "text": "# On-call compensation\n\nEngineers on the on-call rota are paid £200 for each week of on-call duty.",
            },
        ],
        "probe": {
            "kind": "document",
            "scope": "org/stackforge",
            "name": "on-call.md",
            "text": "# On-call compensation\n\nEngineers on the on-call rota are paid £250 for each week of on-call duty.",
        },
        "expect": "supersede",
        "note": "a revised version of the same policy document",
    },
    # ------------------------------------------------------------------ negation
    {
        "id": "h6-neg-01",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/alice",
                "session": "alice-s1",
                "role": "user",
                "text": "I live in Leeds.",
                "at": "2026-03-01T09:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/alice",
            "session": "alice-s2",
            "role": "user",
            "text": "I no longer live in Leeds.",
            "at": "2026-04-01T09:00:00Z",
        },
        "expect": "close",
        "note": "'no longer' ends the home city and gives no new one",
    },
    {
        "id": "h6-neg-02",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/ben",
                "session": "ben-s1",
                "role": "user",
                "text": "I play the violin.",
                "at": "2026-03-01T10:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/ben",
            "session": "ben-s2",
            "role": "user",
            "text": "I gave up the violin, my hands couldn't take it.",
            "at": "2026-03-15T10:00:00Z",
        },
        "expect": "close",
        "note": "'gave up' ends the hobby",
    },
    {
        "id": "h6-neg-03",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/northwind/user/gita",
                "session": "gita-s1",
                "role": "user",
                "text": "I work at Acme Logistics.",
                "at": "2026-03-02T09:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/northwind/user/gita",
            "session": "gita-s2",
            "role": "user",
            "text": "I don't work at Acme Logistics anymore.",
            "at": "2026-04-02T09:00:00Z",
        },
        "expect": "close",
        "note": "'not ... anymore' ends the employer",
    },
    {
        "id": "h6-neg-04",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/finn",
                "session": "finn-s1",
                "role": "user",
                "text": "I'm vegetarian.",
                "at": "2026-03-03T13:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/finn",
            "session": "finn-s2",
            "role": "user",
            "text": "I'm not vegetarian anymore.",
            "at": "2026-04-10T13:00:00Z",
        },
        "expect": "close",
        "note": "the diet fact is negated, with a contraction",
    },
    {
        "id": "h6-neg-05",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/isla",
                "session": "isla-s1",
                "role": "user",
                "text": "I have a cat called Miso.",
                "at": "2026-03-04T09:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/isla",
            "session": "isla-s2",
            "role": "user",
            "text": "I used to have a cat called Miso.",
            "at": "2026-05-04T09:00:00Z",
        },
        "expect": "close",
        "note": "'used to' puts the pet in the past",
    },
    {
        "id": "h6-neg-06",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/dan",
                "session": "dan-s1",
                "role": "user",
                "text": "I drive to work every day.",
                "at": "2026-03-05T08:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/dan",
            "session": "dan-s2",
            "role": "user",
            "text": "I stopped driving to work, the parking got too expensive.",
            "at": "2026-03-26T08:00:00Z",
        },
        "expect": "close",
        "note": "'stopped' ends the commute habit",
    },
    {
        "id": "h6-neg-07",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/hugo",
                "session": "hugo-s1",
                "role": "user",
                "text": "I go running every morning.",
                "at": "2026-01-05T07:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/hugo",
            "session": "hugo-s2",
            "role": "user",
            "text": "So, I quit running in February.",
            "at": "2026-03-05T07:00:00Z",
        },
        "expect": "close",
        "note": "'quit' ends the running habit",
    },
    {
        "id": "h6-neg-08",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/jon",
                "session": "jon-s1",
                "role": "user",
                "text": "I own a Vauxhall Corsa.",
                "at": "2026-03-06T12:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/jon",
            "session": "jon-s2",
            "role": "user",
            "text": "I no longer own the Corsa, I sold it to my cousin.",
            "at": "2026-04-06T12:00:00Z",
        },
        "expect": "close",
        "note": "'no longer' ends car ownership",
    },
    {
        "id": "h6-neg-09",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/stackforge/user/dev",
                "session": "dev-s1",
                "role": "user",
                "text": "I'm a team lead.",
                "at": "2026-03-07T10:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/stackforge/user/dev",
            "session": "dev-s2",
            "role": "user",
            "text": "I'm not a team lead anymore.",
            "at": "2026-04-07T10:00:00Z",
        },
        "expect": "close",
        "note": "the role is negated",
    },
    {
        "id": "h6-neg-10",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/kim",
                "session": "kim-s1",
                "role": "user",
                "text": "I coach my daughter's football team.",
                "at": "2026-03-08T18:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/kim",
            "session": "kim-s2",
            "role": "user",
            "text": "I stopped coaching my daughter's football team.",
            "at": "2026-05-08T18:00:00Z",
        },
        "expect": "close",
        "note": "'stopped' ends the coaching",
    },
    {
        "id": "h6-neg-11",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/lumen/user/sara",
                "session": "sara-s1",
                "role": "user",
                "text": "I'm learning Spanish.",
                "at": "2026-03-09T20:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/lumen/user/sara",
            "session": "sara-s2",
            "role": "user",
            "text": "I gave up learning Spanish.",
            "at": "2026-04-19T20:00:00Z",
        },
        "expect": "close",
        "note": "'gave up' ends the learning activity",
    },
    {
        "id": "h6-neg-12",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/carla",
                "session": "carla-s1",
                "role": "user",
                "text": "I drink coffee every day.",
                "at": "2026-02-10T08:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/carla",
            "session": "carla-s2",
            "role": "user",
            "text": "Btw, I quit coffee last month.",
            "at": "2026-03-10T08:00:00Z",
        },
        "expect": "close",
        "note": "'quit' ends the coffee habit",
    },
    {
        "id": "h6-neg-13",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/inkwell/user/erin",
                "session": "erin-s1",
                "role": "user",
                "text": "I'm a member of the local chess club.",
                "at": "2026-03-11T19:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/inkwell/user/erin",
            "session": "erin-s2",
            "role": "user",
            "text": "I'm not a member of the chess club anymore.",
            "at": "2026-04-11T19:00:00Z",
        },
        "expect": "close",
        "note": "the club membership is negated",
    },
    {
        "id": "h6-neg-14",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/greenway/user/ruth",
                "session": "ruth-s1",
                "role": "user",
                "text": "I volunteer at the library on Saturdays.",
                "at": "2026-03-12T10:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/greenway/user/ruth",
            "session": "ruth-s2",
            "role": "user",
            "text": "I no longer volunteer at the library.",
            "at": "2026-04-12T10:00:00Z",
        },
        "expect": "close",
        "note": "'no longer' ends the volunteering",
    },
    # ------------------------------------------------------------------ other_scope
    {
        "id": "h6-scope-01",
        "category": "other_scope",
        "setup": [
            {
                "kind": "document",
                "scope": "org/inkwell",
                "name": "returns.md",
                "text": "# Returns\n\nBooks bought in store can be returned for a full refund within 14 days of purchase.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/pagebound/user/ben",
            "session": "ben-s1",
            "role": "user",
            "text": "Your return window for books is 30 days.",
            "at": "2026-03-02T10:00:00Z",
        },
        "expect": "none",
        "note": "the speaker belongs to a different org, so 'your' means pagebound, not inkwell",
    },
    {
        "id": "h6-scope-02",
        "category": "other_scope",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/alice",
                "session": "alice-s1",
                "role": "user",
                "text": "I live in Leeds.",
                "at": "2026-03-01T09:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/bob",
            "session": "bob-s1",
            "role": "user",
            "text": "I live in York.",
            "at": "2026-03-01T09:30:00Z",
        },
        "expect": "none",
        "note": "two users, each with their own home",
    },
    {
        "id": "h6-scope-03",
        "category": "other_scope",
        "setup": [
            {
                "kind": "document",
                "scope": "org/acme/team/sales",
                "name": "on-call.md",
                "text": "# On-call pay\n\nSales on-call cover is paid £100 per week.",
            },
        ],
        "probe": {
            "kind": "document",
            "scope": "org/acme/team/support",
            "name": "on-call.md",
            "text": "# On-call pay\n\nSupport on-call cover is paid £180 per week.",
        },
        "expect": "none",
        "note": "sibling teams have their own policies",
    },
    {
        "id": "h6-scope-04",
        "category": "other_scope",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/greenway",
                "triples": [
                    {
                        "subject": "Multi-purpose Compost 50L",
                        "type": "product",
                        "key": "price",
                        "value": "£7.99",
                    }
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/leafyroots/user/kim",
            "session": "kim-s1",
            "role": "user",
            "text": "Your 50 litre multi-purpose compost is £9.99.",
            "at": "2026-03-03T11:00:00Z",
        },
        "expect": "none",
        "note": "a different garden centre (org), so the speaker's 'your' is not greenway",
    },
    {
        "id": "h6-scope-05",
        "category": "other_scope",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/inkwell/user/erin",
                "session": "erin-s1",
                "role": "user",
                "text": "My favourite book is Dune.",
                "at": "2026-03-02T19:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/inkwell/user/felix",
            "session": "felix-s1",
            "role": "user",
            "text": "My favourite book is Emma.",
            "at": "2026-03-02T19:05:00Z",
        },
        "expect": "none",
        "note": "two readers with different favourites",
    },
    {
        "id": "h6-scope-06",
        "category": "other_scope",
        "setup": [
            {
                "kind": "document",
                "scope": "org/northwind",
                "name": "remote-work.md",
                "text": "# Remote work\n\nEmployees may work remotely up to two days per week.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/southbank/user/li",
            "session": "li-s1",
            "role": "user",
            "text": "We can work from home three days a week here.",
            "at": "2026-03-05T09:00:00Z",
        },
        "expect": "none",
        "note": "an employee of another company describes their own remote policy",
    },
    {
        "id": "h6-scope-07",
        "category": "other_scope",
        "setup": [
            {
                "kind": "document",
                "scope": "org/acme/team/design",
                "name": "equipment.md",
                "text": "# Equipment budget\n\nDesign team members have an equipment budget of $800 per year.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/team/engineering",
            "session": "eng-s1",
            "role": "user",
            "text": "Our equipment budget is $1,500 a year.",
            "at": "2026-03-06T10:00:00Z",
        },
        "expect": "none",
        "note": "a sibling team's budget does not cover this team",
    },
    {
        "id": "h6-scope-08",
        "category": "other_scope",
        "setup": [
            {
                "kind": "document",
                "scope": "org/brightlens",
                "name": "prices.md",
                "text": "# Prices\n\nA standard eye test costs £25.",
            },
        ],
        "probe": {
            "kind": "document",
            "scope": "org/clearview",
            "name": "prices.md",
            "text": "# Prices\n\nA standard eye test costs £35.",
        },
        "expect": "none",
        "note": "two opticians (orgs) charge different prices",
    },
    {
        "id": "h6-scope-09",
        "category": "other_scope",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/ben",
                "session": "ben-s1",
                "role": "user",
                "text": "I have two cats.",
                "at": "2026-03-01T10:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/cara",
            "session": "cara-s1",
            "role": "user",
            "text": "I have three cats.",
            "at": "2026-03-01T11:00:00Z",
        },
        "expect": "none",
        "note": "different users have different pets",
    },
    {
        "id": "h6-scope-10",
        "category": "other_scope",
        "setup": [
            {
                "kind": "document",
                "scope": "org/acme/team/sales",
                "name": "on-call.md",
                "text": "# On-call pay\n\nSales on-call cover is paid £100 per week.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/team/support",
            "session": "support-s1",
            "role": "user",
            "text": "On-call cover pays £150 a week.",
            "at": "2026-03-07T17:00:00Z",
        },
        "expect": "none",
        "note": "a turn in a sibling team is not covered by the sales team document",
    },
    {
        "id": "h6-scope-11",
        "category": "other_scope",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/alice",
                "session": "alice-s1",
                "role": "user",
                "text": "I work as a nurse.",
                "at": "2026-03-01T09:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/globex/user/alice",
            "session": "alice-g1",
            "role": "user",
            "text": "I work as an accountant.",
            "at": "2026-03-02T09:00:00Z",
        },
        "expect": "none",
        "note": "same user name, different orgs, so these are different principals",
    },
    {
        "id": "h6-scope-12",
        "category": "other_scope",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/wheelworks",
                "triples": [
                    {
                        "subject": "Standard Bike Service",
                        "type": "service",
                        "key": "turnaround",
                        "value": "2 working days",
                    }
                ],
            },
        ],
        "probe": {
            "kind": "upsert",
            "scope": "org/spokehouse",
            "triples": [
                {
                    "subject": "Standard Bike Service",
                    "type": "service",
                    "key": "turnaround",
                    "value": "5 working days",
                }
            ],
        },
        "expect": "none",
        "note": "two bike shops (orgs) use the same service name",
    },
    {
        "id": "h6-scope-13",
        "category": "other_scope",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/northwind/user/gita",
                "session": "gita-s1",
                "role": "user",
                "text": "My commute is 20 minutes.",
                "at": "2026-03-04T08:30:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/northwind/user/hal",
            "session": "hal-s1",
            "role": "user",
            "text": "My commute is about an hour.",
            "at": "2026-03-04T08:45:00Z",
        },
        "expect": "none",
        "note": "colleagues, each with their own commute",
    },
    {
        "id": "h6-scope-14",
        "category": "other_scope",
        "setup": [
            {
                "kind": "document",
                "scope": "org/acme/team/london",
                "name": "office.md",
                "text": "# Office hours\n\nThe office opens at 8am on weekdays.",
            },
        ],
        "probe": {
            "kind": "document",
            "scope": "org/acme/team/berlin",
            "name": "office.md",
            "text": "# Office hours\n\nThe office opens at 9:30am on weekdays.",
        },
        "expect": "none",
        "note": "sibling teams (offices) with different opening times",
    },
]
