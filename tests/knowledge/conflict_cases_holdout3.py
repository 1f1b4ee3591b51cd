"""Holdout suite 3 for cross-layer conflict detection (DESIGN.md §6, seed 000).

A final, untouched measurement of how well the reconciler generalises. These cases were
written without looking at the implementation or at the other conflict suites, and use
domains not covered elsewhere (ferries and trains, dentists, driving schools, cinemas,
parking garages, utilities, language schools, software licences, event venues, nurseries,
bakeries, photo printing, charity donations, swimming pools) plus personal user facts.

Each case replays ``setup`` writes in order, then writes ``probe`` and states what the
reconciler should do with the probe:

- ``conflict``: an experiential user turn contradicts an authoritative fact (document or
  upsert) of its own org (``org/X`` applies to ``org/X/user/Y`` and ``org/X/team/Z``);
  "you/your" in a user turn means the org of the nearest ``org/<name>`` scope.
- ``supersede``: the same user updates their own fact (or a newer version of the same
  document replaces its earlier facts); no conflict.
- ``close``: explicit negation ("no longer", "not anymore", "used to", "quit", "gave up")
  closes the older value.
- ``corroborate``: the same value restated, possibly in other units or wording.
- ``none``: different entity or attribute, questions, wishes/hypotheticals, or
  contradictions across non-overlapping scopes (two users, two orgs, sibling teams).

Categories: paraphrase_conflict, agreement, unrelated, supersession, negation, other_scope.
Data only: no test functions live here.
"""

