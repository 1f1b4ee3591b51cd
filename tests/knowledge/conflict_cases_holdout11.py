"""Held-out conflict-detector cases, set 11.

Written without sight of the implementation. Each case writes its ``setup``
records in order, then the ``probe`` record, and states what the reconciler
must report for the probe:

- ``conflict``    a user turn contradicts an authoritative fact (document or
                  upsert) of its own org: same entity, same attribute,
                  different value.
- ``supersede``   the same user updates their own earlier chat fact.
- ``close``       the same user explicitly negates their own earlier fact.
- ``corroborate`` the same value restated (other words or units).
- ``none``        different entity/attribute, a question, wish or
                  hypothetical, or a contradiction across scopes that do not
                  overlap (two users, two orgs, sibling teams).

Scope ``org/X`` covers ``org/X/user/Y`` and ``org/X/team/T``; it does not
cover ``org/X-something/...``. "you/your" in a turn means the org of the
nearest ``org/<name>`` scope; "I/my" means the user of that scope.

Categories: paraphrase_conflict 24, agreement 14, supersession 12,
negation 12, unrelated 20, other_scope 14.
"""


def _doc(scope, name, text):
    return {"kind": "document", "scope": scope, "name": name, "text": text}


def _ups(scope, *triples):
    return {
        "kind": "upsert",
        "scope": scope,
        "triples": [{"subject": s, "type": t, "key": k, "value": v} for (s, t, k, v) in triples],
    }


