"""Held-out conflict-detector cases, set 8.

Written without sight of the implementation. Each case writes its ``setup``
records in order, then the ``probe`` record, and states what the reconciler
must report for the probe:

- ``conflict``    a user turn contradicts an authoritative fact (document or
                  upsert) of its own org.
- ``supersede``   the same user updates their own earlier chat fact.
- ``close``       the same user explicitly negates their own earlier fact.
- ``corroborate`` the same value is restated, possibly in other words/units.
- ``none``        different entity/attribute, a question, wish or
                  hypothetical, or a contradiction across scopes that do not
                  overlap (other org, sibling user, sibling team).

Domains: veterinary clinics, car dealers and garages, universities, airlines
and airports, banks and credit cards, insurance, restaurants and delivery
apps, utilities, theatres and museums, software licences, apartment rentals,
hospitals and pharmacies, government permits.
"""

CASES: list[dict] = [
    # ------------------------------------------------------------------
    # paraphrase_conflict (24): user turn contradicts its own org's fact
    # ------------------------------------------------------------------
    {
        "id": "h8-para-01",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/pawsridge-vets",
                "name": "opening-hours.md",
                "text": "# Opening Hours\n\nPawsridge Veterinary Clinic is open Monday to Saturday. On weekdays the clinic opens at 8:00 am and closes at 7:00 pm. Saturday hours are 9:00 am to 1:00 pm. We are closed on Sundays and bank holidays.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/pawsridge-vets/user/jen",
            "session": "jen-s1",
            "role": "user",
            "text": "Just a heads up I'm bringing Mochi in for her jabs tomorrow, you open at half nine on weekdays so I'll be there right at opening.",
            "at": "2026-01-14T18:20:00Z",
        },
        "expect": "conflict",
        "note": "Weekday opening time is 8:00 am in the document; the user says 9:30.",
    },
    {
        "id": "h8-para-02",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/ironbridge-garage",
                "triples": [
                    {"subject": "MOT test", "type": "service", "key": "price", "value": "£54.85"},
                    {"subject": "Full service", "type": "service", "key": "price", "value": "£189"},
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/ironbridge-garage/user/dev",
            "session": "dev-s1",
            "role": "user",
            "text": "you guys charge forty quid for an MOT, cheapest in town by miles",
            "at": "2026-02-03T09:12:00Z",
        },
        "expect": "conflict",
        "note": "MOT price is £54.85; the user says £40.",
    },
    {
        "id": "h8-para-03",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/kestrelbrook-university",
                "name": "library.md",
                "text": "# Library Services\n\nThe Harcourt Library is open 24 hours a day during term time. Students may borrow up to 12 books at a time. The standard loan period is three weeks, and loans can be renewed twice online.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/kestrelbrook-university/user/s2291",
            "session": "s2291-s1",
            "role": "user",
            "text": "ugh the loan period at the Harcourt Library is only 7 days so I'm constantly renewing stuff",
            "at": "2026-02-11T22:41:00Z",
        },
        "expect": "conflict",
        "note": "Standard loan period is three weeks; the user says 7 days.",
    },
    {
        "id": "h8-para-04",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/skyvane-air",
                "triples": [
                    {
                        "subject": "Skyvane Air",
                        "type": "organization",
                        "key": "economy checked baggage allowance",
                        "value": "23 kg",
                    },
                    {
                        "subject": "Skyvane Air",
                        "type": "organization",
                        "key": "cabin bag allowance",
                        "value": "7 kg",
                    },
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/skyvane-air/user/marco",
            "session": "marco-s2",
            "role": "user",
            "text": "You let economy passengers check a bag of up to 30 kilos, so I'm packing the ski boots in the big suitcase.",
            "at": "2026-01-27T07:05:00Z",
        },
        "expect": "conflict",
        "note": "Economy checked allowance is 23 kg; the user says 30 kg.",
    },
    {
        "id": "h8-para-05",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/harbourline-bank",
                "name": "platinum-card.md",
                "text": "# Harbourline Platinum Card\n\nThe Harbourline Platinum Card has an annual fee of $95. Purchases earn 2 points per dollar spent. There is no foreign transaction fee.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/harbourline-bank/user/keisha",
            "session": "keisha-s1",
            "role": "user",
            "text": "the yearly charge on your Platinum card is 150 bucks which is exactly why I never applied for it",
            "at": "2026-03-05T13:30:00Z",
        },
        "expect": "conflict",
        "note": "Platinum annual fee is $95; the user says $150.",
    },
    {
        "id": "h8-para-06",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/tallowmere-insurance",
                "name": "making-a-claim.md",
                "text": "# Making a Claim\n\nHome insurance claims must be reported within 30 days of the incident. Our claims line is open 24 hours a day. Most claims are settled within 10 working days of receiving all documents.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/tallowmere-insurance/user/gareth",
            "session": "gareth-s1",
            "role": "user",
            "text": "btw home insurance claims can be reported up to 90 days after the incident with you lot, so I've got plenty of time to sort the paperwork for the leak.",
            "at": "2026-02-19T16:48:00Z",
        },
        "expect": "conflict",
        "note": "Reporting window is 30 days; the user says 90 days.",
    },
    {
        "id": "h8-para-07",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/forkfleet",
                "triples": [
                    {
                        "subject": "ForkFleet Plus",
                        "type": "plan",
                        "key": "monthly price",
                        "value": "$9.99",
                    },
                    {
                        "subject": "ForkFleet Plus",
                        "type": "plan",
                        "key": "free delivery minimum order",
                        "value": "$15",
                    },
                ],
            },
            {
                "kind": "turn",
                "scope": "org/forkfleet/user/noor",
                "session": "noor-s1",
                "role": "user",
                "text": "My order from the Thai place was missing the spring rolls.",
                "at": "2026-01-09T20:02:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/forkfleet/user/noor",
            "session": "noor-s2",
            "role": "user",
            "text": "ForkFleet Plus costs $12.99 a month, I'm thinking of cancelling it honestly.",
            "at": "2026-01-21T19:15:00Z",
        },
        "expect": "conflict",
        "note": "Plus monthly price is $9.99; the user says $12.99.",
    },
    {
        "id": "h8-para-08",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/brightwater-utilities",
                "name": "billing.md",
                "text": "# Billing and Payments\n\nBills are issued monthly. Payment is due 21 days after the bill date. A late payment fee of £12 is added to overdue accounts. You can pay by direct debit, card or bank transfer.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/brightwater-utilities/user/sian",
            "session": "sian-s1",
            "role": "user",
            "text": "I always pay straight away because you slap a £25 late fee on the bill if it isn't paid on time.",
            "at": "2026-03-01T08:55:00Z",
        },
        "expect": "conflict",
        "note": "Late payment fee is £12; the user says £25.",
    },
    {
        "id": "h8-para-09",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/lanternhall-theatre",
                "name": "visiting.md",
                "text": "# Visiting Lantern Hall\n\nDoors open 45 minutes before each performance. Latecomers will be admitted at a suitable break in the performance. The box office and cloakroom are on the ground floor.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/lanternhall-theatre/user/bea",
            "session": "bea-s1",
            "role": "user",
            "text": "Doors at Lantern Hall open an hour and a half before the show, so we'll get there early and grab a drink first.",
            "at": "2026-04-02T17:10:00Z",
        },
        "expect": "conflict",
        "note": "Doors open 45 minutes before; the user says 90 minutes.",
    },
    {
        "id": "h8-para-10",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/corvid-museum",
                "triples": [
                    {
                        "subject": "Corvid Museum of Natural History",
                        "type": "organization",
                        "key": "adult admission",
                        "value": "£18",
                    },
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/corvid-museum/user/hamish",
            "session": "hamish-s1",
            "role": "user",
            "text": "Adult entry to your museum is completely free, which is why we come every single weekend.",
            "at": "2026-02-22T11:00:00Z",
        },
        "expect": "conflict",
        "note": "Adult admission is £18; the user says it is free.",
    },
    {
        "id": "h8-para-11",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/quillstack",
                "name": "licensing.md",
                "text": "# Licensing\n\nA QuillStack Team licence covers up to 10 seats. Licences are billed annually. Each additional seat costs $8 per month.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/quillstack/team/procurement",
            "session": "proc-s1",
            "role": "user",
            "text": "A QuillStack Team licence covers 25 seats, so one licence is enough for the whole department.",
            "at": "2026-03-10T10:20:00Z",
        },
        "expect": "conflict",
        "note": "Team licence covers 10 seats; a team of the same org says 25.",
    },
    {
        "id": "h8-para-12",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/maplecourt-residences",
                "name": "lease-terms.md",
                "text": "# Lease Terms\n\nThe security deposit is equal to one month's rent. Rent is due on the 1st of each month. Tenants must give 60 days' notice before moving out.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/maplecourt-residences/user/luis",
            "session": "luis-s1",
            "role": "user",
            "text": "Rent at Maplecourt is due on the 15th of each month so I just pay it right after payday.",
            "at": "2026-01-30T21:05:00Z",
        },
        "expect": "conflict",
        "note": "Rent is due on the 1st; the user says the 15th.",
    },
    {
        "id": "h8-para-13",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/stmarrow-hospital",
                "name": "visiting-hours.md",
                "text": "# Visiting Hours\n\nGeneral ward visiting hours are 2 pm to 8 pm daily. Each patient may have two visitors at a time. Children under 12 must be accompanied by an adult.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/stmarrow-hospital/user/olu",
            "session": "olu-s1",
            "role": "user",
            "text": "Your general wards allow four visitors per patient at a time, so the whole family can come in together on Sunday.",
            "at": "2026-02-14T12:40:00Z",
        },
        "expect": "conflict",
        "note": "Two visitors at a time on general wards; the user says four.",
    },
    {
        "id": "h8-para-14",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/greenleaf-pharmacy",
                "triples": [
                    {
                        "subject": "Greenleaf Pharmacy Old Town",
                        "type": "location",
                        "key": "closing time",
                        "value": "9:00 pm",
                    },
                    {
                        "subject": "Greenleaf Pharmacy Old Town",
                        "type": "location",
                        "key": "opening time",
                        "value": "8:00 am",
                    },
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/greenleaf-pharmacy/user/abi",
            "session": "abi-s1",
            "role": "user",
            "text": "The Old Town Greenleaf closes at 6 in the evening, so I always have to rush there straight from work to get my prescription.",
            "at": "2026-03-18T15:25:00Z",
        },
        "expect": "conflict",
        "note": "Old Town closes at 9 pm; the user says 6 pm.",
    },
    {
        "id": "h8-para-15",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/cresthaven-council",
                "name": "parking-permits.md",
                "text": "# Residential Parking Permits\n\nA residential parking permit costs £60 per year. Applications are processed within 10 working days. Each household can hold a maximum of two permits.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/cresthaven-council/user/dilys",
            "session": "dilys-s1",
            "role": "user",
            "text": "each household can hold up to three residents' parking permits so we're getting one for the van as well",
            "at": "2026-01-12T10:10:00Z",
        },
        "expect": "conflict",
        "note": "Maximum is two permits per household; the user says three.",
    },
    {
        "id": "h8-para-16",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/northmere-airport",
                "name": "parking.md",
                "text": "# Airport Parking\n\nShort-stay parking costs £5 for the first 30 minutes. The long-stay car park is connected to the terminal by a free shuttle bus that runs every 15 minutes, 24 hours a day.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/northmere-airport/user/frankie",
            "session": "frankie-s1",
            "role": "user",
            "text": "heads up for anyone flying out, the long-stay shuttle only comes once an hour so leave loads of time",
            "at": "2026-04-08T05:30:00Z",
        },
        "expect": "conflict",
        "note": "Shuttle runs every 15 minutes; the user says once an hour.",
    },
    {
        "id": "h8-para-17",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/ashgrove-college",
                "triples": [
                    {
                        "subject": "Counselling Service",
                        "type": "service",
                        "key": "location",
                        "value": "Student Union building, room 204",
                    },
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/ashgrove-college/user/s1187",
            "session": "s1187-s1",
            "role": "user",
            "text": "Your counselling service is in the library basement, I walked past the door yesterday.",
            "at": "2026-02-05T14:00:00Z",
        },
        "expect": "conflict",
        "note": "Counselling is in Student Union room 204; the user says the library basement.",
    },
    {
        "id": "h8-para-18",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/fenwick-savings",
                "triples": [
                    {
                        "subject": "Fenwick Easy Saver",
                        "type": "product",
                        "key": "interest rate",
                        "value": "3.1% AER",
                    },
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/fenwick-savings/user/priti",
            "session": "priti-s1",
            "role": "user",
            "text": "Just opened an Easy Saver with you, it pays 4.5% AER which beats my old bank easily.",
            "at": "2026-03-22T19:45:00Z",
        },
        "expect": "conflict",
        "note": "Easy Saver rate is 3.1% AER; the user says 4.5%.",
    },
    {
        "id": "h8-para-19",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/hollybrook-vets",
                "triples": [
                    {
                        "subject": "Dr Priya Nair",
                        "type": "person",
                        "key": "role",
                        "value": "head surgeon",
                    },
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/hollybrook-vets/user/carl",
            "session": "carl-s1",
            "role": "user",
            "text": "Dr Priya Nair is the receptionist at your practice, she's not one of the vets.",
            "at": "2026-01-19T09:35:00Z",
        },
        "expect": "conflict",
        "note": "Dr Nair is head surgeon; the user says she is the receptionist.",
    },
    {
        "id": "h8-para-20",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/saffron-lane",
                "name": "reservations.md",
                "text": "# Reservations\n\nSaffron Lane takes reservations for groups of up to 8 people. Tables are held for 15 minutes after the booking time. A discretionary 12.5% service charge is added to all bills.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/saffron-lane/user/vik",
            "session": "vik-s1",
            "role": "user",
            "text": "Lovely food last night but your service charge is 20% on every bill, which is a lot for a curry house.",
            "at": "2026-02-28T10:15:00Z",
        },
        "expect": "conflict",
        "note": "Service charge is 12.5%; the user says 20%.",
    },
    {
        "id": "h8-para-21",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/orbitshield-insurance",
                "triples": [
                    {
                        "subject": "OrbitShield Comprehensive Car Policy",
                        "type": "policy",
                        "key": "excess",
                        "value": "£250",
                    },
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/orbitshield-insurance/user/nell",
            "session": "nell-s1",
            "role": "user",
            "text": "The excess on your comprehensive car policy is £500 so I didn't bother claiming for the scratch on the door.",
            "at": "2026-03-03T18:00:00Z",
        },
        "expect": "conflict",
        "note": "Comprehensive policy excess is £250; the user says £500.",
    },
    {
        "id": "h8-para-22",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/voltara-energy",
                "triples": [
                    {
                        "subject": "Voltara Green Fix 24",
                        "type": "plan",
                        "key": "contract length",
                        "value": "24 months",
                    },
                    {
                        "subject": "Voltara Green Fix 24",
                        "type": "plan",
                        "key": "exit fee",
                        "value": "£75 per fuel",
                    },
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/voltara-energy/user/rhys",
            "session": "rhys-s1",
            "role": "user",
            "text": "Green Fix 24 is a one-year contract with you, so I'll be free to switch next spring.",
            "at": "2026-04-14T20:30:00Z",
        },
        "expect": "conflict",
        "note": "Contract length is 24 months; the user says one year.",
    },
    {
        "id": "h8-para-23",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/meridian-gallery",
                "name": "membership.md",
                "text": "# Membership\n\nMeridian Gallery membership costs €75 per year and includes unlimited free entry to all exhibitions. Members can bring one guest free of charge on each visit.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/meridian-gallery/user/aoife",
            "session": "aoife-s1",
            "role": "user",
            "text": "Members can bring two guests in for free on every visit, so I'm taking both my sisters this weekend.",
            "at": "2026-05-07T12:00:00Z",
        },
        "expect": "conflict",
        "note": "Members may bring one free guest; the user says two.",
    },
    {
        "id": "h8-para-24",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/velmont-motors",
                "name": "test-drives.md",
                "text": "# Test Drives\n\nTest drives at Velmont Motors last 30 minutes. Please bring a valid driving licence. Test drives can be booked online or by phone.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/velmont-motors/user/jonah",
            "session": "jonah-s1",
            "role": "user",
            "text": "test drives at Velmont are two hours long so I'm planning a proper motorway run in the estate",
            "at": "2026-03-27T16:50:00Z",
        },
        "expect": "conflict",
        "note": "Test drives last 30 minutes; the user says two hours.",
    },
    # ------------------------------------------------------------------
    # agreement (14): same value restated
    # ------------------------------------------------------------------
    {
        "id": "h8-agree-01",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/fernhill-animal-hospital",
                "name": "vaccinations.md",
                "text": "# Vaccinations\n\nPuppy vaccination courses consist of two injections given two weeks apart. Annual boosters are recommended for all dogs.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/fernhill-animal-hospital/user/tess",
            "session": "tess-s1",
            "role": "user",
            "text": "The second puppy jab is given 14 days after the first one, I've put it in my calendar.",
            "at": "2026-01-08T10:00:00Z",
        },
        "expect": "corroborate",
        "note": "Two weeks equals 14 days.",
    },
    {
        "id": "h8-agree-02",
        "category": "agreement",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/aerolin",
                "triples": [
                    {
                        "subject": "Aerolin",
                        "type": "organization",
                        "key": "check-in closes",
                        "value": "60 minutes before departure",
                    },
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/aerolin/user/paolo",
            "session": "paolo-s1",
            "role": "user",
            "text": "Your check-in desks shut an hour before the flight leaves.",
            "at": "2026-02-02T06:15:00Z",
        },
        "expect": "corroborate",
        "note": "An hour equals 60 minutes.",
    },
    {
        "id": "h8-agree-03",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/cobalt-credit-union",
                "name": "overdraft.md",
                "text": "# Overdrafts\n\nThe arranged overdraft fee is $5 per month. The overdraft limit for new members is $500. Limits are reviewed after six months.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/cobalt-credit-union/user/wren",
            "session": "wren-s1",
            "role": "user",
            "text": "new members get an overdraft limit of five hundred dollars with you, which is all I need for now",
            "at": "2026-02-16T14:20:00Z",
        },
        "expect": "corroborate",
        "note": "Five hundred dollars equals $500.",
    },
    {
        "id": "h8-agree-04",
        "category": "agreement",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/dashbasket",
                "triples": [
                    {
                        "subject": "DashBasket",
                        "type": "organization",
                        "key": "delivery fee",
                        "value": "$2.99",
                    },
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/dashbasket/user/kai",
            "session": "kai-s1",
            "role": "user",
            "text": "you guys charge 2.99 for delivery which is fair tbh",
            "at": "2026-03-09T19:40:00Z",
        },
        "expect": "corroborate",
        "note": "Same delivery fee, $2.99.",
    },
    {
        "id": "h8-agree-05",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/whitlow-university",
                "name": "tuition.md",
                "text": "# Tuition Fees\n\nUndergraduate tuition for home students is £9,250 per year. Fees can be paid in three instalments across the academic year.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/whitlow-university/user/u3310",
            "session": "u3310-s1",
            "role": "user",
            "text": "Home undergrads pay nine thousand two hundred and fifty pounds a year in tuition here.",
            "at": "2026-01-25T11:30:00Z",
        },
        "expect": "corroborate",
        "note": "Same tuition amount written in words.",
    },
    {
        "id": "h8-agree-06",
        "category": "agreement",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/sterling-auto",
                "triples": [
                    {
                        "subject": "Sterling Auto",
                        "type": "organization",
                        "key": "new car warranty",
                        "value": "3 years or 60,000 miles",
                    },
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/sterling-auto/user/imogen",
            "session": "imogen-s1",
            "role": "user",
            "text": "Your warranty on new cars runs for thirty-six months or 60k miles, whichever comes first.",
            "at": "2026-02-09T15:05:00Z",
        },
        "expect": "corroborate",
        "note": "Thirty-six months equals 3 years; 60k equals 60,000 miles.",
    },
    {
        "id": "h8-agree-07",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/ravensworth-museum",
                "name": "opening-times.md",
                "text": "# Opening Times\n\nThe museum is open Tuesday to Sunday from 10:00 to 17:00. Last entry is at 16:30. The cafe closes at 16:00.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/ravensworth-museum/user/gwen",
            "session": "gwen-s1",
            "role": "user",
            "text": "Last entry at the museum is half four in the afternoon, so we'll aim to arrive by three.",
            "at": "2026-03-14T09:00:00Z",
        },
        "expect": "corroborate",
        "note": "Half four in the afternoon equals 16:30.",
    },
    {
        "id": "h8-agree-08",
        "category": "agreement",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/clearbrook-water",
                "triples": [
                    {
                        "subject": "Clearbrook Water emergency line",
                        "type": "service",
                        "key": "hours",
                        "value": "24 hours a day, 7 days a week",
                    },
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/clearbrook-water/user/moira",
            "session": "moira-s1",
            "role": "user",
            "text": "your emergency line is staffed round the clock every day of the week, good to know for burst pipes",
            "at": "2026-01-03T23:10:00Z",
        },
        "expect": "corroborate",
        "note": "Round the clock every day equals 24/7.",
    },
    {
        "id": "h8-agree-09",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/linden-yards-apartments",
                "name": "amenities.md",
                "text": "# Amenities\n\nThe rooftop gym is open from 6 am to 10 pm. Residents get one free parking space per unit. Laundry rooms are on every floor.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/linden-yards-apartments/user/tariq",
            "session": "tariq-s1",
            "role": "user",
            "text": "Every unit here comes with a single parking space at no extra cost, which is honestly why I picked this building.",
            "at": "2026-04-01T18:25:00Z",
        },
        "expect": "corroborate",
        "note": "One free parking space per unit, restated.",
    },
    {
        "id": "h8-agree-10",
        "category": "agreement",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/northgate-pharmacy",
                "triples": [
                    {
                        "subject": "Prescription delivery",
                        "type": "service",
                        "key": "cost",
                        "value": "free",
                    },
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/northgate-pharmacy/user/elsie",
            "session": "elsie-s1",
            "role": "user",
            "text": "You deliver prescriptions at no charge, which is a lifesaver for my mum.",
            "at": "2026-02-20T10:45:00Z",
        },
        "expect": "corroborate",
        "note": "At no charge equals free.",
    },
    {
        "id": "h8-agree-11",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/elmford-city-council",
                "name": "building-permits.md",
                "text": "# Building Permits\n\nA decision on a standard building permit application is made within 8 weeks. The application fee is $180. Applications can be submitted online.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/elmford-city-council/user/hector",
            "session": "hector-s1",
            "role": "user",
            "text": "The council decides on a standard building permit within 56 days, so we should hear back before the summer.",
            "at": "2026-04-20T08:30:00Z",
        },
        "expect": "corroborate",
        "note": "56 days equals 8 weeks.",
    },
    {
        "id": "h8-agree-12",
        "category": "agreement",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/tessellate-software",
                "triples": [
                    {
                        "subject": "Tessellate Pro",
                        "type": "product",
                        "key": "free trial length",
                        "value": "14 days",
                    },
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/tessellate-software/user/ursula",
            "session": "ursula-s1",
            "role": "user",
            "text": "Tessellate Pro comes with a two-week free trial, I'm on day three and loving it.",
            "at": "2026-03-12T13:13:00Z",
        },
        "expect": "corroborate",
        "note": "A two-week trial equals 14 days.",
    },
    {
        "id": "h8-agree-13",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/halcyon-art-museum",
                "name": "membership.md",
                "text": "# Become a Member\n\nAnnual membership of the Halcyon Art Museum costs €75. Members get free entry to every exhibition and 10% off in the shop.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/halcyon-art-museum/user/lotte",
            "session": "lotte-s1",
            "role": "user",
            "text": "Membership is seventy-five euros a year, I'm renewing mine next week.",
            "at": "2026-05-02T15:00:00Z",
        },
        "expect": "corroborate",
        "note": "Seventy-five euros a year equals €75 annual membership.",
    },
    {
        "id": "h8-agree-14",
        "category": "agreement",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/tidewater-kitchen/user/sunil",
                "session": "sunil-s1",
                "role": "user",
                "text": "I'm allergic to shellfish.",
                "at": "2026-01-17T19:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/tidewater-kitchen/user/sunil",
            "session": "sunil-s2",
            "role": "user",
            "text": "Reminder that I have a shellfish allergy, so no prawns in my order please.",
            "at": "2026-02-07T19:30:00Z",
        },
        "expect": "corroborate",
        "note": "The same user restates the same shellfish allergy.",
    },
    # ------------------------------------------------------------------
    # supersession (12): the same user updates their own earlier fact
    # ------------------------------------------------------------------
    {
        "id": "h8-super-01",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/brindle-bank/user/owen",
                "session": "owen-s1",
                "role": "user",
                "text": "I'm based in Bristol, mostly working from home.",
                "at": "2026-01-05T09:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/brindle-bank/user/owen",
            "session": "owen-s2",
            "role": "user",
            "text": "We finally did the move, I live in Cardiff now so please update my address.",
            "at": "2026-03-15T10:30:00Z",
        },
        "expect": "supersede",
        "note": "The user's city changes from Bristol to Cardiff.",
    },
    {
        "id": "h8-super-02",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/stmarrow-hospital/user/ria",
                "session": "ria-s1",
                "role": "user",
                "text": "I work as a paramedic with the county ambulance service.",
                "at": "2026-01-11T08:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/stmarrow-hospital/user/ria",
            "session": "ria-s2",
            "role": "user",
            "text": "Started a new job last month, I'm a theatre nurse now.",
            "at": "2026-04-03T21:15:00Z",
        },
        "expect": "supersede",
        "note": "The user's job changes from paramedic to theatre nurse.",
    },
    {
        "id": "h8-super-03",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/pawsridge-vets/user/fern",
                "session": "fern-s1",
                "role": "user",
                "text": "I have one cat, Tilly.",
                "at": "2026-01-20T17:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/pawsridge-vets/user/fern",
            "session": "fern-s2",
            "role": "user",
            "text": "We adopted a second cat from the shelter, so I've got two cats now.",
            "at": "2026-03-02T12:20:00Z",
        },
        "expect": "supersede",
        "note": "The user's number of cats changes from one to two.",
    },
    {
        "id": "h8-super-04",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/sterling-auto/user/kwame",
                "session": "kwame-s1",
                "role": "user",
                "text": "I drive a 2015 Ford Focus.",
                "at": "2026-01-06T11:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/sterling-auto/user/kwame",
            "session": "kwame-s2",
            "role": "user",
            "text": "My car's a Kia Niro now, picked it up in February.",
            "at": "2026-02-25T16:40:00Z",
        },
        "expect": "supersede",
        "note": "The user's car changes from a Ford Focus to a Kia Niro.",
    },
    {
        "id": "h8-super-05",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/orbitshield-insurance/user/yara",
                "session": "yara-s1",
                "role": "user",
                "text": "My phone is an iPhone 12.",
                "at": "2026-01-13T14:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/orbitshield-insurance/user/yara",
            "session": "yara-s2",
            "role": "user",
            "text": "Upgraded my phone over the weekend, it's a Pixel 9 now.",
            "at": "2026-03-30T09:50:00Z",
        },
        "expect": "supersede",
        "note": "The user's phone changes from an iPhone 12 to a Pixel 9.",
    },
    {
        "id": "h8-super-06",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/dashbasket/user/lena",
                "session": "lena-s1",
                "role": "user",
                "text": "I'm vegetarian.",
                "at": "2026-01-02T18:30:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/dashbasket/user/lena",
            "session": "lena-s2",
            "role": "user",
            "text": "I've gone fully vegan since January, so no cheese or eggs in anything please.",
            "at": "2026-02-12T19:05:00Z",
        },
        "expect": "supersede",
        "note": "The user's diet changes from vegetarian to vegan.",
    },
    {
        "id": "h8-super-07",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/havenrock-insurance/user/tom",
                "session": "tom-s1",
                "role": "user",
                "text": "I'm single at the moment.",
                "at": "2026-01-22T20:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/havenrock-insurance/user/tom",
            "session": "tom-s2",
            "role": "user",
            "text": "Big news, I'm engaged now, Jordan proposed last weekend!",
            "at": "2026-04-11T10:10:00Z",
        },
        "expect": "supersede",
        "note": "The user's relationship status changes from single to engaged.",
    },
    {
        "id": "h8-super-08",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/whitlow-university/user/u7781",
                "session": "u7781-s1",
                "role": "user",
                "text": "I play the violin in the university orchestra.",
                "at": "2026-01-15T16:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/whitlow-university/user/u7781",
            "session": "u7781-s2",
            "role": "user",
            "text": "I switched to viola this term, that's what I play in the orchestra now.",
            "at": "2026-04-22T17:30:00Z",
        },
        "expect": "supersede",
        "note": "The user's orchestra instrument changes from violin to viola.",
    },
    {
        "id": "h8-super-09",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/cobalt-credit-union/user/della",
                "session": "della-s1",
                "role": "user",
                "text": "My main sport is squash.",
                "at": "2026-01-28T12:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/cobalt-credit-union/user/della",
            "session": "della-s2",
            "role": "user",
            "text": "These days padel is my main sport, I play three times a week.",
            "at": "2026-05-05T18:45:00Z",
        },
        "expect": "supersede",
        "note": "The user's main sport changes from squash to padel.",
    },
    {
        "id": "h8-super-10",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/elmford-city-council/user/grace",
                "session": "grace-s1",
                "role": "user",
                "text": "My son goes to Hillcrest Primary.",
                "at": "2026-01-07T08:20:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/elmford-city-council/user/grace",
            "session": "grace-s2",
            "role": "user",
            "text": "My son changed schools after half term, he's at Oakfield Academy now.",
            "at": "2026-03-04T08:15:00Z",
        },
        "expect": "supersede",
        "note": "The son's school changes from Hillcrest Primary to Oakfield Academy.",
    },
    {
        "id": "h8-super-11",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/northmere-airport/user/ade",
                "session": "ade-s1",
                "role": "user",
                "text": "I work at Halden Logistics as a dispatcher.",
                "at": "2026-01-09T07:30:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/northmere-airport/user/ade",
            "session": "ade-s2",
            "role": "user",
            "text": "I'm at Pinecrest Freight now, switched jobs in March.",
            "at": "2026-04-16T07:45:00Z",
        },
        "expect": "supersede",
        "note": "The user's employer changes from Halden Logistics to Pinecrest Freight.",
    },
    {
        "id": "h8-super-12",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/linden-yards-apartments/user/mo",
                "session": "mo-s1",
                "role": "user",
                "text": "My commute is about 40 minutes each way.",
                "at": "2026-01-18T19:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/linden-yards-apartments/user/mo",
            "session": "mo-s2",
            "role": "user",
            "text": "Since moving into Linden Yards my commute is only 15 minutes.",
            "at": "2026-03-21T19:20:00Z",
        },
        "expect": "supersede",
        "note": "The user's commute changes from 40 to 15 minutes.",
    },
    # ------------------------------------------------------------------
    # negation (12): the same user explicitly negates their own fact
    # ------------------------------------------------------------------
    {
        "id": "h8-neg-01",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/hollybrook-vets/user/ines",
                "session": "ines-s1",
                "role": "user",
                "text": "I have a dog called Pepper.",
                "at": "2026-01-04T10:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/hollybrook-vets/user/ines",
            "session": "ines-s2",
            "role": "user",
            "text": "Pepper passed away in the spring, so I don't have a dog anymore.",
            "at": "2026-05-10T11:00:00Z",
        },
        "expect": "close",
        "note": "The user no longer has the dog.",
    },
    {
        "id": "h8-neg-02",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/havenrock-insurance/user/craig",
                "session": "craig-s1",
                "role": "user",
                "text": "I smoke about ten a day.",
                "at": "2026-01-03T15:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/havenrock-insurance/user/craig",
            "session": "craig-s2",
            "role": "user",
            "text": "I quit smoking in January and haven't had one since.",
            "at": "2026-04-06T15:30:00Z",
        },
        "expect": "close",
        "note": "The user quit smoking.",
    },
    {
        "id": "h8-neg-03",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/orbitshield-insurance/user/petra",
                "session": "petra-s1",
                "role": "user",
                "text": "I own a 2018 Mazda 3.",
                "at": "2026-01-10T13:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/orbitshield-insurance/user/petra",
            "session": "petra-s2",
            "role": "user",
            "text": "I sold my car last month, so I won't be needing the car cover.",
            "at": "2026-03-08T13:20:00Z",
        },
        "expect": "close",
        "note": "The user sold the car.",
    },
    {
        "id": "h8-neg-04",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/ashgrove-college/user/s1044",
                "session": "s1044-s1",
                "role": "user",
                "text": "I play five-a-side football every Thursday.",
                "at": "2026-01-16T21:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/ashgrove-college/user/s1044",
            "session": "s1044-s2",
            "role": "user",
            "text": "I stopped playing five-a-side after I hurt my knee.",
            "at": "2026-03-19T21:10:00Z",
        },
        "expect": "close",
        "note": "The user stopped playing five-a-side.",
    },
    {
        "id": "h8-neg-05",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/cobalt-credit-union/user/ben",
                "session": "ben-s1",
                "role": "user",
                "text": "I work night shifts at the bakery.",
                "at": "2026-01-12T04:30:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/cobalt-credit-union/user/ben",
            "session": "ben-s2",
            "role": "user",
            "text": "I don't work night shifts at the bakery anymore.",
            "at": "2026-02-27T12:00:00Z",
        },
        "expect": "close",
        "note": "The user no longer works night shifts.",
    },
    {
        "id": "h8-neg-06",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/kettle-and-crumb/user/ana",
                "session": "ana-s1",
                "role": "user",
                "text": "I drink two flat whites every morning.",
                "at": "2026-01-05T07:45:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/kettle-and-crumb/user/ana",
            "session": "ana-s2",
            "role": "user",
            "text": "I gave up coffee completely in February, so just a peppermint tea for me.",
            "at": "2026-03-11T08:00:00Z",
        },
        "expect": "close",
        "note": "The user gave up coffee.",
    },
    {
        "id": "h8-neg-07",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/northgate-pharmacy/user/wes",
                "session": "wes-s1",
                "role": "user",
                "text": "I'm allergic to penicillin.",
                "at": "2026-01-14T11:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/northgate-pharmacy/user/wes",
            "session": "wes-s2",
            "role": "user",
            "text": "I used to be allergic to penicillin, but the allergy clinic retested me and I'm not anymore.",
            "at": "2026-04-09T10:30:00Z",
        },
        "expect": "close",
        "note": "The user's penicillin allergy no longer holds.",
    },
    {
        "id": "h8-neg-08",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/whitlow-university/user/u5520",
                "session": "u5520-s1",
                "role": "user",
                "text": "I take the 42 bus to campus every day.",
                "at": "2026-01-19T08:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/whitlow-university/user/u5520",
            "session": "u5520-s2",
            "role": "user",
            "text": "I no longer take the bus to campus.",
            "at": "2026-03-23T08:10:00Z",
        },
        "expect": "close",
        "note": "The user no longer takes the bus to campus.",
    },
    {
        "id": "h8-neg-09",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/maplecourt-residences/user/ivy",
                "session": "ivy-s1",
                "role": "user",
                "text": "I'm renting a flat on Dock Street.",
                "at": "2026-01-08T18:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/maplecourt-residences/user/ivy",
            "session": "ivy-s2",
            "role": "user",
            "text": "I'm not renting the Dock Street flat anymore, the lease ended in March.",
            "at": "2026-04-04T18:30:00Z",
        },
        "expect": "close",
        "note": "The user no longer rents the Dock Street flat.",
    },
    {
        "id": "h8-neg-10",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/saffron-lane/user/raj",
                "session": "raj-s1",
                "role": "user",
                "text": "I'm vegetarian.",
                "at": "2026-01-24T19:30:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/saffron-lane/user/raj",
            "session": "raj-s2",
            "role": "user",
            "text": "I'm not vegetarian anymore.",
            "at": "2026-04-18T19:45:00Z",
        },
        "expect": "close",
        "note": "The user is no longer vegetarian.",
    },
    {
        "id": "h8-neg-11",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/lanternhall-theatre/user/ed",
                "session": "ed-s1",
                "role": "user",
                "text": "I play drums in a covers band.",
                "at": "2026-01-31T22:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/lanternhall-theatre/user/ed",
            "session": "ed-s2",
            "role": "user",
            "text": "I quit the band, so no more drumming for me.",
            "at": "2026-05-01T20:00:00Z",
        },
        "expect": "close",
        "note": "The user quit drumming in the band.",
    },
    {
        "id": "h8-neg-12",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/skyvane-air/user/lou",
                "session": "lou-s1",
                "role": "user",
                "text": "I fly to Madrid every month for work.",
                "at": "2026-01-06T06:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/skyvane-air/user/lou",
            "session": "lou-s2",
            "role": "user",
            "text": "I don't travel to Madrid for work anymore, the project wrapped up.",
            "at": "2026-04-27T09:00:00Z",
        },
        "expect": "close",
        "note": "The user no longer flies to Madrid for work.",
    },
    # ------------------------------------------------------------------
    # unrelated (20): same org, other entity/attribute, or question/wish
    # ------------------------------------------------------------------
    {
        "id": "h8-unrel-01",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/oakvale-vets",
                "name": "fees.md",
                "text": "# Fees\n\nA standard consultation costs £45. Out-of-hours consultations cost £120. Payment is due at the time of treatment.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/oakvale-vets/user/milly",
            "session": "milly-s1",
            "role": "user",
            "text": "What's your consultation fee for a rabbit? Is it more than £45?",
            "at": "2026-02-10T09:00:00Z",
        },
        "expect": "none",
        "note": "A question, not an assertion.",
    },
    {
        "id": "h8-unrel-02",
        "category": "unrelated",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/skyvane-air",
                "triples": [
                    {
                        "subject": "Skyvane Air",
                        "type": "organization",
                        "key": "cabin bag allowance",
                        "value": "7 kg",
                    },
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/skyvane-air/user/juno",
            "session": "juno-s1",
            "role": "user",
            "text": "I wish you allowed 10 kg in the cabin, 7 is nothing for a week away.",
            "at": "2026-03-06T06:30:00Z",
        },
        "expect": "none",
        "note": "A wish, not a claim about the allowance.",
    },
    {
        "id": "h8-unrel-03",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/harbourline-bank",
                "name": "platinum-card.md",
                "text": "# Harbourline Platinum Card\n\nThe Harbourline Platinum Card has an annual fee of $95. Purchases earn 2 points per dollar spent.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/harbourline-bank/user/reggie",
            "session": "reggie-s1",
            "role": "user",
            "text": "Your Gold card has an annual fee of $150.",
            "at": "2026-02-18T12:00:00Z",
        },
        "expect": "none",
        "note": "Gold card is a different entity from the Platinum card.",
    },
    {
        "id": "h8-unrel-04",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/tallowmere-insurance",
                "name": "making-a-claim.md",
                "text": "# Making a Claim\n\nHome insurance claims must be reported within 30 days of the incident. Our claims line is open 24 hours a day.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/tallowmere-insurance/user/poppy",
            "session": "poppy-s1",
            "role": "user",
            "text": "Pet insurance claims need to be sent in within 90 days of the vet visit with you.",
            "at": "2026-03-25T14:10:00Z",
        },
        "expect": "none",
        "note": "Pet insurance claims are a different entity from home insurance claims.",
    },
    {
        "id": "h8-unrel-05",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/copper-pot-bistro",
                "name": "hours.md",
                "text": "# Opening Hours\n\nThe Copper Pot Bistro opens at 12 noon every day and the kitchen closes at 10 pm.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/copper-pot-bistro/user/felix",
            "session": "felix-s1",
            "role": "user",
            "text": "If you opened at 11 I'd come for brunch every Sunday.",
            "at": "2026-04-12T10:00:00Z",
        },
        "expect": "none",
        "note": "A hypothetical, not a claim about the opening time.",
    },
    {
        "id": "h8-unrel-06",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/kestrelbrook-university",
                "name": "library.md",
                "text": "# Library Services\n\nThe Harcourt Library is open 24 hours a day during term time. The standard loan period is three weeks.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/kestrelbrook-university/user/s3056",
            "session": "s3056-s1",
            "role": "user",
            "text": "Printing in the Harcourt Library costs 5p per page for black and white.",
            "at": "2026-02-24T15:00:00Z",
        },
        "expect": "none",
        "note": "Printing cost is a different attribute from loan period and hours.",
    },
    {
        "id": "h8-unrel-07",
        "category": "unrelated",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/ironbridge-garage",
                "triples": [
                    {"subject": "MOT test", "type": "service", "key": "price", "value": "£54.85"},
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/ironbridge-garage/user/stan",
            "session": "stan-s1",
            "role": "user",
            "text": "Your full service costs £189, booked mine for Friday.",
            "at": "2026-03-17T08:40:00Z",
        },
        "expect": "none",
        "note": "Full service is a different entity from the MOT test.",
    },
    {
        "id": "h8-unrel-08",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/brightwater-utilities",
                "name": "billing.md",
                "text": "# Billing and Payments\n\nBills are issued monthly. A late payment fee of £12 is added to overdue accounts.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/brightwater-utilities/user/ken",
            "session": "ken-s1",
            "role": "user",
            "text": "Is the late fee still £12, or did it go up to £20 this year?",
            "at": "2026-01-29T17:00:00Z",
        },
        "expect": "none",
        "note": "A question, not an assertion.",
    },
    {
        "id": "h8-unrel-09",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/lanternhall-theatre",
                "name": "visiting.md",
                "text": "# Visiting Lantern Hall\n\nDoors open 45 minutes before each performance. The box office is on the ground floor.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/lanternhall-theatre/user/cora",
            "session": "cora-s1",
            "role": "user",
            "text": "The interval at Lantern Hall is 20 minutes, just long enough for an ice cream.",
            "at": "2026-03-28T21:30:00Z",
        },
        "expect": "none",
        "note": "Interval length is a different attribute from door opening time.",
    },
    {
        "id": "h8-unrel-10",
        "category": "unrelated",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/corvid-museum",
                "triples": [
                    {
                        "subject": "Corvid Museum of Natural History",
                        "type": "organization",
                        "key": "adult admission",
                        "value": "£18",
                    },
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/corvid-museum/user/lin",
            "session": "lin-s1",
            "role": "user",
            "text": "Children under five get into the museum for free.",
            "at": "2026-02-15T10:30:00Z",
        },
        "expect": "none",
        "note": "Child admission is a different attribute from adult admission.",
    },
    {
        "id": "h8-unrel-11",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/quillstack",
                "name": "licensing.md",
                "text": "# Licensing\n\nA QuillStack Team licence covers up to 10 seats. Licences are billed annually.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/quillstack/user/hollis",
            "session": "hollis-s1",
            "role": "user",
            "text": "Would a Team licence stretch to 25 seats if we paid a bit extra?",
            "at": "2026-03-13T11:45:00Z",
        },
        "expect": "none",
        "note": "A question, not an assertion.",
    },
    {
        "id": "h8-unrel-12",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/maplecourt-residences",
                "name": "lease-terms.md",
                "text": "# Lease Terms\n\nThe security deposit is equal to one month's rent. Rent is due on the 1st of each month.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/maplecourt-residences/user/zoe",
            "session": "zoe-s1",
            "role": "user",
            "text": "Guest parking at Maplecourt is limited to 48 hours per visit.",
            "at": "2026-02-06T20:00:00Z",
        },
        "expect": "none",
        "note": "Guest parking is unrelated to deposit and rent due date.",
    },
    {
        "id": "h8-unrel-13",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/stmarrow-hospital",
                "name": "visiting-hours.md",
                "text": "# Visiting Hours\n\nGeneral ward visiting hours are 2 pm to 8 pm daily. Each patient may have two visitors at a time.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/stmarrow-hospital/user/dara",
            "session": "dara-s1",
            "role": "user",
            "text": "On your maternity ward partners can visit from 10 am to 9 pm.",
            "at": "2026-04-07T13:00:00Z",
        },
        "expect": "none",
        "note": "The maternity ward is a different entity from general wards.",
    },
    {
        "id": "h8-unrel-14",
        "category": "unrelated",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/greenleaf-pharmacy",
                "triples": [
                    {
                        "subject": "Greenleaf Pharmacy Old Town",
                        "type": "location",
                        "key": "closing time",
                        "value": "9:00 pm",
                    },
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/greenleaf-pharmacy/user/otto",
            "session": "otto-s1",
            "role": "user",
            "text": "Your Riverside branch closes at 6 pm on weekdays.",
            "at": "2026-03-31T16:00:00Z",
        },
        "expect": "none",
        "note": "Riverside branch is a different entity from the Old Town branch.",
    },
    {
        "id": "h8-unrel-15",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/cresthaven-council",
                "name": "parking-permits.md",
                "text": "# Residential Parking Permits\n\nA residential parking permit costs £60 per year. Each household can hold a maximum of two permits.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/cresthaven-council/user/bryn",
            "session": "bryn-s1",
            "role": "user",
            "text": "A visitor parking permit from the council costs £3 a day.",
            "at": "2026-01-23T09:20:00Z",
        },
        "expect": "none",
        "note": "Visitor permits are a different entity from residential permits.",
    },
    {
        "id": "h8-unrel-16",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/northmere-airport",
                "name": "parking.md",
                "text": "# Airport Parking\n\nThe long-stay car park is connected to the terminal by a free shuttle bus that runs every 15 minutes.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/northmere-airport/user/gus",
            "session": "gus-s1",
            "role": "user",
            "text": "If the shuttle ran every 5 minutes I'd never bother getting a taxi to the terminal.",
            "at": "2026-04-19T05:10:00Z",
        },
        "expect": "none",
        "note": "A hypothetical, not a claim about the shuttle frequency.",
    },
    {
        "id": "h8-unrel-17",
        "category": "unrelated",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/forkfleet",
                "triples": [
                    {
                        "subject": "ForkFleet Plus",
                        "type": "plan",
                        "key": "monthly price",
                        "value": "$9.99",
                    },
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/forkfleet/user/rosa",
            "session": "rosa-s1",
            "role": "user",
            "text": "Can I pause ForkFleet Plus for a month while I'm travelling?",
            "at": "2026-05-03T12:00:00Z",
        },
        "expect": "none",
        "note": "A question, not an assertion.",
    },
    {
        "id": "h8-unrel-18",
        "category": "unrelated",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/fenwick-savings",
                "triples": [
                    {
                        "subject": "Fenwick Easy Saver",
                        "type": "product",
                        "key": "interest rate",
                        "value": "3.1% AER",
                    },
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/fenwick-savings/user/ewan",
            "session": "ewan-s1",
            "role": "user",
            "text": "My mortgage with you is on a fixed rate of 5.2%.",
            "at": "2026-02-21T10:00:00Z",
        },
        "expect": "none",
        "note": "The user's mortgage is a different entity from the Easy Saver.",
    },
    {
        "id": "h8-unrel-19",
        "category": "unrelated",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/hollybrook-vets",
                "triples": [
                    {
                        "subject": "Dr Priya Nair",
                        "type": "person",
                        "key": "role",
                        "value": "head surgeon",
                    },
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/hollybrook-vets/user/maeve",
            "session": "maeve-s1",
            "role": "user",
            "text": "Dr Tom Feld is your weekend vet, he was brilliant with our cat.",
            "at": "2026-03-01T14:30:00Z",
        },
        "expect": "none",
        "note": "Dr Tom Feld is a different person from Dr Priya Nair.",
    },
    {
        "id": "h8-unrel-20",
        "category": "unrelated",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/orbitshield-insurance",
                "triples": [
                    {
                        "subject": "OrbitShield Comprehensive Car Policy",
                        "type": "policy",
                        "key": "excess",
                        "value": "£250",
                    },
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/orbitshield-insurance/user/ty",
            "session": "ty-s1",
            "role": "user",
            "text": "I'd love it if the excess on the comprehensive policy were zero, honestly.",
            "at": "2026-04-23T18:00:00Z",
        },
        "expect": "none",
        "note": "A wish, not a claim about the excess.",
    },
    # ------------------------------------------------------------------
    # other_scope (14): would conflict, but scopes do not overlap
    # ------------------------------------------------------------------
    {
        "id": "h8-scope-01",
        "category": "other_scope",
        "setup": [
            {
                "kind": "document",
                "scope": "org/pawsridge-vets",
                "name": "fees.md",
                "text": "# Fees\n\nA standard consultation at Pawsridge costs £45. Vaccinations are charged separately.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/oakvale-vets/user/hattie",
            "session": "hattie-s1",
            "role": "user",
            "text": "Your standard consultation costs £60.",
            "at": "2026-02-04T10:00:00Z",
        },
        "expect": "none",
        "note": "The user belongs to a different org; 'your' means Oakvale, not Pawsridge.",
    },
    {
        "id": "h8-scope-02",
        "category": "other_scope",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/brindle-bank/user/alicia",
                "session": "alicia-s1",
                "role": "user",
                "text": "I live in Glasgow.",
                "at": "2026-01-10T12:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/brindle-bank/user/boris",
            "session": "boris-s1",
            "role": "user",
            "text": "I live in Dundee.",
            "at": "2026-01-11T12:00:00Z",
        },
        "expect": "none",
        "note": "Two different users of the same org; each speaks about themselves.",
    },
    {
        "id": "h8-scope-03",
        "category": "other_scope",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/skyvane-air",
                "triples": [
                    {
                        "subject": "Skyvane Air",
                        "type": "organization",
                        "key": "economy checked baggage allowance",
                        "value": "23 kg",
                    },
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/aerolin/user/nadia",
            "session": "nadia-s1",
            "role": "user",
            "text": "You let economy passengers check 30 kg.",
            "at": "2026-03-03T07:00:00Z",
        },
        "expect": "none",
        "note": "The user belongs to Aerolin, not Skyvane Air.",
    },
    {
        "id": "h8-scope-04",
        "category": "other_scope",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/quillstack/team/design",
                "session": "design-s1",
                "role": "user",
                "text": "Our sprints are two weeks long.",
                "at": "2026-02-02T09:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/quillstack/team/platform",
            "session": "platform-s1",
            "role": "user",
            "text": "Our sprints are three weeks long.",
            "at": "2026-02-03T09:00:00Z",
        },
        "expect": "none",
        "note": "Sibling teams each describe their own sprint length.",
    },
    {
        "id": "h8-scope-05",
        "category": "other_scope",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/hollybrook-vets/user/maya",
                "session": "maya-s1",
                "role": "user",
                "text": "My cat is called Juniper.",
                "at": "2026-01-21T16:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/hollybrook-vets/user/leo",
            "session": "leo-s1",
            "role": "user",
            "text": "My cat is called Pickle.",
            "at": "2026-01-22T16:00:00Z",
        },
        "expect": "none",
        "note": "Two different users with their own cats.",
    },
    {
        "id": "h8-scope-06",
        "category": "other_scope",
        "setup": [
            {
                "kind": "document",
                "scope": "org/harbourline-bank",
                "name": "platinum-card.md",
                "text": "# Harbourline Platinum Card\n\nThe Harbourline Platinum Card has an annual fee of $95.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/cobalt-credit-union/user/zane",
            "session": "zane-s1",
            "role": "user",
            "text": "Your Platinum card has an annual fee of $150.",
            "at": "2026-02-26T11:00:00Z",
        },
        "expect": "none",
        "note": "The user belongs to Cobalt; 'your Platinum card' is Cobalt's, not Harbourline's.",
    },
    {
        "id": "h8-scope-07",
        "category": "other_scope",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/dashbasket/user/freya",
                "session": "freya-s1",
                "role": "user",
                "text": "I'm vegan.",
                "at": "2026-01-26T18:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/dashbasket/user/grant",
            "session": "grant-s1",
            "role": "user",
            "text": "I eat meat every day, definitely not vegan.",
            "at": "2026-01-27T18:00:00Z",
        },
        "expect": "none",
        "note": "Two different users describing their own diets.",
    },
    {
        "id": "h8-scope-08",
        "category": "other_scope",
        "setup": [
            {
                "kind": "document",
                "scope": "org/stmarrow-hospital",
                "name": "visiting-hours.md",
                "text": "# Visiting Hours\n\nGeneral ward visiting hours are 2 pm to 8 pm daily.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/kingsmead-infirmary/user/ola",
            "session": "ola-s1",
            "role": "user",
            "text": "Visiting hours on your general wards are 10 am to 6 pm.",
            "at": "2026-03-09T13:00:00Z",
        },
        "expect": "none",
        "note": "The user belongs to a different hospital org.",
    },
    {
        "id": "h8-scope-09",
        "category": "other_scope",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/sterling-auto/user/harriet",
                "session": "harriet-s1",
                "role": "user",
                "text": "I drive a Tesla Model 3.",
                "at": "2026-02-01T10:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/sterling-auto/user/ivan",
            "session": "ivan-s1",
            "role": "user",
            "text": "I drive a Volvo XC40.",
            "at": "2026-02-01T11:00:00Z",
        },
        "expect": "none",
        "note": "Two different users describing their own cars.",
    },
    {
        "id": "h8-scope-10",
        "category": "other_scope",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/kestrelbrook-university",
                "triples": [
                    {
                        "subject": "Harcourt Library",
                        "type": "location",
                        "key": "loan period",
                        "value": "3 weeks",
                    },
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/pemberton-college/user/p8812",
            "session": "p8812-s1",
            "role": "user",
            "text": "Your library loan period is one week.",
            "at": "2026-02-17T15:30:00Z",
        },
        "expect": "none",
        "note": "The user belongs to Pemberton College, not Kestrelbrook University.",
    },
    {
        "id": "h8-scope-11",
        "category": "other_scope",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/northmere-airport/team/security",
                "session": "security-s1",
                "role": "user",
                "text": "Our early shift starts at 6 am.",
                "at": "2026-03-16T05:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/northmere-airport/team/baggage",
            "session": "baggage-s1",
            "role": "user",
            "text": "Our early shift starts at 4 am.",
            "at": "2026-03-16T05:30:00Z",
        },
        "expect": "none",
        "note": "Sibling teams each describe their own shift start.",
    },
    {
        "id": "h8-scope-12",
        "category": "other_scope",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/tidewater-kitchen/user/clem",
                "session": "clem-s1",
                "role": "user",
                "text": "I'm allergic to peanuts.",
                "at": "2026-02-08T19:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/tidewater-kitchen/user/dom",
            "session": "dom-s1",
            "role": "user",
            "text": "I'm not allergic to anything, I eat peanuts all the time.",
            "at": "2026-02-08T19:30:00Z",
        },
        "expect": "none",
        "note": "Two different users describing their own allergies.",
    },
    {
        "id": "h8-scope-13",
        "category": "other_scope",
        "setup": [
            {
                "kind": "document",
                "scope": "org/brightwater-utilities",
                "name": "billing.md",
                "text": "# Billing and Payments\n\nA late payment fee of £12 is added to overdue accounts.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/voltara-energy/user/petr",
            "session": "petr-s1",
            "role": "user",
            "text": "You charge a £25 late payment fee.",
            "at": "2026-03-20T08:00:00Z",
        },
        "expect": "none",
        "note": "The user belongs to Voltara, not Brightwater.",
    },
    {
        "id": "h8-scope-14",
        "category": "other_scope",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/ashgrove-college",
                "triples": [
                    {
                        "subject": "Counselling Service",
                        "type": "service",
                        "key": "location",
                        "value": "Student Union building, room 204",
                    },
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/ashgrove-academy/user/s0456",
            "session": "s0456-s1",
            "role": "user",
            "text": "Your counselling service is in the library basement.",
            "at": "2026-02-13T14:00:00Z",
        },
        "expect": "none",
        "note": "org/ashgrove-academy is a different org from org/ashgrove-college despite the shared prefix.",
    },
]
