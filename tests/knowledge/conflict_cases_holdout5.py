"""Holdout suite 5 for contradiction detection and reconciliation (seed 000, DESIGN.md section 6).

Written independently of the implementation and of the other knowledge suites, as an untouched
measurement of how well reconciliation generalises to unseen domains and phrasings (city council,
HR policy, IT helpdesk, dance studio, makerspace, plumber, print shop, piano tuner, photography
studio, climbing wall, sailing club, moving company, dry cleaner, hearing clinic, architecture firm).

Each case applies ``setup`` writes in order, then the ``probe`` write, and states the expected
outcome of reconciling the probe:

- ``conflict``: an experiential user turn contradicts an authoritative fact (document or upsert) of
  its own org (``org/X`` covers ``org/X/user/Y`` and ``org/X/team/Z``); the curated row stays intact.
- ``supersede``: the same user updates their own fact, or a newer version of the same document
  replaces its earlier fact.
- ``close``: explicit negation ("no longer", "not anymore", "used to", "quit", "gave up", "stopped")
  closes the older value.
- ``corroborate``: the same value restated, possibly in other units or wording.
- ``none``: different entity or attribute, questions, wishes/hypotheticals, or claims in
  non-overlapping scopes (two users, two orgs, sibling teams).

In user turns "you/your" means the org of the nearest ``org/<name>`` scope and "I/my" the user.
"""