CASES: list[dict] = [
    # ------------------------------------------------------------------ paraphrase_conflict
    {
        "id": "h3-para-01",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/bluewave",
                "name": "luggage.md",
                "text": "# Luggage allowance\n\nEach foot passenger may bring up to two pieces of luggage free of charge.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/bluewave/user/maya",
            "session": "maya-s1",
            "role": "user",
            "text": "On your ferries, foot passengers are allowed four free bags.",
            "at": "2026-03-02T10:00:00Z",
        },
        "expect": "conflict",
        "note": "four free bags vs up to two pieces of luggage; bags ~ pieces of luggage, passive voice",
    },
    {
        "id": "h3-para-02",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/railnorth",
                "name": "tickets.md",
                "text": "# Ticket validity\n\nOff-peak return tickets are valid for one month from the date of outward travel.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/railnorth/user/omar",
            "session": "omar-s1",
            "role": "user",
            "text": "Your off-peak return tickets are only good for seven days.",
            "at": "2026-03-02T10:05:00Z",
        },
        "expect": "conflict",
        "note": "validity one month vs seven days; 'good for' ~ 'valid for'",
    },
    {
        "id": "h3-para-03",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/brightsmile",
                "name": "cancellations.md",
                "text": "# Cancellation policy\n\nAppointments must be cancelled at least 24 hours in advance to avoid a missed-appointment fee.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/brightsmile/user/lena",
            "session": "lena-s1",
            "role": "user",
            "text": "You only need two hours' notice to cancel an appointment without paying the fee.",
            "at": "2026-03-03T09:00:00Z",
        },
        "expect": "conflict",
        "note": "cancellation notice 24 hours vs 2 hours, reworded",
    },
    {
        "id": "h3-para-04",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/steerwell",
                "triples": [
                    {
                        "subject": "Standard Driving Lesson",
                        "type": "service",
                        "key": "duration",
                        "value": "60 minutes",
                    }
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/steerwell/user/jamal",
            "session": "jamal-s1",
            "role": "user",
            "text": "Your standard driving lessons last an hour and a half.",
            "at": "2026-03-03T11:00:00Z",
        },
        "expect": "conflict",
        "note": "duration 60 minutes vs 90 minutes expressed in words",
    },
    {
        "id": "h3-para-05",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/reelhouse",
                "name": "admission.md",
                "text": "# Admission\n\nChildren under 3 are admitted free of charge.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/reelhouse/user/priya",
            "session": "priya-s1",
            "role": "user",
            "text": "At your cinema kids get in free until they turn six.",
            "at": "2026-03-04T18:30:00Z",
        },
        "expect": "conflict",
        "note": "free admission age limit under 3 vs under 6",
    },
    {
        "id": "h3-para-06",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/parkright",
                "triples": [
                    {
                        "subject": "Riverside Garage",
                        "type": "facility",
                        "key": "maximum stay",
                        "value": "24 hours",
                    }
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/parkright/user/ben",
            "session": "ben-s1",
            "role": "user",
            "text": "You can leave a car at your Riverside Garage for up to three days.",
            "at": "2026-03-04T08:15:00Z",
        },
        "expect": "conflict",
        "note": "maximum stay 24 hours vs 3 days (72 hours) after unit conversion",
    },
    {
        "id": "h3-para-07",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/gridwise",
                "name": "meter-readings.md",
                "text": "# Meter readings\n\nOur engineers read each customer's meter once every three months.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/gridwise/user/hannah",
            "session": "hannah-s1",
            "role": "user",
            "text": "You guys come round and read the meter every month.",
            "at": "2026-03-05T12:00:00Z",
        },
        "expect": "conflict",
        "note": "meter reading frequency quarterly vs monthly",
    },
    {
        "id": "h3-para-08",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/lingua",
                "triples": [
                    {
                        "subject": "Spanish Intensive Course",
                        "type": "course",
                        "key": "price",
                        "value": "€450",
                    }
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/lingua/user/felix",
            "session": "felix-s1",
            "role": "user",
            "text": "Your Spanish intensive course costs six hundred euros.",
            "at": "2026-03-05T14:20:00Z",
        },
        "expect": "conflict",
        "note": "price €450 vs 600 euros written in words",
    },
    {
        "id": "h3-para-09",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/codeforge",
                "name": "plans.md",
                "text": "# Team plan\n\nThe Team plan includes a maximum of 10 user seats.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/codeforge/team/platform",
            "session": "platform-s1",
            "role": "user",
            "text": "Your Team plan comes with 25 seats.",
            "at": "2026-03-06T09:45:00Z",
        },
        "expect": "conflict",
        "note": "org document applies to its team scope; 10 seats vs 25 seats",
    },
    {
        "id": "h3-para-10",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/harbourhall",
                "name": "capacity.md",
                "text": "# Capacity\n\nThe main hall can hold at most 300 standing guests.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/harbourhall/user/grace",
            "session": "grace-s1",
            "role": "user",
            "text": "Your main hall fits 500 people standing.",
            "at": "2026-03-06T16:00:00Z",
        },
        "expect": "conflict",
        "note": "capacity 300 vs 500; guests ~ people, holds ~ fits",
    },
    {
        "id": "h3-para-11",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/crumb",
                "name": "preorders.md",
                "text": "# Pre-orders\n\nCelebration cakes must be pre-ordered at least 48 hours in advance.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/crumb/user/zoe",
            "session": "zoe-s1",
            "role": "user",
            "text": "Your bakery only needs a day's notice for celebration cakes.",
            "at": "2026-03-07T10:10:00Z",
        },
        "expect": "conflict",
        "note": "pre-order notice 48 hours vs one day",
    },
    {
        "id": "h3-para-12",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/brightfuture",
                "name": "receipts.md",
                "text": "# Tax receipts\n\nTax receipts are issued for all donations of $20 or more.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/brightfuture/user/ivan",
            "session": "ivan-s1",
            "role": "user",
            "text": "You only send tax receipts for donations of a hundred dollars or more.",
            "at": "2026-03-07T15:30:00Z",
        },
        "expect": "conflict",
        "note": "tax receipt threshold $20 vs $100",
    },
    {
        "id": "h3-para-13",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/aquacentre",
                "triples": [
                    {"subject": "Lap Pool", "type": "facility", "key": "length", "value": "25 m"}
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/aquacentre/user/noor",
            "session": "noor-s1",
            "role": "user",
            "text": "Your lap pool is fifty metres long.",
            "at": "2026-03-08T07:00:00Z",
        },
        "expect": "conflict",
        "note": "pool length 25 m vs fifty metres",
    },
    {
        "id": "h3-para-14",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/snapprint",
                "name": "turnaround.md",
                "text": "# Turnaround\n\nStandard photo prints are ready for collection within 1 hour.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/snapprint/user/ruth",
            "session": "ruth-s1",
            "role": "user",
            "text": "Your standard photo prints take three days to be ready.",
            "at": "2026-03-08T13:00:00Z",
        },
        "expect": "conflict",
        "note": "turnaround 1 hour vs 3 days",
    },
    # ------------------------------------------------------------------ agreement
    {
        "id": "h3-agree-01",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/islandlink",
                "name": "luggage.md",
                "text": "# Luggage\n\nEach foot passenger may bring up to two pieces of luggage free of charge.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/islandlink/user/cara",
            "session": "cara-s1",
            "role": "user",
            "text": "Your ferries let foot passengers bring two bags for free.",
            "at": "2026-03-09T09:00:00Z",
        },
        "expect": "corroborate",
        "note": "two free bags == up to two pieces of luggage free of charge",
    },
    {
        "id": "h3-agree-02",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/railnorth",
                "name": "season.md",
                "text": "# Season tickets\n\nAnnual season tickets are valid for 12 months from the start date.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/railnorth/user/dev",
            "session": "dev-s1",
            "role": "user",
            "text": "Your annual season ticket is valid for a year.",
            "at": "2026-03-09T09:30:00Z",
        },
        "expect": "corroborate",
        "note": "12 months == one year",
    },
    {
        "id": "h3-agree-03",
        "category": "agreement",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/brightsmile",
                "triples": [
                    {
                        "subject": "Routine Check-up",
                        "type": "service",
                        "key": "price",
                        "value": "£45",
                    }
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/brightsmile/user/tariq",
            "session": "tariq-s1",
            "role": "user",
            "text": "A routine check-up at your practice costs forty-five pounds.",
            "at": "2026-03-09T11:00:00Z",
        },
        "expect": "corroborate",
        "note": "£45 == forty-five pounds",
    },
    {
        "id": "h3-agree-04",
        "category": "agreement",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/parkright",
                "triples": [
                    {
                        "subject": "Riverside Garage",
                        "type": "facility",
                        "key": "maximum stay",
                        "value": "24 hours",
                    }
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/parkright/user/elsa",
            "session": "elsa-s1",
            "role": "user",
            "text": "You can park at your Riverside Garage for at most one day.",
            "at": "2026-03-10T08:00:00Z",
        },
        "expect": "corroborate",
        "note": "24 hours == one day",
    },
    {
        "id": "h3-agree-05",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/gridwise",
                "name": "billing.md",
                "text": "# Billing\n\nCustomers are billed every 30 days.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/gridwise/user/paul",
            "session": "paul-s1",
            "role": "user",
            "text": "Your billing cycle is thirty days.",
            "at": "2026-03-10T12:00:00Z",
        },
        "expect": "corroborate",
        "note": "billing cycle 30 days == thirty days",
    },
    {
        "id": "h3-agree-06",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/reelhouse",
                "name": "about.md",
                "text": "# About us\n\nThe cinema has 12 screens.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/reelhouse/user/ade",
            "session": "ade-s1",
            "role": "user",
            "text": "Your cinema's got twelve screens.",
            "at": "2026-03-10T19:00:00Z",
        },
        "expect": "corroborate",
        "note": "12 == twelve, contraction",
    },
    {
        "id": "h3-agree-07",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/lingua",
                "name": "classes.md",
                "text": "# Class size\n\nGroup classes have at most 8 students.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/lingua/user/mia",
            "session": "mia-s1",
            "role": "user",
            "text": "Your group classes are capped at eight learners.",
            "at": "2026-03-11T10:00:00Z",
        },
        "expect": "corroborate",
        "note": "at most 8 students == capped at eight learners",
    },
    {
        "id": "h3-agree-08",
        "category": "agreement",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/codeforge",
                "triples": [
                    {
                        "subject": "Pro Licence",
                        "type": "product",
                        "key": "support period",
                        "value": "12 months",
                    }
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/codeforge/user/kai",
            "session": "kai-s1",
            "role": "user",
            "text": "Your Pro licence comes with one year of support.",
            "at": "2026-03-11T14:00:00Z",
        },
        "expect": "corroborate",
        "note": "support period 12 months == one year",
    },
    {
        "id": "h3-agree-09",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/harbourhall",
                "name": "noise.md",
                "text": "# Noise curfew\n\nAmplified music must stop by 11pm.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/harbourhall/user/leo",
            "session": "leo-s1",
            "role": "user",
            "text": "Your venue's curfew for amplified music is 23:00.",
            "at": "2026-03-11T17:00:00Z",
        },
        "expect": "corroborate",
        "note": "11pm == 23:00",
    },
    {
        "id": "h3-agree-10",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/littlesteps",
                "name": "admissions.md",
                "text": "# Admissions\n\nThe nursery accepts children from 6 months of age.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/littlesteps/user/sofia",
            "session": "sofia-s1",
            "role": "user",
            "text": "Your nursery takes babies from six months old.",
            "at": "2026-03-12T08:30:00Z",
        },
        "expect": "corroborate",
        "note": "minimum age 6 months == six months",
    },
    {
        "id": "h3-agree-11",
        "category": "agreement",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/crumb",
                "triples": [
                    {"subject": "Sourdough Loaf", "type": "product", "key": "price", "value": "$6"}
                ],
            },
        ],
        "probe": {
            "kind": "document",
            "scope": "org/crumb",
            "name": "bread-prices.md",
            "text": "# Bread prices\n\nA sourdough loaf costs 6 dollars.",
        },
        "expect": "corroborate",
        "note": "document restates the upserted price: independent authoritative source, same value",
    },
    {
        "id": "h3-agree-12",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/crumb",
                "name": "wedding-cakes.md",
                "text": "# Wedding cakes\n\nWedding cakes must be ordered at least two weeks in advance.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/crumb/team/events",
            "session": "events-s1",
            "role": "user",
            "text": "You need 14 days' notice for wedding cakes.",
            "at": "2026-03-12T11:00:00Z",
        },
        "expect": "corroborate",
        "note": "two weeks == 14 days; team scope under the org",
    },
    {
        "id": "h3-agree-13",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/aquacentre",
                "name": "lap-pool.md",
                "text": "# Lap pool\n\nThe lap pool is 25 metres long.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/aquacentre/user/owen",
            "session": "owen-s1",
            "role": "user",
            "text": "Your lap pool's 25 m long.",
            "at": "2026-03-12T07:15:00Z",
        },
        "expect": "corroborate",
        "note": "25 metres == 25 m",
    },
    {
        "id": "h3-agree-14",
        "category": "agreement",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/snapprint",
                "triples": [
                    {
                        "subject": "A4 Photo Print",
                        "type": "product",
                        "key": "price",
                        "value": "£3.50",
                    }
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/snapprint/user/iris",
            "session": "iris-s1",
            "role": "user",
            "text": "An A4 photo print from you costs three pounds fifty.",
            "at": "2026-03-13T10:00:00Z",
        },
        "expect": "corroborate",
        "note": "£3.50 == three pounds fifty",
    },
    # ------------------------------------------------------------------ unrelated
    {
        "id": "h3-unrel-01",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/bluewave",
                "name": "luggage.md",
                "text": "# Luggage allowance\n\nEach foot passenger may bring up to two pieces of luggage free of charge.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/bluewave/user/sam",
            "session": "sam-s1",
            "role": "user",
            "text": "Your ferry café serves hot breakfasts until 10am.",
            "at": "2026-03-13T09:00:00Z",
        },
        "expect": "none",
        "note": "different attribute (café hours) than the luggage allowance",
    },
    {
        "id": "h3-unrel-02",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/railnorth",
                "name": "tickets.md",
                "text": "# Ticket validity\n\nOff-peak return tickets are valid for one month from the date of outward travel.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/railnorth/user/nina",
            "session": "nina-s1",
            "role": "user",
            "text": "Are your off-peak return tickets valid for two months?",
            "at": "2026-03-13T09:30:00Z",
        },
        "expect": "none",
        "note": "question, not an assertion",
    },
    {
        "id": "h3-unrel-03",
        "category": "unrelated",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/reelhouse",
                "triples": [
                    {
                        "subject": "Standard Ticket",
                        "type": "product",
                        "key": "price",
                        "value": "£12",
                    }
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/reelhouse/user/tom",
            "session": "tom-s1",
            "role": "user",
            "text": "I wish your standard tickets were only £8.",
            "at": "2026-03-13T20:00:00Z",
        },
        "expect": "none",
        "note": "wish, not a claim about the price",
    },
    {
        "id": "h3-unrel-04",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/parkright",
                "name": "hours.md",
                "text": "# Opening hours\n\nThe Riverside Garage closes at midnight.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/parkright/user/ola",
            "session": "ola-s1",
            "role": "user",
            "text": "If your Riverside Garage stayed open all night, I'd park there every weekend.",
            "at": "2026-03-14T10:00:00Z",
        },
        "expect": "none",
        "note": "hypothetical, not an assertion",
    },
    {
        "id": "h3-unrel-05",
        "category": "unrelated",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/codeforge",
                "triples": [
                    {"subject": "Pro Licence", "type": "product", "key": "seats", "value": "5"}
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/codeforge/user/yara",
            "session": "yara-s1",
            "role": "user",
            "text": "Your Enterprise licence includes 100 seats.",
            "at": "2026-03-14T11:00:00Z",
        },
        "expect": "none",
        "note": "different entity (Enterprise vs Pro licence), same attribute",
    },
    {
        "id": "h3-unrel-06",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/harbourhall",
                "name": "capacity.md",
                "text": "# Capacity\n\nThe main hall can hold at most 300 standing guests.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/harbourhall/user/finn",
            "session": "finn-s1",
            "role": "user",
            "text": "Your garden terrace holds 80 guests.",
            "at": "2026-03-14T15:00:00Z",
        },
        "expect": "none",
        "note": "different entity (garden terrace vs main hall)",
    },
    {
        "id": "h3-unrel-07",
        "category": "unrelated",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/lingua/user/tom",
                "session": "tom-s1",
                "role": "user",
                "text": "I grew up in Galway.",
                "at": "2026-03-15T09:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/lingua/user/tom",
            "session": "tom-s1",
            "role": "user",
            "text": "My partner's name is Siobhan.",
            "at": "2026-03-15T09:01:00Z",
        },
        "expect": "none",
        "note": "different user attribute (partner vs hometown)",
    },
    {
        "id": "h3-unrel-08",
        "category": "unrelated",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/brightsmile",
                "triples": [
                    {
                        "subject": "Routine Check-up",
                        "type": "service",
                        "key": "price",
                        "value": "£45",
                    }
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/brightsmile/user/gil",
            "session": "gil-s1",
            "role": "user",
            "text": "How much does a routine check-up cost at your practice, is it £60?",
            "at": "2026-03-15T10:00:00Z",
        },
        "expect": "none",
        "note": "question, even though it mentions a different price",
    },
    {
        "id": "h3-unrel-09",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/littlesteps",
                "name": "collection.md",
                "text": "# Collection\n\nChildren must be collected by 6pm.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/littlesteps/user/amy",
            "session": "amy-s1",
            "role": "user",
            "text": "It would be great if your nursery stayed open until 7pm.",
            "at": "2026-03-15T17:30:00Z",
        },
        "expect": "none",
        "note": "wish / request, not an assertion",
    },
    {
        "id": "h3-unrel-10",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/aquacentre",
                "name": "lap-pool.md",
                "text": "# Lap pool\n\nThe lap pool is 25 metres long.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/aquacentre/user/rik",
            "session": "rik-s1",
            "role": "user",
            "text": "Your toddler pool is only 10 metres long.",
            "at": "2026-03-16T07:30:00Z",
        },
        "expect": "none",
        "note": "different entity (toddler pool vs lap pool)",
    },
    {
        "id": "h3-unrel-11",
        "category": "unrelated",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/steerwell",
                "triples": [
                    {
                        "subject": "Standard Driving Lesson",
                        "type": "service",
                        "key": "duration",
                        "value": "60 minutes",
                    }
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/steerwell/user/kim",
            "session": "kim-s1",
            "role": "user",
            "text": "Your standard driving lesson costs £40.",
            "at": "2026-03-16T12:00:00Z",
        },
        "expect": "none",
        "note": "same entity, different attribute (price vs duration)",
    },
    {
        "id": "h3-unrel-12",
        "category": "unrelated",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/harbourhall/user/lucy",
                "session": "lucy-s1",
                "role": "user",
                "text": "I play the cello.",
                "at": "2026-03-16T18:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/harbourhall/user/lucy",
            "session": "lucy-s1",
            "role": "user",
            "text": "Maybe one day I'd like to learn the saxophone.",
            "at": "2026-03-16T18:02:00Z",
        },
        "expect": "none",
        "note": "wish about a future instrument, does not touch the current one",
    },
    {
        "id": "h3-unrel-13",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/brightfuture",
                "name": "receipts.md",
                "text": "# Tax receipts\n\nTax receipts are issued for all donations of $20 or more.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/brightfuture/user/hugo",
            "session": "hugo-s1",
            "role": "user",
            "text": "Would I still get a tax receipt if I only gave $10?",
            "at": "2026-03-17T09:00:00Z",
        },
        "expect": "none",
        "note": "question about the threshold, not a claim",
    },
    # ------------------------------------------------------------------ supersession
    {
        "id": "h3-sup-01",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/railnorth/user/alice",
                "session": "alice-s1",
                "role": "user",
                "text": "I commute to work by bus.",
                "at": "2026-03-02T08:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/railnorth/user/alice",
            "session": "alice-s2",
            "role": "user",
            "text": "These days I cycle to work.",
            "at": "2026-03-20T08:00:00Z",
        },
        "expect": "supersede",
        "note": "same user updates commute mode",
    },
    {
        "id": "h3-sup-02",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/snapprint/user/marco",
                "session": "marco-s1",
                "role": "user",
                "text": "My phone is a Pixel 7.",
                "at": "2026-03-02T10:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/snapprint/user/marco",
            "session": "marco-s2",
            "role": "user",
            "text": "My phone is now a Pixel 9.",
            "at": "2026-03-18T10:00:00Z",
        },
        "expect": "supersede",
        "note": "same user updates phone model",
    },
    {
        "id": "h3-sup-03",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/gridwise/user/dana",
                "session": "dana-s1",
                "role": "user",
                "text": "I work the night shift at the depot.",
                "at": "2026-03-03T07:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/gridwise/user/dana",
            "session": "dana-s2",
            "role": "user",
            "text": "I've moved to the early shift at the depot.",
            "at": "2026-03-21T07:00:00Z",
        },
        "expect": "supersede",
        "note": "same user updates shift pattern",
    },
    {
        "id": "h3-sup-04",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/crumb/user/pete",
                "session": "pete-s1",
                "role": "user",
                "text": "My favourite cuisine is Italian.",
                "at": "2026-03-03T12:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/crumb/user/pete",
            "session": "pete-s2",
            "role": "user",
            "text": "Lately my favourite cuisine has become Ethiopian.",
            "at": "2026-03-19T12:00:00Z",
        },
        "expect": "supersede",
        "note": "same user updates favourite cuisine",
    },
    {
        "id": "h3-sup-05",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/littlesteps/user/jo",
                "session": "jo-s1",
                "role": "user",
                "text": "I have two siblings.",
                "at": "2026-03-04T09:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/littlesteps/user/jo",
            "session": "jo-s2",
            "role": "user",
            "text": "My mum just had another baby, so I've got three siblings now.",
            "at": "2026-03-25T09:00:00Z",
        },
        "expect": "supersede",
        "note": "same user updates sibling count (2 -> 3)",
    },
    {
        "id": "h3-sup-06",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/bluewave/user/eve",
                "session": "eve-s1",
                "role": "user",
                "text": "I grew up in Bath.",
                "at": "2026-03-04T14:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/bluewave/user/eve",
            "session": "eve-s1",
            "role": "user",
            "text": "Sorry, I misspoke earlier: I grew up in Bristol.",
            "at": "2026-03-04T14:03:00Z",
        },
        "expect": "supersede",
        "note": "same user corrects hometown",
    },
    {
        "id": "h3-sup-07",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/reelhouse/user/ravi",
                "session": "ravi-s1",
                "role": "user",
                "text": "My partner's name is Sam.",
                "at": "2026-03-05T19:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/reelhouse/user/ravi",
            "session": "ravi-s1",
            "role": "user",
            "text": "Quick correction, my partner is called Samira.",
            "at": "2026-03-05T19:02:00Z",
        },
        "expect": "supersede",
        "note": "same user corrects partner's name",
    },
    {
        "id": "h3-sup-08",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/brightsmile/user/wendy",
                "session": "wendy-s1",
                "role": "user",
                "text": "My dentist is Dr Patel.",
                "at": "2026-03-05T10:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/brightsmile/user/wendy",
            "session": "wendy-s2",
            "role": "user",
            "text": "My dentist is now Dr Okafor.",
            "at": "2026-03-22T10:00:00Z",
        },
        "expect": "supersede",
        "note": "same user updates which dentist they see",
    },
    {
        "id": "h3-sup-09",
        "category": "supersession",
        "setup": [
            {
                "kind": "document",
                "scope": "org/parkright",
                "name": "rates.md",
                "text": "# Overnight rates\n\nOvernight parking costs $15.",
            },
        ],
        "probe": {
            "kind": "document",
            "scope": "org/parkright",
            "name": "rates.md",
            "text": "# Overnight rates\n\nOvernight parking costs $18.",
        },
        "expect": "supersede",
        "note": "newer version of the same document supersedes its own earlier fact",
    },
    {
        "id": "h3-sup-10",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/parkright/user/chloe",
                "session": "chloe-s1",
                "role": "user",
                "text": "My commute takes about 40 minutes.",
                "at": "2026-03-06T08:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/parkright/user/chloe",
            "session": "chloe-s2",
            "role": "user",
            "text": "Since the move, my commute takes a quarter of an hour.",
            "at": "2026-03-28T08:00:00Z",
        },
        "expect": "supersede",
        "note": "same user updates commute duration (40 min -> 15 min)",
    },
    {
        "id": "h3-sup-11",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/harbourhall/user/nils",
                "session": "nils-s1",
                "role": "user",
                "text": "My main instrument is the violin.",
                "at": "2026-03-06T20:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/harbourhall/user/nils",
            "session": "nils-s2",
            "role": "user",
            "text": "My main instrument is now the viola.",
            "at": "2026-03-27T20:00:00Z",
        },
        "expect": "supersede",
        "note": "same user updates main instrument",
    },
    {
        "id": "h3-sup-12",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/steerwell/user/aisha",
                "session": "aisha-s1",
                "role": "user",
                "text": "My driving lessons are on Tuesdays.",
                "at": "2026-03-07T09:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/steerwell/user/aisha",
            "session": "aisha-s2",
            "role": "user",
            "text": "My driving lessons have moved to Thursdays.",
            "at": "2026-03-14T09:00:00Z",
        },
        "expect": "supersede",
        "note": "same user updates lesson day",
    },
    {
        "id": "h3-sup-13",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/aquacentre/user/greta",
                "session": "greta-s1",
                "role": "user",
                "text": "I swim 20 lengths every visit.",
                "at": "2026-03-07T07:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/aquacentre/user/greta",
            "session": "greta-s2",
            "role": "user",
            "text": "I'm up to forty lengths every visit now.",
            "at": "2026-03-29T07:00:00Z",
        },
        "expect": "supersede",
        "note": "same user updates lengths per visit (20 -> 40)",
    },
    # ------------------------------------------------------------------ negation
    {
        "id": "h3-neg-01",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/harbourhall/user/cole",
                "session": "cole-s1",
                "role": "user",
                "text": "I play the trumpet in a brass band.",
                "at": "2026-03-02T18:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/harbourhall/user/cole",
            "session": "cole-s2",
            "role": "user",
            "text": "I don't play the trumpet anymore.",
            "at": "2026-03-20T18:00:00Z",
        },
        "expect": "close",
        "note": "'anymore' negation closes the instrument fact",
    },
    {
        "id": "h3-neg-02",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/parkright/user/vik",
                "session": "vik-s1",
                "role": "user",
                "text": "I drive to work every day.",
                "at": "2026-03-02T08:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/parkright/user/vik",
            "session": "vik-s2",
            "role": "user",
            "text": "I no longer drive to work.",
            "at": "2026-03-21T08:00:00Z",
        },
        "expect": "close",
        "note": "'no longer' closes commute-by-car fact",
    },
    {
        "id": "h3-neg-03",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/gridwise/user/lars",
                "session": "lars-s1",
                "role": "user",
                "text": "I work night shifts at the warehouse.",
                "at": "2026-03-03T22:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/gridwise/user/lars",
            "session": "lars-s2",
            "role": "user",
            "text": "I quit night shifts last month.",
            "at": "2026-04-10T10:00:00Z",
        },
        "expect": "close",
        "note": "'quit' closes shift pattern",
    },
    {
        "id": "h3-neg-04",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/crumb/user/hana",
                "session": "hana-s1",
                "role": "user",
                "text": "My favourite cuisine is Korean.",
                "at": "2026-03-03T13:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/crumb/user/hana",
            "session": "hana-s2",
            "role": "user",
            "text": "Korean isn't my favourite cuisine anymore.",
            "at": "2026-03-24T13:00:00Z",
        },
        "expect": "close",
        "note": "contraction + 'anymore' closes favourite cuisine",
    },
    {
        "id": "h3-neg-05",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/snapprint/user/tess",
                "session": "tess-s1",
                "role": "user",
                "text": "My phone is an iPhone 12.",
                "at": "2026-03-04T11:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/snapprint/user/tess",
            "session": "tess-s2",
            "role": "user",
            "text": "I don't have the iPhone 12 any more.",
            "at": "2026-03-26T11:00:00Z",
        },
        "expect": "close",
        "note": "'any more' (two words) closes phone model",
    },
    {
        "id": "h3-neg-06",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/aquacentre/user/bo",
                "session": "bo-s1",
                "role": "user",
                "text": "I take swimming lessons every Saturday.",
                "at": "2026-03-04T09:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/aquacentre/user/bo",
            "session": "bo-s2",
            "role": "user",
            "text": "I'm not taking swimming lessons anymore.",
            "at": "2026-03-30T09:00:00Z",
        },
        "expect": "close",
        "note": "'not ... anymore' closes swimming lessons",
    },
    {
        "id": "h3-neg-07",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/brightfuture/user/ines",
                "session": "ines-s1",
                "role": "user",
                "text": "I donate to the food bank every month.",
                "at": "2026-03-05T10:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/brightfuture/user/ines",
            "session": "ines-s2",
            "role": "user",
            "text": "I used to donate to the food bank every month.",
            "at": "2026-03-31T10:00:00Z",
        },
        "expect": "close",
        "note": "'used to' closes the recurring donation",
    },
    {
        "id": "h3-neg-08",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/brightsmile/user/roy",
                "session": "roy-s1",
                "role": "user",
                "text": "I smoke about five cigarettes a day.",
                "at": "2026-03-05T15:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/brightsmile/user/roy",
            "session": "roy-s2",
            "role": "user",
            "text": "I quit smoking in March.",
            "at": "2026-04-02T15:00:00Z",
        },
        "expect": "close",
        "note": "'quit' closes smoking habit",
    },
    {
        "id": "h3-neg-09",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/reelhouse/user/mo",
                "session": "mo-s1",
                "role": "user",
                "text": "My partner's name is Jordan.",
                "at": "2026-03-06T20:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/reelhouse/user/mo",
            "session": "mo-s2",
            "role": "user",
            "text": "Jordan is no longer my partner.",
            "at": "2026-04-05T20:00:00Z",
        },
        "expect": "close",
        "note": "'no longer' closes partner fact",
    },
    {
        "id": "h3-neg-10",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/railnorth/user/ed",
                "session": "ed-s1",
                "role": "user",
                "text": "I live in Leeds.",
                "at": "2026-03-06T09:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/railnorth/user/ed",
            "session": "ed-s2",
            "role": "user",
            "text": "I no longer live in Leeds.",
            "at": "2026-04-01T09:00:00Z",
        },
        "expect": "close",
        "note": "'no longer' closes residence",
    },
    {
        "id": "h3-neg-11",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/lingua/user/uma",
                "session": "uma-s1",
                "role": "user",
                "text": "I'm learning Japanese at your school.",
                "at": "2026-03-07T17:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/lingua/user/uma",
            "session": "uma-s2",
            "role": "user",
            "text": "I gave up learning Japanese.",
            "at": "2026-04-03T17:00:00Z",
        },
        "expect": "close",
        "note": "'gave up' closes language learning",
    },
    {
        "id": "h3-neg-12",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/railnorth/user/fay",
                "session": "fay-s1",
                "role": "user",
                "text": "I have an annual season ticket for the 7:40 train.",
                "at": "2026-03-07T07:30:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/railnorth/user/fay",
            "session": "fay-s2",
            "role": "user",
            "text": "I don't have a season ticket anymore.",
            "at": "2026-04-04T07:30:00Z",
        },
        "expect": "close",
        "note": "'don't ... anymore' closes season ticket ownership",
    },
    {
        "id": "h3-neg-13",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/steerwell/user/gus",
                "session": "gus-s1",
                "role": "user",
                "text": "I play the drums.",
                "at": "2026-03-08T19:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/steerwell/user/gus",
            "session": "gus-s2",
            "role": "user",
            "text": "I used to play the drums.",
            "at": "2026-04-06T19:00:00Z",
        },
        "expect": "close",
        "note": "'used to' closes the instrument fact",
    },
    # ------------------------------------------------------------------ other_scope
    {
        "id": "h3-scope-01",
        "category": "other_scope",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/islandlink/user/alice",
                "session": "alice-s1",
                "role": "user",
                "text": "I grew up in Cork.",
                "at": "2026-03-02T10:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/islandlink/user/bob",
            "session": "bob-s1",
            "role": "user",
            "text": "I grew up in Leeds.",
            "at": "2026-03-02T11:00:00Z",
        },
        "expect": "none",
        "note": "two different users; 'I' refers to different people",
    },
    {
        "id": "h3-scope-02",
        "category": "other_scope",
        "setup": [
            {
                "kind": "document",
                "scope": "org/bluewave",
                "name": "luggage.md",
                "text": "# Luggage allowance\n\nEach foot passenger may bring up to two pieces of luggage free of charge.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/northsea/user/carl",
            "session": "carl-s1",
            "role": "user",
            "text": "Your ferries allow foot passengers four free pieces of luggage.",
            "at": "2026-03-02T12:00:00Z",
        },
        "expect": "none",
        "note": "'your' means org/northsea; the document belongs to org/bluewave",
    },
    {
        "id": "h3-scope-03",
        "category": "other_scope",
        "setup": [
            {
                "kind": "document",
                "scope": "org/steerwell/team/london",
                "name": "lessons.md",
                "text": "# Lesson length\n\nStandard driving lessons last 60 minutes.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/steerwell/team/leeds",
            "session": "leeds-s1",
            "role": "user",
            "text": "Standard driving lessons last 90 minutes.",
            "at": "2026-03-03T10:00:00Z",
        },
        "expect": "none",
        "note": "sibling teams do not overlap",
    },
    {
        "id": "h3-scope-04",
        "category": "other_scope",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/snapprint/user/alice",
                "session": "alice-s1",
                "role": "user",
                "text": "My phone is a Galaxy S23.",
                "at": "2026-03-03T12:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/snapprint/user/bob",
            "session": "bob-s1",
            "role": "user",
            "text": "My phone is an iPhone 15.",
            "at": "2026-03-03T12:30:00Z",
        },
        "expect": "none",
        "note": "two users, each with their own phone",
    },
    {
        "id": "h3-scope-05",
        "category": "other_scope",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/reelhouse",
                "triples": [
                    {
                        "subject": "Standard Ticket",
                        "type": "product",
                        "key": "price",
                        "value": "£12",
                    }
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/popcornpalace/user/dan",
            "session": "dan-s1",
            "role": "user",
            "text": "Your standard ticket costs £9.",
            "at": "2026-03-04T19:00:00Z",
        },
        "expect": "none",
        "note": "different orgs: 'your' is org/popcornpalace, the price belongs to org/reelhouse",
    },
    {
        "id": "h3-scope-06",
        "category": "other_scope",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/crumb/user/alice",
                "session": "alice-s1",
                "role": "user",
                "text": "My partner's name is Tomás.",
                "at": "2026-03-04T09:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/crumb/user/bob",
            "session": "bob-s1",
            "role": "user",
            "text": "My partner is called Priya.",
            "at": "2026-03-04T09:10:00Z",
        },
        "expect": "none",
        "note": "two users with different partners",
    },
    {
        "id": "h3-scope-07",
        "category": "other_scope",
        "setup": [
            {
                "kind": "document",
                "scope": "org/gridwise",
                "name": "billing.md",
                "text": "# Billing\n\nCustomers are billed every 30 days.",
            },
        ],
        "probe": {
            "kind": "document",
            "scope": "org/powerplus",
            "name": "billing.md",
            "text": "# Billing\n\nCustomers are billed every 90 days.",
        },
        "expect": "none",
        "note": "two orgs with their own billing cycles",
    },
    {
        "id": "h3-scope-08",
        "category": "other_scope",
        "setup": [
            {
                "kind": "document",
                "scope": "org/harbourhall/team/bookings",
                "name": "deposits.md",
                "text": "# Deposits\n\nEvent deposits are due 30 days before the event.",
            },
        ],
        "probe": {
            "kind": "document",
            "scope": "org/harbourhall/team/catering",
            "name": "deposits.md",
            "text": "# Deposits\n\nEvent deposits are due 7 days before the event.",
        },
        "expect": "none",
        "note": "sibling teams keep their own authoritative documents",
    },
    {
        "id": "h3-scope-09",
        "category": "other_scope",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/lingua/user/alice",
                "session": "alice-s1",
                "role": "user",
                "text": "I have three siblings.",
                "at": "2026-03-05T10:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/aquacentre/user/alice",
            "session": "alice-s9",
            "role": "user",
            "text": "I've got just one sibling.",
            "at": "2026-03-05T11:00:00Z",
        },
        "expect": "none",
        "note": "same user name in two different orgs: non-overlapping scopes",
    },
    {
        "id": "h3-scope-10",
        "category": "other_scope",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/railnorth/user/alice",
                "session": "alice-s1",
                "role": "user",
                "text": "I commute by train.",
                "at": "2026-03-05T08:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/railnorth/user/bob",
            "session": "bob-s1",
            "role": "user",
            "text": "I commute by car.",
            "at": "2026-03-05T08:30:00Z",
        },
        "expect": "none",
        "note": "two users in the same org, different commutes",
    },
    {
        "id": "h3-scope-11",
        "category": "other_scope",
        "setup": [
            {
                "kind": "document",
                "scope": "org/littlesteps",
                "name": "collection.md",
                "text": "# Collection\n\nChildren must be collected by 6pm.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/tinytots/user/ella",
            "session": "ella-s1",
            "role": "user",
            "text": "Your nursery lets parents collect children as late as 7:30pm.",
            "at": "2026-03-06T17:00:00Z",
        },
        "expect": "none",
        "note": "'your' means org/tinytots, not org/littlesteps",
    },
    {
        "id": "h3-scope-12",
        "category": "other_scope",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/codeforge/team/platform",
                "triples": [
                    {"subject": "Pro Licence", "type": "product", "key": "seats", "value": "5"}
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/codeforge/team/mobile",
            "session": "mobile-s1",
            "role": "user",
            "text": "The Pro licence has 20 seats.",
            "at": "2026-03-06T11:00:00Z",
        },
        "expect": "none",
        "note": "fact upserted in a sibling team scope does not apply to team/mobile",
    },
    {
        "id": "h3-scope-13",
        "category": "other_scope",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/gridwise/user/alice",
                "session": "alice-s1",
                "role": "user",
                "text": "I work the early shift.",
                "at": "2026-03-07T06:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/gridwise/user/bob",
            "session": "bob-s1",
            "role": "user",
            "text": "I'm on the night shift.",
            "at": "2026-03-07T22:00:00Z",
        },
        "expect": "none",
        "note": "two users with different shift patterns",
    },
]
