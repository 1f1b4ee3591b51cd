"""Holdout conflict suite #4 for EngramDB's reconciler.

A final, untouched measurement of how well conflict detection generalises. The cases were written
without looking at the implementation or at the other conflict suites, and deliberately use domains
not covered elsewhere (veterinary practices, florists, ski resorts, campsites, tax advisors, car
washes, escape rooms, wine shops, tailors, theme parks, recycling centres, music lessons, furniture
stores, electricians, pharmacies, zoos, ...) plus personal user facts (birthday month, allergies,
shoe size, favourite sport, bank, landlord, home town, working hours, car, languages spoken).

Each case writes ``setup`` in order, then writes ``probe`` and states what the reconciler must
report for the probe:

- ``conflict``: an experiential user turn contradicts an authoritative fact (document or upsert)
  whose scope covers the speaker (``org/X`` covers ``org/X/user/Y`` and ``org/X/team/Z``);
- ``supersede``: the same speaker updates their own experiential fact (or a newer version of the
  same document replaces its earlier fact); no conflict;
- ``close``: an explicit negation ("no longer", "not anymore", "used to", "quit", "gave up",
  "stopped") closes the earlier value;
- ``corroborate``: the same value restated, possibly in other units or wording;
- ``none``: different entity or attribute, questions, wishes and hypotheticals, or claims in
  non-overlapping scopes (two users, two orgs, sibling teams).

"you/your" in a user turn means the org of the nearest ``org/<name>`` scope; "I/my" means the user
of that scope. Timestamps increase within a case. This module holds data only (no tests).
"""

