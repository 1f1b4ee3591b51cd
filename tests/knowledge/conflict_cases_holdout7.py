"""Holdout conflict cases, set 7 (final, untouched generalisation measurement).

Written independently of the implementation under ``src/engramdb/`` and of the other
conflict suites. Each case writes ``setup`` records in order, then the ``probe`` record,
and states what the reconciler must report for the probe:

- ``conflict``    a user turn contradicts an authoritative fact (document / upsert) of its own org
                  (``org/X`` covers ``org/X/user/Y`` and ``org/X/team/Z``);
- ``supersede``   the same user updates their own experiential fact;
- ``close``       explicit negation ("no longer", "not anymore", "used to", "quit", "gave up",
                  "stopped") closes the older value;
- ``corroborate`` the same value restated (possibly other units or wording);
- ``none``        different entity or attribute, questions, wishes / hypotheticals, or a
                  contradiction across non-overlapping scopes (two users, two orgs, sibling teams).

"you/your" in a user turn means the org of the nearest ``org/<name>`` scope; "I/my" means the
user of that scope. Domains mix retail, services, public offices, schools, clubs, SaaS pricing and
limits, HR and IT policies, and personal user facts.
"""

CASES: list[dict] = [
    # ------------------------------------------------------------------ paraphrase_conflict
    {
        "id": "h7-para-01",
        "category": "paraphrase_conflict",
        "setup": [
            {"kind": "document", "scope": "org/brightmart", "name": "returns.md", "text": "# Returns\n\nReturns are accepted within 30 days of delivery."},
        ],
        "probe": {"kind": "turn", "scope": "org/brightmart/user/alice", "session": "alice-s1", "role": "user", "text": "You guys take returns for up to sixty days after delivery.", "at": "2026-03-02T10:00:00Z"},
        "expect": "conflict",
        "note": "return window 60 days (words) vs documented 30 days",
    },
    {
        "id": "h7-para-02",
        "category": "paraphrase_conflict",
        "setup": [
            {"kind": "upsert", "scope": "org/lumenhome", "triples": [{"subject": "Aurora Desk Lamp", "type": "product", "key": "price", "value": "$49"}]},
        ],
        "probe": {"kind": "turn", "scope": "org/lumenhome/user/raj", "session": "raj-s1", "role": "user", "text": "The Aurora desk lamp goes for $65 in your shop.", "at": "2026-03-03T09:15:00Z"},
        "expect": "conflict",
        "note": "catalogue price $49 vs claimed $65, 'goes for' phrasing",
    },
    {
        "id": "h7-para-03",
        "category": "paraphrase_conflict",
        "setup": [
            {"kind": "document", "scope": "org/riverside-library", "name": "hours.md", "text": "# Opening hours\n\nOn Saturdays the Riverside Library opens at 9:00 am."},
        ],
        "probe": {"kind": "turn", "scope": "org/riverside-library/user/mei", "session": "mei-s1", "role": "user", "text": "Your library opens at 10 in the morning on Saturdays.", "at": "2026-03-04T16:40:00Z"},
        "expect": "conflict",
        "note": "Saturday opening time 10 am vs 9:00 am",
    },
    {
        "id": "h7-para-04",
        "category": "paraphrase_conflict",
        "setup": [
            {"kind": "document", "scope": "org/kestrel", "name": "handbook.md", "text": "# Leaving the company\n\nEmployees must give four weeks of notice before resigning."},
        ],
        "probe": {"kind": "turn", "scope": "org/kestrel/team/platform", "session": "platform-s1", "role": "user", "text": "At Kestrel the notice period for resigning is two weeks.", "at": "2026-03-05T11:00:00Z"},
        "expect": "conflict",
        "note": "team-scoped turn; resignation notice two weeks vs four weeks (org policy covers the team)",
    },
    {
        "id": "h7-para-05",
        "category": "paraphrase_conflict",
        "setup": [
            {"kind": "upsert", "scope": "org/quillcloud", "triples": [{"subject": "Starter plan", "type": "plan", "key": "maximum users", "value": "5"}]},
        ],
        "probe": {"kind": "turn", "scope": "org/quillcloud/user/noah", "session": "noah-s1", "role": "user", "text": "Your Starter plan allows up to 10 users.", "at": "2026-03-06T08:30:00Z"},
        "expect": "conflict",
        "note": "seat limit 10 vs 5 on the Starter plan",
    },
    {
        "id": "h7-para-06",
        "category": "paraphrase_conflict",
        "setup": [
            {"kind": "document", "scope": "org/ironclad-gym", "name": "pricing.md", "text": "# Membership\n\nA monthly membership at Ironclad Gym costs €35."},
        ],
        "probe": {"kind": "turn", "scope": "org/ironclad-gym/user/lena", "session": "lena-s1", "role": "user", "text": "Ironclad charges 45 euros a month for membership, which is pretty steep.", "at": "2026-03-07T18:05:00Z"},
        "expect": "conflict",
        "note": "monthly fee 45 euros vs €35, aside after comma",
    },
    {
        "id": "h7-para-07",
        "category": "paraphrase_conflict",
        "setup": [
            {"kind": "document", "scope": "org/northfield-school", "name": "admissions.md", "text": "# Admissions\n\nApplications for the autumn term must be submitted by 15 August 2026."},
        ],
        "probe": {"kind": "turn", "scope": "org/northfield-school/user/parent-okafor", "session": "okafor-s1", "role": "user", "text": "The deadline to apply for your autumn term is September 1st.", "at": "2026-03-08T12:00:00Z"},
        "expect": "conflict",
        "note": "application deadline 1 Sept vs 15 Aug",
    },
    {
        "id": "h7-para-08",
        "category": "paraphrase_conflict",
        "setup": [
            {"kind": "document", "scope": "org/vantage", "name": "it-policy.md", "text": "# Passwords\n\nPasswords must be changed every 90 days."},
        ],
        "probe": {"kind": "turn", "scope": "org/vantage/team/finance", "session": "finance-s1", "role": "user", "text": "We're only required to change our passwords every six months.", "at": "2026-03-09T09:45:00Z"},
        "expect": "conflict",
        "note": "password rotation six months vs 90 days; team scope under org",
    },
    {
        "id": "h7-para-09",
        "category": "paraphrase_conflict",
        "setup": [
            {"kind": "document", "scope": "org/skyward-air", "name": "baggage.md", "text": "# Checked baggage\n\nEach checked bag may weigh at most 23 kg."},
        ],
        "probe": {"kind": "turn", "scope": "org/skyward-air/user/tomas", "session": "tomas-s1", "role": "user", "text": "Your airline lets a checked bag weigh up to 70 pounds.", "at": "2026-03-10T07:20:00Z"},
        "expect": "conflict",
        "note": "70 lb is about 31.8 kg, not 23 kg (unit conversion)",
    },
    {
        "id": "h7-para-10",
        "category": "paraphrase_conflict",
        "setup": [
            {"kind": "upsert", "scope": "org/lumen", "triples": [{"subject": "Lumen", "type": "organization", "key": "support phone number", "value": "+1 555 0100"}]},
        ],
        "probe": {"kind": "turn", "scope": "org/lumen/user/grace", "session": "grace-s1", "role": "user", "text": "Your support hotline number is +1 555 0199.", "at": "2026-03-11T14:10:00Z"},
        "expect": "conflict",
        "note": "support phone number differs; 'hotline' synonym",
    },
    {
        "id": "h7-para-11",
        "category": "paraphrase_conflict",
        "setup": [
            {"kind": "document", "scope": "org/harbor-sailing", "name": "fees.md", "text": "# Fees\n\nAnnual membership of the Harbor Sailing Club costs $400."},
        ],
        "probe": {"kind": "turn", "scope": "org/harbor-sailing/user/ben", "session": "ben-s1", "role": "user", "text": "Harbor Sailing Club membership is 250 bucks a year.", "at": "2026-03-12T17:30:00Z"},
        "expect": "conflict",
        "note": "annual fee $250 (slang 'bucks') vs $400",
    },
    {
        "id": "h7-para-12",
        "category": "paraphrase_conflict",
        "setup": [
            {"kind": "document", "scope": "org/maple-clinic", "name": "cancellations.md", "text": "# Cancellations\n\nAppointments must be cancelled at least 24 hours in advance to avoid a fee."},
        ],
        "probe": {"kind": "turn", "scope": "org/maple-clinic/user/ivy", "session": "ivy-s1", "role": "user", "text": "You need to cancel appointments two days ahead to avoid the fee.", "at": "2026-03-13T10:05:00Z"},
        "expect": "conflict",
        "note": "cancellation notice two days (48 h) vs 24 hours",
    },
    {
        "id": "h7-para-13",
        "category": "paraphrase_conflict",
        "setup": [
            {"kind": "document", "scope": "org/hive-cowork", "name": "rooms.md", "text": "# Meeting rooms\n\nEach member can book a meeting room for up to 2 hours per day."},
        ],
        "probe": {"kind": "turn", "scope": "org/hive-cowork/user/omar", "session": "omar-s1", "role": "user", "text": "Members of your coworking space can reserve a meeting room for four hours a day.", "at": "2026-03-14T13:00:00Z"},
        "expect": "conflict",
        "note": "daily meeting room allowance four hours vs 2 hours; reserve/book synonym",
    },
    {
        "id": "h7-para-14",
        "category": "paraphrase_conflict",
        "setup": [
            {"kind": "document", "scope": "org/citywater", "name": "billing.md", "text": "# Billing\n\nWater bills are due 21 days after the invoice date."},
        ],
        "probe": {"kind": "turn", "scope": "org/citywater/user/carmen", "session": "carmen-s1", "role": "user", "text": "I've got a whole month from the invoice date to pay your water bill.", "at": "2026-03-15T08:00:00Z"},
        "expect": "conflict",
        "note": "payment term a month vs 21 days, informal wording",
    },
    # ------------------------------------------------------------------ agreement
    {
        "id": "h7-agree-01",
        "category": "agreement",
        "setup": [
            {"kind": "document", "scope": "org/brightmart", "name": "returns.md", "text": "# Returns\n\nReturns are accepted within 30 days of delivery."},
        ],
        "probe": {"kind": "turn", "scope": "org/brightmart/user/jon", "session": "jon-s1", "role": "user", "text": "You accept returns up to thirty days after delivery.", "at": "2026-03-02T11:00:00Z"},
        "expect": "corroborate",
        "note": "same return window, number in words",
    },
    {
        "id": "h7-agree-02",
        "category": "agreement",
        "setup": [
            {"kind": "upsert", "scope": "org/soundwave", "triples": [{"subject": "Nimbus Headphones", "type": "product", "key": "price", "value": "$129"}]},
        ],
        "probe": {"kind": "turn", "scope": "org/soundwave/user/kira", "session": "kira-s1", "role": "user", "text": "The Nimbus headphones cost 129 dollars at your store.", "at": "2026-03-03T15:20:00Z"},
        "expect": "corroborate",
        "note": "same price, '$129' vs '129 dollars'",
    },
    {
        "id": "h7-agree-03",
        "category": "agreement",
        "setup": [
            {"kind": "document", "scope": "org/aquacentre", "name": "pool.md", "text": "# Pool hours\n\nThe pool opens at 6:30 am on weekdays."},
        ],
        "probe": {"kind": "turn", "scope": "org/aquacentre/user/pat", "session": "pat-s1", "role": "user", "text": "On weekdays your pool opens at 6:30 in the morning.", "at": "2026-03-04T06:00:00Z"},
        "expect": "corroborate",
        "note": "same weekday opening time, 'in the morning' vs 'am'",
    },
    {
        "id": "h7-agree-04",
        "category": "agreement",
        "setup": [
            {"kind": "document", "scope": "org/kestrel", "name": "leave.md", "text": "# Annual leave\n\nEmployees receive 25 days of paid annual leave per year."},
        ],
        "probe": {"kind": "turn", "scope": "org/kestrel/team/data", "session": "data-s1", "role": "user", "text": "We get twenty-five days of paid annual leave each year.", "at": "2026-03-05T12:30:00Z"},
        "expect": "corroborate",
        "note": "team member restates 25 days of leave in words",
    },
    {
        "id": "h7-agree-05",
        "category": "agreement",
        "setup": [
            {"kind": "document", "scope": "org/zipline", "name": "trial.md", "text": "# Free trial\n\nThe free trial lasts 14 days."},
        ],
        "probe": {"kind": "turn", "scope": "org/zipline/user/hana", "session": "hana-s1", "role": "user", "text": "Your free trial runs for two weeks.", "at": "2026-03-06T10:10:00Z"},
        "expect": "corroborate",
        "note": "two weeks equals 14 days (unit conversion)",
    },
    {
        "id": "h7-agree-06",
        "category": "agreement",
        "setup": [
            {"kind": "document", "scope": "org/oakview-lettings", "name": "tenancy.md", "text": "# Ending a tenancy\n\nTenants must give 60 days of notice before moving out."},
        ],
        "probe": {"kind": "turn", "scope": "org/oakview-lettings/user/dev", "session": "dev-s1", "role": "user", "text": "Your tenants have to give sixty days' notice before they move out.", "at": "2026-03-07T19:00:00Z"},
        "expect": "corroborate",
        "note": "same move-out notice period",
    },
    {
        "id": "h7-agree-07",
        "category": "agreement",
        "setup": [
            {"kind": "document", "scope": "org/riverside-library", "name": "fines.md", "text": "# Fines\n\nThe fine for an overdue book is $0.25 per day."},
        ],
        "probe": {"kind": "turn", "scope": "org/riverside-library/user/sol", "session": "sol-s1", "role": "user", "text": "Your overdue book fine is 25 cents a day.", "at": "2026-03-08T15:45:00Z"},
        "expect": "corroborate",
        "note": "$0.25 equals 25 cents",
    },
    {
        "id": "h7-agree-08",
        "category": "agreement",
        "setup": [
            {"kind": "upsert", "scope": "org/cloudvault", "triples": [{"subject": "Pro plan", "type": "plan", "key": "storage", "value": "1 TB"}]},
        ],
        "probe": {"kind": "turn", "scope": "org/cloudvault/user/yusuf", "session": "yusuf-s1", "role": "user", "text": "The Pro plan comes with one terabyte of storage.", "at": "2026-03-09T09:00:00Z"},
        "expect": "corroborate",
        "note": "1 TB vs 'one terabyte'",
    },
    {
        "id": "h7-agree-09",
        "category": "agreement",
        "setup": [
            {"kind": "document", "scope": "org/drivenow", "name": "rental-terms.md", "text": "# Rental terms\n\nRenters must be at least 21 years old."},
        ],
        "probe": {"kind": "turn", "scope": "org/drivenow/user/ella", "session": "ella-s1", "role": "user", "text": "You have to be 21 or older to rent a car from you.", "at": "2026-03-10T11:25:00Z"},
        "expect": "corroborate",
        "note": "same minimum rental age, '21 or older' vs 'at least 21'",
    },
    {
        "id": "h7-agree-10",
        "category": "agreement",
        "setup": [
            {"kind": "upsert", "scope": "org/lumen", "triples": [{"subject": "Lumen", "type": "organization", "key": "support email", "value": "help@lumen.io"}]},
        ],
        "probe": {"kind": "turn", "scope": "org/lumen/user/felix", "session": "felix-s1", "role": "user", "text": "Your support email is help@lumen.io.", "at": "2026-03-11T16:00:00Z"},
        "expect": "corroborate",
        "note": "same support email address",
    },
    {
        "id": "h7-agree-11",
        "category": "agreement",
        "setup": [
            {"kind": "turn", "scope": "org/travelco/user/alice", "session": "alice-s1", "role": "user", "text": "I live in Porto.", "at": "2026-03-12T09:00:00Z"},
        ],
        "probe": {"kind": "turn", "scope": "org/travelco/user/alice", "session": "alice-s2", "role": "user", "text": "My home is in Porto, by the way.", "at": "2026-03-19T09:30:00Z"},
        "expect": "corroborate",
        "note": "same user restates her city in other words",
    },
    {
        "id": "h7-agree-12",
        "category": "agreement",
        "setup": [
            {"kind": "document", "scope": "org/skyward-air", "name": "baggage.md", "text": "# Checked baggage\n\nEach checked bag may weigh at most 23 kg."},
        ],
        "probe": {"kind": "turn", "scope": "org/skyward-air/user/rosa", "session": "rosa-s1", "role": "user", "text": "Checked bags can weigh up to twenty-three kilograms with your airline.", "at": "2026-03-13T05:50:00Z"},
        "expect": "corroborate",
        "note": "23 kg vs 'twenty-three kilograms'",
    },
    {
        "id": "h7-agree-13",
        "category": "agreement",
        "setup": [
            {"kind": "document", "scope": "org/city-museum", "name": "tickets.md", "text": "# Tickets\n\nA day pass to the City Museum costs €12."},
        ],
        "probe": {"kind": "turn", "scope": "org/city-museum/user/luca", "session": "luca-s1", "role": "user", "text": "A City Museum day pass is twelve euros.", "at": "2026-03-14T10:40:00Z"},
        "expect": "corroborate",
        "note": "€12 vs 'twelve euros'",
    },
    {
        "id": "h7-agree-14",
        "category": "agreement",
        "setup": [
            {"kind": "document", "scope": "org/parkside-dental", "name": "hours.md", "text": "# Hours\n\nThe clinic is open from 8 am to 5 pm on weekdays."},
        ],
        "probe": {"kind": "turn", "scope": "org/parkside-dental/user/nadia", "session": "nadia-s1", "role": "user", "text": "Your clinic is open 08:00 to 17:00 on weekdays.", "at": "2026-03-15T07:30:00Z"},
        "expect": "corroborate",
        "note": "same weekday hours, 24-hour clock vs am/pm",
    },
    # ------------------------------------------------------------------ unrelated
    {
        "id": "h7-unrel-01",
        "category": "unrelated",
        "setup": [
            {"kind": "document", "scope": "org/brightmart", "name": "returns.md", "text": "# Returns\n\nReturns are accepted within 30 days of delivery."},
        ],
        "probe": {"kind": "turn", "scope": "org/brightmart/user/alice", "session": "alice-s1", "role": "user", "text": "Is your return window sixty days?", "at": "2026-03-02T10:00:00Z"},
        "expect": "none",
        "note": "a question, not an assertion",
    },
    {
        "id": "h7-unrel-02",
        "category": "unrelated",
        "setup": [
            {"kind": "upsert", "scope": "org/lumenhome", "triples": [{"subject": "Aurora Desk Lamp", "type": "product", "key": "price", "value": "$49"}]},
        ],
        "probe": {"kind": "turn", "scope": "org/lumenhome/user/raj", "session": "raj-s1", "role": "user", "text": "The Aurora Floor Lamp costs $89 in your shop.", "at": "2026-03-03T09:15:00Z"},
        "expect": "none",
        "note": "different product (floor lamp vs desk lamp)",
    },
    {
        "id": "h7-unrel-03",
        "category": "unrelated",
        "setup": [
            {"kind": "document", "scope": "org/riverside-library", "name": "hours.md", "text": "# Opening hours\n\nOn Saturdays the Riverside Library opens at 9:00 am."},
        ],
        "probe": {"kind": "turn", "scope": "org/riverside-library/user/mei", "session": "mei-s1", "role": "user", "text": "I wish your library opened at 7 on Saturdays.", "at": "2026-03-04T16:40:00Z"},
        "expect": "none",
        "note": "a wish, not a claim",
    },
    {
        "id": "h7-unrel-04",
        "category": "unrelated",
        "setup": [
            {"kind": "document", "scope": "org/kestrel", "name": "handbook.md", "text": "# Leaving the company\n\nEmployees must give four weeks of notice before resigning."},
        ],
        "probe": {"kind": "turn", "scope": "org/kestrel/user/bob", "session": "bob-s1", "role": "user", "text": "If the notice period were only one week, I would resign tomorrow.", "at": "2026-03-05T11:00:00Z"},
        "expect": "none",
        "note": "hypothetical",
    },
    {
        "id": "h7-unrel-05",
        "category": "unrelated",
        "setup": [
            {"kind": "document", "scope": "org/ironclad-gym", "name": "pricing.md", "text": "# Membership\n\nA monthly membership at Ironclad Gym costs €35."},
        ],
        "probe": {"kind": "turn", "scope": "org/ironclad-gym/user/lena", "session": "lena-s1", "role": "user", "text": "My personal trainer charges €60 per session.", "at": "2026-03-07T18:05:00Z"},
        "expect": "none",
        "note": "different entity and attribute (trainer's session fee)",
    },
    {
        "id": "h7-unrel-06",
        "category": "unrelated",
        "setup": [
            {"kind": "document", "scope": "org/riverside-library", "name": "weekday-hours.md", "text": "# Weekday hours\n\nThe Riverside Library opens at 9:00 am on weekdays."},
        ],
        "probe": {"kind": "turn", "scope": "org/riverside-library/user/sol", "session": "sol-s1", "role": "user", "text": "The Riverside Library closes at 6 pm on weekdays.", "at": "2026-03-08T15:45:00Z"},
        "expect": "none",
        "note": "closing time vs opening time: different attribute",
    },
    {
        "id": "h7-unrel-07",
        "category": "unrelated",
        "setup": [
            {"kind": "upsert", "scope": "org/quillcloud", "triples": [{"subject": "Starter plan", "type": "plan", "key": "maximum users", "value": "5"}]},
        ],
        "probe": {"kind": "turn", "scope": "org/quillcloud/user/noah", "session": "noah-s1", "role": "user", "text": "The Starter plan includes 20 GB of storage.", "at": "2026-03-06T08:30:00Z"},
        "expect": "none",
        "note": "storage vs seat limit: different attribute of the same plan",
    },
    {
        "id": "h7-unrel-08",
        "category": "unrelated",
        "setup": [
            {"kind": "turn", "scope": "org/travelco/user/chloe", "session": "chloe-s1", "role": "user", "text": "I live in Lyon.", "at": "2026-03-09T08:00:00Z"},
        ],
        "probe": {"kind": "turn", "scope": "org/travelco/user/chloe", "session": "chloe-s1", "role": "user", "text": "I work in Geneva, it's a short train ride.", "at": "2026-03-09T08:02:00Z"},
        "expect": "none",
        "note": "work location vs home location",
    },
    {
        "id": "h7-unrel-09",
        "category": "unrelated",
        "setup": [
            {"kind": "turn", "scope": "org/petpal/user/sam", "session": "sam-s1", "role": "user", "text": "I have a cat named Miso.", "at": "2026-03-10T19:00:00Z"},
        ],
        "probe": {"kind": "turn", "scope": "org/petpal/user/sam", "session": "sam-s1", "role": "user", "text": "My sister has a dog called Biscuit.", "at": "2026-03-10T19:03:00Z"},
        "expect": "none",
        "note": "sister's pet is a different entity",
    },
    {
        "id": "h7-unrel-10",
        "category": "unrelated",
        "setup": [
            {"kind": "document", "scope": "org/state-university", "name": "parking.md", "text": "# Parking\n\nParking at the Eastgate campus costs $5 per day."},
        ],
        "probe": {"kind": "turn", "scope": "org/state-university/user/amir", "session": "amir-s1", "role": "user", "text": "Parking at the Westgate campus costs $8 per day.", "at": "2026-03-11T07:45:00Z"},
        "expect": "none",
        "note": "different campus",
    },
    {
        "id": "h7-unrel-11",
        "category": "unrelated",
        "setup": [
            {"kind": "document", "scope": "org/tablebook", "name": "fees.md", "text": "# Fees\n\nA booking fee of $5 applies to every reservation."},
        ],
        "probe": {"kind": "turn", "scope": "org/tablebook/user/zoe", "session": "zoe-s1", "role": "user", "text": "Do you charge a $10 booking fee on every reservation?", "at": "2026-03-12T20:15:00Z"},
        "expect": "none",
        "note": "question with a different value",
    },
    {
        "id": "h7-unrel-12",
        "category": "unrelated",
        "setup": [
            {"kind": "document", "scope": "org/maple-clinic", "name": "contact.md", "text": "# Contact\n\nThe Maple Clinic's phone number is 555-0142."},
        ],
        "probe": {"kind": "turn", "scope": "org/maple-clinic/user/ivy", "session": "ivy-s1", "role": "user", "text": "My dentist's phone number is 555-0199.", "at": "2026-03-13T10:05:00Z"},
        "expect": "none",
        "note": "the user's dentist is a different entity from the clinic",
    },
    {
        "id": "h7-unrel-13",
        "category": "unrelated",
        "setup": [
            {"kind": "document", "scope": "org/brightmart", "name": "shipping.md", "text": "# Shipping\n\nStandard shipping is free on orders over $50."},
        ],
        "probe": {"kind": "turn", "scope": "org/brightmart/user/jon", "session": "jon-s1", "role": "user", "text": "I'd love it if shipping were free on every order, even small ones.", "at": "2026-03-14T13:00:00Z"},
        "expect": "none",
        "note": "a wish about shipping, not a claim",
    },
    {
        "id": "h7-unrel-14",
        "category": "unrelated",
        "setup": [
            {"kind": "upsert", "scope": "org/quillcloud", "triples": [{"subject": "Business plan", "type": "plan", "key": "seats", "value": "50"}]},
        ],
        "probe": {"kind": "turn", "scope": "org/quillcloud/user/noah", "session": "noah-s2", "role": "user", "text": "Would the Business plan give us 80 seats if we upgraded?", "at": "2026-03-15T09:00:00Z"},
        "expect": "none",
        "note": "hypothetical question",
    },
    # ------------------------------------------------------------------ supersession
    {
        "id": "h7-super-01",
        "category": "supersession",
        "setup": [
            {"kind": "turn", "scope": "org/travelco/user/alice", "session": "alice-s1", "role": "user", "text": "I live in Leeds.", "at": "2026-03-01T09:00:00Z"},
        ],
        "probe": {"kind": "turn", "scope": "org/travelco/user/alice", "session": "alice-s2", "role": "user", "text": "I've moved house, I live in Manchester now.", "at": "2026-04-10T09:00:00Z"},
        "expect": "supersede",
        "note": "same user, new home city",
    },
    {
        "id": "h7-super-02",
        "category": "supersession",
        "setup": [
            {"kind": "turn", "scope": "org/careerhub/user/marco", "session": "marco-s1", "role": "user", "text": "I work at Deloitte.", "at": "2026-01-15T12:00:00Z"},
        ],
        "probe": {"kind": "turn", "scope": "org/careerhub/user/marco", "session": "marco-s2", "role": "user", "text": "These days I work at KPMG.", "at": "2026-03-20T12:00:00Z"},
        "expect": "supersede",
        "note": "new employer",
    },
    {
        "id": "h7-super-03",
        "category": "supersession",
        "setup": [
            {"kind": "turn", "scope": "org/kestrel/user/priya", "session": "priya-s1", "role": "user", "text": "I'm a junior developer on the payments team.", "at": "2026-01-05T10:00:00Z"},
        ],
        "probe": {"kind": "turn", "scope": "org/kestrel/user/priya", "session": "priya-s2", "role": "user", "text": "I got promoted, I'm a senior developer on the payments team now.", "at": "2026-03-05T10:00:00Z"},
        "expect": "supersede",
        "note": "role updated",
    },
    {
        "id": "h7-super-04",
        "category": "supersession",
        "setup": [
            {"kind": "turn", "scope": "org/autocare/user/dan", "session": "dan-s1", "role": "user", "text": "I drive a 2015 Honda Civic.", "at": "2026-02-01T08:00:00Z"},
        ],
        "probe": {"kind": "turn", "scope": "org/autocare/user/dan", "session": "dan-s2", "role": "user", "text": "My car is a Tesla Model 3 now.", "at": "2026-03-22T08:00:00Z"},
        "expect": "supersede",
        "note": "new vehicle",
    },
    {
        "id": "h7-super-05",
        "category": "supersession",
        "setup": [
            {"kind": "turn", "scope": "org/kestrel/user/bob", "session": "bob-s1", "role": "user", "text": "My weekly one-on-one with my manager is on Tuesdays at 10 am.", "at": "2026-02-03T09:00:00Z"},
        ],
        "probe": {"kind": "turn", "scope": "org/kestrel/user/bob", "session": "bob-s2", "role": "user", "text": "My weekly one-on-one with my manager moved to Thursdays at 2 pm.", "at": "2026-03-03T09:00:00Z"},
        "expect": "supersede",
        "note": "schedule change",
    },
    {
        "id": "h7-super-06",
        "category": "supersession",
        "setup": [
            {"kind": "turn", "scope": "org/petpal/user/sam", "session": "sam-s1", "role": "user", "text": "I have two cats.", "at": "2026-01-20T18:00:00Z"},
        ],
        "probe": {"kind": "turn", "scope": "org/petpal/user/sam", "session": "sam-s2", "role": "user", "text": "I have three cats now, we adopted a kitten last weekend.", "at": "2026-03-16T18:00:00Z"},
        "expect": "supersede",
        "note": "pet count updated",
    },
    {
        "id": "h7-super-07",
        "category": "supersession",
        "setup": [
            {"kind": "turn", "scope": "org/lumen/user/grace", "session": "grace-s1", "role": "user", "text": "My preferred contact method is email.", "at": "2026-02-10T14:00:00Z"},
        ],
        "probe": {"kind": "turn", "scope": "org/lumen/user/grace", "session": "grace-s2", "role": "user", "text": "My preferred contact method is a phone call these days.", "at": "2026-03-11T14:00:00Z"},
        "expect": "supersede",
        "note": "preference updated",
    },
    {
        "id": "h7-super-08",
        "category": "supersession",
        "setup": [
            {"kind": "turn", "scope": "org/brightmart/user/jon", "session": "jon-s1", "role": "user", "text": "My phone number is 07700 900123.", "at": "2026-01-08T11:00:00Z"},
        ],
        "probe": {"kind": "turn", "scope": "org/brightmart/user/jon", "session": "jon-s2", "role": "user", "text": "My new phone number is 07700 900456.", "at": "2026-03-08T11:00:00Z"},
        "expect": "supersede",
        "note": "contact detail updated",
    },
    {
        "id": "h7-super-09",
        "category": "supersession",
        "setup": [
            {"kind": "turn", "scope": "org/northfield-school/user/parent-okafor", "session": "okafor-s1", "role": "user", "text": "My daughter is 6 years old.", "at": "2025-11-01T17:00:00Z"},
        ],
        "probe": {"kind": "turn", "scope": "org/northfield-school/user/parent-okafor", "session": "okafor-s2", "role": "user", "text": "My daughter is seven now, she had her birthday last week.", "at": "2026-03-09T17:00:00Z"},
        "expect": "supersede",
        "note": "child's age updated, number in words",
    },
    {
        "id": "h7-super-10",
        "category": "supersession",
        "setup": [
            {"kind": "turn", "scope": "org/hive-cowork/user/omar", "session": "omar-s1", "role": "user", "text": "My main hobby is rock climbing.", "at": "2026-01-12T20:00:00Z"},
        ],
        "probe": {"kind": "turn", "scope": "org/hive-cowork/user/omar", "session": "omar-s2", "role": "user", "text": "My main hobby is woodworking these days.", "at": "2026-03-14T20:00:00Z"},
        "expect": "supersede",
        "note": "hobby updated",
    },
    {
        "id": "h7-super-11",
        "category": "supersession",
        "setup": [
            {"kind": "turn", "scope": "org/freshbasket/user/ruth", "session": "ruth-s1", "role": "user", "text": "My grocery budget is £300 a month.", "at": "2026-02-02T09:00:00Z"},
        ],
        "probe": {"kind": "turn", "scope": "org/freshbasket/user/ruth", "session": "ruth-s2", "role": "user", "text": "My monthly grocery budget is £400 now.", "at": "2026-03-02T09:00:00Z"},
        "expect": "supersede",
        "note": "budget raised",
    },
    {
        "id": "h7-super-12",
        "category": "supersession",
        "setup": [
            {"kind": "turn", "scope": "org/citytransit/user/kai", "session": "kai-s1", "role": "user", "text": "I commute to work by bus.", "at": "2026-01-25T07:30:00Z"},
        ],
        "probe": {"kind": "turn", "scope": "org/citytransit/user/kai", "session": "kai-s2", "role": "user", "text": "I commute to work by bike now that the weather's better.", "at": "2026-03-25T07:30:00Z"},
        "expect": "supersede",
        "note": "commute mode updated",
    },
    {
        "id": "h7-super-13",
        "category": "supersession",
        "setup": [
            {"kind": "document", "scope": "org/freshbasket", "name": "delivery.md", "text": "# Delivery\n\nGrocery deliveries are made between 8 am and 8 pm."},
            {"kind": "turn", "scope": "org/freshbasket/user/ruth", "session": "ruth-s1", "role": "user", "text": "I follow a vegetarian diet.", "at": "2026-02-02T09:05:00Z"},
        ],
        "probe": {"kind": "turn", "scope": "org/freshbasket/user/ruth", "session": "ruth-s3", "role": "user", "text": "I follow a pescatarian diet these days.", "at": "2026-03-28T09:05:00Z"},
        "expect": "supersede",
        "note": "diet updated; unrelated org document present",
    },
    {
        "id": "h7-super-14",
        "category": "supersession",
        "setup": [
            {"kind": "turn", "scope": "org/ironclad-gym/user/lena", "session": "lena-s1", "role": "user", "text": "I go to the gym on Mondays and Wednesdays.", "at": "2026-02-14T18:00:00Z"},
        ],
        "probe": {"kind": "turn", "scope": "org/ironclad-gym/user/lena", "session": "lena-s2", "role": "user", "text": "I go to the gym on Tuesdays and Fridays now.", "at": "2026-03-14T18:00:00Z"},
        "expect": "supersede",
        "note": "workout days updated",
    },
    # ------------------------------------------------------------------ negation
    {
        "id": "h7-neg-01",
        "category": "negation",
        "setup": [
            {"kind": "turn", "scope": "org/maple-clinic/user/ivy", "session": "ivy-s1", "role": "user", "text": "I'm a smoker.", "at": "2025-12-01T10:00:00Z"},
        ],
        "probe": {"kind": "turn", "scope": "org/maple-clinic/user/ivy", "session": "ivy-s2", "role": "user", "text": "I quit smoking in January.", "at": "2026-03-13T10:00:00Z"},
        "expect": "close",
        "note": "'quit' closes smoker status",
    },
    {
        "id": "h7-neg-02",
        "category": "negation",
        "setup": [
            {"kind": "turn", "scope": "org/petpal/user/theo", "session": "theo-s1", "role": "user", "text": "I have a dog named Rex.", "at": "2026-01-10T16:00:00Z"},
        ],
        "probe": {"kind": "turn", "scope": "org/petpal/user/theo", "session": "theo-s2", "role": "user", "text": "I don't have a dog anymore.", "at": "2026-03-10T16:00:00Z"},
        "expect": "close",
        "note": "'not anymore' closes dog ownership",
    },
    {
        "id": "h7-neg-03",
        "category": "negation",
        "setup": [
            {"kind": "turn", "scope": "org/harbor-sailing/user/ben", "session": "ben-s1", "role": "user", "text": "I play tennis every Saturday.", "at": "2026-01-17T12:00:00Z"},
        ],
        "probe": {"kind": "turn", "scope": "org/harbor-sailing/user/ben", "session": "ben-s2", "role": "user", "text": "I stopped playing tennis after my knee injury.", "at": "2026-03-17T12:00:00Z"},
        "expect": "close",
        "note": "'stopped' closes the hobby",
    },
    {
        "id": "h7-neg-04",
        "category": "negation",
        "setup": [
            {"kind": "turn", "scope": "org/travelco/user/jonas", "session": "jonas-s1", "role": "user", "text": "I live in Berlin.", "at": "2026-01-03T09:00:00Z"},
        ],
        "probe": {"kind": "turn", "scope": "org/travelco/user/jonas", "session": "jonas-s2", "role": "user", "text": "I no longer live in Berlin.", "at": "2026-03-03T09:00:00Z"},
        "expect": "close",
        "note": "'no longer' closes home city",
    },
    {
        "id": "h7-neg-05",
        "category": "negation",
        "setup": [
            {"kind": "turn", "scope": "org/careerhub/user/wei", "session": "wei-s1", "role": "user", "text": "I work at Globex.", "at": "2026-01-21T15:00:00Z"},
        ],
        "probe": {"kind": "turn", "scope": "org/careerhub/user/wei", "session": "wei-s2", "role": "user", "text": "I used to work at Globex.", "at": "2026-03-21T15:00:00Z"},
        "expect": "close",
        "note": "'used to' closes employer",
    },
    {
        "id": "h7-neg-06",
        "category": "negation",
        "setup": [
            {"kind": "turn", "scope": "org/autocare/user/maria", "session": "maria-s1", "role": "user", "text": "I drive a Ford Focus.", "at": "2026-02-05T08:00:00Z"},
        ],
        "probe": {"kind": "turn", "scope": "org/autocare/user/maria", "session": "maria-s2", "role": "user", "text": "I gave up my Ford Focus last month.", "at": "2026-03-29T08:00:00Z"},
        "expect": "close",
        "note": "'gave up' closes vehicle",
    },
    {
        "id": "h7-neg-07",
        "category": "negation",
        "setup": [
            {"kind": "turn", "scope": "org/freshbasket/user/leo", "session": "leo-s1", "role": "user", "text": "I'm vegetarian.", "at": "2026-01-30T19:00:00Z"},
        ],
        "probe": {"kind": "turn", "scope": "org/freshbasket/user/leo", "session": "leo-s2", "role": "user", "text": "I'm not vegetarian anymore.", "at": "2026-03-30T19:00:00Z"},
        "expect": "close",
        "note": "'not anymore' closes diet",
    },
    {
        "id": "h7-neg-08",
        "category": "negation",
        "setup": [
            {"kind": "turn", "scope": "org/chess-club/user/edith", "session": "edith-s1", "role": "user", "text": "I'm the treasurer of the chess club.", "at": "2025-10-01T19:00:00Z"},
        ],
        "probe": {"kind": "turn", "scope": "org/chess-club/user/edith", "session": "edith-s2", "role": "user", "text": "I'm no longer the chess club's treasurer.", "at": "2026-03-01T19:00:00Z"},
        "expect": "close",
        "note": "'no longer' closes role",
    },
    {
        "id": "h7-neg-09",
        "category": "negation",
        "setup": [
            {"kind": "turn", "scope": "org/citytransit/user/kai", "session": "kai-s1", "role": "user", "text": "I take the 7:40 train to work.", "at": "2026-01-25T07:30:00Z"},
        ],
        "probe": {"kind": "turn", "scope": "org/citytransit/user/kai", "session": "kai-s3", "role": "user", "text": "I stopped taking the 7:40 train to work.", "at": "2026-03-26T07:30:00Z"},
        "expect": "close",
        "note": "'stopped' closes routine",
    },
    {
        "id": "h7-neg-10",
        "category": "negation",
        "setup": [
            {"kind": "turn", "scope": "org/freshbasket/user/ruth", "session": "ruth-s1", "role": "user", "text": "I follow a gluten-free diet.", "at": "2026-02-02T09:10:00Z"},
        ],
        "probe": {"kind": "turn", "scope": "org/freshbasket/user/ruth", "session": "ruth-s2", "role": "user", "text": "I gave up the gluten-free diet, it wasn't helping.", "at": "2026-03-02T09:10:00Z"},
        "expect": "close",
        "note": "'gave up' closes diet",
    },
    {
        "id": "h7-neg-11",
        "category": "negation",
        "setup": [
            {"kind": "turn", "scope": "org/hive-cowork/user/omar", "session": "omar-s1", "role": "user", "text": "I drink two cups of coffee every morning.", "at": "2026-01-12T08:00:00Z"},
        ],
        "probe": {"kind": "turn", "scope": "org/hive-cowork/user/omar", "session": "omar-s3", "role": "user", "text": "I quit coffee three weeks ago.", "at": "2026-03-12T08:00:00Z"},
        "expect": "close",
        "note": "'quit' closes habit",
    },
    {
        "id": "h7-neg-12",
        "category": "negation",
        "setup": [
            {"kind": "turn", "scope": "org/ironclad-gym/user/felipe", "session": "felipe-s1", "role": "user", "text": "I'm a member of the Saturday running group.", "at": "2026-01-18T09:00:00Z"},
        ],
        "probe": {"kind": "turn", "scope": "org/ironclad-gym/user/felipe", "session": "felipe-s2", "role": "user", "text": "I'm not a member of the Saturday running group anymore.", "at": "2026-03-18T09:00:00Z"},
        "expect": "close",
        "note": "'not anymore' closes membership",
    },
    {
        "id": "h7-neg-13",
        "category": "negation",
        "setup": [
            {"kind": "turn", "scope": "org/communityhub/user/abby", "session": "abby-s1", "role": "user", "text": "I volunteer at the food bank on Thursdays.", "at": "2025-12-04T17:00:00Z"},
        ],
        "probe": {"kind": "turn", "scope": "org/communityhub/user/abby", "session": "abby-s2", "role": "user", "text": "I used to volunteer at the food bank on Thursdays.", "at": "2026-03-05T17:00:00Z"},
        "expect": "close",
        "note": "'used to' closes volunteering",
    },
    {
        "id": "h7-neg-14",
        "category": "negation",
        "setup": [
            {"kind": "turn", "scope": "org/northfield-school/user/parent-okafor", "session": "okafor-s1", "role": "user", "text": "My son plays in the under-10 football team.", "at": "2025-11-01T17:05:00Z"},
        ],
        "probe": {"kind": "turn", "scope": "org/northfield-school/user/parent-okafor", "session": "okafor-s3", "role": "user", "text": "My son doesn't play in the under-10 football team anymore.", "at": "2026-03-09T17:05:00Z"},
        "expect": "close",
        "note": "family member's activity closed with 'not anymore'",
    },
    # ------------------------------------------------------------------ other_scope
    {
        "id": "h7-scope-01",
        "category": "other_scope",
        "setup": [
            {"kind": "document", "scope": "org/brightmart", "name": "returns.md", "text": "# Returns\n\nReturns are accepted within 30 days of delivery."},
        ],
        "probe": {"kind": "turn", "scope": "org/globex-store/user/alice", "session": "alice-s1", "role": "user", "text": "Your return window is sixty days from delivery.", "at": "2026-03-02T10:00:00Z"},
        "expect": "none",
        "note": "'your' is Globex Store, not Brightmart",
    },
    {
        "id": "h7-scope-02",
        "category": "other_scope",
        "setup": [
            {"kind": "upsert", "scope": "org/lumenhome", "triples": [{"subject": "Aurora Desk Lamp", "type": "product", "key": "price", "value": "$49"}]},
        ],
        "probe": {"kind": "turn", "scope": "org/brightlite/user/raj", "session": "raj-s1", "role": "user", "text": "The Aurora Desk Lamp costs $65 at your shop.", "at": "2026-03-03T09:15:00Z"},
        "expect": "none",
        "note": "a different retailer's price; orgs do not overlap",
    },
    {
        "id": "h7-scope-03",
        "category": "other_scope",
        "setup": [
            {"kind": "document", "scope": "org/acme", "name": "returns.md", "text": "# Returns\n\nReturns are accepted within 30 days of purchase."},
        ],
        "probe": {"kind": "document", "scope": "org/initech", "name": "returns.md", "text": "# Returns\n\nReturns are accepted within 14 days of purchase."},
        "expect": "none",
        "note": "two orgs' own policies coexist",
    },
    {
        "id": "h7-scope-04",
        "category": "other_scope",
        "setup": [
            {"kind": "document", "scope": "org/kestrel/team/eng", "name": "rituals.md", "text": "# Team rituals\n\nThe daily standup starts at 9:30 am."},
        ],
        "probe": {"kind": "turn", "scope": "org/kestrel/team/sales", "session": "sales-s1", "role": "user", "text": "The daily standup starts at 10 am.", "at": "2026-03-05T08:00:00Z"},
        "expect": "none",
        "note": "sibling teams have their own standups",
    },
    {
        "id": "h7-scope-05",
        "category": "other_scope",
        "setup": [
            {"kind": "turn", "scope": "org/acme/user/alice", "session": "alice-s1", "role": "user", "text": "The team offsite is in Lisbon.", "at": "2026-03-06T09:00:00Z"},
        ],
        "probe": {"kind": "turn", "scope": "org/acme/user/bob", "session": "bob-s1", "role": "user", "text": "The team offsite is in Madrid.", "at": "2026-03-06T09:30:00Z"},
        "expect": "none",
        "note": "two users' beliefs in separate user scopes",
    },
    {
        "id": "h7-scope-06",
        "category": "other_scope",
        "setup": [
            {"kind": "upsert", "scope": "org/zipline", "triples": [{"subject": "Pro plan", "type": "plan", "key": "monthly price", "value": "$20"}]},
        ],
        "probe": {"kind": "upsert", "scope": "org/cloudvault", "triples": [{"subject": "Pro plan", "type": "plan", "key": "monthly price", "value": "$25"}]},
        "expect": "none",
        "note": "same plan name in two unrelated companies",
    },
    {
        "id": "h7-scope-07",
        "category": "other_scope",
        "setup": [
            {"kind": "document", "scope": "org/acme", "name": "support.md", "text": "# Support\n\nCustomer support is available from 8 am to 6 pm."},
        ],
        "probe": {"kind": "turn", "scope": "org/acme-uk/user/sam", "session": "sam-s1", "role": "user", "text": "Your support line is open 9 am to 5 pm.", "at": "2026-03-07T12:00:00Z"},
        "expect": "none",
        "note": "org/acme-uk is not under org/acme (prefix trap)",
    },
    {
        "id": "h7-scope-08",
        "category": "other_scope",
        "setup": [
            {"kind": "document", "scope": "org/globex/team/design", "name": "reviews.md", "text": "# Reviews\n\nDesign reviews are held on Wednesdays."},
        ],
        "probe": {"kind": "turn", "scope": "org/globex/team/marketing", "session": "marketing-s1", "role": "user", "text": "Design reviews are held on Fridays.", "at": "2026-03-08T10:00:00Z"},
        "expect": "none",
        "note": "sibling team",
    },
    {
        "id": "h7-scope-09",
        "category": "other_scope",
        "setup": [
            {"kind": "document", "scope": "org/initech/team/ops", "name": "oncall.md", "text": "# On-call\n\nOn-call shifts last 12 hours."},
        ],
        "probe": {"kind": "turn", "scope": "org/initech/user/dana", "session": "dana-s1", "role": "user", "text": "On-call shifts last 24 hours.", "at": "2026-03-09T22:00:00Z"},
        "expect": "none",
        "note": "a team policy does not cover a user scope outside that team",
    },
    {
        "id": "h7-scope-10",
        "category": "other_scope",
        "setup": [
            {"kind": "turn", "scope": "org/hive-cowork/user/alice", "session": "alice-s1", "role": "user", "text": "My desk is on the third floor.", "at": "2026-03-10T09:00:00Z"},
        ],
        "probe": {"kind": "turn", "scope": "org/hive-cowork/user/bob", "session": "bob-s1", "role": "user", "text": "My desk is on the fifth floor.", "at": "2026-03-10T09:05:00Z"},
        "expect": "none",
        "note": "'my' refers to two different users",
    },
    {
        "id": "h7-scope-11",
        "category": "other_scope",
        "setup": [
            {"kind": "document", "scope": "org/riverside-library", "name": "hours.md", "text": "# Opening hours\n\nOn Saturdays the library opens at 9:00 am."},
        ],
        "probe": {"kind": "turn", "scope": "org/hillcrest-library/user/mei", "session": "mei-s1", "role": "user", "text": "Your library opens at 10 on Saturdays.", "at": "2026-03-11T16:00:00Z"},
        "expect": "none",
        "note": "a different library's hours",
    },
    {
        "id": "h7-scope-12",
        "category": "other_scope",
        "setup": [
            {"kind": "document", "scope": "org/maple-clinic/team/pediatrics", "name": "appointments.md", "text": "# Appointments\n\nStandard appointments last 20 minutes."},
        ],
        "probe": {"kind": "turn", "scope": "org/maple-clinic/team/cardiology", "session": "cardio-s1", "role": "user", "text": "Standard appointments last 45 minutes.", "at": "2026-03-12T08:15:00Z"},
        "expect": "none",
        "note": "sibling departments set their own appointment lengths",
    },
    {
        "id": "h7-scope-13",
        "category": "other_scope",
        "setup": [
            {"kind": "upsert", "scope": "org/skyward-air", "triples": [{"subject": "Checked bag", "type": "policy", "key": "maximum weight", "value": "23 kg"}]},
        ],
        "probe": {"kind": "turn", "scope": "org/blueline-air/user/li", "session": "li-s1", "role": "user", "text": "Your airline lets a checked bag weigh up to 32 kg.", "at": "2026-03-13T06:00:00Z"},
        "expect": "none",
        "note": "'your airline' is Blueline, not Skyward",
    },
    {
        "id": "h7-scope-14",
        "category": "other_scope",
        "setup": [
            {"kind": "turn", "scope": "org/travelco/user/tom", "session": "travelco-tom-s1", "role": "user", "text": "I live in Dublin.", "at": "2026-03-14T09:00:00Z"},
        ],
        "probe": {"kind": "turn", "scope": "org/careerhub/user/tom", "session": "careerhub-tom-s1", "role": "user", "text": "I live in Cork.", "at": "2026-03-14T09:10:00Z"},
        "expect": "none",
        "note": "same user name in two different orgs is two different people",
    },
]