CASES: list[dict] = [
    {
        "id": "h5-para-01",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/harfield-council",
                "name": "waste-collection.md",
                "text": "# Waste collection\n\nHousehold refuse bins in the Northgate ward are emptied every Tuesday morning.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/harfield-council/user/marek",
            "session": "marek-s1",
            "role": "user",
            "text": "You empty the Northgate household bins on Thursdays, by the way.",
            "at": "2026-03-02T10:00:00Z",
        },
        "expect": "conflict",
        "note": "council document says Tuesday; resident asserts Thursday for the same ward's bin day",
    },
    {
        "id": "h5-para-02",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/harfield-council",
                "triples": [
                    {
                        "subject": "Residents' Parking Permit",
                        "type": "permit",
                        "key": "annual fee",
                        "value": "£45",
                    }
                ],
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/harfield-council/user/joan",
            "session": "joan-s1",
            "role": "user",
            "text": "Your residents' parking permit costs sixty pounds a year.",
            "at": "2026-03-02T10:05:00Z",
        },
        "expect": "conflict",
        "note": "upserted permit fee £45 vs claimed sixty pounds (words) for the same permit",
    },
    {
        "id": "h5-para-03",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/brightwell",
                "name": "employee-handbook.md",
                "text": "# Annual leave\n\nFull-time employees are entitled to 25 days of annual leave per calendar year.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/brightwell/user/alice",
            "session": "alice-s1",
            "role": "user",
            "text": "You give full-timers thirty days' holiday a year.",
            "at": "2026-03-03T09:00:00Z",
        },
        "expect": "conflict",
        "note": "holiday is a synonym of annual leave; 25 vs thirty days",
    },
    {
        "id": "h5-para-04",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/brightwell",
                "name": "probation.md",
                "text": "# Probation\n\nThe probation period for new starters is six months.\n\nStaff on probation may take annual leave with their manager's approval.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/brightwell/user/dev",
            "session": "dev-s1",
            "role": "user",
            "text": "Your probation period is only three months long.",
            "at": "2026-03-03T09:30:00Z",
        },
        "expect": "conflict",
        "note": "probation six months (words) vs three months; second document sentence is a distractor",
    },
    {
        "id": "h5-para-05",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/brightwell",
                "name": "notice.md",
                "text": "# Leaving\n\nOnce probation is complete, the notice period is one month.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/brightwell/user/kofi",
            "session": "kofi-s1",
            "role": "user",
            "text": "Staff at your company only have to give two weeks' notice once they've passed probation.",
            "at": "2026-03-04T14:00:00Z",
        },
        "expect": "conflict",
        "note": "notice period one month vs two weeks, phrased around the staff rather than the policy",
    },
    {
        "id": "h5-para-06",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/brightwell",
                "triples": [
                    {
                        "subject": "Meal Allowance",
                        "type": "expense policy",
                        "key": "daily limit",
                        "value": "£25",
                    }
                ],
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/brightwell/user/alice",
            "session": "alice-s2",
            "role": "user",
            "text": "Your daily meal allowance is capped at forty quid.",
            "at": "2026-03-05T12:00:00Z",
        },
        "expect": "conflict",
        "note": "expense cap £25 vs forty quid (slang for pounds)",
    },
    {
        "id": "h5-para-07",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/ridgeway-it",
                "name": "helpdesk-sla.md",
                "text": "# Helpdesk service levels\n\nPriority 1 incidents receive a first response within 1 hour.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/ridgeway-it/user/nadia",
            "session": "nadia-s1",
            "role": "user",
            "text": "Your helpdesk takes up to four hours to respond to a P1 incident.",
            "at": "2026-03-06T08:15:00Z",
        },
        "expect": "conflict",
        "note": "P1 = Priority 1; 1 hour vs up to four hours",
    },
    {
        "id": "h5-para-08",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/ridgeway-it",
                "name": "password-policy.md",
                "text": "# Password policy\n\nPasswords must be at least 14 characters long.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/ridgeway-it/user/tom",
            "session": "tom-s1",
            "role": "user",
            "text": "Your password rules only require a minimum of 8 characters.",
            "at": "2026-03-06T09:00:00Z",
        },
        "expect": "conflict",
        "note": "minimum password length 14 vs 8",
    },
    {
        "id": "h5-para-09",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/salsa-central",
                "triples": [
                    {"subject": "Beginner Salsa", "type": "class", "key": "price", "value": "£12"}
                ],
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/salsa-central/user/rosa",
            "session": "rosa-s1",
            "role": "user",
            "text": "Your beginner salsa class is 15 pounds a session.",
            "at": "2026-03-07T18:00:00Z",
        },
        "expect": "conflict",
        "note": "dance studio class price £12 vs 15 pounds",
    },
    {
        "id": "h5-para-10",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/crux-climbing",
                "name": "opening-hours.md",
                "text": "# Opening hours\n\nThe climbing wall opens at 6:00 on weekdays.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/crux-climbing/user/ben",
            "session": "ben-s1",
            "role": "user",
            "text": "You open the wall at 7 in the morning on weekdays.",
            "at": "2026-03-08T07:30:00Z",
        },
        "expect": "conflict",
        "note": "weekday opening time 06:00 vs 7am",
    },
    {
        "id": "h5-para-11",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/pressright-cleaners",
                "name": "turnaround.md",
                "text": "# Turnaround\n\nStandard dry cleaning orders are ready for collection within 48 hours.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/pressright-cleaners/user/li",
            "session": "li-s1",
            "role": "user",
            "text": "Your standard dry cleaning takes three days to come back.",
            "at": "2026-03-09T11:00:00Z",
        },
        "expect": "conflict",
        "note": "48 hours = 2 days vs three days (needs unit conversion to see they differ)",
    },
    {
        "id": "h5-para-12",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/swiftmove",
                "triples": [
                    {
                        "subject": "Local Move",
                        "type": "service",
                        "key": "minimum booking",
                        "value": "3 hours",
                    }
                ],
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/swiftmove/user/greta",
            "session": "greta-s1",
            "role": "user",
            "text": "The minimum booking for a local move with you is two hours.",
            "at": "2026-03-09T15:00:00Z",
        },
        "expect": "conflict",
        "note": "moving company minimum booking 3 hours vs two hours; 'with you' refers to the org",
    },
    {
        "id": "h5-para-13",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/harmony-tuning",
                "name": "prices.md",
                "text": "# Prices\n\nA standard tuning of an upright or grand piano costs £85.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/harmony-tuning/user/walter",
            "session": "walter-s1",
            "role": "user",
            "text": "Your standard piano tuning is seventy pounds.",
            "at": "2026-03-10T10:00:00Z",
        },
        "expect": "conflict",
        "note": "piano tuning £85 vs seventy pounds",
    },
    {
        "id": "h5-para-14",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/forge-makerspace",
                "name": "inductions.md",
                "text": "# Inductions\n\nLaser cutter inductions cost £30 per person.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/forge-makerspace/user/ines",
            "session": "ines-s1",
            "role": "user",
            "text": "The laser cutter induction at your space is £20, I'm fairly sure.",
            "at": "2026-03-10T19:00:00Z",
        },
        "expect": "conflict",
        "note": "makerspace induction fee £30 vs £20, aside after a comma",
    },
    {
        "id": "h5-para-15",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/ridgeway-it",
                "name": "on-call.md",
                "text": "# On-call\n\nOut-of-hours pages must be acknowledged within 15 minutes.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/ridgeway-it/team/infra",
            "session": "infra-s1",
            "role": "user",
            "text": "Your out-of-hours page acknowledgement target is half an hour.",
            "at": "2026-03-11T02:00:00Z",
        },
        "expect": "conflict",
        "note": "org document applies to the team scope; 15 minutes vs half an hour",
    },
    {
        "id": "h5-para-16",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/lumen-studio",
                "name": "hire.md",
                "text": "# Studio hire\n\nStudio A can be hired for £60 per hour.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/lumen-studio/user/felix",
            "session": "felix-s1",
            "role": "user",
            "text": "Hiring your Studio A costs £45 an hour.",
            "at": "2026-03-12T13:00:00Z",
        },
        "expect": "conflict",
        "note": "photography studio hourly rate £60 vs £45, passive vs active voice",
    },
    {
        "id": "h5-agree-01",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/harfield-council",
                "name": "waste-collection.md",
                "text": "# Waste collection\n\nHousehold refuse bins in the Northgate ward are emptied every Tuesday morning.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/harfield-council/user/marek",
            "session": "marek-s1",
            "role": "user",
            "text": "You collect the Northgate bins on Tuesdays.",
            "at": "2026-03-02T10:00:00Z",
        },
        "expect": "corroborate",
        "note": "same bin day, active vs passive wording",
    },
    {
        "id": "h5-agree-02",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/ridgeway-it",
                "name": "helpdesk-sla.md",
                "text": "# Helpdesk service levels\n\nPriority 2 tickets receive a first response within 4 hours.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/ridgeway-it/user/nadia",
            "session": "nadia-s1",
            "role": "user",
            "text": "Your helpdesk responds to P2 tickets within 240 minutes.",
            "at": "2026-03-06T08:15:00Z",
        },
        "expect": "corroborate",
        "note": "4 hours = 240 minutes",
    },
    {
        "id": "h5-agree-03",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/brightwell",
                "name": "employee-handbook.md",
                "text": "# Annual leave\n\nTwenty-five days of annual leave are granted to every full-time employee each year.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/brightwell/user/alice",
            "session": "alice-s1",
            "role": "user",
            "text": "You give full-time staff 25 days of annual leave.",
            "at": "2026-03-03T09:00:00Z",
        },
        "expect": "corroborate",
        "note": "twenty-five (words) = 25 (digits)",
    },
    {
        "id": "h5-agree-04",
        "category": "agreement",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/salsa-central",
                "triples": [
                    {"subject": "Beginner Salsa", "type": "class", "key": "price", "value": "£12"}
                ],
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/salsa-central/user/rosa",
            "session": "rosa-s1",
            "role": "user",
            "text": "Your beginner salsa class costs twelve pounds.",
            "at": "2026-03-07T18:00:00Z",
        },
        "expect": "corroborate",
        "note": "£12 = twelve pounds",
    },
    {
        "id": "h5-agree-05",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/pressright-cleaners",
                "name": "turnaround.md",
                "text": "# Turnaround\n\nStandard dry cleaning orders are ready for collection within 48 hours.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/pressright-cleaners/user/li",
            "session": "li-s1",
            "role": "user",
            "text": "Your standard dry cleaning is ready in two days.",
            "at": "2026-03-09T11:00:00Z",
        },
        "expect": "corroborate",
        "note": "48 hours = two days",
    },
    {
        "id": "h5-agree-06",
        "category": "agreement",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/brightwell/user/sam",
                "session": "sam-s1",
                "role": "user",
                "text": "I live in Leeds.",
                "at": "2026-03-02T10:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/brightwell/user/sam",
            "session": "sam-s2",
            "role": "user",
            "text": "Like I mentioned before, I live in Leeds.",
            "at": "2026-03-09T10:00:00Z",
        },
        "expect": "corroborate",
        "note": "same user restates home city in a later session",
    },
    {
        "id": "h5-agree-07",
        "category": "agreement",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/brightwell/user/kofi",
                "session": "kofi-s1",
                "role": "user",
                "text": "I have two kids.",
                "at": "2026-03-02T10:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/brightwell/user/kofi",
            "session": "kofi-s2",
            "role": "user",
            "text": "I've got 2 children.",
            "at": "2026-03-04T10:00:00Z",
        },
        "expect": "corroborate",
        "note": "kids = children, two = 2",
    },
    {
        "id": "h5-agree-08",
        "category": "agreement",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/crux-climbing/user/ben",
                "session": "ben-s1",
                "role": "user",
                "text": "I run about 20 km a week.",
                "at": "2026-03-02T07:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/crux-climbing/user/ben",
            "session": "ben-s1",
            "role": "user",
            "text": "I do roughly 20 kilometres of running each week.",
            "at": "2026-03-02T07:05:00Z",
        },
        "expect": "corroborate",
        "note": "km = kilometres; about/roughly",
    },
    {
        "id": "h5-agree-09",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/harfield-council",
                "name": "parking-permits.md",
                "text": "# Parking permits\n\nA residents' parking permit costs £45 per year.",
            }
        ],
        "probe": {
            "kind": "upsert",
            "scope": "org/harfield-council",
            "triples": [
                {
                    "subject": "Residents' Parking Permit",
                    "type": "permit",
                    "key": "annual fee",
                    "value": "£45",
                }
            ],
        },
        "expect": "corroborate",
        "note": "document and operator upsert agree on the permit fee (independent authoritative sources)",
    },
    {
        "id": "h5-agree-10",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/brightwell",
                "name": "notice.md",
                "text": "# Leaving\n\nOnce probation is complete, the notice period is one month.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/brightwell/user/kofi",
            "session": "kofi-s1",
            "role": "user",
            "text": "Your notice period after probation is a month.",
            "at": "2026-03-04T14:00:00Z",
        },
        "expect": "corroborate",
        "note": "one month = a month",
    },
    {
        "id": "h5-agree-11",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/ridgeway-it",
                "name": "password-policy.md",
                "text": "# Password policy\n\nPasswords must be at least 14 characters long.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/ridgeway-it/user/tom",
            "session": "tom-s1",
            "role": "user",
            "text": "Your passwords have to be fourteen characters minimum.",
            "at": "2026-03-06T09:00:00Z",
        },
        "expect": "corroborate",
        "note": "14 = fourteen, at least = minimum",
    },
    {
        "id": "h5-agree-12",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/clearsound-clinic",
                "name": "appointments.md",
                "text": "# Appointments\n\nA full hearing test appointment lasts 45 minutes.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/clearsound-clinic/user/edith",
            "session": "edith-s1",
            "role": "user",
            "text": "Your hearing test appointments take three quarters of an hour.",
            "at": "2026-03-12T09:00:00Z",
        },
        "expect": "corroborate",
        "note": "45 minutes = three quarters of an hour",
    },
    {
        "id": "h5-agree-13",
        "category": "agreement",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/forge-makerspace",
                "triples": [
                    {
                        "subject": "Monthly Membership",
                        "type": "membership",
                        "key": "price",
                        "value": "£35",
                    }
                ],
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/forge-makerspace/user/ines",
            "session": "ines-s1",
            "role": "user",
            "text": "Your monthly membership is thirty-five pounds.",
            "at": "2026-03-10T19:00:00Z",
        },
        "expect": "corroborate",
        "note": "£35 = thirty-five pounds",
    },
    {
        "id": "h5-agree-14",
        "category": "agreement",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/brightwell/user/alice",
                "session": "alice-s1",
                "role": "user",
                "text": "My manager is Priya Nair.",
                "at": "2026-03-02T09:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/brightwell/user/alice",
            "session": "alice-s3",
            "role": "user",
            "text": "Priya Nair is still my manager, nothing's changed there.",
            "at": "2026-03-20T09:00:00Z",
        },
        "expect": "corroborate",
        "note": "same manager restated with inverted word order and an aside",
    },
    {
        "id": "h5-unrel-01",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/brightwell",
                "name": "employee-handbook.md",
                "text": "# Annual leave\n\nFull-time employees are entitled to 25 days of annual leave per calendar year.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/brightwell/user/alice",
            "session": "alice-s1",
            "role": "user",
            "text": "Do you give 30 days of annual leave to senior staff?",
            "at": "2026-03-03T09:00:00Z",
        },
        "expect": "none",
        "note": "a question asserts nothing",
    },
    {
        "id": "h5-unrel-02",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/harfield-council",
                "name": "waste-collection.md",
                "text": "# Waste collection\n\nHousehold refuse bins in the Northgate ward are emptied every Tuesday morning.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/harfield-council/user/marek",
            "session": "marek-s1",
            "role": "user",
            "text": "I wish you collected the Northgate bins on Fridays instead.",
            "at": "2026-03-02T10:00:00Z",
        },
        "expect": "none",
        "note": "a wish, not a claim about the bin day",
    },
    {
        "id": "h5-unrel-03",
        "category": "unrelated",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/harfield-council",
                "triples": [
                    {
                        "subject": "Residents' Parking Permit",
                        "type": "permit",
                        "key": "annual fee",
                        "value": "£45",
                    }
                ],
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/harfield-council/user/joan",
            "session": "joan-s1",
            "role": "user",
            "text": "If the residents' permit were sixty pounds a year, I'd still buy one.",
            "at": "2026-03-02T10:05:00Z",
        },
        "expect": "none",
        "note": "hypothetical",
    },
    {
        "id": "h5-unrel-04",
        "category": "unrelated",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/salsa-central",
                "triples": [
                    {"subject": "Beginner Salsa", "type": "class", "key": "price", "value": "£12"}
                ],
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/salsa-central/user/rosa",
            "session": "rosa-s1",
            "role": "user",
            "text": "Your advanced tango class is £18.",
            "at": "2026-03-07T18:00:00Z",
        },
        "expect": "none",
        "note": "different entity (advanced tango vs beginner salsa), same attribute",
    },
    {
        "id": "h5-unrel-05",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/flowfix-plumbing",
                "name": "rates.md",
                "text": "# Rates\n\nOur call-out fee is £80.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/flowfix-plumbing/user/harriet",
            "session": "harriet-s1",
            "role": "user",
            "text": "Your hourly labour rate is £60.",
            "at": "2026-03-05T16:00:00Z",
        },
        "expect": "none",
        "note": "different attribute (hourly rate vs call-out fee), both money",
    },
    {
        "id": "h5-unrel-06",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/ridgeway-it",
                "name": "helpdesk-sla.md",
                "text": "# Helpdesk service levels\n\nPriority 1 incidents receive a first response within 1 hour.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/ridgeway-it/user/nadia",
            "session": "nadia-s1",
            "role": "user",
            "text": "My laptop is a ThinkPad T14.",
            "at": "2026-03-06T08:15:00Z",
        },
        "expect": "none",
        "note": "user's laptop has nothing to do with the SLA",
    },
    {
        "id": "h5-unrel-07",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/brightwell",
                "name": "notice.md",
                "text": "# Leaving\n\nOnce probation is complete, the notice period is one month.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/brightwell/user/kofi",
            "session": "kofi-s1",
            "role": "user",
            "text": "I've worked here for three years.",
            "at": "2026-03-04T14:00:00Z",
        },
        "expect": "none",
        "note": "tenure duration vs notice-period duration: different attribute",
    },
    {
        "id": "h5-unrel-08",
        "category": "unrelated",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/solent-sailing",
                "triples": [
                    {
                        "subject": "Full Membership",
                        "type": "membership",
                        "key": "annual fee",
                        "value": "£320",
                    }
                ],
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/solent-sailing/user/owen",
            "session": "owen-s1",
            "role": "user",
            "text": "Your dinghy storage fee is £90 a year.",
            "at": "2026-03-08T17:00:00Z",
        },
        "expect": "none",
        "note": "different entity/attribute (storage vs membership fee)",
    },
    {
        "id": "h5-unrel-09",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/lumen-studio",
                "name": "hire.md",
                "text": "# Studio hire\n\nStudio A can be hired for £60 per hour.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/lumen-studio/user/felix",
            "session": "felix-s1",
            "role": "user",
            "text": "Could I book Studio A for a whole day at £400?",
            "at": "2026-03-12T13:00:00Z",
        },
        "expect": "none",
        "note": "question with a price in it",
    },
    {
        "id": "h5-unrel-10",
        "category": "unrelated",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/swiftmove",
                "triples": [
                    {
                        "subject": "Local Move",
                        "type": "service",
                        "key": "minimum booking",
                        "value": "3 hours",
                    }
                ],
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/swiftmove/user/greta",
            "session": "greta-s1",
            "role": "user",
            "text": "I'd love it if your minimum booking for local moves were two hours.",
            "at": "2026-03-09T15:00:00Z",
        },
        "expect": "none",
        "note": "wish/counterfactual",
    },
    {
        "id": "h5-unrel-11",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/pressright-cleaners",
                "name": "turnaround.md",
                "text": "# Turnaround\n\nStandard dry cleaning orders are ready for collection within 48 hours.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/pressright-cleaners/user/li",
            "session": "li-s1",
            "role": "user",
            "text": "Your express shirt service turns things around in 4 hours.",
            "at": "2026-03-09T11:00:00Z",
        },
        "expect": "none",
        "note": "different entity (express shirt service vs standard dry cleaning)",
    },
    {
        "id": "h5-unrel-12",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/harmony-tuning",
                "name": "prices.md",
                "text": "# Prices\n\nA standard tuning of an upright or grand piano costs £85.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/harmony-tuning/user/walter",
            "session": "walter-s1",
            "role": "user",
            "text": "My piano is a Yamaha U1 upright.",
            "at": "2026-03-10T10:00:00Z",
        },
        "expect": "none",
        "note": "user's piano model is not the tuning price",
    },
    {
        "id": "h5-unrel-13",
        "category": "unrelated",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/brightwell/user/sam",
                "session": "sam-s1",
                "role": "user",
                "text": "I live in Leeds.",
                "at": "2026-03-02T10:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/brightwell/user/sam",
            "session": "sam-s1",
            "role": "user",
            "text": "What's the weather going to be like in York this weekend?",
            "at": "2026-03-02T10:02:00Z",
        },
        "expect": "none",
        "note": "question mentioning another city",
    },
    {
        "id": "h5-unrel-14",
        "category": "unrelated",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/brightwell/user/alice",
                "session": "alice-s1",
                "role": "user",
                "text": "My manager is Priya Nair.",
                "at": "2026-03-02T09:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/brightwell/user/alice",
            "session": "alice-s1",
            "role": "user",
            "text": "My favourite band is Wet Leg.",
            "at": "2026-03-02T09:04:00Z",
        },
        "expect": "none",
        "note": "different attribute of the same user",
    },
    {
        "id": "h5-unrel-15",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/ridgeway-it",
                "name": "password-policy.md",
                "text": "# Password policy\n\nPasswords must be at least 14 characters long.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/ridgeway-it/user/tom",
            "session": "tom-s1",
            "role": "user",
            "text": "Maybe you should require 20-character passwords, honestly.",
            "at": "2026-03-06T09:00:00Z",
        },
        "expect": "none",
        "note": "suggestion/wish, not an assertion of the current rule",
    },
    {
        "id": "h5-super-01",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/brightwell/user/alice",
                "session": "alice-s1",
                "role": "user",
                "text": "My manager is Priya Nair.",
                "at": "2026-03-02T09:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/brightwell/user/alice",
            "session": "alice-s2",
            "role": "user",
            "text": "My new manager is Tom Becker, as of this week.",
            "at": "2026-04-06T09:00:00Z",
        },
        "expect": "supersede",
        "note": "user updates own manager",
    },
    {
        "id": "h5-super-02",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/brightwell/user/sam",
                "session": "sam-s1",
                "role": "user",
                "text": "I live in Bristol.",
                "at": "2026-03-02T10:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/brightwell/user/sam",
            "session": "sam-s2",
            "role": "user",
            "text": "I live in Cardiff now.",
            "at": "2026-05-01T10:00:00Z",
        },
        "expect": "supersede",
        "note": "home city changed",
    },
    {
        "id": "h5-super-03",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/brightwell/user/kofi",
                "session": "kofi-s1",
                "role": "user",
                "text": "I have two kids.",
                "at": "2026-03-02T10:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/brightwell/user/kofi",
            "session": "kofi-s2",
            "role": "user",
            "text": "We just had our third, so I have three kids now.",
            "at": "2026-06-10T10:00:00Z",
        },
        "expect": "supersede",
        "note": "number of kids 2 -> 3",
    },
    {
        "id": "h5-super-04",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/ridgeway-it/user/nadia",
                "session": "nadia-s1",
                "role": "user",
                "text": "My laptop is a Dell XPS 13.",
                "at": "2026-03-06T08:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/ridgeway-it/user/nadia",
            "session": "nadia-s2",
            "role": "user",
            "text": "IT swapped my laptop, it's a MacBook Air M3 now.",
            "at": "2026-03-20T08:00:00Z",
        },
        "expect": "supersede",
        "note": "laptop model changed",
    },
    {
        "id": "h5-super-05",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/crux-climbing/user/ben",
                "session": "ben-s1",
                "role": "user",
                "text": "I run around 20 km a week.",
                "at": "2026-03-02T07:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/crux-climbing/user/ben",
            "session": "ben-s2",
            "role": "user",
            "text": "These days I run about 35 kilometres a week.",
            "at": "2026-05-02T07:00:00Z",
        },
        "expect": "supersede",
        "note": "weekly running distance 20 km -> 35 km",
    },
    {
        "id": "h5-super-06",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/harbour-architects/user/mira",
                "session": "mira-s1",
                "role": "user",
                "text": "My desk is B-12 on the second floor.",
                "at": "2026-03-02T09:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/harbour-architects/user/mira",
            "session": "mira-s1",
            "role": "user",
            "text": "I've been moved, my desk is D-04 now.",
            "at": "2026-03-02T15:00:00Z",
        },
        "expect": "supersede",
        "note": "desk location changed within the same session",
    },
    {
        "id": "h5-super-07",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/ridgeway-it/user/tom",
                "session": "tom-s1",
                "role": "user",
                "text": "I'm on the data team.",
                "at": "2026-03-02T09:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/ridgeway-it/user/tom",
            "session": "tom-s2",
            "role": "user",
            "text": "After the reorg I'm on the security team.",
            "at": "2026-04-01T09:00:00Z",
        },
        "expect": "supersede",
        "note": "team changed",
    },
    {
        "id": "h5-super-08",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/salsa-central/user/rosa",
                "session": "rosa-s1",
                "role": "user",
                "text": "My favourite band is Arctic Monkeys.",
                "at": "2026-03-07T18:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/salsa-central/user/rosa",
            "session": "rosa-s2",
            "role": "user",
            "text": "My favourite band these days is Fontaines D.C.",
            "at": "2026-04-07T18:00:00Z",
        },
        "expect": "supersede",
        "note": "favourite band changed",
    },
    {
        "id": "h5-super-09",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/brightwell/user/dev",
                "session": "dev-s1",
                "role": "user",
                "text": "I study at Leeds Beckett University.",
                "at": "2026-03-02T10:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/brightwell/user/dev",
            "session": "dev-s2",
            "role": "user",
            "text": "I transferred, so I study at the University of York now.",
            "at": "2026-09-20T10:00:00Z",
        },
        "expect": "supersede",
        "note": "place of study changed",
    },
    {
        "id": "h5-super-10",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/brightwell/user/alice",
                "session": "alice-s1",
                "role": "user",
                "text": "My commute is about 25 minutes.",
                "at": "2026-03-02T09:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/brightwell/user/alice",
            "session": "alice-s2",
            "role": "user",
            "text": "My commute's more like an hour now.",
            "at": "2026-05-02T09:00:00Z",
        },
        "expect": "supersede",
        "note": "commute time 25 min -> 1 hour, contraction",
    },
    {
        "id": "h5-super-11",
        "category": "supersession",
        "setup": [
            {
                "kind": "document",
                "scope": "org/brightwell",
                "name": "leave-policy.md",
                "text": "# Annual leave\n\nFull-time employees receive 25 days of annual leave per year.",
            }
        ],
        "probe": {
            "kind": "document",
            "scope": "org/brightwell",
            "name": "leave-policy.md",
            "text": "# Annual leave\n\nFull-time employees receive 27 days of annual leave per year.",
        },
        "expect": "supersede",
        "note": "newer version of the same document supersedes its own earlier fact",
    },
    {
        "id": "h5-super-12",
        "category": "supersession",
        "setup": [
            {
                "kind": "document",
                "scope": "org/harfield-council",
                "name": "waste-collection.md",
                "text": "# Waste collection\n\nHousehold refuse bins in the Northgate ward are emptied every Tuesday morning.",
            }
        ],
        "probe": {
            "kind": "document",
            "scope": "org/harfield-council",
            "name": "waste-collection.md",
            "text": "# Waste collection\n\nHousehold refuse bins in the Northgate ward are emptied every Wednesday morning.",
        },
        "expect": "supersede",
        "note": "revised council document moves the bin day",
    },
    {
        "id": "h5-super-13",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/crux-climbing/user/ines",
                "session": "ines-s1",
                "role": "user",
                "text": "I climb 6a at the moment.",
                "at": "2026-03-02T19:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/crux-climbing/user/ines",
            "session": "ines-s2",
            "role": "user",
            "text": "I climb 6c now, finally.",
            "at": "2026-06-02T19:00:00Z",
        },
        "expect": "supersede",
        "note": "climbing grade improved",
    },
    {
        "id": "h5-super-14",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/swiftmove/user/greta",
                "session": "greta-s1",
                "role": "user",
                "text": "My home city is Norwich.",
                "at": "2026-03-09T15:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/swiftmove/user/greta",
            "session": "greta-s2",
            "role": "user",
            "text": "My home city is Ipswich since the move you did for us.",
            "at": "2026-04-20T15:00:00Z",
        },
        "expect": "supersede",
        "note": "home city updated after moving",
    },
    {
        "id": "h5-neg-01",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/brightwell/user/sam",
                "session": "sam-s1",
                "role": "user",
                "text": "I work out of the Leeds office.",
                "at": "2026-03-02T10:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/brightwell/user/sam",
            "session": "sam-s2",
            "role": "user",
            "text": "I don't work out of the Leeds office anymore.",
            "at": "2026-04-02T10:00:00Z",
        },
        "expect": "close",
        "note": "'not ... anymore' closes the office location",
    },
    {
        "id": "h5-neg-02",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/crux-climbing/user/ben",
                "session": "ben-s1",
                "role": "user",
                "text": "I run about 30 km a week.",
                "at": "2026-03-02T07:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/crux-climbing/user/ben",
            "session": "ben-s2",
            "role": "user",
            "text": "I stopped running 30 km a week after my knee injury.",
            "at": "2026-04-02T07:00:00Z",
        },
        "expect": "close",
        "note": "'stopped' closes the weekly distance",
    },
    {
        "id": "h5-neg-03",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/salsa-central/user/rosa",
                "session": "rosa-s1",
                "role": "user",
                "text": "My favourite band is Radiohead.",
                "at": "2026-03-07T18:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/salsa-central/user/rosa",
            "session": "rosa-s2",
            "role": "user",
            "text": "Radiohead isn't my favourite band anymore.",
            "at": "2026-04-07T18:00:00Z",
        },
        "expect": "close",
        "note": "favourite band negated, no replacement given",
    },
    {
        "id": "h5-neg-04",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/brightwell/user/dev",
                "session": "dev-s1",
                "role": "user",
                "text": "I study at the University of Bristol.",
                "at": "2026-03-02T10:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/brightwell/user/dev",
            "session": "dev-s2",
            "role": "user",
            "text": "I no longer study at the University of Bristol.",
            "at": "2026-07-02T10:00:00Z",
        },
        "expect": "close",
        "note": "'no longer' closes place of study",
    },
    {
        "id": "h5-neg-05",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/swiftmove/user/greta",
                "session": "greta-s1",
                "role": "user",
                "text": "I live in Manchester.",
                "at": "2026-03-09T15:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/swiftmove/user/greta",
            "session": "greta-s2",
            "role": "user",
            "text": "I used to live in Manchester.",
            "at": "2026-05-09T15:00:00Z",
        },
        "expect": "close",
        "note": "'used to' closes home city",
    },
    {
        "id": "h5-neg-06",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/brightwell/user/alice",
                "session": "alice-s1",
                "role": "user",
                "text": "My manager is Dana Okafor.",
                "at": "2026-03-02T09:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/brightwell/user/alice",
            "session": "alice-s2",
            "role": "user",
            "text": "Dana Okafor is no longer my manager.",
            "at": "2026-04-02T09:00:00Z",
        },
        "expect": "close",
        "note": "manager relationship closed, subject-first phrasing",
    },
    {
        "id": "h5-neg-07",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/ridgeway-it/user/tom",
                "session": "tom-s1",
                "role": "user",
                "text": "I'm on the platform team.",
                "at": "2026-03-02T09:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/ridgeway-it/user/tom",
            "session": "tom-s2",
            "role": "user",
            "text": "I'm not on the platform team anymore.",
            "at": "2026-04-02T09:00:00Z",
        },
        "expect": "close",
        "note": "team membership closed",
    },
    {
        "id": "h5-neg-08",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/solent-sailing/user/owen",
                "session": "owen-s1",
                "role": "user",
                "text": "I'm a member of your sailing club.",
                "at": "2026-03-08T17:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/solent-sailing/user/owen",
            "session": "owen-s2",
            "role": "user",
            "text": "I quit your sailing club last month.",
            "at": "2026-05-08T17:00:00Z",
        },
        "expect": "close",
        "note": "'quit' closes club membership",
    },
    {
        "id": "h5-neg-09",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/clearsound-clinic/user/edith",
                "session": "edith-s1",
                "role": "user",
                "text": "I smoke about ten cigarettes a day.",
                "at": "2026-03-12T09:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/clearsound-clinic/user/edith",
            "session": "edith-s2",
            "role": "user",
            "text": "I gave up smoking in January.",
            "at": "2026-03-26T09:00:00Z",
        },
        "expect": "close",
        "note": "'gave up' closes the smoking habit",
    },
    {
        "id": "h5-neg-10",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/ridgeway-it/user/nadia",
                "session": "nadia-s1",
                "role": "user",
                "text": "I use a ThinkPad X1 Carbon for work.",
                "at": "2026-03-06T08:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/ridgeway-it/user/nadia",
            "session": "nadia-s2",
            "role": "user",
            "text": "I stopped using the ThinkPad X1 Carbon, it died last week.",
            "at": "2026-03-27T08:00:00Z",
        },
        "expect": "close",
        "note": "'stopped using' closes the laptop, aside after comma",
    },
    {
        "id": "h5-neg-11",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/harbour-architects/user/mira",
                "session": "mira-s1",
                "role": "user",
                "text": "My desk is 3.14 on the third floor.",
                "at": "2026-03-02T09:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/harbour-architects/user/mira",
            "session": "mira-s2",
            "role": "user",
            "text": "I no longer sit at desk 3.14.",
            "at": "2026-03-16T09:00:00Z",
        },
        "expect": "close",
        "note": "desk location closed",
    },
    {
        "id": "h5-neg-12",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/crux-climbing/user/ines",
                "session": "ines-s1",
                "role": "user",
                "text": "I have a monthly membership at your climbing wall.",
                "at": "2026-03-02T19:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/crux-climbing/user/ines",
            "session": "ines-s2",
            "role": "user",
            "text": "I don't have a monthly membership at your wall anymore.",
            "at": "2026-05-02T19:00:00Z",
        },
        "expect": "close",
        "note": "membership closed",
    },
    {
        "id": "h5-neg-13",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/salsa-central/user/rosa",
                "session": "rosa-s1",
                "role": "user",
                "text": "I take the Tuesday ballet class.",
                "at": "2026-03-07T18:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/salsa-central/user/rosa",
            "session": "rosa-s1",
            "role": "user",
            "text": "Actually, I quit the Tuesday ballet class.",
            "at": "2026-03-07T18:10:00Z",
        },
        "expect": "close",
        "note": "'quit' closes class attendance within the same session",
    },
    {
        "id": "h5-neg-14",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/lumen-studio/user/felix",
                "session": "felix-s1",
                "role": "user",
                "text": "My commute takes forty minutes by train.",
                "at": "2026-03-12T13:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/lumen-studio/user/felix",
            "session": "felix-s2",
            "role": "user",
            "text": "My commute isn't forty minutes anymore.",
            "at": "2026-04-12T13:00:00Z",
        },
        "expect": "close",
        "note": "commute time negated without a replacement value",
    },
    {
        "id": "h5-scope-01",
        "category": "other_scope",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/brightwell/user/alice",
                "session": "alice-s1",
                "role": "user",
                "text": "My manager is Priya Nair.",
                "at": "2026-03-02T09:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/brightwell/user/bob",
            "session": "bob-s1",
            "role": "user",
            "text": "My manager is Tom Becker.",
            "at": "2026-03-02T09:30:00Z",
        },
        "expect": "none",
        "note": "two different users' managers",
    },
    {
        "id": "h5-scope-02",
        "category": "other_scope",
        "setup": [
            {
                "kind": "document",
                "scope": "org/brightwell",
                "name": "employee-handbook.md",
                "text": "# Annual leave\n\nFull-time employees are entitled to 25 days of annual leave per calendar year.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/kestrel-labs/user/omar",
            "session": "omar-s1",
            "role": "user",
            "text": "Your annual leave allowance is 30 days.",
            "at": "2026-03-03T09:00:00Z",
        },
        "expect": "none",
        "note": "'your' means kestrel-labs, not brightwell",
    },
    {
        "id": "h5-scope-03",
        "category": "other_scope",
        "setup": [
            {
                "kind": "document",
                "scope": "org/ridgeway-it/team/north",
                "name": "north-standup.md",
                "text": "# Stand-up\n\nThe daily stand-up starts at 9:30.",
            }
        ],
        "probe": {
            "kind": "document",
            "scope": "org/ridgeway-it/team/south",
            "name": "south-standup.md",
            "text": "# Stand-up\n\nThe daily stand-up starts at 10:00.",
        },
        "expect": "none",
        "note": "sibling teams have different stand-up times",
    },
    {
        "id": "h5-scope-04",
        "category": "other_scope",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/inkwell-print",
                "triples": [
                    {"subject": "A3 Poster", "type": "product", "key": "price", "value": "£4.50"}
                ],
            }
        ],
        "probe": {
            "kind": "upsert",
            "scope": "org/papercut-print",
            "triples": [{"subject": "A3 Poster", "type": "product", "key": "price", "value": "£6"}],
        },
        "expect": "none",
        "note": "two print shops price the same product differently",
    },
    {
        "id": "h5-scope-05",
        "category": "other_scope",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/brightwell/user/sam",
                "session": "sam-s1",
                "role": "user",
                "text": "I live in Leeds.",
                "at": "2026-03-02T10:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/kestrel-labs/user/sam",
            "session": "sam-k1",
            "role": "user",
            "text": "I live in York.",
            "at": "2026-03-02T11:00:00Z",
        },
        "expect": "none",
        "note": "same user name in two different orgs are different users",
    },
    {
        "id": "h5-scope-06",
        "category": "other_scope",
        "setup": [
            {
                "kind": "document",
                "scope": "org/ridgeway-it",
                "name": "helpdesk-sla.md",
                "text": "# Helpdesk service levels\n\nPriority 1 incidents receive a first response within 1 hour.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/brightwell/user/alice",
            "session": "alice-s1",
            "role": "user",
            "text": "Your helpdesk answers P1 incidents within four hours.",
            "at": "2026-03-06T08:15:00Z",
        },
        "expect": "none",
        "note": "alice's 'your' is brightwell, the SLA document belongs to ridgeway-it",
    },
    {
        "id": "h5-scope-07",
        "category": "other_scope",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/brightwell/user/kofi",
                "session": "kofi-s1",
                "role": "user",
                "text": "I have two kids.",
                "at": "2026-03-02T10:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/brightwell/user/dev",
            "session": "dev-s1",
            "role": "user",
            "text": "I've got four kids.",
            "at": "2026-03-02T10:30:00Z",
        },
        "expect": "none",
        "note": "different users' number of kids",
    },
    {
        "id": "h5-scope-08",
        "category": "other_scope",
        "setup": [
            {
                "kind": "document",
                "scope": "org/salsa-central",
                "name": "prices.md",
                "text": "# Prices\n\nA drop-in beginner salsa class costs £12.",
            }
        ],
        "probe": {
            "kind": "document",
            "scope": "org/latin-steps",
            "name": "prices.md",
            "text": "# Prices\n\nA drop-in beginner salsa class costs £10.",
        },
        "expect": "none",
        "note": "two dance studios, same document name, different orgs",
    },
    {
        "id": "h5-scope-09",
        "category": "other_scope",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/harbour-architects/team/residential",
                "triples": [
                    {"subject": "Design Review", "type": "meeting", "key": "day", "value": "Monday"}
                ],
            }
        ],
        "probe": {
            "kind": "upsert",
            "scope": "org/harbour-architects/team/commercial",
            "triples": [
                {"subject": "Design Review", "type": "meeting", "key": "day", "value": "Thursday"}
            ],
        },
        "expect": "none",
        "note": "sibling teams hold design review on different days",
    },
    {
        "id": "h5-scope-10",
        "category": "other_scope",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/ridgeway-it/user/nadia",
                "session": "nadia-s1",
                "role": "user",
                "text": "My laptop is a Dell XPS 13.",
                "at": "2026-03-06T08:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/ridgeway-it/user/tom",
            "session": "tom-s1",
            "role": "user",
            "text": "My laptop is a Framework 13.",
            "at": "2026-03-06T08:20:00Z",
        },
        "expect": "none",
        "note": "two users' laptops",
    },
    {
        "id": "h5-scope-11",
        "category": "other_scope",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/brightwell/user/alice",
                "session": "alice-s1",
                "role": "user",
                "text": "Your office closes at 6pm.",
                "at": "2026-03-02T09:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/kestrel-labs/user/ben",
            "session": "ben-k1",
            "role": "user",
            "text": "Your office closes at 8pm.",
            "at": "2026-03-02T09:10:00Z",
        },
        "expect": "none",
        "note": "beliefs about two different orgs' offices",
    },
    {
        "id": "h5-scope-12",
        "category": "other_scope",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/solent-sailing",
                "triples": [
                    {
                        "subject": "Full Membership",
                        "type": "membership",
                        "key": "annual fee",
                        "value": "£320",
                    }
                ],
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/hamble-sailing/user/owen",
            "session": "owen-h1",
            "role": "user",
            "text": "Your full membership is £250 a year.",
            "at": "2026-03-08T17:00:00Z",
        },
        "expect": "none",
        "note": "different sailing club org",
    },
    {
        "id": "h5-scope-13",
        "category": "other_scope",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/salsa-central/user/rosa",
                "session": "rosa-s1",
                "role": "user",
                "text": "My favourite band is Wet Leg.",
                "at": "2026-03-07T18:00:00Z",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/salsa-central/user/lucia",
            "session": "lucia-s1",
            "role": "user",
            "text": "My favourite band is IDLES.",
            "at": "2026-03-07T18:05:00Z",
        },
        "expect": "none",
        "note": "two users' favourite bands",
    },
    {
        "id": "h5-scope-14",
        "category": "other_scope",
        "setup": [
            {
                "kind": "document",
                "scope": "org/harfield-council",
                "name": "waste-collection.md",
                "text": "# Waste collection\n\nHousehold refuse bins in the Northgate ward are emptied every Tuesday morning.",
            }
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/brookdale-council/user/marek",
            "session": "marek-b1",
            "role": "user",
            "text": "You empty the Northgate household bins on Thursdays.",
            "at": "2026-03-02T10:00:00Z",
        },
        "expect": "none",
        "note": "same ward name but a different council org",
    },
]