CASES: list[dict] = [
    # ------------------------------------------------------------------ paraphrase_conflict
    {
        "id": "h4-para-01",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/larkvet",
                "name": "fees.md",
                "text": "# Consultation fees\n\nA standard consultation with one of our vets costs £45.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/larkvet/user/maya",
            "session": "maya-s1",
            "role": "user",
            "text": "Honestly your standard vet consult is sixty-five quid, which is steep for a ten-minute check on a cat.",
            "at": "2026-03-02T10:00:00Z",
        },
        "expect": "conflict",
        "note": "£45 consultation vs user's 'sixty-five quid' (money in words, slang unit)",
    },
    {
        "id": "h4-para-02",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/petalworks",
                "triples": [
                    {
                        "subject": "Same-Day Delivery",
                        "type": "service",
                        "key": "order cutoff",
                        "value": "2 pm",
                    }
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/petalworks/user/omar",
            "session": "omar-s1",
            "role": "user",
            "text": "You stop taking same-day delivery orders at noon, so I guess the roses will have to wait until tomorrow.",
            "at": "2026-03-03T09:15:00Z",
        },
        "expect": "conflict",
        "note": "same-day cutoff 2pm (upsert) vs 'stop taking orders at noon'",
    },
    {
        "id": "h4-para-03",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/whitecrest",
                "name": "lift-passes.md",
                "text": "# Lift passes\n\nAn adult day pass for the Whitecrest lifts is priced at €58.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/whitecrest/user/lena",
            "session": "lena-s1",
            "role": "user",
            "text": "Your adult day pass costs 72 euros, my brother paid exactly that at the ticket window on Saturday.",
            "at": "2026-01-18T08:30:00Z",
        },
        "expect": "conflict",
        "note": "adult day pass €58 vs '72 euros'",
    },
    {
        "id": "h4-para-04",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/pinehollow",
                "name": "arrivals.md",
                "text": "# Arrivals\n\nPitches are available for check-in from 3pm on the day of arrival.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/pinehollow/user/jonas",
            "session": "jonas-s1",
            "role": "user",
            "text": "Check-in for pitches at your campsite starts at 11 in the morning, right after the previous campers have packed up.",
            "at": "2026-06-10T17:20:00Z",
        },
        "expect": "conflict",
        "note": "check-in from 3pm vs 'starts at 11 in the morning'",
    },
    {
        "id": "h4-para-05",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/ledgerwise",
                "name": "services.md",
                "text": "# Self-assessment\n\nOur fixed fee for preparing a personal self-assessment tax return is £250.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/ledgerwise/user/priya",
            "session": "priya-s1",
            "role": "user",
            "text": "You charge a flat one hundred and eighty pounds to prepare a self-assessment return, that's why I came to you.",
            "at": "2026-01-05T14:00:00Z",
        },
        "expect": "conflict",
        "note": "£250 fixed fee vs 'one hundred and eighty pounds' written out",
    },
    {
        "id": "h4-para-06",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/sparkleauto",
                "triples": [
                    {
                        "subject": "Deluxe Wash",
                        "type": "service",
                        "key": "duration",
                        "value": "20 minutes",
                    }
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/sparkleauto/user/dev",
            "session": "dev-s1",
            "role": "user",
            "text": "The deluxe wash at your place takes roughly an hour, so I always grab a coffee while I wait.",
            "at": "2026-04-12T11:05:00Z",
        },
        "expect": "conflict",
        "note": "20 minutes vs 'roughly an hour' (duration conversion)",
    },
    {
        "id": "h4-para-07",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/lockedin",
                "name": "booking-rules.md",
                "text": "# Group size\n\nEach escape room can be booked for a maximum of six players.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/lockedin/user/ruth",
            "session": "ruth-s1",
            "role": "user",
            "text": "Your escape rooms take up to 10 players per booking, which is perfect for my office party.",
            "at": "2026-02-20T16:45:00Z",
        },
        "expect": "conflict",
        "note": "maximum six players vs 'up to 10 players'",
    },
    {
        "id": "h4-para-08",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/cellardoor",
                "name": "delivery.md",
                "text": "# Delivery\n\nLocal delivery is free on orders of 12 bottles or more.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/cellardoor/user/felix",
            "session": "felix-s1",
            "role": "user",
            "text": "You deliver for free once I order half a dozen bottles, so I'll just grab six of the Rioja.",
            "at": "2026-05-08T19:10:00Z",
        },
        "expect": "conflict",
        "note": "free delivery threshold 12 bottles vs 'half a dozen'",
    },
    {
        "id": "h4-para-09",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/stitchline",
                "triples": [
                    {
                        "subject": "Trouser Hemming",
                        "type": "service",
                        "key": "turnaround",
                        "value": "3 days",
                    }
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/stitchline/user/ines",
            "session": "ines-s1",
            "role": "user",
            "text": "Getting trousers hemmed with you takes a full two weeks, which is why I dropped them off so early.",
            "at": "2026-03-14T12:30:00Z",
        },
        "expect": "conflict",
        "note": "hemming turnaround 3 days vs 'a full two weeks' (passive phrasing)",
    },
    {
        "id": "h4-para-10",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/thunderpeak",
                "name": "ride-safety.md",
                "text": "# Height restrictions\n\nRiders on the Cyclone coaster must be at least 140 cm tall.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/thunderpeak/user/carla",
            "session": "carla-s1",
            "role": "user",
            "text": "Kids only need to be 1.2 metres tall to go on the Cyclone coaster at your park.",
            "at": "2026-07-01T10:00:00Z",
        },
        "expect": "conflict",
        "note": "minimum height 140 cm vs '1.2 metres' (unit conversion)",
    },
    {
        "id": "h4-para-11",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/brightspark",
                "name": "call-outs.md",
                "text": "# Emergency call-outs\n\nOur emergency call-out fee is £95, payable before any work begins.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/brightspark/team/facilities",
            "session": "facilities-s1",
            "role": "user",
            "text": "The emergency call-out fee you charge is a hundred and twenty pounds, we budgeted for exactly that this quarter.",
            "at": "2026-02-03T08:00:00Z",
        },
        "expect": "conflict",
        "note": "team scope under the org; £95 vs 'a hundred and twenty pounds'",
    },
    {
        "id": "h4-para-12",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/greencross",
                "name": "prescriptions.md",
                "text": "# Repeat prescriptions\n\nRepeat prescriptions are ready for collection 48 hours after the request.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/greencross/user/tom",
            "session": "tom-s1",
            "role": "user",
            "text": "Your pharmacy gets repeat prescriptions ready within 2 hours of asking, so I'll pop back after lunch.",
            "at": "2026-03-09T09:40:00Z",
        },
        "expect": "conflict",
        "note": "ready 48 hours after request vs 'within 2 hours'",
    },
    {
        "id": "h4-para-13",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/savannahzoo",
                "triples": [
                    {"subject": "Adult Admission", "type": "ticket", "key": "price", "value": "$32"}
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/savannahzoo/user/kofi",
            "session": "kofi-s1",
            "role": "user",
            "text": "Adult tickets at your zoo are twenty-five dollars each, I checked before we drove over.",
            "at": "2026-04-25T09:00:00Z",
        },
        "expect": "conflict",
        "note": "adult admission $32 vs 'twenty-five dollars'",
    },
    {
        "id": "h4-para-14",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/oakandhome",
                "name": "assembly.md",
                "text": "# Assembly service\n\nProfessional assembly of a wardrobe costs $79.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/oakandhome/user/nadia",
            "session": "nadia-s1",
            "role": "user",
            "text": "Wardrobe assembly with you is only 49 bucks, which is honestly why I picked your store over the other one.",
            "at": "2026-05-15T15:25:00Z",
        },
        "expect": "conflict",
        "note": "wardrobe assembly $79 vs '49 bucks' (slang currency)",
    },
    {
        "id": "h4-para-15",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/greenloop",
                "name": "hours.md",
                "text": "# Opening hours\n\nThe recycling centre closes at 5pm on Sundays.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/greenloop/user/sven",
            "session": "sven-s1",
            "role": "user",
            "text": "On Sundays your recycling centre stays open until 8 in the evening, so there's no rush to load the van.",
            "at": "2026-06-07T13:00:00Z",
        },
        "expect": "conflict",
        "note": "Sunday closing 5pm vs 'open until 8 in the evening'",
    },
    # ------------------------------------------------------------------ agreement
    {
        "id": "h4-agree-01",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/larkvet",
                "name": "vaccinations.md",
                "text": "# Vaccinations\n\nAnnual booster vaccinations for dogs cost £38.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/larkvet/user/maya",
            "session": "maya-s2",
            "role": "user",
            "text": "Your yearly dog booster jab is thirty-eight pounds, which seems fair enough to me.",
            "at": "2026-03-10T10:00:00Z",
        },
        "expect": "corroborate",
        "note": "£38 restated as 'thirty-eight pounds'",
    },
    {
        "id": "h4-agree-02",
        "category": "agreement",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/whitecrest",
                "triples": [
                    {
                        "subject": "Ski School Group Lesson",
                        "type": "service",
                        "key": "duration",
                        "value": "2 hours",
                    }
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/whitecrest/user/lena",
            "session": "lena-s2",
            "role": "user",
            "text": "Your group ski lessons run for 120 minutes, which is about all my legs can handle.",
            "at": "2026-01-19T09:00:00Z",
        },
        "expect": "corroborate",
        "note": "2 hours == 120 minutes",
    },
    {
        "id": "h4-agree-03",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/pinehollow",
                "name": "site-rules.md",
                "text": "# Site rules\n\nQuiet hours on the campsite begin at 10pm.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/pinehollow/user/jonas",
            "session": "jonas-s2",
            "role": "user",
            "text": "Quiet hours at your site kick in at 22:00, so we'll keep the guitar down after that.",
            "at": "2026-06-11T18:00:00Z",
        },
        "expect": "corroborate",
        "note": "10pm == 22:00",
    },
    {
        "id": "h4-agree-04",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/petalworks",
                "name": "guarantee.md",
                "text": "# Freshness guarantee\n\nAll fresh-flower bouquets come with a 7-day freshness guarantee.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/petalworks/user/omar",
            "session": "omar-s2",
            "role": "user",
            "text": "Your bouquets are guaranteed to stay fresh for a week, that's what sold me.",
            "at": "2026-03-04T11:00:00Z",
        },
        "expect": "corroborate",
        "note": "7 days == 'a week'",
    },
    {
        "id": "h4-agree-05",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/lockedin",
                "name": "how-it-works.md",
                "text": "# How it works\n\nEach escape room game lasts 60 minutes.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/lockedin/user/ruth",
            "session": "ruth-s2",
            "role": "user",
            "text": "You get exactly one hour to get out of your rooms, so we'd better be quick with the puzzles.",
            "at": "2026-02-21T10:30:00Z",
        },
        "expect": "corroborate",
        "note": "60 minutes == 'one hour' (duration in words)",
    },
    {
        "id": "h4-agree-06",
        "category": "agreement",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/cellardoor",
                "triples": [
                    {"subject": "Mixed Case", "type": "offer", "key": "discount", "value": "10%"}
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/cellardoor/user/felix",
            "session": "felix-s2",
            "role": "user",
            "text": "You knock ten percent off a mixed case, so I always buy twelve at once.",
            "at": "2026-05-09T18:00:00Z",
        },
        "expect": "corroborate",
        "note": "10% == 'ten percent'",
    },
    {
        "id": "h4-agree-07",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/stitchline",
                "name": "fittings.md",
                "text": "# Fittings\n\nA suit alteration fitting takes 30 minutes.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/stitchline/user/ines",
            "session": "ines-s2",
            "role": "user",
            "text": "A fitting for suit alterations with you takes half an hour, so I'll come on my lunch break.",
            "at": "2026-03-15T12:00:00Z",
        },
        "expect": "corroborate",
        "note": "30 minutes == 'half an hour'",
    },
    {
        "id": "h4-agree-08",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/thunderpeak",
                "name": "tickets.md",
                "text": "# Fast-track\n\nFast-track passes cost $45 per person.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/thunderpeak/user/carla",
            "session": "carla-s2",
            "role": "user",
            "text": "Your fast-track pass is forty-five dollars a head, pricey but worth it in August.",
            "at": "2026-07-02T09:30:00Z",
        },
        "expect": "corroborate",
        "note": "$45 per person == 'forty-five dollars a head'",
    },
    {
        "id": "h4-agree-09",
        "category": "agreement",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/brightspark",
                "triples": [
                    {
                        "subject": "Standard Call-Out",
                        "type": "service",
                        "key": "fee",
                        "value": "£60",
                    }
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/brightspark/team/facilities",
            "session": "facilities-s2",
            "role": "user",
            "text": "Your standard call-out fee is sixty pounds, same as the figure in the quote we filed.",
            "at": "2026-02-04T08:30:00Z",
        },
        "expect": "corroborate",
        "note": "team scope under the org; £60 == 'sixty pounds'",
    },
    {
        "id": "h4-agree-10",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/greencross",
                "name": "vaccines.md",
                "text": "# Flu vaccinations\n\nFlu vaccinations are available at the pharmacy for £15.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/greencross/user/tom",
            "session": "tom-s2",
            "role": "user",
            "text": "You do the flu jab for fifteen quid, which is cheaper than my GP.",
            "at": "2026-10-01T09:00:00Z",
        },
        "expect": "corroborate",
        "note": "£15 == 'fifteen quid'",
    },
    {
        "id": "h4-agree-11",
        "category": "agreement",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/savannahzoo",
                "triples": [
                    {
                        "subject": "Family Membership",
                        "type": "membership",
                        "key": "annual price",
                        "value": "$180",
                    }
                ],
            },
        ],
        "probe": {
            "kind": "document",
            "scope": "org/savannahzoo",
            "name": "membership.md",
            "text": "# Membership\n\nAn annual family membership to the zoo costs 180 dollars.",
        },
        "expect": "corroborate",
        "note": "two authoritative sources agree ($180 == '180 dollars'): independent corroboration",
    },
    {
        "id": "h4-agree-12",
        "category": "agreement",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/oakandhome/user/nadia",
                "session": "nadia-s2",
                "role": "user",
                "text": "I'm allergic to peanuts, just so you know before the delivery guys bring snacks.",
                "at": "2026-05-16T10:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/oakandhome/user/nadia",
            "session": "nadia-s3",
            "role": "user",
            "text": "Like I said last time, I have a peanut allergy.",
            "at": "2026-05-20T10:00:00Z",
        },
        "expect": "corroborate",
        "note": "same user restates the same allergy in other words",
    },
    {
        "id": "h4-agree-13",
        "category": "agreement",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/whitecrest/user/lena",
                "session": "lena-s3",
                "role": "user",
                "text": "I wear a size 42 shoe, if that helps with the boot rental.",
                "at": "2026-01-20T08:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/whitecrest/user/lena",
            "session": "lena-s4",
            "role": "user",
            "text": "My shoe size is forty-two, EU sizing.",
            "at": "2026-01-25T08:00:00Z",
        },
        "expect": "corroborate",
        "note": "same user, shoe size 42 restated as 'forty-two'",
    },
    {
        "id": "h4-agree-14",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/oakandhome",
                "name": "delivery.md",
                "text": "# Delivery\n\nMorning delivery slots run from 8am to 12pm.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/oakandhome/user/nadia",
            "session": "nadia-s4",
            "role": "user",
            "text": "Your morning delivery window is eight till noon, so I'll work from home that day.",
            "at": "2026-05-21T09:00:00Z",
        },
        "expect": "corroborate",
        "note": "8am-12pm == 'eight till noon'",
    },
    # ------------------------------------------------------------------ unrelated
    {
        "id": "h4-unrel-01",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/larkvet",
                "name": "fees.md",
                "text": "# Consultation fees\n\nA standard consultation with one of our vets costs £45.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/larkvet/user/maya",
            "session": "maya-s3",
            "role": "user",
            "text": "Your vets are really gentle with nervous cats, Pickle didn't even hiss this time.",
            "at": "2026-03-12T10:00:00Z",
        },
        "expect": "none",
        "note": "opinion about the vets, no fee claimed",
    },
    {
        "id": "h4-unrel-02",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/oakandhome",
                "name": "assembly.md",
                "text": "# Assembly service\n\nProfessional assembly of a wardrobe costs $79.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/oakandhome/user/nadia",
            "session": "nadia-s5",
            "role": "user",
            "text": "Is it true that your wardrobe assembly dropped to $49 this month?",
            "at": "2026-05-22T14:00:00Z",
        },
        "expect": "none",
        "note": "a question with a different value is not an assertion",
    },
    {
        "id": "h4-unrel-03",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/whitecrest",
                "name": "lift-passes.md",
                "text": "# Lift passes\n\nAn adult day pass for the Whitecrest lifts is priced at €58.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/whitecrest/user/lena",
            "session": "lena-s5",
            "role": "user",
            "text": "I really wish your day pass were closer to €40, I'd come up every weekend.",
            "at": "2026-01-26T08:00:00Z",
        },
        "expect": "none",
        "note": "a wish, not a claim about the current price",
    },
    {
        "id": "h4-unrel-04",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/pinehollow",
                "name": "pets.md",
                "text": "# Pets\n\nDogs are welcome on the campsite for £5 per night.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/pinehollow/user/jonas",
            "session": "jonas-s3",
            "role": "user",
            "text": "If your dog fee were £15 a night we'd probably stay somewhere else, but luckily it isn't.",
            "at": "2026-06-12T20:00:00Z",
        },
        "expect": "none",
        "note": "hypothetical, not an assertion",
    },
    {
        "id": "h4-unrel-05",
        "category": "unrelated",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/oakandhome",
                "triples": [
                    {
                        "subject": "Oak Bookcase",
                        "type": "product",
                        "key": "assembly fee",
                        "value": "$35",
                    }
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/oakandhome/user/nadia",
            "session": "nadia-s6",
            "role": "user",
            "text": "Assembly for the pine bed frame costs $60 with you, which is a bit much.",
            "at": "2026-05-23T11:00:00Z",
        },
        "expect": "none",
        "note": "different product (pine bed frame vs oak bookcase)",
    },
    {
        "id": "h4-unrel-06",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/sparkleauto",
                "name": "prices.md",
                "text": "# Prices\n\nThe premium wash costs $18.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/sparkleauto/user/dev",
            "session": "dev-s2",
            "role": "user",
            "text": "The premium wash at your place takes around fifteen minutes, in and out.",
            "at": "2026-04-13T11:00:00Z",
        },
        "expect": "none",
        "note": "same entity, different attribute (duration vs price)",
    },
    {
        "id": "h4-unrel-07",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/greencross",
                "name": "hours.md",
                "text": "# Opening hours\n\nThe pharmacy is open until 9pm on weekdays.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/greencross/user/tom",
            "session": "tom-s3",
            "role": "user",
            "text": "Could you tell me whether the pharmacy opens at 8 on Saturdays?",
            "at": "2026-03-13T08:00:00Z",
        },
        "expect": "none",
        "note": "question about a different day and attribute",
    },
    {
        "id": "h4-unrel-08",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/savannahzoo",
                "name": "daily-talks.md",
                "text": "# Daily talks\n\nThe penguin feeding talk takes place at 2:30pm every day.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/savannahzoo/user/kofi",
            "session": "kofi-s2",
            "role": "user",
            "text": "The sea lion show at your zoo is at eleven, the kids loved it.",
            "at": "2026-04-26T15:00:00Z",
        },
        "expect": "none",
        "note": "different event (sea lion show vs penguin talk)",
    },
    {
        "id": "h4-unrel-09",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/ledgerwise",
                "name": "services.md",
                "text": "# Self-assessment\n\nOur fixed fee for preparing a personal self-assessment tax return is £250.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/ledgerwise/user/priya",
            "session": "priya-s2",
            "role": "user",
            "text": "My brother-in-law, who's an accountant, only charges £150 for a self-assessment return.",
            "at": "2026-01-06T09:00:00Z",
        },
        "expect": "none",
        "note": "third party's price, not the org's",
    },
    {
        "id": "h4-unrel-10",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/brightspark",
                "name": "call-outs.md",
                "text": "# Emergency call-outs\n\nOur emergency call-out fee is £95, payable before any work begins.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/brightspark/user/hana",
            "session": "hana-s1",
            "role": "user",
            "text": "Hypothetically, if the call-out were free I'd also get you to check the garden lights.",
            "at": "2026-02-05T19:00:00Z",
        },
        "expect": "none",
        "note": "hypothetical",
    },
    {
        "id": "h4-unrel-11",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/cellardoor",
                "name": "delivery.md",
                "text": "# Delivery\n\nLocal delivery is free on orders of 12 bottles or more.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/cellardoor/user/felix",
            "session": "felix-s3",
            "role": "user",
            "text": "I'm hoping to pick up a couple of dozen bottles of prosecco for the wedding next month.",
            "at": "2026-05-10T12:00:00Z",
        },
        "expect": "none",
        "note": "user's plan, no claim about the delivery threshold",
    },
    {
        "id": "h4-unrel-12",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/harmonyhall",
                "name": "lessons.md",
                "text": "# Lessons\n\nA private guitar lesson costs £30 per half hour.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/harmonyhall/user/leo",
            "session": "leo-s1",
            "role": "user",
            "text": "I've been learning guitar for about three years now, mostly from videos.",
            "at": "2026-09-01T17:00:00Z",
        },
        "expect": "none",
        "note": "personal fact, unrelated to the lesson price",
    },
    {
        "id": "h4-unrel-13",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/thunderpeak",
                "name": "ride-safety.md",
                "text": "# Height restrictions\n\nRiders on the Cyclone coaster must be at least 140 cm tall.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/thunderpeak/user/carla",
            "session": "carla-s3",
            "role": "user",
            "text": "My son is 135 cm tall, he's been measuring himself against the door frame every week.",
            "at": "2026-07-03T09:00:00Z",
        },
        "expect": "none",
        "note": "the child's height is a different entity from the ride's minimum",
    },
    {
        "id": "h4-unrel-14",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/petalworks",
                "name": "same-day.md",
                "text": "# Same-day delivery\n\nSame-day orders must be placed by 2pm.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/petalworks/user/omar",
            "session": "omar-s3",
            "role": "user",
            "text": "Bloom & Vine down the road takes same-day orders until 5pm.",
            "at": "2026-03-05T10:00:00Z",
        },
        "expect": "none",
        "note": "a different florist (named competitor), not the org",
    },
    # ------------------------------------------------------------------ supersession
    {
        "id": "h4-super-01",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/petalworks/user/omar",
                "session": "omar-s4",
                "role": "user",
                "text": "My birthday's in March, so maybe remind me about the spring bouquets.",
                "at": "2026-02-01T10:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/petalworks/user/omar",
            "session": "omar-s5",
            "role": "user",
            "text": "Sorry, I mixed that up earlier, my birthday is actually in April.",
            "at": "2026-02-03T10:00:00Z",
        },
        "expect": "supersede",
        "note": "same user corrects birthday month",
    },
    {
        "id": "h4-super-02",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/ledgerwise/user/priya",
                "session": "priya-s3",
                "role": "user",
                "text": "I bank with Northgate Bank for both my personal and business accounts.",
                "at": "2026-01-07T09:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/ledgerwise/user/priya",
            "session": "priya-s4",
            "role": "user",
            "text": "I've moved everything over to Harbour Savings, so that's my bank now.",
            "at": "2026-03-01T09:00:00Z",
        },
        "expect": "supersede",
        "note": "same user changes bank",
    },
    {
        "id": "h4-super-03",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/brightspark/user/hana",
                "session": "hana-s2",
                "role": "user",
                "text": "My landlord is Mr Patel, he'll need to approve the rewiring.",
                "at": "2026-02-06T10:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/brightspark/user/hana",
            "session": "hana-s3",
            "role": "user",
            "text": "The building was sold, so my landlord is Greenway Lettings now.",
            "at": "2026-04-06T10:00:00Z",
        },
        "expect": "supersede",
        "note": "same user's landlord changes",
    },
    {
        "id": "h4-super-04",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/savannahzoo/user/kofi",
                "session": "kofi-s3",
                "role": "user",
                "text": "I'm from Leeds originally.",
                "at": "2026-04-27T10:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/savannahzoo/user/kofi",
            "session": "kofi-s3",
            "role": "user",
            "text": "Actually, correction, my home town is Bradford, I only went to school in Leeds.",
            "at": "2026-04-27T10:02:00Z",
        },
        "expect": "supersede",
        "note": "same user corrects home town within the session",
    },
    {
        "id": "h4-super-05",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/greencross/user/tom",
                "session": "tom-s4",
                "role": "user",
                "text": "I work nine to five on weekdays, so evenings are best for collection.",
                "at": "2026-03-14T09:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/greencross/user/tom",
            "session": "tom-s5",
            "role": "user",
            "text": "My hours changed last week and I now work from 7am to 3pm.",
            "at": "2026-04-02T09:00:00Z",
        },
        "expect": "supersede",
        "note": "same user's working hours updated",
    },
    {
        "id": "h4-super-06",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/sparkleauto/user/dev",
                "session": "dev-s3",
                "role": "user",
                "text": "I drive a Ford Focus, the blue one.",
                "at": "2026-04-14T11:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/sparkleauto/user/dev",
            "session": "dev-s4",
            "role": "user",
            "text": "These days I drive a Kia Niro, picked it up last month.",
            "at": "2026-06-14T11:00:00Z",
        },
        "expect": "supersede",
        "note": "same user's car updated",
    },
    {
        "id": "h4-super-07",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/harmonyhall/user/leo",
                "session": "leo-s2",
                "role": "user",
                "text": "I speak three languages, English, Spanish and Italian.",
                "at": "2026-09-02T17:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/harmonyhall/user/leo",
            "session": "leo-s3",
            "role": "user",
            "text": "I speak 4 languages now that I've picked up Portuguese.",
            "at": "2026-12-02T17:00:00Z",
        },
        "expect": "supersede",
        "note": "same user's language count updated (words vs digits)",
    },
    {
        "id": "h4-super-08",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/whitecrest/user/marek",
                "session": "marek-s1",
                "role": "user",
                "text": "My shoe size is 9, UK.",
                "at": "2026-01-10T08:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/whitecrest/user/marek",
            "session": "marek-s2",
            "role": "user",
            "text": "Turns out my shoe size is a 10 after I got measured properly in the rental shop.",
            "at": "2026-01-11T08:00:00Z",
        },
        "expect": "supersede",
        "note": "same user's shoe size corrected",
    },
    {
        "id": "h4-super-09",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/thunderpeak/user/carla",
                "session": "carla-s4",
                "role": "user",
                "text": "My favourite sport is tennis, I watch every Grand Slam.",
                "at": "2026-07-04T09:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/thunderpeak/user/carla",
            "session": "carla-s5",
            "role": "user",
            "text": "Lately basketball has become my favourite sport.",
            "at": "2026-09-04T09:00:00Z",
        },
        "expect": "supersede",
        "note": "same user's favourite sport changes (inverted sentence order)",
    },
    {
        "id": "h4-super-10",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/larkvet/user/maya",
                "session": "maya-s4",
                "role": "user",
                "text": "My dog Biscuit weighs 18 kg.",
                "at": "2026-03-15T10:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/larkvet/user/maya",
            "session": "maya-s5",
            "role": "user",
            "text": "Biscuit is up to twenty-one kilos now, too many treats over the holidays.",
            "at": "2026-06-15T10:00:00Z",
        },
        "expect": "supersede",
        "note": "same user's dog's weight updated (digits vs words, kg vs kilos)",
    },
    {
        "id": "h4-super-11",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/stitchline/user/ines",
                "session": "ines-s3",
                "role": "user",
                "text": "My inside leg is 32 inches.",
                "at": "2026-03-16T12:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/stitchline/user/ines",
            "session": "ines-s4",
            "role": "user",
            "text": "The tailor re-measured me and my inside leg is actually 31 inches.",
            "at": "2026-03-20T12:00:00Z",
        },
        "expect": "supersede",
        "note": "same user's measurement corrected",
    },
    {
        "id": "h4-super-12",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/lockedin/user/ruth",
                "session": "ruth-s3",
                "role": "user",
                "text": "I work at the Riverside depot, so weekday evenings suit me best.",
                "at": "2026-02-22T10:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/lockedin/user/ruth",
            "session": "ruth-s4",
            "role": "user",
            "text": "I got transferred, so I work at the Northgate depot now.",
            "at": "2026-03-22T10:00:00Z",
        },
        "expect": "supersede",
        "note": "same user's workplace changes",
    },
    {
        "id": "h4-super-13",
        "category": "supersession",
        "setup": [
            {
                "kind": "document",
                "scope": "org/greenloop",
                "name": "bulky-waste.md",
                "text": "# Bulky waste\n\nCollection of bulky waste costs £25 per item.",
            },
        ],
        "probe": {
            "kind": "document",
            "scope": "org/greenloop",
            "name": "bulky-waste.md",
            "text": "# Bulky waste\n\nCollection of bulky waste costs £30 per item.",
        },
        "expect": "supersede",
        "note": "a newer version of the same document replaces its own earlier fact",
    },
    {
        "id": "h4-super-14",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/cellardoor/user/felix",
                "session": "felix-s4",
                "role": "user",
                "text": "My birthday is in November, so I'll want something special then.",
                "at": "2026-05-11T12:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/cellardoor/user/felix",
            "session": "felix-s4",
            "role": "user",
            "text": "Wait, typo, I meant my birthday's in December.",
            "at": "2026-05-11T12:01:00Z",
        },
        "expect": "supersede",
        "note": "same user corrects birthday month moments later",
    },
    # ------------------------------------------------------------------ negation
    {
        "id": "h4-neg-01",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/sparkleauto/user/ana",
                "session": "ana-s1",
                "role": "user",
                "text": "I drive a Volvo estate, so I need the large-vehicle wash.",
                "at": "2026-04-01T10:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/sparkleauto/user/ana",
            "session": "ana-s2",
            "role": "user",
            "text": "I don't drive the Volvo anymore, I sold it in May.",
            "at": "2026-06-01T10:00:00Z",
        },
        "expect": "close",
        "note": "'not ... anymore' closes the car fact",
    },
    {
        "id": "h4-neg-02",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/ledgerwise/user/george",
                "session": "george-s1",
                "role": "user",
                "text": "I bank with Harbour Savings.",
                "at": "2026-01-08T09:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/ledgerwise/user/george",
            "session": "george-s2",
            "role": "user",
            "text": "I'm no longer with Harbour Savings, closed the account in February.",
            "at": "2026-03-08T09:00:00Z",
        },
        "expect": "close",
        "note": "'no longer' closes the bank fact",
    },
    {
        "id": "h4-neg-03",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/thunderpeak/user/bram",
                "session": "bram-s1",
                "role": "user",
                "text": "Squash is my favourite sport, I play it every week.",
                "at": "2026-05-01T09:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/thunderpeak/user/bram",
            "session": "bram-s2",
            "role": "user",
            "text": "I gave up squash after I hurt my knee.",
            "at": "2026-07-01T09:00:00Z",
        },
        "expect": "close",
        "note": "'gave up' closes the sport fact",
    },
    {
        "id": "h4-neg-04",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/greencross/user/irene",
                "session": "irene-s1",
                "role": "user",
                "text": "I smoke about ten a day, if that matters for the medication.",
                "at": "2026-02-01T09:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/greencross/user/irene",
            "session": "irene-s2",
            "role": "user",
            "text": "I quit smoking in the spring, six weeks clean now.",
            "at": "2026-05-01T09:00:00Z",
        },
        "expect": "close",
        "note": "'quit' closes the smoking fact",
    },
    {
        "id": "h4-neg-05",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/brightspark/user/hugo",
                "session": "hugo-s1",
                "role": "user",
                "text": "My landlord is Castle Properties.",
                "at": "2026-02-10T10:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/brightspark/user/hugo",
            "session": "hugo-s2",
            "role": "user",
            "text": "Castle Properties used to be my landlord, but I bought my own flat in June.",
            "at": "2026-07-10T10:00:00Z",
        },
        "expect": "close",
        "note": "'used to be' closes the landlord fact",
    },
    {
        "id": "h4-neg-06",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/greencross/user/tom",
                "session": "tom-s6",
                "role": "user",
                "text": "I work night shifts at the hospital, so I pick up prescriptions in the morning.",
                "at": "2026-01-10T08:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/greencross/user/tom",
            "session": "tom-s7",
            "role": "user",
            "text": "I stopped working night shifts in February, thank goodness.",
            "at": "2026-03-10T08:00:00Z",
        },
        "expect": "close",
        "note": "'stopped' closes the working-hours fact",
    },
    {
        "id": "h4-neg-07",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/cellardoor/user/felix",
                "session": "felix-s5",
                "role": "user",
                "text": "I'm vegetarian, so recommend wines that go with veggie food.",
                "at": "2026-05-12T18:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/cellardoor/user/felix",
            "session": "felix-s6",
            "role": "user",
            "text": "I'm not vegetarian anymore, so steak pairings are fine.",
            "at": "2026-08-12T18:00:00Z",
        },
        "expect": "close",
        "note": "'not anymore' closes the diet fact",
    },
    {
        "id": "h4-neg-08",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/harmonyhall/user/leo",
                "session": "leo-s4",
                "role": "user",
                "text": "I take piano lessons on Thursdays as well.",
                "at": "2026-09-03T17:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/harmonyhall/user/leo",
            "session": "leo-s5",
            "role": "user",
            "text": "I quit the Thursday piano lessons over the half-term break.",
            "at": "2026-11-03T17:00:00Z",
        },
        "expect": "close",
        "note": "'quit' closes the lessons fact",
    },
    {
        "id": "h4-neg-09",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/pinehollow/user/jonas",
                "session": "jonas-s4",
                "role": "user",
                "text": "I live in Bristol, about two hours from the site.",
                "at": "2026-06-13T09:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/pinehollow/user/jonas",
            "session": "jonas-s5",
            "role": "user",
            "text": "I no longer live in Bristol, we moved out last month.",
            "at": "2026-09-13T09:00:00Z",
        },
        "expect": "close",
        "note": "'no longer' closes the residence fact",
    },
    {
        "id": "h4-neg-10",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/cellardoor/user/mina",
                "session": "mina-s1",
                "role": "user",
                "text": "I drink a glass of red most evenings.",
                "at": "2026-01-02T19:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/cellardoor/user/mina",
            "session": "mina-s2",
            "role": "user",
            "text": "I gave up alcohol for good in January, so no more red for me.",
            "at": "2026-02-02T19:00:00Z",
        },
        "expect": "close",
        "note": "'gave up' closes the drinking habit",
    },
    {
        "id": "h4-neg-11",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/lockedin/user/ruth",
                "session": "ruth-s5",
                "role": "user",
                "text": "I speak German fluently, so a German-language room would be fine.",
                "at": "2026-02-23T10:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/lockedin/user/ruth",
            "session": "ruth-s6",
            "role": "user",
            "text": "I used to speak German but honestly I've forgotten almost all of it.",
            "at": "2026-02-24T10:00:00Z",
        },
        "expect": "close",
        "note": "'used to' closes the language fact",
    },
    {
        "id": "h4-neg-12",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/whitecrest/user/marek",
                "session": "marek-s3",
                "role": "user",
                "text": "I have a season pass at Whitecrest.",
                "at": "2026-01-12T08:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/whitecrest/user/marek",
            "session": "marek-s4",
            "role": "user",
            "text": "I don't have the season pass any more, I let it lapse after the injury.",
            "at": "2026-12-12T08:00:00Z",
        },
        "expect": "close",
        "note": "'not ... any more' (two words) closes the season pass fact",
    },
    {
        "id": "h4-neg-13",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/savannahzoo/user/kofi",
                "session": "kofi-s4",
                "role": "user",
                "text": "I volunteer at the reptile house every Sunday.",
                "at": "2026-04-28T10:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/savannahzoo/user/kofi",
            "session": "kofi-s5",
            "role": "user",
            "text": "I stopped volunteering at the reptile house when my new job started.",
            "at": "2026-08-28T10:00:00Z",
        },
        "expect": "close",
        "note": "'stopped' closes the volunteering fact",
    },
    # ------------------------------------------------------------------ other_scope
    {
        "id": "h4-scope-01",
        "category": "other_scope",
        "setup": [
            {
                "kind": "document",
                "scope": "org/larkvet",
                "name": "fees.md",
                "text": "# Consultation fees\n\nA standard consultation with one of our vets costs £45.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/meadowvet/user/sam",
            "session": "sam-s1",
            "role": "user",
            "text": "Your standard consultation costs £65, which is more than I expected.",
            "at": "2026-03-02T10:00:00Z",
        },
        "expect": "none",
        "note": "different org: 'your' means Meadowvet, not Larkvet",
    },
    {
        "id": "h4-scope-02",
        "category": "other_scope",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/petalworks/user/alice",
                "session": "alice-s1",
                "role": "user",
                "text": "My birthday is in June.",
                "at": "2026-03-02T10:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/petalworks/user/bob",
            "session": "bob-s1",
            "role": "user",
            "text": "My birthday's in October.",
            "at": "2026-03-02T11:00:00Z",
        },
        "expect": "none",
        "note": "two different users",
    },
    {
        "id": "h4-scope-03",
        "category": "other_scope",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/brightspark/team/north",
                "triples": [
                    {
                        "subject": "Emergency Call-Out",
                        "type": "service",
                        "key": "fee",
                        "value": "£80",
                    }
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/brightspark/team/south",
            "session": "south-s1",
            "role": "user",
            "text": "Our emergency call-out fee is £110 down here.",
            "at": "2026-02-07T08:00:00Z",
        },
        "expect": "none",
        "note": "sibling teams: the north team's fee does not apply to the south team",
    },
    {
        "id": "h4-scope-04",
        "category": "other_scope",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/sparkleauto/user/alice",
                "session": "alice-s2",
                "role": "user",
                "text": "I drive a Tesla Model 3.",
                "at": "2026-04-15T10:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/sparkleauto/user/bob",
            "session": "bob-s2",
            "role": "user",
            "text": "I drive a Toyota Yaris.",
            "at": "2026-04-15T10:30:00Z",
        },
        "expect": "none",
        "note": "two different users' cars",
    },
    {
        "id": "h4-scope-05",
        "category": "other_scope",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/brightspark/user/alice",
                "triples": [
                    {
                        "subject": "Alice",
                        "type": "person",
                        "key": "landlord",
                        "value": "Greenway Lettings",
                    }
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/brightspark/user/bob",
            "session": "bob-s3",
            "role": "user",
            "text": "My landlord is Castle Properties.",
            "at": "2026-02-08T10:00:00Z",
        },
        "expect": "none",
        "note": "authoritative fact about another user; 'my' means bob",
    },
    {
        "id": "h4-scope-06",
        "category": "other_scope",
        "setup": [
            {
                "kind": "document",
                "scope": "org/whitecrest",
                "name": "lift-passes.md",
                "text": "# Lift passes\n\nAn adult day pass for the Whitecrest lifts is priced at €58.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/snowridge/user/lena",
            "session": "lena-s6",
            "role": "user",
            "text": "Your adult day pass is 72 euros.",
            "at": "2026-01-27T08:00:00Z",
        },
        "expect": "none",
        "note": "different ski resort org",
    },
    {
        "id": "h4-scope-07",
        "category": "other_scope",
        "setup": [
            {
                "kind": "document",
                "scope": "org/pinehollow/team/bookings",
                "name": "checkin.md",
                "text": "# Check-in\n\nPitch check-in opens at 3pm.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/pinehollow/team/maintenance",
            "session": "maint-s1",
            "role": "user",
            "text": "Pitch check-in opens at noon, so we finish mowing by eleven.",
            "at": "2026-06-14T07:00:00Z",
        },
        "expect": "none",
        "note": "sibling teams do not overlap",
    },
    {
        "id": "h4-scope-08",
        "category": "other_scope",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/lockedin/user/alice",
                "session": "alice-s3",
                "role": "user",
                "text": "I'm allergic to shellfish, so no seafood platters after the game.",
                "at": "2026-02-25T10:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/lockedin/user/bob",
            "session": "bob-s4",
            "role": "user",
            "text": "I don't have any allergies at all, I'll eat anything.",
            "at": "2026-02-25T10:05:00Z",
        },
        "expect": "none",
        "note": "two different users; bob's negation does not touch alice's allergy",
    },
    {
        "id": "h4-scope-09",
        "category": "other_scope",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/alice",
                "session": "acme-alice-s1",
                "role": "user",
                "text": "I work 9 to 5, Monday to Friday.",
                "at": "2026-03-01T09:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/globex/user/alice",
            "session": "globex-alice-s1",
            "role": "user",
            "text": "I work nights, 10pm to 6am.",
            "at": "2026-03-01T10:00:00Z",
        },
        "expect": "none",
        "note": "same user name in two different orgs: non-overlapping scopes",
    },
    {
        "id": "h4-scope-10",
        "category": "other_scope",
        "setup": [
            {
                "kind": "document",
                "scope": "org/greencross",
                "name": "prescriptions.md",
                "text": "# Repeat prescriptions\n\nRepeat prescriptions are ready for collection within 48 hours of the request.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/wellpoint/user/tom",
            "session": "wellpoint-tom-s1",
            "role": "user",
            "text": "Your repeat prescriptions are ready in two hours, tops.",
            "at": "2026-03-09T09:40:00Z",
        },
        "expect": "none",
        "note": "different pharmacy org",
    },
    {
        "id": "h4-scope-11",
        "category": "other_scope",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/savannahzoo",
                "triples": [
                    {"subject": "Adult Admission", "type": "ticket", "key": "price", "value": "$32"}
                ],
            },
        ],
        "probe": {
            "kind": "upsert",
            "scope": "org/riverzoo",
            "triples": [
                {"subject": "Adult Admission", "type": "ticket", "key": "price", "value": "$27"}
            ],
        },
        "expect": "none",
        "note": "two orgs' authoritative prices coexist",
    },
    {
        "id": "h4-scope-12",
        "category": "other_scope",
        "setup": [
            {
                "kind": "document",
                "scope": "org/oakandhome/team/trade",
                "name": "trade-assembly.md",
                "text": "# Trade assembly\n\nWardrobe assembly for trade customers costs $59.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/oakandhome/user/nadia",
            "session": "nadia-s7",
            "role": "user",
            "text": "You charge $79 to assemble a wardrobe.",
            "at": "2026-05-24T10:00:00Z",
        },
        "expect": "none",
        "note": "a team-scoped document does not cover a user scope outside that team",
    },
    {
        "id": "h4-scope-13",
        "category": "other_scope",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/harmonyhall/user/alice",
                "session": "hh-alice-s1",
                "role": "user",
                "text": "My home town is Galway.",
                "at": "2026-09-05T17:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/harmonyhall/user/bob",
            "session": "hh-bob-s1",
            "role": "user",
            "text": "I grew up in Cork, that's my home town.",
            "at": "2026-09-05T17:30:00Z",
        },
        "expect": "none",
        "note": "two different users' home towns",
    },
]