def _turn(scope, session, text, at):
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
    # paraphrase_conflict (24) -> conflict
    # ------------------------------------------------------------------
    {
        "id": "h11-para-01",
        "category": "paraphrase_conflict",
        "setup": [
            _doc(
                "org/harbourlight-hotels",
                "guest-faq.md",
                "# Harbourlight Hotels — Guest FAQ\n\n"
                "Q: What time is check-in?\n"
                "A: Check-in opens at 3pm at all Harbourlight properties.\n\n"
                "Q: When do I need to check out?\n"
                "A: Check-out is by 11am.\n\n"
                "Q: Is there parking?\n"
                "A: Yes, on-site parking is £12 per night.\n\n"
                "Q: Can I bring my dog?\n"
                "A: Dogs are welcome in ground-floor rooms for £20 per stay.",
            ),
        ],
        "probe": _turn(
            "org/harbourlight-hotels/user/priya",
            "priya-s1",
            "I told my husband we can get into the room from 1pm on Friday, since that's when check-in opens at your hotels.",
            "2026-02-06T09:14:00Z",
        ),
        "expect": "conflict",
        "note": "check-in stated as 1pm; the FAQ says 3pm",
    },
    {
        "id": "h11-para-02",
        "category": "paraphrase_conflict",
        "setup": [
            _ups(
                "org/fibrenest",
                ("Fibre 500", "product", "download speed", "500 Mbps"),
                ("Fibre 500", "product", "upload speed", "70 Mbps"),
                ("Fibre 500", "product", "monthly price", "£35"),
                ("Fibre 150", "product", "download speed", "150 Mbps"),
            ),
        ],
        "probe": _turn(
            "org/fibrenest/user/tom",
            "tom-s1",
            "FibreNest's Fibre 500 tops out at a full gigabit of download bandwidth.",
            "2026-01-19T20:02:00Z",
        ),
        "expect": "conflict",
        "note": "Fibre 500 download is 500 Mbps, user says 1 Gbps (bandwidth = speed)",
    },
    {
        "id": "h11-para-03",
        "category": "paraphrase_conflict",
        "setup": [
            _doc(
                "org/dashbite",
                "delivery-faq.md",
                "# DashBite delivery\n\n"
                "- Delivery fee: £2.49 per order\n"
                "- Free delivery: on orders over £25\n"
                "- Minimum order: £10\n"
                "- Delivery hours: 11:00–23:00 daily",
            ),
        ],
        "probe": _turn(
            "org/dashbite/user/marcus",
            "marcus-s2",
            "dashbite minimum order's 15 quid btw",
            "2026-03-11T18:45:00Z",
        ),
        "expect": "conflict",
        "note": "terse: minimum order £15 vs documented £10",
    },
    {
        "id": "h11-para-04",
        "category": "paraphrase_conflict",
        "setup": [
            _doc(
                "org/ravensworth-university",
                "fees-2026-27.md",
                "# Tuition fees 2026/27\n\n"
                "- Home undergraduate: £9,535 per year\n"
                "- International undergraduate: £22,500 per year\n"
                "- Postgraduate taught (home): £11,200\n\n"
                "Applications for September 2026 entry close on 15 January 2026.",
            ),
        ],
        "probe": _turn(
            "org/ravensworth-university/user/leila",
            "leila-s1",
            "Ravensworth charges international undergrads £19,000 a year in tuition.",
            "2026-01-05T11:30:00Z",
        ),
        "expect": "conflict",
        "note": "international undergraduate fee £19,000 vs £22,500",
    },
    {
        "id": "h11-para-05",
        "category": "paraphrase_conflict",
        "setup": [
            _ups(
                "org/kestrel-bank",
                ("Everyday Account", "product", "arranged overdraft limit", "£500"),
                ("Everyday Account", "product", "daily ATM withdrawal limit", "£300"),
                ("Kestrel Saver", "product", "interest rate", "1.5% AER"),
            ),
        ],
        "probe": _turn(
            "org/kestrel-bank/user/owen",
            "owen-s3",
            "You let Everyday Account customers take out five hundred pounds a day at cash machines.",
            "2026-04-02T08:21:00Z",
        ),
        "expect": "conflict",
        "note": "daily ATM limit is £300; £500 is the overdraft figure, not the ATM limit",
    },
    {
        "id": "h11-para-06",
        "category": "paraphrase_conflict",
        "setup": [
            _doc(
                "org/skylark-air",
                "baggage.md",
                "# Baggage allowance\n\n"
                "Every passenger may bring:\n"
                "- Cabin bag: 1 bag up to 7 kg, max 55 x 40 x 20 cm\n"
                "- Personal item: 1 small bag that fits under the seat\n"
                "- Checked bag (Standard fares): 23 kg\n\n"
                "Online check-in closes 2 hours before departure; airport desks close 45 minutes before departure.",
            ),
        ],
        "probe": _turn(
            "org/skylark-air/user/nina",
            "nina-s1",
            "On Skylark the hand luggage limit is 10 kilos, so I'll pack the big holdall.",
            "2026-05-14T07:50:00Z",
        ),
        "expect": "conflict",
        "note": "hand luggage (cabin bag) 10 kg vs 7 kg",
    },
    {
        "id": "h11-para-07",
        "category": "paraphrase_conflict",
        "setup": [
            _doc(
                "org/roadhopper",
                "rental-terms.md",
                "# RoadHopper rental terms\n\n"
                "1. Drivers must be at least 23 years old.\n"
                "2. A security deposit of £250 is held on the main driver's credit card.\n"
                "3. Mileage: 200 miles per day included.\n"
                "4. Fuel policy: full-to-full.",
            ),
        ],
        "probe": _turn(
            "org/roadhopper/user/ade",
            "ade-s1",
            "RoadHopper's bond is £400, held on your credit card at pick-up.",
            "2026-06-20T13:05:00Z",
        ),
        "expect": "conflict",
        "note": "bond = security deposit; £400 vs £250",
    },
    {
        "id": "h11-para-08",
        "category": "paraphrase_conflict",
        "setup": [
            _ups(
                "org/greencross-pharmacy",
                ("Flu vaccination", "service", "price", "£16"),
                ("Greencross Mill Road", "location", "Saturday opening hours", "9am–5pm"),
                ("Travel health consultation", "service", "price", "£25"),
            ),
        ],
        "probe": _turn(
            "org/greencross-pharmacy/user/ruth",
            "ruth-s1",
            "You do the flu jab for £12, don't forget to tell Dad.",
            "2026-10-03T10:10:00Z",
        ),
        "expect": "conflict",
        "note": "flu jab = flu vaccination; £12 vs £16",
    },
    {
        "id": "h11-para-09",
        "category": "paraphrase_conflict",
        "setup": [
            _doc(
                "org/ironworks-gym",
                "memberships.md",
                "# Ironworks Gym memberships\n\n"
                "- Off-peak (before 4pm weekdays, all weekend): £19.99/month\n"
                "- Anytime: £29.99/month\n"
                "- Joining fee: £15\n"
                "- Cancellation: 30 days' notice",
            ),
        ],
        "probe": _turn(
            "org/ironworks-gym/user/sam",
            "sam-s1",
            "Anytime membership at Ironworks is £34.99 a month.",
            "2026-01-08T17:40:00Z",
        ),
        "expect": "conflict",
        "note": "Anytime membership £34.99 vs £29.99",
    },
    {
        "id": "h11-para-10",
        "category": "paraphrase_conflict",
        "setup": [
            _doc(
                "org/pawsure",
                "policy-faq.md",
                "# PawSure FAQ\n\n"
                "Q: How much is the excess?\n"
                "A: £99 per claim on all Lifetime policies.\n\n"
                "Q: Is there a waiting period?\n"
                "A: Illness cover starts 14 days after your policy start date; accidents are covered from day one.\n\n"
                "Q: How old can my dog be?\n"
                "A: We cover dogs from 8 weeks up to their 8th birthday at policy start.",
            ),
        ],
        "probe": _turn(
            "org/pawsure/user/gemma",
            "gemma-s2",
            "With PawSure, illness isn't covered until a month after you take the policy out.",
            "2026-02-27T19:12:00Z",
        ),
        "expect": "conflict",
        "note": "illness waiting period a month vs 14 days",
    },
    {
        "id": "h11-para-11",
        "category": "paraphrase_conflict",
        "setup": [
            _doc(
                "org/northgate-museum",
                "plan-your-visit.md",
                "# Plan your visit\n\n"
                "Opening hours: 10:00–17:00, Tuesday to Sunday (closed Mondays)\n"
                "Last entry: 16:15\n\n"
                "Admission\n"
                "- Adults: £14\n"
                "- Under 16s: free\n"
                "- Concessions: £10",
            ),
        ],
        "probe": _turn(
            "org/northgate-museum/user/felix",
            "felix-s1",
            "Last entry at Northgate Museum is quarter to five.",
            "2026-07-18T12:00:00Z",
        ),
        "expect": "conflict",
        "note": "last entry 16:45 vs 16:15",
    },
    {
        "id": "h11-para-12",
        "category": "paraphrase_conflict",
        "setup": [
            _ups(
                "org/ashdown-zoo",
                ("Adult day ticket", "product", "price", "£28"),
                ("Child day ticket", "product", "price", "£18"),
                ("Ashdown Zoo", "organization", "closing time", "6pm"),
            ),
        ],
        "probe": _turn(
            "org/ashdown-zoo/user/hana",
            "hana-s1",
            "Your adult day ticket is thirty-two pounds.",
            "2026-08-01T09:00:00Z",
        ),
        "expect": "conflict",
        "note": "adult ticket thirty-two pounds vs £28",
    },
    {
        "id": "h11-para-13",
        "category": "paraphrase_conflict",
        "setup": [
            _doc(
                "org/cloudquill",
                "pricing.md",
                "# CloudQuill plans\n\n"
                "## Starter\n"
                "- Seats: 3\n"
                "- Storage: 10 GB\n"
                "- API calls: 1,000 per day\n\n"
                "## Team\n"
                "- Seats: 25\n"
                "- Storage: 1 TB\n"
                "- API calls: 50,000 per day",
            ),
        ],
        "probe": _turn(
            "org/cloudquill/user/raj",
            "raj-s1",
            "Your Team plan comes with 500 GB of storage.",
            "2026-03-23T14:33:00Z",
        ),
        "expect": "conflict",
        "note": "Team storage 500 GB vs 1 TB",
    },
    {
        "id": "h11-para-14",
        "category": "paraphrase_conflict",
        "setup": [
            _doc(
                "org/brightwell-engineering",
                "handbook-pay-and-benefits.md",
                "# Employee handbook — Pay and benefits\n\n"
                "- Annual leave: 25 days plus bank holidays\n"
                "- Probation: 6 months\n"
                "- Notice period after probation: 1 month\n"
                "- Pension: Brightwell contributes 5% of salary; employees contribute 3%",
            ),
        ],
        "probe": _turn(
            "org/brightwell-engineering/user/chloe",
            "chloe-s1",
            "The company only puts 3% of salary into our pensions here.",
            "2026-04-15T12:20:00Z",
        ),
        "expect": "conflict",
        "note": "employer pension contribution 3% vs 5% (3% is the employee share)",
    },
    {
        "id": "h11-para-15",
        "category": "paraphrase_conflict",
        "setup": [
            _doc(
                "org/fenmoor-council",
                "resident-parking-permits.md",
                "# Resident parking permits\n\n"
                "- First permit per household: £60 per year\n"
                "- Second permit: £95 per year\n"
                "- Visitor scratch cards: £1.50 per day\n\n"
                "Permits run from 1 April to 31 March.",
            ),
        ],
        "probe": _turn(
            "org/fenmoor-council/user/derek",
            "derek-s1",
            "A first resident permit from Fenmoor costs £85 for the year.",
            "2026-03-30T16:00:00Z",
        ),
        "expect": "conflict",
        "note": "first permit £85 vs £60",
    },
    {
        "id": "h11-para-16",
        "category": "paraphrase_conflict",
        "setup": [
            _ups(
                "org/seabreeze-lets",
                ("Gull Cottage", "location", "sleeps", "6"),
                ("Gull Cottage", "location", "minimum stay", "3 nights"),
                ("Gull Cottage", "location", "check-in time", "4pm"),
                ("Puffin Lodge", "location", "sleeps", "8"),
            ),
        ],
        "probe": _turn(
            "org/seabreeze-lets/user/imogen",
            "imogen-s1",
            "So we're sorting the Easter trip: my sister's bringing her three kids, Mum's coming down from Carlisle, and since Gull Cottage only sleeps four we'll need a second place nearby.",
            "2026-02-14T21:40:00Z",
        ),
        "expect": "conflict",
        "note": "inside a story: Gull Cottage sleeps four vs 6",
    },
    {
        "id": "h11-para-17",
        "category": "paraphrase_conflict",
        "setup": [
            _doc(
                "org/tidal-mobile",
                "sim-only.md",
                "# SIM-only plans (30-day rolling)\n\n"
                "- Essential: 20 GB data, unlimited calls and texts — £10/month\n"
                "- Unlimited: unlimited data — £22/month\n\n"
                "EU roaming is included on both plans.",
            ),
        ],
        "probe": _turn(
            "org/tidal-mobile/user/kwame",
            "kwame-s1",
            "The Essential SIM is 15GB a month.",
            "2026-05-02T15:15:00Z",
        ),
        "expect": "conflict",
        "note": "Essential data 15 GB vs 20 GB (org implicit)",
    },
    {
        "id": "h11-para-18",
        "category": "paraphrase_conflict",
        "setup": [
            _doc(
                "org/motorway-rentals",
                "faq.md",
                "# MotorWay Rentals FAQ\n\n"
                "Q: Is there a mileage limit?\n"
                "A: Each rental includes 200 miles per day; extra miles are charged at 25p per mile.\n\n"
                "Q: Can I take the car abroad?\n"
                "A: Only to Ireland and France, with prior notice.",
            ),
        ],
        "probe": _turn(
            "org/motorway-rentals/user/lena",
            "lena-s1",
            "MotorWay Rentals only give you 200 kilometres a day.",
            "2026-06-09T10:45:00Z",
        ),
        "expect": "conflict",
        "note": "same number, different unit: 200 km/day vs 200 miles/day",
    },
    {
        "id": "h11-para-19",
        "category": "paraphrase_conflict",
        "setup": [
            _doc(
                "org/quayside-hotel",
                "parking.md",
                "# Parking at the Quayside\n\n"
                "- Hourly rate: £5 per hour\n"
                "- Daily cap: £25\n"
                "- Overnight (6pm–9am) for hotel guests: £15",
            ),
        ],
        "probe": _turn(
            "org/quayside-hotel/user/jim",
            "jim-s1",
            "quayside parking's 3 quid an hour",
            "2026-09-12T08:05:00Z",
        ),
        "expect": "conflict",
        "note": "terse: hourly parking £3 vs £5",
    },
    {
        "id": "h11-para-20",
        "category": "paraphrase_conflict",
        "setup": [
            _ups(
                "org/halcyon-labs",
                ("Notice period", "policy", "duration", "3 months"),
                ("Probation", "policy", "duration", "6 months"),
                ("Expenses", "policy", "claim deadline", "60 days"),
            ),
        ],
        "probe": _turn(
            "org/halcyon-labs/user/mo",
            "mo-s1",
            "Your company's notice is four weeks, so I could be out by the end of May.",
            "2026-04-28T09:55:00Z",
        ),
        "expect": "conflict",
        "note": "notice four weeks vs 3 months",
    },
    {
        "id": "h11-para-21",
        "category": "paraphrase_conflict",
        "setup": [
            _doc(
                "org/st-aldric-college",
                "library-loans.md",
                "# Library loans\n\n"
                "- Undergraduates: up to 12 books, 3-week loan\n"
                "- Postgraduates: up to 20 books, 6-week loan\n"
                "- Short-loan collection: 24 hours\n"
                "- Overdue fines: 20p per day",
            ),
        ],
        "probe": _turn(
            "org/st-aldric-college/user/ella",
            "ella-s1",
            "As an undergrad at St Aldric's I can only keep library books for a fortnight.",
            "2026-10-20T13:30:00Z",
        ),
        "expect": "conflict",
        "note": "undergraduate loan period a fortnight vs 3 weeks",
    },
    {
        "id": "h11-para-22",
        "category": "paraphrase_conflict",
        "setup": [
            _doc(
                "org/moorfield-building-society",
                "savings-rates.md",
                "# Savings rates (from 1 February 2026)\n\n"
                "- Easy Saver: 3.1% AER variable\n"
                "- 2-Year Fixed Bond: 4.2% AER fixed\n"
                "- Junior ISA: 3.8% AER",
            ),
        ],
        "probe": _turn(
            "org/moorfield-building-society/user/dev",
            "dev-s1",
            "You're paying 4.2% on the Easy Saver right now.",
            "2026-02-18T11:11:00Z",
        ),
        "expect": "conflict",
        "note": "Easy Saver 4.2% vs 3.1% (4.2% is the fixed bond)",
    },
    {
        "id": "h11-para-23",
        "category": "paraphrase_conflict",
        "setup": [
            _ups(
                "org/noodlerun",
                ("Express delivery", "service", "delivery time", "30 minutes"),
                ("Standard delivery", "service", "delivery time", "60 minutes"),
                ("Express delivery", "service", "fee", "£3.99"),
            ),
        ],
        "probe": _turn(
            "org/noodlerun/user/zoe",
            "zoe-s1",
            "NoodleRun's express option gets your food to you in 45 minutes.",
            "2026-11-07T19:25:00Z",
        ),
        "expect": "conflict",
        "note": "express delivery time 45 min vs 30 min",
    },
    {
        "id": "h11-para-24",
        "category": "paraphrase_conflict",
        "setup": [
            _doc(
                "org/pinecrest-resorts",
                "room-extras.md",
                "# Room extras\n\n"
                "- Late checkout (until 2pm): £30\n"
                "- Early check-in (from 11am): £25\n"
                "- Spa day pass: £40\n"
                "- Extra bed: £20 per night",
            ),
        ],
        "probe": _turn(
            "org/pinecrest-resorts/team/front-desk",
            "frontdesk-s3",
            "For the rota notes: late checkout at Pinecrest is £45.",
            "2026-07-03T06:50:00Z",
        ),
        "expect": "conflict",
        "note": "team scope inside the org; late checkout £45 vs £30",
    },
    # ------------------------------------------------------------------
    # agreement (14) -> corroborate
    # ------------------------------------------------------------------
    {
        "id": "h11-agree-01",
        "category": "agreement",
        "setup": [
            _doc(
                "org/brambleware",
                "returns.md",
                "# Returns & refunds\n\n"
                "- Returns window: 14 days from delivery\n"
                "- Refunds processed within 5 working days of receiving the item\n"
                "- Return postage: free for faulty items",
            ),
        ],
        "probe": _turn(
            "org/brambleware/user/anna",
            "anna-s1",
            "You accept returns for two weeks after delivery.",
            "2026-01-12T10:00:00Z",
        ),
        "expect": "corroborate",
        "note": "two weeks = 14 days",
    },
    {
        "id": "h11-agree-02",
        "category": "agreement",
        "setup": [
            _doc(
                "org/aeroverde",
                "check-in.md",
                "# Check-in\n\n"
                "Q: When does online check-in open?\n"
                "A: 24 hours before departure.\n\n"
                "Q: When do airport desks close?\n"
                "A: Bag drop and check-in desks close 45 minutes before departure.",
            ),
        ],
        "probe": _turn(
            "org/aeroverde/user/marco",
            "marco-s1",
            "Aeroverde's desks shut three quarters of an hour before the flight leaves.",
            "2026-06-01T05:30:00Z",
        ),
        "expect": "corroborate",
        "note": "three quarters of an hour = 45 minutes",
    },
    {
        "id": "h11-agree-03",
        "category": "agreement",
        "setup": [
            _ups(
                "org/stackpilot",
                ("Pro plan", "plan", "API rate limit", "1,000 requests per minute"),
                ("Pro plan", "plan", "seats", "10"),
                ("Free plan", "plan", "API rate limit", "60 requests per minute"),
            ),
        ],
        "probe": _turn(
            "org/stackpilot/user/yusuf",
            "yusuf-s1",
            "On StackPilot Pro you get a thousand API calls a minute.",
            "2026-03-04T16:20:00Z",
        ),
        "expect": "corroborate",
        "note": "a thousand calls/minute = 1,000 requests per minute",
    },
    {
        "id": "h11-agree-04",
        "category": "agreement",
        "setup": [
            _doc(
                "org/larkline",
                "packages.md",
                "# Larkline broadband packages\n\n"
                "- Full Fibre 1000: 1 Gbps download, 115 Mbps upload, £45/month\n"
                "- Full Fibre 300: 300 Mbps download, 50 Mbps upload, £32/month\n\n"
                "All packages: 18-month contract, free router.",
            ),
        ],
        "probe": _turn(
            "org/larkline/user/beth",
            "beth-s1",
            "Larkline's Full Fibre 1000 download speed is 1000 Mbps.",
            "2026-02-22T20:10:00Z",
        ),
        "expect": "corroborate",
        "note": "1000 Mbps = 1 Gbps",
    },
    {
        "id": "h11-agree-05",
        "category": "agreement",
        "setup": [
            _ups(
                "org/pulsefit",
                ("Saturday Bootcamp", "event", "duration", "90 minutes"),
                ("Saturday Bootcamp", "event", "start time", "8am"),
                ("Spin Express", "event", "duration", "30 minutes"),
            ),
        ],
        "probe": _turn(
            "org/pulsefit/user/cara",
            "cara-s1",
            "The Saturday bootcamp at PulseFit runs for an hour and a half.",
            "2026-04-10T07:00:00Z",
        ),
        "expect": "corroborate",
        "note": "an hour and a half = 90 minutes",
    },
    {
        "id": "h11-agree-06",
        "category": "agreement",
        "setup": [
            _doc(
                "org/furlife",
                "cover-summary.md",
                "# FurLife cover summary\n\n"
                "- Vet fees: up to £7,000 per year\n"
                "- Excess: £99 per claim\n"
                "- Third-party liability (dogs only): £2m",
            ),
        ],
        "probe": _turn(
            "org/furlife/user/liam",
            "liam-s1",
            "furlife's excess is ninety-nine quid a claim",
            "2026-05-19T22:05:00Z",
        ),
        "expect": "corroborate",
        "note": "ninety-nine quid = £99 excess",
    },
    {
        "id": "h11-agree-07",
        "category": "agreement",
        "setup": [
            _doc(
                "org/harrowgate-bank",
                "card-limits.md",
                "# Debit card limits\n\n"
                "- Daily cash withdrawal (ATM): £300\n"
                "- Contactless: £100 per tap\n"
                "- Daily online spend: £5,000",
            ),
        ],
        "probe": _turn(
            "org/harrowgate-bank/user/ivy",
            "ivy-s1",
            "Your cash machine limit is three hundred pounds a day.",
            "2026-08-14T12:40:00Z",
        ),
        "expect": "corroborate",
        "note": "cash machine limit three hundred pounds = ATM £300",
    },
    {
        "id": "h11-agree-08",
        "category": "agreement",
        "setup": [
            _doc(
                "org/wheelwise",
                "who-can-drive.md",
                "# Who can drive\n\n"
                "- Minimum age: 23\n"
                "- Maximum age: 79\n"
                "- Full licence held for at least 2 years",
            ),
        ],
        "probe": _turn(
            "org/wheelwise/user/theo",
            "theo-s1",
            "You need to be at least twenty-three to rent from Wheelwise.",
            "2026-07-22T09:35:00Z",
        ),
        "expect": "corroborate",
        "note": "minimum age twenty-three = 23",
    },
    {
        "id": "h11-agree-09",
        "category": "agreement",
        "setup": [
            _ups(
                "org/lindenhall-hotel",
                ("Lindenhall Hotel", "location", "check-in time", "3pm"),
                ("Lindenhall Hotel", "location", "check-out time", "11am"),
                ("Lindenhall Hotel", "location", "breakfast hours", "7–10am"),
            ),
        ],
        "probe": _turn(
            "org/lindenhall-hotel/user/oscar",
            "oscar-s1",
            "Arrival at the Lindenhall is from 15:00.",
            "2026-09-01T14:00:00Z",
        ),
        "expect": "corroborate",
        "note": "arrival (check-in) 15:00 = 3pm",
    },
    {
        "id": "h11-agree-10",
        "category": "agreement",
        "setup": [
            _doc(
                "org/kingsmere-university",
                "admissions.md",
                "# Undergraduate admissions 2026\n\n"
                "- UCAS application deadline: 15 January 2026\n"
                "- Offer-holder days: February to April\n"
                "- Accommodation application deadline: 30 June 2026",
            ),
        ],
        "probe": _turn(
            "org/kingsmere-university/user/sofia",
            "sofia-s1",
            "Applications to Kingsmere have to be in by January 15th.",
            "2026-01-03T17:45:00Z",
        ),
        "expect": "corroborate",
        "note": "January 15th = 15 January application deadline",
    },
    {
        "id": "h11-agree-11",
        "category": "agreement",
        "setup": [
            _doc(
                "org/wrexford-council",
                "bin-collections.md",
                "# Bin collections\n\n"
                "- General waste (grey bin): fortnightly on Thursdays\n"
                "- Recycling (blue bin): weekly on Thursdays\n"
                "- Garden waste (brown bin): fortnightly, March to November, £45 per year",
            ),
        ],
        "probe": _turn(
            "org/wrexford-council/user/gareth",
            "gareth-s1",
            "Grey bins in Wrexford get emptied every other Thursday.",
            "2026-03-19T07:15:00Z",
        ),
        "expect": "corroborate",
        "note": "every other Thursday = fortnightly on Thursdays",
    },
    {
        "id": "h11-agree-12",
        "category": "agreement",
        "setup": [
            _doc(
                "org/tessellate-design",
                "probation.md",
                "# Probation\n\n"
                "All new starters complete a six-month probation period. During probation the notice period is one week on either side. "
                "Your manager will hold reviews at 3 months and 6 months.",
            ),
        ],
        "probe": _turn(
            "org/tessellate-design/user/jo",
            "jo-s1",
            "Probation at Tessellate lasts half a year.",
            "2026-05-05T10:30:00Z",
        ),
        "expect": "corroborate",
        "note": "half a year = six months",
    },
    {
        "id": "h11-agree-13",
        "category": "agreement",
        "setup": [
            _ups(
                "org/crumb-courier",
                ("Free delivery", "policy", "qualifying order value", "£25 or more"),
                ("Standard delivery", "service", "fee", "£2.99"),
            ),
        ],
        "probe": _turn(
            "org/crumb-courier/user/nadia",
            "nadia-s1",
            "Crumb Courier delivery is free once your order hits twenty-five quid.",
            "2026-11-21T18:00:00Z",
        ),
        "expect": "corroborate",
        "note": "free delivery threshold twenty-five quid = £25",
    },
    {
        "id": "h11-agree-14",
        "category": "agreement",
        "setup": [
            _turn(
                "org/greenleaf-grocers/user/ben",
                "ben-s1",
                "Just so you know, I'm allergic to peanuts, so flag anything that contains them.",
                "2026-02-02T12:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/greenleaf-grocers/user/ben",
            "ben-s4",
            "Peanuts are a total no-go for me, I have an allergy.",
            "2026-04-09T12:30:00Z",
        ),
        "expect": "corroborate",
        "note": "same user restates the same peanut allergy",
    },
    # ------------------------------------------------------------------
    # supersession (12) -> supersede
    # ------------------------------------------------------------------
    {
        "id": "h11-super-01",
        "category": "supersession",
        "setup": [
            _turn(
                "org/northwind-travel/user/amir",
                "amir-s1",
                "I live in Bristol, near Temple Meads.",
                "2026-01-10T09:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/northwind-travel/user/amir",
            "amir-s3",
            "We've moved house — I'm living in Cardiff now.",
            "2026-05-02T09:00:00Z",
        ),
        "expect": "supersede",
        "note": "same user: home town Bristol -> Cardiff",
    },
    {
        "id": "h11-super-02",
        "category": "supersession",
        "setup": [
            _turn(
                "org/jobhive/user/kate",
                "kate-s1",
                "I work as a delivery driver for Halden Logistics.",
                "2026-01-22T19:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/jobhive/user/kate",
            "kate-s2",
            "Left Halden in March — I'm a claims analyst at Corvel Insurance now.",
            "2026-04-06T19:30:00Z",
        ),
        "expect": "supersede",
        "note": "same user: employer Halden Logistics -> Corvel Insurance",
    },
    {
        "id": "h11-super-03",
        "category": "supersession",
        "setup": [
            _turn(
                "org/pawsure/user/mei",
                "mei-s1",
                "I've got one cat, a tabby called Miso.",
                "2026-01-15T20:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/pawsure/user/mei",
            "mei-s2",
            "We adopted a second cat in April, so it's two cats now.",
            "2026-04-25T20:00:00Z",
        ),
        "expect": "supersede",
        "note": "same user: number of cats one -> two",
    },
    {
        "id": "h11-super-04",
        "category": "supersession",
        "setup": [
            _turn(
                "org/dashbite/user/rob",
                "rob-s1",
                "I'm vegetarian, so no meat in any recommendations please.",
                "2026-01-04T18:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/dashbite/user/rob",
            "rob-s5",
            "Quick update: I've gone fully vegan since February.",
            "2026-03-01T18:00:00Z",
        ),
        "expect": "supersede",
        "note": "same user: diet vegetarian -> vegan",
    },
    {
        "id": "h11-super-05",
        "category": "supersession",
        "setup": [
            _turn(
                "org/motorcheck/user/paul",
                "paul-s1",
                "I drive a 2017 Ford Fiesta.",
                "2026-02-08T10:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/motorcheck/user/paul",
            "paul-s2",
            "Traded the Fiesta in last weekend, I'm driving a Kia Niro now.",
            "2026-06-15T10:00:00Z",
        ),
        "expect": "supersede",
        "note": "same user: car Ford Fiesta -> Kia Niro",
    },
    {
        "id": "h11-super-06",
        "category": "supersession",
        "setup": [
            _turn(
                "org/harmonia-music/user/jess",
                "jess-s1",
                "I play bass in a covers band on weekends.",
                "2026-01-30T21:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/harmonia-music/user/jess",
            "jess-s2",
            "I switched from bass to drums in the band this year.",
            "2026-07-11T21:00:00Z",
        ),
        "expect": "supersede",
        "note": "same user: band instrument bass -> drums",
    },
    {
        "id": "h11-super-07",
        "category": "supersession",
        "setup": [
            _turn(
                "org/fitlog/user/dan",
                "dan-s1",
                "I train at Ironworks on Mill Lane.",
                "2026-01-02T06:30:00Z",
            ),
        ],
        "probe": _turn(
            "org/fitlog/user/dan",
            "dan-s2",
            "I changed gyms, I'm at PulseFit now.",
            "2026-03-02T06:30:00Z",
        ),
        "expect": "supersede",
        "note": "same user: gym Ironworks -> PulseFit",
    },
    {
        "id": "h11-super-08",
        "category": "supersession",
        "setup": [
            _turn(
                "org/littlesteps-nursery/user/ola",
                "ola-s1",
                "We have two kids, Ada and Kofi.",
                "2026-01-20T08:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/littlesteps-nursery/user/ola",
            "ola-s2",
            "Our baby girl arrived in March, so we've got three kids now.",
            "2026-04-14T08:00:00Z",
        ),
        "expect": "supersede",
        "note": "same user: number of children two -> three",
    },
    {
        "id": "h11-super-09",
        "category": "supersession",
        "setup": [
            _turn(
                "org/switchwise/user/tariq",
                "tariq-s1",
                "My mobile contract is with Tidal Mobile.",
                "2026-02-03T13:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/switchwise/user/tariq",
            "tariq-s2",
            "I've moved my phone contract over to Larkline this month.",
            "2026-05-20T13:00:00Z",
        ),
        "expect": "supersede",
        "note": "same user: mobile provider Tidal -> Larkline",
    },
    {
        "id": "h11-super-10",
        "category": "supersession",
        "setup": [
            _turn(
                "org/forkful/user/elena",
                "elena-s1",
                "My favourite food is sushi.",
                "2026-01-25T19:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/forkful/user/elena",
            "elena-s3",
            "Honestly ramen has overtaken sushi, it's my favourite now.",
            "2026-06-25T19:00:00Z",
        ),
        "expect": "supersede",
        "note": "same user: favourite food sushi -> ramen",
    },
    {
        "id": "h11-super-11",
        "category": "supersession",
        "setup": [
            _ups(
                "org/fibrenest",
                ("Fibre 500", "product", "monthly price", "£35"),
                ("Fibre 100", "product", "monthly price", "£25"),
            ),
            _turn(
                "org/fibrenest/user/gus",
                "gus-s1",
                "My broadband is 100 Mbps.",
                "2026-02-11T20:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/fibrenest/user/gus",
            "gus-s2",
            "I upgraded last week, I'm on 500 Mbps now.",
            "2026-05-11T20:00:00Z",
        ),
        "expect": "supersede",
        "note": "same user: own broadband speed 100 -> 500 Mbps; upsert is unrelated prices",
    },
    {
        "id": "h11-super-12",
        "category": "supersession",
        "setup": [
            _turn(
                "org/lingofox/user/sara",
                "sara-s1",
                "I'm learning Italian on here.",
                "2026-01-07T07:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/lingofox/user/sara",
            "sara-s2",
            "I've switched to learning Portuguese instead of Italian.",
            "2026-03-27T07:00:00Z",
        ),
        "expect": "supersede",
        "note": "same user: language being learnt Italian -> Portuguese",
    },
    # ------------------------------------------------------------------
    # negation (12) -> close
    # ------------------------------------------------------------------
    {
        "id": "h11-neg-01",
        "category": "negation",
        "setup": [
            _turn(
                "org/healthwise-pharmacy/user/frank",
                "frank-s1",
                "I'm a smoker, about ten a day.",
                "2026-01-05T11:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/healthwise-pharmacy/user/frank",
            "frank-s2",
            "I quit smoking in January — three months clean now.",
            "2026-04-05T11:00:00Z",
        ),
        "expect": "close",
        "note": "same user quit smoking",
    },
    {
        "id": "h11-neg-02",
        "category": "negation",
        "setup": [
            _turn(
                "org/roadhopper/user/bea",
                "bea-s1",
                "I've got a Vauxhall Corsa.",
                "2026-02-01T10:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/roadhopper/user/bea",
            "bea-s2",
            "I sold my car last month, so I'm relying on buses.",
            "2026-06-01T10:00:00Z",
        ),
        "expect": "close",
        "note": "same user sold their car",
    },
    {
        "id": "h11-neg-03",
        "category": "negation",
        "setup": [
            _turn(
                "org/harmonia-music/user/leo",
                "leo-s1",
                "I play the guitar most evenings.",
                "2026-01-18T21:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/harmonia-music/user/leo",
            "leo-s2",
            "I used to play guitar, but I haven't picked it up in ages.",
            "2026-08-18T21:00:00Z",
        ),
        "expect": "close",
        "note": "same user: 'I used to play guitar'",
    },
    {
        "id": "h11-neg-04",
        "category": "negation",
        "setup": [
            _turn(
                "org/fitlog/user/nat",
                "nat-s1",
                "I'm a member at Ironworks Gym.",
                "2026-01-09T06:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/fitlog/user/nat",
            "nat-s2",
            "I'm not a member at Ironworks anymore.",
            "2026-05-09T06:00:00Z",
        ),
        "expect": "close",
        "note": "same user: gym membership not anymore",
    },
    {
        "id": "h11-neg-05",
        "category": "negation",
        "setup": [
            _turn(
                "org/forkful/user/ravi",
                "ravi-s1",
                "I'm vegetarian.",
                "2026-01-12T19:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/forkful/user/ravi",
            "ravi-s2",
            "I'm not vegetarian any more, started eating meat again.",
            "2026-06-12T19:00:00Z",
        ),
        "expect": "close",
        "note": "same user no longer vegetarian",
    },
    {
        "id": "h11-neg-06",
        "category": "negation",
        "setup": [
            _turn(
                "org/jobhive/user/pete",
                "pete-s1",
                "I work at Fernhill Bakery on the early shift.",
                "2026-02-14T05:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/jobhive/user/pete",
            "pete-s2",
            "I no longer work at Fernhill Bakery.",
            "2026-05-14T05:00:00Z",
        ),
        "expect": "close",
        "note": "same user no longer works at Fernhill Bakery",
    },
    {
        "id": "h11-neg-07",
        "category": "negation",
        "setup": [
            _turn(
                "org/fitlog/user/kim",
                "kim-s1",
                "I run 5k every morning before work.",
                "2026-01-03T06:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/fitlog/user/kim",
            "kim-s2",
            "I stopped running after my knee operation.",
            "2026-07-03T06:00:00Z",
        ),
        "expect": "close",
        "note": "same user stopped running",
    },
    {
        "id": "h11-neg-08",
        "category": "negation",
        "setup": [
            _turn(
                "org/pawsure/user/jane",
                "jane-s1",
                "We have a rabbit called Clover.",
                "2026-01-28T18:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/pawsure/user/jane",
            "jane-s2",
            "We rehomed Clover in the spring, so no rabbit any more.",
            "2026-06-28T18:00:00Z",
        ),
        "expect": "close",
        "note": "same user no longer has the rabbit",
    },
    {
        "id": "h11-neg-09",
        "category": "negation",
        "setup": [
            _turn(
                "org/lingofox/user/tom",
                "tom-s1",
                "I'm learning Japanese for a trip next year.",
                "2026-01-11T07:30:00Z",
            ),
        ],
        "probe": _turn(
            "org/lingofox/user/tom",
            "tom-s2",
            "I gave up on Japanese, too much going on at work.",
            "2026-04-11T07:30:00Z",
        ),
        "expect": "close",
        "note": "same user gave up learning Japanese",
    },
    {
        "id": "h11-neg-10",
        "category": "negation",
        "setup": [
            _turn(
                "org/northwind-travel/user/ali",
                "ali-s1",
                "I live in Brighton.",
                "2026-02-20T12:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/northwind-travel/user/ali",
            "ali-s2",
            "I don't live in Brighton anymore.",
            "2026-09-20T12:00:00Z",
        ),
        "expect": "close",
        "note": "same user no longer lives in Brighton, no new town given",
    },
    {
        "id": "h11-neg-11",
        "category": "negation",
        "setup": [
            _turn(
                "org/greenleaf-grocers/user/may",
                "may-s1",
                "I drink coffee every morning, usually two cups.",
                "2026-01-16T08:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/greenleaf-grocers/user/may",
            "may-s2",
            "I gave up coffee completely last month.",
            "2026-05-16T08:00:00Z",
        ),
        "expect": "close",
        "note": "same user gave up coffee",
    },
    {
        "id": "h11-neg-12",
        "category": "negation",
        "setup": [
            _ups(
                "org/fibrenest",
                ("Fibre 500", "product", "monthly price", "£35"),
                ("Fibre 500", "product", "contract length", "18 months"),
            ),
            _turn(
                "org/fibrenest/user/sue",
                "sue-s1",
                "I'm on your Fibre 500 plan.",
                "2026-01-21T19:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/fibrenest/user/sue",
            "sue-s2",
            "I cancelled my Fibre 500 plan, I'm not with you anymore.",
            "2026-08-21T19:00:00Z",
        ),
        "expect": "close",
        "note": "same user cancelled their own plan; upsert facts untouched",
    },
    # ------------------------------------------------------------------
    # unrelated (20) -> none
    # ------------------------------------------------------------------
    {
        "id": "h11-unrel-01",
        "category": "unrelated",
        "setup": [
            _doc(
                "org/marlowe-house-hotel",
                "arrival-information.md",
                "# Arrival information\n\n"
                "- Check-in: from 3pm\n"
                "- Early check-in: from 12pm, £20, subject to availability\n"
                "- Reception: staffed 24 hours\n"
                "- Parking: limited, £10 per night",
            ),
        ],
        "probe": _turn(
            "org/marlowe-house-hotel/user/rosa",
            "rosa-s1",
            "Check-out at the Marlowe is noon.",
            "2026-03-08T10:00:00Z",
        ),
        "expect": "none",
        "note": "check-out time is a different attribute from check-in; not documented",
    },
    {
        "id": "h11-unrel-02",
        "category": "unrelated",
        "setup": [
            _ups(
                "org/streamline-broadband",
                ("Fibre 900", "product", "download speed", "900 Mbps"),
                ("Fibre 900", "product", "monthly price", "£40"),
            ),
        ],
        "probe": _turn(
            "org/streamline-broadband/user/cal",
            "cal-s1",
            "Streamline's Fibre 900 gives 110 Mbps upload.",
            "2026-04-18T21:00:00Z",
        ),
        "expect": "none",
        "note": "upload speed vs recorded download speed",
    },
    {
        "id": "h11-unrel-03",
        "category": "unrelated",
        "setup": [
            _doc(
                "org/bluecrest-air",
                "fare-types.md",
                "# Fare types\n\n"
                "- Basic: one under-seat personal bag (max 7 kg); seat allocated at check-in\n"
                "- Plus: free seat selection; priority boarding\n"
                "- Flexi: free date changes up to 2 hours before departure",
            ),
        ],
        "probe": _turn(
            "org/bluecrest-air/user/ines",
            "ines-s1",
            "Bluecrest Plus fares let you take a 10 kg cabin bag.",
            "2026-05-27T08:00:00Z",
        ),
        "expect": "none",
        "note": "bag allowance for Plus fare; only Basic's bag limit is documented",
    },
    {
        "id": "h11-unrel-04",
        "category": "unrelated",
        "setup": [
            _ups(
                "org/wildmere-zoo",
                ("Adult ticket", "product", "price", "£26"),
                ("Wildmere Zoo", "organization", "opening time", "9:30am"),
            ),
        ],
        "probe": _turn(
            "org/wildmere-zoo/user/finn",
            "finn-s1",
            "Child tickets at Wildmere are £15.",
            "2026-07-29T09:00:00Z",
        ),
        "expect": "none",
        "note": "child ticket is a different entity from the adult ticket",
    },
    {
        "id": "h11-unrel-05",
        "category": "unrelated",
        "setup": [
            _doc(
                "org/carriage-car-hire",
                "deposits.md",
                "# Deposits and payment\n\n"
                "- Security deposit: £250, held on a credit card\n"
                "- Debit cards: accepted for payment but not for the deposit\n"
                "- Deposit release: within 10 working days of return",
            ),
        ],
        "probe": _turn(
            "org/carriage-car-hire/user/hugo",
            "hugo-s1",
            "Has your security deposit gone up to £400?",
            "2026-06-03T15:00:00Z",
        ),
        "expect": "none",
        "note": "a question, not an assertion",
    },
    {
        "id": "h11-unrel-06",
        "category": "unrelated",
        "setup": [
            _doc(
                "org/forge-fitness",
                "opening-hours.md",
                "# Opening hours\n\n"
                "- Monday–Friday: 6am–10pm\n"
                "- Saturday–Sunday: 8am–8pm\n"
                "- Bank holidays: 8am–6pm",
            ),
        ],
        "probe": _turn(
            "org/forge-fitness/user/kai",
            "kai-s1",
            "I really wish Forge Fitness was open 24 hours, I work nights.",
            "2026-02-12T23:30:00Z",
        ),
        "expect": "none",
        "note": "a wish, not a claim about the hours",
    },
    {
        "id": "h11-unrel-07",
        "category": "unrelated",
        "setup": [
            _ups(
                "org/sterling-mutual",
                ("Current Account", "product", "arranged overdraft limit", "£500"),
                ("Current Account", "product", "monthly fee", "£0"),
            ),
        ],
        "probe": _turn(
            "org/sterling-mutual/user/lucy",
            "lucy-s1",
            "If you gave me a £1,000 overdraft I'd move my salary over to you.",
            "2026-03-15T13:00:00Z",
        ),
        "expect": "none",
        "note": "hypothetical, not a claim about the limit",
    },
    {
        "id": "h11-unrel-08",
        "category": "unrelated",
        "setup": [
            _doc(
                "org/ravensmoor-university",
                "fees.md",
                "# Undergraduate fees and deadlines\n\n"
                "- Home undergraduate tuition: £9,535 per year\n"
                "- International undergraduate tuition: £21,000 per year\n"
                "- Undergraduate application deadline: 15 January",
            ),
        ],
        "probe": _turn(
            "org/ravensmoor-university/user/noor",
            "noor-s1",
            "A taught master's at Ravensmoor costs £11,000 for home students.",
            "2026-02-09T16:00:00Z",
        ),
        "expect": "none",
        "note": "postgraduate fee, a different entity from undergraduate fees",
    },
    {
        "id": "h11-unrel-09",
        "category": "unrelated",
        "setup": [
            _doc(
                "org/boardroomhq",
                "plans.md",
                "# BoardroomHQ plans\n\n"
                "- Basic: 5 seats, 20 GB storage\n"
                "- Business: 50 seats, 500 GB storage\n\n"
                "Enterprise pricing is available on request.",
            ),
        ],
        "probe": _turn(
            "org/boardroomhq/user/vik",
            "vik-s1",
            "Your Enterprise plan includes unlimited seats.",
            "2026-09-09T11:00:00Z",
        ),
        "expect": "none",
        "note": "Enterprise seats not documented; Basic/Business seat counts are other tiers",
    },
    {
        "id": "h11-unrel-10",
        "category": "unrelated",
        "setup": [
            _doc(
                "org/quarry-lane-solicitors",
                "leave-policy.md",
                "# Leave policy\n\n"
                "- Annual leave: 25 days plus bank holidays\n"
                "- Carry-over: up to 5 days into the next leave year\n"
                "- Company sick pay: full pay for 4 weeks",
            ),
        ],
        "probe": _turn(
            "org/quarry-lane-solicitors/user/sean",
            "sean-s1",
            "Quarry Lane gives dads two weeks' paternity leave.",
            "2026-10-01T09:00:00Z",
        ),
        "expect": "none",
        "note": "paternity leave vs annual leave: different attribute",
    },
    {
        "id": "h11-unrel-11",
        "category": "unrelated",
        "setup": [
            _doc(
                "org/hollinsbury-council",
                "waste-collections.md",
                "# Waste collections\n\n"
                "- General waste (black bin): fortnightly, Tuesdays\n"
                "- Recycling (green box): weekly, Tuesdays\n"
                "- Bulky items: book online, from £25",
            ),
        ],
        "probe": _turn(
            "org/hollinsbury-council/user/pat",
            "pat-s1",
            "Garden waste in Hollinsbury goes out on Fridays.",
            "2026-04-21T07:00:00Z",
        ),
        "expect": "none",
        "note": "garden waste collection day, a different bin from those documented",
    },
    {
        "id": "h11-unrel-12",
        "category": "unrelated",
        "setup": [
            _ups(
                "org/wellspring-pharmacy",
                ("Wellspring Mill Road", "location", "Saturday opening hours", "9am–5pm"),
                ("Wellspring Mill Road", "location", "Sunday opening hours", "closed"),
            ),
        ],
        "probe": _turn(
            "org/wellspring-pharmacy/user/gwen",
            "gwen-s1",
            "The Wellspring on the High Street opens at 8 on Saturdays.",
            "2026-05-30T08:30:00Z",
        ),
        "expect": "none",
        "note": "High Street branch, not the Mill Road branch",
    },
    {
        "id": "h11-unrel-13",
        "category": "unrelated",
        "setup": [
            _doc(
                "org/platewise",
                "fees.md",
                "# Fees\n\n"
                "- Standard delivery fee: £2.49\n"
                "- Service fee: 5% of basket (max £3)\n"
                "- Small order fee: £1 on orders under £10",
            ),
        ],
        "probe": _turn(
            "org/platewise/user/joel",
            "joel-s1",
            "Priority delivery on Platewise costs an extra £1.99.",
            "2026-12-04T19:00:00Z",
        ),
        "expect": "none",
        "note": "priority delivery surcharge vs standard delivery fee: different entity",
    },
    {
        "id": "h11-unrel-14",
        "category": "unrelated",
        "setup": [
            _doc(
                "org/eastbridge-gallery",
                "visiting.md",
                "# Visiting Eastbridge\n\n"
                "- General admission: free\n"
                "- Donations welcome\n"
                "- Open daily 10:00–18:00",
            ),
        ],
        "probe": _turn(
            "org/eastbridge-gallery/user/ruby",
            "ruby-s1",
            "The Turner exhibition at Eastbridge is £12.",
            "2026-08-22T11:00:00Z",
        ),
        "expect": "none",
        "note": "special exhibition ticket, not general admission",
    },
    {
        "id": "h11-unrel-15",
        "category": "unrelated",
        "setup": [
            _doc(
                "org/swiftwheels",
                "driver-requirements.md",
                "# Driver requirements\n\n"
                "- Minimum driver age: 21\n"
                "- Drivers aged 21–24 pay a young driver surcharge\n"
                "- Additional drivers: £12 per day",
            ),
        ],
        "probe": _turn(
            "org/swiftwheels/user/milo",
            "milo-s1",
            "SwiftWheels' young driver surcharge is £30 a day.",
            "2026-07-07T10:00:00Z",
        ),
        "expect": "none",
        "note": "surcharge amount not documented; £12/day is the additional-driver fee",
    },
    {
        "id": "h11-unrel-16",
        "category": "unrelated",
        "setup": [
            _ups(
                "org/thornbury-bank",
                ("Classic Account", "product", "arranged overdraft limit", "£750"),
                ("Classic Account", "product", "monthly fee", "£0"),
            ),
        ],
        "probe": _turn(
            "org/thornbury-bank/user/alfie",
            "alfie-s1",
            "Overdraft interest on the Thornbury Classic Account is 39.9% EAR.",
            "2026-02-25T14:00:00Z",
        ),
        "expect": "none",
        "note": "overdraft interest rate vs overdraft limit: different attribute",
    },
    {
        "id": "h11-unrel-17",
        "category": "unrelated",
        "setup": [
            _doc(
                "org/tailwag-insurance",
                "faq.md",
                "# Tailwag FAQ\n\n"
                "Q: How old can my dog be when I take out cover?\n"
                "A: Up to 8 years old.\n\n"
                "Q: What's the excess?\n"
                "A: £80 per claim.",
            ),
        ],
        "probe": _turn(
            "org/tailwag-insurance/user/erin",
            "erin-s1",
            "For cats, Tailwag lets you start cover up to age 10.",
            "2026-03-13T20:00:00Z",
        ),
        "expect": "none",
        "note": "cat age limit vs dog age limit: different audience",
    },
    {
        "id": "h11-unrel-18",
        "category": "unrelated",
        "setup": [
            _doc(
                "org/orbit-mobile",
                "plans.md",
                "# Orbit SIM plans\n\n"
                "- Essential SIM: 20 GB data, £10/month\n"
                "- Unlimited SIM: unlimited data, £22/month\n"
                "- Contract: 30-day rolling",
            ),
        ],
        "probe": _turn(
            "org/orbit-mobile/user/dara",
            "dara-s1",
            "Orbit's Unlimited SIM includes 5G at no extra cost.",
            "2026-06-06T17:00:00Z",
        ),
        "expect": "none",
        "note": "5G access is not a documented attribute",
    },
    {
        "id": "h11-unrel-19",
        "category": "unrelated",
        "setup": [
            _doc(
                "org/corestrength-gym",
                "prices.md",
                "# Prices\n\n"
                "- Anytime membership: £29.99/month\n"
                "- Joining fee: £15\n"
                "- Day pass: £8",
            ),
        ],
        "probe": _turn(
            "org/corestrength-gym/user/abby",
            "abby-s1",
            "Does CoreStrength still charge a £25 joining fee?",
            "2026-01-14T12:00:00Z",
        ),
        "expect": "none",
        "note": "a question, not an assertion",
    },
    {
        "id": "h11-unrel-20",
        "category": "unrelated",
        "setup": [
            _ups(
                "org/cliffside-holidays",
                ("Gull Cottage", "location", "sleeps", "6"),
                ("Gull Cottage", "location", "minimum stay", "3 nights"),
            ),
        ],
        "probe": _turn(
            "org/cliffside-holidays/user/harriet",
            "harriet-s1",
            "Your Kittiwake Barn sleeps eight, which is perfect for us.",
            "2026-02-28T20:00:00Z",
        ),
        "expect": "none",
        "note": "different property from Gull Cottage",
    },
    # ------------------------------------------------------------------
    # other_scope (14) -> none
    # ------------------------------------------------------------------
    {
        "id": "h11-scope-01",
        "category": "other_scope",
        "setup": [
            _doc(
                "org/harbourview-hotel",
                "guest-info.md",
                "# Guest info\n\n- Check-in: from 3pm\n- Check-out: by 11am\n- Breakfast: 7–10am",
            ),
        ],
        "probe": _turn(
            "org/driftwood-inn/user/dan",
            "dan-s1",
            "Your check-in starts at 1pm, so we'll come straight from the ferry.",
            "2026-06-12T09:00:00Z",
        ),
        "expect": "none",
        "note": "'your' is Driftwood Inn, another org than the document's",
    },
    {
        "id": "h11-scope-02",
        "category": "other_scope",
        "setup": [
            _ups(
                "org/netharbour",
                ("Fibre 500", "product", "download speed", "500 Mbps"),
            ),
        ],
        "probe": _turn(
            "org/wavelink/user/kim",
            "kim-s1",
            "Your Fibre 500 package is 900 Mbps down.",
            "2026-03-03T19:00:00Z",
        ),
        "expect": "none",
        "note": "Wavelink user about Wavelink's package; fact belongs to NetHarbour",
    },
    {
        "id": "h11-scope-03",
        "category": "other_scope",
        "setup": [
            _turn(
                "org/travelnest/user/alice",
                "alice-s1",
                "I live in Leeds.",
                "2026-01-06T10:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/travelnest/user/bob",
            "bob-s1",
            "I moved, I live in York now.",
            "2026-02-06T10:00:00Z",
        ),
        "expect": "none",
        "note": "different user; looks like supersession but is not alice's fact",
    },
    {
        "id": "h11-scope-04",
        "category": "other_scope",
        "setup": [
            _turn(
                "org/jobhive/user/kate",
                "kate-s1",
                "I work at Halden Logistics.",
                "2026-01-13T18:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/jobhive/user/lee",
            "lee-s1",
            "I don't work at Halden Logistics anymore.",
            "2026-03-13T18:00:00Z",
        ),
        "expect": "none",
        "note": "different user; looks like negation but is not kate's fact",
    },
    {
        "id": "h11-scope-05",
        "category": "other_scope",
        "setup": [
            _turn(
                "org/pawsure/user/mei",
                "mei-s1",
                "My dog Max is a labrador.",
                "2026-02-17T17:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/pawsure/user/ian",
            "ian-s1",
            "My dog Max is a springer spaniel.",
            "2026-02-18T17:00:00Z",
        ),
        "expect": "none",
        "note": "two users, two different dogs called Max",
    },
    {
        "id": "h11-scope-06",
        "category": "other_scope",
        "setup": [
            _turn(
                "org/quillon/team/design",
                "design-s1",
                "Our daily standup is at 9:30.",
                "2026-04-01T08:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/quillon/team/infra",
            "infra-s1",
            "Our daily standup is at 10:00.",
            "2026-04-01T08:30:00Z",
        ),
        "expect": "none",
        "note": "sibling teams, each about its own standup",
    },
    {
        "id": "h11-scope-07",
        "category": "other_scope",
        "setup": [
            _doc(
                "org/kestrelford-bank",
                "card-limits.md",
                "# Card limits\n\n- Daily ATM withdrawal: £300\n- Contactless: £100 per tap",
            ),
        ],
        "probe": _turn(
            "org/harrow-credit-union/user/sam",
            "sam-s1",
            "Your daily ATM limit is £500.",
            "2026-05-08T12:00:00Z",
        ),
        "expect": "none",
        "note": "another org's member talking about that org",
    },
    {
        "id": "h11-scope-08",
        "category": "other_scope",
        "setup": [
            _doc(
                "org/aeroverde",
                "baggage.md",
                "# Baggage\n\n- Cabin bag: 10 kg\n- Checked bag: 23 kg",
            ),
        ],
        "probe": _turn(
            "org/bluecrest-air/user/ana",
            "ana-s1",
            "Checked bags on your flights can weigh up to 32 kg.",
            "2026-08-09T06:00:00Z",
        ),
        "expect": "none",
        "note": "Bluecrest user about Bluecrest; fact is Aeroverde's",
    },
    {
        "id": "h11-scope-09",
        "category": "other_scope",
        "setup": [
            _doc(
                "org/brightwell-engineering",
                "leave.md",
                "# Leave\n\n"
                "- Annual leave: 25 days plus bank holidays\n"
                "- Buy/sell scheme: up to 5 days",
            ),
        ],
        "probe": _turn(
            "org/tessellate-design/user/jo",
            "jo-s1",
            "We get 30 days' annual leave here.",
            "2026-01-27T09:00:00Z",
        ),
        "expect": "none",
        "note": "a Tessellate employee about Tessellate; fact is Brightwell's",
    },
    {
        "id": "h11-scope-10",
        "category": "other_scope",
        "setup": [
            _doc(
                "org/ravenscar-university",
                "admissions.md",
                "# Admissions\n\n"
                "- Undergraduate application deadline: 15 January\n"
                "- Clearing opens: July",
            ),
        ],
        "probe": _turn(
            "org/kingsgate-college/user/amy",
            "amy-s1",
            "Your application deadline is 31 March.",
            "2026-01-09T15:00:00Z",
        ),
        "expect": "none",
        "note": "Kingsgate applicant about Kingsgate; fact is Ravenscar's",
    },
    {
        "id": "h11-scope-11",
        "category": "other_scope",
        "setup": [
            _turn(
                "org/forkful/user/hana",
                "hana-s1",
                "I'm vegan.",
                "2026-03-02T19:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/forkful/user/omar",
            "omar-s1",
            "I'm not vegan, I eat everything.",
            "2026-03-03T19:00:00Z",
        ),
        "expect": "none",
        "note": "different user; negation form but about omar, not hana",
    },
    {
        "id": "h11-scope-12",
        "category": "other_scope",
        "setup": [
            _turn(
                "org/motorcheck/user/paul",
                "paul-s1",
                "I drive a VW Golf.",
                "2026-02-10T10:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/motorcheck/user/rita",
            "rita-s1",
            "I sold my Golf, I drive a Tesla Model 3 now.",
            "2026-04-10T10:00:00Z",
        ),
        "expect": "none",
        "note": "different user; rita's own Golf, not paul's",
    },
    {
        "id": "h11-scope-13",
        "category": "other_scope",
        "setup": [
            _doc(
                "org/fenmoor",
                "parking-permits.md",
                "# Parking permits\n\n"
                "- Resident permit: £60 per year\n"
                "- Visitor permit: £2 per day",
            ),
        ],
        "probe": _turn(
            "org/fenmoor-parish/user/viv",
            "viv-s1",
            "Resident parking permits from you are £85 a year.",
            "2026-04-03T11:00:00Z",
        ),
        "expect": "none",
        "note": "org/fenmoor-parish is a different org, not covered by org/fenmoor",
    },
    {
        "id": "h11-scope-14",
        "category": "other_scope",
        "setup": [
            _doc(
                "org/cloudquill",
                "pricing.md",
                "# CloudQuill plans\n\n"
                "- Starter: 3 seats, 10 GB storage\n"
                "- Team: 25 seats, 1 TB storage",
            ),
        ],
        "probe": _turn(
            "org/nimbusly/team/finance",
            "finance-s1",
            "Your Starter plan includes 5 seats.",
            "2026-09-15T14:00:00Z",
        ),
        "expect": "none",
        "note": "team of another org talking about that org's Starter plan",
    },
]
